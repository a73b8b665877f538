/**
 * Which files of a folder walk are live: the ones a client would read in the repository as
 * its owner works in it. As ESLint-style tools decide: a path is left out when the repository's
 * `.gitignore` files (nested ones too) or `.git/info/exclude` leave it out, or when it lies in a
 * folder of the default list (test fixtures, archives, dependencies); `include` in
 * `.agent-files.json` brings such paths back (the caller answers it). Paths are relative to the
 * folder walked, `/`-separated; the folder walked and the folders above it are never left out
 * (they were named). The gitignore matching is the `ignore` library's.
 */
import ignore, { type Ignore } from 'ignore';

/**
 * Names of the folders left out of every walk, at any depth (why each: docs/cli.md#what-is-checked).
 * A name list, not globs: whether a folder is one of them is a lookup.
 */
export const DEFAULT_IGNORED_FOLDERS: readonly string[] = ['node_modules', '.git', 'fixtures', 'fixture', '__fixtures__', 'testdata', 'archive', 'archives', 'archived'];
const DEFAULT_SET = new Set(DEFAULT_IGNORED_FOLDERS);
/** A test's cases that pass or fail (`tests/pass/`, `test/fail/`): a linter's inputs, written to be right or wrong for its own tests. */
const TEST_CASES = new Set(['pass', 'fail', 'passing', 'failing']);
const TESTS = new Set(['test', 'tests']);
/** The runs of one eval that skill-creator writes (`iteration-1/eval-1/with_skill/outputs/`): what an agent made in a test, skills included. */
const EVAL_RUNS = new Set(['with_skill', 'without_skill', 'old_skill']);
const EVAL = /^eval[-_]?\d+$/;

/** Whether the folder `rel` (relative to the folder walked) is one of the default list's. */
function defaultIgnored(rel: string): boolean {
  const slash = rel.lastIndexOf('/');
  const name = rel.slice(slash + 1);
  if (DEFAULT_SET.has(name)) return true;
  if (slash < 0) return false;
  const parent = rel.slice(rel.lastIndexOf('/', slash - 1) + 1, slash);
  if (EVAL_RUNS.has(name)) return EVAL.test(parent);
  return TEST_CASES.has(name) && TESTS.has(parent);
}

/**
 * Files that are meant to be in `.gitignore` and that clients still read: a `.gitignore` line
 * naming them does not leave them out (a folder of the default list, or an ignored folder, does).
 */
const GITIGNORED_BY_DESIGN = new Set(['CLAUDE.local.md']);

/** What a folder walk asks before it goes into a folder and before it keeps a file. */
export interface WalkFilter {
  /**
   * True when the walk goes into this folder (relative to the folder walked). `link`: the folder
   * is a symbolic link's target, which git sees as a file, so a `.gitignore` line for folders only
   * (`release/`) does not leave it out.
   */
  enters(relDir: string, link?: boolean): boolean;
  /** True when this file is live (relative to the folder walked). */
  keeps(relFile: string): boolean;
  /**
   * Told every name in a folder the walk has just listed, before it asks of anything in it
   * (relative to the folder walked): a filter need not look for a file the listing lacks.
   */
  listed?(relDir: string, names: readonly string[]): void;
}

export interface LiveFilesOptions {
  /**
   * The text of a file given relative to the top folder (the repository root, or the folder
   * walked), or undefined when there is none: `.gitignore` files and `.git/info/exclude`.
   */
  read(relToTop: string): string | undefined;
  /** Where the folder walked lies below the top folder ('' when it is the top). */
  start?: string;
  /** True when `.agent-files.json` `include` brings this path (relative to the folder walked) back; for a folder, when it names something inside. */
  include?(rel: string, isDir: boolean): boolean;
  /**
   * The files git tracks, relative to the top folder (the repository's index, gitIndex.ts): a
   * tracked file is in every clone whatever a `.gitignore` says, so it is live (the default list
   * still leaves it out).
   */
  tracked?: readonly string[];
}

