/**
 * The deterministic checks of Agent World's eval harness (§3.9): config, prompt and eval
 * contract checks with the harness's exact names, order and FAIL reasons. The routing cases
 * run in evalRun.ts, on the router of router/.
 *
 * The harness runs on `JSON.parse` output and the router's `loadConfig`, so this file mirrors
 * their JavaScript semantics on arbitrary JSON (truthiness, `||` defaults, property access on
 * any value) instead of reading the ranged model: a world that loads for the router must pass
 * here, and one it rejects must fail with the same text.
 */
import { URI } from 'vscode-uri';
import { linkOutside, relativeLabel, type IWorkspaceHost } from '../workspace/host';
import { dirnameUri, projectUriOf, resolveRelative } from './paths';
import { DEFAULT_STOP_TOKEN, LEGACY_EDGE_HELP, WORKFLOW_TYPE_IDS } from './patterns';
import { hasMentionProtocol, hasStopTokenGuidance, hasToolProhibition } from './prompt';
import { isJsonSyntaxError, isUriError, unlessExpected } from '../analysis/expectedErrors';

export type WorldCheckCategory = 'config' | 'prompt' | 'eval';

/** One line of the harness report (`- PASS config: …` / `- FAIL prompt: …: reason`). */
export interface WorldCheck {
  category: WorldCheckCategory;
  name: string;
  status: 'PASS' | 'FAIL';
  /** The harness's FAIL reason; absent on PASS. */
  reason?: string;
  /** The file a FAIL is about (world.json, the first failing prompt, world.eval.md). */
  uri?: string;
}

export interface WorldCheckReport {
  worldUri: string;
  /** Where the harness looks for the eval contract. */
  evalUri: string;
  checks: WorldCheck[];
  /** True when every check passed. */
  passed: boolean;
}

/** The harness's report line for a check. */
export function checkLine(c: WorldCheck): string {
  return c.status === 'PASS' ? `- PASS ${c.category}: ${c.name}` : `- FAIL ${c.category}: ${c.name}: ${c.reason ?? ''}`;
}

// The harness works on untyped JSON; `any` keeps its JavaScript semantics (including the
// TypeErrors it reports as reasons) instead of re-deriving them type by type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
type Json = any;

export interface Loaded {
  world: Json;
  workflow: { type: Json; entry: Json; entryAgent: Json; nodes: Json; edges: Json };
  agents: Record<string, Json>;
  /** Agent id → URI of its prompt file. */
  promptUris: Map<string, string>;
}

export interface Io {
  host: IWorkspaceHost;
  configPath: string;
  dirUri: string;
}

/** How the checks and the router read one world.json's files. */
export function configIo(worldUri: string, host: IWorkspaceHost): Io {
  return { host, configPath: fsPathOf(worldUri), dirUri: dirnameUri(worldUri) };
}

/**
 * Runs every deterministic check of the eval harness on one world.json text. Prompt files and
 * world.eval.md are read through `host`. Never throws.
 */
export function runWorldChecks(text: string, worldUri: string, host: IWorkspaceHost): WorldCheckReport {
  const io = configIo(worldUri, host);
  const evalUri = resolveRelative(projectUriOf(worldUri), '.agent-world/world.eval.md');
  const checks: WorldCheck[] = [];
  const add = (category: WorldCheckCategory, name: string, uri: string | undefined, fn: () => void): boolean => {
    try {
      fn();
      checks.push({ category, name, status: 'PASS' });
      return true;
    } catch (e) {
      const c: WorldCheck = { category, name, status: 'FAIL', reason: messageOf(e) };
      const where = e instanceof CheckError && e.uri ? e.uri : uri;
      if (where) c.uri = where;
      checks.push(c);
      return false;
    }
  };

  const state: { raw: Json; config: Loaded | null } = { raw: null, config: null };
  add('config', 'world.json is valid JSON', worldUri, () => {
    state.raw = JSON.parse(text);
  });
  add('config', 'router config loads and graph references validate', worldUri, () => {
    state.config = loadConfig(text, io);
  });
  if (state.raw && state.config) contractChecks(add, state.raw, state.config, io, worldUri);

  let markdown = '';
  add('eval', 'world.eval.md exists', worldUri, () => {
    if (!host.exists(evalUri)) throw new Error(`missing eval contract: ${fsPathOf(evalUri)}`);
    markdown = readFile(host, evalUri);
  });
  if (markdown) {
    const parsed = routingCases(markdown);
    for (const error of parsed.errors) checks.push({ category: 'eval', name: 'parse routing case JSON', status: 'FAIL', reason: error, uri: evalUri });
    add('eval', 'world.eval.md contains routing cases', evalUri, () => {
      if (parsed.cases === 0) throw new Error('no fenced json routing cases with name and expect were found');
    });
  }
  return { worldUri, evalUri, checks, passed: checks.every((c) => c.status === 'PASS') };
}

