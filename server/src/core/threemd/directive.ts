/** `@plane` directive lines: the reference tokenizer, with a range on every token. */
import { lineRange } from '../types';
import { isBlank, trailingWsStart } from '../text';
import { isQuoted, parseFiniteDecimal, unquote } from './lexical';
import { Attribute, bareRecord, Directive, Link, type LinkTargets, type ParseIssue, type Plane, type PlaneParts } from './syntax';

const KEYWORD = '@plane';

/** One shared string per usual key, so a large agent keeps one `triggers`, not thousands. */
const COMMON_KEYS = new Map(['z', 'x', 'y', 'label', 'kind', 'triggers', 'inputs', 'tool', 'cost'].map((k) => [k, k]));

function directiveIssue(line: number, detail: string, from: number, to: number): ParseIssue {
  return {
    code: 'invalidPlaneDirective',
    message: `Invalid @plane directive on line ${line + 1}: ${detail}`,
    range: lineRange(line, from, to),
    detail,
  };
}

/**
 * Splits the attribute part of a directive line on blanks outside quotes, as start and end
 * columns in one flat list (no token objects: a large agent has hundreds of thousands).
 */
function tokenize(raw: string, from: number, to: number): { bounds: number[]; unterminatedAt: number } {
  const bounds: number[] = [];
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
  if (quote) return { bounds, unterminatedAt: start };
  if (start >= 0) bounds.push(start, to);
  return { bounds, unterminatedAt: -1 };
}

/**
 * Parses the directive on `line` (whose span ends before `endLine`). The plane is attached by
 * the caller once the body and duplicates are known.
 */
export function parseDirective(raw: string, line: number, endLine: number): Directive {
  const end = trailingWsStart(raw);
  let restStart = KEYWORD.length;
  while (restStart < end && (raw.charCodeAt(restStart) === 32 || raw.charCodeAt(restStart) === 9)) restStart++;
  const issues: ParseIssue[] = [];
  const attributes: Attribute[] = [];
  const { bounds, unterminatedAt } = tokenize(raw, restStart, end);
  for (let k = 0; k < bounds.length; k += 2) {
    const start = bounds[k]!;
    const tokEnd = bounds[k + 1]!;
    const eq = raw.indexOf('=', start);
    if (eq < 0 || eq >= tokEnd) {
      issues.push(directiveIssue(line, `expected key=value, found '${raw.slice(start, tokEnd)}'`, start, tokEnd));
      continue;
    }
    if (eq === start) {
      issues.push(directiveIssue(line, `empty attribute key in '${raw.slice(start, tokEnd)}'`, start, tokEnd));
      continue;
    }
    const rawValue = raw.slice(eq + 1, tokEnd);
    const key = raw.slice(start, eq).toLowerCase();
    attributes.push(new Attribute(COMMON_KEYS.get(key) ?? key, unquote(rawValue), rawValue, line, start, eq, tokEnd, isQuoted(rawValue)));
  }
  if (unterminatedAt >= 0) {
    const remainder = raw.slice(restStart, end);
    issues.push(directiveIssue(line, `unterminated quote in '${remainder}'`, unterminatedAt, end));
  }
  return new Directive(line, endLine, attributes, end, issues);
}

/** The last attribute with this key, as the reference's last-wins rule reads it. */
export function lastAttribute(d: Directive, key: string): Attribute | undefined {
  for (let i = d.attributes.length - 1; i >= 0; i--) if (d.attributes[i]!.key === key) return d.attributes[i];
  return undefined;
}

/** Checks z, x, y (in the reference's order) and returns the plane's header, or null. */
export function planeHeader(d: Directive): Pick<Plane, 'z' | 'label' | 'x' | 'y' | 'attributes'> | null {
  const zAttr = lastAttribute(d, 'z');
  if (!zAttr) {
    d.issues.push({
      code: 'missingPlanePosition',
      message: `The @plane directive on line ${d.line + 1} is missing a 'z' position.`,
      range: d.keywordRange,
    });
    return null;
  }
  const coord = (name: 'z' | 'x' | 'y'): number | null | undefined => {
    const a = name === 'z' ? zAttr : lastAttribute(d, name);
    if (!a) return null;
    const n = parseFiniteDecimal(a.value);
    if (n === null) {
      const r = a.valueRange;
      const detail = `${name} must be a finite decimal number, found '${a.value}'`;
      d.issues.push(directiveIssue(d.line, detail, r.start.character, r.end.character));
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

/**
 * Where a plane's body text and links can come from other than joining and scanning its lines:
 * `cut` gives lines `first`..`last` as one string, `links` the links on them.
 */
export interface BodySource {
  cut(first: number, last: number): string;
  links?(first: number, last: number, sourceZ: number): Link[];
  /** What the span `from`..`to` (exclusive) is made of, when it is made of old planes. */
  parts?(from: number, to: number): PlaneParts | undefined;
}

/** Drops leading and trailing blank lines; returns the body text and its first/last line. */
export function collapseLines(
  lines: string[],
  from: number,
  to: number,
  /** Cuts lines first..last out of the original text when it is at hand (no copy); else they are joined. */
  source?: BodySource,
): { text: string; first: number; last: number } | null {
  let a = from;
  let b = to - 1;
  while (a <= b && isBlank(lines[a]!)) a++;
  while (b >= a && isBlank(lines[b]!)) b--;
  if (a > b) return null;
  return { text: source ? source.cut(a, b) : a === b ? lines[a]! : lines.slice(a, b + 1).join('\n'), first: a, last: b };
}

const LINK = /\[\[z=([-+0-9eE.]{1,40})(?:\|([^\]\n]{0,400}))?\]\]/g;

/**
 * Cross-plane links on lines [from, to) of a plane, with the reference's bounded grammar
 * (a link never spans lines), resolved against `targets`.
 */
export function scanLinks(lines: string[], from: number, to: number, sourceZ: number, col0: number, targets: LinkTargets): Link[] {
  const out: Link[] = [];
  for (let line = from; line < to; line++) {
    const text = lines[line]!;
    if (!text.includes('[[z=')) continue;
    const c = line === 0 ? col0 : 0;
    LINK.lastIndex = 0;
    for (let m = LINK.exec(text); m; m = LINK.exec(text)) {
      const target = parseFiniteDecimal(m[1]!);
      if (target === null) continue;
      const s = m.index + c;
      out.push(new Link(sourceZ, target, m[1]!, m[2] ?? null, lineRange(line, s, s + m[0].length), lineRange(line, s + 4, s + 4 + m[1]!.length), targets));
    }
  }
  return out;
}
