/**
 * The agent3md/1 model over a parsed 3md document: identity, skills, typed inputs, the tool
 * template and dependency links, each with its source range.
 */
import { lineRange, type Range } from '../types';
import { isQuoted } from '../threemd/lexical';
import { Attribute, type FrontmatterField } from '../threemd/syntax';
import { type ThreeMdDocument } from '../threemd/document';
import { Directive, Plane, type PlaneSource } from '../threemd/plane';
import { EMPTY_ZS } from '../threemd/link';
import { memoized } from './memo';
import { directiveSplice } from './directiveSplice';
import { Vec } from '../threemd/vector';

export const INPUT_TYPES = ['string', 'number', 'boolean', 'object', 'array'] as const;

/** A piece of an attribute value with its range in the source (made on demand). */
export class Span {
  constructor(
    readonly text: string,
    readonly line: number,
    readonly start: number,
    readonly end: number,
  ) {}

  get range(): Range {
    return lineRange(this.line, this.start, this.end);
  }
}

export class InputDecl {
  constructor(
    readonly name: string,
    /** Lowercased type; `string` when none was written. */
    readonly type: string,
    readonly required: boolean,
    readonly nameSpan: Span,
    /** The written type, or null when the item is a bare name. */
    readonly typeSpan: Span | null,
    /** The whole item. */
    readonly itemSpan: Span,
  ) {}

  get nameRange(): Range {
    return this.nameSpan.range;
  }

  get range(): Range {
    return this.itemSpan.range;
  }
}

/** One `[[z=N…]]` dependency link. Positions are numbers; ranges are made on demand (a link may span lines: its text may). */
export class Dependency {
  constructor(
    readonly z: number,
    /** Where the `[[` is. */
    readonly line: number,
    readonly start: number,
    /** Where the link ends (after the `]]`). */
    readonly endLine: number,
    readonly end: number,
    /** How long the written `N` is (it follows `[[z=` on the first line). */
    readonly targetLength: number,
  ) {}

  /** The whole `[[z=N…]]`. */
  get range(): Range {
    return { start: { line: this.line, character: this.start }, end: { line: this.endLine, character: this.end } };
  }

  get targetRange(): Range {
    return lineRange(this.line, this.start + 4, this.start + 4 + this.targetLength);
  }

  /** The same link `n` lines down. */
  moved(n: number): Dependency {
    return new Dependency(this.z, this.line + n, this.start, this.endLine + n, this.end, this.targetLength);
  }
}

export interface Skill {
  readonly plane: Plane;
  readonly z: number;
  /** The runtime name: the raw label, or `skill-<z>` when there is none. */
  readonly name: string;
  readonly triggers: Span[];
  readonly inputs: InputDecl[];
  /** Trimmed tool template, or null when absent or empty. */
  readonly tool: string | null;
  readonly binary: Span | null;
  readonly placeholders: Span[];
  readonly cost: string | null;
  readonly deps: Dependency[];
}

export interface AgentModel {
  doc: ThreeMdDocument;
  /** The runtime's identity: the first `kind=identity` plane, else the first plane. */
  identity: Plane | undefined;
  explicitIdentities: Plane[];
  /** Every plane the validator treats as a skill (all non-identity planes), in source order (built on first use). */
  readonly skills: Skill[];
  /** Indexes (into `doc.planes`) of the planes the validator treats as the identity: every `kind=identity`, else the first. */
  identityIndexes: Set<number>;
  /** Frontmatter `tools` as a list. */
  tools: Span[];
  field(key: string): FrontmatterField | undefined;
}

/** Last frontmatter field with exactly this key (case-sensitive, as the agent layer reads it). */
export function fieldOf(doc: ThreeMdDocument, key: string, caseInsensitive = false): FrontmatterField | undefined {
  const fs = doc.frontmatter.fields;
  for (let i = fs.length - 1; i >= 0; i--) {
    const k = fs[i]!.key;
    if (k === key || (caseInsensitive && k.toLowerCase() === key)) return fs[i];
  }
  return undefined;
}

export function attributeOf(plane: Plane, key: string): Attribute | undefined {
  // The header knows which keys the line has: the attribute objects are read only for those.
  if (!plane.directive || !hasAttribute(plane, key)) return undefined;
  const as = plane.directive.attributes;
  if (!as) return undefined;
  for (let i = as.length - 1; i >= 0; i--) if (as[i]!.key === key) return as[i];
  return undefined;
}

/** True when the plane's directive has an attribute with this (lowercase) key. */
function hasAttribute(plane: Plane, key: string): boolean {
  if (key === 'label') return plane.label !== null;
  if (key === 'z') return true;
  if (key === 'x') return plane.x !== null;
  if (key === 'y') return plane.y !== null;
  return plane.attributes[key] !== undefined;
}

