/**
 * world.json as a model with ranges: every agent, node, edge and reference keeps the range of
 * its JSON key or value so diagnostics, navigation and rename can point at it. Tolerant of
 * any input (wrong types are simply absent from the model); last duplicate key wins, as in
 * JSON.parse.
 */
import { printParseErrorCode, type Node, type NodeType, type ParseError } from 'jsonc-parser';
import { boundedParseTree, MAX_DOCUMENT_DEPTH } from '../text/jsonDepth';
import { strictTape, tapeOfTree, type Tape } from './jsonTape';
import { LineIndex } from '../text/text';
import type { Range } from '../types';
import { buildAliasMap, type AliasMap } from './mentions';
import { DEFAULT_STOP_TOKEN } from './patterns';
import { dirnameUri, projectUriOf, resolvePromptPath, type PromptTarget } from './paths';

/** A string value in the JSON with the range of its token (quotes included) and its contents. */
export interface StrRef {
  value: string;
  /** The whole string token, quotes included (diagnostics). */
  range: Range;
  /** The characters between the quotes (navigation, rename). */
  inner: Range;
}

/** Any JSON value with the range of its key and of its value. */
export interface Field {
  value: unknown;
  keyRange: Range;
  range: Range;
  node: Node;
  /** `node.type`, without making the node. */
  type: NodeType;
}

export interface WorldNode {
  id: string;
  keyRange: Range;
  keyInner: Range;
  range: Range;
  agent?: StrRef;
  /** The `agent` property, present even when its value is not a string. */
  agentField?: Field;
  requires: StrRef[];
  requiresField?: Field;
  instruction?: string;
  /** Keys of the node object, for the forbidden-field rule. */
  fields: Map<string, Field>;
}

export interface WorldEdge {
  /** Node id or `human`. */
  source: string;
  keyRange: Range;
  keyInner: Range;
  field: Field;
  targets: StrRef[];
}

export interface WorldAgent {
  id: string;
  keyRange: Range;
  keyInner: Range;
  range: Range;
  name?: StrRef;
  role?: string;
  promptPath?: StrRef;
  /** Where promptPath points (undefined when absent). */
  prompt?: PromptTarget;
  fields: Map<string, Field>;
}

export interface WorldSyntaxError {
  message: string;
  range: Range;
}

export interface WorldModel {
  uri: string;
  /** The folder holding world.json (promptPath base). */
  dirUri: string;
  /** The project folder (parent of `.agent-world/`). */
  projectUri: string;
  text: string;
  index: LineIndex;
  root?: Node;
  syntaxErrors: WorldSyntaxError[];
  duplicateKeys: { key: string; range: Range }[];
  /** Top-level properties of the root object, of `world`, `workflow` and `routing`. */
  top: Map<string, Field>;
  world: Map<string, Field>;
  workflow: Map<string, Field>;
  routing: Map<string, Field>;
  type?: StrRef;
  entry?: StrRef;
  entryAgent?: StrRef;
  worldEntryAgent?: StrRef;
  mainAgent?: StrRef;
  noMentionFromHumanGoesTo?: StrRef;
  /** Effective stop token: routing.stopToken, then world.stopToken, then the default. */
  stopToken: string;
  nodes: Map<string, WorldNode>;
  edges: Map<string, WorldEdge>;
  agents: Map<string, WorldAgent>;
  /** True when `agents` is the legacy array form (agents were still read from it). */
  agentsIsArray: boolean;
  aliases: AliasMap;
}

/**
 * Parses world.json text into the model. Never throws. `viaJsonc` reads even plain JSON through
 * jsonc-parser, the path every other text takes (the differential test compares the two).
 */
