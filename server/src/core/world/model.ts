/**
 * world.json as a model with ranges: every agent, node, edge and reference keeps the range of
 * its JSON key or value so diagnostics, navigation and rename can point at it. Tolerant of
 * any input (wrong types are simply absent from the model); last duplicate key wins, as in
 * JSON.parse.
 */
import { printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { boundedParseTree, MAX_DOCUMENT_DEPTH } from '../jsonDepth';
import { LineIndex } from '../text';
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

/** Parses world.json text into the model. Never throws. */
export function parseWorld(text: string, uri: string): WorldModel {
  const index = new LineIndex(text);
  const errors: ParseError[] = [];
  const { root, tooDeepAt } = boundedParseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
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
  if (root) model.root = root;
  const ctx: Ctx = { index, dup: model.duplicateKeys };
  model.top = props(ctx, root);
  model.world = props(ctx, model.top.get('world')?.node);
  model.workflow = props(ctx, model.top.get('workflow')?.node);
  model.routing = props(ctx, model.top.get('routing')?.node);
  const str = (m: Map<string, Field>, k: string) => strRef(ctx, m.get(k)?.node);
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

  for (const [id, f] of props(ctx, model.workflow.get('nodes')?.node)) {
    const fields = props(ctx, f.node);
    const node: WorldNode = Object.assign(new Keyed(f), { id, requires: [] as StrRef[], fields });
    const agentField = fields.get('agent');
    if (agentField) node.agentField = agentField;
    const agent = strRef(ctx, agentField?.node);
    if (agent) node.agent = agent;
    const req = fields.get('requires');
    if (req) {
      node.requiresField = req;
      node.requires = stringItems(ctx, req.node);
    }
    const instr = fields.get('instruction')?.value;
    if (typeof instr === 'string') node.instruction = instr;
    model.nodes.set(id, node);
  }
  const edgesNode = model.workflow.get('edges')?.node;
  if (edgesNode?.type === 'object') {
    for (const [source, f] of props(ctx, edgesNode)) {
      model.edges.set(source, Object.assign(new Keyed(f), { source, field: f, targets: stringItems(ctx, f.node) }));
    }
  }
  const agentsNode = model.top.get('agents')?.node;
  if (agentsNode?.type === 'object') {
    for (const [id, f] of props(ctx, agentsNode)) model.agents.set(id, readAgent(ctx, model, id, f));
  } else if (agentsNode?.type === 'array') {
    // The router tolerates `[{id|name, …}]`; read it so the rest of the analysis still works.
    model.agentsIsArray = true;
    for (const item of agentsNode.children ?? []) {
      const fields = props(ctx, item);
      const idRef = strRef(ctx, fields.get('id')?.node) ?? strRef(ctx, fields.get('name')?.node);
      if (!idRef) continue;
      const f: Field = { value: undefined, keyRange: idRef.range, range: rangeOfNode(index, item), node: item };
      model.agents.set(idRef.value, readAgent(ctx, model, idRef.value, f));
    }
  }
  model.aliases = buildAliasMap([...model.agents.values()].map((a) => (a.name ? { id: a.id, name: a.name.value } : { id: a.id })));
  return model;
}

interface Ctx {
  index: LineIndex;
  dup: { key: string; range: Range }[];
}

/** An agent from its field (`keyRange` is where its id is written). */
function readAgent(ctx: Ctx, model: WorldModel, id: string, f: Field): WorldAgent {
  const fields = props(ctx, f.node);
  const agent: WorldAgent = Object.assign(new Keyed(f), { id, fields });
  const name = strRef(ctx, fields.get('name')?.node);
  if (name) agent.name = name;
  const role = fields.get('role')?.value;
  if (typeof role === 'string') agent.role = role;
  const pp = strRef(ctx, fields.get('promptPath')?.node);
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

/** Properties of an object node (last duplicate wins; duplicates recorded). */
function props(ctx: Ctx, n: Node | undefined): Map<string, Field> {
  const out = new Map<string, Field>();
  if (n?.type !== 'object') return out;
  for (const p of n.children ?? []) {
    const key = p.children?.[0];
    const val = p.children?.[1];
    if (!key || typeof key.value !== 'string') continue;
    if (out.has(key.value)) ctx.dup.push({ key: key.value, range: rangeOfNode(ctx.index, key) });
    out.set(key.value, new PropertyField(ctx.index, key, val));
  }
  return out;
}

/**
 * A property, whose plain value is made when first read: making it for every property would copy
 * each object once per level it is nested in (the whole workflow for `workflow`, again for
 * `nodes`, again for each node), which for a world of 100,000 nodes is most of the work. Its
 * ranges too are made when first read (most are never: they serve diagnostics and navigation),
 * which keeps a 30,000-agent world from allocating millions of positions.
 */
class PropertyField implements Field {
  #value: unknown;
  #made = false;
  #keyRange: Range | undefined;
  #range: Range | undefined;
  readonly node: Node;
  constructor(
    private readonly index: LineIndex,
    private readonly keyNode: Node,
    private readonly valueNode: Node | undefined,
  ) {
    this.node = valueNode ?? keyNode;
  }

  get keyRange(): Range {
    return (this.#keyRange ??= rangeOfNode(this.index, this.keyNode));
  }

  get range(): Range {
    return (this.#range ??= rangeOfNode(this.index, this.node));
  }

  get value(): unknown {
    if (!this.#made) {
      this.#value = this.valueNode ? plainValue(this.valueNode) : undefined;
      this.#made = true;
    }
    return this.#value;
  }
}

function plainValue(n: Node): unknown {
  switch (n.type) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'null':
      return n.value;
    case 'array':
      return (n.children ?? []).map(plainValue);
    case 'object': {
      const o: Record<string, unknown> = {};
      for (const p of n.children ?? []) {
        const k = p.children?.[0];
        const v = p.children?.[1];
        if (k && typeof k.value === 'string') o[k.value] = v ? plainValue(v) : undefined;
      }
      return o;
    }
    default:
      return undefined;
  }
}

export function strRef(ctx: { index: LineIndex }, n: Node | undefined): StrRef | undefined {
  if (n?.type !== 'string' || typeof n.value !== 'string') return undefined;
  return new NodeStrRef(n.value, ctx.index, n);
}

/** A string token whose ranges are made when first read (see PropertyField). */
class NodeStrRef implements StrRef {
  #range: Range | undefined;
  #inner: Range | undefined;
  constructor(
    readonly value: string,
    private readonly index: LineIndex,
    private readonly token: Node,
  ) {}

  get range(): Range {
    return (this.#range ??= rangeOfNode(this.index, this.token));
  }

  get inner(): Range {
    return (this.#inner ??= shrink(this.range));
  }
}

function stringItems(ctx: Ctx, n: Node | undefined): StrRef[] {
  if (n?.type !== 'array') return [];
  const out: StrRef[] = [];
  for (const c of n.children ?? []) {
    const s = strRef(ctx, c);
    if (s) out.push(s);
  }
  return out;
}

/** Parse-error text for W1: the position plus jsonc-parser's error name. */
export function describeSyntaxError(e: WorldSyntaxError): string {
  return `Invalid JSON: ${e.message.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()} at line ${e.range.start.line + 1} column ${e.range.start.character + 1}`;
}
