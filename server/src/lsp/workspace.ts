/**
 * The workspace index: every supported file under the workspace folders, read in the
 * background with progress, kept current from watched-file events, with open buffers ahead
 * of disk. Files over the size limit are indexed lazily (when opened), with a message.
 */
import { URI } from 'vscode-uri';
import { fileKindOf } from '../core/fileKinds';
import { isConfigFile } from '../core/config';
import type { IndexedFile } from '../core/indexTypes';
import { skillSourceManifests } from '../core/skills/source';
import type { FoundFile, WorkspaceFs } from './host';

/** The files the index keeps track of: every file of ours by name, and `.agent-files.json`. */
export function isTracked(path: string): boolean {
  return fileKindOf(path) !== null || isConfigFile(path);
}

/** Files larger than this are skipped by the background scan (they are indexed once opened). */
export const LAZY_INDEX_BYTES = 5 * 1024 * 1024;
/** Most files of ours one scan indexes. */
const SCAN_LIMIT = 100_000;
/** Files whose texts are prefetched together (one round of requests on a host that reads asynchronously). */
const PREFETCH_BATCH = 64;

export interface ScanReport {
  files: number;
  skipped: string[];
}

export class WorkspaceIndex {
  constructor(readonly host: WorkspaceFs) {}
  readonly #disk = new Map<string, IndexedFile>();
  readonly #open = new Map<string, IndexedFile>();
  /** Every tracked file found on disk (indexed or not: prompts, world.eval.md and config files have no entry). */
  readonly #known = new Set<string>();
  #knownSorted: readonly string[] | undefined;
  /** True while a scan runs. */
  #scanning = 0;
  readonly #listeners: (() => void)[] = [];
  /** Bumped on every change to the index; `files()` is rebuilt only when it moved. */
  #generation = 0;
  #files: { generation: number; files: readonly IndexedFile[] } | undefined;
  /** Builds the index entry of a file's text (set by the server from the format providers). */
  summarize: (uri: string, text: string) => IndexedFile | null = () => null;

  onDidChange(listener: () => void): void {
    this.#listeners.push(listener);
  }

  #changed(): void {
    this.#generation++;
    for (const l of this.#listeners) l();
  }

  /** Which state of the index `files()` shows: bumped on every change. */
  get generation(): number {
    return this.#generation;
  }

  /**
   * Every indexed file sorted by URI, open buffers winning over their disk copy: one frozen
   * array per state of the index, so callers may keep it (and key caches by its identity).
   */
  files(): readonly IndexedFile[] {
    if (this.#files?.generation === this.#generation) return this.#files.files;
    const out = new Map(this.#disk);
    for (const [uri, f] of this.#open) out.set(uri, f);
    const files = Object.freeze([...out.values()].sort((a, b) => (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : 0)));
    this.#files = { generation: this.#generation, files };
    return files;
  }

  /** Every tracked file found on disk under the workspace folders (files over the size limit left out), sorted. */
  known(): readonly string[] {
    return (this.#knownSorted ??= Object.freeze([...this.#known].sort()));
  }

  /** Whether a file is one `known()` lists. */
  isKnown(uri: string): boolean {
    return this.#known.has(uri);
  }

  /** True while a scan of the workspace folders runs. */
  get scanning(): boolean {
    return this.#scanning > 0;
  }

  #noteKnown(uri: string, present: boolean): void {
    if (present === this.#known.has(uri)) return;
    if (present) this.#known.add(uri);
    else this.#known.delete(uri);
    this.#knownSorted = undefined;
  }

  get(uri: string): IndexedFile | undefined {
    return this.#open.get(uri) ?? this.#disk.get(uri);
  }

  setOpen(uri: string, file: IndexedFile | null): void {
    if (file) this.#open.set(uri, file);
    else this.#open.delete(uri);
    this.#changed();
  }

  /** Reads and indexes one file from disk (null when it is not one of ours or unreadable). */
  indexFromDisk(uri: string): IndexedFile | null {
    if (!fileKindOf(URI.parse(uri).path)) return null;
    const text = this.host.readText(uri);
    return text === undefined ? null : this.summarize(uri, text);
  }

  /** Re-reads every indexed disk file (after a setting that changes summaries). */
  reindexAll(): void {
    for (const uri of [...this.#disk.keys()]) {
      const f = this.indexFromDisk(uri);
      if (f) this.#disk.set(uri, f);
      else this.#disk.delete(uri);
    }
    this.#changed();
  }

  /** A watched file was created, changed or deleted (once the host has re-read it). */
  fileChanged(uri: string, deleted: boolean): void {
    this.#noteKnown(uri, !deleted && isTracked(URI.parse(uri).path));
    if (deleted) this.#disk.delete(uri);
    else {
      const f = this.indexFromDisk(uri);
      if (f) this.#disk.set(uri, f);
      else this.#disk.delete(uri);
    }
    this.#changed();
  }

  /**
   * Scans folders in slices, yielding to the event loop between files so requests stay
   * responsive; `progress` receives how many of how many files are indexed.
   */
  async scan(folders: string[], progress: (done: number, total: number) => void, isCancelled: () => boolean = () => false): Promise<ScanReport> {
    this.#scanning++;
    try {
      return await this.#scan(folders, progress, isCancelled);
    } finally {
      this.#scanning--;
      this.#changed();
    }
  }

  async #scan(folders: string[], progress: (done: number, total: number) => void, isCancelled: () => boolean): Promise<ScanReport> {
    for (const f of folders) this.host.addRoot(f);
    const found: FoundFile[] = [];
    for (const f of folders) found.push(...(await this.host.findFiles(f, isTracked, SCAN_LIMIT)));
    const skipped: string[] = [];
    const uris: string[] = [];
    for (const f of found) {
      if (f.size !== undefined && f.size > LAZY_INDEX_BYTES) skipped.push(URI.parse(f.uri).fsPath);
      else if (fileKindOf(URI.parse(f.uri).path)) uris.push(f.uri);
      else this.#noteKnown(f.uri, true);
    }
    progress(0, uris.length);
    // The plugin and marketplace manifests a skill's entry names (read ahead where reads are asynchronous).
    await this.host.prefetch([...new Set(uris.flatMap((u) => (fileKindOf(URI.parse(u).path) === 'skill' ? skillSourceManifests(u) : [])))]);
    let last = Date.now();
    for (let start = 0; start < uris.length && !isCancelled(); start += PREFETCH_BATCH) {
      const batch = uris.slice(start, start + PREFETCH_BATCH);
      await this.host.prefetch(batch);
      for (let i = 0; i < batch.length; i++) {
        if (isCancelled()) break;
        const uri = batch[i]!;
        this.#noteKnown(uri, true);
        const f = this.indexFromDisk(uri);
        if (f) {
          this.#disk.set(uri, f);
          // Requests between two slices see the files indexed so far (listeners hear of it once, at the end).
          this.#generation++;
        }
        if (Date.now() - last > 50) {
          progress(start + i, uris.length);
          await new Promise((r) => setTimeout(r, 0));
          last = Date.now();
        }
      }
    }
    return { files: uris.length, skipped };
  }
}
