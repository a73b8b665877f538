/**
 * The folder walk of the CLI and of the language server on Node: the agent files under a folder
 * that are live (core/workspace/liveFiles.ts decides, pruning the folders it leaves out), symbolic links
 * included. A symlinked file or folder is followed only when its real location is inside the
 * folder walked; a symlinked folder that leads back into its own chain (a loop) is not entered.
 * A file is listed where it sits (a client resolves its links and imports from there), once
 * per real file per folder: `CLAUDE.md -> AGENTS.md` in one folder is the same text read from
 * the same place, listed once (as the file that is not a link). A file `oneWherever` names (a
 * SKILL.md: its folder is the skill) is one file in whichever linked folder it shows:
 * `.claude/skills -> ../.agents/skills` lists each skill once, where it really is, and tells
 * `aliases` the other paths (the clients reading those load it too).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { LiveFiles, type WalkFilter } from '../core/workspace/liveFiles';
import { trackedPaths } from '../core/workspace/gitIndex';
import { skillEvalVariantOf } from '../core/skillEvals/files';
import { groupBy } from '../core/collections';
import { folderEntries, MAX_READ_BYTES, walkedFolder, type FolderEntry, type WalkedFolder } from './fsHost';

/** How often one real folder is walked through different paths (symlinks), at most. */
const MAX_WALKS_PER_FOLDER = 8;

interface Pending {
  dir: string;
  rel: string;
  /** Real locations of the folders from the root down to this one (a loop is a link back into it). */
  chain: string[];
}

interface Found {
  path: string;
  real: string;
  link: boolean;
}

/**
 * The files under `root` whose path `accept`s, live per `filter` (every file when it is
 * undefined), sorted, at most `limit`. A folder that cannot be read, and a name that is not
 * valid UTF-8, are told to `skipped` (fsHost.ts folderEntries) and passed over.
 */
export function walkFiles(
  root: string,
  accept: (p: string) => boolean,
  options: {
    filter?: WalkFilter;
    limit?: number;
    skipped?: (shown: string, why: string) => void;
    /** Told each folder walked: its names, which are folders, links or neither, and its real location (`NodeFsHost.knowListings`, `findFiles`). */
    listed?: (dir: string, folder: WalkedFolder) => void;
    /** Files that are one wherever a linked folder shows them (see above). */
    oneWherever?: (p: string) => boolean;
    /** Told, for each such file found through several folders, the path kept and the others. */
    aliases?: (kept: string, others: readonly string[]) => void;
    /** Told each live symbolic link not followed (dangling, looping or leading outside the folder walked): its path, as written and whether its target exists. */
    notFollowed?: (p: string, relPath: string, target: string, exists: boolean) => void;
  } = {},
): string[] {
  const limit = options.limit ?? 100_000;
  const realRoot = realOrNull(root) ?? path.resolve(root);
  const found: Found[] = [];
  const walks = new Map<string, number>();
  const stack: Pending[] = [{ dir: root.endsWith(path.sep) && root.length > 1 ? root.slice(0, -1) : root, rel: '', chain: [realRoot] }];
  const { listed, filter } = options;
  while (stack.length && found.length < limit) {
    const { dir, rel, chain } = stack.pop()!;
    const realDir = chain[chain.length - 1]!;
    const told =
      listed || filter?.listed
        ? (entries: readonly FolderEntry[]) => {
            filter?.listed?.(
              rel,
              entries.map((x) => x.name),
            );
            listed?.(dir, walkedFolder(entries, realDir));
          }
        : undefined;
    const entries = folderEntries(dir, accept, options.skipped, told);
    if (!entries) continue;
    for (const { name, e } of entries) {
      const p = dir + path.sep + name;
      const relPath = rel ? `${rel}/${name}` : name;
      let isDir = e.isDirectory();
      let isFile = e.isFile();
      let real: string | undefined;
      const link = e.isSymbolicLink();
      if (link) {
        const target = realOrNull(p);
        // Dangling, looping, or leading outside the folder walked: not followed.
        if (target === null || !inside(target, realRoot)) {
          if (options.notFollowed && (!filter || filter.keeps(relPath) || filter.enters(relPath))) options.notFollowed(p, relPath, readLinkOrEmpty(p), target !== null);
          continue;
        }
        real = target;
        const st = statOrNull(p);
        isDir = st?.isDirectory() ?? false;
        isFile = st?.isFile() ?? false;
      }
      if (isDir) {
        if (name === '.git') continue; // a repository's own store, never walked
        real ??= realDir + path.sep + name;
        if (link && (chain.includes(real) || (walks.get(real) ?? 0) >= MAX_WALKS_PER_FOLDER)) continue;
        if (filter && !filter.enters(relPath, link)) continue;
        walks.set(real, (walks.get(real) ?? 0) + 1);
        stack.push({ dir: p, rel: relPath, chain: [...chain, real] });
      } else if (isFile && accept(p)) {
        const realFile = real ?? realDir + path.sep + name;
        const viaLink = realRel(relPath, realFile, realRoot);
        if (!filter || filter.keeps(relPath) || (viaLink !== relPath && filter.keeps(viaLink))) found.push({ path: p, real: realFile, link });
      }
    }
  }
  return onePerRealFile(found, { root, realRoot }, options).sort();
}