export function parseWorld(text: string, uri: string, viaJsonc = false): WorldModel {
  const index = new LineIndex(text);
  const errors: ParseError[] = [];
  // Plain JSON as rows (jsonTape.ts); anything else through jsonc-parser, its errors and all.
  let tape = viaJsonc ? undefined : strictTape(text, MAX_DOCUMENT_DEPTH);
  let tooDeepAt = -1;
  if (!tape) {
    const parsed = boundedParseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
    tooDeepAt = parsed.tooDeepAt;
    if (parsed.root) tape = tapeOfTree(text, parsed.root);
  }
  const rangeOf = (offset: number, length: number): Range => ({ start: index.positionAt(offset), end: index.positionAt(offset + length) });
  const model: WorldModel = {
    uri,
    dirUri: dirnameUri(uri),
    projectUri: projectUriOf(uri),
    text,
    index,
    syntaxErrors:
      tooDeepAt !== -1
        ? [{ message: `nested deeper than ${MAX_DOCUMENT_DEPTH} levels of arrays and objects: the file is not analysed`, range: rangeOf(tooDeepAt, 1) }]
        : errors.map((e) => ({ message: printParseErrorCode(e.error), range: rangeOf(e.offset, Math.max(e.length, 1)) })),
    duplicateKeys: [],
    top: new Map(),
    world: new Map(),
    workflow: new Map(),
    routing: new Map(),
    stopToken: DEFAULT_STOP_TOKEN,
    nodes: new Map(),
    edges: new Map(),
    agents: new Map(),
    agentsIsArray: false,
    aliases: new Map(),
  };
  if (!tape) return model;
  model.root = tape.node(0);
  const ctx: Ctx = { index, dup: model.duplicateKeys, tape };
  model.top = props(ctx, 0);
  model.world = props(ctx, rowOf(model.top.get('world')));
  model.workflow = props(ctx, rowOf(model.top.get('workflow')));
  model.routing = props(ctx, rowOf(model.top.get('routing')));
  const str = (m: Map<string, Field>, k: string) => strRef(ctx, rowOf(m.get(k)));
  const assign = <K extends 'type' | 'entry' | 'entryAgent' | 'worldEntryAgent' | 'mainAgent' | 'noMentionFromHumanGoesTo'>(k: K, v: StrRef | undefined) => {
    if (v) model[k] = v;
  };
  assign('type', str(model.workflow, 'type'));
  assign('entry', str(model.workflow, 'entry'));
  assign('entryAgent', str(model.workflow, 'entryAgent'));
  assign('worldEntryAgent', str(model.world, 'entryAgent'));
  assign('mainAgent', str(model.world, 'mainAgent'));
  assign('noMentionFromHumanGoesTo', str(model.routing, 'noMentionFromHumanGoesTo'));
  const stop = str(model.routing, 'stopToken') ?? str(model.world, 'stopToken');
  if (stop) model.stopToken = stop.value;

  for (const [id, f] of props(ctx, rowOf(model.workflow.get('nodes')))) {
    const fields = props(ctx, rowOf(f));
    const node: WorldNode = Object.assign(new Keyed(f), { id, requires: [] as StrRef[], fields });
    const agentField = fields.get('agent');
    if (agentField) node.agentField = agentField;
    const agent = strRef(ctx, rowOf(agentField));
    if (agent) node.agent = agent;
    const req = fields.get('requires');
    if (req) {
      node.requiresField = req;
      node.requires = stringItems(ctx, rowOf(req));
    }
    const instr = fields.get('instruction')?.value;
    if (typeof instr === 'string') node.instruction = instr;
    model.nodes.set(id, node);
  }
  const edgesField = model.workflow.get('edges');
  if (edgesField?.type === 'object') {
    for (const [source, f] of props(ctx, rowOf(edgesField))) {
      model.edges.set(source, Object.assign(new Keyed(f), { source, field: f, targets: stringItems(ctx, rowOf(f)) }));
    }
  }
  const agentsField = model.top.get('agents');
  if (agentsField?.type === 'object') {
    for (const [id, f] of props(ctx, rowOf(agentsField))) model.agents.set(id, readAgent(ctx, model, id, f, rowOf(f)));
  } else if (agentsField?.type === 'array') {
    // The router tolerates `[{id|name, …}]`; read it so the rest of the analysis still works.
    model.agentsIsArray = true;
    for (const row of tape.children(rowOf(agentsField))) {
      const fields = props(ctx, row);
      const idRef = strRef(ctx, rowOf(fields.get('id'))) ?? strRef(ctx, rowOf(fields.get('name')));
      if (!idRef) continue;
      const item = tape.node(row);
      const f: Field = { value: undefined, keyRange: idRef.range, range: rangeOfNode(index, item), node: item, type: item.type };
      model.agents.set(idRef.value, readAgent(ctx, model, idRef.value, f, row));
    }
  }
  model.aliases = buildAliasMap([...model.agents.values()].map((a) => (a.name ? { id: a.id, name: a.name.value } : { id: a.id })));
  return model;
}

