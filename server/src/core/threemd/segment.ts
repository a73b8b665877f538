/**
 * A segment of a 3md document: the lines of one directive span (its `@plane`-looking line first,
 * whether or not a fence makes it a directive), or the head (frontmatter and whatever precedes
 * the first such line). A segment is an immutable value: its line numbers are its own (0 is its
 * first line), and everything derived from its lines alone is computed once, on first use, and
 * kept on it. Documents share unchanged segments; positions become absolute only in the views
 * a document makes (plane.ts, syntax.ts).
 */
import { leadingWs } from '../text/text';
import { isDirectiveLine } from './frontmatter';
import { parseDirective, readDirective, scanLinks, type PlaneHeader } from './directive';
import type { Attribute, RelIssue } from './syntax';
import type { Link } from './link';

/** Fence states: outside any fence, inside a backtick fence, inside a tilde fence. */
export type FenceState = '' | '`' | '~';

const STATES: readonly FenceState[] = ['', '`', '~'];

/**
 * Fence bookkeeping of the reference: the new fence state when this line opens or closes a
 * fence, or null when it does not touch it.
 */
export function fenceTransition(raw: string, fence: string): FenceState | null {
  const at = leadingWs(raw);
  const c = raw.charCodeAt(at);
  if (c !== 96 && c !== 126) return null; // ` or ~
  if (fence) return c === fence.charCodeAt(0) && threeOf(raw, at, c) ? '' : null;
  return threeOf(raw, at, c) ? (c === 96 ? '`' : '~') : null;
}

function threeOf(raw: string, at: number, c: number): boolean {
  return raw.charCodeAt(at + 1) === c && raw.charCodeAt(at + 2) === c;
}

/** True for a line that may open or close a fence (blank-led backticks or tildes). */
function mayFence(raw: string): boolean {
  const c0 = raw.charCodeAt(0);
  if (c0 !== 32 && c0 !== 9 && c0 !== 96 && c0 !== 126) return false;
  const at = leadingWs(raw);
  const c = raw.charCodeAt(at);
  return (c === 96 || c === 126) && threeOf(raw, at, c);
}

/** What a directive segment's first line says, parsed at line 0. */
export interface ParsedDirective {
  attributes: Attribute[];
  /** Column where the directive ends (trailing whitespace excluded). */
  end: number;
  /** Grammar issues of the line, at line 0 (their messages are made where the line is known). */
  issues: RelIssue[];
  /** The plane's header, or null when the directive is rejected (no z, or a bad z/x/y). */
  header: PlaneHeader | null;
}

/** A segment's body: its trimmed extent (own line numbers) and text. */
export interface SegmentBody {
  first: number;
  last: number;
  text: string;
}

const NO_LINKS: readonly Link[] = Object.freeze([]);
const NO_ISSUES: RelIssue[] = Object.freeze([]) as unknown as RelIssue[];

/**
 * A directive line read once: where it ends, its issues and the plane header. The attributes,
 * one object per token with its columns, are read from the line when first asked for.
 */
class ParsedLine implements ParsedDirective {
  readonly end: number;
  readonly issues: RelIssue[];
  readonly header: PlaneHeader | null;
  #attributes: Attribute[] | undefined;

  constructor(private readonly text: string) {
    const d = readDirective(text);
    this.end = d.end;
    // Most lines have no issue: they share one empty list.
    this.issues = d.issues.length ? d.issues : NO_ISSUES;
    this.header = d.header;
  }

