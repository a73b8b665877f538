/**
 * The graph panel's script (bundled to dist/webview/graph.js; the same file on the desktop and in the
 * browser): draws the graph the extension sends as SVG, laid out by dagre. Nodes are labelled
 * with their id and agent (or plane name and z); the entry, final nodes, joins, the human pseudo-
 * node and missing nodes each have their own shape; a run's path is highlighted and numbered.
 * A click asks the extension to reveal the node or edge in its file. After each drawing the
 * script reports what it drew (`rendered`). No Node API, no remote resource; colours come from
 * the editor theme's CSS variables (see the panel's stylesheet in client/src/graphHtml.ts).
 */
import dagre from '@dagrejs/dagre';
import type { GraphEdge, GraphModel, GraphNode } from '../../server/src/core/graph/types';
import { MAX_DRAWN_NODES, type GraphViewMessage, type ShowGraphMessage } from './messages';

declare function acquireVsCodeApi(): { postMessage(message: GraphViewMessage): void };

const vscode = acquireVsCodeApi();
const SVG = 'http://www.w3.org/2000/svg';
const LINE = 16;
const PAD_X = 14;
const PAD_Y = 8;

type Attrs = Record<string, string | number>;

function el<K extends keyof SVGElementTagNameMap>(name: K, attrs: Attrs = {}, parent?: Element): SVGElementTagNameMap[K] {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  parent?.appendChild(e);
  return e;
}

/** Text widths in the panel's font (a canvas measures without laying out the page). */
const measure = (() => {
  const ctx = document.createElement('canvas').getContext('2d');
  return (text: string, bold: boolean): number => {
    if (!ctx) return text.length * 7.5;
    const style = getComputedStyle(document.body);
    ctx.font = `${bold ? '600 ' : ''}${style.fontSize} ${style.fontFamily}`;
    return ctx.measureText(text).width || text.length * 7.5;
  };
})();

function linesOf(n: GraphNode): string[] {
  return n.detail !== undefined ? [n.label, n.detail] : [n.label];
}

/** Each node's visit numbers on the path (1-based), and the path's steps as `from→to` keys. */
function pathIndex(path: string[]): { visits: Map<string, number[]>; steps: Set<string> } {
  const visits = new Map<string, number[]>();
  const steps = new Set<string>();
  path.forEach((id, i) => {
    visits.set(id, [...(visits.get(id) ?? []), i + 1]);
    if (i > 0) steps.add(`${path[i - 1]}\u0000${id}`);
  });
  if (path.length) steps.add(`human\u0000${path[0]}`);
  return { visits, steps };
}

function layout(g: GraphModel) {
  const d = new dagre.graphlib.Graph({ multigraph: true });
  d.setGraph({ rankdir: 'TB', nodesep: 28, ranksep: 48, edgesep: 12, marginx: 16, marginy: 16 });
  d.setDefaultEdgeLabel(() => ({}));
  for (const n of g.nodes) {
    const lines = linesOf(n);
    const width = Math.max(...lines.map((l, i) => measure(l, i === 0))) + 2 * PAD_X + (n.final ? 8 : 0);
    d.setNode(n.id, { width: Math.max(width, 56), height: lines.length * LINE + 2 * PAD_Y + (n.final ? 8 : 0) });
  }
  g.edges.forEach((e, i) => d.setEdge(e.from, e.to, { minlen: 1, weight: e.kind === 'requires' || e.implicit ? 0 : 1 }, String(i)));
  dagre.layout(d);
  return d;
}

function nodeClass(n: GraphNode, onPath: boolean, problem: 'error' | 'warning' | undefined): string {
  return ['node', n.kind, n.entry ? 'entry' : '', n.final ? 'final' : '', n.join ? 'join' : '', onPath ? 'on-path' : '', problem ?? ''].filter(Boolean).join(' ');
}

