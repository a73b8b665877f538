// When the client starts a stopped language server again (client/src/serverRestarts.ts): a failed
// read or write never gives the server up, a stop starts it again, and only a server that keeps
// stopping is left stopped, with a notification that says how to start it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { connectionFailed, restartPolicy, RESTART_LIMIT, RESTART_WINDOW_MS } from '../../client/src/serverRestarts';

/** The verdicts of a run of stops at the given times (ms), over one client's life. */
function closes(times: number[]) {
  let now = 0;
  const policy = restartPolicy(() => now);
  return times.map((t) => {
    now = t;
    return policy.closed();
  });
}

test('failed writes to a dead server are logged and never shut the client down, however many', () => {
  for (let i = 0; i < 50; i++) {
    const v = connectionFailed(new Error('channel closed'));
    assert.equal(v.restart, true);
    assert.equal(v.notify, false);
    assert.match(v.message, /channel closed/);
  }
  // Over one client's life: however many writes fail, only closes count toward giving the server up.
  const policy = restartPolicy(() => 0);
  for (let i = 0; i < 50; i++) assert.equal(policy.failed(new Error('EPIPE')).notify, false);
  assert.deepEqual([policy.closed().restart, policy.closed().notify], [true, false]);
});

test('a server that stops is started again, quietly, up to the limit within the window', () => {
  const verdicts = closes(Array.from({ length: RESTART_LIMIT }, (_, i) => i * 1000));
  assert.deepEqual(
    verdicts.map((v) => [v.restart, v.notify]),
    verdicts.map(() => [true, false]),
  );
});

test('one stop more than the limit within three minutes leaves the server stopped and tells the user how to start it', () => {
  const verdicts = closes(Array.from({ length: RESTART_LIMIT + 1 }, (_, i) => i * 1000));
  const last = verdicts.at(-1)!;
  assert.equal(last.restart, false);
  assert.equal(last.notify, true);
  assert.match(last.message, /stopped 6 times in 3 minutes/);
  assert.match(last.message, /Restart Language Server/);
});

test('stops older than the window are forgotten: a server that stops now and then is always started again', () => {
  const spaced = Array.from({ length: 20 }, (_, i) => i * (RESTART_WINDOW_MS / 2));
  assert.ok(closes(spaced).every((v) => v.restart));
});