interface Ctx {
  index: LineIndex;
  dup: { key: string; range: Range }[];
  tape: Tape;
}

/** The row of a field's value (of its key when it has none); -1 without a field. */
function rowOf(f: Field | undefined): number {
  return f instanceof PropertyField ? f.row : -1;
}

/** An agent from its field (`keyRange` is where its id is written) and the row of its object. */
function readAgent(ctx: Ctx, model: WorldModel, id: string, f: Field, row: number): WorldAgent {
  const fields = props(ctx, row);
  const agent: WorldAgent = Object.assign(new Keyed(f), { id, fields });
  const name = strRef(ctx, rowOf(fields.get('name')));
  if (name) agent.name = name;
  const role = fields.get('role')?.value;
  if (typeof role === 'string') agent.role = role;
  const pp = strRef(ctx, rowOf(fields.get('promptPath')));
  if (pp) {
    agent.promptPath = pp;
    agent.prompt = resolvePromptPath(model.uri, pp.value, model.dirUri, model.projectUri);
  }
  return agent;
}

export function rangeOfNode(index: LineIndex, n: Node): Range {
  return { start: index.positionAt(n.offset), end: index.positionAt(n.offset + n.length) };
}

/** The ranges of a node, an edge list or an agent, made from its property when first read. */
class Keyed {
  #inner: Range | undefined;
  readonly #key: { readonly keyRange: Range; readonly range: Range };
  constructor(key: { readonly keyRange: Range; readonly range: Range }) {
    this.#key = key;
  }

  get keyRange(): Range {
    return this.#key.keyRange;
  }

  get range(): Range {
    return this.#key.range;
  }

  /** The id between its quotes. */
  get keyInner(): Range {
    return (this.#inner ??= shrink(this.#key.keyRange));
  }
}

/** The inside of a one-line quoted token. */
function shrink(r: Range): Range {
  if (r.start.line !== r.end.line || r.end.character - r.start.character < 2) return r;
  return { start: { line: r.start.line, character: r.start.character + 1 }, end: { line: r.end.line, character: r.end.character - 1 } };
}

/** Properties of an object row (last duplicate wins; duplicates recorded). */
function props(ctx: Ctx, row: number): Map<string, Field> {
  const out = new Map<string, Field>();
  const { tape } = ctx;
  if (row === -1 || tape.type(row) !== 'object') return out;
  for (let p = row + 1, end = tape.next[row]!; p < end; p = tape.next[p]!) {
    const key = tape.keyOf(p);
    const name = key === -1 ? undefined : tape.string(key);
    if (name === undefined) continue;
    if (out.has(name)) ctx.dup.push({ key: name, range: rangeOfRow(ctx.index, tape, key) });
    const value = tape.valueOf(p);
    out.set(name, new PropertyField(ctx, key, value === -1 ? key : value));
  }
  return out;
}

function rangeOfRow(index: LineIndex, tape: Tape, row: number): Range {
  return { start: index.positionAt(tape.start[row]!), end: index.positionAt(tape.end[row]!) };
}

/**
 * A property, whose plain value is made when first read: making it for every property would copy
 * each object once per level it is nested in (the whole workflow for `workflow`, again for
 * `nodes`, again for each node), which for a world of 100,000 nodes is most of the work. Its
 * ranges and its `Node` too are made when first read (most are never: they serve diagnostics and
 * navigation), which keeps a 30,000-agent world from allocating millions of positions.
 */
class PropertyField implements Field {
  /** What has been read (one slot: a world of 100,000 agents holds about a million fields). */
  #read: { value?: unknown; made?: boolean; keyRange?: Range; range?: Range } | undefined;
  constructor(
    private readonly ctx: Ctx,
    private readonly keyRow: number,
    /** The value's row, or the key's when the property has no value. */
    readonly row: number,
  ) {}

