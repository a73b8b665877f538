// `check --fix` writes atomically and only over the text it read: races (an edit made during the
// run), a full disk and permission failures through an injected file system; hard links, symbolic
// links, the file's mode and non-UTF-8 bytes on the real one.
import { test, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { run } from '../../server/src/cli/main';
import { NODE_FIX_FS, type FixFs } from '../../server/src/cli/fixWrite';

const TEXT = '---\nname: q\ndescription: Does a thing. Use when asked.\nmetadata:\n  version: 1.0\n---\nBody.\n';
const FIXED = TEXT.replace('1.0', '"1.0"');
let root: string;
let file: string;

beforeEach(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'af-fixwrite-')));
  fs.mkdirSync(path.join(root, 'tree/q'), { recursive: true });
  file = path.join(root, 'tree/q/SKILL.md');
  fs.writeFileSync(file, TEXT);
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

function check(args: string[], fixFs?: FixFs) {
  const out: string[] = [];
  const err: string[] = [];
  const code = run(['check', '--fix', ...args], { out: (t) => out.push(t), err: (t) => err.push(t), cwd: root, ...(fixFs ? { fixFs } : {}) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}
const fake = (over: Partial<FixFs>): FixFs => ({ ...NODE_FIX_FS, ...over });
/** Every entry of a folder: no temporary file may be left behind. */
const entries = (dir: string) => fs.readdirSync(dir).sort();
const errnoError = (code: string) => Object.assign(new Error(`${code}: simulated`), { code });

test('--fix replaces the file through a temporary file and a rename, and keeps its mode', () => {
  fs.chmodSync(file, 0o640);
  const inode = fs.statSync(file).ino;
  const r = check([path.join(root, 'tree')]);
  assert.equal(r.code, 0, r.err);
  assert.match(r.err, /applied 1 safe fix to 1 file$/);
  assert.equal(fs.readFileSync(file, 'utf8'), FIXED);
  assert.equal(fs.statSync(file).mode & 0o7777, 0o640);
  assert.notEqual(fs.statSync(file).ino, inode, 'a new file renamed over the old one, not a write in place');
  assert.deepEqual(entries(path.dirname(file)), ['SKILL.md']);
});

test('an edit made after the file was read is kept: the file is not fixed, and stderr and the summary say so', () => {
  const edited = TEXT + 'A line typed during the run.\n';
  const r = check(
    [path.join(root, 'tree')],
    fake({
      realpath: (p) => {
        fs.writeFileSync(file, edited); // the user saves while the fixes are being made
        return NODE_FIX_FS.realpath(p);
      },
    }),
  );
  assert.equal(fs.readFileSync(file, 'utf8'), edited);
  assert.match(r.err, /not fixing tree\/q\/SKILL\.md: it changed since it was read/);
  assert.match(r.err, /applied 0 safe fixes; 1 file not fixed \(see above\)$/);
  assert.deepEqual(entries(path.dirname(file)), ['SKILL.md']);
});

test('an edit made while the fixed text is being written wins over it, and the temporary file is removed', () => {
  const edited = TEXT + 'Saved at the last moment.\n';
  const r = check(
    [path.join(root, 'tree')],
    fake({
      createFile: (p, data, mode, owner) => {
        NODE_FIX_FS.createFile(p, data, mode, owner);
        fs.writeFileSync(file, edited);
      },
    }),
  );
  assert.equal(fs.readFileSync(file, 'utf8'), edited);
  assert.match(r.err, /not fixing tree\/q\/SKILL\.md: it changed since it was read/);
  assert.deepEqual(entries(path.dirname(file)), ['SKILL.md']);
});

test('a full disk leaves the file whole and no partial temporary file; the run exits 2 with a clear message', () => {
  const r = check(
    [path.join(root, 'tree')],
    fake({
      createFile: (p, data) => {
        fs.writeFileSync(p, data.subarray(0, 10)); // part of the text reached the disk
        throw errnoError('ENOSPC');
      },
    }),
  );
  assert.equal(r.code, 2);
  assert.match(r.err, /cannot fix tree\/q\/SKILL\.md: cannot write the fixed text: no space left on the device; the file is unchanged/);
  assert.equal(fs.readFileSync(file, 'utf8'), TEXT);
  assert.deepEqual(entries(path.dirname(file)), ['SKILL.md']);
  assert.match(r.out, /skill-metadata-unquoted/, 'the report is of the file as it is');
});

test('a folder that cannot be written to (EACCES) and a failed rename leave the file as it was, exit 2', () => {
  const denied = check(
    [path.join(root, 'tree')],
    fake({
      createFile: () => {
        throw errnoError('EACCES');
      },
    }),
  );
  assert.equal(denied.code, 2);
  assert.match(denied.err, /cannot write the fixed text: permission denied; the file is unchanged/);
  const renamed = check(
    [path.join(root, 'tree')],
    fake({
      rename: () => {
        throw errnoError('EACCES');
      },
    }),
  );
  assert.equal(renamed.code, 2);
  assert.match(renamed.err, /cannot replace it with the fixed text: permission denied/);
  assert.equal(fs.readFileSync(file, 'utf8'), TEXT);
  assert.deepEqual(entries(path.dirname(file)), ['SKILL.md']);
});

test('a file with another hard link (here outside the tree) is left alone, both names unchanged', () => {
  fs.mkdirSync(path.join(root, 'outside'));
  const other = path.join(root, 'outside/copy.md');
  fs.linkSync(file, other);
  const r = check([path.join(root, 'tree')]);
  assert.match(r.err, /not fixing tree\/q\/SKILL\.md: it has 2 hard links/);
  assert.equal(fs.readFileSync(file, 'utf8'), TEXT);
  assert.equal(fs.readFileSync(other, 'utf8'), TEXT);
  assert.equal(fs.statSync(file).ino, fs.statSync(other).ino);
});

test('a symbolic link is written through when its target is inside the repository, and left alone when it leads outside', () => {
  fs.mkdirSync(path.join(root, 'tree/.git'));
  fs.mkdirSync(path.join(root, 'tree/linked'));
  const inside = path.join(root, 'tree/linked/SKILL.md');
  fs.symlinkSync('../q/SKILL.md', inside);
  const r = check([inside]);
  assert.match(r.err, /^agent-files: applied 1 safe fix to 1 file$/);
  assert.ok(fs.lstatSync(inside).isSymbolicLink(), 'the link stays a link');
  assert.equal(fs.readFileSync(file, 'utf8'), FIXED, 'its target is fixed');

  fs.mkdirSync(path.join(root, 'elsewhere/q'), { recursive: true });
  const target = path.join(root, 'elsewhere/q/SKILL.md');
  fs.writeFileSync(target, TEXT);
  const out = path.join(root, 'tree/out/SKILL.md');
  fs.mkdirSync(path.dirname(out));
  fs.symlinkSync(target, out);
  const o = check([out]);
  assert.match(o.err, /not fixing tree\/out\/SKILL\.md: it leads through a symbolic link to .*elsewhere\/q\/SKILL\.md, outside the folders checked/);
  assert.equal(fs.readFileSync(target, 'utf8'), TEXT);
  assert.ok(fs.lstatSync(out).isSymbolicLink());
});

test('a file that is not valid UTF-8 is not rewritten (its other bytes would become U+FFFD)', () => {
  const bytes = Buffer.concat([Buffer.from(TEXT), Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a])]);
  fs.writeFileSync(file, bytes);
  const r = check([path.join(root, 'tree')]);
  assert.match(r.err, /not fixing tree\/q\/SKILL\.md: it is not valid UTF-8/);
  assert.ok(fs.readFileSync(file).equals(bytes));
});

