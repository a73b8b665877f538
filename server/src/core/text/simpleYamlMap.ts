/**
 * The commonest frontmatter, composed without the `yaml` package's lexer and parser: a block
 * mapping whose keys are plain words and whose values are one-line scalars (plain, or quoted
 * with a few escapes at most) or lists of them (`key:`, then `- value` lines at one indent); no
 * block scalars, nested maps, flow collections, comments, anchors, tags or empty values. About
 * two thirds of the frontmatters in the precision corpus are that, and the package's lexer and
 * parser took about an eighth of the CPU time of a `check` of real-size skills (docs/performance.md).
 *
 * The result is the `Document` that `parseDocument(src, { schema: 'failsafe', keepSourceTokens:
 * true, uniqueKeys: true })` returns for such a text, made of the package's own classes with the
 * same values, types and ranges (test/unit/simpleYamlMap.test.ts compares them on generated texts
 * and every frontmatter of the fixtures), except the source tokens, which only an empty value's
 * place is read from. Anything else is undefined: the caller parses it with the package.
 */
import { Document, Pair, Scalar, YAMLMap, YAMLSeq } from 'yaml';

/** How frontmatter is parsed (yamlFrontmatter.ts), with the schema: this path makes what the failsafe one gives. */
export const FRONTMATTER_PARSE = { keepSourceTokens: true, prettyErrors: false, uniqueKeys: true } as const;
const OPTIONS = { ...FRONTMATTER_PARSE, schema: 'failsafe' } as const;

/** Longest text tried: a longer one goes to the package, which knows every limit (1,024-character keys, say). */
const MAX_LENGTH = 16 * 1024;

type Value = Scalar<string> | YAMLSeq<Scalar<string>>;

/** The document of a simple frontmatter (see above) in the failsafe schema, or undefined. */
export function simpleYamlMap(src: string): Document.Parsed | undefined {
  if (src.length > MAX_LENGTH) return undefined;
  const map = new YAMLMap<Scalar<string>, Value>();
  const keys = new Set<string>();
  let blankBefore = false;
  let end = -1;
  // The list a `key:` line opens, and the indent of its `- ` lines (all the same).
  let list: { seq: YAMLSeq<Scalar<string>>; indent?: number; dash?: number } | undefined;
  // A list's range runs from its first `-` to the end of its last item, as the package gives it.
  const close = () => (list!.seq.range = [list!.dash!, end, end]);
  for (let at = 0; at <= src.length;) {
    const nl = src.indexOf('\n', at);
    const lineEnd = nl < 0 ? src.length : nl;
    if (lineEnd === at) {
      // A blank line before a list's first item is left to the package.
      if (list?.seq.items.length === 0) return undefined;
      blankBefore = map.items.length > 0;
    } else {
      const item = list && listItem(src, at, lineEnd, list.indent);
      if (list && item) {
        list.indent ??= item.indent;
        list.dash ??= item.dash;
        if (blankBefore) item.value.spaceBefore = true;
        list.seq.items.push(item.value);
        end = item.value.range![2];
      } else {
        if (list?.seq.items.length === 0) return undefined;
        if (list) close();
        list = undefined;
        const pair = simplePair(src, at, lineEnd) ?? listPair(src, at, lineEnd);
        if (pair === undefined || keys.has(pair.key.value)) return undefined;
        keys.add(pair.key.value);
        if (blankBefore) pair.key.spaceBefore = true;
        map.items.push(pair);
        if (pair.value instanceof YAMLSeq) list = { seq: pair.value };
        else end = pair.value!.range![2];
      }
      blankBefore = false;
    }
    if (nl < 0) break;
    at = nl + 1;
  }
  if (map.items.length === 0 || list?.seq.items.length === 0) return undefined;
  if (list) close();
  const start = map.items[0]!.key.range![0];
  map.range = [start, end, end];
  const doc = new Document(undefined, OPTIONS) as Document.Parsed;
  // Every node has its range, as the package's `Parsed` types promise.
  doc.contents = map as unknown as YAMLMap.Parsed;
  doc.range = [start, end, src.length];
  return doc;
}

/** A `key:` line with nothing after the colon: the key of a list that the next lines hold. */
function listPair(src: string, at: number, lineEnd: number): Pair<Scalar<string>, Value> | undefined {
  const colon = keyEnd(src, at, lineEnd);
  if (colon < 0 || colon + 1 !== lineEnd) return undefined;
  const seq = new YAMLSeq<Scalar<string>>();
  return new Pair(scalar(src.slice(at, colon), Scalar.PLAIN, at, colon, colon), seq);
}

/** A `- value` line of a list, indented as its other items (`indent`, when known). */
function listItem(src: string, at: number, lineEnd: number, indent: number | undefined): { value: Scalar<string>; indent: number; dash: number } | undefined {
  let dash = at;
  while (dash < lineEnd && src.charCodeAt(dash) === 0x20) dash++;
  if ((indent !== undefined && dash - at !== indent) || src.charCodeAt(dash) !== 0x2d || src.charCodeAt(dash + 1) !== 0x20) return undefined;
  const value = lineValue(src, dash + 1, lineEnd);
  return value && { value, indent: dash - at, dash };
}

