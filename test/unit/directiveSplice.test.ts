import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseThreeMd } from '../../server/src/core/threemd/parser';
import { analyzeThreeMd } from '../../server/src/core/agent/threemdAnalysis';
import { reparse } from '../../server/src/core/threemd/incremental';
import { AgentRule } from '../../server/src/core/agent/rules';
import type { TextEdit } from '../../server/src/core/types';
import type { LineageMemo } from '../../server/src/core/threemd/structure';
import '../../server/src/core/agent/memo';

/**
 * A directive added or removed keeps the whole-agent results (cycles, planes with findings, label
 * problems, identities, route assertions) and shifts their plane indexes, each only under its own
 * condition. Each step here breaks one of those conditions: dropping it makes the incremental
 * analysis differ from a fresh one.
 */
const at = (line: number) => ({ line, character: 0 });
const insert = (line: number, text: string): TextEdit => ({ range: { start: at(line), end: at(line) }, text });
const remove = (line: number, count: number): TextEdit => ({ range: { start: at(line), end: at(line + count) }, text: '' });

function run(lines: string[], steps: [string, TextEdit][], code: string): number[] {
  let doc = parseThreeMd(lines.join('\n'));
  analyzeThreeMd(doc, { fileName: 'agent.3md' });
  const counts: number[] = [];
  for (const [name, edit] of steps) {
    doc = reparse(doc, edit);
    const incremental = analyzeThreeMd(doc, { fileName: 'agent.3md' }).diagnostics;
    const fresh = analyzeThreeMd(parseThreeMd(doc.getText()), { fileName: 'agent.3md' }).diagnostics;
    assert.deepEqual(incremental, fresh, name);
    counts.push(incremental.filter((d) => d.code === code).length);
  }
  return counts;
}

const head = ['---', '3md: 1.0', 'title: t', 'tools: git', '---'];

test('a directive added closes a cycle through the new plane; removed, the cycle goes (incremental equals fresh)', () => {
  const lines = [
    ...head,
    '@plane z=0 kind=identity label="core"',
    'Core.',
    '@plane z=1 label="a" triggers="a"',
    'Needs [[z=5]].',
    '@plane z=3 label="b" triggers="b"',
    'Alone.',
    '',
  ];
  const counts = run(
    lines,
    [
      ['z=4, no links: no cycle', insert(9, '@plane z=4 label="c" triggers="c"\n')],
      ['z=5, named by a, links back to a', insert(9, '@plane z=5 label="d" triggers="d"\nNeeds [[z=1]].\n')],
      ['z=5 removed', remove(9, 2)],
    ],
    AgentRule.cycle,
  );
  assert.deepEqual(counts, [0, 1, 0]);
});

test('a directive removed makes the links that named its z dead; added again, they are live (incremental equals fresh)', () => {
  const lines = [
    ...head,
    '@plane z=0 kind=identity label="core"',
    'Core.',
    '@plane z=1 label="a" triggers="a"',
    'Needs [[z=6]].',
    '@plane z=6 label="f" triggers="f"',
    'Six.',
    '@plane z=3 label="b" triggers="b"',
    'B.',
    '',
  ];
  // The edits leave a's segment as it was: only the directives of z=6 and z=3 are made again.
  const counts = run(
    lines,
    [
      ['z=6 removed', remove(9, 2)],
      ['z=6 back', insert(9, '@plane z=6 label="f" triggers="f"\nSix.\n')],
    ],
    AgentRule.deadLink,
  );
  assert.deepEqual(counts, [1, 0]);
});

test('a directive added with a label another skill has, or removed, changes the label problems (incremental equals fresh)', () => {
  const lines = [...head, '@plane z=0 kind=identity label="core"', 'Core.', '@plane z=1 label="a" triggers="a"', 'A.', '@plane z=3 label="b" triggers="b"', 'B.', ''];
  const counts = run(
    lines,
    [
      ['a second "a"', insert(9, '@plane z=2 label="a" triggers="x"\n')],
      ['the first "a" removed', remove(7, 2)],
      ['the second "a" removed', remove(7, 1)],
      ['"b" again, after it', insert(9, '@plane z=9 label="b" triggers="y"\n')],
    ],
    AgentRule.uniqueSkill,
  );
  assert.deepEqual(counts, [1, 0, 0, 1]);
});

test('a directive added before the first plane of an agent without kind=identity makes that plane a skill (incremental equals fresh)', () => {
  const lines = [...head, '@plane z=1 label="first" tool="zzz run"', 'First.', '@plane z=2 label="b" triggers="b"', 'B.', ''];
  const counts = run(
    lines,
    [
      ['a plane before the first', insert(5, '@plane z=0 label="new" triggers="n"\n')],
      ['removed again', remove(5, 1)],
    ],
    AgentRule.undeclaredTool,
  );
  assert.deepEqual(counts, [1, 0]);
});

test('a directive added with kind=identity, or a route assertion, is seen at once (incremental equals fresh)', () => {
  const lines = [...head, '@plane z=0 kind=identity label="core"', 'Core.', '@plane z=1 label="search" triggers="grep"', 'A.', '@plane z=2 label="other" triggers="x"', 'B.', ''];
  assert.deepEqual(
    run(
      lines,
      [
        ['a second identity', insert(9, '@plane z=5 kind=identity label="id2"\n')],
        ['removed', remove(9, 1)],
      ],
      AgentRule.identity,
    ),
    [1, 0],
  );
  assert.deepEqual(
    run(
      lines,
      [
        ['a plane with a failing route assertion', insert(9, '@plane z=7 label="t" triggers="t"\nroute("grep the logs") selects other\n')],
        ['removed', remove(9, 2)],
      ],
      AgentRule.routeAssertion,
    ),
    [1, 0],
  );
});

test('the agent index is made by the first directive edit that reads it, not by opening or typing, and kept from then on (incremental equals fresh)', () => {
  const lines = [...head, '@plane z=0 kind=identity label="core"', 'Core.', '@plane z=1 label="a" triggers="a"', 'Needs [[z=2]].', ''];
  const hasIndex = (d: ReturnType<typeof parseThreeMd>) => (d.structure!.memo as LineageMemo).entries?.has('index') ?? false;
  let doc = parseThreeMd(lines.join('\n'));
  analyzeThreeMd(doc, { fileName: 'agent.3md' });
  assert.equal(hasIndex(doc), false, 'a first analysis makes no index');
  doc = reparse(doc, insert(8, 'More text.\n'));
  analyzeThreeMd(doc, { fileName: 'agent.3md' });
  assert.equal(hasIndex(doc), false, 'typing in a body makes no index');
  const steps: [string, TextEdit][] = [
    ['z=2 added: the dead link goes', insert(10, '@plane z=2 label="b" triggers="b"\nNeeds [[z=1]].\n')],
    ['z=3 added after it', insert(12, '@plane z=3 label="c" triggers="c"\n')],
    ['z=2 removed: the link is dead again', remove(10, 2)],
  ];
  const dead: number[] = [];
  for (const [name, edit] of steps) {
    doc = reparse(doc, edit);
    const incremental = analyzeThreeMd(doc, { fileName: 'agent.3md' }).diagnostics;
    assert.equal(hasIndex(doc), true, `${name}: the index is kept`);
    assert.deepEqual(incremental, analyzeThreeMd(parseThreeMd(doc.getText()), { fileName: 'agent.3md' }).diagnostics, name);
    dead.push(incremental.filter((d) => d.code === AgentRule.deadLink || d.code === AgentRule.cycle).length);
  }
  assert.deepEqual(dead, [1, 1, 1]);
});