/** Maps an offset in an attribute's unquoted value to a column in the source line (O(1) after the first call). */
export function valueColumn(attr: Attribute, offset: number): number {
  const start = attr.quoted ? attr.eq + 2 : attr.eq + 1;
  if (!attr.quoted) return start + offset;
  const table = attr.escapeColumns();
  if (table.length === 0) return start + offset;
  return start + table[Math.min(offset, table.length - 1)]!;
}

function spanIn(attr: Attribute, from: number, to: number, text: string): Span {
  return new Span(text, attr.line, valueColumn(attr, from), valueColumn(attr, to));
}

/** Trimmed, non-empty comma-separated items of a value, with their offsets. */
export function csvItems(v: string): { text: string; offset: number }[] {
  const out: { text: string; offset: number }[] = [];
  let start = 0;
  for (let i = 0; i <= v.length; i++) {
    if (i < v.length && v[i] !== ',') continue;
    let a = start;
    let b = i;
    while (a < b && /\s/.test(v[a]!)) a++;
    while (b > a && /\s/.test(v[b - 1]!)) b--;
    if (b > a) out.push({ text: v.slice(a, b), offset: a });
    start = i + 1;
  }
  return out;
}

/** Splits a CSV attribute value into trimmed, non-empty items with their ranges. */
export function csvSpans(attr: Attribute | undefined): Span[] {
  if (!attr) return [];
  return csvItems(attr.value).map((it) => spanIn(attr, it.offset, it.offset + it.text.length, it.text));
}

/**
 * A frontmatter field seen as an attribute, so value offsets map to columns the same way. Its
 * `eq` is placed just before the value (only the value's columns are read from it).
 */
function fieldAsAttribute(f: FrontmatterField): Attribute {
  const r = f.valueRange;
  // The raw value is read at the value's columns of the source text given: here, the value itself put at its column.
  return new Attribute(
    f.key,
    f.value,
    f.raw.padStart(r.start.character + f.raw.length),
    f.line,
    f.keyRange.start.character,
    r.start.character - 1,
    r.end.character,
    isQuoted(f.raw),
  );
}

/**
 * The input grammar shared by the validator, the runtime and the index: each item of an
 * `inputs` value as its name, type and whether it is required, with the offsets of its name,
 * its written type (-1 when none) and the item.
 */
function readInputs(
  value: string,
  visit: (name: string, type: string, required: boolean, nameAt: number, written: string, writtenAt: number, item: { text: string; offset: number }) => void,
): void {
  for (const item of csvItems(value)) {
    let text = item.text;
    let required = true;
    if (text.endsWith('?')) {
      required = false;
      text = text.slice(0, -1).trimEnd();
    }
    const colon = text.indexOf(':');
    const left = colon < 0 ? text : text.slice(0, colon);
    const name = left.trim();
    if (!name) continue;
    const nameAt = item.offset + left.indexOf(name);
    let written = '';
    let writtenAt = -1;
    if (colon >= 0) {
      const right = text.slice(colon + 1);
      written = right.trim();
      if (written) writtenAt = item.offset + colon + 1 + right.indexOf(written);
    }
    visit(name, writtenAt < 0 ? 'string' : written.toLowerCase(), required, nameAt, written, writtenAt, item);
  }
}

/** The typed inputs of an `inputs` attribute, with their ranges. */
export function parseInputs(attr: Attribute | undefined): InputDecl[] {
  if (!attr) return [];
  const out: InputDecl[] = [];
  readInputs(attr.value, (name, type, required, nameAt, written, writtenAt, item) => {
    const typeSpan = writtenAt < 0 ? null : spanIn(attr, writtenAt, writtenAt + written.length, written);
    out.push(new InputDecl(name, type, required, spanIn(attr, nameAt, nameAt + name.length, name), typeSpan, spanIn(attr, item.offset, item.offset + item.text.length, item.text)));
  });
  return out;
}

/**
 * A skill's inputs as the index and the export show them (name, type, required), read from its
 * header: what `skill.inputs` gives without an attribute object or a range per input.
 */
export function inputSchema(plane: Plane): { name: string; type: string; required: boolean }[] {
  const value = plane.directive ? plane.attributes['inputs'] : undefined;
  if (value === undefined) return [];
  const out: { name: string; type: string; required: boolean }[] = [];
  readInputs(value, (name, type, required) => out.push({ name, type, required }));
  return out;
}

/** A skill's trigger phrases as text, read from its header: what `skill.triggers` gives, without a span per phrase. */
export function triggerTexts(plane: Plane): string[] {
  const value = plane.directive ? plane.attributes['triggers'] : undefined;
  return value === undefined ? [] : csvItems(value).map((t) => t.text);
}