/** The rules of one ignore file: its patterns, and where the folder holding it ends in a path from the top. */
interface Level {
  rules: Ignore;
  /** The lines of the file, as the rules were made from them (marked with their index). */
  lines: readonly string[];
  /** Characters of a path from the top that name the folder holding the rules (with its `/`). */
  cut: number;
}

interface FolderState {
  /** Left out by the default list or a .gitignore (inherited from the folder above). */
  readonly ignored: boolean;
  /** The walk goes into it: not ignored, or `include` names something inside. */
  readonly enters: boolean;
  /** The ignore files that apply to what is in it, from the top down (the last deciding). */
  readonly levels: readonly Level[];
}

/**
 * A folder below the folder walked whose own `.gitignore` is read when something in it is first
 * asked of: by then the walk has listed the folder (`listed`), which may show there is none.
 */
class FolderBelow implements FolderState {
  #levels: readonly Level[] | undefined;
  constructor(
    readonly ignored: boolean,
    readonly enters: boolean,
    private readonly parent: FolderState,
    private readonly own: () => Level | null,
  ) {}

  get levels(): readonly Level[] {
    if (this.#levels === undefined) {
      const own = this.enters ? this.own() : null;
      this.#levels = own ? [...this.parent.levels, own] : this.parent.levels;
    }
    return this.#levels;
  }
}

export class LiveFiles implements WalkFilter {
  readonly #folders = new Map<string, FolderState>();
  /** The tracked files, and the folders holding any (paths from the top), made when first asked. */
  #tracked: { files: ReadonlySet<string>; folders: ReadonlySet<string> } | undefined;
  /** Folders (paths from the top, with their `/`) the walk listed without a `.gitignore`. */
  readonly #noIgnoreFile = new Set<string>();
  /** Where the folder walked lies below the top, with a trailing `/` ('' when it is the top). */
  readonly #prefix: string;

  constructor(private readonly options: LiveFilesOptions) {
    const start = (options.start ?? '').replace(/^\/+|\/+$/g, '');
    this.#prefix = start ? `${start}/` : '';
  }

  enters(relDir: string, link = false): boolean {
    return this.#folder(relDir, link).enters;
  }

  listed(relDir: string, names: readonly string[]): void {
    if (!names.includes('.gitignore')) this.#noIgnoreFile.add(relDir === '' ? this.#prefix : `${this.#prefix}${relDir}/`);
  }

