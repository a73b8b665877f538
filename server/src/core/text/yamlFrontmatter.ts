/**
 * YAML frontmatter of a Markdown file (SKILL.md, AGENT.md), parsed with the `yaml` package so
 * every key and value keeps its source range in the whole document.
 *
 * Two ways to find the block:
 * - `lines`: the opening `---` line and the next line that is exactly `---` (what editors and
 *   most clients do);
 * - `reference`: the Agent Skills Python reference, which needs the text to start with `---`
 *   and ends the frontmatter at the next `---` anywhere, even inside a value.
 */
import { isAlias, isMap, isPair, isScalar, isSeq, Lexer, parseDocument } from 'yaml';
import type { Document, Node as YamlNode, Pair, YAMLMap } from 'yaml';
import { LineIndex } from './text';
import type { Range } from '../types';
import { unlessExpected } from '../analysis/expectedErrors';
import { FRONTMATTER_PARSE, simpleYamlMap } from './simpleYamlMap';

export type FrontmatterSplit = 'lines' | 'reference';

/** A YAML syntax error with its place in the document. */
export interface YamlProblem {
  /** The `yaml` package error code, e.g. `BLOCK_AS_IMPLICIT_KEY`, `DUPLICATE_KEY`. */
  code: string;
  message: string;
  range: Range;
}

/** A strict-YAML feature the Python reference (strictyaml) refuses. */
export interface StrictYamlIssue {
  kind: 'flow' | 'tag' | 'anchor' | 'duplicate-key';
  /** The strictyaml message text. */
  message: string;
  range: Range;
}

/** One `key: value` of a mapping, with ranges in the whole document. */
export interface FrontmatterEntry {
  key: string;
  keyRange: Range;
  /** The value node, null for an empty value (`key:`). */
  node: YamlNode | null;
  /** JS value of the node (strings, arrays, objects; null when empty). */
  value: unknown;
  /** The value's range; an empty range after the colon when the value is empty. */
  valueRange: Range;
  /** From the key's first character to the value's end. */
  pairRange: Range;
}

export interface YamlFrontmatter {
  /** True when an opening fence was found (for `reference`: the text starts with `---`). */
  present: boolean;
  /** True when a closing fence was found. */
  closed: boolean;
  /** The opening and closing fences (closing is undefined when unclosed). */
  openRange: Range;
  closeRange?: Range;
  /** Document offsets of the YAML text (end excludes the closing fence). */
  yamlStart: number;
  yamlEnd: number;
  /** First line of the body: the line after the closing fence (or the line count). */
  bodyStartLine: number;
  /** Document offset where the body begins (right after the closing fence). */
  bodyStart: number;
  /** The parsed document; undefined when no fence was found. */
  doc?: Document.Parsed;
  /** The top-level mapping, when the frontmatter is one. */
  map?: YAMLMap;
  entries: FrontmatterEntry[];
  syntaxErrors: YamlProblem[];
  strictIssues: StrictYamlIssue[];
  index: LineIndex;
  /** The whole document text. */
  text: string;
}

export interface FrontmatterOptions {
  split?: FrontmatterSplit;
  /** `failsafe` keeps every scalar a string (like strictyaml); `core` types numbers and booleans. */
  schema?: 'failsafe' | 'core';
}

const FLOW = "Found ugly disallowed JSONesque flow mapping (surround with ' and ' to make text appear literally)";
const TAG = 'Found disallowed tag tokens (do not specify types in markup)';
const ANCHOR = "Found confusing disallowed anchor token (surround with ' and ' to make text appear literally)";

/** Finds and parses the frontmatter. Never throws. */
export function parseYamlFrontmatter(text: string, options: FrontmatterOptions = {}): YamlFrontmatter {
  const index = new LineIndex(text);
  return parseWithin(text, index, options.split === 'reference' ? referenceBounds(text) : lineBounds(text, index), options);
}

/**
 * The frontmatter split both ways (a SKILL.md is read by the reference and by line-splitting
 * clients), parsed once when the two agree: the first line is `---` and the first `---` anywhere
 * is the closing line. `lines` is then `reference` itself, whose YAML text starts with the first
 * line's line break: a blank line to YAML, so every range in the document is the same.
 */
