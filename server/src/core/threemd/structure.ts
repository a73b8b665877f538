/**
 * How a document's segments make planes. Walking the segments with the fence state (each
 * segment knows, once, what its lines do to it), a segment entered outside any fence is a
 * directive; one entered inside a fence is body text of the directive before it (or of the
 * preamble). A directive and the segments it swallowed are one plane source. Duplicates are
 * decided in order: the first plane of a z wins. Everything here is a value: a structure is
 * made once and never changed.
 */
import type { Frontmatter, ParseIssue } from './syntax';
import { PlaneSource } from './plane';
import type { FenceState, Segment } from './segment';
import { Vec } from './vector';
import { zSetOf } from './zset';

/** The frontmatter and the lines before the first directive-looking line after it. */
export interface Head {
  segment: Segment;
  frontmatter: Frontmatter;
  version: string | null;
  axis: string;
  title: string | null;
  metadata: Record<string, string>;
  headIssues: ParseIssue[];
  /** First line after the frontmatter. */
  bodyStart: number;
  /** The fence state after the head's lines from `bodyStart` on. */
  fence: FenceState;
  bom: boolean;
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by module augmentation in the analysis layers
export interface LineageMemo {}

export class DocumentStructure {
  constructor(
    readonly head: Head,
    /** Every segment after the head, each starting with a directive-looking line (a persistent list: an edit shares the untouched part). */
    readonly segments: Vec<Segment>,
    /** The line where each segment starts. */
    readonly starts: Int32Array,
    readonly lineCount: number,
    /** Indexes of the segments that are directives (entered outside any fence). */
    readonly tops: Int32Array,
    /** Per directive: its plane source, or null when the directive is rejected (no z, bad z, x or y). */
    readonly sources: Vec<PlaneSource | null>,
    /** Per directive: 1 when its plane is a duplicate of an earlier z. */
    readonly duplicate: Uint8Array,
    readonly zs: ReadonlySet<number>,
    /**
     * Whole-document results memoized on the exact inputs they were computed from (agent/memo.ts),
     * one table handed on from structure to structure along a document's re-parses. Each entry is
     * a pure function of the inputs it keeps, so sharing the table never changes what a document
     * or an analysis shows.
     */
    readonly memo: LineageMemo = {},
  ) {}

  /** Index of the segment holding line `line` (-1: the head). */
  segmentAt(line: number): number {
    return lastAtMost(this.starts, line);
  }

