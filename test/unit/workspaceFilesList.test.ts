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

/** A tree of files under file:///ws whose listings are counted: `listFiles` walks the folders asked for, as the hosts do. */
function tree(paths: string[]): { fs: WorkspaceFs; files: Set<string>; walks: string[][] } {
  const files = new Set(paths.map((p) => `file:///ws/${p}`));
  const walks: string[][] = [];
  const under = (folder: string) => [...files].filter((f) => f.startsWith(folder + '/') && !/\/(node_modules|\.git)\//.test(f.slice(folder.length)));
  const fs = {
    listFiles: (folders: string[], limit: number) => (walks.push(folders), folders.flatMap(under).slice(0, limit)),
    isDirectory: (uri: string) => [...files].some((f) => f.startsWith(uri + '/')),
    exists: (uri: string) => files.has(uri) || [...files].some((f) => f.startsWith(uri + '/')),
  } as unknown as WorkspaceFs;
  return { fs, files, walks };
}

test('a list that follows the client events is walked once, then takes created and deleted files and folders without a walk of the folders', () => {
  let now = 0;
  const t = tree(['a.ts', 'src/b.ts']);
  const files = new WorkspaceFiles(
    t.fs,
    () => ['file:///ws'],
    () => false,
    () => now,
  );
  files.follow();
  assert.deepEqual(files.list(), ['file:///ws/a.ts', 'file:///ws/src/b.ts']);
  now = 60_000;
  t.files.add('file:///ws/c.go');
  t.files.add('file:///ws/lib/x/d.go');
  t.files.add('file:///ws/lib/x/e.go');
  t.files.add('file:///ws/node_modules/m/i.js');
  t.files.delete('file:///ws/src/b.ts');
  files.changed([
    { uri: 'file:///ws/c.go', deleted: false },
    { uri: 'file:///ws/lib', deleted: false },
    { uri: 'file:///ws/node_modules/m/i.js', deleted: false },
    { uri: 'file:///ws/src', deleted: true },
  ]);
  assert.deepEqual(files.list(), ['file:///ws/a.ts', 'file:///ws/c.go', 'file:///ws/lib/x/d.go', 'file:///ws/lib/x/e.go']);
  assert.deepEqual(t.walks, [['file:///ws'], ['file:///ws/lib']], 'the folders once, then only the created folder');
});

test('events that change nothing keep the same array; a file reported created but gone is not listed', () => {
  const t = tree(['a.ts']);
  const files = new WorkspaceFiles(t.fs, () => ['file:///ws']);
  files.follow();
  const first = files.list();
  files.changed([
    { uri: 'file:///ws/a.ts', deleted: false },
    { uri: 'file:///ws/gone.ts', deleted: false },
    { uri: 'file:///ws/never.ts', deleted: true },
    { uri: 'file:///elsewhere/x.ts', deleted: false },
  ]);
  assert.equal(files.list(), first);
});

test('a client URI with other escapes is the listed one', () => {
  const t = tree(['my%20file.ts']);
  const files = new WorkspaceFiles(t.fs, () => ['file:///ws']);
  files.follow();
  t.files.add('file:///ws/%C3%A9.ts');
  files.list();
  files.changed([
    { uri: 'file:///ws/my%20file.ts', deleted: true },
    { uri: 'file:///ws/%c3%a9.ts', deleted: false },
  ]);
  assert.deepEqual(files.list(), ['file:///ws/%C3%A9.ts']);
});

test('without a client that reports every file, an event lists again at the next call', () => {
  const t = tree(['a.ts']);
  const files = new WorkspaceFiles(t.fs, () => ['file:///ws']);
  files.list();
  t.files.add('file:///ws/b.ts');
  files.changed([{ uri: 'file:///ws/b.ts', deleted: false }]);
  assert.deepEqual(files.list(), ['file:///ws/a.ts', 'file:///ws/b.ts']);
  assert.equal(t.walks.length, 2);
});
