/**
 * Every file of the workspace folders as URIs, for instruction globs (`applyTo`, `paths`),
 * capped so a huge tree cannot stall the server. Listed once; then, where the client reports
 * every file created or deleted in the folders (the server registers a watcher of every path for
 * creations and deletions, initialize.ts), the list follows those events and is never walked
 * again. Without such a client it is listed again when a few seconds old (kept for the whole of a
 * workspace scan, which would otherwise list the tree every few seconds while it indexes), and at
 * the next call after a file was created or deleted.
 */
import { URI } from 'vscode-uri';
import { UNLISTED_FOLDERS } from '../core/workspace/host';
import { belowAny } from './documentCache';
import type { WorkspaceFs } from './host';

/** Most files listed; globs over a larger tree are judged on the first ones found. */
export const WORKSPACE_FILES_CAP = 50_000;
const FRESH_MS = 5_000;

/** A file or folder the client reported created or deleted. */
export interface FileEvent {
  uri: string;
  deleted: boolean;
}

export class WorkspaceFiles {
  #cache: { at: number; key: string; files: string[] } | undefined;
  #follows = false;

  constructor(
    private readonly host: WorkspaceFs,
    /** The workspace folders as URIs. */
    private readonly folders: () => string[],
    /** True while the list is kept however old it is (the index scans the folders). */
    private readonly holding: () => boolean = () => false,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * From now on the client reports every file created or deleted in the folders: the list follows
   * `changed`. It is listed once more at the next call, so nothing created before the watcher
   * started is missed.
   */
  follow(): void {
    this.#follows = true;
    this.invalidate();
  }

  list(): string[] {
    const folders = this.folders();
    const key = folders.join('\0');
    const now = this.now();
    const c = this.#cache;
    if (c && c.key === key && c.at > -Infinity && (this.#follows || now - c.at < FRESH_MS || this.holding())) return c.files;
    const listed = this.host.listFiles(folders, WORKSPACE_FILES_CAP);
    // The same array while the content is: analyses keyed by its identity stay valid.
    const files = c?.key === key && sameList(c.files, listed) ? c.files : listed;
    this.#cache = { at: now, key, files };
    return files;
  }

  /**
   * Files or folders created or deleted. A list that follows the client's events takes them in
   * (a created folder is listed, a deleted one leaves with everything under it); otherwise the
   * next call lists again. True when the list changed or is made again (analyses keyed by it are stale).
   */
  changed(events: readonly FileEvent[]): boolean {
    const c = this.#cache;
    if (!c || !events.length) return false;
    if (!this.#follows) {
      this.#cache = { ...c, at: -Infinity };
      return true;
    }
    const gone = new Set(events.filter((e) => e.deleted).map((e) => canonical(e.uri)));
    const kept = gone.size ? c.files.filter((f) => !gone.has(f) && !belowAny(f, gone)) : c.files;
    let files = kept.length === c.files.length ? c.files : kept;
    const known = new Set(files);
    const added: string[] = [];
    for (const e of events) {
      if (e.deleted) continue;
      const uri = canonical(e.uri);
      if (known.has(uri) || !this.#listable(uri)) continue;
      for (const f of this.#filesAt(uri, WORKSPACE_FILES_CAP - files.length - added.length)) {
        if (known.has(f)) continue;
        known.add(f);
        added.push(f);
      }
    }
    if (added.length) files = [...files, ...added];
    if (files === c.files) return false;
    this.#cache = { ...c, files };
    return true;
  }

  /** Lists again at the next call, whether or not the list follows events (a watcher could not be registered, say). */
  invalidate(): void {
    if (this.#cache) this.#cache = { ...this.#cache, at: -Infinity };
  }

  /** True for a path inside a workspace folder that a listing would enter (no `node_modules` or `.git` folder on the way). */
  #listable(uri: string): boolean {
    const folder = this.folders().find((f) => uri.startsWith(f.endsWith('/') ? f : f + '/'));
    if (!folder) return false;
    const parts = uri.slice(folder.length).split('/');
    return !parts.slice(0, -1).some((p) => UNLISTED_FOLDERS.has(p));
  }

  /** What a created path adds: the files under it when it is a folder, else itself when it still exists. */
  #filesAt(uri: string, room: number): string[] {
    if (room <= 0) return [];
    if (this.host.isDirectory(uri)) return UNLISTED_FOLDERS.has(uri.slice(uri.lastIndexOf('/') + 1)) ? [] : this.host.listFiles([uri], room);
    return this.host.exists(uri) ? [uri] : [];
  }
}

/** The URI as the host lists it (a client may encode characters differently). */
function canonical(uri: string): string {
  return URI.parse(uri).toString();
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
