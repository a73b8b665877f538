/**
 * Matching workspace-relative paths against glob patterns (instruction `applyTo` / `paths`, the
 * config's `ignore`) in bounded time. picomatch compiles a glob to a backtracking regular
 * expression, and `*a*a*a*a*a*a*a*a*a*a*a*ab` against a 40-character name takes it minutes (each
 * `*` may end anywhere). The forms real globs use (literal text, `?`, `*`, `**` as a whole
 * segment, simple `[a-z]` classes, `{a,b}` alternatives) are matched here instead, segment by
 * segment with one backtracking point per level: time at most the product of the glob's and the
 * path's lengths, whatever the pattern. Every other form goes to picomatch, and only when it has
 * few enough wildcards for its regular expression to stay cheap; a glob beyond that is reported
 * as too costly to match and matches nothing. test/unit/glob.test.ts checks the matcher against
 * picomatch on generated globs and paths.
 */
import picomatch from 'picomatch/posix';

/** A glob ready to match paths like `src/a.ts` (no leading `/` or `./`). */
export interface CompiledGlob {
  match: (relPath: string) => boolean;
  /** Why it is not matched at all (it matches nothing then). */
  tooCostly?: string;
}

/** The most alternatives `{…}` may expand to, and the most wildcards a glob matched by picomatch may hold. */
export const GLOB_LIMITS = { alternatives: 256, picomatchStars: 2, picomatchGroups: 1 };

type Token = { kind: 'star' } | { kind: 'char'; test: (c: string) => boolean };
/** One segment of a glob: its tokens, or `**`. */
type Segment = Token[] | 'globstar';

const SPECIAL = new Set([...'*?[]{}()!+@|\\^$']);
/** Stands for a written `**` while braces are expanded. */
const GLOBSTAR = '\u0000';

const compiled = new Map<string, CompiledGlob>();

/** The matcher of a glob (kept for the next call with the same glob, up to 1,000 globs). */
export function compileGlob(glob: string): CompiledGlob {
  let c = compiled.get(glob);
  if (!c) {
    c = compile(glob);
    if (compiled.size >= 1000) compiled.clear();
    compiled.set(glob, c);
  }
  return c;
}

function compile(written: string): CompiledGlob {
  // picomatch drops one leading `./`.
  const glob = written.startsWith('./') ? written.slice(2) : written;
  // picomatch does not expand braces: stars that only meet once braces are expanded (`*{,a}*`) are two stars, not `**`.
  // A brace group that makes a whole segment next to `**` may match nothing at all in picomatch (`a/**/{*,b}` matches `a`): left to it.
  const wholeBraces = glob.includes('**') && (glob.startsWith('{') || glob.includes('/{'));
  const alternatives = glob.includes(GLOBSTAR) || wholeBraces ? null : expandBraces(glob.replaceAll('**', GLOBSTAR));
  if (alternatives === 'too-many') return { match: () => false, tooCostly: `its braces expand to more than ${GLOB_LIMITS.alternatives} patterns` };
  // An empty segment made by expansion (`a/{,b}`) is read by picomatch's slash rules, not as a segment.
  const plain = (a: string) => !a.includes('**') && !a.includes(`*${GLOBSTAR}`) && !a.includes(`${GLOBSTAR}*`) && !a.startsWith('/') && !a.endsWith('/') && !a.includes('//');
  if (alternatives && alternatives.every(plain)) {
    const needsOne = lastGlobstarNeedsOne(glob);
    const parsed = alternatives.map((a) => segmentsOf(a.replaceAll(GLOBSTAR, '**'), needsOne));
    if (parsed.every((p): p is Segment[] => p !== null)) return { match: (p) => parsed.some((segs) => matchPath(segs, p.split('/'))) };
  }
  // Outside the simple forms: picomatch, when its regular expression cannot take long.
  let stars = 0;
  let groups = 0;
  for (let i = 0; i < glob.length; i++) {
    if (glob[i] === '\\') i++;
    else if (glob[i] === '*') {
      stars++;
      while (glob[i + 1] === '*') i++;
    } else if (glob[i] === '(' && i > 0 && '*+?@!'.includes(glob[i - 1]!)) groups++;
  }
  if (stars > GLOB_LIMITS.picomatchStars || groups > GLOB_LIMITS.picomatchGroups)
    return {
      match: () => false,
      tooCostly: `it has ${stars} '*' or '**' and ${groups} pattern group(s) in forms whose matching time grows with the power of their count (at most ${GLOB_LIMITS.picomatchStars} and ${GLOB_LIMITS.picomatchGroups} outside plain '*', '**', '?', '[a-z]' and '{a,b}')`,
    };
  try {
    const m = picomatch(written, { dot: true });
    return { match: (p) => m(p) };
  } catch {
    return { match: () => false };
  }
}

/**
 * The patterns `{a,b}` alternatives stand for (nested ones too); null when a brace is not a plain
 * list of alternatives (`{1..3}`, `{a}`, unbalanced), 'too-many' past the limit.
 */