  keeps(relFile: string): boolean {
    const slash = relFile.lastIndexOf('/');
    const parent = this.#folder(slash < 0 ? '' : relFile.slice(0, slash));
    if (!parent.enters) return false;
    const ignored = parent.ignored || (this.#byGit(parent, relFile, false) && !GITIGNORED_BY_DESIGN.has(relFile.slice(slash + 1)) && !this.#isTracked(relFile, false));
    return !ignored || this.options.include?.(relFile, false) === true;
  }

  /** The state of a folder relative to the folder walked ('' is the folder walked); `link`: reached through a symbolic link, a file to git. */
  #folder(rel: string, link = false): FolderState {
    const known = this.#folders.get(rel);
    if (known) return known;
    let state: FolderState;
    if (rel === '') state = { ignored: false, enters: true, levels: this.#levelsAbove() };
    else {
      const slash = rel.lastIndexOf('/');
      const parent = this.#folder(slash < 0 ? '' : rel.slice(0, slash));
      const ignored = parent.ignored || defaultIgnored(rel) || (this.#byGit(parent, rel, !link) && !this.#isTracked(rel, !link));
      const enters = parent.enters && (!ignored || this.options.include?.(rel, true) === true);
      state = new FolderBelow(ignored, enters, parent, () => this.#level(`${this.#prefix}${rel}/`));
    }
    this.#folders.set(rel, state);
    return state;
  }

  /** Whether git tracks this file, or a file below this folder (relative to the folder walked). */
  #isTracked(rel: string, isDir: boolean): boolean {
    if (!this.options.tracked?.length) return false;
    this.#tracked ??= trackedSets(this.options.tracked);
    const fromTop = this.#prefix + rel;
    return isDir ? this.#tracked.folders.has(fromTop) : this.#tracked.files.has(fromTop);
  }

  /**
   * The ignore files that apply at the folder walked: `.git/info/exclude`, then each `.gitignore`
   * from the top down to it. The lines of those above it that leave out the folder walked itself
   * (named, so checked) are not used: they would leave out everything below it.
   */
  #levelsAbove(): Level[] {
    const out: Level[] = [];
    const exclude = this.#rules('.git/info/exclude');
    if (exclude) out.push({ ...exclude, cut: 0 });
    let at = 0;
    for (;;) {
      const level = this.#level(this.#prefix.slice(0, at));
      if (level) out.push(level);
      if (at >= this.#prefix.length) break;
      at = this.#prefix.indexOf('/', at) + 1;
    }
    const walked = this.#prefix.slice(0, -1);
    return out.map((l) => (l.cut >= this.#prefix.length ? l : { ...l, rules: without(l, walked.slice(l.cut)) }));
  }

  /** The `.gitignore` of a folder given as its path from the top with a trailing `/` ('' for the top). */
  #level(folder: string): Level | null {
    if (this.#noIgnoreFile.has(folder)) return null;
    const rules = this.#rules(`${folder}.gitignore`);
    return rules ? { ...rules, cut: folder.length } : null;
  }

  /**
   * The verdict of the repository's ignore files on a path whose folder is not ignored, the
   * deepest file that names it deciding (a `!pattern` re-includes).
   */
  #byGit(folder: FolderState, rel: string, isDir: boolean): boolean {
    const fromTop = this.#prefix + rel;
    let ignored = false;
    for (const level of folder.levels) {
      const verdict = test(level.rules, fromTop.slice(level.cut), isDir);
      if (verdict !== undefined) ignored = verdict;
    }
    return ignored;
  }

  #rules(relToTop: string): { rules: Ignore; lines: string[] } | null {
    const text = this.options.read(relToTop);
    if (text === undefined || text.trim() === '') return null;
    const lines = text.split(/\r?\n/);
    return { rules: made(lines), lines };
  }
}

/** The tracked files as a set, and every folder holding one. */
function trackedSets(paths: readonly string[]): { files: ReadonlySet<string>; folders: ReadonlySet<string> } {
  const folders = new Set<string>();
  for (const p of paths) for (let slash = p.indexOf('/'); slash > 0; slash = p.indexOf('/', slash + 1)) folders.add(p.slice(0, slash));
  return { files: new Set(paths), folders };
}

function made(lines: readonly string[], skip: ReadonlySet<number> = new Set()): Ignore {
  return ignore({ ignorecase: false }).add(lines.flatMap((pattern, i) => (skip.has(i) ? [] : [{ pattern, mark: String(i) }])));
}

/** A level's rules without the lines that leave out `folder` (each line at most once, so this ends). */
function without(level: Level, folder: string): Ignore {
  const skip = new Set<number>();
  let rules = level.rules;
  for (let r = rules.test(`${folder}/`); r.ignored && r.rule?.mark !== undefined && !skip.has(Number(r.rule.mark)); r = rules.test(`${folder}/`)) {
    skip.add(Number(r.rule.mark));
    rules = made(level.lines, skip);
  }
  return rules;
}

/** true: ignored; false: re-included by a `!pattern`; undefined: no rule names the path itself. */
function test(rules: Ignore, rel: string, isDir: boolean): boolean | undefined {
  const p = isDir ? `${rel}/` : rel;
  if (!ignore.isPathValid(p)) return undefined;
  const r = rules.test(p);
  return r.ignored ? true : r.unignored ? false : undefined;
}