export function parseYamlFrontmatterBothWays(text: string, options: Omit<FrontmatterOptions, 'split'> = {}): { reference: YamlFrontmatter; lines: YamlFrontmatter } {
  const index = new LineIndex(text);
  const ref = referenceBounds(text);
  const lines = lineBounds(text, index);
  const reference = parseWithin(text, index, ref, options);
  const same = ref !== undefined && lines !== undefined && ref.close !== undefined && lines.close === ref.close;
  return { reference, lines: same ? reference : parseWithin(text, index, lines, options) };
}

function parseWithin(text: string, index: LineIndex, bounds: Bounds | undefined, options: FrontmatterOptions): YamlFrontmatter {
  const r = (a: number, b: number): Range => ({ start: index.positionAt(a), end: index.positionAt(b) });
  const base: YamlFrontmatter = {
    present: bounds !== undefined,
    closed: bounds?.close !== undefined,
    openRange: bounds ? r(bounds.open, bounds.open + 3) : r(0, 0),
    yamlStart: bounds?.start ?? 0,
    yamlEnd: bounds?.end ?? 0,
    bodyStartLine: 0,
    bodyStart: 0,
    entries: [],
    syntaxErrors: [],
    strictIssues: [],
    index,
    text,
  };
  if (!bounds) return base;
  if (bounds.close !== undefined) {
    base.closeRange = r(bounds.close, bounds.close + 3);
    base.bodyStart = bounds.close + 3;
    base.bodyStartLine = index.positionAt(bounds.close).line + 1;
  } else {
    base.bodyStart = text.length;
    base.bodyStartLine = index.lineCount;
  }
  const src = text.slice(bounds.start, bounds.end);
  const off = bounds.start;
  const schema = options.schema ?? 'failsafe';
  // yaml's parseDocument reports bad input in `doc.errors`, it does not throw. The commonest
  // frontmatter (one-line values and lists of them) is composed without its lexer (simpleYamlMap.ts).
  const doc: Document.Parsed = (schema === 'failsafe' ? simpleYamlMap(src) : undefined) ?? parseDocument(src, { ...FRONTMATTER_PARSE, schema });
  base.doc = doc;
  for (const e of doc.errors) {
    base.syntaxErrors.push({ code: e.code, message: firstLine(e.message), range: r(off + e.pos[0], off + Math.max(e.pos[0], e.pos[1])) });
  }
  base.strictIssues = strictIssues(src, off, r, doc);
  if (isMap(doc.contents)) {
    base.map = doc.contents;
    base.entries = mapEntries(
      doc.contents,
      (o) => index.positionAt(off + o),
      (o, m) => trimEnd(text, off, o, m),
    );
  }
  return base;
}

/** The entries of any mapping node from a parsed frontmatter (e.g. `metadata:`). */
export function entriesOf(fm: YamlFrontmatter, node: unknown): FrontmatterEntry[] {
  if (!isMap(node)) return [];
  return mapEntries(
    node,
    (o) => fm.index.positionAt(fm.yamlStart + o),
    (o, m) => trimEnd(fm.text, fm.yamlStart, o, m),
  );
}

/** The document range of any node from a parsed frontmatter. */
export function nodeRange(fm: YamlFrontmatter, node: YamlNode | null | undefined): Range | undefined {
  const rg = node?.range;
  if (!rg) return undefined;
  return { start: fm.index.positionAt(fm.yamlStart + rg[0]), end: fm.index.positionAt(fm.yamlStart + trimEnd(fm.text, fm.yamlStart, rg[1], rg[0])) };
}

/** The JS value of a node: scalars as parsed, collections converted; never throws. */
export function nodeValue(node: unknown): unknown {
  if (node === null || node === undefined) return null;
  try {
    if (isScalar(node)) return node.value;
    if (isAlias(node)) return undefined;
    if (isMap(node) || isSeq(node)) return node.toJSON();
  } catch (e) {
    // yaml refuses to expand aliases past its limit (a "billion laughs" document) with a ReferenceError.
    unlessExpected(e, (x) => x instanceof ReferenceError);
    return undefined;
  }
  return undefined;
}

/** True when the entry's value is a plain, single- or double-quoted string scalar. */
export function isStringNode(node: YamlNode | null): boolean {
  return isScalar(node) && typeof node.value === 'string';
}

type Src = { range?: [number, number, number] | null } | null | undefined;

/** Collection ranges run through the trailing line break; ranges end at the last visible character. */
function trimEnd(text: string, off: number, end: number, min = 0): number {
  let e = end;
  while (e > min && /\s/.test(text[off + e - 1] ?? '')) e--;
  return e;
}

