/**
 * A JSON tree as a tape: jsonc-parser's `parseTree` nodes in document order (pre-order), each one
 * row of typed arrays (kind, start, end, the row after its subtree, its parent), and `Node`
 * objects made only for the rows someone asks for. A world.json of 30,000 agents is about a
 * million nodes: as objects, with their `children` arrays, they cost 0.5-0.9 s to make and
 * collect; as rows, a fraction of that, and the model reads keys and values from the rows.
 *
 * Plain JSON (RFC 8259: no comments, no trailing commas, nothing jsonc-parser would report,
 * nested at most `limit` levels) is read by one pass over the characters (`strictTape`); any
 * other text is parsed by jsonc-parser and its tree copied into a tape (`tapeOfTree`), so both
 * give the tree `parseTree` gives.
 */
import type { Node, NodeType } from 'jsonc-parser';

const OBJECT = 0;
const ARRAY = 1;
const PROPERTY = 2;
const STRING = 3;
const NUMBER = 4;
const BOOLEAN = 5;
const NULL = 6;
/** A string with a backslash escape (its value is decoded, not sliced). */
const ESCAPED = 7;
const TYPES: readonly NodeType[] = ['object', 'array', 'property', 'string', 'number', 'boolean', 'null', 'string'];

/** The rows of one tree. Row 0 is the root. Never changes once made. */
export class Tape {
  kind: Uint8Array;
  start: Int32Array;
  end: Int32Array;
  /** The row after this row's subtree. */
  next: Int32Array;
  parent: Int32Array;
  /** A property's colon offset (-1 without one). */
  colon: Int32Array;
  count = 0;
  /** Literal values by row, for a tape copied from a jsonc-parser tree (its values cannot always be read back from the text). */
  values: unknown[] | undefined;
  readonly #nodes = new Map<number, TapeNode>();

  constructor(
    readonly text: string,
    capacity: number,
  ) {
    this.kind = new Uint8Array(capacity);
    this.start = new Int32Array(capacity);
    this.end = new Int32Array(capacity);
    this.next = new Int32Array(capacity);
    this.parent = new Int32Array(capacity);
    this.colon = new Int32Array(capacity);
  }

  /** Appends a row; its end and next are set when it is complete. */
  push(kind: number, start: number, parent: number): number {
    if (this.count === this.kind.length) this.#grow();
    const i = this.count++;
    this.kind[i] = kind;
    this.start[i] = start;
    this.parent[i] = parent;
    this.colon[i] = -1;
    return i;
  }

  #grow(): void {
    const n = this.kind.length * 2 + 16;
    const grow = <T extends Uint8Array | Int32Array>(a: T, make: (n: number) => T): T => {
      const b = make(n);
      b.set(a);
      return b;
    };
    this.kind = grow(this.kind, (k) => new Uint8Array(k));
    this.start = grow(this.start, (k) => new Int32Array(k));
    this.end = grow(this.end, (k) => new Int32Array(k));
    this.next = grow(this.next, (k) => new Int32Array(k));
    this.parent = grow(this.parent, (k) => new Int32Array(k));
    this.colon = grow(this.colon, (k) => new Int32Array(k));
  }

  type(i: number): NodeType {
    return TYPES[this.kind[i]!]!;
  }

  /** A property's key row and value row (-1 when it has none). */
  keyOf(prop: number): number {
    return this.next[prop]! > prop + 1 ? prop + 1 : -1;
  }

  valueOf(prop: number): number {
    const key = prop + 1;
    return this.next[prop]! > key && this.next[key]! < this.next[prop]! ? this.next[key]! : -1;
  }

  /** The rows of an object's properties or an array's items. */
  children(i: number): number[] {
    const out: number[] = [];
    for (let c = i + 1, end = this.next[i]!; c < end; c = this.next[c]!) out.push(c);
    return out;
  }

  /** A literal's value (undefined for an object, an array or a property). */
  value(i: number): unknown {
    if (this.values) return this.values[i];
    const k = this.kind[i]!;
    const s = this.start[i]!;
    const e = this.end[i]!;
    switch (k) {
      case STRING:
        return this.text.slice(s + 1, e - 1);
      case ESCAPED:
        // The strict pass accepted only JSON's escapes, which JSON.parse decodes as jsonc-parser does.
        return JSON.parse(this.text.slice(s, e)) as string;
      case NUMBER:
        return Number(this.text.slice(s, e));
      case BOOLEAN:
        return this.text.charCodeAt(s) === 0x74;
      case NULL:
        return null;
      default:
        return undefined;
    }
  }

  /** The string a row holds, or undefined when it is not a string. */
  string(i: number): string | undefined {
    const k = this.kind[i];
    if (k !== STRING && k !== ESCAPED) return undefined;
    const v = this.value(i);
    return typeof v === 'string' ? v : undefined;
  }

  /** The `Node` of a row, made when first asked for (the same object every time). */
  node(i: number): Node {
    let n = this.#nodes.get(i);
    if (!n) this.#nodes.set(i, (n = new TapeNode(this, i)));
    return n;
  }
}