function edgeClass(e: GraphEdge, onPath: boolean): string {
  return ['edge', e.kind, e.implicit ? 'implicit' : '', e.dangling ? 'dangling' : '', onPath ? 'on-path' : ''].filter(Boolean).join(' ');
}

function drawNode(
  parent: Element,
  n: GraphNode,
  box: { x: number; y: number; width: number; height: number },
  visits: number[] | undefined,
  problem: 'error' | 'warning' | undefined,
) {
  const x = box.x - box.width / 2;
  const y = box.y - box.height / 2;
  const group = el('g', { class: nodeClass(n, visits !== undefined, problem), 'data-id': n.id, tabindex: 0, role: 'button' }, parent);
  const title = el('title', {}, group);
  title.textContent = describeNode(n, visits);
  if (n.kind === 'human') el('ellipse', { cx: box.x, cy: box.y, rx: box.width / 2, ry: box.height / 2, class: 'shape' }, group);
  else {
    const round = n.entry || n.kind === 'identity' ? box.height / 2 : 4;
    el('rect', { x, y, width: box.width, height: box.height, rx: round, class: 'shape' }, group);
    if (n.final) el('rect', { x: x + 4, y: y + 4, width: box.width - 8, height: box.height - 8, rx: 2, class: 'inner' }, group);
  }
  const lines = linesOf(n);
  const top = box.y - ((lines.length - 1) * LINE) / 2;
  lines.forEach((line, i) => {
    const t = el('text', { x: box.x, y: top + i * LINE, class: i === 0 ? 'label' : 'detail', 'text-anchor': 'middle', 'dominant-baseline': 'central' }, group);
    t.textContent = line;
  });
  if (n.join) {
    const b = el('g', { class: 'join-badge' }, group);
    el('rect', { x: x - 6, y: y - 9, width: 34, height: 16, rx: 8 }, b);
    const t = el('text', { x: x + 11, y: y - 1, 'text-anchor': 'middle', 'dominant-baseline': 'central' }, b);
    t.textContent = 'join';
  }
  if (visits) {
    const label = visits.join(',');
    const w = Math.max(18, measure(label, true) + 10);
    const b = el('g', { class: 'step-badge' }, group);
    el('rect', { x: x + box.width - w / 2, y: y - 9, width: w, height: 18, rx: 9 }, b);
    const t = el('text', { x: x + box.width, y, 'text-anchor': 'middle', 'dominant-baseline': 'central' }, b);
    t.textContent = label;
  }
  const reveal = () => vscode.postMessage({ type: 'reveal', node: n.id });
  group.addEventListener('click', reveal);
  group.addEventListener('keydown', (ev) => {
    if ((ev as KeyboardEvent).key === 'Enter' || (ev as KeyboardEvent).key === ' ') reveal();
  });
}

function describeNode(n: GraphNode, visits: number[] | undefined): string {
  const what = [
    n.kind === 'missing' ? 'not defined' : n.kind,
    n.entry ? 'entry' : '',
    n.final ? 'final' : '',
    n.join ? 'join (requires)' : '',
    visits ? `run step ${visits.join(', ')}` : '',
  ].filter(Boolean);
  return `${linesOf(n).join(' · ')} (${what.join(', ')})${n.range ? ': click to reveal' : ''}`;
}

