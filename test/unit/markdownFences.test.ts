// Code fences never closed in SKILL.md bodies and instruction files: reported where they swallow text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeSkill } from '../../server/src/core/skills';
import { analyzeInstructions } from '../../server/src/core/instructions';
import { InMemoryHost } from '../../server/src/core/workspace/host';
import type { Diagnostic } from '../../server/src/core/types';
import { joinLines } from '../helpers/markers';

const WS = 'file:///ws';

function skill(dir: string, body: string): Diagnostic[] {
  const name = dir.split('/').pop()!;
  const text = `---\nname: ${name}\ndescription: Does ${name} work. Use when ${name} is asked for.\n---\n${body}`;
  return analyzeSkill(text, `${WS}/${dir}/SKILL.md`, new InMemoryHost()).diagnostics;
}

const instructions = (path: string, text: string) => analyzeInstructions(text, `${WS}/${path}`, new InMemoryHost()).diagnostics;
const brief = (ds: Diagnostic[]) => ds.map((d) => [d.code, d.severity]);

test('a code fence never closed is reported where it swallows text, with the nesting that caused it; at the end of a file or a list item it swallows nothing', () => {
  const nested = joinLines('Example:', '```markdown', '# Title', '```bash', 'run', '```', 'More prose', '```', '', '## Next', 'Text');
  const ds = skill('skills/fences', nested);
  assert.deepEqual(brief(ds), [['skill-fence-unclosed', 'warning']]);
  assert.equal(ds[0]!.range.start.line, 11);
  assert.equal(
    ds[0]!.message,
    'This code fence is never closed: the 2 lines of text after it are read as code, by agents and in every Markdown view. The block opened on line 6 holds a fenced block of its own, whose closing fence on line 10 closed the outer block, and this fence opened a new one: fence the outer block with more backquotes than any fence inside it',
  );
  const atEnd = joinLines('Text', '```', '', '  ');
  assert.deepEqual(skill('skills/fences', atEnd), []);
  assert.deepEqual(instructions('AGENTS.md', atEnd), []);
  const inItem = joinLines('1. Step one:', '   ```bash', '   run it', '', '## After', 'Text');
  assert.deepEqual(skill('skills/fences', inItem), []);
});

test('a fence line indented four columns more than the opening fence is text of the block, as CommonMark has it; in a list item the fences close at their own indentation', () => {
  // A prompt quoted in a block, itself indented, that shows a fenced example.
  const quoted = joinLines('```', 'Use the tool:', '  - prompt:', '    ## Spec', '    ```yaml', '    {spec}', '    ```', '```', '', '## Next', 'Text');
  assert.deepEqual(skill('skills/fences', quoted), []);
  assert.deepEqual(instructions('AGENTS.md', quoted), []);
  // The same fence lines three columns in close the block: the last fence then opens one that swallows the rest.
  const closing = joinLines('```', 'Use the tool:', '   ```yaml', '   {spec}', '   ```', '```', '', '## Next', 'Text');
  assert.deepEqual(brief(skill('skills/fences', closing)), [['skill-fence-unclosed', 'warning']]);
  const inItem = joinLines('1. Step one:', '    ```bash', '    run it', '    ```', '', '## After', 'Text');
  assert.deepEqual(skill('skills/fences', inItem), []);
});

test('an example indented four columns after a blank line is an indented code block, as CommonMark has it: its links are no links and its fences no fences; in a list the same indent is the item’s text', () => {
  const example = joinLines(
    'The example below is indented so that it can hold fences:',
    '',
    '    ---',
    '    name: example',
    '    ---',
    '',
    '    ```bash',
    '    python run.py',
    '',
    '    - [Rules](references/rules.md)',
    '',
    'Back to prose: [Guide](references/guide.md).',
  );
  const ds = skill('skills/authoring', example);
  // Only the link outside the example is one; the fence inside it opens nothing.
  assert.deepEqual(
    ds.filter((d) => d.severity !== 'information').map((d) => [d.code, d.range.start.line]),
    [['skill-file-missing', 15]],
  );
  // Four columns inside a list item are the item's text: the link is one.
  const list = joinLines('- Step one', '', '    See [Rules](references/rules.md).');
  assert.deepEqual(
    skill('skills/authoring', list).map((d) => [d.code, d.severity]),
    [['skill-file-missing', 'warning']],
  );
  // A paragraph's continuation line is never code, however far it is indented.
  const lazy = joinLines('Text that goes on', '    with [Rules](references/rules.md).');
  assert.deepEqual(
    skill('skills/authoring', lazy).map((d) => d.code),
    ['skill-file-missing'],
  );
  // Nor does an import inside one reach Claude Code.
  assert.deepEqual(
    instructions('CLAUDE.md', joinLines('# Project', '', '    @docs/missing.md', '', 'See @docs/gone.md')).map((d) => [d.code, d.range.start.line]),
    [['instructions-import-missing', 4]],
  );
});

test('links a nested fence left outside its example block are advice saying so; links before the example and after its intended close are checked as before', () => {
  const body = joinLines(
    'See [the guide](missing-guide.md).',
    '',
    '## Sample README',
    '```markdown',
    '# filesort',
    '```bash',
    'npm i filesort',
    '```',
    'See [CONTRIBUTING.md](CONTRIBUTING.md).',
    '```',
    '```',
    '',
    'And [the notes](missing-notes.md).',
  );
  const brief3 = (ds: Diagnostic[]) => ds.map((d) => [d.code, d.severity, d.range.start.line]);
  const ds = skill('skills/readme-writer', body);
  assert.deepEqual(
    brief3(ds).filter(([c]) => c !== 'skill-fence-unclosed'),
    [
      ['skill-file-missing', 'warning', 4],
      ['skill-file-missing', 'information', 12],
      ['skill-file-missing', 'warning', 16],
    ],
  );
  assert.match(
    ds.find((d) => d.range.start.line === 12)!.message,
    /sits after line 12, where the closing fence of a block nested in the example opened on line 8 closed that example early/,
  );
  const inInstructions = instructions('AGENTS.md', body);
  assert.deepEqual(
    brief3(inInstructions).filter(([c]) => c === 'instructions-link-missing'),
    [
      ['instructions-link-missing', 'warning', 0],
      ['instructions-link-missing', 'information', 8],
      ['instructions-link-missing', 'warning', 12],
    ],
  );
  // A block fenced with more backquotes than the one inside it closes where it should: nothing is stranded.
  const proper = joinLines('````markdown', '```bash', 'x', '```', '````', 'See [CONTRIBUTING.md](CONTRIBUTING.md).', '```', 'y', '```');
  assert.deepEqual(brief(instructions('AGENTS.md', proper)), [['instructions-link-missing', 'warning']]);
});
