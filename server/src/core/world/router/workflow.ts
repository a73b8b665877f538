/**
 * The workflow graph as the router walks it: allowed next nodes (edges, or every other node in
 * free-mention), `requires` joins met in the current run, and the turn limit.
 */
import { inRun, runTurnsCompleted, type Draft } from './draft';
import type { RouterConfig } from './types';

export function nodeAgent(config: RouterConfig, nodeId: string | null): string | undefined {
  return nodeId !== null && Object.hasOwn(config.workflow.nodes, nodeId) ? config.workflow.nodes[nodeId]!.agent : undefined;
}

/** Where a turn at `source` may hand off: its edges; in free-mention, every other node. */
export function allowedNext(config: RouterConfig, source: string | null): string[] {
  const wf = config.workflow;
  if (!wf.enforceEdges) return Object.keys(wf.nodes).filter((n) => n !== source);
  if (source === null || !Object.hasOwn(wf.edges, source)) return [];
  return wf.edges[source]!;
}

/** Nodes whose turns have completed in the current run. */
export function completedNodes(d: Draft): Set<string> {
  const out = new Set<string>();
  for (const t of d.state.completedTurns) if (inRun(d, t) && t.workflowNode) out.add(t.workflowNode);
  return out;
}

/** The node's `requires` have all completed in the current run. */
export function prereqsMet(config: RouterConfig, d: Draft, nodeId: string): boolean {
  const required = Object.hasOwn(config.workflow.nodes, nodeId) ? config.workflow.nodes[nodeId]!.requires : [];
  if (required.length === 0) return true;
  const done = completedNodes(d);
  return required.every((r) => done.has(r));
}

/** The allowed next nodes of `source` run by one of `agents`, whose joins are met. */
export function routableNodes(config: RouterConfig, d: Draft, source: string | null, agents: readonly string[]): string[] {
  return allowedNext(config, source).filter((n) => {
    const a = nodeAgent(config, n);
    return a !== undefined && agents.includes(a) && prereqsMet(config, d, n);
  });
}

/** Completed turns in the run have reached `world.turnLimit`. */
export function turnLimitReached(config: RouterConfig, d: Draft): boolean {
  const limit = config.world.turnLimit;
  if (limit === null) return false;
  return runTurnsCompleted(d).length >= limit;
}
