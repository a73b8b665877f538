/**
 * The per-document cache every format shares. A document's analyses live on its store entry,
 * each under a slot (`skill`, `agent-md`, `world`, `3md`…) and the inputs it was computed from
 * besides the text (settings, targets, the identity of an immutable list it read). A value is
 * valid while the document's version, the settings generation and those inputs hold, and while
 * no file it asked the workspace host about has changed: the host an analysis runs against
 * records every URI it is asked about, and a change to one of them (an open buffer edited, a
 * watched file created, changed or deleted) drops the analyses that read it. A folder the
 * analysis only found to exist (a repository's `.git`) is no read of what is below it, and one it
 * only listed no read of what is inside the folders it held: a file created or changed there
 * keeps the analyses; a new name in a listed folder, or a deletion below either, does not.
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
  /** Those of `reads` whose answers do not depend on everything below them (see `recordingHost`). */
  shallow: Shallow;
}

/**
 * Reads whose answer depends on less than everything below the path: `null` for a path only
 * found to exist (or to be a folder), a set for a folder only listed (the names it held).
 */
export type Shallow = ReadonlyMap<string, ReadonlySet<string> | null>;

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
 * folder above it, or a file below it. `shallow` is how the answer depended on what is below
 * (`Shallow`): below a path only found to exist, a file created or changed leaves it existing (a
 * repository's `.git`, whose `index` changes with every `git add`); below a folder only listed,
 * so does one inside a folder the listing had (a new folder there is a new name). A `deletion`
 * below either may be the path's or a listed folder's own, one file at a time: it counts.
 */
export function touches(read: string, changed: string, shallow?: ReadonlySet<string> | null, deletion = true): boolean {
  if (read === changed || read.startsWith(`${changed}/`)) return true;
  if (!changed.startsWith(`${read}/`)) return false;
  if (shallow === undefined || deletion) return true;
  if (shallow === null) return false;
  const rest = changed.slice(read.length + 1);
  const slash = rest.indexOf('/');
  // A name directly in the folder (created, deleted, or changed: which one is not known here), or below a name it did not hold.
  return slash < 0 || !shallow.has(decodedSegment(rest.slice(0, slash)));
}

/** A URI's path segment as a folder listing names it (`a%20b` is `a b`); as written when it does not decode. */
function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** True when `uri` lies below one of `folders` (not at one of them). */
export function belowAny(uri: string, folders: ReadonlySet<string>): boolean {
  for (let i = uri.lastIndexOf('/'); i > 0; i = uri.lastIndexOf('/', i - 1)) if (folders.has(uri.slice(0, i))) return true;
  return false;
}

/**
 * `host`, recording into `reads` every URI it is asked about, and into `shallow` those whose
 * answers depend on less than everything below them (`Shallow`, `touches`): a path only asked
 * about and found to exist (or to be a folder), and a folder only listed, with the names it held.
 */
export function recordingHost(host: IWorkspaceHost, reads: Set<string>, shallow: Map<string, ReadonlySet<string> | null> = new Map()): IWorkspaceHost {
  // The URIs some answer depended on more than that: never shallow.
  const full = new Set<string>();
  const note = (uri: string) => {
    const u = normalizeUri(uri);
    reads.add(u);
    full.add(u);
    shallow.delete(u);
  };
  const found = (uri: string, yes: boolean) => {
    if (!yes) return (note(uri), false);
    const u = normalizeUri(uri);
    reads.add(u);
    if (!full.has(u) && !shallow.has(u)) shallow.set(u, null);
    return true;
  };
  const listed = (uri: string, names: string[]) => {
    const u = normalizeUri(uri);
    reads.add(u);
    if (!full.has(u)) shallow.set(u, new Set([...(shallow.get(u) ?? []), ...names]));
    return names;
  };
  const out: IWorkspaceHost = {
    exists: (uri) => found(uri, host.exists(uri)),
    isDirectory: (uri) => found(uri, host.isDirectory(uri)),
    readDirectory: (uri) => listed(uri, host.readDirectory(uri)),
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
  if (host.isExecutable) {
    const isExecutable = host.isExecutable.bind(host);
    out.isExecutable = (uri) => (note(uri), isExecutable(uri));
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
