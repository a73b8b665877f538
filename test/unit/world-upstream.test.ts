import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { analyzeWorld } from '../../server/src/core/world';
import { InMemoryHost } from '../../server/src/core/host';

const URI = 'file:///ws/.agent-world/world.json';

function world(n: number, edges: [number, number][], requires: [number, number][], extra: Record<string, string[]> = {}): string {
  const nodes: Record<string, unknown> = {};
  const agents: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) {
    nodes[`n${i}`] = { agent: `a${i}`, requires: requires.filter(([a]) => a === i).map(([, b]) => `n${b}`) };
    agents[`a${i}`] = { role: 'r', promptPath: `prompts/a${i}.md` };
  }
  const e: Record<string, string[]> = { ...extra };
  for (const [a, b] of edges) (e[`n${a}`] ??= []).push(`n${b}`);
  return JSON.stringify({ world: { id: 'w', name: 'w' }, workflow: { type: 'sequential-pipeline', entry: 'n0', nodes, edges: e }, agents });
}

/** The join findings by brute force: a search back from each node with a join. */
function expectedJoins(n: number, edges: [number, number][], requires: [number, number][]): string[] {
  const reached = new Set([0]);
  for (let changed = true; changed;) {
    changed = false;
    for (const [a, b] of edges) {
      if (reached.has(a) && !reached.has(b)) {
        reached.add(b);
        changed = true;
      }
    }
  }
  const upstream = (to: number) => {
    const s = new Set([to]);
    for (let changed = true; changed;) {
      changed = false;
      for (const [a, b] of edges) {
        if (s.has(b) && !s.has(a)) {
          s.add(a);
          changed = true;
        }
      }
    }
    s.delete(to);
    return s;
  };
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    if (!reached.has(i)) continue;
    for (const [a, r] of requires) {
      if (a !== i) continue;
      if (r === i || !reached.has(r)) out.push(`n${i} requires n${r}: never`);
      else if (!upstream(i).has(r)) out.push(`n${i} requires n${r}: not upstream`);
    }
  }
  return out;
}

const joins = (text: string) =>
  analyzeWorld(text, URI, new InMemoryHost())
    .diagnostics.filter((d) => d.code === 'world-unreachable-join')
    .map((d) => {
      const m = /^workflow\.nodes\.(\w+)\.requires "(\w+)" (can never|is not upstream)/.exec(d.message)!;
      return `${m[1]} requires ${m[2]}: ${m[3] === 'can never' ? 'never' : 'not upstream'}`;
    });

test('world-unreachable-join: "not upstream" equals a search back from each join, on random graphs', () => {
  const pair = (n: number) => fc.tuple(fc.nat(n - 1), fc.nat(n - 1));
  fc.assert(
    fc.property(
      fc
        .integer({ min: 1, max: 8 })
        .chain((n) =>
          fc.tuple(
            fc.constant(n),
            fc.uniqueArray(pair(n), { maxLength: 14, selector: ([a, b]) => `${a},${b}` }),
            fc.uniqueArray(pair(n), { maxLength: 8, selector: ([a, b]) => `${a},${b}` }),
          ),
        ),
      ([n, edges, requires]) => {
        assert.deepEqual(joins(world(n, edges, requires)), expectedJoins(n, edges, requires));
      },
    ),
    { numRuns: 500 },
  );
});

test('world-unreachable-join: an edge through a node that is not declared still orders the two nodes', () => {
  assert.deepEqual(joins(world(3, [[0, 1]], [[2, 1]], { n1: ['ghost'], ghost: ['n2'] })), []);
});

test('a world whose 30,000 nodes form one cycle, each requiring the one before, is checked at once', { timeout: 15_000 }, () => {
  const n = 30_000;
  const edges: [number, number][] = Array.from({ length: n }, (_, i) => [i, (i + 1) % n]);
  const requires: [number, number][] = Array.from({ length: n }, (_, i) => [i, (i + n - 1) % n]);
  assert.deepEqual(joins(world(n, edges, requires)), []);
});
