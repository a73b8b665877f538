/** Line-level text helpers with the exact whitespace semantics of the 3md reference. */
import type { Position, TextEdit } from '../types';

/** Splits on LF and CRLF (a lone CR is not a line break, as in the 3md reference). */
export function splitLines(text: string): string[] {
  // Splitting on a string is several times faster than on a pattern, and most texts have no CR.
  return text.includes('\r') ? text.split(/\r?\n/) : text.split('\n');
}

/** The last text `sharedLines` split, and its lines. */
let lastSplit: { text: string; lines: readonly string[] } = { text: '', lines: [''] };

/** `splitLines`, shared by the readers of one analysis that only read the lines (a SKILL.md's body checks): the same text is split once. */
export function sharedLines(text: string): readonly string[] {
  if (lastSplit.text !== text) lastSplit = { text, lines: splitLines(text) };
  return lastSplit.lines;
}

/** Trims spaces and tabs only: the reference's notion of whitespace. */
export function trimWs(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && (s.charCodeAt(a) === 32 || s.charCodeAt(a) === 9)) a++;
  while (b > a && (s.charCodeAt(b - 1) === 32 || s.charCodeAt(b - 1) === 9)) b--;
  return a === 0 && b === s.length ? s : s.slice(a, b);
}

/** Index of the first character that is not a space or tab (or the length). */
export function leadingWs(s: string): number {
  let a = 0;
  while (a < s.length && (s.charCodeAt(a) === 32 || s.charCodeAt(a) === 9)) a++;
  return a;
}

/** Length of `s` without trailing spaces and tabs. */
export function trailingWsStart(s: string): number {
  let b = s.length;
  while (b > 0 && (s.charCodeAt(b - 1) === 32 || s.charCodeAt(b - 1) === 9)) b--;
  return b;
}

export function isBlank(s: string): boolean {
  return leadingWs(s) === s.length;
}

/** Converts between offsets and positions for one text; built once, used many times. */
export class LineIndex {
  readonly #starts: number[];
  readonly #text: string;

  constructor(text: string) {
    this.#text = text;
    const starts = [0];
    // indexOf runs native over the text, several times faster than a loop of charCodeAt.
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
    this.#starts = starts;
  }

  get lineCount(): number {
    return this.#starts.length;
  }

  /** Offset of a position, clamped into the text. CR before LF counts as line end. */
  offsetAt(p: Position): number {
    if (p.line < 0) return 0;
    if (p.line >= this.#starts.length) return this.#text.length;
    const start = this.#starts[p.line]!;
    let end = p.line + 1 < this.#starts.length ? this.#starts[p.line + 1]! - 1 : this.#text.length;
    if (end > start && this.#text.charCodeAt(end - 1) === 13 && end < this.#text.length) end--;
    return Math.min(start + Math.max(0, p.character), end);
  }

  positionAt(offset: number): Position {
    const o = Math.max(0, Math.min(offset, this.#text.length));
    let lo = 0;
    let hi = this.#starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.#starts[mid]! <= o) lo = mid;
      else hi = mid - 1;
    }
    // An offset on a line break (the CR of CRLF, or the LF) is the end of that line's content.
    const start = this.#starts[lo]!;
    let end = lo + 1 < this.#starts.length ? this.#starts[lo + 1]! - 1 : this.#text.length;
    if (end > start && this.#text.charCodeAt(end - 1) === 13 && lo + 1 < this.#starts.length) end--;
    return { line: lo, character: Math.min(o, end) - start };
  }
}

/** Applies one edit to a text; positions past the end are clamped (never throws). */
export function applyEdit(text: string, edit: TextEdit): string {
  const index = new LineIndex(text);
  let a = index.offsetAt(edit.range.start);
  let b = index.offsetAt(edit.range.end);
  if (b < a) [a, b] = [b, a];
  return text.slice(0, a) + edit.text + text.slice(b);
}

/**
 * `s` without the run of characters `drop` accepts at its end. A loop, not `/x+$/`: such a
 * pattern takes quadratic time on a long run of `x` followed by anything else (it tries the
 * run from each of its characters).
 */
export function trimEndWhere(s: string, drop: (c: string) => boolean): string {
  let b = s.length;
  while (b > 0 && drop(s[b - 1]!)) b--;
  return b === s.length ? s : s.slice(0, b);
}

/** `s` up to its first `?` or `#` (a URI's path without its query and fragment), without `/[?#].*$/`'s quadratic time on a line of `#`s. */
export function beforeQueryOrFragment(s: string): string {
  const q = s.indexOf('?');
  const h = s.indexOf('#');
  const cut = q < 0 ? h : h < 0 ? q : Math.min(q, h);
  return cut < 0 ? s : s.slice(0, cut);
}

/**
 * The lines between a leading `---` and the next line starting with `---`, as one string; undefined
 * when the text has no such block. For a plain look at a frontmatter's lines (a `name:` or
 * `description:` written there) without parsing its YAML, which may not parse.
 */
export function frontmatterBlock(text: string): string | undefined {
  return /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1];
}
