/**
 * Fenced code blocks of a Markdown text, as both Markdown scanners (SKILL.md bodies and
 * instruction files) read them: an opening fence of three or more backquotes or tildes at any
 * indentation (list items indent them), closed by a fence of the same character, at least as
 * long, with nothing after it, indented at most three columns more than the opening fence (as
 * CommonMark has it: a fence line indented four more is the block's text, such as an example of
 * a nested block). A block never closed runs to the end of the file.
 */
import type { Range } from '../types';

export interface Fence {
  /** The line of the opening fence. */
  line: number;
  /** The info string's first word (`bash`), lowercased; '' when none. */
  lang: string;
  /** The closing line; undefined when the block is never closed. */
  closeLine?: number;
  /** The range of the opening fence mark. */
  range: Range;
}

/**
 * The code of a line's first character that is not a space or a tab (-1 when there is none). The
 * block patterns read per line (fences, headings, list items, setext underlines) can match only
 * behind a few marks, so a scanner tests those first: most lines start with a letter.
 */
export function leadCode(line: string): number {
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c !== 32 && c !== 9) return c;
  }
  return -1;
}

/** The marks a block pattern can start with, as a table of character codes (`mayLeadWith`). */
export function leadMarks(marks: string): Uint8Array {
  const table = new Uint8Array(128);
  for (const c of marks) table[c.charCodeAt(0)] = 1;
  return table;
}

/** No mark: `mayLeadWith(lead, NO_MARKS)` holds only for white space other than a space or tab. */
export const NO_MARKS = leadMarks('');

/**
 * True when a pattern that skips white space with `\s*` could still find one of `marks` behind
 * `lead`: `lead` is a mark, or white space other than a space or tab (anything outside printable
 * ASCII is let through, as `\s` knows more kinds).
 */
export function mayLeadWith(lead: number, marks: Uint8Array): boolean {
  return lead < 33 || lead > 126 || marks[lead] === 1;
}

