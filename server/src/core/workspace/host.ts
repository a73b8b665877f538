/**
 * What the core may know about the world beyond one text: an injected, synchronous view of
 * the workspace. The language server implements it over open buffers and the file system
 * (bounded to the workspace folders), the CLI over the file system, tests in memory.
 */
import { URI } from 'vscode-uri';
import { isUriError, unlessExpected } from '../analysis/expectedErrors';

export interface IWorkspaceHost {
  /** True when a file or folder exists at this URI. */
  exists(uri: string): boolean;
  /** True when a folder exists at this URI. */
  isDirectory(uri: string): boolean;
  /** Entry names of a folder (not paths); empty when it is not a readable folder. */
  readDirectory(uri: string): string[];
  /** The text of a file (an open buffer wins over disk), or undefined when unreadable. */
  readText(uri: string): string | undefined;
  /**
   * The symbolic link (a folder on the way, or the file itself) through which a URI that lies
   * inside the workspace folders as written leads outside them; undefined when it stays inside
   * or is outside as written. Such a target is never read. Hosts without a workspace bound
   * (tests, single documents) leave it out.
   */
  linkOutside?(uri: string): string | undefined;
  /**
   * Where a file that is itself a symbolic link leads (`.claude/rules/x.md -> ../../shared/x.md`),
   * as a URI inside the workspace folders; undefined for a file that is no link. Hosts without
   * links (tests, the browser) leave it out.
   */
  linkedFile?(uri: string): string | undefined;
  /**
   * Whether a file's mode lets it be run as a program (an executable bit is set); undefined where
   * the host cannot tell: no such file, a file system without the bit (Windows), the browser.
   */
  isExecutable?(uri: string): boolean | undefined;
  /**
   * Runs `work` (one check) with each folder the host lists held for its length, so a file that
   * is not in its folder's listing is known missing without a lookup of its own (60,000 links to
   * missing files in one folder: one listing instead of 60,000 walks). Nothing is held after.
   */
  duringCheck?<T>(work: () => T): T;
}

/** Folders a listing of every workspace file never enters (the file list instruction globs are matched against). */
export const UNLISTED_FOLDERS: ReadonlySet<string> = new Set(['node_modules', '.git']);

/** Runs one check through `host.duringCheck` where the host has it. */
export function duringCheck<T>(host: IWorkspaceHost, work: () => T): T {
  return host.duringCheck ? host.duringCheck(work) : work();
}

/** `host.exists` asked once per URI: a lookup for one check, where many references share a target or a folder. */
export function existsOnce(host: IWorkspaceHost): (uri: string) => boolean {
  const known = new Map<string, boolean>();
  return (uri) => {
    let v = known.get(uri);
    if (v === undefined) known.set(uri, (v = host.exists(uri)));
    return v;
  };
}

/** `host.linkOutside`, for hosts that have it (others have no workspace bound: no link leads out). */
export function linkOutside(host: IWorkspaceHost, uri: string): string | undefined {
  return host.linkOutside?.(uri);
}

/** `host.isExecutable`, for hosts that have it (undefined: the host cannot tell). */
export function isExecutable(host: IWorkspaceHost, uri: string): boolean | undefined {
  return host.isExecutable?.(uri);
}

/** `host.linkedFile`, for hosts that have it. */
export function linkedFile(host: IWorkspaceHost, uri: string): string | undefined {
  return host.linkedFile?.(uri);
}

/**
 * How to name `uri` in a message about a file in `dirUri`: a relative path (`references`,
 * `../shared`), or the full path when `uri` is the folder itself or one above it, or on
 * another volume.
 */
export function relativeLabel(dirUri: string, uri: string): string {
  try {
    const a = URI.parse(dirUri);
    const b = URI.parse(uri);
    if (a.scheme !== b.scheme || a.authority !== b.authority) return b.path;
    const from = a.path.split('/').filter((x) => x !== '');
    const to = b.path.split('/').filter((x) => x !== '');
    let i = 0;
    while (i < from.length && i < to.length && from[i] === to[i]) i++;
    // An ancestor of the folder itself (`..`, `../..`) reads better as its full path.
    if (i === to.length) return b.path;
    return [...from.slice(i).map(() => '..'), ...to.slice(i)].join('/');
  } catch (e) {
    // A URI vscode-uri cannot parse is shown as written.
    unlessExpected(e, isUriError);
    return uri;
  }
}

/** A host that knows nothing: every file is missing. Used when no workspace is available. */
export const emptyHost: IWorkspaceHost = {
  exists: () => false,
  isDirectory: () => false,
  readDirectory: () => [],
  readText: () => undefined,
};

/** A host over a map of URI → text, for tests and for single documents. */
export class InMemoryHost implements IWorkspaceHost {
  readonly files: Map<string, string>;
  /** With `modes`, the files whose mode has an executable bit; the others have none. Without it, the host cannot tell. */
  readonly #executable: ReadonlySet<string> | undefined;

  constructor(files: Record<string, string> = {}, modes?: { executable: readonly string[] }) {
    this.files = new Map(Object.entries(files));
    this.#executable = modes && new Set(modes.executable);
  }

  isExecutable(uri: string): boolean | undefined {
    return this.#executable && this.files.has(uri) ? this.#executable.has(uri) : undefined;
  }

  exists(uri: string): boolean {
    return this.files.has(uri) || this.isDirectory(uri);
  }

  isDirectory(uri: string): boolean {
    const prefix = uri.endsWith('/') ? uri : uri + '/';
    for (const k of this.files.keys()) if (k.startsWith(prefix)) return true;
    return false;
  }

  readDirectory(uri: string): string[] {
    const prefix = uri.endsWith('/') ? uri : uri + '/';
    const names = new Set<string>();
    for (const k of this.files.keys()) {
      if (k.startsWith(prefix)) names.add(k.slice(prefix.length).split('/')[0]!);
    }
    return [...names].sort();
  }

  readText(uri: string): string | undefined {
    return this.files.get(uri);
  }
}
