/**
 * Copies of values that outlive the text they were read from.
 *
 * V8 makes a string cut from a longer one (`slice`, `substring`, a regex match, a YAML scalar's
 * source) a view of that text when it has 13 or more characters: while the piece lives, the
 * whole text does. An index entry keeps a skill's description for the session, and with it the
 * skill's whole file. The workspace index of 2,000 real-size skills held 54 MB of file texts
 * this way (docs/performance.md).
 */

/** The shortest string V8 cuts as a view of its parent (`SlicedString::kMinLength`); shorter pieces are copies already. */
const SHORTEST_VIEW = 13;

/**
 * A deep copy of plain data (arrays, plain objects, primitives) whose strings hold no reference
 * to a larger text. Anything else (a class instance, a function) is kept as it is.
 */
export function ownStrings<T>(value: T): T {
  return copy(value) as T;
}

function copy(v: unknown): unknown {
  if (typeof v === 'string') return v.length >= SHORTEST_VIEW ? ownString(v) : v;
  if (Array.isArray(v)) return v.map(copy);
  if (v === null || typeof v !== 'object' || !isPlain(v)) return v;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v)) out[k] = copy((v as Record<string, unknown>)[k]);
  return out;
}

function isPlain(o: object): boolean {
  const proto: unknown = Object.getPrototypeOf(o);
  return proto === Object.prototype || proto === null;
}

/**
 * A string with its own characters: joining makes a pair of pieces, and cutting the pair makes
 * V8 write it out flat first, so the result is a view of that new copy (one character longer)
 * and not of the text `s` was cut from.
 */
function ownString(s: string): string {
  return ` ${s}`.slice(1);
}