/** jsonc-parser's `Node` over one row. */
class TapeNode implements Node {
  #children: Node[] | undefined;
  constructor(
    private readonly tape: Tape,
    private readonly row: number,
  ) {}

  get type(): NodeType {
    return this.tape.type(this.row);
  }

  get offset(): number {
    return this.tape.start[this.row]!;
  }

  get length(): number {
    return this.tape.end[this.row]! - this.tape.start[this.row]!;
  }

  get value(): unknown {
    return this.tape.value(this.row);
  }

  get colonOffset(): number | undefined {
    const c = this.tape.colon[this.row]!;
    return c === -1 ? undefined : c;
  }

  get parent(): Node | undefined {
    const p = this.tape.parent[this.row]!;
    return p === -1 ? undefined : this.tape.node(p);
  }

  get children(): Node[] | undefined {
    const k = this.tape.kind[this.row];
    if (k !== OBJECT && k !== ARRAY && k !== PROPERTY) return undefined;
    return (this.#children ??= this.tape.children(this.row).map((c) => this.tape.node(c)));
  }
}

/** The tape of a jsonc-parser tree (rows in the tree's order, values copied). */
export function tapeOfTree(text: string, root: Node): Tape {
  const tape = new Tape(text, 64);
  tape.values = [];
  const walk = (n: Node, parent: number): void => {
    const kind = TYPES.indexOf(n.type);
    const i = tape.push(kind, n.offset, parent);
    tape.end[i] = n.offset + n.length;
    if (n.colonOffset !== undefined) tape.colon[i] = n.colonOffset;
    tape.values![i] = n.value;
    for (const c of n.children ?? []) walk(c, i);
    tape.next[i] = tape.count;
  };
  // jsonc-parser itself recurses per level; callers bound the depth before parsing.
  walk(root, -1);
  return tape;
}

/** The tape of `text` when it is plain JSON nested at most `limit` levels, else undefined. Never throws. */
export function strictTape(text: string, limit: number): Tape | undefined {
  const len = text.length;
  const tape = new Tape(text, (len >> 3) + 16);
  let i = 0;
  let depth = 0;
  let bad = false;

  const space = () => {
    for (; i < len; i++) {
      const c = text.charCodeAt(i);
      if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return;
    }
  };

  /** The string at `i` (a quote) as a row; `i` ends past its closing quote. */
  const string = (parent: number): number => {
    const row = tape.push(STRING, i, parent);
    for (i++; i < len; i++) {
      const c = text.charCodeAt(i);
      if (c === 0x22) break;
      if (c < 0x20) {
        bad = true;
        return row;
      }
      if (c === 0x5c) {
        tape.kind[row] = ESCAPED;
        const e = text.charCodeAt(++i);
        if (e === 0x75) {
          for (let h = 1; h <= 4; h++) {
            const d = text.charCodeAt(i + h);
            if (!((d >= 0x30 && d <= 0x39) || (d >= 0x61 && d <= 0x66) || (d >= 0x41 && d <= 0x46))) {
              bad = true;
              return row;
            }
          }
          i += 4;
        } else if (!(e === 0x22 || e === 0x5c || e === 0x2f || e === 0x62 || e === 0x66 || e === 0x6e || e === 0x72 || e === 0x74)) {
          bad = true;
          return row;
        }
      }
    }
    if (i >= len) {
      bad = true;
      return row;
    }
    i++;
    tape.end[row] = i;
    tape.next[row] = row + 1;
    return row;
  };

  const digits = (): boolean => {
    const from = i;
    for (; i < len; i++) {
      const c = text.charCodeAt(i);
      if (c < 0x30 || c > 0x39) break;
    }
    return i > from;
  };

  const literal = (kind: number, word: string, parent: number): void => {
    if (!text.startsWith(word, i)) {
      bad = true;
      return;
    }
    const row = tape.push(kind, i, parent);
    i += word.length;
    tape.end[row] = i;
    tape.next[row] = row + 1;
  };

  /** The value at `i` as rows under `parent`; sets `bad` when the text leaves plain JSON. */
  const value = (parent: number): void => {
    const c = text.charCodeAt(i);
    if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > limit) {
        bad = true;
        return;
      }
      const obj = c === 0x7b;
      const row = tape.push(obj ? OBJECT : ARRAY, i, parent);
      const close = obj ? 0x7d : 0x5d;
      i++;
      space();
      if (text.charCodeAt(i) !== close) {
        for (;;) {
          if (obj) {
            if (text.charCodeAt(i) !== 0x22) {
              bad = true;
              return;
            }
            const prop = tape.push(PROPERTY, i, row);
            string(prop);
            if (bad) return;
            space();
            if (text.charCodeAt(i) !== 0x3a /* : */) {
              bad = true;
              return;
            }
            tape.colon[prop] = i++;
            space();
            value(prop);
            if (bad) return;
            tape.end[prop] = i;
            tape.next[prop] = tape.count;
          } else {
            value(row);
            if (bad) return;
          }
          space();
          const d = text.charCodeAt(i);
          if (d === close) break;
          if (d !== 0x2c /* , */) {
            bad = true;
            return;
          }
          i++;
          space();
        }
      }
      i++;
      depth--;
      tape.end[row] = i;
      tape.next[row] = tape.count;
      return;
    }
    if (c === 0x22) {
      string(parent);
      return;
    }
    if (c === 0x2d /* - */ || (c >= 0x30 && c <= 0x39)) {
      const row = tape.push(NUMBER, i, parent);
      if (c === 0x2d) i++;
      if (text.charCodeAt(i) === 0x30) i++;
      else if (!digits()) {
        bad = true;
        return;
      }
      if (text.charCodeAt(i) === 0x2e /* . */) {
        i++;
        if (!digits()) {
          bad = true;
          return;
        }
      }
      const e = text.charCodeAt(i);
      if (e === 0x65 || e === 0x45) {
        i++;
        const s = text.charCodeAt(i);
        if (s === 0x2b || s === 0x2d) i++;
        if (!digits()) {
          bad = true;
          return;
        }
      }
      tape.end[row] = i;
      tape.next[row] = row + 1;
      return;
    }
    if (c === 0x74) literal(BOOLEAN, 'true', parent);
    else if (c === 0x66) literal(BOOLEAN, 'false', parent);
    else if (c === 0x6e) literal(NULL, 'null', parent);
    else bad = true;
  };

  space();
  if (i >= len) return undefined;
  value(-1);
  if (bad) return undefined;
  space();
  return i < len ? undefined : tape;
}