function mapEntries(map: YAMLMap, at: (srcOffset: number) => Range['start'], trim: (srcOffset: number, min: number) => number): FrontmatterEntry[] {
  const nr = (n: Src): Range | undefined => (n?.range ? { start: at(n.range[0]), end: at(trim(n.range[1], n.range[0])) } : undefined);
  const out: FrontmatterEntry[] = [];
  for (const item of map.items as Pair[]) {
    if (!isPair(item)) continue;
    const keyNode = item.key as YamlNode | null;
    const keyRange = nr(keyNode as Src);
    if (!keyRange) continue;
    const key = isScalar(keyNode) ? String(keyNode.value) : String(nodeValue(keyNode));
    const vNode = (item.value as YamlNode | null) ?? null;
    let valueRange = nr(vNode as Src);
    // An empty value still gets a place: just after the `key:` colon.
    if (!valueRange || (vNode?.range && vNode.range[0] === vNode.range[1])) {
      const tok = (item as unknown as { srcToken?: { sep?: { type: string; offset: number }[] } }).srcToken;
      const colon = tok?.sep?.find((t) => t.type === 'map-value-ind');
      const p = colon ? at(colon.offset + 1) : keyRange.end;
      valueRange = { start: p, end: p };
    }
    out.push({
      key,
      keyRange,
      node: vNode,
      value: nodeValue(vNode),
      valueRange,
      pairRange: { start: keyRange.start, end: valueRange.end },
    });
  }
  return out;
}

interface Bounds {
  open: number;
  start: number;
  end: number;
  close?: number;
}

function lineBounds(text: string, index: LineIndex): Bounds | undefined {
  const firstEnd = lineEnd(text, 0);
  if (text.slice(0, firstEnd).replace(/\r$/, '').trimEnd() !== '---') return undefined;
  const start = Math.min(text.length, firstEnd + 1);
  let at = start;
  for (let line = 1; line < index.lineCount; line++) {
    const end = lineEnd(text, at);
    if (text.slice(at, end).replace(/\r$/, '').trimEnd() === '---') return { open: 0, start, end: at, close: at };
    at = end + 1;
  }
  return { open: 0, start, end: text.length };
}

function referenceBounds(text: string): Bounds | undefined {
  if (!text.startsWith('---')) return undefined;
  const close = text.indexOf('---', 3);
  return close < 0 ? { open: 0, start: 3, end: text.length } : { open: 0, start: 3, end: close, close };
}

function lineEnd(text: string, from: number): number {
  const i = text.indexOf('\n', from);
  return i < 0 ? text.length : i;
}

function firstLine(s: string): string {
  const i = s.indexOf('\n');
  return i < 0 ? s : s.slice(0, i);
}

/** Flow collections, tags and anchors come from the lexer, so each gets its exact token range. */
function strictIssues(src: string, off: number, r: (a: number, b: number) => Range, doc: Document.Parsed): StrictYamlIssue[] {
  const out: StrictYamlIssue[] = [];
  let at = 0;
  let depth = 0;
  // Each token looked for starts with one of these characters: without them, nothing to lex.
  const tokens = /[{[!&]/.test(src) ? new Lexer().lex(src) : [];
  for (const tok of tokens) {
    const c = tok.charCodeAt(0);
    // Control tokens (document, scalar, flow-error-end markers) take no source text.
    if (tok.length === 1 && (c === 0x02 || c === 0x18 || c === 0x1f)) continue;
    if (tok === '{' || tok === '[') {
      if (depth === 0) out.push({ kind: 'flow', message: FLOW, range: r(off + at, off + at + 1) });
      depth++;
    } else if ((tok === '}' || tok === ']') && depth > 0) depth--;
    else if (c === 0x21 /* ! */) out.push({ kind: 'tag', message: TAG, range: r(off + at, off + at + tok.length) });
    else if (c === 0x26 /* & */) out.push({ kind: 'anchor', message: ANCHOR, range: r(off + at, off + at + tok.length) });
    at += tok.length;
  }
  for (const e of doc.errors) {
    if (e.code !== 'DUPLICATE_KEY') continue;
    const key = src.slice(e.pos[0]).split(/[:\n]/)[0]!.trim();
    out.push({ kind: 'duplicate-key', message: `Duplicate key '${key}' found`, range: r(off + e.pos[0], off + e.pos[0] + Math.max(1, key.length)) });
  }
  return out;
}
