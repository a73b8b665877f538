/**
 * How `check --fix` writes a fixed file: never in place. The new text goes to a temporary file
 * in the same folder (same mode and owner), flushed to disk, and is renamed over the file, so
 * the file is at every moment either all of its old text or all of its new one; a write that
 * fails (a full disk, permissions) leaves the file as it was and removes the temporary one.
 * Before the rename the file must still hold exactly the text the fixes were made from (an edit
 * made during the run is kept, not overwritten). A file with more than one hard link is left
 * alone (its other names, perhaps outside the folders checked, would keep the old text), and a
 * symbolic link is written through only when its target lies inside the folders checked.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

/** The file-system calls the writer makes, injectable so tests can fail or race them. */
export interface FixFs {
  realpath(p: string): string;
  stat(p: string): fs.Stats;
  readFile(p: string): Buffer;
  /** Creates `p` (it must not exist) holding `data`, with `mode` and, when they differ from ours, the owner and group given; flushed to disk. */
  createFile(p: string, data: Buffer, mode: number, owner: { uid: number; gid: number }): void;
  rename(from: string, to: string): void;
  unlink(p: string): void;
}

export const NODE_FIX_FS: FixFs = {
  realpath: (p) => fs.realpathSync.native(p),
  stat: (p) => fs.statSync(p),
  readFile: (p) => fs.readFileSync(p),
  createFile(p, data, mode, owner) {
    const fd = fs.openSync(p, 'wx', 0o600);
    try {
      let at = 0;
      while (at < data.length) at += fs.writeSync(fd, data, at, data.length - at);
      const made = fs.fstatSync(fd);
      if (made.uid !== owner.uid || made.gid !== owner.gid) fs.fchownSync(fd, owner.uid, owner.gid);
      fs.fchmodSync(fd, mode);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  },
  rename: (from, to) => fs.renameSync(from, to),
  unlink: (p) => fs.unlinkSync(p),
};

export type FixWrite =
  /** The file now holds the fixed text. */
  | { written: true }
  /** Left as it was, on purpose: why, for the user. */
  | { skipped: string }
  /** Left as it was because the write failed: why, for the user. */
  | { failed: string };

let made = 0;

/**
 * Replaces `file`'s text `before` (what the fixes were made from) with `after`. `inside` tells
 * whether a real path lies inside the folders checked.
 */
export function writeFixed(file: string, before: string, after: string, inside: (realPath: string) => boolean, io: FixFs = NODE_FIX_FS): FixWrite {
  let real: string;
  let st: fs.Stats;
  try {
    real = io.realpath(file);
    st = io.stat(real);
  } catch (e) {
    return { failed: `cannot find it again: ${errorText(e)}` };
  }
  if (!inside(real)) return { skipped: `it leads through a symbolic link to ${real}, outside the folders checked (and their repository); --fix writes only inside them` };
  if (!st.isFile()) return { skipped: 'it is no longer a regular file' };
  if (st.nlink > 1) return { skipped: `it has ${st.nlink} hard links; its other names (which may lie outside the folders checked) would keep the old text` };
  const changed = changedSince(io, real, before);
  if (changed) return { skipped: changed };
  const tmp = path.join(path.dirname(real), `.${path.basename(real)}.agent-files-${process.pid}-${++made}.tmp`);
  try {
    io.createFile(tmp, Buffer.from(after, 'utf8'), st.mode & 0o7777, { uid: st.uid, gid: st.gid });
  } catch (e) {
    return { failed: `cannot write the fixed text: ${errorText(e)}${removeTemp(io, tmp)}` };
  }
  // The last look before the rename: an edit made while the fixes were written wins.
  const late = changedSince(io, real, before);
  if (late) return { skipped: late + removeTemp(io, tmp) };
  try {
    io.rename(tmp, real);
  } catch (e) {
    return { failed: `cannot replace it with the fixed text: ${errorText(e)}${removeTemp(io, tmp)}` };
  }
  return { written: true };
}

/** Why the file no longer holds `before` (undefined when it does). */
function changedSince(io: FixFs, real: string, before: string): string | undefined {
  let now: Buffer;
  try {
    now = io.readFile(real);
  } catch (e) {
    return `it cannot be read again (${errorText(e)})`;
  }
  const text = now.toString('utf8');
  // Written back, a byte that is not UTF-8 would become U+FFFD: such a file is not rewritten.
  if (!Buffer.from(text, 'utf8').equals(now)) return 'it is not valid UTF-8, and rewriting it would replace the bytes that are not';
  return text === before ? undefined : 'it changed since it was read (run again to fix it)';
}

/** Removes the temporary file; a note for the message when even that fails. */
function removeTemp(io: FixFs, tmp: string): string {
  try {
    io.unlink(tmp);
    return '';
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return '';
    return `; the temporary file ${tmp} could not be removed (${errorText(e)})`;
  }
}

function errorText(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  switch (err.code) {
    case 'ENOSPC':
      return 'no space left on the device';
    case 'EDQUOT':
      return 'the disk quota is used up';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EROFS':
      return 'the file system is read-only';
    case 'ENOENT':
      return 'it no longer exists';
    default:
      return err.message ?? String(e);
  }
}
