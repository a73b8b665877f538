/** `@plane` directive lines: the reference tokenizer, with a range on every token. */
import { trailingWsStart } from '../text';
import { isQuoted, parseFiniteDecimal, unquote } from './lexical';
import { Attribute, bareRecord, type RelIssue } from './syntax';
import { Link } from './link';

const KEYWORD = '@plane';

/** One shared string per usual key, so a large agent keeps one `triggers`, not thousands. */
const COMMON_KEYS_LIST = ['z', 'x', 'y', 'label', 'kind', 'triggers', 'inputs', 'tool', 'cost'];
const COMMON_KEYS = new Map(COMMON_KEYS_LIST.map((k) => [k, k]));

function directiveIssue(detail: string, from: number, to: number): RelIssue {
  return { code: 'invalidPlaneDirective', detail, from, to };
}

/** Where each token of the line being parsed starts and ends (reused: a large agent has hundreds of thousands of lines). */
const bounds: number[] = [];
/** The attributes of the line being parsed, copied out at their own length (a list grown by push keeps room for 17). */
const scratch: Attribute[] = [];

/**
 * Splits the attribute part of a directive line on blanks outside quotes, as start and end
 * columns in one flat list (`bounds`: no token objects). Returns where an unterminated quote's
 * token starts, or -1.
 */
function tokenize(raw: string, from: number, to: number): number {
  bounds.length = 0;
  let start = -1;
  let quote = 0;
  for (let i = from; i < to; i++) {
    const ch = raw.charCodeAt(i);
    if (quote) {
      if (ch === 92)
        i++; // a backslash escapes the next character
      else if (ch === quote) quote = 0;
      continue;
    }
    if (ch === 32 || ch === 9) {
      if (start >= 0) bounds.push(start, i);
      start = -1;
      continue;
    }
    if (start < 0) start = i;
    if (ch === 34 || ch === 39) quote = ch; // " or '
  }
  if (quote) return start;
  if (start >= 0) bounds.push(start, to);
  return -1;
}

/** The usual key written in lowercase on `raw` from `start` to `eq`, without making a string; undefined for any other. */
function commonKey(raw: string, start: number, eq: number): string | undefined {
  const n = eq - start;
  if (n === 1) {
    const c = raw.charCodeAt(start);
    return c === 122 ? 'z' : c === 120 ? 'x' : c === 121 ? 'y' : undefined;
  }
  for (const k of COMMON_KEYS_LIST) if (k.length === n && raw.startsWith(k, start)) return k;
  return undefined;
}

/** What a directive line says: its attributes (at line 0), where it ends, its grammar issues (and its header, filled in by `planeHeader`'s caller). */
export interface DirectiveLine {
  attributes: Attribute[];
  end: number;
  issues: RelIssue[];
  header: PlaneHeader | null | undefined;
}

/** Parses a directive line, at line 0 (a view puts it on its line). */
export function parseDirective(raw: string): DirectiveLine {
  const line = 0;
  const end = trailingWsStart(raw);
  let restStart = KEYWORD.length;
  while (restStart < end && (raw.charCodeAt(restStart) === 32 || raw.charCodeAt(restStart) === 9)) restStart++;
  const issues: RelIssue[] = [];
  scratch.length = 0;
  const unterminatedAt = tokenize(raw, restStart, end);
  for (let k = 0; k < bounds.length; k += 2) {
    const start = bounds[k]!;
    const tokEnd = bounds[k + 1]!;
    const eq = raw.indexOf('=', start);
    if (eq < 0 || eq >= tokEnd) {
      issues.push(directiveIssue(`expected key=value, found '${raw.slice(start, tokEnd)}'`, start, tokEnd));
      continue;
    }
    if (eq === start) {
      issues.push(directiveIssue(`empty attribute key in '${raw.slice(start, tokEnd)}'`, start, tokEnd));
      continue;
    }
    const rawValue = raw.slice(eq + 1, tokEnd);
    let key = commonKey(raw, start, eq);
    if (key === undefined) {
      key = raw.slice(start, eq).toLowerCase();
      key = COMMON_KEYS.get(key) ?? key;
    }
    scratch.push(new Attribute(key, unquote(rawValue), rawValue, line, start, eq, tokEnd, isQuoted(rawValue)));
  }
  if (unterminatedAt >= 0) {
    const remainder = raw.slice(restStart, end);
    issues.push(directiveIssue(`unterminated quote in '${remainder}'`, unterminatedAt, end));
  }
  const attributes = scratch.slice();
  scratch.length = 0;
  return { attributes, end, issues, header: undefined };
}

/** The last attribute with this key, as the reference's last-wins rule reads it. */
export function lastAttribute(d: { attributes: readonly Attribute[] }, key: string): Attribute | undefined {
  for (let i = d.attributes.length - 1; i >= 0; i--) if (d.attributes[i]!.key === key) return d.attributes[i];
  return undefined;
}

/** A plane's header: what its directive line says about it. */
export interface PlaneHeader {
  z: number;
  label: string | null;
  x: number | null;
  y: number | null;
  /** Non-reserved attributes, keys lowercased, last occurrence wins. */
  attributes: Record<string, string>;
}

/** Checks z, x, y (in the reference's order) and returns the plane's header, or null (adding the reason to the line's issues). */
export function planeHeader(d: DirectiveLine): PlaneHeader | null {
  const zAttr = lastAttribute(d, 'z');
  if (!zAttr) {
    d.issues.push({ code: 'missingPlanePosition', from: 0, to: 6 });
    return null;
  }
  const coord = (name: 'z' | 'x' | 'y'): number | null | undefined => {
    const a = name === 'z' ? zAttr : lastAttribute(d, name);
    if (!a) return null;
    const n = parseFiniteDecimal(a.value);
    if (n === null) {
      const r = a.valueRange;
      const detail = `${name} must be a finite decimal number, found '${a.value}'`;
      d.issues.push(directiveIssue(detail, r.start.character, r.end.character));
      return undefined;
    }
    return n;
  };
  const z = coord('z');
  if (z === undefined || z === null) return null;
  const x = coord('x');
  const y = coord('y');
  const attributes: Record<string, string> = bareRecord();
  let label: string | null = null;
  for (const a of d.attributes) {
    if (a.key === 'label') label = a.value;
    else if (a.key !== 'z' && a.key !== 'x' && a.key !== 'y') attributes[a.key] = a.value;
  }
  return { z, label, x: x ?? null, y: y ?? null, attributes };
}

const LINK = /\[\[z=([-+0-9eE.]{1,40})(?:\|([^\]\n]{0,400}))?\]\]/g;

/**
 * Cross-plane links on lines [from, to) of `lines`, numbered from `base`, with the reference's
 * bounded grammar (a link never spans lines).
 */
export function scanLinks(lines: readonly string[], from: number, to: number, sourceZ: number, base = 0): Link[] {
  const out: Link[] = [];
  for (let line = from; line < to; line++) {
    const text = lines[line]!;
    if (!text.includes('[[z=')) continue;
    LINK.lastIndex = 0;
    for (let m = LINK.exec(text); m; m = LINK.exec(text)) {
      const target = parseFiniteDecimal(m[1]!);
      if (target === null) continue;
      out.push(new Link(sourceZ, target, m[1]!, m[2] ?? null, line - base, m.index, m.index + m[0].length));
    }
  }
  // At its own length (a list grown by push keeps room for 17 entries).
  return out.slice();
}
