/**
 * The workspace host over the real file system, bounded to a set of root folders: a URI outside
 * every root, or a symlink inside one that leads outside, is treated as missing and never read.
 * The same bound decides where the server may offer to write (`mayWrite`): the real location of
 * a path that does not exist yet is that of its nearest existing ancestor, links followed.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import { UNLISTED_FOLDERS, type IWorkspaceHost } from '../core/workspace/host';
import { isPlainFileUri } from '../core/world/paths';

/** Largest file the host will read (bigger ones are treated as unreadable). */
export const MAX_READ_BYTES = 50 * 1024 * 1024;

export class NodeFsHost implements IWorkspaceHost {
  readonly #roots: string[];
  /** Buffers that win over disk (the language server's open documents). */
  overlay: (uri: string) => string | undefined = () => undefined;

  /** Where each path really is (and each root), remembered for the host's life when it is one run's (`rememberLookups`). */
  readonly #real: (p: string) => string | null;
  readonly #realRoot: (root: string) => string;
  readonly #lexists: (p: string) => boolean;

  /**
   * `rememberLookups`: the real location of a path, and whether it exists as a link or a file,
   * is looked up once for the host's life. For a one-shot run (the CLI), where the tree does not
   * change under it, a world whose 30,000 prompts are missing then walks each folder once instead
   * of once per prompt; the language server's host looks again every time, as links may change.
   */
  constructor(roots: string[], options: { rememberLookups?: boolean } = {}) {
    this.#roots = roots.map((r) => path.resolve(r));
    if (options.rememberLookups === true) {
      const entry = remembered(lstatOrNone);
      // A path's real location is made from its folder's, with one (remembered) lstat of the path itself.
      const real = new Map<string, string | null>();
      this.#real = (p) => this.#heldReal(real, p, entry);
      this.#realRoot = remembered(realRoot);
      this.#lexists = (p) => entry(p) !== undefined;
      // One run's listings too: 10,000 skills in one folder are listed once, not once per skill.
      this.#listings = new Map();
      this.#runLong = true;
    } else {
      // During a check the answers are held for its length (a synchronous stretch: nothing on disk moves under it).
      this.#real = (p) => (this.#held ? this.#heldReal(this.#held.real, p) : realLocation(p));
      this.#realRoot = (r) => (this.#held ? heldAnswer(this.#held.roots, r, realRoot) : realRoot(r));
      this.#lexists = (p) => lstatOrNone(p) !== undefined;
    }
  }

