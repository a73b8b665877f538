/**
 * An Agent World's workflow as a graph to draw (`core/graph/types.ts`): its nodes with the agent
 * each runs, the edges the router allows, where human messages enter (`workflow.edges.human`, else
 * the entry), the `requires` joins, the entry and the final nodes (no outgoing edges, as the eval
 * counts them). A world without nodes (free mention) shows its agents, the entry agent marked.
 * Nodes and edges come in the order world.json lists them; an edge or join to a node world.json
 * does not define is drawn to a `missing` node of that name.
 */
import type { GraphEdge, GraphModel, GraphNode } from '../graph/types';
import type { Range } from '../types';
import { isFreeMention } from './graph';
import type { WorldModel } from './model';

/** The agent's display name: its `name`, else its id. */
function agentLabel(world: WorldModel, id: string | undefined): string | undefined {
  if (id === undefined) return undefined;
  return world.agents.get(id)?.name?.value ?? id;
}

export function worldGraphModel(world: WorldModel): GraphModel {
  const name = world.world.get('name')?.value;
  const title = typeof name === 'string' ? name : 'world';
  const base = { kind: 'world' as const, uri: world.uri, title, subtitle: world.type?.value ?? '' };
  if (world.nodes.size === 0) return { ...base, nodes: agentNodes(world), edges: [] };
  const nodes = workflowNodes(world);
  const edges = workflowEdges(world);
  const human = humanNode(world, edges);
  const known = new Set([...(human ? [human] : []), ...nodes].map((n) => n.id));
  const missing: GraphNode[] = [];
  const define = (id: string, range: Range | undefined) => {
    if (known.has(id)) return;
    known.add(id);
    missing.push({ id, kind: 'missing', label: id, detail: '(undefined)', entry: false, final: false, join: false, ...(range ? { range } : {}) });
  };
  for (const e of edges) {
    define(e.from, world.edges.get(e.from)?.keyRange ?? e.range);
    define(e.to, e.range);
  }
  return { ...base, nodes: [...(human ? [human] : []), ...nodes, ...missing], edges };
}

function agentNodes(world: WorldModel): GraphNode[] {
  return [...world.agents.values()].map((a) => ({
    id: a.id,
    kind: 'agent' as const,
    label: agentLabel(world, a.id)!,
    entry: a.id === world.entryAgent?.value,
    final: false,
    join: false,
    range: a.keyRange,
  }));
}

function workflowNodes(world: WorldModel): GraphNode[] {
  const free = isFreeMention(world);
  return [...world.nodes.values()].map((n) => {
    const agent = agentLabel(world, n.agent?.value);
    return {
      id: n.id,
      kind: 'node' as const,
      label: n.id,
      ...(agent !== undefined ? { detail: agent } : {}),
      entry: n.id === world.entry?.value,
      final: free || (world.edges.get(n.id)?.targets.length ?? 0) === 0,
      join: n.requires.length > 0,
      range: n.keyRange,
    };
  });
}

function workflowEdges(world: WorldModel): GraphEdge[] {
  const out: GraphEdge[] = [];
  const defined = (id: string) => world.nodes.has(id);
  for (const e of world.edges.values()) {
    for (const t of e.targets) {
      out.push({ from: e.source, to: t.value, kind: e.source === 'human' ? 'human' : 'edge', dangling: !defined(t.value), implicit: false, range: t.range });
    }
  }
  for (const n of world.nodes.values()) {
    for (const r of n.requires) out.push({ from: r.value, to: n.id, kind: 'requires', dangling: !defined(r.value), implicit: false, range: r.range });
  }
  // Without `workflow.edges.human`, a human message enters at the entry (the router's fallback).
  const entry = world.entry;
  if (!world.edges.has('human') && entry && defined(entry.value) && !defined('human')) {
    out.push({ from: 'human', to: entry.value, kind: 'human', dangling: false, implicit: true, range: entry.range });
  }
  return out;
}

/** The `human` pseudo-node, when an edge names it and no workflow node is called `human`. */
function humanNode(world: WorldModel, edges: GraphEdge[]): GraphNode | undefined {
  if (world.nodes.has('human') || !edges.some((e) => e.from === 'human' || e.to === 'human')) return undefined;
  const key = world.edges.get('human')?.keyRange;
  return { id: 'human', kind: 'human', label: 'human', entry: false, final: false, join: false, ...(key ? { range: key } : {}) };
}
