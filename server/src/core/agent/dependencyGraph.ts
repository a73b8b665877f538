/**
 * The dependency graph of an agent (plane → the planes its `[[z=N]]` links name) and its cycles,
 * one per strongly connected component (agent/cycles.ts). The search is carried over an
 * incremental edit when the graph it sees cannot have changed, and reused when no plane's
 * targets changed.
 */
import type { Plane, ThreeMdDocument } from '../threemd/syntax';
import { spliced } from '../planeTable';
import { dependencies } from './model';
import { findCycles, type Cycle } from './cycles';

/** The graph of the document, searched again only when an edit may have changed its cycles. */
export function dependencyGraph(doc: ThreeMdDocument): DependencyGraph {
  const planes = doc.planes;
  let graph = graphs.get(doc.linkTargets);
  if (!graph || (!(graph.array === planes && graph.revision === doc.revision) && !carryGraph(graph, doc) && !reuseGraph(graph, doc))) {
    const targets = planes.map((p) => dependencies(p).map((d) => d.z));
    const targeted = new Map<number, number>();
    for (const t of targets) for (const z of t) targeted.set(z, (targeted.get(z) ?? 0) + 1);
    graph = { array: planes, revision: doc.revision, seen: planes.slice(), zs: doc.zs, targets, targeted, edges: searchCycles(planes, targets) };
    graphs.set(doc.linkTargets, graph);
  }
  return graph;
}

/**
 * The last cycle search of a document and the documents re-parsed from it (keyed by their shared
 * `linkTargets`): the plane array and revision it saw, each plane's dependency targets, how many
 * dependency links target each z, and the back edges.
 */
export interface DependencyGraph {
  array: Plane[];
  revision: number;
  /** A private copy of the planes searched, and the z set they resolved against. */
  seen: Plane[];
  zs: ReadonlySet<number>;
  targets: number[][];
  targeted: Map<number, number>;
  /** One entry per strongly connected component with a cycle. */
  edges: Cycle[];
}

const graphs = new WeakMap<object, DependencyGraph>();

/**
 * Carries the graph over the document's splice, in place, when the back edges cannot have
 * changed. Either the new planes replace the removed ones one for one, each with the same
 * dependency targets and either the same z or a z that no link targets before or after (a plane
 * nothing reaches is searched from itself, in the same turn); or every removed and added plane is
 * isolated (no dependency, and no link targets its z); or the graph had no cycle and can have
 * none now. The z set changes only by the z values of removed and added planes, so no other link
 * resolves differently. Returns false when the search must run again.
 *
 * With no cycle, `edges` is empty whatever the order of the search; with cycles, which links
 * close them depends on the order, so only the first two cases keep them: there the graph is
 * the same but for planes that are their own component with no cycle, visited in the same turn
 * of the search, so every component, its cycle and its members are the same planes, moved.
 */
function carryGraph(graph: DependencyGraph, doc: ThreeMdDocument): boolean {
  const s = doc.splice;
  if (!s || graph.array !== s.base || graph.revision !== s.revision) return false;
  const added: number[][] = [];
  for (let i = s.at; i < s.at + s.added; i++) added.push(dependencies(doc.planes[i]!).map((d) => d.z));
  const same = (a: number[], b: number[]) => a.length === b.length && a.every((z, k) => z === b[k]);
  const unreached = (z: number) => !graph.targeted.has(z);
  const replaces = (k: number) => {
    const a = s.base[s.at + k]!.z;
    const b = doc.planes[s.at + k]!.z;
    return same(added[k]!, graph.targets[s.at + k]!) && (a === b || (unreached(a) && unreached(b)));
  };
  let oneForOne = s.added === s.removed;
  for (let k = 0; oneForOne && k < s.added; k++) oneForOne = replaces(k);
  let isolated = !oneForOne;
  for (let k = 0; isolated && k < s.removed; k++) isolated = !graph.targets[s.at + k]!.length && unreached(s.base[s.at + k]!.z);
  for (let k = 0; isolated && k < s.added; k++) isolated = !added[k]!.length && unreached(doc.planes[s.at + k]!.z);
  if (!oneForOne && !isolated && !staysAcyclic(graph, doc, added)) return false;
  const shift = s.added - s.removed;
  if (shift !== 0) {
    graph.targets = spliced(graph.targets, s.at, s.removed, added);
    const move = (i: number) => (i < s.at ? i : i + shift);
    graph.edges = graph.edges.map((e) => ({ ...e, source: move(e.source), chain: e.chain.map(move), others: e.others.map(move) }));
  } else for (let k = 0; k < added.length; k++) graph.targets[s.at + k] = added[k]!;
  if (s.base === doc.planes) for (let k = 0; k < s.added; k++) graph.seen[s.at + k] = doc.planes[s.at + k]!;
  else graph.seen = doc.planes.slice();
  graph.array = doc.planes;
  graph.revision = doc.revision;
  graph.zs = doc.zs;
  return true;
}

/**
 * A graph without cycles keeps none when no added plane is reached by a link: removing planes
 * only removes edges, and a cycle through an added plane needs an edge into it. Updates the
 * target counts for the splice (they are counted again from scratch when this fails).
 */
function staysAcyclic(graph: DependencyGraph, doc: ThreeMdDocument, added: number[][]): boolean {
  if (graph.edges.length) return false;
  const s = doc.splice!;
  const count = (z: number, by: number) => {
    const n = (graph.targeted.get(z) ?? 0) + by;
    if (n) graph.targeted.set(z, n);
    else graph.targeted.delete(z);
  };
  for (let k = 0; k < s.removed; k++) for (const z of graph.targets[s.at + k]!) count(z, -1);
  for (const t of added) for (const z of t) count(z, 1);
  for (let k = 0; k < s.added; k++) {
    if (!graph.targeted.has(doc.planes[s.at + k]!.z)) continue;
    // The counts now describe neither document: nothing may reuse this search.
    graph.seen = [];
    graph.revision = -1;
    return false;
  }
  return true;
}

/**
 * Several edits since the last search (edits are analysed after a pause): the search holds when
 * the z set is the same and every plane that is not the one searched (or a move of it) has the
 * same z and the same dependency targets.
 */
function reuseGraph(graph: DependencyGraph, doc: ThreeMdDocument): boolean {
  const planes = doc.planes;
  if (graph.zs !== doc.zs || graph.seen.length !== planes.length) return false;
  for (let i = 0; i < planes.length; i++) {
    const p = planes[i]!;
    const q = graph.seen[i]!;
    if (p === q || (p.origin ?? p) === (q.origin ?? q)) continue;
    const now = dependencies(p);
    const before = graph.targets[i]!;
    if (p.z !== q.z || now.length !== before.length || !now.every((d, k) => d.z === before[k])) return false;
  }
  graph.seen = planes.slice();
  graph.array = planes;
  graph.revision = doc.revision;
  return true;
}

function searchCycles(planes: Plane[], targets: number[][]): Cycle[] {
  const index = new Map<number, number>();
  planes.forEach((p, i) => index.set(p.z, i));
  return findCycles(targets, index);
}