function expandBraces(glob: string): string[] | null | 'too-many' {
  const open = glob.indexOf('{');
  if (open < 0) return glob.includes('}') ? null : [glob];
  // The brace that closes it, and its top-level commas.
  let depth = 0;
  const commas: number[] = [];
  let close = -1;
  for (let i = open; i < glob.length; i++) {
    const c = glob[i];
    if (c === '\\') return null;
    if (c === '{') depth++;
    else if (c === '}' && --depth === 0) {
      close = i;
      break;
    } else if (c === ',' && depth === 1) commas.push(i);
  }
  if (close < 0 || commas.length === 0 || glob.slice(0, open).includes('}')) return null;
  const parts: string[] = [];
  let from = open + 1;
  for (const c of [...commas, close]) {
    parts.push(glob.slice(from, c));
    from = c + 1;
  }
  const head = glob.slice(0, open);
  const tails = expandBraces(glob.slice(close + 1));
  if (tails === null || tails === 'too-many') return tails;
  const out: string[] = [];
  for (const part of parts) {
    const inner = expandBraces(part);
    if (inner === null || inner === 'too-many') return inner;
    for (const i of inner)
      for (const t of tails) {
        if (out.length >= GLOB_LIMITS.alternatives) return 'too-many';
        out.push(head + i + t);
      }
  }
  return out;
}

/** The segments of a brace-free glob, or null when it holds a form this matcher leaves to picomatch. */
function segmentsOf(glob: string, lastNeedsOne: boolean): Segment[] | null {
  const out: Segment[] = [];
  for (const seg of glob.split('/')) {
    if (seg === '**') {
      if (out[out.length - 1] !== 'globstar') out.push('globstar');
      continue;
    }
    const tokens: Token[] = [];
    for (let i = 0; i < seg.length; i++) {
      const c = seg[i]!;
      if (c === '*') {
        if (seg[i + 1] === '*') return null; // `**` inside a segment
        tokens.push({ kind: 'star' });
      } else if (c === '?') tokens.push({ kind: 'char', test: () => true });
      else if (c === '[') {
        const end = seg.indexOf(']', i + 1);
        const body = end < 0 ? '' : seg.slice(i + 1, end);
        if (!/^(?:[A-Za-z0-9._~]|[A-Za-z0-9]-[A-Za-z0-9])+$/.test(body)) return null;
        const ranges: [string, string][] = [];
        for (let k = 0; k < body.length; k++) {
          if (body[k + 1] === '-' && k + 2 < body.length) {
            ranges.push([body[k]!, body[k + 2]!]);
            k += 2;
          } else ranges.push([body[k]!, body[k]!]);
        }
        if (ranges.some(([a, b]) => a > b)) return null;
        tokens.push({ kind: 'char', test: (x) => ranges.some(([a, b]) => x >= a && x <= b) });
        i = end;
      } else if (SPECIAL.has(c)) return null;
      else tokens.push({ kind: 'char', test: (x) => x === c });
    }
    out.push(tokens);
  }
  if (lastNeedsOne && out[out.length - 1] === 'globstar') out.splice(out.length - 1, 0, [{ kind: 'star' }]);
  return out;
}

// picomatch reads a last `/**` written after a segment ending in `*` as at least one more
// segment: `*/**` does not match `a`, while `a/**` does.
function lastGlobstarNeedsOne(glob: string): boolean {
  if (!glob.endsWith('/**')) return false;
  let before = glob;
  while (before.endsWith('/**')) before = before.slice(0, -3);
  const last = before.slice(before.lastIndexOf('/') + 1);
  return last.endsWith('*') && last !== '**';
}

/** One path segment against one glob segment: `*` runs over the segment, one backtracking point. */
function matchSegment(tokens: Token[], s: string): boolean {
  // picomatch's `*` needs a character: an empty segment matches only an empty glob segment.
  if (s === '') return tokens.length === 0;
  let t = 0;
  let i = 0;
  let star = -1;
  let resume = 0;
  while (i < s.length) {
    const tok = tokens[t];
    if (tok?.kind === 'char' && tok.test(s[i]!)) {
      t++;
      i++;
    } else if (tok?.kind === 'star') {
      star = t++;
      resume = i;
    } else if (star >= 0) {
      t = star + 1;
      i = ++resume;
    } else return false;
  }
  while (tokens[t]?.kind === 'star') t++;
  return t === tokens.length;
}

/** Path segments against glob segments, `**` taking any number of whole segments: the same algorithm one level up. */
function matchPath(glob: Segment[], path: string[]): boolean {
  let g = 0;
  let p = 0;
  let star = -1;
  let resume = 0;
  while (p < path.length) {
    const seg = glob[g];
    if (seg !== undefined && seg !== 'globstar' && matchSegment(seg, path[p]!)) {
      g++;
      p++;
    } else if (seg === 'globstar') {
      star = g++;
      resume = p;
    } else if (star >= 0) {
      g = star + 1;
      p = ++resume;
    } else return false;
  }
  while (glob[g] === 'globstar') g++;
  return g === glob.length;
}