  /** Adds a root folder (a file-system path). */
  addRoot(root: string): void {
    const r = path.resolve(root);
    if (!this.#roots.includes(r)) this.#roots.push(r);
  }

  removeRoot(root: string): void {
    const i = this.#roots.indexOf(path.resolve(root));
    if (i >= 0) this.#roots.splice(i, 1);
  }

  /**
   * While a check runs (`duringCheck`), or for the host's life when it is one run's: the names in
   * each folder whose real location is inside a root (null: not listed, ask the path itself).
   */
  #listings: Map<string, Set<string> | null> | undefined;
  /** While a check runs: the real location of each path asked, and whether each URI asked exists (a server's index slice asks of the same folders for hundreds of files). */
  #held: { real: Map<string, string | null>; exists: Map<string, boolean>; roots: Map<string, string> } | undefined;
  /** While a check runs: the folders one path was asked of (see `#listedMissing`). */
  #askedOnce = new Set<string>();
  #checks = 0;
  /** The listings are kept for the host's life (`rememberLookups`). */
  #runLong = false;

  /**
   * For a host that remembers its lookups: the names in folders a walk of the same run has just
   * listed (`walkFiles`' `listed`), and where each folder really is, so a lookup in them, or in a
   * folder they do not hold, asks the disk nothing. Whether each folder is really inside a root
   * is still decided when it is asked. Keyed by absolute path (as `path.resolve` makes it).
   */
  knowListings(listings: ReadonlyMap<string, WalkedFolder>): void {
    if (this.#runLong) this.#walked = listings;
  }
  #walked: ReadonlyMap<string, WalkedFolder> = new Map();

  /**
   * For the language server's host, which `knowListings` leaves alone: the listings of one
   * workspace scan's walks (`NodeWorkspaceFs.whileScanning`), which answer the lookups of its
   * checks as they answer a run's, until the scan ends or a watched file changes (undefined).
   */
  holdScanListings(listings: ReadonlyMap<string, WalkedFolder> | undefined): void {
    if (!this.#runLong) this.#walked = listings ?? new Map();
  }

  duringCheck<T>(work: () => T): T {
    if (this.#runLong) return work();
    if (this.#checks++ === 0) {
      this.#listings = new Map();
      this.#held = { real: new Map(), exists: new Map(), roots: new Map() };
    }
    try {
      return work();
    } finally {
      if (--this.#checks === 0) {
        this.#listings = undefined;
        this.#held = undefined;
        this.#askedOnce = new Set();
      }
    }
  }

  /**
   * True when, during a check, `p` (inside a root as written) is known not to be there, not even
   * as a dangling link: its folder is really inside a root and its listing has no such name. A
   * folder that is missing, unreadable or leads outside is not listed (the path is asked itself).
   */
  #listedMissing(p: string): boolean {
    if (!this.#listings) return false;
    const dir = path.dirname(p);
    if (this.#walked.size > 0) {
      const known = this.#walkedMissing(p);
      if (known !== undefined) return known;
    }
    let names = this.#listings.get(dir);
    // The first path asked of a folder is looked up on its own: listing pays from the second on
    // (an index slice reads one SKILL.md per folder; a check of 60,000 missing links asks one folder).
    if (names === undefined && !this.#askedOnce.has(dir)) {
      this.#askedOnce.add(dir);
      return false;
    }
    if (names === undefined) {
      names = null;
      if (this.#insideReal(this.#real(dir)))
        try {
          // A folder that is not there holds nothing (and a listing would cost an exception).
          names = this.#lexists(dir) ? new Set(fs.readdirSync(dir)) : new Set();
        } catch {
          names = null; // not a readable folder
        }
      this.#listings.set(dir, names);
    }
    return names !== null && !names.has(path.basename(p));
  }

  /**
   * What the walked listings say of `p`: true when its folder, or the nearest folder above it
   * that was walked, lacks the next part of its path (so nothing is there, not even a dangling
   * link); false when its walked folder holds it; undefined when no walked folder decides (none
   * above it, one that leads outside the roots, or a part that is there but was not walked).
   */
  #walkedMissing(p: string): boolean | undefined {
    let part = p;
    for (let depth = 0; depth < 64; depth++) {
      const dir = path.dirname(part);
      if (dir === part) return undefined;
      const walked = this.#walked.get(dir);
      if (walked !== undefined) {
        if (!this.#insideReal(walked.real)) return undefined;
        const has = walked.names.has(path.basename(part));
        return part === p ? !has : has ? undefined : true;
      }
      part = dir;
    }
    return undefined;
  }

  /**
   * During a check (or a run, for a host that remembers its lookups): the real location of `p`
   * from its folder's, which is held for the rest of the check (a slice asks of hundreds of files in a few folders). Only `p` itself is looked at: when
   * it is not a link, it is where its real folder says; a link is walked as `realLocation` walks it.
   */
  #heldReal(held: Map<string, string | null>, p: string, lstat: (p: string) => fs.Stats | undefined = lstatOrNone): string | null {
    if (held.has(p)) return held.get(p)!;
    // Up to the nearest folder already held (or the top), then down one part at a time.
    const below: string[] = [];
    let cur = p;
    while (!held.has(cur) && path.dirname(cur) !== cur) {
      below.push(cur);
      cur = path.dirname(cur);
    }
    let real = held.has(cur) ? held.get(cur)! : realLocation(cur, lstat);
    held.set(cur, real);
    let missing = false;
    for (const q of below.reverse()) {
      // Below a missing part nothing is there to be a link. A folder the walk listed says what is in it.
      if (real !== null && !missing) {
        const entry = this.#walkedEntry(q, real) ?? entryOf(lstat(q));
        missing = entry === 'absent';
        if (entry === 'link') {
          real = realLocation(q, lstat);
          held.set(q, real);
          continue;
        }
      }
      real = real === null ? null : path.join(real, path.basename(q));
      held.set(q, real);
    }
    return real;
  }

  /**
   * What the walk's listing of `q`'s folder says of `q`, when the walk listed the very folder the
   * lookup reached (real location `realDir`): absent, or there and not a link (so it is where its
   * folder is). Undefined for a link and for a folder no walk listed: the disk is asked.
   */
  #walkedEntry(q: string, realDir: string): 'there' | 'absent' | undefined {
    const walked = this.#walked.get(path.dirname(q));
    if (walked === undefined || walked.real !== realDir) return undefined;
    const name = path.basename(q);
    if (!walked.names.has(name)) return 'absent';
    return walked.links.has(name) ? undefined : 'there';
  }

  /** The path of a URI inside a root as written, or null. */
  #lexicalInside(uri: string): string | null {
    const p = this.#lexical(uri);
    return p !== null && this.#roots.some((r) => inside(p, r)) ? p : null;
  }

  /** The last URI made a path, and its path: a missing link is asked `exists`, then `linkOutside`, of the same URI. */
  #lastLexical: [string, string | null] = ['', null];
  #lexical(uri: string): string | null {
    if (this.#lastLexical[0] !== uri) this.#lastLexical = [uri, lexicalPath(uri)];
    return this.#lastLexical[1];
  }

  /** The file-system path of a URI, or null when it is not a file inside a root. */
  pathOf(uri: string): string | null {
    const p = this.#lexical(uri);
    if (p === null || !this.#roots.some((r) => inside(p, r))) return null;
    // A symlink inside a root may point anywhere: what is read is where it leads, so that
    // target must lie inside a root too (compared through real paths, as roots may be links).
    return this.#insideReal(this.#real(p)) ? p : null;
  }

  /**
   * The symbolic link through which a URI that is inside a root as written leads outside every
   * root: the first part of its path below the root whose real location (symlinks followed, up
   * to the nearest part that exists) lies outside. Undefined when the URI stays inside, and when
   * it is not a `file:` URI inside a root to begin with (no link is to blame then).
   */
  linkOutside(uri: string): string | undefined {
    const p = this.#lexical(uri);
    if (p === null) return undefined;
    // Missing from a folder that is really inside: no link on the way.
    if (this.#lexicalInside(uri) !== null && this.#listedMissing(p)) return undefined;
    const root = this.#roots.filter((r) => inside(p, r)).sort((a, b) => b.length - a.length)[0];
    if (root === undefined) return undefined;
    if (this.#insideReal(this.#real(p))) return undefined;
    let cur = root;
    for (const part of path
      .relative(root, p)
      .split(path.sep)
      .filter((x) => x !== '')) {
      cur = path.join(cur, part);
      if (!this.#insideReal(this.#real(cur))) return URI.file(cur).toString();
      if (!this.#lexists(cur)) break; // below a missing part nothing leads anywhere else
    }
    return uri;
  }

  /** Where a file that is itself a symbolic link leads, when that is inside a root (see IWorkspaceHost). */
  linkedFile(uri: string): string | undefined {
    const p = this.pathOf(uri);
    if (p === null || !fs.lstatSync(p, { throwIfNoEntry: false })?.isSymbolicLink()) return undefined;
    const real = this.#real(p);
    return real === null ? undefined : URI.file(real).toString();
  }

  /** Whether a file inside a root has an executable bit; undefined on Windows (no such bit) and for no readable file. */
  isExecutable(uri: string): boolean | undefined {
    if (process.platform === 'win32') return undefined;
    const p = this.pathOf(uri);
    if (p === null) return undefined;
    try {
      const st = fs.statSync(p, { throwIfNoEntry: false });
      return st?.isFile() ? (st.mode & 0o111) !== 0 : undefined;
    } catch (e) {
      // A file the process may not stat (EACCES): the host cannot tell.
      if (e instanceof Error && 'code' in e) return undefined;
      throw e;
    }
  }

  /**
   * True when the server may offer an edit that creates or changes this URI: a `file:` URI
   * inside a root as written and, with `..` taken after symlinks as the OS takes it, in real
   * location too (for a path that does not exist yet, through its nearest existing ancestor).
   */
  mayWrite(uri: string): boolean {
    let raw: string;
    try {
      const u = URI.parse(uri);
      if (u.scheme !== 'file' || u.authority !== '') return false;
      raw = u.fsPath;
    } catch {
      return false;
    }
    if (!path.isAbsolute(raw) || raw.includes('\0')) return false;
    const p = lexicalPath(uri);
    return p !== null && this.#roots.some((r) => inside(p, r)) && this.#insideReal(this.#real(p)) && this.#insideReal(this.#real(raw));
  }

  #insideReal(real: string | null): boolean {
    return real !== null && this.#roots.some((r) => inside(real, this.#realRoot(r)));
  }

  exists(uri: string): boolean {
    if (this.overlay(uri) !== undefined) return true;
    return this.#held ? heldAnswer(this.#held.exists, uri, (u) => this.#existsOnDisk(u)) : this.#existsOnDisk(uri);
  }

  #existsOnDisk(uri: string): boolean {
    const lexical = this.#lexicalInside(uri);
    if (lexical === null || this.#listedMissing(lexical)) return false;
    const p = this.pathOf(uri);
    return p !== null && fs.existsSync(p);
  }

  isDirectory(uri: string): boolean {
    const p = this.pathOf(uri);
    try {
      return p !== null && fs.statSync(p).isDirectory();
    } catch {
      return false;
    }
  }

  readDirectory(uri: string): string[] {
    const p = this.pathOf(uri);
    // A folder the run's walk listed, really inside a root, is not listed again.
    const walked = p === null ? undefined : this.#walked.get(path.resolve(p));
    if (walked && this.#insideReal(walked.real)) return [...walked.names].sort();
    try {
      return p === null ? [] : fs.readdirSync(p).sort();
    } catch {
      return [];
    }
  }

  /** A file's text; `size`: what a walk of the same scan found the file's size to be (it is not asked again). */
  readText(uri: string, size?: number): string | undefined {
    const open = this.overlay(uri);
    if (open !== undefined) return open;
    const lexical = this.#lexicalInside(uri);
    if (lexical === null || this.#listedMissing(lexical)) return undefined;
    const p = this.pathOf(uri);
    if (p === null) return undefined;
    try {
      if (size !== undefined) return size > MAX_READ_BYTES ? undefined : fs.readFileSync(p, 'utf8');
      // No exception for a missing file: most reads are of config candidates that are not there.
      const st = fs.statSync(p, { throwIfNoEntry: false });
      if (!st?.isFile() || st.size > MAX_READ_BYTES) return undefined;
      return fs.readFileSync(p, 'utf8');
    } catch {
      return undefined;
    }
  }
}

/** A folder as a walk found it: the names in it, and its real location (symlinks followed). */
export interface WalkedFolder {
  names: ReadonlySet<string>;
  real: string;
  /** The names among them that are symbolic links (the others are where the folder really is). */
  links: ReadonlySet<string>;
  /** The names that are folders (not through a link). */
  dirs: ReadonlySet<string>;
  /** The names that are neither files, folders nor links (sockets, pipes, devices). */
  special: ReadonlySet<string>;
}

/** An entry of a folder as `folderEntries` lists it. */
export interface FolderEntry {
  name: string;
  /** Its kind (`isDirectory`, `isFile`, `isSymbolicLink`…); its own name is not read. */
  e: fs.Dirent<string | Buffer>;
}

const NONE: ReadonlySet<string> = new Set();
const namesWhere = (entries: readonly FolderEntry[], test: (e: FolderEntry['e']) => boolean): ReadonlySet<string> => {
  const picked = entries.filter((x) => test(x.e));
  return picked.length ? new Set(picked.map((x) => x.name)) : NONE;
};

/** A folder's listing as a walk keeps it, from its entries and its real location. */
export function walkedFolder(entries: readonly FolderEntry[], real: string): WalkedFolder {
  return {
    names: new Set(entries.map((x) => x.name)),
    real,
    links: namesWhere(entries, (e) => e.isSymbolicLink()),
    dirs: namesWhere(entries, (e) => e.isDirectory()),
    special: namesWhere(entries, (e) => !e.isFile() && !e.isDirectory() && !e.isSymbolicLink()),
  };
}

/** The resolved (`..` removed as written) file-system path of a `file:` URI, or null. */
function lexicalPath(uri: string): string | null {
  // Most URIs asked are plain: their path needs no decoding or resolving (on POSIX, where it is the path).
  if (path.sep === '/' && isPlainFileUri(uri)) return uri.slice('file://'.length);
  try {
    const u = URI.parse(uri);
    if (u.scheme !== 'file') return null;
    const p = u.fsPath;
    return p.includes('\0') ? null : path.resolve(p);
  } catch {
    return null;
  }
}

/** The answer `map` holds for `key`, asked of `fn` and kept the first time. */
function heldAnswer<T>(map: Map<string, T>, key: string, fn: (key: string) => T): T {
  if (map.has(key)) return map.get(key)!;
  const v = fn(key);
  map.set(key, v);
  return v;
}

/** `fn` with its answers kept, one per argument. */
function remembered<T>(fn: (p: string) => T): (p: string) => T {
  const kept = new Map<string, T>();
  return (p) => {
    if (kept.has(p)) return kept.get(p)!;
    const v = fn(p);
    kept.set(p, v);
    return v;
  };
}

/** A path as `lstat` saw it: missing, a symbolic link, or something else that is there. */
function entryOf(st: fs.Stats | undefined): 'absent' | 'link' | 'there' {
  return st === undefined ? 'absent' : st.isSymbolicLink() ? 'link' : 'there';
}

/** What `lstat` says of a path, or undefined when it is missing or cannot be read (ENOTDIR, EACCES…: no lookup gets past it either). */
function lstatOrNone(p: string): fs.Stats | undefined {
  try {
    return fs.lstatSync(p, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/** Symlinks followed by one path lookup before the OS gives up (Linux's limit). */
const MAX_LINK_HOPS = 40;

/**
 * The real path where `p` is, or would be once created: its parts are walked from the top as the
 * OS walks them (a symlink replaced by its target, `..` taken from the real folder reached so
 * far), and the parts below the first missing one are appended as they are. A dangling link
 * leads to its target. Null when the links go round (more than 40 hops) or cannot be read.
 * Iterative: the depth of a path a document writes must not become stack depth.
 */
export function realLocation(p: string, lstat: (p: string) => fs.Stats | undefined = lstatOrNone): string | null {
  // A path that is not there (most config candidates) is walked at once: realpath would throw, and an exception costs more than the walk.
  if (lstat(p) !== undefined)
    try {
      return fs.realpathSync.native(p); // it exists: the OS answers in one call
    } catch {
      // Something on the way is dangling or looping: walk it part by part.
    }
  const top = path.parse(p).root;
  if (!top) return null;
  let cur = top;
  // Parts still to walk, as a stack (the next part last).
  const todo = split(p.slice(top.length)).reverse();
  let hops = 0;
  while (todo.length > 0) {
    const part = todo.pop()!;
    if (part === '.') continue;
    if (part === '..') {
      cur = path.dirname(cur);
      continue;
    }
    const next = path.join(cur, part);
    const st = lstat(next);
    // Missing: whatever comes after it would be created below it.
    if (st === undefined) return path.join(next, ...todo.reverse());
    if (!st.isSymbolicLink()) {
      cur = next;
      continue;
    }
    if (++hops > MAX_LINK_HOPS) return null;
    let link: string;
    try {
      link = fs.readlinkSync(next);
    } catch {
      return null;
    }
    const linkTop = path.parse(link).root;
    if (linkTop) cur = linkTop;
    for (const x of split(link.slice(linkTop.length)).reverse()) todo.push(x);
  }
  return cur;
}

function split(rest: string): string[] {
  return rest.split(path.sep === '\\' ? /[\\/]/ : '/').filter((x) => x !== '');
}

function inside(p: string, root: string): boolean {
  return p === root || p.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
}

function realRoot(root: string): string {
  try {
    return fs.realpathSync.native(root);
  } catch {
    return root;
  }
}

/**
 * Every supported file under `root` (symlinked folders are not followed). What the walk cannot
 * take is told to `skipped` (when given) with a printable path and the reason: a folder that
 * cannot be read, and an entry whose name is not valid UTF-8 (its path has no string form that
 * names it, so nothing below it can be read, linked or reported by name); a file of that kind is
 * told only when `accept` would take it.
 */
export function findFiles(
  root: string,
  accept: (p: string) => boolean,
  limit = 100_000,
  skipped?: (shown: string, why: string) => void,
  /** Folders a walk of the same scan listed: they are not read again. */
  listings?: ReadonlyMap<string, WalkedFolder>,
): string[] {
  const out: string[] = [];
  const stack = [root];
  while (stack.length && out.length < limit) {
    const dir = stack.pop()!;
    const walked = listings?.get(dir);
    const entries = walked ? kindsOf(walked) : folderEntries(dir, accept, skipped)?.map(({ name, e }) => ({ name, dir: e.isDirectory(), file: e.isFile() }));
    if (!entries) continue;
    for (const { name, dir: isDir, file } of entries) {
      const p = path.join(dir, name);
      if (isDir) {
        if (!UNLISTED_FOLDERS.has(name)) stack.push(p);
      } else if (file && accept(p)) out.push(p);
    }
  }
  return out.sort();
}

/** A walked folder's entries as `folderEntries` gives them (reverse name order), each a folder, a file or neither (a link, a pipe). */
function kindsOf(walked: WalkedFolder): { name: string; dir: boolean; file: boolean }[] {
  return [...walked.names]
    .sort((a, b) => (a < b ? 1 : a > b ? -1 : 0))
    .map((name) => {
      const dir = walked.dirs.has(name);
      return { name, dir, file: !dir && !walked.links.has(name) && !walked.special.has(name) };
    });
}

/**
 * The entries of a folder whose names are valid UTF-8, in reverse name order (a walk's stack
 * pops them in order), or null when it cannot be read. What is left out is told to `skipped`:
 * the folder that cannot be read, and a folder, or a file `accept` would take, whose name is not
 * valid UTF-8. `listed` is told every entry of a folder whose names are all valid UTF-8.
 */
export function folderEntries(
  dir: string,
  accept: (p: string) => boolean,
  skipped?: (shown: string, why: string) => void,
  listed?: (entries: readonly FolderEntry[]) => void,
): FolderEntry[] | null {
  const raw = readFolder(dir, () => fs.readdirSync(dir, { withFileTypes: true }), skipped);
  if (!raw) return null;
  // Names that are not UTF-8 are read with U+FFFD in them: only then are the folder's names read as bytes to tell them apart.
  const entries = raw.some((e) => e.name.includes('\uFFFD')) ? checkedNames(dir, accept, skipped) : raw.map((e) => ({ name: e.name, e }));
  if (!entries) return null;
  // Only a whole listing is told: a name that is not UTF-8 has no string that names it.
  if (listed && entries.length === raw.length) listed(entries);
  return entries.sort((a, b) => (a.name < b.name ? 1 : a.name > b.name ? -1 : 0));
}

/** The entries of a folder whose names are valid UTF-8, read as bytes; the others are told to `skipped`. */
function checkedNames(dir: string, accept: (p: string) => boolean, skipped?: (shown: string, why: string) => void): FolderEntry[] | null {
  const raw = readFolder(dir, () => fs.readdirSync(dir, { withFileTypes: true, encoding: 'buffer' }), skipped);
  if (!raw) return null;
  const entries: FolderEntry[] = [];
  for (const e of raw) {
    const name = e.name.toString('utf8');
    if (Buffer.from(name, 'utf8').equals(e.name)) entries.push({ name, e });
    else if (e.isDirectory() || (e.isFile() && accept(path.join(dir, name)))) {
      skipped?.(path.join(dir, escapedName(e.name)), `its name is not valid UTF-8, so ${e.isDirectory() ? 'nothing in it is' : 'it is not'} checked (rename it to UTF-8)`);
    }
  }
  return entries;
}

/** A folder's listing as `read` makes it, or null when the folder cannot be read (told to `skipped`). */
function readFolder<T>(dir: string, read: () => T, skipped?: (shown: string, why: string) => void): T | null {
  try {
    return read();
  } catch (e) {
    skipped?.(dir, `the folder cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
    return null;
  }
}

/** A file name's bytes as text: its valid UTF-8 as it is, every other byte as `\xNN`. */
export function escapedName(name: Buffer): string {
  let out = '';
  let i = 0;
  while (i < name.length) {
    const b = name[i]!;
    const n = b < 0x80 ? 1 : b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    const seq = n ? name.subarray(i, i + n) : undefined;
    const text = seq?.length === n ? seq.toString('utf8') : undefined;
    if (text !== undefined && Buffer.from(text, 'utf8').equals(seq!)) {
      out += text;
      i += n;
    } else {
      out += `\\x${b.toString(16).padStart(2, '0')}`;
      i += 1;
    }
  }
  return out;
}
