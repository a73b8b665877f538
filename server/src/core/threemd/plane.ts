/**
 * Planes and links as a document shows them: thin views that put a plane source (segments, own
 * line numbers) at the line where the document has it. The content is the source's, shared by
 * every document whose planes come from the same segments; a view adds the start line.
 */
import { lineRange, type Range } from '../types';
import { isBlank } from '../text/text';
import type { PlaneHeader } from './directive';
import type { Segment, SegmentBody } from './segment';
import { issueAt, type Attribute, type ParseIssue } from './syntax';
import { EMPTY_ZS, Link } from './link';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by module augmentation in the analysis layers
export interface SourceMemo {}

/** The offsets of a source of one segment (shared: never written). */
const ONE_SEGMENT = new Int32Array(1);

/**
 * What a plane is made of: the segment of its directive and the segments a fence left open in
 * its body swallowed (their directive lines are body text). Immutable; line 0 is the directive
 * line. A plane of one segment has the segment's own source, so its content key is the segment.
 */
export class PlaneSource {
  readonly lineCount: number;
  /** Where each segment starts, in own lines. */
  readonly offsets: Int32Array;
  #body: SegmentBody | null | undefined;
  #links: readonly Link[] | undefined;
  /** What the analysis layers derive from this source alone. */
  memo: SourceMemo | undefined = undefined;

  constructor(
    readonly segments: readonly Segment[],
    readonly header: PlaneHeader,
  ) {
    if (segments.length === 1) {
      this.offsets = ONE_SEGMENT;
      this.lineCount = segments[0]!.lineCount;
      return;
    }
    this.offsets = new Int32Array(segments.length);
    let n = 0;
    segments.forEach((s, k) => {
      this.offsets[k] = n;
      n += s.lineCount;
    });
    this.lineCount = n;
  }

  /**
   * `test` of segment `k`'s text, asked as `question`. The answer is kept on the segment when the
   * source has several (a fence opened before thousands of segments makes a new source of them on
   * every such edit); a source of one segment keeps its own results.
   */
  segmentHolds(k: number, question: string, test: (text: string) => boolean): boolean {
    const seg = this.segments[k]!;
    return this.segments.length === 1 ? test(seg.text) : seg.textHolds(question, test);
  }

