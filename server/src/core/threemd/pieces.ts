/**
 * Bodies a structural edit swallows whole. When a fence opened in a body turns the later
 * directives into body text, the plane before them gets every later line as its body; put
 * together from the swallowed planes' bodies and links (their lines are unchanged, only moved),
 * it costs a step per plane rather than a copy and a scan of every line.
 */
import { scanLinks, type BodySource } from './directive';

/** Spans longer than this many lines are put together from old bodies instead of joined from their lines. */
export const LONG_BODY = 256;
import type { Link, Plane, PlaneParts, ThreeMdDocument } from './syntax';

/** True when none of lines `from`..`to` (exclusive) contains `[[z=` or `route(`. */
function plainLines(lines: string[], from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (lines[i]!.includes('[[z=') || lines[i]!.includes('route(')) return false;
  return true;
}

export class BodyPieces implements BodySource {
  /** First body line of each piece (current numbering), ascending, and its plane. */
  readonly #first: number[] = [];
  readonly #last: number[] = [];
  readonly #planes: Plane[] = [];

  constructor(
    private readonly doc: ThreeMdDocument,
    /** How far the pieces' lines moved since their planes were made. */
    private readonly delta: number,
  ) {}

  /** Adds a plane whose lines are unchanged (pieces are added in line order). */
  add(p: Plane): void {
    const r = p.bodyRange;
    if (!r) return;
    this.#first.push(r.start.line + this.delta);
    this.#last.push(r.end.line + this.delta);
    this.#planes.push(p);
  }

