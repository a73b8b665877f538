/**
 * The command-fill attack matrix against real shells (quick subset; `npm run fuzz` runs it with
 * thousands of generated values): every supported template shape filled with every hostile value
 * gives `rec` exactly the expected argv, or is refused; a value never runs as code. dash, bash,
 * zsh, interactive bash and zsh, and fish; under CI a missing shell fails the run (.ci/run
 * installs them), elsewhere its cases are skipped with a message.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hostileValues } from '../helpers/hostileValues';
import { runMatrix, SHAPES } from '../helpers/shellMatrix';
import { availableShells, shellsNamed } from '../helpers/shellRunners';

const values = hostileValues(20);
// Every third value keeps the slower runs short; `npm run fuzz` runs them all.
const someValues = values.filter((v, i) => i % 3 === 0 || /[\u0000-\u001f]/.test(v));

test('at least 150 hostile values and every shape are tried', () => {
  assert.ok(values.length >= 150, `${values.length} values`);
  assert.ok(SHAPES.filter((s) => s.argv).length >= 30 && SHAPES.filter((s) => !s.argv).length >= 50);
});

const cases: [string, string[], readonly string[], number][] = [
  ['sh (dash), bash and zsh: every filled value reaches the program as exactly the expected argv, and none runs as code', ['sh (dash)', 'bash', 'zsh'], values, 10_000],
  ['bash -i and zsh -i (a terminal): typed commands keep their argv; values with control characters are refused', ['bash -i', 'zsh -i'], someValues, 2_000],
  ['fish: each value is quoted for fish, arrives exactly as the marker did, and never runs as code', ['fish'], someValues, 1_000],
];
for (const [name, shells, vs, least] of cases) {
  test(name, (t) => {
    const { shells: available, missing } = availableShells(shellsNamed(...shells));
    if (missing) t.diagnostic(missing);
    if (!available.length) return t.skip(missing!);
    const r = runMatrix(vs, { shells: available });
    assert.deepEqual(r.failures, []);
    assert.ok(r.executed > (least * available.length) / shells.length, `${r.executed} commands run`);
  });
}

test('with options allowed, option-looking values still arrive as one literal word', () => {
  const optionValues = values.filter((v) => v.startsWith('-'));
  assert.ok(optionValues.length >= 8);
  const r = runMatrix(optionValues, { shells: shellsNamed('sh (dash)'), allowOptions: true });
  assert.deepEqual(r.failures, []);
});
