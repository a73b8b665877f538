/**
 * Glob patterns of instruction frontmatter (`applyTo`, `paths`), checked with picomatch and
 * matched in bounded time (core/workspace/glob.ts; posix paths, relative to the workspace folder).
 * A list in one string is split as VS Code splits `applyTo` (its `splitGlobAware`): at commas
 * outside braces and brackets, so a pattern ending in `*.{props,targets}` is one pattern. VS Code
 * matches each pattern against a file's whole path, case-insensitively, and a pattern that starts
 * with neither a slash nor a globstar folder at any depth (`src/**` matches
 * `packages/a/src/x.ts`); `copilot` matching does the same.
 */
import picomatch from 'picomatch/posix';
import { compileGlob } from '../workspace/glob';
import { groupBy } from '../collections';

/** Who matches the patterns: VS Code for Copilot's `applyTo`, Claude Code for `.claude/rules` `paths` (from the project folder). */
export type GlobStyle = 'copilot' | 'claude-rule';

/**
 * The patterns of a comma-separated list, split where VS Code splits it: at commas outside
 * braces and brackets (one flag each, as VS Code keeps them, so a brace nested in a brace ends
 * both), trimmed, empty ones dropped.
 */
export function splitGlobList(value: string): string[] {
  const out: string[] = [];
  let inBraces = false;
  let inBrackets = false;
  let from = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    if (c === '{') inBraces = true;
    else if (c === '}') inBraces = false;
    else if (c === '[') inBrackets = true;
    else if (c === ']') inBrackets = false;
    else if (c === ',' && !inBraces && !inBrackets) {
      out.push(value.slice(from, i));
      from = i + 1;
    }
  }
  out.push(value.slice(from));
  return out.map((g) => g.trim()).filter((g) => g !== '');
}

/** Why a pattern cannot be used, or undefined when it compiles. */
export function globProblem(glob: string): string | undefined {
  if (glob.trim() === '') return 'an empty pattern';
  try {
    picomatch.makeRe(glob, { strictBrackets: true, dot: true });
  } catch (e) {
    return e instanceof Error ? e.message.replace(/\.$/, '') : String(e);
  }
  let braces = 0;
  let brackets = 0;
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (c === '{') braces++;
    else if (c === '}') braces--;
    else if (c === '[') brackets++;
    else if (c === ']') brackets--;
    if (braces < 0) return "a '}' without its '{'";
    if (brackets < 0) return "a ']' without its '['";
  }
  if (braces > 0) return "a '{' that is never closed";
  if (brackets > 0) return "a '[' that is never closed";
  return undefined;
}

/** A leading `/` or `./` anchors at the workspace folder, which every path is relative to already. */
const relativeGlob = (glob: string) => glob.trim().replace(/^\.?\//, '');

/** The glob as `style` matches it (true: every file): VS Code matches Copilot's patterns at any depth, without case. */
function styled(glob: string, style: GlobStyle): string | true {
  const g = relativeGlob(glob);
  if (style !== 'copilot') return g;
  if (g === '**' || g === '**/*' || g === '*') return true;
  return (g.startsWith('**/') || glob.trim().startsWith('/') ? g : `**/${g}`).toLowerCase();
}

/** A matcher for workspace-relative paths ('src/a.ts'); a pattern that does not compile, or is too costly to match, matches nothing. */
export function globMatcher(glob: string, style: GlobStyle = 'claude-rule'): (relPath: string) => boolean {
  const g = styled(glob, style);
  if (g === true) return () => true;
  const m = compileGlob(g).match;
  return style === 'copilot' ? (p) => m(p.toLowerCase()) : m;
}

/** Why a pattern is too costly to match (see core/workspace/glob.ts), or undefined. */
export function globTooCostly(glob: string, style: GlobStyle = 'claude-rule'): string | undefined {
  const g = styled(glob, style);
  return g === true ? undefined : compileGlob(g).tooCostly;
}

/**
 * How many of `files` (workspace-relative) a pattern matches, stopping at `cap`. A Claude Code
 * glob is matched as written from the workspace folder, so only the files under its literal
 * folder are tried (`pkg/src` of `pkg/src/*.ts`): 500 rules of one package each try one package.
 */
export function countMatches(glob: string, files: readonly string[], cap = Infinity, style: GlobStyle = 'claude-rule'): number {
  const g = styled(glob, style);
  if (g === true) return Math.min(files.length, cap);
  const m = compileGlob(g).match;
  const folder = style === 'claude-rule' ? literalFolder(g) : '';
  let n = 0;
  if (folder) {
    const list = sortedOnce(files);
    for (let i = firstFrom(list, folder); i < list.length; i++) {
      const f = list[i]!;
      if (!f.startsWith(folder)) break;
      if (m(f) && ++n >= cap) break;
    }
    return n;
  }
  // Copilot's patterns match the lowercased path. A pattern that ends in a literal name part is
  // tried only on the files with its extension: 500 rules of `**/*.go` each try the Go files.
  const list = style === 'copilot' ? loweredOnce(files) : files;
  const tail = literalTail(g);
  const candidates = tail === undefined ? list : (byExtensionOnce(list).get(extensionOf(tail)) ?? []);
  for (const f of candidates) if ((tail === undefined || f.endsWith(tail)) && m(f) && ++n >= cap) break;
  return n;
}

/**
 * The literal name end every match of a plain pattern (no brackets, braces, groups, negation or
 * escape) has: what follows its last `*` or `?` in the last part, when it holds an extension
 * (`.test.ts` of a pattern ending in `*.test.ts`, `package.json` of one ending in `/package.json`,
 * which a globstar before it may also match at the top). Undefined otherwise.
 */
export function literalTail(glob: string): string | undefined {
  if (/[[\]{}()!+@|\\^$]/.test(glob)) return undefined;
  const tail = glob.slice(Math.max(glob.lastIndexOf('*'), glob.lastIndexOf('?'), glob.lastIndexOf('/')) + 1);
  return extensionOf(tail) === '' ? undefined : tail;
}

/** The extension of a path's last part (`ts` of `a/b.d.ts`), or '' without one. */
function extensionOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1);
}

/**
 * `derive` of a list of files, made once per list: the server's list is one array until the files
 * change, and every rule's count derives the same things from it.
 */
function oncePerList<T>(derive: (files: readonly string[]) => T): (files: readonly string[]) => T {
  const made = new WeakMap<readonly string[], T>();
  return (files) => {
    let value = made.get(files);
    if (value === undefined) made.set(files, (value = derive(files)));
    return value;
  };
}

const sortedOnce = oncePerList((files) => [...files].sort());
const loweredOnce = oncePerList((files) => files.map((f) => f.toLowerCase()));
const byExtensionOnce = oncePerList((files) => groupBy(files, extensionOf));

/**
 * The literal text a glob's matches all start with: up to the last `/` before its first special
 * character, without that `/` (`a/**` may match `a` itself). Empty when it has none.
 */
export function literalFolder(glob: string): string {
  let special = glob.length;
  for (let i = 0; i < glob.length; i++)
    if (GLOB_SPECIAL.has(glob[i]!)) {
      special = i;
      break;
    }
  const slash = glob.lastIndexOf('/', special - 1);
  return slash > 0 ? glob.slice(0, slash) : '';
}

const GLOB_SPECIAL = new Set([...'*?[]{}()!+@|\\^$']);

/** The first index of a sorted list whose entry is not before `key`. */
function firstFrom(list: readonly string[], key: string): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
