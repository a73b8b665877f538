/**
 * The z values of a structure's planes, made anew on every structural edit (structure.ts). Whole
 * numbers from 0 below 2^20 (nearly every z) are kept in a bitmap, any other in a Set: for
 * 10,000 planes it is built in a fifteenth of a Set's time. It iterates in the order values were
 * first added, as a Set does. Filled once by `zSetOf`, then never changed.
 */

/** A whole z from 0 below 2^20, kept in a table rather than a Set or Map (here and in the dependency graph). */
export function isSmallZ(z: number): boolean {
  return Number.isInteger(z) && z >= 0 && z < 1 << 20;
}

export class ZSet implements ReadonlySet<number> {
  #bits = new Uint8Array(128);
  #other: Set<number> | undefined;
  readonly #order: number[] = [];

  get size(): number {
    return this.#order.length;
  }

  has(z: number): boolean {
    if (!isSmallZ(z)) return this.#other?.has(z) ?? false;
    const byte = z >>> 3;
    return byte < this.#bits.length && (this.#bits[byte]! & (1 << (z & 7))) !== 0;
  }

  /** True when both hold the same values. */
  sameAs(other: ReadonlySet<number>): boolean {
    if (other.size !== this.size) return false;
    if (!(other instanceof ZSet)) {
      for (const z of other) if (!this.has(z)) return false;
      return true;
    }
    const [a, b] = this.#bits.length <= other.#bits.length ? [this.#bits, other.#bits] : [other.#bits, this.#bits];
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
    for (let i = a.length; i < b.length; i++) if (b[i] !== 0) return false;
    for (const z of this.#other ?? []) if (!other.#other?.has(z)) return false;
    return true;
  }

  *values(): SetIterator<number> {
    yield* this.#order;
  }

  keys(): SetIterator<number> {
    return this.values();
  }

  *entries(): SetIterator<[number, number]> {
    for (const z of this.#order) yield [z, z];
  }

  [Symbol.iterator](): SetIterator<number> {
    return this.values();
  }

  forEach(fn: (value: number, key: number, set: ReadonlySet<number>) => void, thisArg?: unknown): void {
    for (const z of this.#order) fn.call(thisArg, z, z, this);
  }

  /** Adds `z` while the set is being filled; false when it was there already. */
  static add(set: ZSet, value: number): boolean {
    // -0 is 0, as in a Set.
    const z = value === 0 ? 0 : value;
    if (!isSmallZ(z)) {
      const other = (set.#other ??= new Set());
      if (other.has(z)) return false;
      other.add(z);
    } else {
      const byte = z >>> 3;
      if (byte >= set.#bits.length) {
        const grown = new Uint8Array(Math.max(set.#bits.length * 2, byte + 1));
        grown.set(set.#bits);
        set.#bits = grown;
      }
      const mask = 1 << (z & 7);
      if (set.#bits[byte]! & mask) return false;
      set.#bits[byte]! |= mask;
    }
    set.#order.push(z);
    return true;
  }
}

/** A z set filled by `fill`, which is given the function that adds one (false when it was there already). */
export function zSetOf(fill: (add: (z: number) => boolean) => void): ZSet {
  const set = new ZSet();
  fill((z) => ZSet.add(set, z));
  return set;
}
