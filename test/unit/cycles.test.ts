import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { CYCLE_SHOWN, findCycles } from '../../server/src/core/agent/cycles';
import { dependencyGraph } from '../../server/src/core/agent/dependencyGraph';
import { parseThreeMd } from '../../server/src/core/threemd/parser';
import { analyzeThreeMd } from '../../server/src/core/agent/threemdAnalysis';
import { reparse } from '../../server/src/core/threemd/incremental';
import { allToAll, manySelfLinks, ring } from '../../scripts/genHostile';

/** The reference's search: three colours, roots in order, links in order; every back edge as [source, link]. */
function backEdges(targets: number[][], index: Map<number, number>): [number, number][] {
  const colour = new Uint8Array(targets.length);
  const out: [number, number][] = [];
  const visit = (v: number) => {
    colour[v] = 1;
    targets[v]!.forEach((z, k) => {
      const w = index.get(z);
      if (w === undefined) return;
      if (colour[w] === 1) out.push([v, k]);
      else if (colour[w] === 0) visit(w);
    });
    colour[v] = 2;
  };
  for (let r = 0; r < targets.length; r++) if (!colour[r]) visit(r);
  return out;
}

/** Which planes reach which, by brute force. */
function reaches(targets: number[][], index: Map<number, number>): boolean[][] {
  const n = targets.length;
  return Array.from({ length: n }, (_, s) => {
    const seen = new Array<boolean>(n).fill(false);
    const stack = [s];
    while (stack.length) {
      for (const z of targets[stack.pop()!]!) {
        const w = index.get(z);
        if (w !== undefined && !seen[w]) {
          seen[w] = true;
          stack.push(w);
        }
      }
    }
    return seen;
  });
}

const graphs = fc.integer({ min: 1, max: 9 }).chain((n) =>
  fc.record({
    zs: fc.array(fc.integer({ min: 0, max: 11 }), { minLength: n, maxLength: n }),
    targets: fc.array(fc.array(fc.integer({ min: 0, max: 12 }), { maxLength: 4 }), { minLength: n, maxLength: n }),
  }),
);

test("findCycles: one entry per strongly connected component with a cycle, its first closing link the reference search's", () => {
  fc.assert(
    fc.property(graphs, ({ zs, targets }) => {
      const index = new Map<number, number>();
      zs.forEach((z, i) => index.set(z, i));
      const cycles = findCycles(targets, index);
      const back = backEdges(targets, index);
      const reach = reaches(targets, index);
      const same = (a: number, b: number) => a === b || (reach[a]![b]! && reach[b]![a]!);
      // Components with a cycle: a plane that reaches itself.
      const cyclic = zs.map((_, i) => reach[i]![i]!);
      const components = new Set(zs.map((_, i) => (cyclic[i] ? zs.findIndex((_, j) => same(i, j)) : -1)).filter((c) => c >= 0));
      assert.equal(cycles.length, components.size);
      assert.equal(cycles.length === 0, back.length === 0);
      // In the order their first back edge was found, and on that edge.
      const firsts = back.filter(([v], k) => !back.slice(0, k).some(([u]) => same(u, v)));
      assert.deepEqual(
        cycles.map((c) => [c.source, c.dep]),
        firsts,
      );
      for (const c of cycles) {
        const members = zs.map((_, i) => i).filter((i) => same(i, c.source));
        assert.equal(c.size, members.length);
        // The chain is a cycle: each plane links to the next, the source back to the first.
        assert.equal(c.chain.length, Math.min(c.length, CYCLE_SHOWN + 1));
        assert.equal(index.get(targets[c.source]![c.dep]!), c.chain[0]);
        assert.equal(c.chain[c.chain.length - 1], c.source);
        c.chain.forEach((v, i) => i && assert.ok(targets[c.chain[i - 1]!]!.some((z) => index.get(z) === v)));
        assert.deepEqual(
          c.others,
          members.filter((i) => !c.chain.includes(i)),
        );
      }
    }),
    { numRuns: 2000 },
  );
});

const agent = (text: string) => analyzeThreeMd(parseThreeMd(text), { fileName: 'agent.3md' });
const cyclesOf = (text: string) => agent(text).diagnostics.filter((d) => d.code === 'cycle');

test('cycle: 200 planes each linking to all others are one cycle diagnostic with a bounded list of planes', { timeout: 15_000 }, () => {
  const d = cyclesOf(allToAll(200));
  assert.equal(d.length, 1);
  assert.equal(d[0]!.message, 'dependency cycle detected (involving plane z=0)');
  assert.deepEqual(
    d[0]!.related!.map((r) => r.message),
    [
      'z=0 "core" depends on z=1',
      'z=1 "s1" depends on z=0',
      `198 more planes in a cycle with these (each reaches every other): ${Array.from({ length: 20 }, (_, i) => `z=${i + 2}`).join(', ')} and 178 more`,
    ],
  );
});

