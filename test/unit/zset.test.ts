/** The z set a structure keeps (server/src/core/threemd/zset.ts) answers as a Set of the same values would. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { zSetOf } from '../../server/src/core/threemd/zset';

const z = fc.oneof(
  fc.integer({ min: 0, max: 300 }),
  fc.integer({ min: -5, max: 5 }),
  fc.constantFrom(-0, 0.5, 2 ** 20 - 1, 2 ** 20, 2 ** 31, 1e21, -1.25),
  fc.double({ noNaN: true }),
);

test('a z set answers has, size, iteration order and each add as a Set of the same values', () => {
  fc.assert(
    fc.property(fc.array(z, { maxLength: 60 }), fc.array(z, { maxLength: 20 }), (values, probes) => {
      const set = new Set<number>();
      const added: boolean[] = [];
      const zs = zSetOf((add) => {
        for (const v of values) added.push(add(v));
      });
      const expected = values.map((v) => (set.has(v) ? false : (set.add(v), true)));
      assert.deepEqual(added, expected);
      assert.equal(zs.size, set.size);
      assert.deepEqual([...zs], [...set]);
      for (const p of [...values, ...probes]) assert.equal(zs.has(p), set.has(p), String(p));
    }),
    { numRuns: 2000 },
  );
});

test('two z sets, or a z set and a Set, are the same when they hold the same values, in any order', () => {
  fc.assert(
    // Half the time the second holds the first's values, in another order and with repeats: independent arrays are almost never the same set.
    fc.property(fc.array(z, { maxLength: 40 }), fc.array(z, { maxLength: 40 }), fc.boolean(), (a, other, sameValues) => {
      const b = sameValues ? [...a, ...a.slice(0, 3)].reverse() : other;
      const za = zSetOf((add) => a.forEach((v) => add(v)));
      const zb = zSetOf((add) => [...b].reverse().forEach((v) => add(v)));
      const same = new Set(a).size === new Set(b).size && a.every((v) => new Set(b).has(v));
      assert.equal(za.sameAs(zb), same);
      assert.equal(za.sameAs(new Set(b)), same);
    }),
    { numRuns: 2000 },
  );
});