function drawEdge(parent: Element, e: GraphEdge, index: number, points: { x: number; y: number }[], onPath: boolean) {
  const d = points.map((p, i) => `${i ? 'L' : 'M'}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
  const group = el('g', { class: edgeClass(e, onPath) }, parent);
  const marker = e.kind === 'requires' ? 'requires' : e.dangling ? 'dangling' : onPath ? 'path' : 'plain';
  el('path', { d, class: 'line', 'marker-end': `url(#arrow-${marker})` }, group);
  // A wider transparent stroke to click on.
  el('path', { d, class: 'hit' }, group);
  const title = el('title', {}, group);
  title.textContent = `${e.from} → ${e.to}${e.kind === 'requires' ? ' (requires: the join waits for it)' : ''}${e.implicit ? ' (implicit: human messages enter at the entry)' : ''}${e.dangling ? ' (target not defined)' : ''}`;
  group.addEventListener('click', () => vscode.postMessage({ type: 'reveal', edge: index }));
}

function defineMarkers(svg: SVGSVGElement) {
  const defs = el('defs', {}, svg);
  for (const kind of ['plain', 'requires', 'dangling', 'path']) {
    const m = el(
      'marker',
      { id: `arrow-${kind}`, viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse', class: `marker ${kind}` },
      defs,
    );
    el('path', { d: 'M0,0 L10,5 L0,10 z' }, m);
  }
}

function render(msg: ShowGraphMessage) {
  const header = document.getElementById('header')!;
  const canvas = document.getElementById('canvas')!;
  canvas.replaceChildren();
  const g = msg.graph;
  if (!g) {
    header.textContent = 'This file has no graph to draw: open a world.json (or a file of its world) or an agent.3md.';
    document.getElementById('legend')!.textContent = '';
    vscode.postMessage({ type: 'rendered', uri: null, nodes: [], edges: 0, path: msg.path, tooLarge: false });
    return;
  }
  const kind = g.kind === 'world' ? 'Agent World' : 'agent.3md';
  header.textContent = `${kind}: ${g.title}${g.subtitle && g.kind === 'world' ? ` (${g.subtitle})` : ''} · ${g.nodes.length} nodes, ${g.edges.length} edges${msg.path.length ? ` · run path: ${msg.path.join(' → ')}` : ''}`;
  document.getElementById('legend')!.textContent =
    g.kind === 'world'
      ? 'Green border: entry · double border: final (no outgoing edge) · dashed purple: requires (the join waits) · dotted: human messages enter at the entry · orange, numbered: the run · red dashed: not defined · click to reveal'
      : 'Rounded: identity or entry plane · arrow: a [[z=N]] dependency · red dashed: a plane that does not exist · click to reveal';
  if (g.nodes.length > MAX_DRAWN_NODES) {
    const p = document.createElement('p');
    p.textContent = `${g.nodes.length} nodes are too many to lay out here (at most ${MAX_DRAWN_NODES}); \`agent-files graph FILE\` prints the graph as Mermaid or DOT.`;
    canvas.appendChild(p);
    vscode.postMessage({ type: 'rendered', uri: g.uri, nodes: [], edges: 0, path: [], tooLarge: true });
    return;
  }
  const d = layout(g);
  const { width = 0, height = 0 } = d.graph();
  const svg = el('svg', { width, height, viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-label': `${kind} graph of ${g.title}` });
  defineMarkers(svg);
  const { visits, steps } = pathIndex(msg.path);
  const edges = el('g', { class: 'edges' }, svg);
  g.edges.forEach((e, i) => {
    const points = d.edge({ v: e.from, w: e.to, name: String(i) })?.points ?? [];
    const onPath = (e.kind === 'edge' || e.kind === 'human') && steps.has(`${e.from}\u0000${e.to}`);
    drawEdge(edges, e, i, points, onPath);
  });
  const nodes = el('g', { class: 'nodes' }, svg);
  for (const n of g.nodes) drawNode(nodes, n, d.node(n.id) as { x: number; y: number; width: number; height: number }, visits.get(n.id), msg.problems[n.id]);
  canvas.appendChild(svg);
  const drawnPath = msg.path.filter((id) => g.nodes.some((n) => n.id === id));
  vscode.postMessage({ type: 'rendered', uri: g.uri, nodes: g.nodes.map((n) => n.id), edges: g.edges.length, path: drawnPath, tooLarge: false });
}

window.addEventListener('message', (ev: MessageEvent<ShowGraphMessage>) => {
  if (ev.data?.type === 'graph') render(ev.data);
});
vscode.postMessage({ type: 'ready' });
