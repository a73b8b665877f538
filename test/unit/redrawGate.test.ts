// When the Skills and "What the agent sees" views redraw (client/src/redrawGate.ts): a burst of
// requests makes one redraw, and no redraw is fired while VS Code is still fetching rows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RedrawGate } from '../../client/src/redrawGate';
import { manualClock } from '../helpers/manualClock';

const TIMING = { settleMs: 100, quietMs: 300, maxWaitMs: 1000, maxFetchMs: 10_000 };

function gate() {
  const c = manualClock();
  let redraws = 0;
  const g = new RedrawGate(() => redraws++, TIMING, c.clock);
  return { g, ...c, redraws: () => redraws };
}

/** A fetch the test ends by hand. */
function heldFetch() {
  let end!: () => void;
  const done = new Promise<void>((resolve) => (end = resolve));
  return { fetch: () => done, end };
}

test('a burst of requests makes one redraw, once the requests have stopped coming', () => {
  const { g, advance, redraws } = gate();
  for (let i = 0; i < 5; i++) {
    g.request();
    advance(50);
  }
  assert.equal(redraws(), 0, 'the burst is still coming');
  advance(100);
  assert.equal(redraws(), 1);
  advance(5000);
  assert.equal(redraws(), 1, 'nothing more was asked');
});

test('a request while the rows of the last redraw are being fetched waits until the fetch has ended and the view is quiet', async () => {
  const { g, advance, redraws } = gate();
  g.request();
  advance(100);
  assert.equal(redraws(), 1);
  // VS Code asks for the rows of that redraw; the index changes meanwhile.
  const rows = heldFetch();
  const fetched = g.fetching(rows.fetch);
  g.request();
  advance(2000);
  assert.equal(redraws(), 1, 'no redraw while a fetch runs, however long it takes');
  rows.end();
  await fetched;
  advance(299);
  assert.equal(redraws(), 1, 'the view is not yet quiet');
  advance(1);
  assert.equal(redraws(), 2);
});

test('a fetch that hangs holds redraws back no longer than the longest fetch, from its start', async () => {
  const { g, advance, redraws } = gate();
  const hung = heldFetch();
  void g.fetching(hung.fetch);
  advance(2000);
  g.request();
  advance(7999);
  assert.equal(redraws(), 0, 'the fetch has run for 9,999 ms');
  advance(1);
  assert.equal(redraws(), 1, 'taken to hang at 10,000 ms');
  // A later request is drawn as if no fetch ran (the hung one still has not ended).
  g.request();
  advance(300);
  assert.equal(redraws(), 2);
});

test('two redraws are never closer than the quiet spell: the first one starts a fetch VS Code has not asked for yet', () => {
  const { g, advance, redraws } = gate();
  g.request();
  advance(100);
  assert.equal(redraws(), 1);
  g.request();
  advance(299);
  assert.equal(redraws(), 1);
  advance(1);
  assert.equal(redraws(), 2, '300 ms after the first');
});

test('requests that never stop are drawn after the longest wait', () => {
  const { g, advance, redraws } = gate();
  for (let t = 0; t < 1000; t += 50) {
    g.request();
    advance(50);
  }
  assert.equal(redraws(), 1, 'drawn once the first request had waited a second');
});

test('a fetch returns its rows and passes its failure on; either way it ends', async () => {
  const { g, advance, redraws } = gate();
  assert.deepEqual(await g.fetching(async () => ['row']), ['row']);
  await assert.rejects(
    g.fetching(async () => {
      throw new Error('no index');
    }),
    /no index/,
  );
  g.request();
  advance(400);
  assert.equal(redraws(), 1, 'a failed fetch does not hold redraws back');
});

test('a disposed gate fires nothing', () => {
  const { g, advance, redraws, pending } = gate();
  g.request();
  g.dispose();
  advance(5000);
  assert.equal(redraws(), 0);
  assert.equal(pending(), 0);
});
