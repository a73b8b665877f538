/** A cross-plane link as a document shows it. */
import { lineRange, type Range } from '../types';

/** The z set of nothing: what a link not yet placed in a document resolves against. */
export const EMPTY_ZS: ReadonlySet<number> = new Set();

/** One `[[z=N|text]]` in a plane's body. Positions are numbers; ranges are made on demand. */
export class Link {
  #zs: ReadonlySet<number> = EMPTY_ZS;

  constructor(
    readonly sourceZ: number,
    readonly targetZ: number,
    /** The target as written (`1`, `.5`, `+1`, `1e0`). */
    readonly targetText: string,
    readonly text: string | null,
    readonly line: number,
    /** Columns of the `[[` and after the `]]`. */
    readonly start: number,
    readonly end: number,
  ) {}

  /** This link `by` lines down, in plane `sourceZ`, resolved against `zs`. */
  placed(by: number, sourceZ: number, zs: ReadonlySet<number>): Link {
    const l = new Link(sourceZ, this.targetZ, this.targetText, this.text, this.line + by, this.start, this.end);
    l.#zs = zs;
    return l;
  }

  /** True when a plane of the document has the target z. */
  get targetExists(): boolean {
    return this.#zs.has(this.targetZ);
  }

  /** The whole `[[z=N|text]]`. */
  get range(): Range {
    return lineRange(this.line, this.start, this.end);
  }

  /** The `N`. */
  get targetRange(): Range {
    return lineRange(this.line, this.start + 4, this.start + 4 + this.targetText.length);
  }

  toJSON(): object {
    const { sourceZ, targetZ, targetText, text, targetExists, range, targetRange } = this;
    return { sourceZ, targetZ, targetText, text, targetExists, range, targetRange };
  }
}