type Add = (category: WorldCheckCategory, name: string, uri: string | undefined, fn: () => void) => boolean;

/** A failure that names the file it is about. */
class CheckError extends Error {
  constructor(
    message: string,
    readonly uri?: string,
  ) {
    super(message);
  }
}

function contractChecks(add: Add, raw: Json, config: Loaded, io: Io, worldUri: string): void {
  add('config', 'all agents use promptPath', worldUri, () => {
    const entries = rawAgentEntries(raw);
    if (entries.length === 0) throw new Error('agents is empty');
    const missing = entries.filter(([, a]) => !a || !a.promptPath).map(([id]) => id || '(missing id)');
    if (missing.length > 0) throw new Error(`missing promptPath: ${missing.join(', ')}`);
  });
  add('config', 'every promptPath exists', worldUri, () => {
    const missing = rawAgentEntries(raw)
      .filter(([, a]) => a && a.promptPath && !io.host.exists(promptUriOf(io.dirUri, a.promptPath)))
      .map(([id, a]) => `${id}: ${a.promptPath}${outsideNote(io, promptUriOf(io.dirUri, a.promptPath))}`);
    if (missing.length > 0) throw new Error(`missing prompts: ${missing.join(', ')}`);
  });
  const wf = config.workflow;
  add('config', 'workflow.entry exists', worldUri, () => {
    if (!wf.entry || !wf.nodes[wf.entry]) throw new Error(`missing workflow entry node: ${wf.entry || '(none)'}`);
  });
  add('config', 'workflow.entryAgent matches entry node agent', worldUri, () => {
    const entryNode = wf.nodes[wf.entry];
    if (!entryNode) throw new Error('workflow entry node is missing');
    if (wf.entryAgent !== entryNode.agent) throw new Error(`entryAgent ${wf.entryAgent || '(none)'} does not match ${wf.entry}.agent ${entryNode.agent}`);
  });
  const failing = (test: (prompt: string) => boolean) =>
    Object.entries(config.agents)
      .filter(([, a]) => !test(String(a.systemPrompt || '')))
      .map(([id]) => id);
  const promptFail = (ids: string[], message: string) => {
    if (ids.length > 0) throw new CheckError(message, config.promptUris.get(ids[0]!));
  };
  add('prompt', 'prompts mention paragraph-start @mentions', worldUri, () => {
    const ids = failing(hasMentionProtocol);
    promptFail(ids, `prompts missing paragraph-start @mention protocol: ${ids.join(', ')}`);
  });
  add('prompt', 'prompts tell agents not to call tools directly', worldUri, () => {
    const ids = failing(hasToolProhibition);
    promptFail(ids, `prompts missing direct-tool prohibition: ${ids.join(', ')}`);
  });
  add('prompt', 'final prompts mention the stop token', worldUri, () => {
    const stopToken = String(config.world.stopToken || DEFAULT_STOP_TOKEN);
    const edges = wf.edges || {};
    const finals = Object.keys(wf.nodes || {})
      .filter((id) => asArray(edges[id]).length === 0)
      .filter((id) => wf.nodes[id] && config.agents[wf.nodes[id].agent])
      .filter((id) => !hasStopTokenGuidance(String(config.agents[wf.nodes[id].agent].systemPrompt || ''), stopToken));
    if (finals.length > 0) {
      throw new CheckError(`final nodes missing stop-token prompt guidance: ${finals.join(', ')}`, config.promptUris.get(String(wf.nodes[finals[0]!].agent)));
    }
  });
}

