/**
 * The language server's workspace host on Node: the file system, bounded to the workspace
 * folders (./fsHost.ts). Reads are synchronous, so prefetching and refreshing have nothing to do.
 */
import * as fs from 'node:fs';
import { URI } from 'vscode-uri';
import type { FoundFile, ServerHost, WorkspaceFs } from '../lsp/host';
import { findFiles, NodeFsHost, type WalkedFolder } from './fsHost';
import { isOneWhereverFile, trackedOnDisk, walkFiles } from './walk';
import type { WalkFilter } from '../core/workspace/liveFiles';

const fsPathOf = (folderUri: string): string | null => {
  try {
    const u = URI.parse(folderUri);
    return u.scheme === 'file' ? u.fsPath : null;
  } catch {
    return null; // not a URI: not a folder this host serves
  }
};

export class NodeWorkspaceFs implements WorkspaceFs {
  readonly #fs = new NodeFsHost([]);
  /** While a scan runs: the names in each folder its walks listed (see `whileScanning`). */
  #scanListings: Map<string, WalkedFolder> | undefined;
  /** While a scan runs: the size of each file its walks found, by URI (its read asks no second `stat`). */
  #scanSizes: Map<string, number> | undefined;
  #scans = 0;

  get overlay(): (uri: string) => string | undefined {
    return this.#fs.overlay;
  }
  set overlay(f: (uri: string) => string | undefined) {
    this.#fs.overlay = f;
  }

  servesFolder(folderUri: string): boolean {
    return fsPathOf(folderUri) !== null;
  }
  addRoot(folderUri: string): void {
    const p = fsPathOf(folderUri);
    if (p !== null) this.#fs.addRoot(p);
  }
  removeRoot(folderUri: string): void {
    const p = fsPathOf(folderUri);
    if (p !== null) this.#fs.removeRoot(p);
  }
  mayWrite(uri: string): boolean {
    return this.#fs.mayWrite(uri);
  }
  trackedFiles(folderUri: string): readonly string[] | undefined {
    const p = fsPathOf(folderUri);
    return p === null ? undefined : trackedOnDisk(p);
  }
  exists(uri: string): boolean {
    return this.#fs.exists(uri);
  }
  isDirectory(uri: string): boolean {
    return this.#fs.isDirectory(uri);
  }
  readDirectory(uri: string): string[] {
    return this.#fs.readDirectory(uri);
  }
  readText(uri: string): string | undefined {
    return this.#fs.readText(uri, this.#scanSizes?.get(uri));
  }
  linkOutside(uri: string): string | undefined {
    return this.#fs.linkOutside(uri);
  }
  linkedFile(uri: string): string | undefined {
    return this.#fs.linkedFile(uri);
  }
  isExecutable(uri: string): boolean | undefined {
    return this.#fs.isExecutable(uri);
  }
  duringCheck<T>(work: () => T): T {
    return this.#fs.duringCheck(work);
  }

  /**
   * While a workspace scan runs, what its walks listed answers its lookups: the nearest config of
   * each file and whether a folder holds `.git` (asked by the walk's filter as it goes down), a
   * skill's references. 2,000 skills in their own folders otherwise ask the disk for each of
   * those once per folder. The listings are dropped when the scan ends, and as soon as a watched
   * file changes (`refresh`): a scan's checks then ask the disk again, as outside a scan.
   */
  async whileScanning<T>(pass: () => Promise<T>): Promise<T> {
    if (this.#scans++ === 0) {
      this.#scanListings = new Map();
      this.#scanSizes = new Map();
      this.#fs.holdScanListings(this.#scanListings);
    }
    try {
      return await pass();
    } finally {
      if (--this.#scans === 0) {
        this.#scanListings = undefined;
        this.#scanSizes = undefined;
        this.#fs.holdScanListings(undefined);
      }
    }
  }

  findFiles(folderUri: string, accept: (path: string) => boolean, limit: number, filter?: WalkFilter): Promise<FoundFile[]> {
    const root = fsPathOf(folderUri);
    if (root === null) return Promise.resolve([]);
    // One synchronous walk: the lookups its filter makes (each folder's .gitignore, the nearest config) are held for it.
    const out = this.#fs.duringCheck(() => {
      const found: FoundFile[] = [];
      const listings = this.#scanListings;
      const listed = listings && ((dir: string, folder: WalkedFolder) => listings.set(dir, folder));
      const aliases = new Map<string, string[]>();
      const walkOptions = {
        limit,
        oneWherever: isOneWhereverFile,
        aliases: (kept: string, others: readonly string[]) =>
          aliases.set(
            kept,
            others.map((o) => URI.file(o).toString()),
          ),
      };
      for (const p of walkFiles(root, accept, { ...walkOptions, ...(filter ? { filter } : {}), ...(listed ? { listed } : {}) })) {
        try {
          const others = aliases.get(p);
          const file = { uri: URI.file(p).toString(), size: fs.statSync(p).size, ...(others ? { aliases: others } : {}) };
          this.#scanSizes?.set(file.uri, file.size);
          found.push(file);
        } catch {
          // deleted since it was listed: not a file of the workspace any more
        }
      }
      return found;
    });
    return Promise.resolve(out);
  }

  listFiles(folderUris: string[], limit: number): string[] {
    const out: string[] = [];
    for (const f of folderUris) {
      const root = fsPathOf(f);
      if (root === null || out.length >= limit) continue;
      // During a scan, the folders its walk listed are not read again.
      for (const p of findFiles(root, () => true, limit - out.length, undefined, this.#scanListings)) out.push(URI.file(p).toString());
    }
    return out;
  }

  /**
   * `setImmediate` runs right after the event loop has polled for input (the client's messages);
   * a zero `setTimeout` waits at least a millisecond, which a scan paid once per slice.
   */
  yieldToEvents(): Promise<void> {
    return new Promise((resolve) => setImmediate(resolve));
  }

  prefetch(): Promise<void> {
    return Promise.resolve();
  }
  refresh(): Promise<void> {
    // A file was created, changed or deleted: a running scan's listings and sizes may be out of date.
    this.#scanListings?.clear();
    this.#scanSizes?.clear();
    return Promise.resolve();
  }
  onDidLoad(): void {
    // Reads are synchronous: a text never arrives later.
  }
}

export function nodeServerHost(): ServerHost {
  return { fs: new NodeWorkspaceFs(), pid: process.pid, heapUsed: () => process.memoryUsage().heapUsed };
}