/**
 * One path per real file and folder: the one that is not a link when there is one, else the
 * first by name. A file `oneWherever` names and that is not a link itself is one per real
 * location: the path that reaches it without a link is kept (else the first by name).
 */
function onePerRealFile(
  found: Found[],
  roots: { root: string; realRoot: string },
  options: { oneWherever?: (p: string) => boolean; aliases?: (kept: string, others: readonly string[]) => void },
): string[] {
  const keep = (group: Found[]) => group.reduce((a, b) => (preferred(b, a, roots) ? b : a));
  // One per real file in each folder (`CLAUDE.md -> AGENTS.md` beside it is the same file).
  const inFolders = [...groupBy(found, (f) => `${path.dirname(f.path)}\0${f.real}`).values()].map(keep);
  // Then one per real file wherever linked folders show it, for the files `oneWherever` names (a link itself stays where it is).
  const out: string[] = [];
  for (const group of groupBy(inFolders, (f) => (!f.link && options.oneWherever?.(f.path) ? `\0${f.real}` : `${f.path}\0`)).values()) {
    const kept = keep(group);
    out.push(kept.path);
    if (group.length > 1 && options.aliases)
      options.aliases(
        kept.path,
        group
          .filter((f) => f !== kept)
          .map((f) => f.path)
          .sort(),
      );
  }
  return out;
}

/** Whether `b` is kept over `a`: not a link over a link, the real path over one through a linked folder, else the first by name. */
function preferred(b: Found, a: Found, roots: { root: string; realRoot: string }): boolean {
  if (a.link !== b.link) return a.link;
  const direct = (f: Found) => path.relative(roots.root, f.path) === path.relative(roots.realRoot, f.real);
  const da = direct(a);
  if (da !== direct(b)) return !da;
  return b.path < a.path;
}

/**
 * The `oneWherever` of the walks that list agent files: a SKILL.md's folder is the skill, wherever
 * a link shows it, and so are the eval files it keeps (`evals/evals.json`, trigger query sets).
 * An instruction file is read where people work, the folder's real path: the same CLAUDE.md or
 * AGENTS.md shown again through a linked folder (`.claude-plugin/plugins -> ../plugins`) is one
 * file, checked there, with its links resolved from there.
 */
export function isOneWhereverFile(p: string): boolean {
  const name = path.basename(p);
  return name === 'SKILL.md' || INSTRUCTION_NAMES.has(name) || skillEvalVariantOf(p) !== undefined;
}
const INSTRUCTION_NAMES: ReadonlySet<string> = new Set(['CLAUDE.md', 'CLAUDE.local.md', 'AGENTS.md', 'AGENTS.override.md', 'GEMINI.md']);

