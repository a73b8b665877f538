/**
 * Inline Markdown read in time linear in the line: links, ATX headings and the links in a
 * heading's text. Each replaces a regular expression that backtracked over the rest of the line
 * from every `[` (or every space), quadratic on a hostile line of 100,000 of them;
 * test/unit/markdownLinks.test.ts checks each against the pattern it replaces on generated lines.
 */
import { leadingWs, trimEndWhere } from '../text/text';
import { leadCode } from '../text/markdownBlocks';

export interface InlineLink {
  /** Start of the link (its `!` for an image). */
  index: number;
  /** End of the link, after its `)`. */
  end: number;
  /** The destination as written (with its `<…>` when it has them). */
  target: string;
  targetAt: number;
}

const LINE_END = /[\n\r\u2028\u2029]/;
const SPACE = /\s/;

/** `indexOf` for queries whose start mostly grows: each character's answer is kept and reused while it lies ahead. */
export function nextIndexOf(line: string): (c: string, from: number) => number {
  const kept = new Map<string, { from: number; at: number }>();
  return (c, from) => {
    const k = kept.get(c);
    if (k && k.from <= from && (k.at === -1 || k.at >= from)) return k.at;
    const at = line.indexOf(c, from);
    kept.set(c, { from, at });
    return at;
  };
}

/**
 * The inline links of one line: what `/!?\[(?:[^\]\\]|\\.)*\]\(\s*(<[^>\n]*>|[^()\s]+)(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g`
 * matches, read in one pass. Every `[` before the first unescaped `]` after it shares that `]`,
 * so each `]` is tried once.
 */
export function inlineLinks(line: string): InlineLink[] {
  const out: InlineLink[] = [];
  const next = nextIndexOf(line);
  let i = 0;
  while (i < line.length) {
    const p = line.indexOf('[', i);
    if (p < 0) break;
    const q = closingBracket(line, p + 1);
    if (q.blocked >= 0) {
      i = q.blocked + 1;
      continue;
    }
    if (q.at < 0) break;
    const tail = linkTail(line, q.at, next);
    if (!tail) {
      i = q.at + 1;
      continue;
    }
    out.push({ index: p > i && line[p - 1] === '!' ? p - 1 : p, ...tail });
    i = tail.end;
  }
  return out;
}

/**
 * The first `]` not taken by a backslash from `from` on (`at`), reading pairs; a backslash before
 * a line end or the end stops every start before it (`blocked`).
 */
function closingBracket(line: string, from: number): { at: number; blocked: number } {
  let k = from;
  while (k < line.length) {
    const c = line[k];
    if (c === '\\') {
      if (k + 1 >= line.length || LINE_END.test(line[k + 1]!)) return { at: -1, blocked: k };
      k += 2;
    } else if (c === ']') return { at: k, blocked: -1 };
    else k++;
  }
  return { at: -1, blocked: -1 };
}

/** `](target "title")` from the `]` at q, as the pattern reads it (each alternative in its order), or null. */
function linkTail(line: string, q: number, next: (c: string, from: number) => number): Omit<InlineLink, 'index'> | null {
  if (line[q + 1] !== '(') return null;
  const spaces = (from: number) => {
    let k = from;
    while (k < line.length && SPACE.test(line[k]!)) k++;
    return k;
  };
  const at = spaces(q + 2);
  /** The rest after a destination ending at `e`: a title then `)`, or `)`; the match's end, or -1. */
  const rest = (e: number): number => {
    const s = spaces(e);
    if (s > e && (line[s] === '"' || line[s] === "'")) {
      const close = next(line[s]!, s + 1);
      if (close >= 0) {
        const r = spaces(close + 1);
        if (line[r] === ')') return r + 1;
      }
    }
    return line[s] === ')' ? s + 1 : -1;
  };
  if (line[at] === '<') {
    const gt = next('>', at + 1);
    if (gt >= 0) {
      const end = rest(gt + 1);
      if (end >= 0) return { end, target: line.slice(at, gt + 1), targetAt: at };
    }
  }
  let e = at;
  while (e < line.length && line[e] !== '(' && line[e] !== ')' && !SPACE.test(line[e]!)) e++;
  if (e === at) return null;
  const end = rest(e);
  return end >= 0 ? { end, target: line.slice(at, e), targetAt: at } : null;
}

const HEADING_MARK = /^ {0,3}(#{1,6})/;
const isBlank = (c: string) => c === ' ' || c === '\t';

/**
 * What `/^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/` gives for a line (the marks and the
 * text, undefined when none), or null; read without backtracking (the pattern was quadratic on a
 * heading of many spaces, and on one holding a U+2028, where `.` stops).
 */
export function headingOf(line: string): [string, string | undefined] | null {
  if (leadCode(line) !== 0x23) return null;
  const m = HEADING_MARK.exec(line);
  if (!m || LINE_END.test(line)) return null;
  const rest = line.slice(m[0].length);
  if (rest === '') return [m[1]!, undefined];
  if (!isBlank(rest[0]!)) return null;
  const text = trimEndWhere(rest.slice(leadingWs(rest)), isBlank);
  let hashes = text.length;
  while (hashes > 0 && text[hashes - 1] === '#') hashes--;
  // A closing run of `#` after a blank is not part of the text (a run that is all the text is).
  if (hashes < text.length && hashes > 0 && isBlank(text[hashes - 1]!)) return [m[1]!, trimEndWhere(text.slice(0, hashes), isBlank)];
  return [m[1]!, text];
}

/**
 * One pass of `[text]` followed by `open…close` (`[^\]]*` then `[^close]*`), as
 * `/\[([^\]]*)\]\([^)]*\)/g` replaces: each match becomes its text (`keep`) or nothing; `bang`
 * matches only after a `!` (images). Every `[` before a `]` shares that `]`, so each is tried once.
 */
export function replaceBracketed(s: string, open: '(' | '[', close: ')' | ']', keep: boolean, bang: boolean): string {
  const next = nextIndexOf(s);
  let out = '';
  let i = 0;
  while (i < s.length) {
    const p = s.indexOf(bang ? '![' : '[', i);
    if (p < 0) break;
    const b = bang ? p + 1 : p;
    const q = next(']', b + 1);
    if (q < 0) break;
    if (s[q + 1] !== open) {
      out += s.slice(i, q + 1);
      i = q + 1;
      continue;
    }
    const c = next(close, q + 2);
    if (c < 0) break;
    out += s.slice(i, p) + (keep ? s.slice(b + 1, q) : '');
    i = c + 1;
  }
  return out + s.slice(i);
}

/** Half-open spans [from, to) sorted and merged where they overlap. */
export function mergedSpans(spans: readonly (readonly [number, number])[]): [number, number][] {
  const out: [number, number][] = [];
  for (const [x, y] of [...spans].sort((a, b) => a[0] - b[0])) {
    const last = out[out.length - 1];
    if (last && x < last[1]) last[1] = Math.max(last[1], y);
    else out.push([x, y]);
  }
  return out;
}

/** True when `at` lies in one of the sorted, disjoint half-open `spans` (a binary search). */
export function inSpans(spans: readonly (readonly [number, number])[], at: number): boolean {
  let lo = 0;
  let hi = spans.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const s = spans[mid]!;
    if (at < s[0]) hi = mid;
    else if (at >= s[1]) lo = mid + 1;
    else return true;
  }
  return false;
}
