/**
 * Every file of the workspace folders as URIs, for instruction globs (`applyTo`, `paths`):
 * listed on demand, kept for a few seconds (and for the whole of a workspace scan, which would
 * otherwise list the tree again every few seconds while it indexes), capped so a huge tree
 * cannot stall the server. A created or deleted agent file lists it again at the next call.
 */
import type { WorkspaceFs } from './host';

/** Most files listed; globs over a larger tree are judged on the first ones found. */
export const WORKSPACE_FILES_CAP = 50_000;
const FRESH_MS = 5_000;

export class WorkspaceFiles {
  #cache: { at: number; key: string; files: string[] } | undefined;
  constructor(
    private readonly host: WorkspaceFs,
    /** The workspace folders as URIs. */
    private readonly folders: () => string[],
    /** True while the list is kept however old it is (the index scans the folders). */
    private readonly holding: () => boolean = () => false,
    private readonly now: () => number = Date.now,
  ) {}

  list(): string[] {
    const folders = this.folders();
    const key = folders.join('\0');
    const now = this.now();
    if (this.#cache && this.#cache.key === key && (now - this.#cache.at < FRESH_MS || (this.#cache.at > -Infinity && this.holding()))) return this.#cache.files;
    const listed = this.host.listFiles(folders, WORKSPACE_FILES_CAP);
    // The same array while the content is: analyses keyed by its identity stay valid.
    const files = this.#cache?.key === key && sameList(this.#cache.files, listed) ? this.#cache.files : listed;
    this.#cache = { at: now, key, files };
    return files;
  }

  /** Lists again at the next call (a file was created or deleted). */
  invalidate(): void {
    if (this.#cache) this.#cache = { ...this.#cache, at: -Infinity };
  }
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