function rawAgentEntries(raw: Json): [Json, Json][] {
  const agents = (raw && raw.agents) || {};
  if (Array.isArray(agents)) return agents.map((a: Json) => [a.id || a.name, a]);
  return Object.entries(agents);
}

/** The router's `loadConfig` after JSON.parse: agents (with their prompts), workflow shape, graph. Throws its error text. */
export function loadConfig(text: string, io: Io): Loaded {
  let parsed: Json;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    unlessExpected(e, isJsonSyntaxError);
    throw new Error(`Invalid Agent World JSON config at ${io.configPath}: ${messageOf(e)}`);
  }
  const promptUris = new Map<string, string>();
  const agents = normalizeAgents(parsed, io, promptUris);
  const workflow = normalizeWorkflow(parsed);
  const world: Json = {
    id: 'agent-world',
    name: 'agent-world',
    entryAgent: workflow.entryAgent,
    stopToken: (parsed.routing && parsed.routing.stopToken) || DEFAULT_STOP_TOKEN,
    turnLimit: 30,
    mode: 'host_driven_router_only',
    ...(parsed.world || {}),
  };
  if (!workflow.entryAgent) workflow.entryAgent = world.entryAgent || Object.keys(agents)[0];
  if (!workflow.entry) workflow.entry = workflow.entryAgent;
  world.entryAgent = workflow.entryAgent;
  if (parsed.routing && parsed.routing.stopToken) world.stopToken = parsed.routing.stopToken;
  validateConfig(world, workflow, agents, parsed.workflow && parsed.workflow.enforceEdges);
  return { world, workflow, agents, promptUris };
}

/**
 * For a prompt the workspace-bounded host does not show: why, when a symbolic link leads it out of
 * the workspace (the router would follow the link; the checks do not read outside the workspace).
 */
function outsideNote(io: Io, uri: string): string {
  const via = linkOutside(io.host, uri);
  return via === undefined ? '' : ` (outside the workspace through the symbolic link '${relativeLabel(io.dirUri, via)}')`;
}

function normalizeAgents(parsed: Json, io: Io, promptUris: Map<string, string>): Record<string, Json> {
  const rawAgents = parsed.agents || {};
  const entries: [Json, Json][] = Array.isArray(rawAgents) ? rawAgents.map((a: Json) => [a.id || a.name, a]) : Object.entries(rawAgents);
  const agents: Record<string, Json> = {};
  for (const [id, agentConfig] of entries) {
    if (!id) throw new Error(`Agent entry is missing id/name in ${io.configPath}`);
    const agent: Json = { ...agentConfig };
    agent.id = agent.id || id;
    agent.name = agent.name || agent.id;
    agent.role = agent.role || agent.id;
    agent.contextScope = agent.contextScope === undefined ? 'global' : agent.contextScope;
    const pp = agent.promptPath;
    if (!pp) throw new Error(`Invalid Agent World config:\n- agents.${agent.id} is missing promptPath`);
    if (typeof pp !== 'string') throw new TypeError(`The "paths[1]" argument must be of type string. Received ${describeValue(pp)}`);
    const uri = promptUriOf(io.dirUri, pp);
    if (!io.host.exists(uri)) {
      // The router would follow the link and read the prompt; this check is bounded to the workspace, so it says why it stops.
      const outside = outsideNote(io, uri);
      if (outside) throw new Error(`agents.${agent.id}.promptPath is not read${outside}, so the world cannot be checked: ${pp}`);
      throw new Error(`Invalid Agent World config:\n- agents.${agent.id}.promptPath not found: ${pp}`);
    }
    agent.systemPrompt = readFile(io.host, uri).trimEnd();
    promptUris.set(String(agent.id), uri);
    agents[agent.id] = agent;
  }
  return agents;
}

