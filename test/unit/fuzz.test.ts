/**
 * Property-based tests over every parser (short budget; `npm run fuzz` runs the same properties
 * for longer with fresh seeds). Saved failing inputs under test/fixtures/fuzz-regressions/ are
 * replayed first.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { assertInside, corpus, loadRegressions, mutate, properties } from '../helpers/fuzzInputs';
import { runs } from '../helpers/runs';

const props = properties();
const byName = new Map(props.map((p) => [p.name, p]));

for (const { file, regression } of loadRegressions()) {
  const p = byName.get(regression.property);
  test(`fuzz regression ${file} (${regression.property}) holds`, regression.todo ? { todo: regression.todo } : {}, () => {
    assert.ok(p, `unknown property ${regression.property}`);
    p.check(regression.input);
  });
}

for (const p of props) {
  test(`fuzz ${p.name}: ${p.title}`, () => {
    fc.assert(
      fc.property(p.arbitrary, (input) => p.check(input)),
      { numRuns: runs(p.numRuns) },
    );
  });
}

test('the fuzz corpus holds real fixtures of every format', () => {
  const c = corpus();
  for (const kind of ['3md', 'skill', 'agent-md', 'world', 'world-prompt', 'world-eval', 'yaml'] as const) {
    assert.ok(c[kind].length > 0, `no ${kind} fixtures`);
  }
});

test('mutations wrap their offsets into the text', () => {
  assert.equal(mutate('abc', [{ op: 'insert', at: 6, text: 'X' }]), 'abXc');
  assert.equal(mutate('abcdef', [{ op: 'delete', at: 8, len: 2 }]), 'adef');
  assert.equal(mutate('abcd', [{ op: 'duplicate', at: 0, len: 2, to: 4 }]), 'abcdab');
});

test('the range invariant rejects positions past a line end, past the last line, negative or reversed', () => {
  const lines = ['ab', 'c'];
  const r = (a: number, b: number, c: number, d: number) => ({ start: { line: a, character: b }, end: { line: c, character: d } });
  assertInside(lines, r(0, 0, 1, 1), 'ok');
  assert.throws(() => assertInside(lines, r(0, 3, 0, 3), 'x'), /outside the document/);
  assert.throws(() => assertInside(lines, r(2, 0, 2, 0), 'x'), /outside the document/);
  assert.throws(() => assertInside(lines, r(-1, 0, 0, 0), 'x'), /outside the document/);
  assert.throws(() => assertInside(lines, r(0, 1.5, 0, 2), 'x'), /outside the document/);
  assert.throws(() => assertInside(lines, r(1, 0, 0, 1), 'x'), /ends before it starts/);
});
