/**
 * The workspace host over the real file system, bounded to a set of root folders: a URI outside
 * every root, or a symlink inside one that leads outside, is treated as missing and never read.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import type { IWorkspaceHost } from '../core/host';

/** Largest file the host will read (bigger ones are treated as unreadable). */
export const MAX_READ_BYTES = 50 * 1024 * 1024;

export class NodeFsHost implements IWorkspaceHost {
  readonly #roots: string[];
  /** Buffers that win over disk (the language server's open documents). */
  overlay: (uri: string) => string | undefined = () => undefined;

  constructor(roots: string[]) {
    this.#roots = roots.map((r) => path.resolve(r));
  }

  addRoot(root: string): void {
    const r = path.resolve(root);
    if (!this.#roots.includes(r)) this.#roots.push(r);
  }

  removeRoot(root: string): void {
    const i = this.#roots.indexOf(path.resolve(root));
    if (i >= 0) this.#roots.splice(i, 1);
  }

  /** The file-system path of a URI, or null when it is not a file inside a root. */
  pathOf(uri: string): string | null {
    let p: string;
    try {
      const u = URI.parse(uri);
      if (u.scheme !== 'file') return null;
      p = path.resolve(u.fsPath);
    } catch {
      return null;
    }
    if (!this.#roots.some((r) => inside(p, r))) return null;
    // A symlink inside a root may point anywhere: what is read is where it leads, so that
    // target must lie inside a root too (compared through real paths, as roots may be links).
    let real: string;
    try {
      real = fs.realpathSync(p);
    } catch {
      return p; // nothing there (yet): every read of it fails anyway
    }
    return this.#roots.some((r) => inside(real, realRoot(r))) ? p : null;
  }

  exists(uri: string): boolean {
    if (this.overlay(uri) !== undefined) return true;
    const p = this.pathOf(uri);
    return p !== null && fs.existsSync(p);
  }

  isDirectory(uri: string): boolean {
    const p = this.pathOf(uri);
    try {
      return p !== null && fs.statSync(p).isDirectory();
    } catch {
      return false;
    }
  }

  readDirectory(uri: string): string[] {
    const p = this.pathOf(uri);
    try {
      return p === null ? [] : fs.readdirSync(p).sort();
    } catch {
      return [];
    }
  }

  readText(uri: string): string | undefined {
    const open = this.overlay(uri);
    if (open !== undefined) return open;
    const p = this.pathOf(uri);
    if (p === null) return undefined;
    try {
      const st = fs.statSync(p);
      if (!st.isFile() || st.size > MAX_READ_BYTES) return undefined;
      return fs.readFileSync(p, 'utf8');
    } catch {
      return undefined;
    }
  }
}

function inside(p: string, root: string): boolean {
  return p === root || p.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
}

function realRoot(root: string): string {
  try {
    return fs.realpathSync(root);
  } catch {
    return root;
  }
}

/** Every supported file under `root` (symlinked folders are not followed; unreadable ones skipped). */
export function findFiles(root: string, accept: (p: string) => boolean, limit = 100_000): string[] {
  const out: string[] = [];
  const stack = [root];
  while (stack.length && out.length < limit) {
    const dir = stack.pop()!;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    entries.sort((a, b) => (a.name < b.name ? 1 : a.name > b.name ? -1 : 0));
    for (const e of entries) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (e.name !== 'node_modules' && e.name !== '.git') stack.push(p);
      } else if (e.isFile() && accept(p)) out.push(p);
    }
  }
  return out.sort();
}