  get node(): Node {
    return this.ctx.tape.node(this.row);
  }

  get type(): NodeType {
    return this.ctx.tape.type(this.row);
  }

  get keyRange(): Range {
    const r = (this.#read ??= {});
    return (r.keyRange ??= rangeOfRow(this.ctx.index, this.ctx.tape, this.keyRow));
  }

  get range(): Range {
    const r = (this.#read ??= {});
    return (r.range ??= rangeOfRow(this.ctx.index, this.ctx.tape, this.row));
  }

  get value(): unknown {
    const r = (this.#read ??= {});
    if (!r.made) {
      r.value = this.row !== this.keyRow ? plainValue(this.ctx.tape, this.row) : undefined;
      r.made = true;
    }
    return r.value;
  }
}

/** The value of a row as jsonc-parser's `getNodeValue` makes it (a property without a value is undefined). */
function plainValue(tape: Tape, row: number): unknown {
  switch (tape.type(row)) {
    case 'array': {
      const out: unknown[] = [];
      for (let c = row + 1, end = tape.next[row]!; c < end; c = tape.next[c]!) out.push(plainValue(tape, c));
      return out;
    }
    case 'object': {
      const o: Record<string, unknown> = {};
      for (let p = row + 1, end = tape.next[row]!; p < end; p = tape.next[p]!) {
        const key = tape.keyOf(p);
        const k = key === -1 ? undefined : tape.value(key);
        const v = tape.valueOf(p);
        if (typeof k === 'string') o[k] = v !== -1 ? plainValue(tape, v) : undefined;
      }
      return o;
    }
    case 'property':
      return undefined;
    default:
      return tape.value(row);
  }
}

export function strRef(ctx: { index: LineIndex; tape: Tape }, row: number): StrRef | undefined {
  if (row === -1) return undefined;
  const value = ctx.tape.string(row);
  return value === undefined ? undefined : new RowStrRef(value, ctx, row);
}

/** A string token whose ranges are made when first read (see PropertyField). */
class RowStrRef implements StrRef {
  #ranges: { range: Range; inner?: Range } | undefined;
  constructor(
    readonly value: string,
    private readonly ctx: { index: LineIndex; tape: Tape },
    private readonly row: number,
  ) {}

  get range(): Range {
    return (this.#ranges ??= { range: rangeOfRow(this.ctx.index, this.ctx.tape, this.row) }).range;
  }

  get inner(): Range {
    const r = this.range;
    return (this.#ranges!.inner ??= shrink(r));
  }
}

function stringItems(ctx: Ctx, row: number): StrRef[] {
  if (row === -1 || ctx.tape.type(row) !== 'array') return [];
  const out: StrRef[] = [];
  for (let c = row + 1, end = ctx.tape.next[row]!; c < end; c = ctx.tape.next[c]!) {
    const s = strRef(ctx, c);
    if (s) out.push(s);
  }
  return out;
}

/** Parse-error text for W1: the position plus jsonc-parser's error name. */
export function describeSyntaxError(e: WorldSyntaxError): string {
  return `Invalid JSON: ${e.message.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()} at line ${e.range.start.line + 1} column ${e.range.start.character + 1}`;
}