/** A fence mark at the start of a line; the rest of the line is its info string. */
const FENCE_MARK = /^([ \t]*)(`{3,}|~{3,})/;
/** What `.` does not match: a line holding one of these (a lone CR) is no fence line. */
const BREAK = /[\n\r\u2028\u2029]/;

/**
 * `/^([ \t]*)(`{3,}|~{3,})(.*)$/` read without backtracking (on a line of backquotes ending in a
 * lone CR that pattern tried every shorter run of backquotes, each to the end of the line).
 */
function fenceLine(line: string): [string, string, string, string] | null {
  const lead = leadCode(line);
  // Only spaces and tabs may stand before the mark.
  if (lead !== 0x60 && lead !== 0x7e) return null;
  const m = FENCE_MARK.exec(line);
  if (!m) return null;
  const info = line.slice(m[0].length);
  return BREAK.test(info) ? null : [line, m[1]!, m[2]!, info];
}

/** A block being read: its fence, its mark, and the columns its opening fence is indented. */
export interface OpenFence {
  fence: Fence;
  mark: string;
  indent: number;
}

/** The fence a line opens, or undefined (a backquote fence's info string may not hold a backquote). */
export function openingFence(line: string, index: number): OpenFence | undefined {
  const f = fenceLine(line);
  if (!f) return undefined;
  const mark = f[2]!;
  const info = f[3]!;
  if (mark[0] === '`' && info.includes('`')) return undefined;
  const start = f[1]!.length;
  return {
    mark,
    indent: indentOf(f[1]!),
    fence: {
      line: index,
      lang: (info.trim().split(/[\s{]/)[0] ?? '').toLowerCase(),
      range: { start: { line: index, character: start }, end: { line: index, character: start + mark.length } },
    },
  };
}

/** True when `line` closes the block `open`: the same character, at least as long, nothing after it, indented at most three columns more. */
export function closesFence(line: string, open: Pick<OpenFence, 'mark' | 'indent'>): boolean {
  const f = fenceLine(line);
  return !!f && f[2]![0] === open.mark[0] && f[2]!.length >= open.mark.length && f[3]!.trim() === '' && indentOf(f[1]!) <= open.indent + 3;
}

/** The fenced blocks of `lines` from `startLine` on. */
export function fencesOf(lines: readonly string[], startLine = 0): Fence[] {
  const out: Fence[] = [];
  let open: OpenFence | undefined;
  const indented = new IndentedCode();
  for (let i = Math.max(0, startLine); i < lines.length; i++) {
    if (open) {
      if (closesFence(lines[i]!, open)) {
        open.fence.closeLine = i;
        open = undefined;
        indented.blockEnded();
      }
      continue;
    }
    // A fence line in an indented code block is its text (an example of a file with fences).
    if (indented.takes(lines[i]!)) continue;
    open = openingFence(lines[i]!, i);
    if (open) out.push(open.fence);
  }
  return out;
}

/** A block that is never closed, and what it swallows. */
export interface UnclosedFence {
  fence: Fence;
  /** Lines after the opening fence that hold text (what is read as code although it was not meant to be). */
  swallowed: number;
  /**
   * The block before it, when a fence line inside that block with a language (```` ```bash ````)
   * shows it was meant to hold a nested block: its inner closing fence closed it instead, and the
   * outer closing fence opened this block.
   */
  nestedIn?: Fence;
}

/**
 * The block left open at the end of the text, when it swallows any text: an opening fence as the
 * last thing in the file (blank lines after it at most) swallows nothing, and one inside a list
 * item ends with the item; neither is reported.
 */
export function unclosedFence(fences: readonly Fence[], lines: readonly string[]): UnclosedFence | undefined {
  const last = fences[fences.length - 1];
  if (!last || last.closeLine !== undefined) return undefined;
  if (inListItem(last, lines)) return undefined;
  let swallowed = 0;
  for (let i = last.line + 1; i < lines.length; i++) if (lines[i]!.trim() !== '') swallowed++;
  if (swallowed === 0) return undefined;
  const out: UnclosedFence = { fence: last, swallowed };
  const before = fences[fences.length - 2];
  if (before?.closeLine !== undefined && last.lang === '' && before.closeLine < last.line) {
    for (let i = before.line + 1; i < before.closeLine; i++) {
      const inner = openingFence(lines[i]!, i);
      if (inner && inner.fence.lang !== '') {
        out.nestedIn = before;
        break;
      }
    }
  }
  return out;
}

/**
 * CommonMark's indented code blocks, outside lists: a line indented four columns or more that
 * does not continue a paragraph (it follows a blank line, a heading or a block's end) opens one,
 * and it runs until a line indented less. Text there is code: `[a](b)` in it is no link. Inside a
 * list the same indent is the item's text, so a list turns the reading off until a line at the
 * left margin starts a new paragraph after a blank line. Feed the lines outside fenced blocks in
 * order (`takes`), and tell it where a fenced block ends (`blockEnded`).
 */
export class IndentedCode {
  #inCode = false;
  #inList = false;
  /** True where a paragraph cannot go on: at the start, after a blank line, a heading or a block. */
  #afterBreak = true;

  /** Whether `line` is text of an indented code block. */
  takes(line: string): boolean {
    const lead = leadCode(line);
    const blank = lead === -1 || (mayLeadWith(lead, NO_MARKS) && line.trim() === '');
    const indent = indentOf(line);
    if (this.#inCode) {
      if (blank || indent >= 4) return true;
      this.#inCode = false;
    }
    if (blank) {
      this.#afterBreak = true;
      return false;
    }
    if (!this.#inList && this.#afterBreak && indent >= 4) {
      this.#inCode = true;
      return true;
    }
    if (mayLeadWith(lead, LIST_MARKS) && LIST_ITEM.test(line) && indent < 4) this.#inList = true;
    else if (indent === 0 && this.#afterBreak) this.#inList = false;
    this.#afterBreak = lead === 0x23 && /^ {0,3}#{1,6}(?:[ \t]|$)/.test(line);
    return false;
  }

  /** A fenced block ended on the line before: what follows starts a block. */
  blockEnded(): void {
    this.#afterBreak = true;
  }
}

/** Columns of leading whitespace (a tab counts 4). */
function indentOf(line: string): number {
  let n = 0;
  for (const c of line) {
    if (c === ' ') n++;
    else if (c === '\t') n += 4;
    else break;
  }
  return n;
}

const LIST_ITEM = /^\s*(?:[-*+]|\d{1,9}[.)])(?:\s|$)/;
/** What a list item starts with. */
export const LIST_MARKS = leadMarks('-*+0123456789');

/**
 * True when a fence is indented inside a list item: its block ends with the item (at the first
 * line indented less), so an unclosed one does not take the rest of the file.
 */
function inListItem(fence: Fence, lines: readonly string[]): boolean {
  const indent = indentOf(lines[fence.line]!);
  if (indent === 0) return false;
  for (let i = fence.line - 1; i >= 0; i--) {
    const l = lines[i]!;
    if (l.trim() === '' || indentOf(l) >= indent) continue;
    return LIST_ITEM.test(l);
  }
  return false;
}

/** The message for an unclosed block: what it swallows, and the likely cause when the block was nested. */
/** Lines a nested fence left outside an example block (`strandedByNestedFence`), with that block. */
export interface StrandedLines {
  from: number;
  to: number;
  outer: Fence;
}

/**
 * Lines a fenced block that holds a fenced block of its own leaves outside code. A fence line with
 * a language inside the block (```` ```bash ```` within ```` ```markdown ````) is text there, so its
 * closing fence closes the outer block instead; the example's text after it, up to the bare fence
 * meant to close the outer block (which opens a new block instead), is read as Markdown. Its links
 * belong to the example the block shows, not to the file (the lab: 7 false link findings of this shape in
 * sample READMEs and templates).
 */
export function strandedByNestedFence(fences: readonly Fence[], lines: readonly string[]): StrandedLines[] {
  const out: StrandedLines[] = [];
  for (let i = 0; i + 1 < fences.length; i++) {
    const b = fences[i]!;
    const next = fences[i + 1]!;
    if (b.closeLine === undefined || next.lang !== '' || next.line <= b.closeLine + 1) continue;
    const open = openingFence(lines[b.line] ?? '', b.line);
    if (open && holdsNestedOpening(b, open, lines)) out.push({ from: b.closeLine + 1, to: next.line - 1, outer: b });
  }
  return out;
}

/** Whether a line inside the block opens a fence with a language whose close could close the block (the same mark, as long or longer). */
function holdsNestedOpening(b: Fence, open: OpenFence, lines: readonly string[]): boolean {
  for (let j = b.line + 1; j < b.closeLine!; j++) {
    const inner = openingFence(lines[j] ?? '', j);
    if (inner && inner.fence.lang !== '' && inner.mark[0] === open.mark[0] && inner.mark.length >= open.mark.length) return true;
  }
  return false;
}

/** The stranded lines `line` is one of, if any. */
export function strandedAt(stranded: readonly StrandedLines[], line: number): StrandedLines | undefined {
  return stranded.find((r) => line >= r.from && line <= r.to);
}

/** The note a finding on such a line gets, made advice. */
export function strandedNote(s: StrandedLines): string {
  return `(This line sits after line ${s.outer.closeLine! + 1}, where the closing fence of a block nested in the example opened on line ${s.outer.line + 1} closed that example early: it most likely belongs to the example, not to this file.)`;
}

export function unclosedFenceMessage(u: UnclosedFence): string {
  const n = u.swallowed === 1 ? 'the line of text after it is' : `the ${u.swallowed} lines of text after it are`;
  const base = `This code fence is never closed: ${n} read as code, by agents and in every Markdown view`;
  if (!u.nestedIn) return base;
  return `${base}. The block opened on line ${u.nestedIn.line + 1} holds a fenced block of its own, whose closing fence on line ${u.nestedIn.closeLine! + 1} closed the outer block, and this fence opened a new one: fence the outer block with more backquotes than any fence inside it`;
}