  /** Lines `first`..`last` as one string: the pieces' bodies and the lines between them. */
  cut(first: number, last: number): string {
    const lines = this.doc.lines;
    let out = '';
    let k = this.#from(first);
    for (let i = first; i <= last;) {
      if (k < this.#first.length && this.#first[k] === i && this.#last[k]! <= last) {
        out += this.#planes[k]!.body;
        i = this.#last[k++]! + 1;
      } else {
        out += lines[i]!;
        i++;
      }
      if (i <= last) out += '\n';
      while (k < this.#first.length && this.#first[k]! < i) k++;
    }
    return out;
  }

  /** The links on lines `first`..`last`, in the plane `sourceZ`: the pieces' own, moved, and those scanned between them. */
  links(first: number, last: number, sourceZ: number): Link[] {
    const out: Link[] = [];
    let k = this.#from(first);
    let run = first;
    const scan = (to: number) => {
      if (to > run) for (const l of scanLinks(this.doc.lines, run, to, sourceZ, 0, this.doc.linkTargets)) out.push(l);
    };
    while (run <= last) {
      if (k < this.#first.length && this.#last[k]! <= last) {
        scan(this.#first[k]!);
        for (const l of this.#planes[k]!.links) out.push(l.movedBy(this.delta, sourceZ));
        run = this.#last[k++]! + 1;
      } else {
        scan(last + 1);
        break;
      }
    }
    return out;
  }

  /** The pieces wholly within lines `from`..`to` (exclusive), and whether the lines between them are plain. */
  parts(from: number, to: number): PlaneParts | undefined {
    const parts: PlaneParts = { planes: [], moves: [], first: [], last: [], plainGaps: true };
    let run = from;
    for (let k = this.#from(from); k < this.#first.length && this.#last[k]! < to; k++) {
      parts.plainGaps &&= plainLines(this.doc.lines, run, this.#first[k]!);
      parts.planes.push(this.#planes[k]!);
      parts.moves.push(this.delta);
      parts.first.push(this.#first[k]!);
      parts.last.push(this.#last[k]!);
      run = this.#last[k]! + 1;
    }
    parts.plainGaps &&= plainLines(this.doc.lines, run, to);
    return parts.planes.length ? parts : undefined;
  }

  /** Index of the first piece starting on line `line` or after it. */
  #from(line: number): number {
    let lo = 0;
    let hi = this.#first.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.#first[mid]! < line) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/**
 * The body of a long plane after an edit inside its text: the lines before and after the edit
 * are the old body's, so the new body is cut from the old one around the edited lines, and the
 * old links are kept (moved when after the edit). Typing in a plane of 100,000 lines (a fence
 * left open swallows the rest of the document) then costs the edited lines, not a copy of every
 * line. The edit must lie within the old body's first and last line.
 */
export class EditedBody implements BodySource {
  /** The old body's first and last line (numbered as before the edit). */
  readonly #b0: number;
  readonly #b1: number;

  constructor(
    private readonly doc: ThreeMdDocument,
    /** The plane before the edit (numbered as before it). */
    private readonly old: Plane,
    /** First edited line, and how many lines the edit removed and inserted there. */
    private readonly at: number,
    private readonly removed: number,
    private readonly inserted: number,
    /** The removed lines' length, a line break each included. */
    private readonly removedChars: number,
  ) {
    const r = old.bodyRange!;
    this.#b0 = r.start.line;
    this.#b1 = r.end.line;
  }

  /** True when an edit of lines `at`..`at + removed - 1` lies within the plane's body text. */
  static fits(p: Plane, at: number, removed: number): boolean {
    const r = p.bodyRange;
    return !!r && at >= r.start.line && at + removed - 1 <= r.end.line;
  }

  cut(first: number, last: number): string {
    const lines = this.doc.lines;
    const end = this.at + this.inserted;
    const delta = this.inserted - this.removed;
    // The lines around the collapsed body are blank and unchanged, so `first` and `last` lie
    // within the old body's lines (moved) or within the edited ones.
    const parts: string[] = [];
    if (first < this.at) parts.push(this.#text(first, Math.min(last, this.at - 1)));
    if (first < end && last >= this.at) parts.push(lines.slice(Math.max(first, this.at), Math.min(last, end - 1) + 1).join('\n'));
    if (last >= end) parts.push(this.#text(Math.max(first, end) - delta, last - delta));
    return parts.join('\n');
  }

  /** Old lines `a`..`b` (untouched by the edit) cut out of the old body's text. */
  #text(a: number, b: number): string {
    return this.old.body.slice(this.#offset(a), this.#offset(b + 1) - 1);
  }

  /** Offset in the old body's text where old line `k` starts (`#b1 + 1`: one past the end), counted from the nearer end. */
  #offset(k: number): number {
    const lines = this.doc.lines;
    const delta = this.inserted - this.removed;
    if (k <= this.at && k - this.#b0 <= this.#b1 - k) {
      let o = 0;
      for (let j = this.#b0; j < k; j++) o += lines[j]!.length + 1;
      return o;
    }
    let o = this.old.body.length + 1;
    for (let j = Math.max(k, this.at + this.removed); j <= this.#b1; j++) o -= lines[j + delta]!.length + 1;
    if (k <= this.at) {
      o -= this.removedChars;
      for (let j = k; j < this.at; j++) o -= lines[j]!.length + 1;
    }
    return o;
  }

  /**
   * The old body's parts, less the one the edit falls in (its lines are now plain lines of the
   * body, checked with the edited ones), the later ones moved.
   */
  parts(): PlaneParts | undefined {
    const old = this.old.parts;
    if (!old || !old.plainGaps) return undefined;
    const shift = this.inserted - this.removed;
    const parts: PlaneParts = { planes: [], moves: [], first: [], last: [], plainGaps: true };
    let lo = this.at;
    let hi = this.at + this.inserted - 1;
    for (let k = 0; k < old.planes.length; k++) {
      const [a, b] = [old.first[k]!, old.last[k]!];
      const moved = a >= this.at + this.removed ? shift : b < this.at ? 0 : null;
      if (moved === null) {
        lo = Math.min(lo, a);
        hi = Math.max(hi, b + shift);
        continue;
      }
      parts.planes.push(old.planes[k]!);
      parts.moves.push(old.moves[k]! + moved);
      parts.first.push(a + moved);
      parts.last.push(b + moved);
    }
    parts.plainGaps = plainLines(this.doc.lines, lo, hi + 1);
    return parts.planes.length ? parts : undefined;
  }

  links(first: number, last: number, sourceZ: number): Link[] {
    const out: Link[] = [];
    const after = this.at + this.removed;
    const shift = this.inserted - this.removed;
    const old = this.old.links;
    let k = 0;
    for (; k < old.length && old[k]!.range.start.line < this.at; k++) out.push(old[k]!);
    for (const l of scanLinks(this.doc.lines, Math.max(first, this.at), Math.min(last + 1, this.at + this.inserted), sourceZ, 0, this.doc.linkTargets)) out.push(l);
    for (; k < old.length; k++) if (old[k]!.range.start.line >= after) out.push(shift ? old[k]!.movedBy(shift) : old[k]!);
    return out;
  }
}