/**
 * The live-file filter of a walk of `root` on disk. Ignore files are read from `top` down (the
 * highest folder that may be read: the workspace folder in the editor), by default from the
 * repository root above `root` (the nearest folder holding `.git`), or `root` itself outside one.
 */
export function liveFilesOnDisk(root: string, options: { top?: string; include?: (rel: string, isDir: boolean) => boolean } = {}): LiveFiles {
  const abs = path.resolve(root);
  const wanted = options.top !== undefined ? path.resolve(options.top) : repositoryRoot(abs);
  const top = wanted !== undefined && inside(abs, wanted) ? wanted : abs;
  const tracked = trackedOnDisk(top);
  return new LiveFiles({
    start: path.relative(top, abs).split(path.sep).join('/'),
    read: (rel) => readSmallFile(path.join(top, ...rel.split('/'))),
    ...(options.include ? { include: options.include } : {}),
    ...(tracked ? { tracked } : {}),
  });
}

/**
 * The files git tracks in the repository whose root is `top` (its `.git/index`): live whatever a
 * `.gitignore` says. None when `.git` there is no folder (a worktree's or submodule's `.git` file
 * points at an index outside the folder, which is not read), or the index is unreadable.
 */
export function trackedOnDisk(top: string): string[] | undefined {
  const git = path.join(top, '.git');
  if (!fs.lstatSync(git, { throwIfNoEntry: false })?.isDirectory()) return undefined;
  const index = path.join(git, 'index');
  const st = fs.lstatSync(index, { throwIfNoEntry: false });
  if (!st?.isFile() || st.size > MAX_READ_BYTES) return undefined;
  const sha256 = /^\s*objectformat\s*=\s*sha256\s*$/im.test(readSmallFile(path.join(git, 'config')) ?? '');
  try {
    return trackedPaths(fs.readFileSync(index), sha256 ? 32 : 20);
  } catch (e) {
    // Unreadable (permissions, removed meanwhile): no tracked files known, as without git.
    if (!(e instanceof Error && 'code' in e)) throw e;
    return undefined;
  }
}

/** The nearest folder at or above `dir` holding `.git` (a folder, or the file of a worktree). */
export function repositoryRoot(dir: string): string | undefined {
  let at = path.resolve(dir);
  for (;;) {
    try {
      if (fs.lstatSync(path.join(at, '.git'), { throwIfNoEntry: false })) return at;
    } catch {
      return undefined; // a folder that cannot be searched: no repository we can see
    }
    const up = path.dirname(at);
    if (up === at) return undefined;
    at = up;
  }
}

/** A regular file's text (not through a link), or undefined: ignore files are small. */
function readSmallFile(p: string): string | undefined {
  try {
    const st = fs.lstatSync(p, { throwIfNoEntry: false });
    if (!st?.isFile() || st.size > MAX_READ_BYTES) return undefined;
    return fs.readFileSync(p, 'utf8');
  } catch {
    return undefined; // unreadable: as if there were none
  }
}

function readLinkOrEmpty(p: string): string {
  try {
    return fs.readlinkSync(p);
  } catch {
    return ''; // removed since it was listed: nothing to say of its target
  }
}

/**
 * For a file reached through a symbolic link, its real file's path from the root, which is live
 * too when the link's is not (git sees the link as a file and nothing below it:
 * `.claude/skills/release` linked to `.agents/skills/release` is live where `.gitignore` leaves
 * out folders named `release/` but keeps `.agents/skills/release/`); else its own path.
 */
function realRel(relPath: string, realFile: string, realRoot: string): string {
  const lexical = path.join(realRoot, relPath);
  return lexical === realFile || !inside(realFile, realRoot) ? relPath : path.relative(realRoot, realFile).split(path.sep).join('/');
}

function realOrNull(p: string): string | null {
  try {
    return fs.realpathSync.native(p);
  } catch {
    return null;
  }
}

function statOrNull(p: string): fs.Stats | null {
  try {
    return fs.statSync(p);
  } catch {
    return null;
  }
}

function inside(p: string, root: string): boolean {
  return p === root || p.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
}
