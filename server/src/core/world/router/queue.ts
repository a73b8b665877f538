/** Queueing turns and routing blocks (spec §3.8): one pending turn per agent and node, the turn limit, de-duplicated blocks. */
import { currentRun, nextId, runTurnsCompleted, type Draft } from './draft';
import { nodeAgent, turnLimitReached } from './workflow';
import type { RouterConfig, RoutingError, Turn } from './types';

type ErrorFields = Omit<RoutingError, 'id' | 'type' | 'runId' | 'status' | 'createdAt'>;

/** Records a block unless the same one (reason and source message) is already pending. */
export function queueBlock(d: Draft, error: ErrorFields): RoutingError | undefined {
  const runId = currentRun(d);
  const dup = d.state.pendingRoutingErrors.some((e) => e.status === 'pending' && e.runId === runId && e.reason === error.reason && e.sourceMessageId === error.sourceMessageId);
  if (dup) return undefined;
  const blocked: RoutingError = { id: nextId(d, 'blocked'), type: 'blocked', runId, status: 'pending', createdAt: d.now, ...error };
  d.state.pendingRoutingErrors.push(blocked);
  return blocked;
}

/** The turn-limit block for a message. */
export function turnLimitBlock(config: RouterConfig, d: Draft, sourceMessageId: string): ErrorFields {
  const limit = config.world.turnLimit ?? 0;
  return { reason: `Workflow stopped: turn limit ${limit} reached.`, code: 'turn_limit_reached', sourceMessageId, limit, completedTurns: runTurnsCompleted(d).length };
}

/**
 * Queues a turn of `agent` (at `node`), unless the agent is unknown, the run is done, the same
 * agent and node are already pending, or the turn limit is reached (then a block is recorded).
 */
export function queueTurn(
  config: RouterConfig,
  d: Draft,
  agent: string | undefined,
  sourceMessageId: string,
  reason: string,
  node: string | null,
  extra: { ignoredMentions?: string[] } = {},
): Turn | undefined {
  if (agent === undefined || !Object.hasOwn(config.agents, agent)) return undefined;
  if (d.state.done) return undefined;
  if (turnLimitReached(config, d)) {
    queueBlock(d, turnLimitBlock(config, d, sourceMessageId));
    return undefined;
  }
  const pending = d.state.pendingTurns.some((t) => t.status === 'pending' && t.runId === d.state.currentRunId && t.agent === agent && (t.workflowNode || null) === (node || null));
  if (pending) return undefined;
  const turn: Turn = {
    id: nextId(d, 'turn'),
    type: 'agent_turn',
    runId: currentRun(d),
    agent,
    workflowNode: node,
    sourceMessageId,
    reason,
    status: 'pending',
    dispatched: false,
    createdAt: d.now,
    ...extra,
  };
  d.state.pendingTurns.push(turn);
  return turn;
}

export function queueNode(config: RouterConfig, d: Draft, node: string, sourceMessageId: string, reason: string, extra: { ignoredMentions?: string[] } = {}): Turn | undefined {
  const agent = nodeAgent(config, node);
  return agent === undefined ? undefined : queueTurn(config, d, agent, sourceMessageId, reason, node, extra);
}
