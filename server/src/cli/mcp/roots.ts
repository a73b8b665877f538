/**
 * The folders the MCP server may read (docs/mcp.md#roots): every path a tool is given is resolved
 * against the first root, its real location looked up (symbolic links followed), and refused
 * unless that lies inside the real location of a root.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

/** A path refused or not found: the tool answers with its message as an error result. */
export class PathError extends Error {}

export interface Confined {
  /** The real, absolute location. */
  real: string;
  /** The real root that holds it (the innermost). */
  root: string;
}

export class Roots {
  /** Real, absolute locations, first the one relative paths are resolved against. */
  readonly real: readonly string[];

  private constructor(real: string[]) {
    this.real = real;
  }

  /** The roots named (`--root`), or the current folder; a root that is no folder is an error message. */
  static of(named: readonly string[], cwd: string): Roots | string {
    const real: string[] = [];
    for (const r of named.length ? named : [cwd]) {
      const abs = path.resolve(cwd, r);
      let st: fs.Stats | undefined;
      try {
        st = fs.statSync(abs);
      } catch {
        return `agent-files mcp: root ${r}: no such folder`;
      }
      if (!st.isDirectory()) return `agent-files mcp: root ${r}: not a folder`;
      const p = fs.realpathSync.native(abs);
      if (!real.includes(p)) real.push(p);
    }
    return new Roots(real);
  }

  /** The first root: relative paths start there, and reports name files relative to it. */
  get base(): string {
    return this.real[0]!;
  }

  /**
   * `p` (relative to the first root, or absolute) confined to the roots. A path that does not
   * exist is refused unless `mayNotExist`: then its nearest existing folder must be inside.
   */
  confine(p: string, mayNotExist = false): Confined {
    if (p.includes('\0')) throw new PathError(`path ${JSON.stringify(p)} holds a NUL character`);
    const abs = path.resolve(this.base, p);
    const real = realLocation(abs, mayNotExist);
    if (real === undefined) throw new PathError(`${p}: no such file or folder`);
    const root = this.real.filter((r) => real === r || real.startsWith(r.endsWith(path.sep) ? r : r + path.sep)).sort((a, b) => b.length - a.length)[0];
    if (!root) throw new PathError(`${p} is outside the folders this server may read (${this.real.join(', ')}); start it with --root to allow another`);
    return { real, root };
  }
}

/** The real location of `abs`; for a missing path (when allowed), its nearest existing folder's with the rest appended. */
function realLocation(abs: string, mayNotExist: boolean): string | undefined {
  try {
    return fs.realpathSync.native(abs);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (!mayNotExist || (code !== 'ENOENT' && code !== 'ENOTDIR')) return undefined;
    const up = path.dirname(abs);
    if (up === abs) return undefined;
    const parent = realLocation(up, true);
    return parent === undefined ? undefined : path.join(parent, path.basename(abs));
  }
}
