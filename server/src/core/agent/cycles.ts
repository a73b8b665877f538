/**
 * The cycles of a dependency graph, one per strongly connected component: an iterative Tarjan
 * search (explicit stacks, so document-controlled depth cannot overflow the call stack) that
 * also records the back edges a three-colour search in the same order would find. Linear in
 * planes plus links, whatever the shape: 1,000 planes each linking to all others make one
 * component, not the half million back edges they hold.
 */

/** The plane (index) of a z; a Map of them will do. */
export interface PlaneIndex {
  get(z: number): number | undefined;
}

/** How many planes of a cycle, and of the rest of its component, are listed by index. */
export const CYCLE_SHOWN = 20;

/** One strongly connected component with a cycle (a self-link counts). */
export interface Cycle {
  /** The plane (index) whose link closes the component's first cycle: the search's first back edge into it. */
  source: number;
  /** Which of `source`'s dependency links it is. */
  dep: number;
  /** That cycle from the link's target along the search path to `source`: its first `CYCLE_SHOWN + 1` plane indexes. */
  chain: number[];
  /** How many planes the cycle has (`chain` may be cut). */
  length: number;
  /** The first `CYCLE_SHOWN` other planes of the component (not on the cycle), ascending. */
  others: number[];
  /** How many planes the component has. */
  size: number;
}

/**
 * Every component with a cycle, ordered by where the search (roots in plane order, links in body
 * order) first closes one, so the first is the cycle the reference's three-colour search reports.
 * `targets[i]` are plane i's dependency targets (z values), `index` maps a z to its plane.
 */
export function findCycles(targets: readonly (readonly number[])[], index: PlaneIndex): Cycle[] {
  const n = targets.length;
  const order = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const parent = new Int32Array(n);
  const comp = new Int32Array(n).fill(-1);
  /** 1: on Tarjan's stack; 2: also on the search path (grey). */
  const state = new Uint8Array(n);
  const pending = new Int32Array(n);
  let pendingTop = 0;
  const frame = new Int32Array(n);
  const next = new Int32Array(n);
  /** Each component's members, in the order they were popped, and where each component starts. */
  const members = new Int32Array(n);
  const start: number[] = [];
  let membersTop = 0;
  /** Back edges, as (source, link) pairs, in the order the search found them. */
  const back: number[] = [];
  let counter = 0;
  for (let root = 0; root < n; root++) {
    if (order[root]! >= 0) continue;
    let top = 0;
    const enter = (v: number, from: number) => {
      order[v] = low[v] = counter++;
      parent[v] = from;
      state[v] = 2;
      pending[pendingTop++] = v;
      frame[top] = v;
      next[top++] = 0;
    };
    enter(root, -1);
    while (top) {
      const v = frame[top - 1]!;
      const deps = targets[v]!;
      if (next[top - 1]! < deps.length) {
        const k = next[top - 1]!++;
        const w = index.get(deps[k]!);
        if (w === undefined) continue;
        if (order[w]! < 0) enter(w, v);
        else if (state[w]) {
          if (order[w]! < low[v]!) low[v] = order[w]!;
          if (state[w] === 2) back.push(v, k);
        }
        continue;
      }
      top--;
      state[v] = 1;
      if (top && low[v]! < low[frame[top - 1]!]!) low[frame[top - 1]!] = low[v]!;
      if (low[v] !== order[v]) continue;
      start.push(membersTop);
      let w: number;
      do {
        w = pending[--pendingTop]!;
        state[w] = 0;
        comp[w] = start.length - 1;
        members[membersTop++] = w;
      } while (w !== v);
    }
  }
  start.push(membersTop);
  const out: Cycle[] = [];
  if (!back.length) return out;
  const reported = new Uint8Array(start.length);
  const onChain = new Uint8Array(n);
  for (let b = 0; b < back.length; b += 2) {
    const source = back[b]!;
    const c = comp[source]!;
    if (reported[c]) continue;
    reported[c] = 1;
    const dep = back[b + 1]!;
    const target = index.get(targets[source]![dep]!)!;
    // The search path from the target down to the source, walked up from the source.
    const path: number[] = [];
    for (let v = source; ; v = parent[v]!) {
      path.push(v);
      onChain[v] = 1;
      if (v === target) break;
    }
    const chain: number[] = [];
    for (let i = path.length - 1; i >= 0 && chain.length <= CYCLE_SHOWN; i--) chain.push(path[i]!);
    const others: number[] = [];
    for (let i = start[c]!; i < start[c + 1]!; i++) if (!onChain[members[i]!]) others.push(members[i]!);
    others.sort((x, y) => x - y);
    if (others.length > CYCLE_SHOWN) others.length = CYCLE_SHOWN;
    out.push({ source, dep, chain, length: path.length, others, size: start[c + 1]! - start[c]! });
  }
  return out;
}
