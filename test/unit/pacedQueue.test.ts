/**
 * The queue that works off open documents between the client's messages (server/src/lsp/pacedQueue.ts):
 * the order it takes documents in, and that it waits while messages are queued back to back.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PacedQueue, type PacedQueueDeps } from '../../server/src/lsp/pacedQueue';

/** A queue over fake deps: `busy` says whether the client's messages are queued; `ran` lists what ran, with `changed`. */
function queue(shown: string[] = []) {
  const state = { busy: false, ran: [] as string[], slices: 0 };
  let drained: (() => void) | undefined;
  const deps: PacedQueueDeps = {
    run: (uri, changed) => {
      state.ran.push(changed ? `${uri}*` : uri);
      if (q.size === 0) drained?.();
    },
    shown: (uri) => shown.includes(uri),
    quietFor: () => (state.busy ? 0 : Infinity),
    slice: (work) => {
      state.slices++;
      work();
    },
    what: 'test',
    log: { error: (m) => assert.fail(m), info: () => undefined },
    forceEvery: Infinity,
  };
  const q = new PacedQueue(deps);
  const empty = () => new Promise<void>((r) => (q.size === 0 ? r() : (drained = r)));
  return { q, state, empty };
}

/** Lets a few turns of the event loop pass (timers included). */
const turns = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise((r) => setTimeout(r, 1));
};

test('the documents opened or edited come first, then those the editor shows, then the rest, the most recent first within each', async () => {
  const { q, state, empty } = queue(['s1', 's2']);
  q.schedule('h1', 0);
  q.schedule('s1', 0);
  q.schedule('c1', 0, true);
  q.schedule('h2', 0);
  q.schedule('s2', 0);
  q.schedule('c2', 0, true);
  await empty();
  assert.deepEqual(state.ran, ['c2*', 'c1*', 's2', 's1', 'h2', 'h1']);
  q.dispose();
});

test("nothing runs while the client's messages are queued back to back; all of it once they stop", async () => {
  const { q, state, empty } = queue();
  state.busy = true;
  for (let i = 0; i < 100; i++) q.schedule(`d${i}`, 0, true);
  await turns(5);
  assert.deepEqual(state.ran, [], 'no document ran while messages were queued');
  state.busy = false;
  await empty();
  assert.equal(state.ran.length, 100);
  assert.equal(new Set(state.ran).size, 100, 'each document ran once');
  q.dispose();
});

test('a document scheduled again before its turn runs once, as changed if either call said so; a cancelled one does not run', async () => {
  const { q, state, empty } = queue();
  state.busy = true;
  q.schedule('a', 0, true);
  q.schedule('a', 0);
  q.schedule('b', 0);
  q.schedule('gone', 0);
  q.cancel('gone');
  state.busy = false;
  await empty();
  assert.deepEqual(state.ran, ['a*', 'b']);
  q.dispose();
});

test('a document scheduled with a delay waits for it, while one scheduled before it without a delay runs', async () => {
  const { q, state, empty } = queue();
  q.schedule('now', 0);
  // Most recent first would run it first, were the delay not kept.
  q.schedule('later', 50);
  await empty();
  assert.deepEqual(state.ran, ['now', 'later']);
  q.dispose();
});
