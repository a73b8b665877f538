/**
 * Strongly connected components of a graph on 0…n−1, by an iterative Tarjan search (explicit
 * stacks: document-controlled depth must not overflow the call stack). Linear in nodes and edges.
 */

export interface Components {
  /** The component of each node. Components are numbered sinks first: an edge u → v has comp[u] ≥ comp[v]. */
  comp: Int32Array;
  /** How many nodes each component has. */
  size: number[];
}

export function stronglyConnected(n: number, next: (v: number) => readonly number[]): Components {
  const order = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const comp = new Int32Array(n).fill(-1);
  const onStack = new Uint8Array(n);
  const pending = new Int32Array(n);
  const frame = new Int32Array(n);
  const edge = new Int32Array(n);
  const lists: (readonly number[])[] = new Array(n);
  const size: number[] = [];
  let pendingTop = 0;
  let counter = 0;
  for (let root = 0; root < n; root++) {
    if (order[root]! >= 0) continue;
    let top = 0;
    const enter = (v: number) => {
      order[v] = low[v] = counter++;
      onStack[v] = 1;
      pending[pendingTop++] = v;
      lists[v] = next(v);
      frame[top] = v;
      edge[top++] = 0;
    };
    enter(root);
    while (top) {
      const v = frame[top - 1]!;
      const out = lists[v]!;
      if (edge[top - 1]! < out.length) {
        const w = out[edge[top - 1]!++]!;
        if (order[w]! < 0) enter(w);
        else if (onStack[w] && order[w]! < low[v]!) low[v] = order[w]!;
        continue;
      }
      top--;
      if (top && low[v]! < low[frame[top - 1]!]!) low[frame[top - 1]!] = low[v]!;
      if (low[v] !== order[v]) continue;
      let w: number;
      let k = 0;
      do {
        w = pending[--pendingTop]!;
        onStack[w] = 0;
        comp[w] = size.length;
        k++;
      } while (w !== v);
      size.push(k);
    }
  }
  return { comp, size };
}
