/** `@plane` directive lines: the reference tokenizer, with a range on every token. */
import { trailingWsStart } from '../text/text';
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

/** What one `key=value` token of a directive line is: its key (lowercased), value (unquoted), value as written and columns. */
type TokenVisitor = (key: string, value: string, rawValue: string, start: number, eq: number, end: number) => void;

/**
 * Walks the tokens of a directive line: each `key=value` token to `visit`, each grammar issue
 * of a token (and an unterminated quote) into `issues`. Returns the column where the directive
 * ends (trailing whitespace excluded).
 */
function scanDirective(raw: string, issues: RelIssue[], visit: TokenVisitor): number {
  const end = trailingWsStart(raw);
  let restStart = KEYWORD.length;
  while (restStart < end && (raw.charCodeAt(restStart) === 32 || raw.charCodeAt(restStart) === 9)) restStart++;
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
    visit(key, unquote(rawValue), rawValue, start, eq, tokEnd);
  }
  if (unterminatedAt >= 0) {
    const remainder = raw.slice(restStart, end);
    issues.push(directiveIssue(`unterminated quote in '${remainder}'`, unterminatedAt, end));
  }
  return end;
}

/** Parses a directive line, at line 0 (a view puts it on its line). */
export function parseDirective(raw: string): DirectiveLine {
  const issues: RelIssue[] = [];
  scratch.length = 0;
  const end = scanDirective(raw, issues, (key, value, rawValue, start, eq, tokEnd) => {
    scratch.push(new Attribute(key, value, raw, 0, start, eq, tokEnd, isQuoted(rawValue)));
  });
  const attributes = scratch.slice();
  scratch.length = 0;
  return { attributes, end, issues, header: undefined };
}

/** Where the last `z`, `x` or `y` token of a line is, and its value. */
interface Coordinate {
  value: string;
  /** The columns of the value as written. */
  from: number;
  to: number;
}

/**
 * What `planeHeader(parseDirective(raw))` gives — where the line ends, its issues (in the same
 * order) and the header — without an attribute object per token: a document reads its
 * directives' headers, and the attributes with their positions only where a check or a feature
 * asks for them.
 */
export function readDirective(raw: string): { end: number; issues: RelIssue[]; header: PlaneHeader | null } {
  const issues: RelIssue[] = [];
  /** The last `z`, `x`, `y` and `label` (closures' assignments are out of the type checker's sight, so they are kept in one object). */
  const last: { z?: Coordinate; x?: Coordinate; y?: Coordinate; label: string | null } = { label: null };
  const attributes: Record<string, string> = bareRecord();
  const end = scanDirective(raw, issues, (key, value, _raw, _start, eq, tokEnd) => {
    if (key === 'z' || key === 'x' || key === 'y') last[key] = { value, from: eq + 1, to: tokEnd };
    else if (key === 'label') last.label = value;
    else attributes[key] = value;
  });
  if (!last.z) {
    issues.push({ code: 'missingPlanePosition', from: 0, to: 6 });
    return { end, issues, header: null };
  }
  const coord = (name: 'z' | 'x' | 'y', c: Coordinate | undefined): number | null | undefined => {
    if (!c) return null;
    const n = parseFiniteDecimal(c.value);
    if (n !== null) return n;
    issues.push(directiveIssue(`${name} must be a finite decimal number, found '${c.value}'`, c.from, c.to));
    return undefined;
  };
  const z = coord('z', last.z);
  if (z === undefined || z === null) return { end, issues, header: null };
  const x = coord('x', last.x);
  const y = coord('y', last.y);
  return { end, issues, header: { z, label: last.label, x: x ?? null, y: y ?? null, attributes } };
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
