// The server's live folders follow what git tracks: another list of tracked files, not every rewrite of the index, remakes a folder's filter.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigStore } from '../../server/src/lsp/config';
import { gitIndexFolder, LiveFolders } from '../../server/src/lsp/liveFolders';

const W = 'file:///ws';

test("a folder's filter keeps the files git tracks; only another tracked list counts as a change, and only for a folder with a filter", () => {
  const files: Record<string, string> = { [`${W}/.gitignore`]: '/*\n' };
  let tracked: string[] = ['AGENTS.md'];
  const live = new LiveFolders(
    (uri) => files[uri],
    new ConfigStore((uri) => files[uri]),
    () => [W],
    (folder) => (folder === W ? tracked : undefined),
  );
  assert.equal(live.trackedChanged(W), false, 'no filter yet');
  assert.equal(live.isLive(`${W}/AGENTS.md`), true);
  assert.equal(live.isLive(`${W}/CLAUDE.md`), false);
  tracked = ['AGENTS.md'];
  assert.equal(live.trackedChanged(W), false, 'the same list, rewritten');
  tracked = ['AGENTS.md', 'CLAUDE.md'];
  assert.equal(live.trackedChanged(W), true);
  live.changed();
  assert.equal(live.isLive(`${W}/CLAUDE.md`), true);
  assert.equal(gitIndexFolder(`${W}/.git/index`), W);
  assert.equal(gitIndexFolder(`${W}/.git/index.lock`), undefined);
});
