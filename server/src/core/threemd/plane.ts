/** A plane of the 3md tree and the links in its body, with what moving them to other lines takes. */
import { shiftRange, type Range } from '../types';
import type { Directive, PlaneMemo } from './syntax';

/**
 * The z values a document's links resolve against. One object serves a document and every
 * document an incremental re-parse makes from it (the previous one is consumed), so a change of
 * the z set is one assignment, not a pass over every link.
 */
export interface LinkTargets {
  zs: ReadonlySet<number>;
}

/** One `[[z=N|text]]` in a plane's body. */
export class Link {
  constructor(
    readonly sourceZ: number,
    readonly targetZ: number,
    /** The target as written (`1`, `.5`, `+1`, `1e0`). */
    readonly targetText: string,
    readonly text: string | null,
    /** The whole `[[z=N|text]]`. */
    readonly range: Range,
    /** The `N`. */
    readonly targetRange: Range,
    targets: LinkTargets,
  ) {
    this.#targets = targets;
  }

  #targets: LinkTargets;

  /** True when a plane of the document has the target z. */
  get targetExists(): boolean {
    return this.#targets.zs.has(this.targetZ);
  }

  /** The same link `n` lines down (in the plane `sourceZ`, when it is now another plane's). */
  movedBy(n: number, sourceZ = this.sourceZ): Link {
    return new Link(sourceZ, this.targetZ, this.targetText, this.text, shiftRange(this.range, n), shiftRange(this.targetRange, n), this.#targets);
  }

  toJSON(): object {
    const { sourceZ, targetZ, targetText, text, targetExists, range, targetRange } = this;
    return { sourceZ, targetZ, targetText, text, targetExists, range, targetRange };
  }
}

/**
 * What a long body was put together from (pieces.ts): whole old planes, in line order, and
 * where their bodies lie now. Layers that look for a pattern in the body can combine the old
 * planes' results instead, when no line outside those bodies holds a link or a call.
 */
export interface PlaneParts {
  planes: Plane[];
  /** How far each plane's lines moved since it was made. */
  moves: number[];
  /** Each plane's body: first and last line in this document. */
  first: number[];
  last: number[];
  /** True when no other line of the span contains `[[z=` or `route(`. */
  plainGaps: boolean;
}

/** The fields a plane is made with. A moved copy leaves `bodyRange` and `links` undefined: they are its origin's, moved, when read. */
export type PlaneInit = Pick<Plane, 'z' | 'label' | 'x' | 'y' | 'attributes' | 'body' | 'directive' | 'bodyStartLine' | 'endLine'> & {
  bodyRange: Range | null | undefined;
  links: Link[] | undefined;
};

const NO_LINKS: readonly Link[] = Object.freeze([]);

/**
 * One plane. A copy moved to other lines by an incremental edit keeps its origin's header and
 * body and makes its body range and links (shifted, resolved against the z set it was given)
 * only when they are read: an edit that adds a line moves every later plane, and few are read.
 */
export class Plane {
  z: number;
  label: string | null;
  x: number | null;
  y: number | null;
  /** Non-reserved attributes, keys lowercased, last occurrence wins. */
  attributes: Record<string, string>;
  body: string;
  /** The `@plane` line; null for the implicit plane of the single-plane shorthand. */
  directive: Directive | null;
  /** First line of the body span (the line after the directive). */
  bodyStartLine: number;
  /** One past the last line of the span. */
  endLine: number;
  /**
   * Set when this plane is an unchanged plane moved to other lines by an incremental edit: the
   * plane it was copied from. Caches keyed by content use `origin ?? plane`.
   */
  origin: Plane | undefined;
  /** Caches of the layers above the parser; a new or moved plane starts without. */
  memo: PlaneMemo | undefined = undefined;
  /** Set when the body was put together from old planes (a moved copy does not keep it). */
  parts: PlaneParts | undefined = undefined;
  #bodyRange: Range | null | undefined;
  #links: Link[] | undefined;

  constructor(init: PlaneInit, origin?: Plane) {
    this.z = init.z;
    this.label = init.label;
    this.x = init.x;
    this.y = init.y;
    this.attributes = init.attributes;
    this.body = init.body;
    this.directive = init.directive;
    this.bodyStartLine = init.bodyStartLine;
    this.endLine = init.endLine;
    this.#bodyRange = init.bodyRange;
    this.#links = init.links;
    this.origin = origin;
  }

  /** This plane on other lines (`n` lines down), under a moved copy of its directive. */
  movedBy(n: number, directive: Directive | null): Plane {
    const { z, label, x, y, attributes, body, bodyStartLine, endLine } = this;
    const init = { z, label, x, y, attributes, body, directive, bodyStartLine: bodyStartLine + n, endLine: endLine + n, bodyRange: undefined, links: undefined };
    return new Plane(init, this.origin ?? this);
  }

  /** The trimmed body's extent, or null when the body is empty. */
  get bodyRange(): Range | null {
    if (this.#bodyRange === undefined) {
      const from = this.origin!;
      const r = from.bodyRange;
      this.#bodyRange = r && shiftRange(r, this.bodyStartLine - from.bodyStartLine);
    }
    return this.#bodyRange;
  }

  set bodyRange(r: Range | null) {
    this.#bodyRange = r;
  }

  /** Cross-plane links in the body. */
  get links(): Link[] {
    if (this.#links === undefined) {
      const from = this.origin!;
      const n = this.bodyStartLine - from.bodyStartLine;
      const own = from.links;
      this.#links = own.length === 0 ? (NO_LINKS as Link[]) : own.map((l) => l.movedBy(n));
    }
    return this.#links;
  }

  set links(links: Link[]) {
    this.#links = links;
  }
}
