/**
 * The walk reads a folder's `.gitignore` only when the folder's listing has one
 * (server/src/node/walk.ts tells the live-file filter each listing, core/workspace/liveFiles.ts
 * reads a folder's ignore file when something in it is first asked of).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import nodeFs from 'node:fs';
import { relative } from 'node:path';
import { liveFilesOnDisk, walkFiles } from '../../server/src/node/walk';
import { tempTree } from '../helpers/tempTree';

const { base, write } = tempTree('agent-files-walk-ignore-');

write('.git/info/exclude', '');
write('.gitignore', 'build/\n');
write('a/SKILL.md', 'A');
write('a/deep/SKILL.md', 'D');
write('b/.gitignore', 'drafts/\n');
write('b/drafts/SKILL.md', 'X');
write('b/kept/SKILL.md', 'K');
write('build/SKILL.md', 'B');
for (let i = 0; i < 20; i++) write(`many/s${i}/SKILL.md`, 'S');

test("the walk looks for the .gitignore files its folders' listings hold, and no other", (t) => {
  const lstat = t.mock.method(nodeFs, 'lstatSync');
  const found = walkFiles(base, (p) => p.endsWith('SKILL.md'), { filter: liveFilesOnDisk(base) }).map((p) => relative(base, p));
  // Nested and top-level ignore files still apply.
  assert.deepEqual(found, ['a/SKILL.md', 'a/deep/SKILL.md', 'b/kept/SKILL.md', ...Array.from({ length: 20 }, (_, i) => `many/s${i}/SKILL.md`).sort()]);
  const looked = lstat.mock.calls.map((c) => relative(base, String(c.arguments[0]))).filter((p) => p.endsWith('.gitignore'));
  assert.deepEqual(looked.sort(), ['.gitignore', 'b/.gitignore']);
});
