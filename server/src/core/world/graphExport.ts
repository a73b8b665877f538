/**
 * An Agent World as a picture: its workflow nodes (each with the agent that runs it), the edges
 * the router allows, the `requires` joins and the entry, as Mermaid or Graphviz DOT text. A world
 * without nodes (a free-mention world) shows its agents. Labels are escaped for each language, so
 * any id or name is drawn as written and can never end the statement it sits in.
 */
import type { WorldModel } from './model';

export type GraphFormat = 'mermaid' | 'dot';

interface GraphNode {
  id: string;
  label: string;
  entry: boolean;
}

interface GraphEdge {
  from: string;
  to: string;
  kind: 'edge' | 'requires';
}

interface Graph {
  name: string;
  type: string;
  nodes: GraphNode[];
  edges: GraphEdge[];
}

/** The agent's display name: its `name`, else its id. */
function agentLabel(world: WorldModel, id: string | undefined): string | undefined {
  if (id === undefined) return undefined;
  return world.agents.get(id)?.name?.value ?? id;
}

/** The nodes and edges to draw, in the order world.json lists them. */
export function worldGraph(world: WorldModel): Graph {
  const name = world.world.get('name')?.value;
  const graph: Graph = { name: typeof name === 'string' ? name : 'world', type: world.type?.value ?? '', nodes: [], edges: [] };
  const entry = world.entry?.value;
  if (world.nodes.size === 0) {
    for (const a of world.agents.values()) graph.nodes.push({ id: a.id, label: agentLabel(world, a.id)!, entry: a.id === world.entryAgent?.value });
    return graph;
  }
  const ids = new Set(world.nodes.keys());
  for (const n of world.nodes.values()) {
    const agent = agentLabel(world, n.agent?.value);
    graph.nodes.push({ id: n.id, label: agent ? `${n.id}\n${agent}` : n.id, entry: n.id === entry });
  }
  const needsHuman = [...world.edges.values()].some((e) => e.source === 'human') || [...world.edges.values()].some((e) => e.targets.some((t) => t.value === 'human'));
  if (needsHuman && !ids.has('human')) graph.nodes.unshift({ id: 'human', label: 'human', entry: false });
  for (const e of world.edges.values()) for (const t of e.targets) graph.edges.push({ from: e.source, to: t.value, kind: 'edge' });
  for (const n of world.nodes.values()) for (const r of n.requires) graph.edges.push({ from: r.value, to: n.id, kind: 'requires' });
  // An edge to a node world.json does not define is drawn to a node of its own name (the checks report it).
  const known = new Set(graph.nodes.map((n) => n.id));
  for (const e of graph.edges) {
    for (const id of [e.from, e.to]) {
      if (known.has(id)) continue;
      known.add(id);
      graph.nodes.push({ id, label: `${id}\n(undefined)`, entry: false });
    }
  }
  return graph;
}

/** Mermaid: ids become n0, n1…; labels are quoted with `"` and `#` written as entity codes. */
function mermaid(g: Graph): string {
  const ref = new Map(g.nodes.map((n, i) => [n.id, `n${i}`]));
  const text = (s: string) => s.replace(/#/g, '#35;').replace(/"/g, '#quot;').replace(/</g, '#lt;').replace(/>/g, '#gt;').replace(/\r?\n/g, '<br/>');
  const lines = ['flowchart TD', `  %% ${text(g.name)}${g.type ? ` (${text(g.type)})` : ''}`];
  for (const n of g.nodes) lines.push(`  ${ref.get(n.id)}${n.entry ? '(["' : '["'}${text(n.label)}${n.entry ? '"])' : '"]'}`);
  for (const e of g.edges) lines.push(`  ${ref.get(e.from)} ${e.kind === 'requires' ? '-. requires .->' : '-->'} ${ref.get(e.to)}`);
  return lines.join('\n') + '\n';
}

/** DOT: every id and label is a quoted string with `\` and `"` escaped. */
function dot(g: Graph): string {
  const q = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\r?\n/g, '\\n')}"`;
  const lines = [`digraph ${q(g.name)} {`, '  rankdir=TB;', '  node [shape=box];'];
  for (const n of g.nodes) lines.push(`  ${q(n.id)} [label=${q(n.label)}${n.entry ? ', peripheries=2' : ''}];`);
  for (const e of g.edges) lines.push(`  ${q(e.from)} -> ${q(e.to)}${e.kind === 'requires' ? ' [style=dashed, label="requires"]' : ''};`);
  lines.push('}');
  return lines.join('\n') + '\n';
}

export function renderWorldGraph(world: WorldModel, format: GraphFormat): string {
  const g = worldGraph(world);
  return format === 'dot' ? dot(g) : mermaid(g);
}