  get attributes(): Attribute[] {
    return (this.#attributes ??= parseDirective(this.text).attributes);
  }
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by module augmentation in the analysis layers
export interface SegmentMemo {}

export class Segment {
  /** The fence state after the lines for each entry state, two bits each (0: not computed yet; else 1 + the state's index). */
  #fenceOut = 0;
  #parsed: ParsedDirective | undefined;
  #body: SegmentBody | null | undefined;
  #bodyLinks: readonly Link[] | undefined;
  #allLinks: readonly Link[] | undefined;
  #text: string | undefined;
  /** The plane source made of this segment alone, once asked for (structure.ts; null when its directive is rejected). */
  planeSource: object | null | undefined = undefined;
  /** What the analysis layers derive from this segment alone (content-keyed: the segment never changes). */
  memo: SegmentMemo | undefined = undefined;
  /** Yes/no questions asked of the text (`textHolds`), by name. */
  #answers: Map<string, boolean> | undefined;
  readonly lineCount: number;

  /**
   * The lines `from`.. `from + count` of `all` (a full parse's segments share its line array; a
   * re-parse gives a new segment its own lines).
   */
  constructor(
    private readonly all: readonly string[],
    private readonly from = 0,
    count = all.length - from,
    /** The lines joined with LF, when the parser has it at hand (a slice of the parsed text). */
    text?: string,
  ) {
    this.lineCount = count;
    this.#text = text;
  }

  /** Line `i` of the segment (own numbering). */
  line(i: number): string {
    return this.all[this.from + i]!;
  }

  /** The lines as an array (a copy when the segment is part of a larger one). */
  get lines(): readonly string[] {
    return this.from === 0 && this.lineCount === this.all.length ? this.all : this.all.slice(this.from, this.from + this.lineCount);
  }

  /** The lines joined with LF. */
  get text(): string {
    return (this.#text ??= this.lines.join('\n'));
  }

  /** `test` of the text, asked as `question`: answered once for the segment's life (the text never changes). */
  textHolds(question: string, test: (text: string) => boolean): boolean {
    const answers = (this.#answers ??= new Map());
    let yes = answers.get(question);
    if (yes === undefined) answers.set(question, (yes = test(this.text)));
    return yes;
  }

  /** The fence state after this segment's lines, entered in state `entry`. The first line of a directive segment never changes it. */
  fenceOut(entry: FenceState): FenceState {
    const k = entry === '' ? 0 : entry === '`' ? 1 : 2;
    const hit = (this.#fenceOut >> (2 * k)) & 3;
    if (hit) return STATES[hit - 1]!;
    let state = entry;
    const all = this.all;
    for (let i = this.from, end = this.from + this.lineCount; i < end; i++) {
      const raw = all[i]!;
      if (!mayFence(raw)) continue;
      const change = fenceTransition(raw, state);
      if (change !== null) state = change;
    }
    this.#fenceOut |= (1 + STATES.indexOf(state)) << (2 * k);
    return state;
  }

  /** True when the segment starts with a line the scanner may take as a directive. */
  get startsDirective(): boolean {
    return this.lineCount > 0 && isDirectiveLine(this.line(0));
  }

  /** The first line read as a directive (at line 0), and the plane header it gives. */
  get parsed(): ParsedDirective {
    return (this.#parsed ??= new ParsedLine(this.line(0)));
  }

  /** The z a directive on the first line gives its plane, or null when it is rejected. */
  get z(): number | null {
    return this.parsed.header?.z ?? null;
  }

  /** The trimmed body of a directive segment (lines after the first), or null when blank. */
  get body(): SegmentBody | null {
    if (this.#body !== undefined) return this.#body;
    let a = 1;
    let b = this.lineCount - 1;
    while (a <= b && isBlankLine(this.line(a))) a++;
    while (b >= a && isBlankLine(this.line(b))) b--;
    if (a > b) return (this.#body = null);
    return (this.#body = { first: a, last: b, text: this.cut(a, b) });
  }

  /** Lines `a`..`b` (own numbering) as one string. */
  cut(a: number, b: number): string {
    if (a === b) return this.line(a);
    if (this.#text !== undefined) {
      let from = 0;
      for (let i = 0; i < a; i++) from += this.line(i).length + 1;
      let to = from;
      for (let i = a; i <= b; i++) to += this.line(i).length + 1;
      return this.#text.slice(from, to - 1);
    }
    return this.all.slice(this.from + a, this.from + b + 1).join('\n');
  }

  /**
   * The 3md links on the segment's lines from `from` (1: the body of a directive segment; 0: a
   * segment swallowed by a fence, whose first line is body text too), at own line numbers, in
   * the plane `sourceZ` of the segment's own header (others map them).
   */
  links(from: 0 | 1): readonly Link[] {
    const hit = from ? this.#bodyLinks : this.#allLinks;
    if (hit) return hit;
    let any = false;
    const end = this.from + this.lineCount;
    for (let i = this.from + from; i < end && !any; i++) any = this.all[i]!.includes('[[z=');
    const found = any ? scanLinks(this.all, this.from + from, end, this.z ?? 0, this.from) : NO_LINKS;
    if (from) this.#bodyLinks = found;
    else this.#allLinks = found;
    return found;
  }
}

function isBlankLine(s: string): boolean {
  return leadingWs(s) === s.length;
}
