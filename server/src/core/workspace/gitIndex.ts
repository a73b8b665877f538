/**
 * The paths a git index (`.git/index`) tracks: a file git tracks is in every clone, whatever a
 * `.gitignore` says (it was added before the rule, or with `git add -f`), so clients load it.
 * Index versions 2, 3 and 4 (git-scm.com/docs/index-format): a header (`DIRC`, the version, the
 * entry count), then per entry 40 bytes of stat data and mode, the object id (20 bytes, 32 in a
 * SHA-256 repository), 2 bytes of flags (and 2 more in version 3 and later when the extended
 * flag is set), and the path: NUL-terminated and padded to a multiple of 8 bytes in versions 2
 * and 3, prefix-compressed against the previous path in version 4. Submodules (mode 160000) are
 * left out. Bytes in, paths out; anything unexpected gives undefined (no tracked files known).
 */

const SIGNATURE = 0x44495243; // "DIRC"
const STAT_AND_MODE = 40;
const GITLINK = 0o160000;
const EXTENDED = 0x4000;

/** The tracked paths (`/`-separated, relative to the repository's root), or undefined when `bytes` is no index this reads. */
export function trackedPaths(bytes: Uint8Array, objectIdBytes = 20): string[] | undefined {
  if (bytes.length < 12) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0) !== SIGNATURE) return undefined;
  const version = view.getUint32(4);
  if (version < 2 || version > 4) return undefined;
  const count = view.getUint32(8);
  const decoder = new TextDecoder('utf-8', { fatal: false });
  const out: string[] = [];
  let at = 12;
  let previous: Uint8Array = new Uint8Array(0);
  for (let i = 0; i < count; i++) {
    const start = at;
    if (at + STAT_AND_MODE + objectIdBytes + 2 > bytes.length) return undefined;
    const mode = view.getUint32(at + 24);
    const flags = view.getUint16(at + STAT_AND_MODE + objectIdBytes);
    at += STAT_AND_MODE + objectIdBytes + 2;
    if (version >= 3 && (flags & EXTENDED) !== 0) at += 2;
    let name: Uint8Array;
    if (version === 4) {
      const strip = varint(bytes, at);
      if (!strip || strip.value > previous.length) return undefined;
      at = strip.next;
      const end = bytes.indexOf(0, at);
      if (end < 0) return undefined;
      name = concat(previous.subarray(0, previous.length - strip.value), bytes.subarray(at, end));
      at = end + 1;
    } else {
      const end = bytes.indexOf(0, at);
      if (end < 0) return undefined;
      name = bytes.subarray(at, end);
      // 1 to 8 NUL bytes end the entry at a multiple of 8 from its start.
      at = start + Math.ceil((end + 1 - start) / 8) * 8;
    }
    previous = name;
    if ((mode & 0o170000) !== GITLINK) out.push(decoder.decode(name));
  }
  return out;
}

/** Git's offset varint (version 4): 7 bits a byte, high bit set on all but the last, each continuation adding one. */
function varint(bytes: Uint8Array, at: number): { value: number; next: number } | undefined {
  let byte = bytes[at];
  if (byte === undefined) return undefined;
  let value = byte & 0x7f;
  let next = at + 1;
  while (byte & 0x80) {
    byte = bytes[next];
    if (byte === undefined || value > 0xffffff) return undefined;
    value = ((value + 1) << 7) | (byte & 0x7f);
    next++;
  }
  return { value, next };
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}
