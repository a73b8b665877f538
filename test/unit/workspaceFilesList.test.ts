/** The server's list of every workspace file (server/src/lsp/workspaceFiles.ts): kept a few seconds, and for the whole of a scan. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { WorkspaceFiles } from '../../server/src/lsp/workspaceFiles';
import type { WorkspaceFs } from '../../server/src/lsp/host';

function counting(): { fs: WorkspaceFs; calls: () => number } {
  let calls = 0;
  const fs = { listFiles: () => (calls++, ['file:///ws/a.ts']) } as unknown as WorkspaceFs;
  return { fs, calls: () => calls };
}

test('the list is listed again once it is a few seconds old, but not while the index scans', () => {
  let now = 0;
  let scanning = true;
  const { fs, calls } = counting();
  const files = new WorkspaceFiles(
    fs,
    () => ['file:///ws'],
    () => scanning,
    () => now,
  );
  files.list();
  now = 60_000;
  files.list();
  assert.equal(calls(), 1, 'kept while scanning');
  scanning = false;
  files.list();
  assert.equal(calls(), 2, 'listed again after the scan');
});

test('a created or deleted file lists it again at the next call, scan or not', () => {
  const { fs, calls } = counting();
  const files = new WorkspaceFiles(
    fs,
    () => ['file:///ws'],
    () => true,
    () => 0,
  );
  files.list();
  files.invalidate();
  files.list();
  assert.equal(calls(), 2);
});

test('the same array is returned while the content is the same (analyses keyed by its identity stay valid)', () => {
  let now = 0;
  const { fs } = counting();
  const files = new WorkspaceFiles(
    fs,
    () => ['file:///ws'],
    () => false,
    () => now,
  );
  const first = files.list();
  now = 60_000;
  assert.equal(files.list(), first);
});