/** Mounts a 64 KiB tmpfs (root only); undefined where that is not allowed. */
function smallTmpfs(): string | undefined {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'af-fulldisk-'));
  const r = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', dir]);
  if (r.status === 0) return dir;
  fs.rmdirSync(dir);
  return undefined;
}

test('on a real full disk (a 64 KiB tmpfs, where one can be mounted) the file stays whole', (t) => {
  const disk = smallTmpfs();
  if (!disk) return t.skip('no tmpfs can be mounted here (needs root)');
  try {
    const big = TEXT + 'A line of the body.\n'.repeat(1500); // about 30 KB: the old and the new text do not both fit
    fs.mkdirSync(path.join(disk, 'q'));
    fs.writeFileSync(path.join(disk, 'q/SKILL.md'), big);
    const fill = fs.openSync(path.join(disk, 'fill'), 'w');
    try {
      for (;;) fs.writeSync(fill, Buffer.alloc(4096));
    } catch (e) {
      assert.equal((e as NodeJS.ErrnoException).code, 'ENOSPC');
    } finally {
      fs.closeSync(fill);
    }
    const r = check([disk]);
    assert.equal(r.code, 2);
    assert.match(r.err, /cannot fix \S*q\/SKILL\.md: cannot write the fixed text: no space left on the device; the file is unchanged/);
    assert.equal(fs.readFileSync(path.join(disk, 'q/SKILL.md'), 'utf8'), big);
    assert.deepEqual(entries(path.join(disk, 'q')), ['SKILL.md']);
  } finally {
    spawnSync('umount', [disk]);
    fs.rmdirSync(disk);
  }
});