function normalizeWorkflow(parsed: Json): Loaded['workflow'] {
  const raw = parsed.workflow || {};
  const routing = parsed.routing || {};
  const workflow: Loaded['workflow'] = {
    type: raw.type || null,
    entry: raw.entry || null,
    entryAgent: raw.entryAgent || routing.noMentionFromHumanGoesTo || (parsed.world && parsed.world.entryAgent),
    nodes: {},
    edges: {},
  };
  const errors: string[] = [];
  if (Array.isArray(raw.edges)) errors.push('workflow.edges must be an object, not an array of from/to entries');
  else if (raw.edges && typeof raw.edges === 'object') {
    for (const [source, targets] of Object.entries(raw.edges)) {
      if (targets && !Array.isArray(targets) && typeof targets === 'object') errors.push(`workflow.edges.${source} must be an array of target node ids`);
    }
  }
  if (Array.isArray(raw.edges) && raw.edges.some((e: Json) => e && typeof e === 'object' && e.join !== undefined)) errors.push('workflow edges no longer support a "join" key');
  if (!raw.nodes || typeof raw.nodes !== 'object' || Array.isArray(raw.nodes)) errors.push('workflow.nodes is required and must be an object keyed by node id');
  if (errors.length > 0) throw new Error(`Invalid Agent World config:\n- ${errors.join('\n- ')}\n\n${LEGACY_EDGE_HELP}`);
  workflow.nodes = raw.nodes;
  workflow.edges = raw.edges || {};
  if (!workflow.entry) workflow.entry = workflow.entryAgent;
  if (!workflow.entryAgent && workflow.entry && workflow.nodes[workflow.entry]) workflow.entryAgent = workflow.nodes[workflow.entry].agent;
  return workflow;
}

/** The router's aggregated graph validation, in its order. */
function validateConfig(world: Json, workflow: Loaded['workflow'], agents: Record<string, Json>, declaredEnforceEdges: Json): void {
  const errors: string[] = [];
  const nodes = workflow.nodes || {};
  const edges = workflow.edges || {};
  const canonical = typeof workflow.type === 'string' && WORKFLOW_TYPE_IDS.has(workflow.type);
  if (!canonical) errors.push(`workflow.type must be one of the canonical workflow pattern ids, got ${workflow.type ? `"${workflow.type}"` : '(none)'}`);
  if (canonical && declaredEnforceEdges !== undefined) {
    const required = workflow.type !== 'free-mention';
    if (declaredEnforceEdges !== required) {
      errors.push(`workflow.enforceEdges must be ${required} for workflow.type "${workflow.type}", or omitted; edge enforcement is derived from the pattern`);
    }
  }
  if (workflow.type === 'free-mention') {
    for (const source of Object.keys(edges)) errors.push(`workflow.edges.${source} is not allowed in a free-mention world; workflow.edges must be {}`);
    for (const [id, node] of Object.entries<Json>(nodes)) {
      if (node && asArray(node.requires).length > 0) {
        errors.push(`workflow.nodes.${id}.requires is not allowed in a free-mention world; there are no edges to order prerequisites against`);
      }
    }
    const count = new Map<Json, number>();
    for (const node of Object.values<Json>(nodes)) if (node && node.agent) count.set(node.agent, (count.get(node.agent) ?? 0) + 1);
    for (const id of Object.keys(agents)) {
      const n = count.get(id) ?? 0;
      if (n === 0) errors.push(`agents.${id} has no workflow node; every agent in a free-mention world must map to exactly one node`);
      else if (n > 1) errors.push(`agents.${id} is referenced by ${n} workflow nodes; every agent in a free-mention world must map to exactly one node`);
    }
    if (Object.keys(agents).length < 2) errors.push('agents must contain at least two agents in a free-mention world; a lone agent has no peer to mention');
    const tl = world && world.turnLimit;
    if (!Number.isInteger(tl) || tl < 1) {
      errors.push(`world.turnLimit must be an integer greater than 0 in a free-mention world; it is the only structural stop the pattern has, got ${JSON.stringify(tl)}`);
    }
  }
  for (const [id, agent] of Object.entries(agents)) {
    if (agent.contextScope !== 'global' && agent.contextScope !== 'agent') errors.push(`agents.${id}.contextScope must be one of: global, agent`);
    if (agent.contextLimit !== undefined && (!Number.isInteger(agent.contextLimit) || agent.contextLimit < 1))
      errors.push(`agents.${id}.contextLimit must be an integer greater than 0`);
    if (agent.tools !== undefined && !Array.isArray(agent.tools)) errors.push(`agents.${id}.tools must be an array of tool names`);
  }
  if (workflow.entry && !nodes[workflow.entry]) errors.push(`workflow.entry "${workflow.entry}" does not match a workflow node`);
  for (const [id, node] of Object.entries<Json>(nodes)) {
    if (!node || !node.agent) {
      errors.push(`workflow.nodes.${id} is missing agent`);
      continue;
    }
    if (!agents[node.agent]) errors.push(`workflow.nodes.${id}.agent "${node.agent}" is not defined in agents`);
    for (const r of asArray(node.requires)) if (!nodes[r]) errors.push(`workflow.nodes.${id}.requires references missing node "${r}"`);
  }
  for (const [from, to] of Object.entries<Json>(edges)) {
    if (from !== 'human' && !nodes[from]) errors.push(`workflow.edges.${from} references missing source node "${from}"`);
    for (const t of asArray(to)) if (!nodes[t]) errors.push(`workflow.edges.${from} references missing target node "${t}"`);
  }
  if (errors.length > 0) throw new Error(`Invalid Agent World config:\n- ${errors.join('\n- ')}`);
}

