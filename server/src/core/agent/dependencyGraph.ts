/**
 * The dependency graph of an agent (plane → the planes its `[[z=N]]` links name) and its cycles,
 * one per strongly connected component (agent/cycles.ts), searched on each analysis from each
 * plane's dependency targets (kept on the plane's source: they depend on its content only).
 */
import { findCycles, type Cycle } from './cycles';

export interface DependencyGraph {
  /** Each plane's dependency targets (z values), in body order. */
  targets: readonly (readonly number[])[];
  /** One entry per strongly connected component with a cycle. */
  edges: Cycle[];
}

/** The graph of planes with these z values and dependency targets (in plane order). */
export function dependencyGraph(zs: readonly number[], targets: readonly (readonly number[])[]): DependencyGraph {
  const index = new Map<number, number>();
  let any = false;
  for (let i = 0; i < zs.length; i++) {
    index.set(zs[i]!, i);
    any ||= targets[i]!.length > 0;
  }
  return { targets, edges: any ? findCycles(targets, index) : [] };
}
