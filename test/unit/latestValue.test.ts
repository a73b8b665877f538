// The Skills view's cache of the server's index (client/src/latestValue.ts): an answer that was in
// flight when the view refreshed is never what the view shows after the refresh.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LatestValue } from '../../client/src/latestValue';

/** A fetch whose answers the test releases by hand, in any order. */
function manualFetch() {
  const pending: ((v: string) => void)[] = [];
  let calls = 0;
  const fetch = () => {
    calls++;
    return new Promise<string>((resolve) => pending.push(resolve));
  };
  return { fetch, pending, calls: () => calls };
}

test('an answer sent before a refresh and received after it is not shown: the view fetches again and shows the newer one', async () => {
  const f = manualFetch();
  const cache = new LatestValue(f.fetch);
  const before = cache.get();
  // The index changes (the view refreshes) while the first request is in flight.
  cache.invalidate();
  const after = cache.get();
  f.pending[0]!('index before the change');
  f.pending[1]!('index after the change');
  assert.equal(await after, 'index after the change');
  // The first caller gets the newer answer too, and the cache keeps it.
  assert.equal(await before, 'index after the change');
  assert.equal(await cache.get(), 'index after the change');
  assert.equal(f.calls(), 2);
});

test('callers between two refreshes share one request; a failed request is not kept', async () => {
  const f = manualFetch();
  const cache = new LatestValue(f.fetch);
  const a = cache.get();
  const b = cache.get();
  f.pending[0]!('index');
  assert.deepEqual(await Promise.all([a, b]), ['index', 'index']);
  assert.equal(f.calls(), 1);
  let fail = true;
  const flaky = new LatestValue(() => (fail ? Promise.reject(new Error('server busy')) : Promise.resolve('index')));
  await assert.rejects(flaky.get(), /server busy/);
  fail = false;
  assert.equal(await flaky.get(), 'index');
});
