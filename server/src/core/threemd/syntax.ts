/** The 3md syntax tree: the reference's document model plus a source range on every element. */
import { lineRange, type Range } from '../types';

export type ThreeMdErrorCode = 'missingFrontmatter' | 'invalidFrontmatter' | 'missingVersion' | 'missingPlanePosition' | 'invalidPlaneDirective' | 'duplicatePlane';

/**
 * A directive line's grammar error at its own position (line 0): the message names the line, so
 * it is written where the line is known (`issueAt`).
 */
export interface RelIssue {
  code: 'invalidPlaneDirective' | 'missingPlanePosition';
  detail?: string;
  from: number;
  to: number;
}

/** The issue on line `line`, with the reference parser's exact message. */
export function issueAt(i: RelIssue, line: number): ParseIssue {
  const range = lineRange(line, i.from, i.to);
  if (i.code === 'missingPlanePosition') return { code: i.code, message: `The @plane directive on line ${line + 1} is missing a 'z' position.`, range };
  return { code: i.code, message: `Invalid @plane directive on line ${line + 1}: ${i.detail!}`, range, detail: i.detail! };
}

/** One grammar error. `message` is the reference parser's exact text. */
export interface ParseIssue {
  code: ThreeMdErrorCode;
  message: string;
  range: Range;
  /** The reference's `detail` field, where it has one. */
  detail?: string;
}

export interface FrontmatterField {
  /** The key as written (trimmed); reserved keys are matched case-insensitively. */
  key: string;
  /** The value after trimming and unquoting. */
  value: string;
  /** The trimmed value as written, quotes included. */
  raw: string;
  line: number;
  keyRange: Range;
  /** Range of the raw value; empty (at the end of the line) when the value is empty. */
  valueRange: Range;
}

export interface Frontmatter {
  /** False when the document does not start with a `---` fence. */
  present: boolean;
  openLine: number;
  /** Line of the closing fence, or null when the block was never closed. */
  closeLine: number | null;
  /** Last line that belongs to the block (the closing fence, or where recovery ended it). */
  endLine: number;
  fields: FrontmatterField[];
  issues: ParseIssue[];
}

/**
 * Instances are string records without a prototype chain to hit: `constructor`, `__proto__` and
 * the like are plain keys. Unlike `Object.create(null)`, which V8 keeps as a slow dictionary, they
 * start in fast mode, and planes with the same attribute keys share one hidden class.
 */
class BareRecord {}
Object.setPrototypeOf(BareRecord.prototype, null);
Reflect.deleteProperty(BareRecord.prototype, 'constructor');

/** An empty record for attribute or metadata values (see `BareRecord`). */
export function bareRecord(): Record<string, string> {
  return new BareRecord() as Record<string, string>;
}

const EMPTY_COLUMNS = new Int32Array(0);

/**
 * One `key=value` token of a directive. Positions are kept as numbers and ranges are made on
 * demand: a large agent has hundreds of thousands of attributes and few of their ranges are read.
 */
export class Attribute {
  /** A text whose columns `eq + 1` to `end` are the value as written (the directive line). */
  readonly #source: string;

  constructor(
    /** Lowercased key, as the reference stores it. */
    readonly key: string,
    /** The value after unquoting. */
    readonly value: string,
    /** A text whose columns `eq + 1` to `end` are the value as written: the line (the raw value is cut from it when asked for, not kept). */
    source: string,
    readonly line: number,
    /** Column of the token's first character. */
    readonly start: number,
    /** Column of the `=`. */
    readonly eq: number,
    /** Column after the token's last character. */
    readonly end: number,
    /** True when the value is wrapped in quotes that unquoting removed. */
    readonly quoted: boolean,
  ) {
    this.#source = source;
  }

  /** The value as written, quotes included. */
  get raw(): string {
    return this.quoted ? this.#source.slice(this.eq + 1, this.end) : this.value;
  }

  /** Built on first use, kept out of the token's data. */
  #columns: Int32Array | undefined;

  /**
   * For a quoted value with escapes: the column (relative to the value's first character after
   * the quote) of each value offset. Empty when the value has no escapes (offsets are columns).
   */
  escapeColumns(): Int32Array {
    if (this.#columns) return this.#columns;
    const inner = this.quoted ? this.raw.slice(1, -1) : '';
    if (!inner.includes('\\')) return (this.#columns = EMPTY_COLUMNS);
    // A backslash and the character it escapes are two source columns for one value character.
    const cols: number[] = [];
    for (let i = 0; i < inner.length; i += inner[i] === '\\' && i + 1 < inner.length ? 2 : 1) cols.push(i);
    cols.push(inner.length);
    return (this.#columns = Int32Array.from(cols));
  }

  /** The same token `lines` lines down (its escape table is shared). */
  moved(lines: number): Attribute {
    const a = new Attribute(this.key, this.value, this.#source, this.line + lines, this.start, this.eq, this.end, this.quoted);
    a.#columns = this.#columns;
    return a;
  }

  /** Whole `key=value` token. */
  get range(): Range {
    return lineRange(this.line, this.start, this.end);
  }

  get keyRange(): Range {
    return lineRange(this.line, this.start, this.eq);
  }

  /** The value as written, quotes included. */
  get valueRange(): Range {
    return lineRange(this.line, this.eq + 1, this.end);
  }

  /** The value's content without its surrounding quotes (same as valueRange when unquoted). */
  get innerRange(): Range {
    return this.quoted ? lineRange(this.line, this.eq + 2, this.end - 1) : this.valueRange;
  }
}