  /** The trimmed body (lines after the directive, through every swallowed segment), or null when blank. */
  get body(): SegmentBody | null {
    if (this.#body !== undefined) return this.#body;
    if (this.segments.length === 1) return (this.#body = this.segments[0]!.body);
    const segs = this.segments;
    // First non-blank line from the top (the directive line excluded), last from the bottom.
    let fk = 0;
    let fi = 1;
    for (;;) {
      if (fi >= segs[fk]!.lineCount) {
        if (++fk === segs.length) return (this.#body = null);
        fi = 0;
      } else if (isBlank(segs[fk]!.line(fi))) fi++;
      else break;
    }
    let lk = segs.length - 1;
    let li = segs[lk]!.lineCount - 1;
    while (isBlank(segs[lk]!.line(li))) if (--li < 0) li = segs[--lk]!.lineCount - 1;
    const parts: string[] = [];
    for (let k = fk; k <= lk; k++) {
      const s = segs[k]!;
      const a = k === fk ? fi : 0;
      const b = k === lk ? li : s.lineCount - 1;
      parts.push(a === 0 && b === s.lineCount - 1 ? s.text : s.cut(a, b));
    }
    return (this.#body = { first: this.offsets[fk]! + fi, last: this.offsets[lk]! + li, text: parts.join('\n') });
  }

  /** The links of the body, at own line numbers (resolved against nothing: views resolve them). */
  get links(): readonly Link[] {
    if (this.#links) return this.#links;
    if (this.segments.length === 1) return (this.#links = this.segments[0]!.links(1));
    const out: Link[] = [...this.segments[0]!.links(1)];
    const z = this.header.z;
    for (let k = 1; k < this.segments.length; k++) for (const l of this.segments[k]!.links(0)) out.push(l.placed(this.offsets[k]!, z, EMPTY_ZS));
    return (this.#links = out);
  }
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by module augmentation in the analysis layers
export interface ViewMemo {}

/**
 * One plane of a document: its source put on its lines. What the header says is read through
 * the source (a document keeps one view per plane, so every field here is one more word per plane
 * for the collector to copy).
 */
export class Plane {
  #links: Link[] | undefined;
  /** What the analysis layers derive from this view (a view never changes: its source, line and z set are fixed). */
  memo: ViewMemo | undefined = undefined;

  constructor(
    readonly source: PlaneSource,
    /** The line of the directive (the plane's line 0). */
    readonly line: number,
    /** The `@plane` line; null for the implicit plane of the single-plane shorthand. */
    readonly directive: Directive | null,
    /** The z set the links resolve against. */
    readonly zs: ReadonlySet<number>,
    /** The single-plane shorthand's plane (its source's line 0 is an empty stand-in for a directive, on line -1 when the text has no frontmatter) shows line 0 after a BOM. */
    private readonly implicit?: { bom: boolean },
  ) {}

  get z(): number {
    return this.source.header.z;
  }

  get label(): string | null {
    return this.source.header.label;
  }

  get x(): number | null {
    return this.source.header.x;
  }

  get y(): number | null {
    return this.source.header.y;
  }

  /** Non-reserved attributes, keys lowercased, last occurrence wins. */
  get attributes(): Record<string, string> {
    return this.source.header.attributes;
  }

  /** First line of the body span (the line after the directive). */
  get bodyStartLine(): number {
    return this.line + 1;
  }

  /** One past the last line of the span. */
  get endLine(): number {
    return this.line + this.source.lineCount;
  }

  get body(): string {
    return this.source.body?.text ?? '';
  }

  /** The trimmed body's extent, or null when the body is empty. */
  get bodyRange(): Range | null {
    const b = this.source.body;
    if (!b) return null;
    const c0 = this.implicit?.bom ? 1 : 0;
    const first = this.line + b.first;
    const last = this.line + b.last;
    const len = this.source.segments.length === 1 ? this.source.segments[0]!.line(b.last).length : lastLineLength(this.source, b.last);
    return { start: { line: first, character: first === 0 ? c0 : 0 }, end: { line: last, character: len + (last === 0 ? c0 : 0) } };
  }

  /** Cross-plane links in the body. */
  get links(): Link[] {
    if (this.#links) return this.#links;
    // On line 0 against no z set (a source's own plane), the source's links are the plane's.
    if (this.line === 0 && this.zs === EMPTY_ZS && !this.implicit) return (this.#links = this.source.links as Link[]);
    const c0 = this.implicit?.bom ? 1 : 0;
    return (this.#links = this.source.links.map((l) => {
      const placed = l.placed(this.line, this.z, this.zs);
      return c0 && placed.line === 0 ? new Link(l.sourceZ, l.targetZ, l.targetText, l.text, 0, l.start + 1, l.end + 1).placed(0, this.z, this.zs) : placed;
    }));
  }
}

function lastLineLength(source: PlaneSource, line: number): number {
  let k = source.segments.length - 1;
  while (source.offsets[k]! > line) k--;
  return source.segments[k]!.line(line - source.offsets[k]!).length;
}

/**
 * One `@plane` line of a document: a view of a segment's parsed first line on its line. Ranges
 * and moved attributes are made on demand.
 */
export class Directive {
  /** The plane it produced, or null when it was rejected (no z, bad z, duplicate). Set once, by the document that makes the view. */
  plane: Plane | null = null;
  #attributes: Attribute[] | undefined;
  #issues: ParseIssue[] | undefined;

  constructor(
    /** The segment whose first line this is. */
    readonly segment: Segment,
    readonly line: number,
    /** One past the last line of this directive's span (the next directive or end of text). */
    readonly endLine: number,
    /** Set when the plane was rejected as a duplicate of an earlier z. */
    readonly duplicate: boolean,
  ) {}

  /** Column where the directive ends (trailing whitespace excluded). */
  get end(): number {
    return this.segment.parsed.end;
  }

  /** Every `key=value` token in source order (repeated keys included). */
  get attributes(): Attribute[] {
    if (this.#attributes) return this.#attributes;
    const own = this.segment.parsed.attributes;
    return (this.#attributes = this.line === 0 ? own : own.map((a) => a.moved(this.line)));
  }

  /** The line's grammar issues, and the duplicate z when it is one. */
  get issues(): ParseIssue[] {
    if (this.#issues) return this.#issues;
    const p = this.segment.parsed;
    const out = p.issues.map((i) => issueAt(i, this.line));
    if (this.duplicate) {
      const z = p.header!.z;
      let zAttr: Attribute | undefined;
      for (const a of this.attributes) if (a.key === 'z') zAttr = a;
      out.push({ code: 'duplicatePlane', message: `Two planes share the same z position: ${String(z)}`, range: zAttr ? zAttr.valueRange : this.keywordRange, detail: String(z) });
    }
    return (this.#issues = out);
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