/** The harness's routing-case scan: every ```json fence, numbered from 1, empty ones skipped. */
function routingCases(markdown: string): { cases: number; errors: string[] } {
  const re = /```json\s*([\s\S]*?)```/g;
  let cases = 0;
  let n = 0;
  const errors: string[] = [];
  for (let m = re.exec(markdown); m; m = re.exec(markdown)) {
    n++;
    const raw = m[1]!.trim();
    if (!raw) continue;
    let parsed: Json;
    try {
      parsed = JSON.parse(raw);
    } catch (e) {
      unlessExpected(e, isJsonSyntaxError);
      errors.push(`json block ${n}: ${messageOf(e)}`);
      continue;
    }
    for (const item of Array.isArray(parsed) ? parsed : [parsed]) {
      if (item && item.name && item.expect && (item.input || item.given || item.complete)) cases++;
    }
  }
  return { cases, errors };
}

function asArray(v: Json): Json[] {
  if (v === undefined || v === null) return [];
  return Array.isArray(v) ? v : [v];
}

/** `path.resolve(configDir, promptPath)` over URIs: absolute paths stand alone. */
function promptUriOf(dirUri: string, p: string): string {
  if (/^[A-Za-z]:[\\/]/.test(p)) return URI.file(p).toString();
  if (/^[\\/]/.test(p))
    return resolveRelative(
      ifUri(() => URI.parse(dirUri).with({ path: '/' }).toString(), 'file:///'),
      p,
    );
  return resolveRelative(dirUri, p);
}

/** `fs.readFileSync(p, 'utf8')` through the host, with Node's error for a folder. */
function readFile(host: IWorkspaceHost, uri: string): string {
  if (host.isDirectory(uri)) throw new Error('EISDIR: illegal operation on a directory, read');
  return host.readText(uri) ?? '';
}

function fsPathOf(uri: string): string {
  return ifUri(() => URI.parse(uri).fsPath, uri);
}

/** `fn()`, or `fallback` when vscode-uri finds the URI it parses invalid. */
function ifUri<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch (e) {
    unlessExpected(e, isUriError);
    return fallback;
  }
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** How Node's argument validation names a wrong value ("type number (5)", "an instance of Array"). */
function describeValue(v: Json): string {
  if (v === null) return 'null';
  if (typeof v === 'object') return `an instance of ${Array.isArray(v) ? 'Array' : 'Object'}`;
  const shown = typeof v === 'string' ? `'${v}'` : String(v);
  return `type ${typeof v} (${shown})`;
}
