/**
 * The Agent World router as a value: `routerStep(config, state, command, now)` answers the
 * command and returns the next state, the given state untouched. Same rules, ids, results and
 * texts as the upstream router's file mode (spec §3.6–3.8); no file system and no clock (the
 * command's time is passed in), so the server, the CLI and the browser share it.
 */
import { routerAliases } from './aliases';
import { draftOf, inRun, newState, RouterRefusal, startRun, type Draft } from './draft';
import { nextInstruction } from './next';
import { appendMessage, routeMessage, type RouteEnv } from './route';
import type { RouterCommand, RouterConfig, RouterResult, RouterState } from './types';

export interface RouterStep {
  state: RouterState;
  result: RouterResult;
}

/** The state of a fresh world (what `reset` leaves). */
export function initialState(now: string): RouterState {
  return newState(now);
}

/** The message text of a request: `content`, a non-string as its JSON (as file mode reads it). */
export function requestContent(value: unknown): string {
  if (value === undefined) return '';
  return typeof value === 'string' ? value : String(JSON.stringify(value));
}

export function routerStep(config: RouterConfig, state: RouterState, command: RouterCommand, now: string): RouterStep {
  const env: RouteEnv = { config, aliases: routerAliases(config) };
  try {
    if (command.command === 'reset') {
      const d: Draft = { state: newState(now), now };
      const next = nextInstruction(config, env.aliases, d);
      const result =
        typeof command.statePath === 'string'
          ? { type: 'reset' as const, statePath: command.statePath, configPath: config.configPath, next }
          : { type: 'reset' as const, configPath: config.configPath, next };
      return { state: d.state, result };
    }
    const d = draftOf(state, now);
    const result = apply(env, d, command);
    d.state.updatedAt = now;
    return { state: d.state, result };
  } catch (e) {
    if (!(e instanceof RouterRefusal)) throw e;
    return { state, result: { type: 'error', error: e.message } };
  }
}

function apply(env: RouteEnv, d: Draft, command: RouterCommand): RouterResult {
  const { config, aliases } = env;
  const s = d.state;
  switch (command.command) {
    case 'user':
    case 'ingest': {
      const content = requestContent(command.content);
      if (!content.trim()) throw new RouterRefusal('No user message provided.');
      const pendingWork = s.pendingTurns.some((t) => inRun(d, t) && t.status === 'pending') || s.pendingHostActions.some((a) => inRun(d, a) && a.status === 'pending');
      if (!s.currentRunId || s.done || !pendingWork) startRun(d);
      // A new top-level request is the way out of a blocked run.
      for (const e of s.pendingRoutingErrors) {
        if (inRun(d, e) && e.status === 'pending') {
          e.status = 'superseded';
          e.supersededAt = d.now;
        }
      }
      routeMessage(env, d, appendMessage(d, 'human', content));
      return nextInstruction(config, aliases, d);
    }
    case 'next':
      return nextInstruction(config, aliases, d);
    case 'complete':
      if (command.turnId) completeTurn(env, d, String(command.turnId), requestContent(command.content));
      else if (command.actionId) completeAction(env, d, command.actionId, requestContent(command.content));
      else throw new RouterRefusal('complete requires turnId/turn or actionId/action.');
      return nextInstruction(config, aliases, d);
    case 'transcript':
      return {
        type: 'transcript',
        world: config.world.name,
        messages: s.messages.map((m) => ({ id: m.id, runId: m.runId, sender: m.sender, content: m.content, metadata: m.metadata })),
      };
    default:
      throw new RouterRefusal(`Unknown command: ${String(command.command)}`);
  }
}

function completeTurn(env: RouteEnv, d: Draft, turnId: string, content: string): void {
  const turn = d.state.pendingTurns.find((t) => t.id === turnId);
  if (!turn) throw new RouterRefusal(`Unknown turn: ${turnId}`);
  if (turn.status !== 'pending') throw new RouterRefusal(`Turn is not pending: ${turnId}`);
  d.state.currentRunId = turn.runId;
  turn.status = 'completed';
  turn.dispatched = false;
  turn.completedAt = d.now;
  d.state.completedTurns.push({ ...turn });
  const msg = appendMessage(d, turn.agent, content, { runId: turn.runId, turnId, sourceMessageId: turn.sourceMessageId, workflowNode: turn.workflowNode });
  routeMessage(env, d, msg);
}

function completeAction(env: RouteEnv, d: Draft, actionId: unknown, content: string): void {
  const action = d.state.pendingHostActions.find((a) => a.id === actionId);
  if (!action) throw new RouterRefusal(`Unknown action: ${String(actionId)}`);
  if (action.status !== 'pending') throw new RouterRefusal(`Action is not pending: ${String(actionId)}`);
  d.state.currentRunId = action.runId;
  action.status = 'completed';
  action.completedAt = d.now;
  d.state.completedHostActions.push({ ...action });
  const text = content.trimEnd() || '{"status":"succeeded","summary":"Host action completed."}';
  const msg = appendMessage(d, 'host', `@${action.requestedBy}\n[HOST_ACTION_RESULT ${String(action.id)}]\n${text}`, {
    runId: action.runId,
    actionId: String(action.id),
    replyTo: action.requestedBy,
    workflowNode: action.workflowNode,
  });
  routeMessage(env, d, msg);
}
