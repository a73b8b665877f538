/**
 * The command-fill enumeration, quick subset (`npm run test:shells` runs all of it): the 2,025
 * pairings of 45 quoting fragments around a placeholder and generated nestings, each filled with
 * hostile values (a few per template, every value over the set) and run in dash, bash, zsh,
 * interactive bash and zsh, and fish. No value may run; a filled value arrives exactly as the
 * harmless marker did, or the fill is refused.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ENUMERATION_VALUES, FRAGMENTS, generatedTemplates, pairedTemplates, runEnumeration } from '../helpers/fillEnumeration';
import { availableShells, shellsNamed } from '../helpers/shellRunners';

test('45 fragments give 2,025 pairings, every one a distinct template', () => {
  assert.equal(FRAGMENTS.length, 45);
  assert.equal(new Set(pairedTemplates()).size, 2025);
});

const runs: [string, string[], number, number][] = [
  ['dash, bash, zsh and fish', ['sh (dash)', 'bash', 'zsh', 'fish'], 3, 300],
  ['interactive bash and zsh', ['bash -i', 'zsh -i'], 1, 100],
];
for (const [name, names, perTemplate, generated] of runs) {
  test(`${name}: no value of the enumeration runs, and every filled one arrives exactly`, (t) => {
    const { shells, missing } = availableShells(shellsNamed(...names));
    if (missing) t.diagnostic(missing);
    if (!shells.length) return t.skip(missing!);
    for (const templates of [pairedTemplates(), generatedTemplates(generated, 7)]) {
      // A few values per template, rotating, so that every value meets every fragment over the set.
      const r = runEnumeration(templates, ENUMERATION_VALUES, shells, { perTemplate });
      assert.deepEqual(r.ran, []);
      assert.deepEqual(r.wrong, []);
      assert.ok(r.run > templates.length / 2, `${r.run} values run`);
    }
  });
}
