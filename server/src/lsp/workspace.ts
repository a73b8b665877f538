/**
 * The workspace index: every supported file under the workspace folders, read in the
 * background with progress, kept current from watched-file events, with open buffers ahead
 * of disk. Files over the size limit are indexed lazily (when opened), with a message.
 */
import * as fs from 'node:fs';
import { URI } from 'vscode-uri';
import { fileKindOf } from '../core/fileKinds';
import type { IndexedFile } from '../core/indexTypes';
import { findFiles, NodeFsHost } from '../node/fsHost';

/** Files larger than this are skipped by the background scan (they are indexed once opened). */
export const LAZY_INDEX_BYTES = 5 * 1024 * 1024;

export interface ScanReport {
  files: number;
  skipped: string[];
}

export class WorkspaceIndex {
  readonly host = new NodeFsHost([]);
  readonly #disk = new Map<string, IndexedFile>();
  readonly #open = new Map<string, IndexedFile>();
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

  /** A watched file was created, changed or deleted. */
  fileChanged(uri: string, deleted: boolean): void {
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
   * responsive; `progress` receives a percentage and a message.
   */
  async scan(folders: string[], progress: (percent: number, message: string) => void, isCancelled: () => boolean = () => false): Promise<ScanReport> {
    for (const f of folders) this.host.addRoot(f);
    const paths = folders.flatMap((f) => findFiles(f, (p) => fileKindOf(p) !== null));
    const skipped: string[] = [];
    let last = Date.now();
    for (let i = 0; i < paths.length; i++) {
      if (isCancelled()) break;
      const p = paths[i]!;
      try {
        if (fs.statSync(p).size > LAZY_INDEX_BYTES) {
          skipped.push(p);
          continue;
        }
      } catch {
        continue;
      }
      const uri = URI.file(p).toString();
      const f = this.indexFromDisk(uri);
      if (f) {
        this.#disk.set(uri, f);
        // Requests between two slices see the files indexed so far (listeners hear of it once, at the end).
        this.#generation++;
      }
      if (Date.now() - last > 50) {
        progress(Math.round((100 * i) / paths.length), `${i}/${paths.length} files`);
        await new Promise((r) => setImmediate(r));
        last = Date.now();
      }
    }
    this.#changed();
    return { files: paths.length - skipped.length, skipped };
  }
}
