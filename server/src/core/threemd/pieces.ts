/**
 * Bodies a structural edit swallows whole. When a fence opened in a body turns the later
 * directives into body text, the plane before them gets every later line as its body; put
 * together from the swallowed planes' bodies and links (their lines are unchanged, only moved),
 * it costs a step per plane rather than a copy and a scan of every line.
 */
import { scanLinks, type BodySource } from './directive';
import type { Link, Plane, ThreeMdDocument } from './syntax';

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
    for (let i = first; i <= last; ) {
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
