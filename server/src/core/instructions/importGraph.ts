/**
 * The import graph one check follows from an instruction file. Each file is read once for the
 * whole check (breadth first from the file, in the order of its imports), at most
 * `IMPORT_LIMITS.files` files and `IMPORT_LIMITS.bytes` bytes in all; then one pass over its
 * strongly connected components gives every file the nearest cycle it leads to and the longest
 * chain below it, so the chains of all the file's imports cost time linear in files plus
 * imports, however many imports share the files below them.
 */

/** Most files and bytes one check reads through imports (guards far above real chains). */
export const IMPORT_LIMITS = { files: 200, bytes: 4 * 1024 * 1024 };

/** What reading one file gives: the URIs it imports (unread ones left out), and its size; null when it cannot be read. */
export type ReadImports = (uri: string) => { targets: string[]; bytes: number } | null;

export interface ImportGraph {
  /** Node 0 is the checked file. */
  uris: string[];
  /** Each node's targets (node numbers, each once); undefined for a file left unread by a limit. */
  edges: (number[] | undefined)[];
  /** True when some file was left unread by a limit. */
  cut: boolean;
  filesRead: number;
  bytesRead: number;
}

/** Reads the graph below `rootUri`, whose own imports are `rootTargets`. */
export function loadImportGraph(rootUri: string, rootTargets: readonly string[], read: ReadImports, limits = IMPORT_LIMITS): ImportGraph {
  const uris = [rootUri];
  const ids = new Map([[rootUri, 0]]);
  const edges: (number[] | undefined)[] = [];
  const idOf = (uri: string): number => {
    let id = ids.get(uri);
    if (id === undefined) {
      id = uris.length;
      ids.set(uri, id);
      uris.push(uri);
    }
    return id;
  };
  const link = (targets: readonly string[]): number[] => [...new Set(targets.map(idOf))];
  edges[0] = link(rootTargets);
  let filesRead = 0;
  let bytesRead = 0;
  let cut = false;
  for (let at = 1; at < uris.length; at++) {
    if (filesRead >= limits.files || bytesRead >= limits.bytes) {
      cut = true;
      break;
    }
    const r = read(uris[at]!);
    filesRead++;
    if (!r) {
      edges[at] = [];
      continue;
    }
    bytesRead += r.bytes;
    edges[at] = link(r.targets);
  }
  for (let i = 0; i < uris.length; i++) if (edges[i] === undefined) cut = true;
  return { uris, edges, cut, filesRead, bytesRead };
}

export interface ImportFacts {
  /** Hops from each node to the nearest file on a cycle (0 on one); Infinity when none is reachable. */
  toCycle: Float64Array;
  /** The target that leads there (or, on a cycle, the next file of a shortest cycle back to it); -1 for none. */
  cycleNext: Int32Array;
  /** The longest chain of hops below each node that reaches no cycle (Infinity when one is reachable). */
  height: Float64Array;
  /** The target that starts that chain; -1 for none. */
  heightNext: Int32Array;
  /** Whether a node leads to a file left unread by a limit. */
  unread: Uint8Array;
}

/**
 * Strongly connected components (Tarjan, with an explicit stack), then the facts of each node
 * from those of its targets: a component is finished only after every component it leads to.
 */
