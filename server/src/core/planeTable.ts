/**
 * Per-plane results of the last look at a .3md document (one value per plane, and the indexes
 * of the planes whose value holds anything), carried to later revisions: through the splice an
 * incremental re-parse records, or by reusing the values of planes that are the same objects.
 */
import type { Plane, ThreeMdDocument } from './threemd/syntax';

/** How tables were brought up to date, for tests: carried over a splice, or built over every plane. */
export const tableStats = { carried: 0, built: 0 };

export class PlaneTable<T> {
  private constructor(
    /** The plane array and revision the table describes (the array can later be updated in place). */
    public array: Plane[],
    public revision: number,
    /** A private copy of the planes the values belong to. */
    public seen: Plane[],
    public values: T[],
    /** Ascending indexes of the planes whose value is not empty. */
    public nonEmpty: number[],
  ) {}

  /** Computes every value, reusing those of `same` (a table whose planes, when identical, have identical values). */
  static build<T>(doc: ThreeMdDocument, compute: (i: number) => T, isEmpty: (v: T) => boolean, same?: PlaneTable<T>): PlaneTable<T> {
    tableStats.built++;
    const values = doc.planes.map((p, i) => (same && same.seen[i] === p ? same.values[i]! : compute(i)));
    const nonEmpty: number[] = [];
    values.forEach((v, i) => isEmpty(v) || nonEmpty.push(i));
    return new PlaneTable(doc.planes, doc.revision, doc.planes.slice(), values, nonEmpty);
  }

  /** True when the table describes the document as it is. */
  current(doc: ThreeMdDocument): boolean {
    return this.array === doc.planes && this.revision === doc.revision;
  }

  /** True when the document's splice starts from what this table describes. */
  precedes(doc: ThreeMdDocument): boolean {
    const s = doc.splice;
    return !!s && this.array === s.base && this.revision === s.revision;
  }

  /**
   * Applies the document's splice (`precedes` must hold): the new planes are computed, and the
   * moved ones that hold something (their positions changed); every other value is kept. The
   * table is updated in place.
   */
  carry(doc: ThreeMdDocument, compute: (i: number) => T, isEmpty: (v: T) => boolean): this {
    tableStats.carried++;
    const s = doc.splice!;
    const end = s.at + s.added;
    const shift = s.added - s.removed;
    const fresh: T[] = [];
    for (let i = s.at; i < end; i++) fresh.push(compute(i));
    if (shift === 0) for (let k = 0; k < fresh.length; k++) this.values[s.at + k] = fresh[k]!;
    else this.values = spliced(this.values, s.at, s.removed, fresh);
    const nonEmpty: number[] = [];
    let k = 0;
    const old = this.nonEmpty;
    for (; k < old.length && old[k]! < s.at; k++) nonEmpty.push(old[k]!);
    for (let i = s.at; i < end; i++) if (!isEmpty(this.values[i]!)) nonEmpty.push(i);
    for (; k < old.length; k++) {
      if (old[k]! < s.at + s.removed) continue;
      const i = old[k]! + shift;
      if (s.lines !== 0) this.values[i] = compute(i);
      if (!isEmpty(this.values[i]!)) nonEmpty.push(i);
    }
    this.nonEmpty = nonEmpty;
    if (s.base === doc.planes) for (let i = s.at; i < end; i++) this.seen[i] = doc.planes[i]!;
    else this.seen = doc.planes.slice();
    this.array = doc.planes;
    this.revision = doc.revision;
    return this;
  }
}

/** `list` with `removed` entries at `at` replaced by `fresh` (a copy: `splice` would spread `fresh` into arguments). */
export function spliced<T>(list: T[], at: number, removed: number, fresh: T[]): T[] {
  return list.slice(0, at).concat(fresh, list.slice(at + removed));
}

/**
 * An ascending list of indexes after `removed` entries at `at` were replaced by `added` ones:
 * indexes before are kept, those in the replaced range dropped, later ones shifted; `fresh`
 * (ascending, within the added range) is put in between.
 */
export function splicedIndexes(sorted: readonly number[], at: number, removed: number, added: number, fresh: readonly number[]): number[] {
  const out: number[] = [];
  let k = 0;
  for (; k < sorted.length && sorted[k]! < at; k++) out.push(sorted[k]!);
  for (const i of fresh) out.push(i);
  for (; k < sorted.length; k++) if (sorted[k]! >= at + removed) out.push(sorted[k]! + added - removed);
  return out;
}