/** One `key: value` line from `at` to `lineEnd` (its line break excluded), or undefined when it is anything else. */
function simplePair(src: string, at: number, lineEnd: number): Pair<Scalar<string>, Value> | undefined {
  const colon = keyEnd(src, at, lineEnd);
  if (colon < 0 || src.charCodeAt(colon + 1) !== 0x20) return undefined;
  const value = lineValue(src, colon + 1, lineEnd);
  return value && new Pair(scalar(src.slice(at, colon), Scalar.PLAIN, at, colon, colon), value);
}

/** The value after a separator's space at `from`: a plain or quoted scalar up to the line's end, its trailing spaces aside. */
function lineValue(src: string, from: number, lineEnd: number): Scalar<string> | undefined {
  let valueStart = from;
  while (valueStart < lineEnd && src.charCodeAt(valueStart) === 0x20) valueStart++;
  let valueEnd = lineEnd;
  while (valueEnd > valueStart && src.charCodeAt(valueEnd - 1) === 0x20) valueEnd--;
  if (valueEnd === valueStart) return undefined;
  const nodeEnd = lineEnd < src.length ? lineEnd + 1 : lineEnd;
  return (
    quotedValue(src, valueStart, valueEnd, nodeEnd) ??
    (plainValue(src, valueStart, valueEnd) ? scalar(src.slice(valueStart, valueEnd), Scalar.PLAIN, valueStart, valueEnd, nodeEnd) : undefined)
  );
}

/** The escapes of a double-quoted value this path reads (any other is left to the package). */
const ESCAPES = new Map([
  [0x22, '"'],
  [0x5c, '\\'],
  [0x2f, '/'],
  [0x6e, '\n'],
  [0x74, '\t'],
]);

/**
 * A one-line single- or double-quoted value: no quote of its kind inside (in double quotes, one
 * escaped as `\"`, and the escapes `\\`, `\/`, `\n`, `\t`), nothing after the closing quote.
 */
function quotedValue(src: string, start: number, end: number, nodeEnd: number): Scalar<string> | undefined {
  const q = src.charCodeAt(start);
  if ((q !== 0x22 && q !== 0x27) || end - start < 2 || src.charCodeAt(end - 1) !== q) return undefined;
  let text = '';
  let from = start + 1;
  for (let i = start + 1; i < end - 1; i++) {
    const c = src.charCodeAt(i);
    if (c === q || !printable(c)) return undefined;
    if (q === 0x22 && c === 0x5c) {
      const escaped = ESCAPES.get(src.charCodeAt(i + 1));
      // An escape may not take the closing quote (`"a\"` is unclosed).
      if (escaped === undefined || i + 1 >= end - 1) return undefined;
      text += src.slice(from, i) + escaped;
      from = ++i + 1;
    }
  }
  text += src.slice(from, end - 1);
  return scalar(text, q === 0x22 ? Scalar.QUOTE_DOUBLE : Scalar.QUOTE_SINGLE, start, end, nodeEnd);
}

/** Where the key's colon is: a word of letters, digits, `_` and `-` not starting with `-`; -1 otherwise. */
function keyEnd(src: string, at: number, lineEnd: number): number {
  let i = at;
  for (; i < lineEnd; i++) {
    const c = src.charCodeAt(i);
    const letter = (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x5f;
    if (!(letter || (i > at && ((c >= 0x30 && c <= 0x39) || c === 0x2d)))) break;
  }
  // The package refuses implicit keys past 1,024 characters: long ones are left to it.
  return i > at && i - at <= 128 && src.charCodeAt(i) === 0x3a ? i : -1;
}

/** Characters that may not start a plain value here (YAML indicators, and a few this path leaves to the package). */
const FIRST = new Set([...'-?:,[]{}#&*!|>\'"%@`'].map((c) => c.charCodeAt(0)));

/** True when `src[start, end)` is a one-line plain scalar whose value is its text, as the package reads it in a block mapping. */
function plainValue(src: string, start: number, end: number): boolean {
  if (FIRST.has(src.charCodeAt(start))) return false;
  for (let i = start; i < end; i++) {
    const c = src.charCodeAt(i);
    if (!printable(c)) return false;
    // `: ` (or a final `:`) would start a mapping, ` #` a comment.
    if (c === 0x3a && (i + 1 === end || src.charCodeAt(i + 1) === 0x20)) return false;
    if (c === 0x23 && src.charCodeAt(i - 1) === 0x20) return false;
  }
  return true;
}

/** Printable characters only: no tabs or controls, no byte-order mark, line separator or surrogate (left to the package). */
function printable(c: number): boolean {
  return !(c < 0x20 || (c >= 0x7f && c < 0xa0) || (c >= 0xd800 && c < 0xe000) || c >= 0xfffe || c === 0xfeff || c === 0x2028 || c === 0x2029);
}

function scalar(text: string, type: Scalar.Type, start: number, valueEnd: number, nodeEnd: number): Scalar<string> {
  const s = new Scalar(text);
  s.range = [start, valueEnd, nodeEnd];
  s.source = text;
  s.type = type;
  return s;
}
