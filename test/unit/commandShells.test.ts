/**
 * The command-fill attack matrix against real shells (quick subset; `npm run fuzz` runs it with
 * thousands of generated values): every supported template shape filled with every hostile value
 * gives `rec` exactly the expected argv, or is refused; a value never runs as code.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hostileValues } from '../helpers/hostileValues';
import { runMatrix, SHAPES, SHELLS } from '../helpers/shellMatrix';

const values = hostileValues(20);
const byName = (n: string) => SHELLS.filter((s) => s.name === n);

test('at least 150 hostile values and every shape are tried', () => {
  assert.ok(values.length >= 150, `${values.length} values`);
  assert.ok(SHAPES.filter((s) => s.argv).length >= 20 && SHAPES.filter((s) => !s.argv).length >= 20);
});

for (const shell of ['sh (dash)', 'bash']) {
  test(`${shell}: every filled value reaches the program as exactly the expected argv, and none runs as code`, () => {
    const r = runMatrix(values, { shells: byName(shell) });
    assert.deepEqual(r.failures, []);
    assert.ok(r.executed > 3000, `${r.executed} commands run`);
  });
}

test('bash -i (a terminal): typed commands keep their argv; values with control characters are refused', () => {
  // Every third value keeps this run short; `npm run fuzz` runs them all.
  const r = runMatrix(
    values.filter((v, i) => i % 3 === 0 || /[\u0000-\u001f]/.test(v)),
    { shells: byName('bash -i') },
  );
  assert.deepEqual(r.failures, []);
  assert.ok(r.executed > 1000, `${r.executed} commands run`);
});

test('with options allowed, option-looking values still arrive as one literal word', () => {
  const optionValues = values.filter((v) => v.startsWith('-'));
  assert.ok(optionValues.length >= 8);
  const r = runMatrix(optionValues, { shells: byName('sh (dash)'), allowOptions: true });
  assert.deepEqual(r.failures, []);
});
