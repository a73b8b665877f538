import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { joinLines } from '../helpers/markers';
import { explainRule, ruleSection } from '../../server/src/core/rules/ruleDoc';
import { RULES } from '../../server/src/core/rules';

const DOC = joinLines(
  '# Rules',
  '## first-rule',
  'Severity: error.',
  '```markdown',
  '# Title        <- a heading inside an example',
  '## not-a-section',
  '```',
  'After the example.',
  '',
  '## second-rule',
  'Severity: warning.',
  '# Next part',
  '## third rule heading',
);

test("a rule's section runs from its heading to the next heading of level 1 or 2 outside a code block", () => {
  assert.equal(
    ruleSection(DOC, 'first-rule'),
    joinLines('## first-rule', 'Severity: error.', '```markdown', '# Title        <- a heading inside an example', '## not-a-section', '```', 'After the example.'),
  );
  assert.equal(ruleSection(DOC, 'second-rule'), joinLines('## second-rule', 'Severity: warning.'));
});

test('a code with no section, or a heading inside a code block, finds nothing', () => {
  assert.equal(ruleSection(DOC, 'not-a-section'), undefined);
  assert.equal(ruleSection(DOC, 'missing'), undefined);
});

test('explaining a code: its section, a near code for a typo, and where to read when the documentation is absent', () => {
  const doc = readFileSync(resolve(__dirname, '../../docs/rules.md'), 'utf8');
  const r = explainRule(doc, 'skill-file-missing', 'https://x/rules.md');
  assert.ok('text' in r && r.text.startsWith('## skill-file-missing\n'));
  assert.deepEqual(explainRule(doc, 'skil-file-missing', 'https://x/rules.md'), {
    error: "no rule 'skil-file-missing' (did you mean 'skill-file-missing'?); every rule is listed in https://x/rules.md",
  });
  assert.deepEqual(explainRule(undefined, 'skill-file-missing', 'https://x/rules.md'), {
    error: 'the rule documentation is not installed with this copy; read https://x/rules.md#skill-file-missing',
  });
});

test('every rule of the registries has a section in docs/rules.md that this reads', () => {
  const doc = readFileSync(resolve(__dirname, '../../docs/rules.md'), 'utf8');
  const missing = RULES.filter((r) => !ruleSection(doc, r.code)?.startsWith(`## ${r.code}\n`)).map((r) => r.code);
  assert.deepEqual(missing, []);
});