export function importFacts(g: ImportGraph): ImportFacts {
  const n = g.uris.length;
  const index = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const onStack = new Uint8Array(n);
  const comp = new Int32Array(n).fill(-1);
  const stack: number[] = [];
  const facts: ImportFacts = {
    toCycle: new Float64Array(n).fill(Infinity),
    cycleNext: new Int32Array(n).fill(-1),
    height: new Float64Array(n),
    heightNext: new Int32Array(n).fill(-1),
    unread: new Uint8Array(n),
  };
  let counter = 0;
  let comps = 0;
  const out = (v: number) => g.edges[v] ?? [];
  for (let s = 0; s < n; s++) {
    if (index[s] !== -1) continue;
    const work: { v: number; i: number }[] = [{ v: s, i: 0 }];
    index[s] = low[s] = counter++;
    stack.push(s);
    onStack[s] = 1;
    while (work.length) {
      const top = work[work.length - 1]!;
      const targets = out(top.v);
      if (top.i < targets.length) {
        const w = targets[top.i++]!;
        if (index[w] === -1) {
          index[w] = low[w] = counter++;
          stack.push(w);
          onStack[w] = 1;
          work.push({ v: w, i: 0 });
        } else if (onStack[w]) low[top.v] = Math.min(low[top.v]!, index[w]!);
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low[parent.v] = Math.min(low[parent.v]!, low[top.v]!);
      if (low[top.v] !== index[top.v]) continue;
      const members: number[] = [];
      let w: number;
      do {
        w = stack.pop()!;
        onStack[w] = 0;
        comp[w] = comps;
        members.push(w);
      } while (w !== top.v);
      finishComponent(g, facts, comp, comps++, members);
    }
  }
  return facts;
}

/** The facts of one component's nodes, every component it leads to being finished. */
function finishComponent(g: ImportGraph, f: ImportFacts, comp: Int32Array, c: number, members: number[]): void {
  const out = (v: number) => g.edges[v] ?? [];
  const cyclic = members.length > 1 || out(members[0]!).includes(members[0]!);
  for (const v of members) {
    if (g.edges[v] === undefined) f.unread[v] = 1;
    for (const w of out(v)) if (f.unread[w]) f.unread[v] = 1;
  }
  if (members.length > 1 && members.some((v) => f.unread[v])) for (const v of members) f.unread[v] = 1;
  if (cyclic) {
    for (const v of members) {
      f.toCycle[v] = 0;
      f.height[v] = Infinity;
    }
    shortestCycles(g, f, comp, c, members);
    return;
  }
  const v = members[0]!;
  for (const w of out(v)) {
    if (f.toCycle[w]! + 1 < f.toCycle[v]!) {
      f.toCycle[v] = f.toCycle[w]! + 1;
      f.cycleNext[v] = w;
    }
    if (f.height[w]! + 1 > f.height[v]!) {
      f.height[v] = f.height[w]! + 1;
      f.heightNext[v] = w;
    }
  }
  if (f.toCycle[v] !== Infinity) f.height[v] = Infinity;
}

/**
 * In a cyclic component, each file's next step on a shortest cycle back to one file of it: a
 * breadth-first search backwards from the component's first member, inside the component. Every
 * member then leads to that file in the fewest hops, and the file itself closes the cycle.
 */
function shortestCycles(g: ImportGraph, f: ImportFacts, comp: Int32Array, c: number, members: number[]): void {
  const inside = (w: number) => comp[w] === c;
  const preds = new Map<number, number[]>();
  for (const v of members) for (const w of g.edges[v] ?? []) if (inside(w)) (preds.get(w) ?? preds.set(w, []).get(w)!).push(v);
  const anchor = members[members.length - 1]!;
  const seen = new Set<number>();
  let frontier = [anchor];
  while (frontier.length) {
    const next: number[] = [];
    for (const w of frontier)
      for (const v of preds.get(w) ?? []) {
        if (seen.has(v)) continue;
        seen.add(v);
        f.cycleNext[v] = w;
        next.push(v);
      }
    frontier = next;
  }
}

/**
 * Each node's fewest hops from the checked file (node 0), -1 for one not reached. The graph's
 * nodes are numbered in the order a breadth-first walk meets them, so one pass in that order
 * settles them.
 */
export function shortestHops(g: ImportGraph): Int32Array {
  const hops = new Int32Array(g.uris.length).fill(-1);
  hops[0] = 0;
  for (let v = 0; v < g.uris.length; v++) {
    if (hops[v]! < 0) continue;
    for (const t of g.edges[v] ?? []) if (hops[t]! < 0) hops[t] = hops[v]! + 1;
  }
  return hops;
}

/**
 * The chain from the checked file through node `v` (one of its imports): to the nearest cycle
 * and round it to the first file met twice, else down the longest chain. `cycle` tells which.
 */
export function chainFrom(g: ImportGraph, f: ImportFacts, v: number): { chain: number[]; cycle: boolean } {
  const chain = [0, v];
  if (v === 0) return { chain, cycle: true };
  const seen = new Set(chain);
  if (f.toCycle[v] !== Infinity) {
    let at = v;
    // At most every node once, then the repeat.
    for (let guard = 0; guard <= g.uris.length; guard++) {
      const next = f.cycleNext[at]!;
      if (next < 0) break;
      chain.push(next);
      if (seen.has(next)) return { chain, cycle: true };
      seen.add(next);
      at = next;
    }
    return { chain, cycle: true };
  }
  for (let at = f.heightNext[v]!; at >= 0; at = f.heightNext[at]!) chain.push(at);
  return { chain, cycle: false };
}
