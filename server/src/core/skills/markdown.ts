/**
 * The Markdown facts a skill needs, in one linear pass over the body: relative file references
 * (links and bare `scripts/…`-style paths) and headings with GitHub-style anchors.
 */
import { leadingWs, splitLines, trimEndWhere } from '../text';
import type { Range } from '../types';
import { decodeTarget } from './paths';

export interface MdReference {
  /** `link`: a Markdown link or image target; `path`: a bare `scripts/…`, `references/…` or `assets/…` mention. */
  kind: 'link' | 'path';
  /** The decoded path ('' for a same-file `#anchor`). */
  path: string;
  /** The anchor after `#`, when present. */
  fragment?: string;
  /** The range of the whole target text (path and anchor). */
  range: Range;
  /** True inside a fenced code block. */
  inCode: boolean;
}

export interface MdHeading {
  level: number;
  text: string;
  /** The GitHub anchor, with `-1`, `-2` suffixes for repeats. */
  slug: string;
  line: number;
  range: Range;
}

/**
 * The inline links of one line: what `/!?\[(?:[^\]\\]|\\.)*\]\(\s*(<[^>\n]*>|[^()\s]+)(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g`
 * matches (test/unit/markdownLinks.test.ts compares the two), read in one pass: that pattern tried
 * the rest of the line from every `[`, quadratic on a line of 100,000 `[`. Every `[` before the
 * first unescaped `]` after it shares that `]`, so each `]` is tried once.
 */
export function inlineLinks(line: string): { index: number; end: number; target: string; targetAt: number }[] {
  const out: { index: number; end: number; target: string; targetAt: number }[] = [];
  const next = nextIndexOf(line);
  let i = 0;
  while (i < line.length) {
    const p = line.indexOf('[', i);
    if (p < 0) break;
    // The first `]` not taken by a backslash, reading pairs from p + 1; a backslash before a line end or the end stops every start before it.
    let k = p + 1;
    let q = -1;
    let blocked = -1;
    while (k < line.length) {
      const c = line[k];
      if (c === '\\') {
        if (k + 1 >= line.length || LINE_END.test(line[k + 1]!)) {
          blocked = k;
          break;
        }
        k += 2;
      } else if (c === ']') {
        q = k;
        break;
      } else k++;
    }
    if (blocked >= 0) {
      i = blocked + 1;
      continue;
    }
    if (q < 0) break;
    const tail = linkTail(line, q, next);
    if (!tail) {
      i = q + 1;
      continue;
    }
    out.push({ index: p > i && line[p - 1] === '!' ? p - 1 : p, end: tail.end, target: tail.target, targetAt: tail.targetAt });
    i = tail.end;
  }
  return out;
}

/** Half-open spans [from, to) sorted and merged where they overlap. */
function mergedSpans(spans: [number, number][]): [number, number][] {
  const out: [number, number][] = [];
  for (const [x, y] of [...spans].sort((a, b) => a[0] - b[0])) {
    const last = out[out.length - 1];
    if (last && x < last[1]) last[1] = Math.max(last[1], y);
    else out.push([x, y]);
  }
  return out;
}

const LINE_END = /[\n\r\u2028\u2029]/;
const SPACE = /\s/;

/** `indexOf` for queries whose start only grows: each character's answer is kept and reused while it lies ahead. */
function nextIndexOf(line: string): (c: string, from: number) => number {
  const kept = new Map<string, { from: number; at: number }>();
  return (c, from) => {
    const k = kept.get(c);
    if (k && k.from <= from && (k.at === -1 || k.at >= from)) return k.at;
    const at = line.indexOf(c, from);
    kept.set(c, { from, at });
    return at;
  };
}

