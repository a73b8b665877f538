/**
 * A long pass that yields with the Node host's `yieldToEvents` between slices (the workspace scan) lets the
 * event loop read input meanwhile: an I/O callback runs within a few yields, as a client's
 * request would.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs';
import { NodeWorkspaceFs } from '../../server/src/node/workspaceFs';

test('a pass that yields between slices lets pending I/O complete', async () => {
  const host = new NodeWorkspaceFs();
  let read = false;
  readFile(__filename, () => (read = true));
  let slices = 0;
  // Busy slices, as the scan's: only the yields between them let the read's callback in.
  while (!read && slices < 10_000) {
    const until = Date.now() + 1;
    while (Date.now() < until);
    await host.yieldToEvents();
    slices++;
  }
  assert.ok(read, 'the read completed while the pass ran');
});
