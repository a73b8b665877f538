// How soon a tree view's rows are answered (client/src/treeAnswer.ts): never sooner than the
// minimum, so VS Code's batch timers have fired before the answer arrives; never later than needed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { answerNoSoonerThan } from '../../client/src/treeAnswer';
import { manualClock } from '../helpers/manualClock';

/** Lets settled promises run their callbacks. */
const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Follows a promise: what it has come to so far. */
function watch<T>(p: Promise<T>) {
  const state: { value?: T; error?: unknown; settled: boolean } = { settled: false };
  p.then(
    (value) => Object.assign(state, { value, settled: true }),
    (error: unknown) => Object.assign(state, { error, settled: true }),
  );
  return state;
}

test('rows ready at once are answered only once the minimum has passed', async () => {
  const { clock, advance } = manualClock();
  const answer = watch(answerNoSoonerThan(Promise.resolve(['a', 'b']), 25, clock));
  await flush();
  advance(24);
  await flush();
  assert.equal(answer.settled, false, 'held: 24 ms after the question');
  advance(1);
  await flush();
  assert.deepEqual(answer.value, ['a', 'b']);
});

test('rows that take longer than the minimum are answered as soon as they are ready', async () => {
  const { clock, advance } = manualClock();
  let ready!: (rows: string[]) => void;
  const answer = watch(answerNoSoonerThan(new Promise<string[]>((resolve) => (ready = resolve)), 25, clock));
  advance(100);
  await flush();
  assert.equal(answer.settled, false, 'the rows are not ready');
  ready(['late']);
  await flush();
  assert.deepEqual(answer.value, ['late'], 'no further wait once the minimum has passed');
});

test('a failed fetch is held as long, then fails with its own error', async () => {
  const { clock, advance } = manualClock();
  const failure = new Error('the server stopped');
  const answer = watch(answerNoSoonerThan(Promise.reject(failure), 25, clock));
  await flush();
  assert.equal(answer.settled, false, 'a failure answers the batch too: held');
  advance(25);
  await flush();
  assert.equal(answer.error, failure);
});
