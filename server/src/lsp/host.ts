/**
 * What the language server needs from the platform it runs on, handed in by its entry point (as
 * VS Code's JSON language server takes its runtime): the Node entry gives the file system
 * (server/src/node), the browser entry a view of the workspace the client fills in over custom
 * requests (server/src/browser). The LSP ring itself imports no platform module.
 *
 * The core reads the workspace synchronously (IWorkspaceHost). Every asynchronous step happens
 * before: `prefetch` loads the texts a scan is about to index, `refresh` re-reads a file a
 * watcher reported, and a host that learns a text only later (a read it had not prefetched)
 * says so through `onDidLoad`, after which the server re-validates the open documents.
 */
import type { IWorkspaceHost } from '../core/workspace/host';
import type { WalkFilter } from '../core/workspace/liveFiles';

/** One file found under a workspace folder. */
export interface FoundFile {
  uri: string;
  /** Its size in bytes, when the host knows it without reading the file. */
  size?: number;
  /** For a SKILL.md whose folder symbolic links show in other places too: those other URIs (node/walk.ts `oneWherever`). */
  aliases?: readonly string[];
}

export interface WorkspaceFs extends IWorkspaceHost {
  /** Buffers that win over stored files (the server's open documents). */
  overlay: (uri: string) => string | undefined;
  /** True when this host can serve a workspace folder with this URI (Node: `file:` only). */
  servesFolder(folderUri: string): boolean;
  addRoot(folderUri: string): void;
  removeRoot(folderUri: string): void;
  /** True when the server may offer an edit that creates or changes this URI. */
  mayWrite(uri: string): boolean;
  /**
   * The files git tracks in the repository whose root is this workspace folder (its `.git/index`,
   * paths relative to the folder): live whatever a `.gitignore` says. Undefined when the folder is
   * no repository's root or the host cannot read the index.
   */
  trackedFiles?(folderUri: string): readonly string[] | undefined;
  /**
   * The files under a workspace folder whose path `accept`s, at most `limit` (.git left out), and
   * that `filter` keeps (paths relative to the folder; a host that walks the folder skips the
   * folders it does not enter). Symbolic links inside the folder are followed.
   */
  findFiles(folderUri: string, accept: (path: string) => boolean, limit: number, filter?: WalkFilter): Promise<FoundFile[]>;
  /** Every file of these folders as URIs, at most `limit`, synchronously (instruction globs). */
  listFiles(folderUris: string[], limit: number): string[];
  /** Loads the texts of these files so that `readText` answers from memory (a no-op where reads are synchronous anyway). */
  prefetch(uris: string[]): Promise<void>;
  /**
   * Runs a workspace scan (its walks and the checks of what they found); a host that walks the
   * disk may let the walks' listings answer the scan's lookups until it ends or `refresh`.
   */
  whileScanning?<T>(pass: () => Promise<T>): Promise<T>;
  /** Lets the event loop read the client's messages between two slices of a scan (without it: a zero timer, as in a browser worker). */
  yieldToEvents?(): Promise<void>;
  /** A watched file was created, changed or deleted: forget or re-read what is held of it. */
  refresh(uri: string, deleted: boolean): Promise<void>;
  /** Called with a URI whose text arrived after a `readText` had to answer without it. */
  onDidLoad(listener: (uri: string) => void): void;
}

export interface ServerHost {
  fs: WorkspaceFs;
  /** The server's process id, reported to the client for its restart tests (Node only). */
  pid?: number;
  /** The heap in use, in bytes (for the benchmark's memory figures). */
  heapUsed?(): number;
  /**
   * Watch every file of the workspace, not only the agent files: a host that holds what it read
   * (the browser's) must hear of any file the core may read (a skill's reference, an import).
   */
  watchEverything?: boolean;
}