  /** Line `i` of the document. */
  line(i: number): string | undefined {
    if (i < 0 || i >= this.lineCount) return undefined;
    const k = this.segmentAt(i);
    return k < 0 ? this.head.segment.line(i) : this.segments.get(k)!.line(i - this.starts[k]!);
  }
}

/** The plane source of one segment alone, kept on the segment. */
function ownSource(s: Segment): PlaneSource | null {
  if (s.planeSource !== undefined) return s.planeSource as PlaneSource | null;
  const h = s.parsed.header;
  return (s.planeSource = h ? new PlaneSource([s], h) : null) as PlaneSource | null;
}

/** Line starts of the segments after a head of `headLines` lines. */
export function startsOf(headLines: number, segments: readonly Segment[]): { starts: Int32Array; lineCount: number } {
  const starts = new Int32Array(segments.length);
  let n = headLines;
  for (let k = 0; k < segments.length; k++) {
    starts[k] = n;
    n += segments[k]!.lineCount;
  }
  return { starts, lineCount: n };
}

/**
 * The structure of a head and segments. Sources of several segments are taken from `prev` when
 * they are made of the same segments (a fence left open keeps swallowing the same ones).
 */
export function structureOf(head: Head, list: readonly Segment[] | Vec<Segment>, prev?: DocumentStructure | null): DocumentStructure {
  const segments = list instanceof Vec ? list.toArray() : list;
  const { starts, lineCount } = startsOf(head.segment.lineCount, segments);
  const tops: number[] = [];
  let state = head.fence;
  for (let k = 0; k < segments.length; k++) {
    if (state === '') tops.push(k);
    state = segments[k]!.fenceOut(state);
  }
  const groups = prev ? groupSources(prev) : undefined;
  const sources: (PlaneSource | null)[] = [];
  for (let t = 0; t < tops.length; t++) {
    const first = tops[t]!;
    const end = t + 1 < tops.length ? tops[t + 1]! : segments.length;
    const seg = segments[first]!;
    if (end === first + 1) {
      sources.push(ownSource(seg));
      continue;
    }
    const header = seg.parsed.header;
    if (!header) {
      sources.push(null);
      continue;
    }
    const old = groups?.get(seg);
    const same = old && old.segments.length === end - first && old.segments.every((s, k) => s === segments[first + k]);
    sources.push(same ? old : new PlaneSource(segments.slice(first, end), header));
  }
  const duplicate = new Uint8Array(tops.length);
  const zs = zSetOf((add) => {
    for (let t = 0; t < tops.length; t++) {
      const src = sources[t];
      if (src && !add(src.header.z)) duplicate[t] = 1;
    }
  });
  // Equal parts keep the previous objects, so results memoized on them are found again.
  const keptZs = prev && zs.sameAs(prev.zs) ? prev.zs : zs;
  const keptTops = prev && sameInts(prev.tops, tops) ? prev.tops : Int32Array.from(tops);
  const keptDuplicate = prev && sameInts(prev.duplicate, duplicate) ? prev.duplicate : duplicate;
  const vec = list instanceof Vec ? list : Vec.of(segments);
  return new DocumentStructure(head, vec, starts, lineCount, keptTops, Vec.adopt(sources), keptDuplicate, keptZs, prev?.memo);
}

/** The multi-segment sources of a structure, by their first segment. */
function groupSources(s: DocumentStructure): Map<Segment, PlaneSource> | undefined {
  let out: Map<Segment, PlaneSource> | undefined;
  for (const src of s.sources) if (src && src.segments.length > 1) (out ??= new Map()).set(src.segments[0]!, src);
  return out;
}

function sameInts(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The structure with segment `k` replaced by `seg`, which plays the same part (entered in the
 * same fence state it leaves in the same state, and, as a directive, gives the same z or is
 * rejected alike), so every other segment keeps its part and every duplicate verdict holds.
 * Returns null when the replacement does not play the same part.
 */
export function replacedSegment(s: DocumentStructure, k: number, seg: Segment): DocumentStructure | null {
  const old = s.segments.get(k)!;
  if (!seg.startsDirective) return null;
  // The fence state it is entered in: outside a fence for a directive; otherwise the same as the one before it leaves.
  const t = topIndex(s, k);
  const isTop = t >= 0 && s.tops[t] === k;
  const entry = isTop ? '' : k === 0 ? s.head.fence : enteredIn(s, k);
  if (seg.fenceOut(entry) !== old.fenceOut(entry)) return null;
  if (isTop && (seg.parsed.header === null) !== (old.parsed.header === null)) return null;
  let zs = s.zs;
  if (isTop && seg.z !== old.z) {
    const moved = renumbered(s, t, old.z!, seg.z!);
    if (!moved) return null;
    zs = moved;
  }
  const segments = s.segments.with(k, seg);
  const delta = seg.lineCount - old.lineCount;
  let starts = s.starts;
  if (delta !== 0) {
    starts = s.starts.slice();
    for (let j = k + 1; j < starts.length; j++) starts[j]! += delta;
  }
  let sources = s.sources;
  if (t >= 0) {
    const first = s.tops[t]!;
    const end = t + 1 < s.tops.length ? s.tops[t + 1]! : segments.length;
    const src = s.sources.get(t);
    if (end === first + 1) sources = sources.with(t, ownSource(seg));
    else if (src) sources = sources.with(t, new PlaneSource(segments.slice(first, end), segments.get(first)!.parsed.header!));
  }
  return new DocumentStructure(s.head, segments, starts, s.lineCount + delta, s.tops, sources, s.duplicate, zs, s.memo);
}

/**
 * The z set after directive `t` moves from z `from` to z `to`, or null when that changes which
 * planes are duplicates (it was one, `to` is taken, or a later directive repeats `from`).
 */
function renumbered(s: DocumentStructure, t: number, from: number, to: number): ReadonlySet<number> | null {
  if (s.duplicate[t] || s.zs.has(to)) return null;
  for (let u = 0; u < s.duplicate.length; u++) if (s.duplicate[u] && s.sources.get(u)!.header.z === from) return null;
  return movedZs(s.zs, from, to);
}

/** The most renumberings a z set is seen through before it is copied flat (each adds a step to `has`). */
const MOST_MOVES = 16;

/**
 * A z set with one value renumbered, read through the set it came from (which never changes):
 * renumbering a z in a 10,000-plane agent makes no copy of 10,000 numbers. It iterates in the
 * order a copy with `from` deleted and `to` added would.
 */
class MovedZs implements ReadonlySet<number> {
  readonly size: number;

  constructor(
    readonly base: ReadonlySet<number>,
    readonly from: number,
    readonly to: number,
    readonly depth: number,
  ) {
    this.size = base.size;
  }

  has(z: number): boolean {
    return z === this.to || (z !== this.from && this.base.has(z));
  }

  *values(): SetIterator<number> {
    for (const z of this.base) if (z !== this.from) yield z;
    yield this.to;
  }

  keys(): SetIterator<number> {
    return this.values();
  }

  *entries(): SetIterator<[number, number]> {
    for (const z of this.values()) yield [z, z];
  }

  [Symbol.iterator](): SetIterator<number> {
    return this.values();
  }

  forEach(fn: (value: number, key: number, set: ReadonlySet<number>) => void, thisArg?: unknown): void {
    for (const z of this.values()) fn.call(thisArg, z, z, this);
  }
}

/** `zs` with `from` (in it) renumbered to `to` (not in it); renumbering back gives the set it came from. */
function movedZs(zs: ReadonlySet<number>, from: number, to: number): ReadonlySet<number> {
  if (zs instanceof MovedZs && zs.from === to && zs.to === from) return zs.base;
  const depth = zs instanceof MovedZs ? zs.depth + 1 : 1;
  if (depth > MOST_MOVES) {
    const flat = new Set(zs);
    flat.delete(from);
    flat.add(to);
    return flat;
  }
  return new MovedZs(zs, from, to, depth);
}

/** Index of the directive whose span holds segment `k` (-1: the preamble). */
export function topIndex(s: DocumentStructure, k: number): number {
  return lastAtMost(s.tops, k);
}

/** The last index of an ascending list whose value is at most `x` (-1 when none is). */
function lastAtMost(sorted: Int32Array, x: number): number {
  let lo = 0;
  let hi = sorted.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! <= x) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** The fence state segment `k` (not a directive) is entered in: walked from the directive before it. */
function enteredIn(s: DocumentStructure, k: number): FenceState {
  const t = topIndex(s, k);
  let state: FenceState = t < 0 ? s.head.fence : '';
  for (let j = t < 0 ? 0 : s.tops[t]!; j < k; j++) state = s.segments.get(j)!.fenceOut(state);
  return state;
}
