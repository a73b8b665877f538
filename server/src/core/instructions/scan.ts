/**
 * One pass over an instruction file's Markdown: fenced blocks (and one left open), code spans,
 * `@path` imports outside code, and the code a file tells agents to run (shell blocks and code
 * spans). Linear in the text size.
 */
import { splitLines, trimEndWhere } from '../text';
import type { Range } from '../types';

export interface Fence {
  /** The line of the opening fence. */
  line: number;
  /** The info string's first word (`bash`), '' when none. */
  lang: string;
  /** The closing line; undefined when the block is never closed. */
  closeLine?: number;
  /** The range of the opening fence mark. */
  range: Range;
}

export interface ImportMention {
  /** The path as written after `@`. */
  path: string;
  /** The range of `@path`. */
  range: Range;
}

export interface CodeText {
  /** One line of code: a code span's text or a line of a fenced block. */
  text: string;
  line: number;
  /** Where `text` starts on its line. */
  character: number;
  /** 'span' for inline code, else the fenced block's language ('' when none). */
  source: 'span' | { lang: string };
}

export interface InstructionScan {
  lines: string[];
  fences: Fence[];
  imports: ImportMention[];
  code: CodeText[];
}

/** A fence mark at the start of a line; the rest of the line is its info string. */
const FENCE_MARK = /^([ \t]*)(`{3,}|~{3,})/;
/** What `.` does not match: a line holding one of these (a lone CR) was never read as a fence by `/^…(.*)$/`. */
const BREAK = /[\n\r\u2028\u2029]/;

/**
 * `/^([ \t]*)(`{3,}|~{3,})(.*)$/` read without backtracking (on a line of backquotes ending in a
 * lone CR that pattern tried every shorter run of backquotes, each to the end of the line).
 */
function fenceOf(line: string): [string, string, string, string] | null {
  const m = FENCE_MARK.exec(line);
  if (!m) return null;
  const info = line.slice(m[0].length);
  return BREAK.test(info) ? null : [line, m[1]!, m[2]!, info];
}
/** `@` at the start or after a space or bracket, then a path without spaces or quotes. */
const IMPORT = /(?<=^|[\s([{>])@([^\s`'"<>()[\]{}]+)/g;
/** Sentence punctuation after an import (`see @a.md.`), not part of its path. */
const isTrailing = (c: string) => '.,;:!?'.includes(c);

/**
 * True when an `@mention` reads as a file: it starts like a path (`./`, `../`, `~/`, `/`) or its
 * last segment has an extension. `@claude`, `@types/node` and `@1.2` are not files.
 */
export function looksLikeImport(path: string): boolean {
  if (/^(?:\.{1,2}\/|~\/|\/)/.test(path)) return true;
  const last = path.split('/').pop() ?? '';
  return /^[^.].*\.[A-Za-z][A-Za-z0-9]{0,9}$/.test(last) && !/^\d/.test(last);
}

/** Inline code spans of one line, as [start, end) of the whole span and of its text. */
function codeSpans(line: string): { from: number; to: number; textFrom: number; textTo: number }[] {
  const out: { from: number; to: number; textFrom: number; textTo: number }[] = [];
  let i = 0;
  while (i < line.length) {
    const at = line.indexOf('`', i);
    if (at < 0) break;
    let n = at;
    while (line[n] === '`') n++;
    const run = n - at;
    // The span closes at the next run of exactly the same length.
    let j = n;
    let close = -1;
    while (j < line.length) {
      const k = line.indexOf('`', j);
      if (k < 0) break;
      let m = k;
      while (line[m] === '`') m++;
      if (m - k === run) {
        close = k;
        break;
      }
      j = m;
    }
    if (close < 0) {
      i = n;
      continue;
    }
    out.push({ from: at, to: close + run, textFrom: n, textTo: close });
    i = close + run;
  }
  return out;
}

export function scanInstructions(text: string, startLine = 0): InstructionScan {
  const lines = splitLines(text);
  const fences: Fence[] = [];
  const imports: ImportMention[] = [];
  const code: CodeText[] = [];
  let open: { fence: Fence; mark: string } | undefined;
  // HTML comments hide imports from Claude Code too.
  let inComment = false;
  for (let i = Math.max(0, startLine); i < lines.length; i++) {
    const line = lines[i]!;
    const f = fenceOf(line);
    if (open) {
      if (f && f[2]![0] === open.mark[0] && f[2]!.length >= open.mark.length && f[3]!.trim() === '') {
        open.fence.closeLine = i;
        open = undefined;
      } else code.push({ text: line, line: i, character: 0, source: { lang: open.fence.lang } });
      continue;
    }
    if (f && !(f[2]![0] === '`' && f[3]!.includes('`'))) {
      const start = f[1]!.length;
      const fence: Fence = {
        line: i,
        lang: (f[3]!.trim().split(/[\s{]/)[0] ?? '').toLowerCase(),
        range: { start: { line: i, character: start }, end: { line: i, character: start + f[2]!.length } },
      };
      fences.push(fence);
      open = { fence, mark: f[2]! };
      continue;
    }
    const spans = codeSpans(line);
    for (const s of spans) code.push({ text: line.slice(s.textFrom, s.textTo), line: i, character: s.textFrom, source: 'span' });
    // Text outside code spans and HTML comments: where imports are read.
    let visible = '';
    let pos = 0;
    for (const s of spans) {
      visible += line.slice(pos, s.from) + ' '.repeat(s.to - s.from);
      pos = s.to;
    }
    visible += line.slice(pos);
    let masked = '';
    let k = 0;
    while (k < visible.length) {
      if (inComment) {
        const end = visible.indexOf('-->', k);
        if (end < 0) {
          masked += ' '.repeat(visible.length - k);
          k = visible.length;
        } else {
          masked += ' '.repeat(end + 3 - k);
          k = end + 3;
          inComment = false;
        }
      } else {
        const start = visible.indexOf('<!--', k);
        if (start < 0) {
          masked += visible.slice(k);
          k = visible.length;
        } else {
          masked += visible.slice(k, start);
          k = start;
          inComment = true;
        }
      }
    }
    for (const m of masked.matchAll(IMPORT)) {
      const path = trimEndWhere(m[1]!, isTrailing);
      if (!path || !looksLikeImport(path)) continue;
      const a = m.index!;
      imports.push({ path, range: { start: { line: i, character: a }, end: { line: i, character: a + 1 + path.length } } });
    }
  }
  return { lines, fences, imports, code };
}
