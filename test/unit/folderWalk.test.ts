// The bounded walk of a folder's files (server/src/core/workspace/folderWalk.ts) that the plugin,
// Gemini command and repository-tool checks share: it ends on a folder that leads back into itself.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { filesBelow } from '../../server/src/core/workspace/folderWalk';
import { InMemoryHost, type IWorkspaceHost } from '../../server/src/core/workspace/host';

const md = { file: (n: string) => n.endsWith('.md'), maxFiles: 100, maxDepth: 8 };

test('a linked folder that leads back into itself ends the walk at the depth bound, with the files it found', () => {
  // `agents/loop -> ..` seen through the host: every level lists the same two entries again.
  const endless: IWorkspaceHost = {
    exists: () => true,
    isDirectory: (uri) => uri.endsWith('/loop') || uri.endsWith('/agents'),
    readDirectory: () => ['a.md', 'loop'],
    readText: () => undefined,
  };
  const found = filesBelow('file:///p/agents', endless, md);
  assert.equal(found.length, 9);
  assert.equal(found[8], `file:///p/agents${'/loop'.repeat(8)}/a.md`);
});

test('files are taken in the order found, up to the file bound; folders an entry rule keeps out are not entered', () => {
  const host = new InMemoryHost({
    'file:///r/c/a.toml': '',
    'file:///r/c/sub/b.toml': '',
    'file:///r/c/.hidden/c.toml': '',
    'file:///r/c/notes.md': '',
  });
  const toml = { file: (n: string) => n.endsWith('.toml'), enter: (n: string) => !n.includes('.'), maxFiles: 10, maxDepth: 4 };
  assert.deepEqual(filesBelow('file:///r/c', host, toml).sort(), ['file:///r/c/a.toml', 'file:///r/c/sub/b.toml']);
  assert.equal(filesBelow('file:///r/c', host, { ...toml, maxFiles: 1 }).length, 1);
  assert.deepEqual(filesBelow('file:///r/c', host, { ...toml, maxDepth: 0 }), ['file:///r/c/a.toml']);
});
