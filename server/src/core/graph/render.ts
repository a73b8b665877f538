/**
 * A graph (`graph/types.ts`) as Mermaid or Graphviz DOT text, for READMEs. The entry is drawn
 * rounded (DOT: a double border), final nodes as a subroutine box (DOT: bold), `requires` joins as
 * dotted links; the implicit human entry (no `workflow.edges.human`) is left out, as the file
 * does not write it. Labels are escaped for each language, so any id or name is drawn as written
 * and can never end the statement it sits in.
 */
import type { GraphEdge, GraphModel, GraphNode } from './types';

export type GraphFormat = 'mermaid' | 'dot';

/** What the text shows: every edge the file writes, and every node but a `human` only implicit edges touch. */
function drawn(g: GraphModel): { nodes: GraphNode[]; edges: GraphEdge[] } {
  const edges = g.edges.filter((e) => !e.implicit);
  const humanUsed = edges.some((e) => e.from === 'human' || e.to === 'human');
  return { nodes: g.nodes.filter((n) => n.kind !== 'human' || humanUsed), edges };
}

const labelOf = (n: GraphNode) => (n.detail !== undefined ? `${n.label}\n${n.detail}` : n.label);

/** Mermaid: ids become n0, n1…; labels are quoted with `"` and `#` written as entity codes. */
function mermaid(g: GraphModel): string {
  const { nodes, edges } = drawn(g);
  const ref = new Map(nodes.map((n, i) => [n.id, `n${i}`]));
  const text = (s: string) => s.replace(/#/g, '#35;').replace(/"/g, '#quot;').replace(/</g, '#lt;').replace(/>/g, '#gt;').replace(/\r?\n/g, '<br/>');
  const lines = ['flowchart TD', `  %% ${text(g.title)}${g.subtitle ? ` (${text(g.subtitle)})` : ''}`];
  for (const n of nodes) {
    const [open, close] = n.entry ? ['(["', '"])'] : n.final ? ['[["', '"]]'] : ['["', '"]'];
    lines.push(`  ${ref.get(n.id)}${open}${text(labelOf(n))}${close}`);
  }
  for (const e of edges) lines.push(`  ${ref.get(e.from)} ${e.kind === 'requires' ? '-. requires .->' : '-->'} ${ref.get(e.to)}`);
  return lines.join('\n') + '\n';
}

/** DOT: every id and label is a quoted string with `\` and `"` escaped. */
function dot(g: GraphModel): string {
  const { nodes, edges } = drawn(g);
  const q = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\r?\n/g, '\\n')}"`;
  const lines = [`digraph ${q(g.title)} {`, '  rankdir=TB;', '  node [shape=box];'];
  for (const n of nodes) lines.push(`  ${q(n.id)} [label=${q(labelOf(n))}${n.entry ? ', peripheries=2' : ''}${n.final ? ', style=bold' : ''}];`);
  for (const e of edges) lines.push(`  ${q(e.from)} -> ${q(e.to)}${e.kind === 'requires' ? ' [style=dashed, label="requires"]' : ''};`);
  lines.push('}');
  return lines.join('\n') + '\n';
}

export function renderGraph(g: GraphModel, format: GraphFormat): string {
  return format === 'dot' ? dot(g) : mermaid(g);
}
