/**
 * The CLI's counterpart of the editor's workspace folders: for each path named on the command
 * line, the root of the repository it is in (the nearest folder holding `.git`), or, outside a
 * repository, the folder named (a file's own folder). Configuration is looked for within it, and
 * `--fix` writes only within it.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import type { WalkedFolder } from '../node/fsHost';

export class CliWorkspace {
  /** The top folders, as absolute paths. */
  readonly #tops = new Set<string>();
  readonly #realTops = new Map<string, string>();
  readonly #repoRoots = new Map<string, boolean>();
  /** Each top folder's URI, made once. */
  readonly #topUris = new Map<string, string>();

  constructor(
    private readonly cwd: string,
    /** The folders the run's walk has listed, by absolute path (filled as it walks). */
    private readonly listings: ReadonlyMap<string, WalkedFolder> = new Map(),
  ) {}

  /** Whether a folder the walk listed holds `name` (a file, folder or link); undefined for a folder it did not list. */
  listed(dir: string, name: string): boolean | undefined {
    return this.listings.get(dir)?.names.has(name);
  }

  /** A folder named on the command line (or holding a file named there). */
  add(dir: string): void {
    this.#tops.add(this.topOf(dir));
  }

  /** The top folder of a folder: the root of the repository it is in, or the folder itself outside one. */
  topOf(dir: string): string {
    const start = path.resolve(this.cwd, dir);
    let top = start;
    while (!this.isRepoRoot(top)) {
      const up = path.dirname(top);
      if (up === top) return start; // in no repository: the folder itself
      top = up;
    }
    return top;
  }

  /** True for a folder URI inside the workspace (as written). */
  insideUri(folderUri: string): boolean {
    for (const t of this.#tops) {
      let top = this.#topUris.get(t);
      if (top === undefined) this.#topUris.set(t, (top = URI.file(t).toString()));
      if (folderUri === top || folderUri.startsWith(top.endsWith('/') ? top : top + '/')) return true;
    }
    return false;
  }

  /** True for a real path (symlinks followed) inside the real location of the workspace. */
  insideReal(real: string): boolean {
    return [...this.#tops].some((t) => {
      let r = this.#realTops.get(t);
      if (r === undefined) {
        r = realOrSelf(t);
        this.#realTops.set(t, r);
      }
      return real === r || real.startsWith(r.endsWith(path.sep) ? r : r + path.sep);
    });
  }

  /** True when a folder holds `.git` (a folder, or the file of a worktree or submodule); remembered for the run. */
  isRepoRoot(dir: string): boolean {
    let v = this.#repoRoots.get(dir);
    if (v === undefined) {
      v = this.listed(dir, '.git') ?? holdsGit(dir);
      this.#repoRoots.set(dir, v);
    }
    return v;
  }
}

function holdsGit(dir: string): boolean {
  try {
    return fs.lstatSync(path.join(dir, '.git'), { throwIfNoEntry: false }) !== undefined;
  } catch {
    // A folder that cannot be searched (permissions) holds no repository we can see.
    return false;
  }
}

function realOrSelf(p: string): string {
  try {
    return fs.realpathSync.native(p);
  } catch {
    // A top that vanished: compare with it as written.
    return p;
  }
}
