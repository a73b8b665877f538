/**
 * A persistent list: a trie of 32-wide nodes. Replacing one item copies the nodes on its path (at
 * 10,000 items, three nodes of 32), and the new list shares every other node with the old one,
 * which never changes. Two lists of one lineage are compared node by node, so finding the items a
 * keystroke replaced skips every shared node instead of comparing 10,000 pointers. A flat array
 * is made only when a caller asks for one (`toArray`, iteration), once per list.
 */

const BITS = 5;
const WIDTH = 1 << BITS;
const MASK = WIDTH - 1;

type Node = readonly unknown[];

export class Vec<T> implements Iterable<T> {
  static readonly EMPTY: Vec<never> = new Vec<never>(0, 0, []);
  #flat: readonly T[] | undefined;

  private constructor(
    readonly length: number,
    /** The bits the root's index takes from an item index (0: the root is a leaf). */
    private readonly shift: number,
    private readonly root: Node,
  ) {}

  /** The list of `items` (copied: the array may be changed afterwards). */
  static of<T>(items: readonly T[]): Vec<T> {
    if (items.length === 0) return Vec.EMPTY;
    const leaves: Node[] = [];
    for (let i = 0; i < items.length; i += WIDTH) leaves.push(items.slice(i, i + WIDTH));
    return Vec.#ofLeaves<T>(leaves, items.length);
  }

  /** The list whose items are those of `leaves` in order (full leaves of WIDTH items, but the last). */
  static #ofLeaves<T>(leaves: Node[], length: number): Vec<T> {
    let level = leaves;
    let shift = 0;
    while (level.length > 1) {
      const up: Node[] = [];
      for (let i = 0; i < level.length; i += WIDTH) up.push(level.slice(i, i + WIDTH));
      level = up;
      shift += BITS;
    }
    return new Vec<T>(length, shift, level[0]!);
  }

  /**
   * The first `n` items of `prev` followed by `rest`: the full leaves of the kept part are `prev`'s
   * own nodes, so keeping 5,000 items and making 5,000 new ones copies no pointer of the kept half.
   */
  static kept<T>(prev: Vec<T>, n: number, rest: readonly T[]): Vec<T> {
    const keep = Math.max(0, Math.min(n, prev.length));
    const leaves: Node[] = [];
    const whole = keep - (keep & MASK);
    const walk = (node: Node, shift: number, base: number) => {
      if (base >= whole) return;
      if (shift === 0) leaves.push(node);
      else for (let k = 0; k < node.length; k++) walk(node[k] as Node, shift - BITS, base + (k << shift));
    };
    walk(prev.root, prev.shift, 0);
    const tail = prev.slice(whole, keep);
    for (const x of rest) tail.push(x);
    for (let i = 0; i < tail.length; i += WIDTH) leaves.push(tail.slice(i, i + WIDTH));
    const length = keep + rest.length;
    return length === 0 ? Vec.EMPTY : Vec.#ofLeaves<T>(leaves, length);
  }

  /** The list of `items`, which the caller hands over (never changes it again): `toArray` then gives that array. */
  static adopt<T>(items: readonly T[]): Vec<T> {
    const v = Vec.of(items);
    if (v !== Vec.EMPTY) v.#flat = items;
    return v;
  }

  /** Item `i` (undefined outside 0..length-1). */
  get(i: number): T | undefined {
    if (!(i >= 0 && i < this.length)) return undefined;
    let node = this.root;
    for (let s = this.shift; s > 0; s -= BITS) node = node[(i >>> s) & MASK] as Node;
    return node[i & MASK] as T;
  }

  /** The list with item `i` (0..length-1) replaced by `value`; this list when it already holds it. */
  with(i: number, value: T): Vec<T> {
    if (!(i >= 0 && i < this.length)) throw new RangeError(`Vec.with: index ${i} outside 0..${this.length - 1}`);
    if (this.get(i) === value) return this;
    return new Vec<T>(this.length, this.shift, replaced(this.root, this.shift, i, value));
  }

  /** The items as an array (made once per list; never to be changed). */
  toArray(): readonly T[] {
    if (this.#flat) return this.#flat;
    const out: T[] = new Array<T>(this.length);
    let n = 0;
    const walk = (node: Node, shift: number) => {
      if (shift === 0) for (const x of node) out[n++] = x as T;
      else for (const c of node) walk(c as Node, shift - BITS);
    };
    walk(this.root, this.shift);
    return (this.#flat = out);
  }

  /** Items `from`..`to` (exclusive) as a new array. */
  slice(from: number, to = this.length): T[] {
    const out: T[] = [];
    for (let i = Math.max(0, from); i < Math.min(to, this.length); i++) out.push(this.get(i)!);
    return out;
  }

  [Symbol.iterator](): Iterator<T> {
    return this.toArray()[Symbol.iterator]();
  }

  /**
   * The indexes where two lists of the same length hold different items, in order, found by
   * walking both tries and skipping the nodes they share; null when the lengths differ.
   */
  static changed<T>(a: Vec<T>, b: Vec<T>): Int32Array | null {
    if (a.length !== b.length) return null;
    const out: number[] = [];
    const walk = (x: Node, y: Node, shift: number, base: number) => {
      if (x === y) return;
      if (shift === 0) {
        for (let k = 0; k < y.length; k++) if (x[k] !== y[k]) out.push(base + k);
        return;
      }
      for (let k = 0; k < y.length; k++) walk(x[k] as Node, y[k] as Node, shift - BITS, base + (k << shift));
    };
    walk(a.root, b.root, a.shift, 0);
    return Int32Array.from(out);
  }
}

function replaced(node: Node, shift: number, i: number, value: unknown): Node {
  const copy = node.slice();
  if (shift === 0) copy[i & MASK] = value;
  else {
    const k = (i >>> shift) & MASK;
    copy[k] = replaced(node[k] as Node, shift - BITS, i, value);
  }
  return copy;
}
