/**
 * Whether a value sent from outside (an editor stepping the router) is a router state the
 * router can read: every list and field it reads, of the type it reads it as. The first
 * problem is named, so the request can refuse the value with a clear message.
 */
import type { RouterState } from './types';

type Check = (v: unknown) => boolean;
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str: Check = (v) => typeof v === 'string';
const strOrNull: Check = (v) => v === null || typeof v === 'string';
const optStr: Check = (v) => v === undefined || typeof v === 'string';
const optStrOrNull: Check = (v) => v === undefined || v === null || typeof v === 'string';
const bool: Check = (v) => typeof v === 'boolean';
const optStrings: Check = (v) => v === undefined || (Array.isArray(v) && v.every((x) => typeof x === 'string'));
const any: Check = () => true;
const metadata: Check = (v) =>
  isObj(v) && [v.runId, v.turnId, v.actionId, v.sourceMessageId, v.replyTo].every((x) => x === undefined || typeof x === 'string') && optStrOrNull(v.workflowNode);

const SHAPES: Record<string, Record<string, Check>> = {
  messages: { id: str, runId: str, sender: str, content: str, metadata, processedForRouting: bool },
  pendingTurns: { id: str, runId: str, agent: str, workflowNode: strOrNull, sourceMessageId: str, reason: str, status: str, dispatched: bool, ignoredMentions: optStrings },
  completedTurns: { id: str, runId: str, agent: str, workflowNode: strOrNull, sourceMessageId: str, reason: str, status: str },
  pendingHostActions: { id: any, runId: str, requestedBy: str, workflowNode: strOrNull, status: str },
  completedHostActions: { id: any, runId: str, requestedBy: str, workflowNode: strOrNull, status: str },
  pendingRoutingErrors: {
    id: str,
    runId: str,
    status: str,
    reason: str,
    code: str,
    sourceMessageId: str,
    sourceAgent: optStr,
    sourceNode: optStrOrNull,
    mentions: optStrings,
    unresolvedMentions: optStrings,
    allowedNext: optStrings,
  },
};

/** The first way `v` is not a router state, or undefined when it is one. */
export function routerStateProblem(v: unknown): string | undefined {
  if (!isObj(v)) return 'the state is not an object';
  const counters = v.counters;
  if (!isObj(counters) || !['message', 'turn', 'action', 'run', 'blocked'].every((k) => Number.isSafeInteger(counters[k]) && (counters[k] as number) >= 0)) {
    return 'state.counters must hold non-negative integers message, turn, action, run and blocked';
  }
  if (!strOrNull(v.currentRunId)) return 'state.currentRunId must be a string or null';
  if (!bool(v.done)) return 'state.done must be a boolean';
  if (!strOrNull(v.final)) return 'state.final must be a string or null';
  for (const [list, shape] of Object.entries(SHAPES)) {
    const items = v[list];
    if (!Array.isArray(items)) return `state.${list} must be an array`;
    for (let i = 0; i < items.length; i++) {
      const item: unknown = items[i];
      if (!isObj(item)) return `state.${list}[${i}] must be an object`;
      for (const [key, ok] of Object.entries(shape)) if (!ok(item[key])) return `state.${list}[${i}].${key} has the wrong type`;
    }
  }
  return undefined;
}

export function isRouterState(v: unknown): v is RouterState {
  return routerStateProblem(v) === undefined;
}
