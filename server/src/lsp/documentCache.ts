/**
 * The per-document cache every format shares. A document's analyses live on its store entry,
 * each under a slot (`skill`, `agent-md`, `world`, `3md`…) and the inputs it was computed from
 * besides the text (settings, targets, the identity of an immutable list it read). A value is
 * valid while the document's version, the settings generation and those inputs hold, and while
 * no file it asked the workspace host about has changed: the host an analysis runs against
 * records every URI it is asked about, and a change to one of them (an open buffer edited, a
 * watched file created, changed or deleted) drops the analyses that read it. A folder the
 * analysis only found to exist (a repository's `.git`) is no read of what is below it: its
 * `index` changing with every `git add` keeps the analyses; a deletion below it does not.
 *
 * Values are never updated in place: a recomputation makes a new value, so a handler holding
 * an analysis never sees it change.
 */
import { URI } from 'vscode-uri';
import type { IWorkspaceHost } from '../core/workspace/host';

export interface CacheSlot {
  /** Version and settings generation the value was computed at. */
  key: string;
  value: unknown;
  /** Every URI the computation asked the host about (normalised), empty when it read none. */
  reads: ReadonlySet<string>;
  /** Those of `reads` the computation only asked whether they exist, and found (see `recordingHost`). */
  present: ReadonlySet<string>;
}

/** The cached values of one document, by slot and inputs; null when it holds none. */
export type DocumentCache = Map<string, CacheSlot>;

/** How many times each slot was computed (for tests and the bench). */
export type CacheStats = Map<string, number>;

const ids = new WeakMap<object, number>();
let nextId = 0;

/**
 * A cache input for an immutable value compared by identity (the workspace index's file list,
 * the workspace file list, a parsed world): equal while it is the same object.
 */
export function identity(value: object): string {
  let id = ids.get(value);
  if (id === undefined) ids.set(value, (id = ++nextId));
  return `#${id}`;
}

/** A URI as the cache compares it: parsed and printed again (so `%20` and a space agree), without a trailing slash. */
export function normalizeUri(uri: string): string {
  let u = uri;
  try {
    u = URI.parse(uri).toString();
  } catch {
    // A string vscode-uri cannot parse is compared as written.
  }
  return u.endsWith('/') ? u.slice(0, -1) : u;
}

/**
 * Whether a change to `changed` can alter what the host answered about `read`: the same file, a
 * folder above it, or a file below it. Below a path that was only found to exist (`present`), a
 * file created or changed leaves it existing (a repository's `.git`, whose `index` changes with
 * every `git add`): only a deletion there may be the path's own, piece by piece (`deletion`).
 */
export function touches(read: string, changed: string, present = false, deletion = true): boolean {
  return read === changed || read.startsWith(`${changed}/`) || ((!present || deletion) && changed.startsWith(`${read}/`));
}

/** True when `uri` lies below one of `folders` (not at one of them). */
export function belowAny(uri: string, folders: ReadonlySet<string>): boolean {
  for (let i = uri.lastIndexOf('/'); i > 0; i = uri.lastIndexOf('/', i - 1)) if (folders.has(uri.slice(0, i))) return true;
  return false;
}

/**
 * `host`, recording into `reads` every URI it is asked about, and into `present` those it was
 * only asked whether they exist (or are a folder) and that were found: what is below them cannot
 * change that answer but by deleting them (`touches`).
 */
export function recordingHost(host: IWorkspaceHost, reads: Set<string>, present: Set<string> = new Set()): IWorkspaceHost {
  // The URIs some answer depended on more than the path's existence: never `present`.
  const full = new Set<string>();
  const note = (uri: string) => {
    const u = normalizeUri(uri);
    reads.add(u);
    full.add(u);
    present.delete(u);
  };
  const found = (uri: string, yes: boolean) => {
    if (!yes) return (note(uri), false);
    const u = normalizeUri(uri);
    reads.add(u);
    if (!full.has(u)) present.add(u);
    return true;
  };
  const out: IWorkspaceHost = {
    exists: (uri) => found(uri, host.exists(uri)),
    isDirectory: (uri) => found(uri, host.isDirectory(uri)),
    readDirectory: (uri) => (note(uri), host.readDirectory(uri)),
    readText: (uri) => (note(uri), host.readText(uri)),
  };
  if (host.linkOutside) {
    const linkOutside = host.linkOutside.bind(host);
    out.linkOutside = (uri) => (note(uri), linkOutside(uri));
  }
  if (host.linkedFile) {
    const linkedFile = host.linkedFile.bind(host);
    out.linkedFile = (uri) => (note(uri), linkedFile(uri));
  }
  if (host.duringCheck) out.duringCheck = host.duringCheck.bind(host);
  return out;
}

/** Freezes a value and its array fields (cheap; guards against in-place edits of a shared analysis). */
export function freezeShallow<T>(value: T): T {
  if (!value || typeof value !== 'object' || Object.isFrozen(value)) return value;
  for (const v of Object.values(value)) if (Array.isArray(v)) Object.freeze(v);
  return Object.freeze(value);
}
