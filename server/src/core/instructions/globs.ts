/**
 * Glob patterns of instruction frontmatter (`applyTo`, `paths`), checked with picomatch and
 * matched in bounded time (core/glob.ts; posix paths, relative to the workspace folder).
 */
import picomatch from 'picomatch/posix';
import { compileGlob } from '../glob';

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

/** A matcher for workspace-relative paths ('src/a.ts'); a pattern that does not compile, or is too costly to match, matches nothing. */
export function globMatcher(glob: string): (relPath: string) => boolean {
  return compileGlob(relativeGlob(glob)).match;
}

/** Why a pattern is too costly to match (see core/glob.ts), or undefined. */
export function globTooCostly(glob: string): string | undefined {
  return compileGlob(relativeGlob(glob)).tooCostly;
}

/** How many of `files` (workspace-relative) a pattern matches, stopping at `cap`. */
export function countMatches(glob: string, files: readonly string[], cap = Infinity): number {
  const m = globMatcher(glob);
  let n = 0;
  for (const f of files) if (m(f) && ++n >= cap) break;
  return n;
}