/** `](target "title")` from the `]` at q, as the pattern reads it (each alternative in its order), or null. */
function linkTail(line: string, q: number, next: (c: string, from: number) => number): { end: number; target: string; targetAt: number } | null {
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
const DEFINITION = /^ {0,3}\[[^\]]+\]:\s*(<[^>\n]*>|\S+)/;
const BARE = /(?<![\w./\\@:~-])(?:scripts|references|assets)\/[\w./-]*[\w-]/g;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const HEADING_MARK = /^ {0,3}(#{1,6})/;

const isBlank = (c: string) => c === ' ' || c === '\t';

/**
 * What `/^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/` gives for a line (the marks and the
 * text, undefined when none), or null; read without backtracking (the pattern was quadratic on a
 * heading of many spaces, and on one holding a U+2028, where `.` stops).
 */
export function headingOf(line: string): [string, string | undefined] | null {
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
 * True for a link target that names a file by an absolute path or a `file:` URI (`/home/…`,
 * `\\share\…`, `C:\…`, `C:/…`, `file:///…`): the same file on no other machine.
 */
export function isAbsoluteFileTarget(t: string): boolean {
  return /^file:/i.test(t) || /^[A-Za-z]:[\\/]/.test(t) || (/^[\\/]/.test(t) && !t.startsWith('//'));
}

/** True for a link target that points at a file relative to the document. */
export function isRelativeTarget(t: string): boolean {
  return !/^[a-z][a-z0-9+.-]*:/i.test(t) && !t.startsWith('/') && !t.startsWith('\\');
}

/** GitHub's heading anchor: lowercase, punctuation dropped (except `-` and `_`), spaces to `-`. */
export function githubSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Plain heading text: links reduced to their text, emphasis and code markers removed. */
export function headingText(raw: string): string {
  // `raw.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')` in one pass (that pattern is quadratic on a heading of many `[`).
  const next = nextIndexOf(raw);
  let out = '';
  let i = 0;
  while (i < raw.length) {
    const p = raw.indexOf('[', i);
    const q = p < 0 ? -1 : next(']', p + 1);
    const close = q >= 0 && raw[q + 1] === '(' ? next(')', q + 2) : -1;
    if (close < 0) {
      if (q < 0) break;
      out += raw.slice(i, q + 1);
      i = q + 1;
      continue;
    }
    const start = p > i && raw[p - 1] === '!' ? p - 1 : p;
    out += raw.slice(i, start) + raw.slice(p + 1, q);
    i = close + 1;
  }
  return (out + raw.slice(i)).replace(/[*`]/g, '');
}

/** Scans Markdown from `startLine` on. Linear in the text size. */
export function scanMarkdown(text: string, startLine = 0): { refs: MdReference[]; headings: MdHeading[]; absolute: MdReference[] } {
  const lines = splitLines(text);
  const refs: MdReference[] = [];
  /** Link targets written as absolute paths or `file:` URIs (never resolved). */
  const absolute: MdReference[] = [];
  const headings: MdHeading[] = [];
  const seen = new Map<string, number>();
  let fence: string | undefined;
  for (let i = Math.max(0, startLine); i < lines.length; i++) {
    const line = lines[i]!;
    const f = FENCE.exec(line);
    if (f) {
      const mark = f[1]!;
      if (fence === undefined) {
        fence = mark;
        continue;
      }
      if (mark[0] === fence[0] && mark.length >= fence.length && line.trim() === mark) {
        fence = undefined;
        continue;
      }
    }
    const inCode = fence !== undefined;
    const taken: [number, number][] = [];
    if (!inCode) {
      const h = headingOf(line);
      if (h) {
        const text = headingText(h[1] ?? '');
        const base = githubSlug(text);
        const n = seen.get(base) ?? 0;
        seen.set(base, n + 1);
        headings.push({
          level: h[0].length,
          text,
          slug: n ? `${base}-${n}` : base,
          line: i,
          range: { start: { line: i, character: 0 }, end: { line: i, character: line.length } },
        });
      }
      for (const m of inlineLinks(line)) addLink(refs, absolute, taken, i, m.targetAt, m.target);
      const d = DEFINITION.exec(line);
      if (d) addLink(refs, absolute, taken, i, d.index + d[0].length - d[1]!.length, d[1]!);
    }
    // The spans links take, merged and sorted once, then passed with a pointer (bare paths come in reading order).
    const spans = mergedSpans(taken);
    let t = 0;
    for (const m of line.matchAll(BARE)) {
      const a = m.index!;
      while (t < spans.length && spans[t]![1] <= a) t++;
      if (t < spans.length && spans[t]![0] <= a) continue;
      refs.push({ kind: 'path', path: m[0], range: lr(i, a, a + m[0].length), inCode });
    }
  }
  return { refs, headings, absolute };
}

function addLink(refs: MdReference[], absolute: MdReference[], taken: [number, number][], line: number, at: number, raw: string): void {
  let target = raw;
  let start = at;
  if (target.startsWith('<') && target.endsWith('>')) {
    target = target.slice(1, -1);
    start++;
  }
  taken.push([start, start + target.length]);
  if (isAbsoluteFileTarget(target)) {
    absolute.push({ kind: 'link', path: target, range: lr(line, start, start + target.length), inCode: false });
    return;
  }
  if (!isRelativeTarget(target) || target === '') return;
  const hash = target.indexOf('#');
  const path = decodeTarget(hash < 0 ? target : target.slice(0, hash));
  const ref: MdReference = { kind: 'link', path, range: lr(line, start, start + target.length), inCode: false };
  if (hash >= 0) ref.fragment = decodeTarget(target.slice(hash + 1));
  refs.push(ref);
}

function lr(line: number, a: number, b: number): Range {
  return { start: { line, character: a }, end: { line, character: b } };
}

/** Heading anchors of a Markdown text (a leading `---` frontmatter skipped), slug → heading. */
export function headingAnchors(text: string): Map<string, MdHeading> {
  const out = new Map<string, MdHeading>();
  for (const h of scanMarkdown(text, frontmatterEndLine(text)).headings) out.set(h.slug, h);
  return out;
}

/** The line after a leading `---` … `---` block (0 when there is none), so YAML comments are not headings. */
export function frontmatterEndLine(text: string): number {
  if (!/^---[ \t]*\r?(\n|$)/.test(text)) return 0;
  const lines = splitLines(text);
  for (let i = 1; i < lines.length; i++) if (lines[i]!.trimEnd() === '---') return i + 1;
  return 0;
}
