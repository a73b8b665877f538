/**
 * Which files of the workspace folders the index holds: the live ones, decided as the CLI's walk
 * decides (core/workspace/liveFiles.ts: the folders' .gitignore files and .git/info/exclude, the files
 * git tracks, the default list, `include` and `ignore` of .agent-files.json). Ignore files are read through the
 * workspace host, so nothing above a workspace folder is read. A document the user opens is
 * checked whatever this says, as a file named on the command line is.
 */
import { isIgnored, isIncluded } from '../core/config';
import { LiveFiles, type WalkFilter } from '../core/workspace/liveFiles';
import { relativePath, resolveRelative } from '../core/world/paths';
import type { ConfigStore } from './config';

/** True for a URI whose change can change what is live: a .gitignore or .git/info/exclude. */
export function isIgnoreFile(uri: string): boolean {
  return /\/\.gitignore$|\/\.git\/info\/exclude$/.test(uri);
}

/** The workspace folder whose git index a URI is (`<folder>/.git/index`), if it is one. */
export function gitIndexFolder(uri: string): string | undefined {
  return /^(.*)\/\.git\/index$/.exec(uri)?.[1];
}

export class LiveFolders {
  readonly #filters = new Map<string, WalkFilter>();
  /** The tracked files each folder's filter was made with (a git index changes on every `git status` that refreshes it: only another list counts). */
  readonly #trackedUsed = new Map<string, readonly string[] | undefined>();

  constructor(
    private readonly read: (uri: string) => string | undefined,
    private readonly configs: ConfigStore,
    /** The workspace folders as URIs. */
    private readonly folders: () => readonly string[],
    /** The files git tracks in a workspace folder that is a repository's root (relative to it), where the host reads them. */
    private readonly tracked: (folderUri: string) => readonly string[] | undefined = () => undefined,
  ) {}

  /** The live files of a workspace folder, as a walk asks (paths relative to the folder). */
  filter(folderUri: string): WalkFilter {
    const folder = folderUri.replace(/\/+$/, '');
    let f = this.#filters.get(folder);
    if (!f) {
      const uriOf = (rel: string) => resolveRelative(folder, rel);
      const tracked = this.tracked(folder);
      this.#trackedUsed.set(folder, tracked);
      const live = new LiveFiles({
        read: (rel) => this.read(uriOf(rel)),
        ...(tracked ? { tracked } : {}),
        include: (rel, isDir) => {
          const uri = uriOf(rel);
          return isIncluded(this.configs.forFile(uri), uri, isDir);
        },
      });
      f = {
        enters: (rel, link) => live.enters(rel, link),
        keeps: (rel) => {
          if (!live.keeps(rel)) return false;
          const uri = uriOf(rel);
          return !isIgnored(this.configs.forFile(uri), uri);
        },
        // A folder listed without a .gitignore is not asked for one; one created later changes the filter (`changed`).
        listed: (rel, names) => live.listed(rel, names),
      };
      this.#filters.set(folder, f);
    }
    return f;
  }

  /** True when a file is live in the workspace folder holding it (a file in none is). */
  isLive(uri: string): boolean {
    const folder = this.folders()
      .map((f) => f.replace(/\/+$/, ''))
      .filter((f) => uri.startsWith(`${f}/`))
      .sort((a, b) => b.length - a.length)[0];
    const rel = folder === undefined ? undefined : relativePath(folder, uri);
    return rel === undefined || this.filter(folder!).keeps(rel);
  }

  /** Whether the files git tracks in a folder are no longer those its filter was made with (its index changed). */
  trackedChanged(folderUri: string): boolean {
    const folder = folderUri.replace(/\/+$/, '');
    if (!this.#filters.has(folder)) return false;
    const before = this.#trackedUsed.get(folder) ?? [];
    const now = this.tracked(folder) ?? [];
    return before.length !== now.length || before.some((p, i) => p !== now[i]);
  }

  /** Forgets every decision (an ignore file, a config or the folders changed). */
  changed(): void {
    this.#filters.clear();
    this.#trackedUsed.clear();
  }
}
