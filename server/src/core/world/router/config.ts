/**
 * The world the router runs on: world.json loaded as the upstream `loadConfig` loads it (the
 * checks' copy of it, prompts read through the workspace host), then typed for the router with
 * the router's defaults (stop token, turn limit, derived edge enforcement).
 */
import type { IWorkspaceHost } from '../../workspace/host';
import { configIo, loadConfig, type Loaded } from '../checks';
import type { RouterAgent, RouterConfig, RouterNode } from './types';

export type LoadedRouterConfig = { config: RouterConfig; error?: undefined } | { config?: undefined; error: string };

/** Loads world.json text for the router; `error` is the router's own message when it would refuse to load. */
export function loadRouterConfig(text: string, worldUri: string, host: IWorkspaceHost): LoadedRouterConfig {
  const io = configIo(worldUri, host);
  let loaded: Loaded;
  try {
    loaded = loadConfig(text, io);
  } catch (e) {
    // loadConfig reports the router's refusals (and the TypeErrors it meets on odd JSON) by throwing; they are its answer.
    return { error: e instanceof Error ? e.message : String(e) };
  }
  const parsed = JSON.parse(text) as { workflow?: { parallelDispatch?: unknown } };
  return { config: routerConfigOf(loaded, parsed.workflow?.parallelDispatch === true, io.configPath) };
}

const str = (v: unknown): string | undefined => (v ? String(v) : undefined);

/** Types a loaded world for the router. */
export function routerConfigOf(loaded: Loaded, parallelDispatch: boolean, configPath: string): RouterConfig {
  const w = loaded.world as Record<string, unknown>;
  const wf = loaded.workflow;
  const agents: Record<string, RouterAgent> = {};
  for (const [id, a] of Object.entries(loaded.agents) as [string, Record<string, unknown>][]) {
    const agent: RouterAgent = {
      id,
      name: String(a.name),
      role: a.role,
      contextScope: a.contextScope === 'agent' ? 'agent' : 'global',
      systemPrompt: String(a.systemPrompt ?? ''),
    };
    if (typeof a.contextLimit === 'number') agent.contextLimit = a.contextLimit;
    if (a.model !== undefined) agent.model = a.model;
    if (a.subagentType !== undefined) agent.subagentType = a.subagentType;
    if (Array.isArray(a.tools)) agent.tools = a.tools as unknown[];
    agents[id] = agent;
  }
  const nodes: Record<string, RouterNode> = {};
  for (const [id, n] of Object.entries((wf.nodes ?? {}) as Record<string, Record<string, unknown>>)) {
    nodes[id] = {
      agent: String(n.agent),
      instruction: typeof n.instruction === 'string' ? n.instruction : n.instruction ? String(n.instruction) : '',
      requires: Array.isArray(n.requires) ? n.requires.map(String) : [],
    };
  }
  const edges: Record<string, string[]> = {};
  for (const [from, to] of Object.entries((wf.edges ?? {}) as Record<string, unknown>)) edges[from] = Array.isArray(to) ? to.map(String) : [];
  const limit = Number(w.turnLimit || 30);
  const world: RouterConfig['world'] = {
    name: w.name,
    stopToken: w.stopToken ? String(w.stopToken) : '',
    turnLimit: Number.isFinite(limit) && limit > 0 ? limit : null,
  };
  const mainAgent = str(w.mainAgent);
  if (mainAgent !== undefined) world.mainAgent = mainAgent;
  const worldEntryAgent = str(w.entryAgent);
  if (worldEntryAgent !== undefined) world.entryAgent = worldEntryAgent;
  const type = typeof wf.type === 'string' ? wf.type : null;
  const workflow: RouterConfig['workflow'] = {
    type,
    entry: str(wf.entry) ?? null,
    enforceEdges: type !== 'free-mention',
    parallelDispatch,
    nodes,
    edges,
    hasHumanEdges: Array.isArray((wf.edges as Record<string, unknown> | undefined)?.human),
  };
  const entryAgent = str(wf.entryAgent);
  if (entryAgent !== undefined) workflow.entryAgent = entryAgent;
  return { configPath, world, workflow, agents };
}
