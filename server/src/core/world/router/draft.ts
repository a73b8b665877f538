/**
 * The router's working copy of its state. `routerStep` copies the state it is given (through
 * JSON, as the upstream router's state file does between two commands), lets the routing
 * functions update the copy, and returns it: the caller's value is never touched.
 */
import type { RouterState, Turn } from './types';

export interface Draft {
  state: RouterState;
  /** The injected clock's reading for this command (ISO 8601). */
  now: string;
}

export function newState(now: string): RouterState {
  return {
    version: 2,
    createdAt: now,
    updatedAt: now,
    counters: { message: 0, turn: 0, action: 0, run: 0, blocked: 0 },
    currentRunId: null,
    messages: [],
    pendingTurns: [],
    pendingHostActions: [],
    pendingRoutingErrors: [],
    completedTurns: [],
    completedHostActions: [],
    done: false,
    final: null,
  };
}

export function draftOf(state: RouterState, now: string): Draft {
  return { state: JSON.parse(JSON.stringify(state)) as RouterState, now };
}

type Counter = keyof RouterState['counters'];

/** `turn_0001`, `message_0002`…: the next id of a kind. */
export function nextId(d: Draft, kind: Counter): string {
  const n = (d.state.counters[kind] || 0) + 1;
  d.state.counters[kind] = n;
  return `${kind}_${String(n).padStart(4, '0')}`;
}

export function startRun(d: Draft): string {
  const id = nextId(d, 'run');
  d.state.currentRunId = id;
  d.state.done = false;
  d.state.final = null;
  return id;
}

export function currentRun(d: Draft): string {
  return d.state.currentRunId ?? startRun(d);
}

export function inRun(d: Draft, item: { runId?: string } | undefined): boolean {
  return item !== undefined && item.runId === d.state.currentRunId;
}

export function runTurnsCompleted(d: Draft): Turn[] {
  return d.state.completedTurns.filter((t) => inRun(d, t));
}

export function pendingTurnsOfRun(d: Draft): Turn[] {
  return d.state.pendingTurns.filter((t) => inRun(d, t) && t.status === 'pending');
}

/** A command the router refuses (unknown turn, empty message…): the step answers `{type: 'error'}` and keeps the state. */
export class RouterRefusal extends Error {}
