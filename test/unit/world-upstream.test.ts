import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { joins, world } from '../helpers/worldGraphs';
import { runs } from '../helpers/runs';

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
    { numRuns: runs(500) },
  );
});

test('world-unreachable-join: an edge through a node that is not declared still orders the two nodes', () => {
  assert.deepEqual(joins(world(3, [[0, 1]], [[2, 1]], { n1: ['ghost'], ghost: ['n2'] })), []);
});
