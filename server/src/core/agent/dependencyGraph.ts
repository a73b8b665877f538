/**
 * The dependency graph of an agent (plane → the planes its `[[z=N]]` links name) and its cycles,
 * one per strongly connected component (agent/cycles.ts), searched on each analysis from each
 * plane's dependency targets (kept on the plane's source: they depend on its content only).
 */
import { findCycles, type Cycle, type PlaneIndex } from './cycles';
import { isSmallZ } from '../threemd/zset';

export interface DependencyGraph {
  /** Each plane's dependency targets (z values), in body order. */
  targets: readonly (readonly number[])[];
  /** One entry per strongly connected component with a cycle. */
  edges: Cycle[];
}

/** The graph of planes with these z values and dependency targets (in plane order). */
export function dependencyGraph(zs: readonly number[], targets: readonly (readonly number[])[]): DependencyGraph {
  return { targets, edges: targets.some((t) => t.length > 0) ? findCycles(targets, planeIndex(zs)) : [] };
}

/**
 * The plane index of each z (the last plane of a z wins, as a Map filled in plane order keeps it).
 * The z of nearly every plane is a small whole number: a table of them is made in a fraction of
 * a Map's time, and the graph is made again on every structural edit.
 */
function planeIndex(zs: readonly number[]): PlaneIndex {
  let max = -1;
  for (const z of zs) if (isSmallZ(z) && z > max) max = z;
  const table = new Int32Array(max + 1).fill(-1);
  let other: Map<number, number> | undefined;
  for (let i = 0; i < zs.length; i++) {
    const z = zs[i]!;
    if (isSmallZ(z)) table[z] = i;
    else (other ??= new Map()).set(z, i);
  }
  return {
    get(z: number): number | undefined {
      if (!isSmallZ(z)) return other?.get(z);
      const i = z < table.length ? table[z]! : -1;
      return i < 0 ? undefined : i;
    },
  };
}