test('cycle: 1,000 planes each linking to all others are checked without running out of memory', { timeout: 60_000 }, () => {
  const d = cyclesOf(allToAll(1000));
  assert.equal(d.length, 1);
  assert.equal(d[0]!.related!.length, 3);
});

test('cycle: 200,000 self-links in one plane are one diagnostic', { timeout: 15_000 }, () => {
  const d = cyclesOf(manySelfLinks(200_000));
  assert.equal(d.length, 1);
  assert.deepEqual(
    d[0]!.related!.map((r) => r.message),
    ['z=1 "s" depends on z=1'],
  );
  assert.deepEqual(d[0]!.range.start, { line: 10, character: 0 }, 'on the first self-link');
});

test('cycle: a 200,000-plane ring lists its first 20 steps and counts the rest', { timeout: 15_000 }, () => {
  const d = cyclesOf(ring(200_000));
  assert.equal(d.length, 1);
  assert.equal(d[0]!.related!.length, CYCLE_SHOWN + 1);
  assert.equal(d[0]!.related![0]!.message, 'z=0 "core" depends on z=1');
  assert.equal(d[0]!.related![CYCLE_SHOWN]!.message, '… and 199980 more planes on this cycle (200000 in all), back to z=0');
});

test('cycle: separate cycles are reported separately, each once', () => {
  const text = [
    '---',
    '3md: 1.0',
    'title: T',
    '---',
    '@plane z=0 kind=identity',
    '@plane z=1 label="a" triggers="a"',
    '[[z=2]] [[z=3]]',
    '@plane z=2 label="b" triggers="b"',
    '[[z=1]] [[z=3]]',
    '@plane z=3 label="c" triggers="c"',
    '[[z=1]] [[z=2]]',
    '@plane z=4 label="d" triggers="d"',
    '[[z=4]] [[z=4]]',
  ].join('\n');
  assert.deepEqual(
    cyclesOf(text).map((d) => [d.message, d.related!.map((r) => r.message)]),
    [
      [
        'dependency cycle detected (involving plane z=1)',
        ['z=1 "a" depends on z=2', 'z=2 "b" depends on z=1', '1 more plane in a cycle with these (each reaches every other): z=3'],
      ],
      ['dependency cycle detected (involving plane z=4)', ['z=4 "d" depends on z=4']],
    ],
  );
});

test('renumbering a plane re-reads the graph exactly when a link names its old or new z (incremental equals fresh)', () => {
  const lines = [
    '---',
    '3md: 1.0',
    'title: t',
    '---',
    '@plane z=0 kind=identity label="core"',
    'Core.',
    '@plane z=1 label="a" triggers="a"',
    'Needs [[z=5]] and [[z=7]].',
    '@plane z=3 label="b" triggers="b"',
    'Needs [[z=1]].',
    '@plane z=4 label="c" triggers="c"',
    'Alone.',
    '',
  ];
  const zAt = (line: number) => ({ start: { line, character: 9 }, end: { line, character: 10 } });
  // b: 3 → 5 (named by a dead link of a: a cycle appears), 5 → 6 (named by none: it goes), c: 4 → 8 → 7 (unnamed, then named: a → c).
  const steps: [number, string][] = [
    [8, '5'],
    [8, '6'],
    [10, '8'],
    [10, '7'],
    [8, '1'],
  ];
  let doc = parseThreeMd(lines.join('\n'));
  analyzeThreeMd(doc, { fileName: 'agent.3md' });
  const seen: number[] = [];
  for (const [line, z] of steps) {
    doc = reparse(doc, { range: zAt(line), text: z });
    const incremental = analyzeThreeMd(doc, { fileName: 'agent.3md' }).diagnostics;
    const fresh = analyzeThreeMd(parseThreeMd(doc.getText()), { fileName: 'agent.3md' }).diagnostics;
    assert.deepEqual(incremental, fresh, `after z=${z} on line ${line}`);
    seen.push(incremental.filter((d) => d.code === 'cycle').length);
  }
  // The cycle a → b appears with b at 5, goes with b at 6; c at 7 is a dependency, not a cycle; b at 1 duplicates a.
  assert.deepEqual(seen.slice(0, 4), [1, 0, 0, 0]);
});

test("the dependency graph finds the cycles a Map of each z's plane gives, whatever the z values (duplicates, negative, fractional, large)", () => {
  const z = fc.oneof(fc.integer({ min: 0, max: 12 }), fc.constantFrom(-1, -0, 0.5, 2 ** 20, 1e9));
  fc.assert(
    fc.property(fc.array(fc.tuple(z, fc.array(z, { maxLength: 4 })), { maxLength: 14 }), (planes) => {
      const zs = planes.map(([p]) => p);
      const targets = planes.map(([, t]) => t);
      const index = new Map<number, number>();
      zs.forEach((v, i) => index.set(v, i));
      const expected = targets.some((t) => t.length > 0) ? findCycles(targets, index) : [];
      assert.deepEqual(dependencyGraph(zs, targets).edges, expected);
    }),
    { numRuns: 3000 },
  );
});
