// Links to files a skill tells the agent to make (core/skills/madeFiles.ts): the file is the skill's
// output, so its absence beside the skill is advice, not a broken link.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeSkill } from '../../server/src/core/skills/analyze';
import { notYetWritten, notYetWrittenLines } from '../../server/src/core/skills/madeFiles';
import { InMemoryHost } from '../../server/src/core/workspace/host';

const URI = 'file:///ws/.claude/skills/graph-builder/SKILL.md';
const skill = (body: string) => `---\nname: graph-builder\ndescription: Builds a learning graph. Use when a course needs one.\n---\n${body}`;
const missing = (body: string) => {
  const text = skill(body);
  return analyzeSkill(text, URI, new InMemoryHost({ [URI]: text }))
    .diagnostics.filter((d) => d.code === 'skill-file-missing')
    .map((d) => [d.range.start.line, d.severity]);
};

test('a link to a file the skill says to save, write or name as its output is advice, not a missing file', () => {
  const body = [
    'Save this report to [assessment.md](./assessment.md)',
    '- Save the numbered list to [concept-list.md](./concept-list.md)',
    '- Filename: [learning-graph.csv](./learning-graph.csv)',
    'Verify the report has been written to [quality.md](./quality.md)',
    'See [the guide](./guide.md) for the format.',
  ].join('\n');
  assert.deepEqual(missing(body), [
    [4, 'information'],
    [5, 'information'],
    [6, 'information'],
    [7, 'information'],
    [8, 'warning'],
  ]);
});

test('a list under a label of files made ("**Files created:**") names outputs; a list under another label names files to read', () => {
  const body = [
    '**Files created:**',
    '- [metadata.json](./metadata.json) - the metadata',
    '',
    '- [index.md](./index.md) - the intro',
    '',
    '**References:**',
    '- [style.md](./style.md)',
  ].join('\n');
  assert.deepEqual(missing(body), [
    [5, 'information'],
    [7, 'information'],
    [10, 'warning'],
  ]);
});

test('a link the line marks as not written yet ("(TODO)", "（作成推奨）", creation recommended) is advice that says so; a TODO elsewhere is not such a mark', () => {
  const body = [
    '- [evaluations/evals.json](evaluations/evals.json) — テストケース（作成推奨）',
    '- [advanced.md](./advanced.md) (TODO: write the advanced guide)',
    '- [faq.md](./faq.md) (coming soon)',
    '- [api.md](./api.md): the API; TODO list in [todo.md](./todo.md)',
  ].join('\n');
  assert.deepEqual(missing(body), [
    [4, 'information'],
    [5, 'information'],
    [6, 'information'],
    [7, 'warning'],
    [7, 'warning'],
  ]);
  const text = skill(body);
  const first = analyzeSkill(text, URI, new InMemoryHost({ [URI]: text })).diagnostics.find((d) => d.code === 'skill-file-missing')!;
  assert.match(first.message, /\(the line marks it as not written yet: the agent finds nothing there until it is\) \(Claude Code\)$/);
});

test('a verb of making far from the link, or a link read before writing, is not an output', () => {
  const lines = [
    'Write tests first, then read [testing.md](./testing.md).',
    'Use [template.md](./template.md) to write the report.',
    'The package exports are defined in [`src/index.ts`](src/index.ts):',
  ];
  for (let l = 0; l < lines.length; l++)
    assert.equal(
      notYetWritten(l, (n) => lines[n] ?? ''),
      undefined,
      lines[l],
    );
});

test('each line is read once for all the links on it: a line of thousands of links is not read again per link', () => {
  const lines = ['- Save the list to [a.md](./a.md)', '[x](m.md) '.repeat(5000)];
  let reads = 0;
  const at = notYetWrittenLines((l) => {
    reads++;
    return lines[l] ?? '';
  });
  for (let i = 0; i < 5000; i++) assert.equal(at(1), undefined);
  assert.equal(at(0), 'made');
  assert.equal(at(0), 'made');
  assert.ok(reads <= 3, `lines read ${reads} times`);
});
