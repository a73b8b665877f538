import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeSkill } from '../../server/src/core/skills';
import { InMemoryHost } from '../../server/src/core/workspace/host';
import { ranges } from '../helpers/markers';

const DIR = 'file:///ws/skills/pdf';
const analyze = (text: string, files: Record<string, string>) =>
  analyzeSkill(text, `${DIR}/SKILL.md`, new InMemoryHost(Object.fromEntries(Object.entries(files).map(([k, v]) => [`${DIR}/${k}`, v]))), { descriptionHeuristic: false })
    .diagnostics;

test('S28: a referenced file that links on to further files is reported on the reference (keep one level deep)', () => {
  const { text, ranges: r } = ranges('---\nname: pdf\ndescription: Fills PDF forms. Use when a form is given.\n---\nSee [forms](«references/forms.md») first.\n');
  const d = analyze(text, { 'references/forms.md': '# Forms\nDetails in [fields](fields.md) and [api](https://example.com).\n', 'references/fields.md': '# Fields\n' });
  assert.deepEqual(
    d.map((x) => [x.code, x.severity, x.message, x.range]),
    [['skill-reference-deep', 'information', "'references/forms.md' links on to 'fields.md'; keep file references one level deep from SKILL.md", r[0]]],
  );
});

test('S28: references that link nowhere further, or only to web pages, are fine', () => {
  const text = '---\nname: pdf\ndescription: Fills PDF forms. Use when a form is given.\n---\nSee [forms](references/forms.md) and [top](#top).\n# Top\n';
  assert.deepEqual(analyze(text, { 'references/forms.md': '# Forms\nSee [the spec](https://example.com/spec) and [below](#forms).\n' }), []);
});

test("a referenced file that links back to the skill's own SKILL.md leads no deeper; another file it links to still does", () => {
  const text = '---\nname: pdf\ndescription: Fills PDF forms. Use when a form is given.\n---\nSee [forms](references/forms.md) and [run](run.md).\n';
  const files = {
    'references/forms.md': '# Forms\nBack to [the overview](../SKILL.md#usage).\n',
    'run.md': '# Run\nSee [SKILL.md](SKILL.md), then [fields](references/fields.md).\n',
    'references/fields.md': '# Fields\n',
  };
  assert.deepEqual(
    analyze(text, files).map((x) => [x.code, x.message]),
    [['skill-reference-deep', "'run.md' links on to 'references/fields.md'; keep file references one level deep from SKILL.md"]],
  );
});