const PLACEHOLDER = /\{([a-zA-Z_]\w*)\}/g;
const AGENT_LINK = /\[\[z=(\d+)(?:\|[^\]]*)?\]\]/g;

/** The names of a tool template's `{name}` placeholders, every occurrence, in order: what `placeholderSpans` gives, without ranges. */
export function placeholderTexts(tool: string): string[] {
  const out: string[] = [];
  PLACEHOLDER.lastIndex = 0;
  for (let m = PLACEHOLDER.exec(tool); m; m = PLACEHOLDER.exec(tool)) out.push(m[1]!);
  return out;
}

/** `{name}` placeholders of a tool attribute, every occurrence, with ranges. */
export function placeholderSpans(attr: Attribute | undefined): Span[] {
  if (!attr) return [];
  const v = attr.value;
  const lead = v.length - v.trimStart().length;
  const t = v.trim();
  const out: Span[] = [];
  PLACEHOLDER.lastIndex = 0;
  for (let m = PLACEHOLDER.exec(t); m; m = PLACEHOLDER.exec(t)) {
    const a = lead + m.index;
    out.push(spanIn(attr, a + 1, a + m[0].length - 1, m[1]!));
  }
  return out;
}

declare module '../threemd/plane' {
  interface SourceMemo {
    /** The plane's dependency links at its own line numbers (the directive on line 0). */
    deps?: Dependency[];
  }
  interface ViewMemo {
    deps?: Dependency[];
    skill?: Skill;
  }
}

const NO_DEPENDENCIES: Dependency[] = Object.freeze([]) as unknown as Dependency[];
const NO_TARGETS: number[] = Object.freeze([]) as unknown as number[];

/**
 * The plane of `source` on line 0: what a source's own facts are computed on (its positions are
 * the source's own). Made anew on each call and not kept: the results computed on it are kept on
 * the source, and a kept view per plane (with its directive, memo and skill) was a tenth of what
 * a large agent's analysis left for the collector to trace.
 */
export function planeAtZero(source: PlaneSource): Plane {
  const d = new Directive(source.segments[0]!, 0, source.lineCount, false);
  const p = new Plane(source, 0, d, EMPTY_ZS);
  d.plane = p;
  return p;
}

function sourceMemo(source: PlaneSource) {
  return (source.memo ??= {});
}

/** The agent layer's dependency links (unsigned integer targets only), anywhere in the body. */
export function dependencies(plane: Plane): Dependency[] {
  const memo = (plane.memo ??= {});
  if (memo.deps) return memo.deps;
  // The implicit plane of the single-plane shorthand is read where it is (it is never shared).
  if (!plane.directive) return (memo.deps = scanDependencies(plane.body, plane.bodyRange?.start));
  const own = ownDependencies(plane.source);
  const n = plane.line;
  return (memo.deps = n === 0 || own.length === 0 ? own : own.map((d) => d.moved(n)));
}

/** A source's dependency links, at its own line numbers, computed once. */
function ownDependencies(source: PlaneSource): Dependency[] {
  const memo = sourceMemo(source);
  if (memo.deps) return memo.deps;
  const body = source.body;
  // The body of a source on line 0 starts at column 0 of its first non-blank line.
  return (memo.deps = !body || !body.text.includes('[[z=') ? NO_DEPENDENCIES : scanDependencies(body.text, { line: body.first, character: 0 }));
}

/**
 * A plane's dependency links in the frame its 3md links are kept in: a directive's plane, its
 * source's (own line numbers, as `source.links`); the shorthand's implicit plane, where it is.
 */
export function ownDependencyLinks(plane: Plane): readonly Dependency[] {
  return plane.directive ? ownDependencies(plane.source) : dependencies(plane);
}

/** The z values a plane's dependency links name, in body order. */
export function dependencyTargets(plane: Plane): readonly number[] {
  const deps = ownDependencyLinks(plane);
  return deps.length ? deps.map((d) => d.z) : NO_TARGETS;
}

/** The dependency links of a body whose first character is at `at`. */
function scanDependencies(body: string, at: { line: number; character: number } | undefined): Dependency[] {
  if (!at || !body.includes('[[z=')) return [];
  // Offsets become positions by walking the line breaks forward (a match may span lines); the
  // four offsets of each match are asked for in increasing order, so the whole scan is linear.
  let line = at.line;
  let lineStart = -at.character;
  let nextBreak = body.indexOf('\n');
  const to = (o: number) => {
    for (; nextBreak >= 0 && nextBreak < o; nextBreak = body.indexOf('\n', nextBreak + 1)) {
      line++;
      lineStart = nextBreak + 1;
    }
  };
  const out: Dependency[] = [];
  AGENT_LINK.lastIndex = 0;
  for (let m = AGENT_LINK.exec(body); m; m = AGENT_LINK.exec(body)) {
    to(m.index);
    const startLine = line;
    const start = m.index - lineStart;
    to(m.index + m[0].length);
    out.push(new Dependency(Number(m[1]), startLine, start, line, m.index + m[0].length - lineStart, m[1]!.length));
  }
  // A copy of its own length: a list grown by push keeps room for 17 entries, and most planes have one or two links.
  return out.slice();
}

