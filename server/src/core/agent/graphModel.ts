/**
 * An agent.3md's skill dependency graph as a graph to draw (`core/graph/types.ts`): each plane a
 * node (its z and name; the identity and the entry plane marked), each `[[z=N]]` link an edge from
 * the plane it is written in to plane N (one edge per pair, at its first link). A link to a plane
 * that does not exist is marked dangling and drawn to a `missing` node.
 */
import type { GraphEdge, GraphModel, GraphNode } from '../graph/types';
import type { ThreeMdDocument } from '../threemd/document';
import { buildAgent, dependencies, fieldOf, skillOf } from './model';
import { planeAnchor } from './planeChecks';

/** The plane the agent starts from: a valid `entry`, else the identity. */
function entryZ(doc: ThreeMdDocument, identityZ: number | undefined): number | undefined {
  const raw = fieldOf(doc, 'entry')?.value.trim();
  if (raw !== undefined && /^-?\d+$/.test(raw) && doc.zs.has(Number(raw))) return Number(raw);
  return identityZ;
}

export function agentGraphModel(doc: ThreeMdDocument, uri: string): GraphModel {
  const model = buildAgent(doc);
  const title = fieldOf(doc, 'title')?.value.trim() || fieldOf(doc, 'agent')?.value.trim() || 'agent';
  const entry = entryZ(doc, model.identity?.z);
  const nodes: GraphNode[] = doc.planes.map((p, i) => {
    const identity = model.identityIndexes.has(i);
    return {
      id: String(p.z),
      kind: identity ? ('identity' as const) : ('skill' as const),
      label: identity ? (p.label ?? 'identity') : skillOf(p).name,
      detail: `z=${p.z}`,
      entry: p.z === entry,
      final: false,
      join: false,
      range: planeAnchor(p),
    };
  });
  const edges: GraphEdge[] = [];
  const missing = new Map<number, GraphNode>();
  const seen = new Set<string>();
  for (const p of doc.planes) {
    for (const d of dependencies(p)) {
      const key = `${p.z}>${d.z}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const dangling = !doc.zs.has(d.z);
      edges.push({ from: String(p.z), to: String(d.z), kind: 'dependency', dangling, implicit: false, range: d.range });
      if (dangling && !missing.has(d.z)) {
        missing.set(d.z, { id: String(d.z), kind: 'missing', label: `z=${d.z}`, detail: '(no such plane)', entry: false, final: false, join: false, range: d.range });
      }
    }
  }
  return { kind: 'agent', uri, title, subtitle: 'agent.3md', nodes: [...nodes, ...missing.values()], edges };
}
