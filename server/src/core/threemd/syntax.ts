/** The 3md syntax tree: the reference's document model plus a source range on every element. */
import { lineRange, type Range } from '../types';
import type { DroppedPlanes } from './dropped';
import type { LinkTargets, Plane } from './plane';

export { Link, Plane, type LinkTargets, type PlaneInit, type PlaneParts } from './plane';

export type ThreeMdErrorCode = 'missingFrontmatter' | 'invalidFrontmatter' | 'missingVersion' | 'missingPlanePosition' | 'invalidPlaneDirective' | 'duplicatePlane';

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
  constructor(
    /** Lowercased key, as the reference stores it. */
    readonly key: string,
    /** The value after unquoting. */
    readonly value: string,
    /** The value as written, quotes included. */
    readonly raw: string,
    readonly line: number,
    /** Column of the token's first character. */
    readonly start: number,
    /** Column of the `=`. */
    readonly eq: number,
    /** Column after the token's last character. */
    readonly end: number,
    /** True when the value is wrapped in quotes that unquoting removed. */
    readonly quoted: boolean,
  ) {}

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

  /** The same token on another line. */
  moved(lines: number): Attribute {
    return new Attribute(this.key, this.value, this.raw, this.line + lines, this.start, this.eq, this.end, this.quoted);
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

/**
 * What the analysis layers keep per plane object, declared by each layer through module
 * augmentation. A field on the plane costs far less than a `WeakMap` entry per plane.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by module augmentation in each layer
export interface PlaneMemo {}

/** The plane's memo, made on first use. */
export function memoOf(plane: Plane): PlaneMemo {
  return (plane.memo ??= {});
}

/** One `@plane` line. Its ranges are made on demand, like an attribute's. */
export class Directive {
  /** The plane it produced, or null when it was rejected (no z, bad z, duplicate). */
  plane: Plane | null = null;
  /** Set when the plane was rejected as a duplicate of an earlier z. */
  duplicate = false;
  #attributes: Attribute[] | undefined;
  /** For a moved copy whose attributes were not asked for yet: where they come from, and by how many lines they move. */
  #from: Attribute[] | undefined;
  #by = 0;

  constructor(
    readonly line: number,
    /** One past the last line of this directive's span (the next directive or end of text). */
    public endLine: number,
    attributes: Attribute[],
    /** Column where the directive ends (trailing whitespace excluded). */
    readonly end: number,
    readonly issues: ParseIssue[],
  ) {
    this.#attributes = attributes;
  }

  /**
   * This directive moved down by `n` lines, with the given issues. Its attributes are moved when
   * first read: an edit that adds a line moves every later directive, and few are read again.
   */
  movedBy(n: number, issues: ParseIssue[]): Directive {
    const copy = new Directive(this.line + n, this.endLine + n, [], this.end, issues);
    copy.#attributes = undefined;
    if (this.#attributes) {
      copy.#from = this.#attributes;
      copy.#by = n;
    } else {
      copy.#from = this.#from;
      copy.#by = this.#by + n;
    }
    return copy;
  }

  /** Every `key=value` token in source order (repeated keys included). */
  get attributes(): Attribute[] {
    if (!this.#attributes) {
      const by = this.#by;
      this.#attributes = this.#from!.map((a) => a.moved(by));
      this.#from = undefined;
    }
    return this.#attributes;
  }

  /** The `@plane` keyword. */
  get keywordRange(): Range {
    return lineRange(this.line, 0, 6);
  }

  /** The whole directive line (trailing whitespace excluded). */
  get range(): Range {
    return lineRange(this.line, 0, this.end);
  }
}

/**
 * How an incremental re-parse changed the previous document's planes: `removed` planes at index
 * `at` were replaced by `added` new ones; every plane before them is the same object; every plane
 * after them is the old one moved `lines` lines down (a copy with the same content, see `origin`),
 * or the same object when `lines` is 0. A re-parse that changes anything else (a later plane
 * becoming or ceasing to be a duplicate) records no splice.
 */
export interface PlaneSplice {
  /** The previous document's plane array (the same array as now when it was updated in place). */
  base: Plane[];
  /** The previous document's revision and shape. */
  revision: number;
  shape: object;
  /** The z values that joined or left the z set (empty when `zs` is the previous set). */
  zsChanged: number[];
  at: number;
  removed: number;
  added: number;
  lines: number;
  /** The same change in the directive array. */
  directives: { at: number; removed: number; added: number };
}

export interface ThreeMdDocument {
  /**
   * The text. Computed on first use after an incremental edit (from the lines, with LF line
   * breaks: positions are the same as in the original text).
   */
  getText(): string;
  /** Set by an incremental re-parse: what it changed (see `PlaneSplice`). */
  splice?: PlaneSplice;
  /**
   * 0 for a full parse, +1 for each incremental re-parse. The plane array can be updated in
   * place by a re-parse, so caches that remember it also remember the revision they saw.
   */
  revision: number;
  /** Physical lines, split on LF/CRLF; the first line has any BOM removed. */
  lines: string[];
  /** True when the text starts with U+FEFF (then line 0 characters are offset by one). */
  bom: boolean;
  frontmatter: Frontmatter;
  version: string | null;
  axis: string;
  title: string | null;
  metadata: Record<string, string>;
  preamble: string | null;
  /** The lines before the first directive (after the frontmatter). */
  preambleStartLine: number;
  preambleEndLine: number;
  directives: Directive[];
  /**
   * The lines after the frontmatter that can open or close a fence or hold a directive,
   * ascending (marks.ts): the only lines a directive scan has to look at.
   */
  marks: Int32Array;
  planes: Plane[];
  /** Document-level issues not owned by a directive: frontmatter errors and missingVersion. */
  headIssues: ParseIssue[];
  /** The z of every plane (never changed once made: a new z set is a new object). */
  zs: ReadonlySet<number>;
  /** What the document's links resolve against (shared along incremental re-parses). */
  linkTargets: LinkTargets;
  /**
   * How many directives have each z (duplicates and rejected-as-duplicate included), made by the
   * first structural re-parse that needs it and kept up to date by the next ones.
   */
  zCount?: Map<number, number>;
  /** Planes that structural edits dropped, for later edits that bring their lines back (dropped.ts). */
  dropped?: DroppedPlanes;
  /** True when the text has a CR that is not part of CRLF (line numbering then differs from LSP's). */
  loneCr: boolean;
  /**
   * Identity token of the document's structure: the frontmatter, the directives and their
   * attributes. Edits inside plane bodies or the preamble keep it; anything else replaces it.
   * Caches of structure-only facts (labels, identities, grammar errors) are keyed by it.
   */
  shape: object;
}
