// The paths a git index tracks (core/workspace/gitIndex.ts), and the live files they bring back past a .gitignore.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { trackedPaths } from '../../server/src/core/workspace/gitIndex';
import { LiveFiles } from '../../server/src/core/workspace/liveFiles';

const FILE = 0o100644;
const GITLINK = 0o160000;

/** An index of `version` holding these entries, as git writes it (stat data zero, object ids zero). */
function index(version: 2 | 3 | 4, entries: readonly { path: string; mode?: number }[], idBytes = 20): Uint8Array {
  const parts: number[] = [];
  const u32 = (n: number) => parts.push((n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255);
  parts.push(...Buffer.from('DIRC'));
  u32(version);
  u32(entries.length);
  let previous = '';
  for (const e of entries) {
    const start = parts.length;
    for (let i = 0; i < 6; i++) u32(0); // ctime, mtime, dev, ino
    u32(e.mode ?? FILE);
    for (let i = 0; i < 3; i++) u32(0); // uid, gid, size
    for (let i = 0; i < idBytes; i++) parts.push(0);
    const name = Buffer.from(e.path);
    parts.push((Math.min(name.length, 0xfff) >> 8) & 255, Math.min(name.length, 0xfff) & 255);
    if (version === 4) {
      let common = 0;
      while (common < previous.length && previous[common] === e.path[common]) common++;
      parts.push(Buffer.byteLength(previous) - Buffer.byteLength(previous.slice(0, common))); // one varint byte is enough here
      parts.push(...Buffer.from(e.path.slice(common)), 0);
    } else {
      parts.push(...name, 0);
      while ((parts.length - start) % 8 !== 0) parts.push(0);
    }
    previous = e.path;
  }
  return Uint8Array.from(parts);
}

const ENTRIES = [{ path: '.claude/commands/ship.md' }, { path: '.claude/commands/test.md' }, { path: 'AGENTS.md' }, { path: 'vendor/lib', mode: GITLINK }, { path: 'é/SKILL.md' }];
const EXPECTED = ['.claude/commands/ship.md', '.claude/commands/test.md', 'AGENTS.md', 'é/SKILL.md'];

test('the tracked paths of index versions 2, 3 and 4, without submodules; a SHA-256 index with its longer ids', () => {
  assert.deepEqual(trackedPaths(index(2, ENTRIES)), EXPECTED);
  assert.deepEqual(trackedPaths(index(3, ENTRIES)), EXPECTED);
  assert.deepEqual(trackedPaths(index(4, ENTRIES)), EXPECTED);
  assert.deepEqual(trackedPaths(index(2, ENTRIES, 32), 32), EXPECTED);
});

test('bytes that are no index this reads give no tracked files, never a throw', () => {
  assert.equal(trackedPaths(new Uint8Array(0)), undefined);
  assert.equal(trackedPaths(Uint8Array.from(Buffer.from('not an index at all'))), undefined);
  const whole = index(2, ENTRIES);
  for (const cut of [13, 40, 70, 110]) assert.equal(trackedPaths(whole.subarray(0, cut)), undefined, String(cut));
  const v9 = index(2, ENTRIES);
  v9[7] = 9;
  assert.equal(trackedPaths(v9), undefined);
});

test('a file git tracks is live though a .gitignore leaves it out; untracked ones stay out, and so do the default folders', () => {
  const gitignore = '/*\n!/src/\n';
  const tracked = ['AGENTS.md', '.claude/commands/ship.md', 'node_modules/pkg/SKILL.md', 'src/x.md'];
  const live = new LiveFiles({ read: (rel) => (rel === '.gitignore' ? gitignore : undefined), tracked });
  assert.equal(live.keeps('AGENTS.md'), true);
  assert.equal(live.keeps('CLAUDE.md'), false);
  assert.equal(live.enters('.claude'), true);
  assert.equal(live.enters('.claude/commands'), true);
  assert.equal(live.keeps('.claude/commands/ship.md'), true);
  assert.equal(live.keeps('.claude/commands/draft.md'), false);
  assert.equal(live.enters('docs'), false);
  assert.equal(live.enters('node_modules'), false);
  assert.equal(live.keeps('src/x.md'), true);
  // Without the index, the .gitignore decides alone.
  const plain = new LiveFiles({ read: (rel) => (rel === '.gitignore' ? gitignore : undefined) });
  assert.equal(plain.keeps('AGENTS.md'), false);
  assert.equal(plain.enters('.claude'), false);
});
