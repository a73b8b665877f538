/**
 * The dependency graph of an agent (plane → the planes its `[[z=N]]` links name) and its cycles,
 * one per strongly connected component (agent/cycles.ts), searched on each analysis from each
 * plane's dependency targets (kept on the plane's source: they depend on its content only).
 */
import type { ThreeMdDocument } from '../threemd/document';
import { dependencyTargets } from './model';
import { findCycles, type Cycle } from './cycles';

export interface DependencyGraph {
  /** Each plane's dependency targets (z values), in body order. */
  targets: readonly (readonly number[])[];
  /** One entry per strongly connected component with a cycle. */
  edges: Cycle[];
}

export function dependencyGraph(doc: ThreeMdDocument): DependencyGraph {
  const planes = doc.planes;
  const targets = planes.map(dependencyTargets);
  const index = new Map<number, number>();
  let any = false;
  for (let i = 0; i < planes.length; i++) {
    index.set(planes[i]!.z, i);
    any ||= targets[i]!.length > 0;
  }
  return { targets, edges: any ? findCycles(targets, index) : [] };
}
