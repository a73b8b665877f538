/**
 * A graph to draw, as plain data: an Agent World's workflow or an agent.3md's skill dependencies.
 * Every node and edge keeps the range in its file it comes from, so a picture can lead back to
 * the text. The CLI renders it as Mermaid or DOT (`graph/render.ts`), the editor draws it.
 */
import type { Range } from '../types';

export type GraphNodeKind =
  /** A workflow node of a world. */
  | 'node'
  /** The `human` pseudo-node: where human messages enter. */
  | 'human'
  /** An agent of a world without workflow nodes (free mention). */
  | 'agent'
  /** The identity plane of an agent.3md. */
  | 'identity'
  /** A skill plane of an agent.3md. */
  | 'skill'
  /** Named by an edge or link but not defined (the checks report it). */
  | 'missing';

export interface GraphNode {
  /** Unique in the graph: the workflow node id, `human`, the agent id, or the plane's z as text. */
  id: string;
  kind: GraphNodeKind;
  /** What the node is called: the node id, the plane's name. */
  label: string;
  /** A second line: the agent that runs the node (its name, else its id), `z=N` of a plane. */
  detail?: string;
  /** The workflow's entry node, the entry agent, or the agent's entry plane. */
  entry: boolean;
  /** A workflow node the eval counts as final: no outgoing edges (every node in a free-mention world). */
  final: boolean;
  /** A join: the node lists `requires`. */
  join: boolean;
  /** Where the node is defined, or first named (missing nodes); absent for an implicit `human`. */
  range?: Range;
}

export type GraphEdgeKind =
  /** `workflow.edges.<from>` lists `<to>`. */
  | 'edge'
  /** `workflow.edges.human` lists `<to>`, or (implicit) human messages enter at the entry. */
  | 'human'
  /** `workflow.nodes.<to>.requires` lists `<from>`: the join waits for it. */
  | 'requires'
  /** `[[z=<to>]]` in plane `<from>`. */
  | 'dependency';

export interface GraphEdge {
  from: string;
  to: string;
  kind: GraphEdgeKind;
  /** The target is not defined (a missing node, a dangling link). */
  dangling: boolean;
  /** Not written in the file: human messages enter at the entry because `workflow.edges.human` is absent. */
  implicit: boolean;
  /** The target as written (the edge's target string, the `requires` item, the `[[z=N]]` link). */
  range?: Range;
}

export interface GraphModel {
  kind: 'world' | 'agent';
  /** The file the ranges are in. */
  uri: string;
  /** The world's or the agent's name. */
  title: string;
  /** The workflow type of a world, `agent.3md` for an agent. */
  subtitle: string;
  nodes: GraphNode[];
  edges: GraphEdge[];
}
