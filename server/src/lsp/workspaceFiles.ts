/**
 * Every file of the workspace folders as URIs, for instruction globs (`applyTo`, `paths`):
 * listed on demand, kept for a few seconds, capped so a huge tree cannot stall the server.
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
  ) {}

  list(): string[] {
    const folders = this.folders();
    const key = folders.join('\0');
    const now = Date.now();
    if (this.#cache && this.#cache.key === key && now - this.#cache.at < FRESH_MS) return this.#cache.files;
    const files = this.host.listFiles(folders, WORKSPACE_FILES_CAP);
    this.#cache = { at: now, key, files };
    return files;
  }

  /** Forgets the list (a file was created or deleted). */
  invalidate(): void {
    this.#cache = undefined;
  }
}