/**
 * The skill view of one plane. Triggers are read on first use and kept (routing indexes them);
 * inputs, placeholders and the binary are read anew on each access, because a check reads them
 * once and a large agent would otherwise keep hundreds of thousands of small objects alive.
 */
class PlaneSkill implements Skill {
  readonly z: number;
  readonly name: string;
  readonly tool: string | null;
  readonly cost: string | null;
  #triggers: Span[] | undefined;

  constructor(readonly plane: Plane) {
    this.z = plane.z;
    this.name = plane.label ?? `skill-${plane.z}`;
    const tool = plane.attributes['tool'];
    this.tool = tool === undefined ? null : tool.trim() || null;
    this.cost = plane.attributes['cost'] ?? null;
  }

  get triggers(): Span[] {
    return (this.#triggers ??= csvSpans(attributeOf(this.plane, 'triggers')));
  }

  get inputs(): InputDecl[] {
    return parseInputs(attributeOf(this.plane, 'inputs'));
  }

  /** The tool's first word (the binary it runs), or null without a tool. */
  get binary(): Span | null {
    const attr = attributeOf(this.plane, 'tool');
    if (!attr || !this.tool) return null;
    const lead = attr.value.length - attr.value.trimStart().length;
    const name = /^\S+/.exec(this.tool)![0];
    return spanIn(attr, lead, lead + name.length, name);
  }

  get placeholders(): Span[] {
    return placeholderSpans(attributeOf(this.plane, 'tool'));
  }

  get deps(): Dependency[] {
    return dependencies(this.plane);
  }
}

/** The skill view of one plane (kept per plane object: unchanged planes are not re-read). */
export function skillOf(plane: Plane): Skill {
  const memo = (plane.memo ??= {});
  return (memo.skill ??= new PlaneSkill(plane));
}

/** Frontmatter `tools` as a list of binaries with ranges. */
export function toolsOf(doc: ThreeMdDocument): Span[] {
  const f = fieldOf(doc, 'tools');
  return f ? csvSpans(fieldAsAttribute(f)) : [];
}

/** Indexes of the `kind=identity` planes (found again only when some directive's kind, or which directives make planes, changed). */
function explicitIdentityIndexes(doc: ThreeMdDocument): readonly number[] {
  const st = doc.structure;
  const identity = (s: PlaneSource) => s.header.attributes['kind'] === 'identity';
  const same = (a: PlaneSource | null, b: PlaneSource | null) => a !== null && b !== null && identity(a) === identity(b);
  return memoized(
    st,
    'identities',
    st?.sources ?? Vec.EMPTY,
    [st?.duplicate],
    same,
    () => {
      const explicit: number[] = [];
      for (let i = 0; i < doc.planes.length; i++) if (doc.planes[i]!.attributes['kind'] === 'identity') explicit.push(i);
      return explicit;
    },
    undefined,
    // Directives added or removed, none of them an identity (before or after): the others' indexes shift.
    (old, _splice, oldKeys, oldExtra) => {
      const ds = directiveSplice(doc, oldKeys, oldExtra[0]);
      if (!ds || ds.oldPlanes.some(identity) || ds.newPlanes.some(identity)) return undefined;
      const after = ds.planeAt + ds.planesRemoved;
      return old.map((i) => (i >= after ? i + ds.planesAdded - ds.planesRemoved : i));
    },
  );
}

/** Builds the agent model of a document (whatever its classification). */
export function buildAgent(doc: ThreeMdDocument): AgentModel {
  const explicit = explicitIdentityIndexes(doc);
  const explicitIdentities = explicit.map((i) => doc.planeList.get(i)!);
  const identityIndexes = new Set<number>(explicit.length ? explicit : doc.planeList.length ? [0] : []);
  let skills: Skill[] | undefined;
  return {
    doc,
    identity: explicitIdentities[0] ?? doc.planeList.get(0),
    explicitIdentities,
    get skills() {
      return (skills ??= doc.planes.filter((_, i) => !identityIndexes.has(i)).map(skillOf));
    },
    identityIndexes,
    tools: toolsOf(doc),
    field: (key) => fieldOf(doc, key),
  };
}
