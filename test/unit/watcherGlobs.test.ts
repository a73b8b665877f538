// The file watchers the server registers: VS Code drops a registration whose pattern has a
// wildcard inside a brace group (found in the real workbench: no file event reached the server),
// so every group lists plain names only.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { WatchKind } from 'vscode-languageserver';
import { watchers } from '../../server/src/lsp/initialize';

test('no watcher pattern has a wildcard inside braces', () => {
  const bad = watchers(false)
    .map((w) => w.globPattern)
    .filter((g) => /\{[^}]*[*?[][^}]*\}/.test(g));
  assert.deepEqual(bad, []);
});

test('every path is watched for creations and deletions only (the list of workspace files follows them), or for every change where the host watches everything', () => {
  const catchAll = (everything: boolean) => watchers(everything).filter((w) => w.globPattern === '**/*');
  assert.deepEqual(catchAll(false), [{ globPattern: '**/*', kind: WatchKind.Create | WatchKind.Delete }]);
  assert.deepEqual(catchAll(true), [{ globPattern: '**/*' }]);
});
