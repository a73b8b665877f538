/**
 * A simulated run of an Agent World, as a value: the router state the last step returned and
 * every step taken (the command and what the router answered). An editor's run simulator keeps
 * it, sends `state` with each `agentFiles/worldStep`, and reads from it what is open (the turns
 * and host actions waiting for a completion), what to suggest as a completion, and the workflow
 * path walked. Pure: nothing here calls the router.
 */
import { normalizeMentionLabel } from '../mentions';
import type { AgentInstruction, HostActionResult, RouterResult, RouterState } from './types';

export type SimCommand =
  { command: 'user'; content: string } | { command: 'complete'; turnId: string; content: string } | { command: 'complete'; actionId: unknown; content: string };

export interface SimStep {
  command: SimCommand;
  result: RouterResult;
  /** The agent id of the turn a `complete` step completed. */
  agent?: string;
  /** The agent id of the result's turn (an agent_instruction). */
  resultAgent?: string;
}

export interface SimRun {
  /** null before the first step (the router starts a fresh state). */
  state: RouterState | null;
  steps: SimStep[];
}

/** What waits for a completion: a pending turn (with the last instruction the router gave for it) or a pending host action. */
export type OpenItem =
  | { kind: 'turn'; id: string; agent: string; label: string; instruction?: AgentInstruction }
  | { kind: 'action'; id: unknown; requestedBy: string; label: string; action?: HostActionResult };

export const EMPTY_RUN: SimRun = { state: null, steps: [] };

function turnAgent(state: RouterState | null, turnId: string): string | undefined {
  if (!state) return undefined;
  return (state.pendingTurns.find((t) => t.id === turnId) ?? state.completedTurns.find((t) => t.id === turnId))?.agent;
}

/** The run after one router answer. A refused command (`type: "error"`) is recorded but keeps the state. */
export function withStep(run: SimRun, command: SimCommand, answer: { state: RouterState | null; result: RouterResult }): SimRun {
  const step: SimStep = { command, result: answer.result };
  if (command.command === 'complete' && 'turnId' in command) {
    const agent = turnAgent(run.state, command.turnId);
    if (agent !== undefined) step.agent = agent;
  }
  const state = answer.result.type === 'error' ? run.state : answer.state;
  if (answer.result.type === 'agent_instruction') {
    const agent = turnAgent(state, answer.result.turnId);
    if (agent !== undefined) step.resultAgent = agent;
  }
  return { state, steps: [...run.steps, step] };
}

/** Every agent_instruction of a result (the turns of a batch too). */
export function instructionsOf(result: RouterResult): AgentInstruction[] {
  if (result.type === 'agent_instruction') return [result];
  if (result.type === 'agent_instruction_batch') return result.turns;
  return [];
}

/** The turns and host actions of the current router run that wait for a completion, the one the last result names first. */
export function openItems(run: SimRun): OpenItem[] {
  const s = run.state;
  if (!s) return [];
  const lastInstruction = new Map<string, AgentInstruction>();
  const lastAction = new Map<unknown, HostActionResult>();
  for (const step of run.steps) {
    for (const i of instructionsOf(step.result)) lastInstruction.set(i.turnId, i);
    if (step.result.type === 'host_action') lastAction.set(step.result.actionId, step.result);
  }
  const items: OpenItem[] = [];
  for (const a of s.pendingHostActions) {
    if (a.status !== 'pending' || a.runId !== s.currentRunId) continue;
    const action = lastAction.get(a.id);
    items.push({
      kind: 'action',
      id: a.id,
      requestedBy: a.requestedBy,
      label: `host action ${String(a.id)} (${String(a.kind)}, for @${a.requestedBy})`,
      ...(action ? { action } : {}),
    });
  }
  for (const t of s.pendingTurns) {
    if (t.status !== 'pending' || t.runId !== s.currentRunId) continue;
    const instruction = lastInstruction.get(t.id);
    const name = instruction?.agent ?? t.agent;
    items.push({ kind: 'turn', id: t.id, agent: t.agent, label: `@${name} ${t.id}${t.workflowNode ? ` at ${t.workflowNode}` : ''}`, ...(instruction ? { instruction } : {}) });
  }
  const last = run.steps.at(-1)?.result;
  const first = last?.type === 'agent_instruction' ? last.turnId : last?.type === 'host_action' ? last.actionId : undefined;
  const at = items.findIndex((i) => i.id === first);
  return at > 0 ? [items[at]!, ...items.slice(0, at), ...items.slice(at + 1)] : items;
}

/** The open turn of an agent (by id or display name, as a mention resolves them); the first open item when no agent is named. */
export function openItemFor(run: SimRun, agent?: string): OpenItem | undefined {
  const items = openItems(run);
  if (agent === undefined) return items[0];
  const want = normalizeMentionLabel(agent);
  return items.find((i) => i.kind === 'turn' && (normalizeMentionLabel(i.agent) === want || (i.instruction && normalizeMentionLabel(i.instruction.agent) === want)));
}

/** The workflow nodes the run's turns were dispatched to, in order (each turn once). */
export function visitedNodes(run: SimRun): string[] {
  const seen = new Set<string>();
  const path: string[] = [];
  for (const step of run.steps) {
    for (const i of instructionsOf(step.result)) {
      if (seen.has(i.turnId)) continue;
      seen.add(i.turnId);
      if (i.workflow.node) path.push(i.workflow.node);
    }
  }
  return path;
}

export interface CompletionSuggestion {
  label: string;
  text: string;
}

/** The stop token a completion can end with: the world's, or the literal the router always accepts when the world has none. */
function stopTokenOf(stopToken: string): string {
  return stopToken || '<world>DONE</world>';
}

/** The agent works through host actions: it has tools, or its prompt speaks of host actions. */
function usesHostActions(i: AgentInstruction): boolean {
  return (Array.isArray(i.dispatch.tools) && i.dispatch.tools.length > 0) || /agent-world-host-action|host[ -]actions?/i.test(i.systemPrompt);
}

/**
 * Completions to offer for a turn: a paragraph-start handoff to each agent of the allowed next
 * nodes, the stop token, and a host-action block when the agent works through host actions.
 */
export function completionSuggestions(i: AgentInstruction, stopToken: string): CompletionSuggestion[] {
  const out: CompletionSuggestion[] = [];
  const agents = new Set<string>();
  for (const n of i.workflow.next) {
    if (!n.agent || agents.has(n.agent)) continue;
    agents.add(n.agent);
    out.push({ label: `Hand off to @${n.agent} (${n.node})`, text: `@${n.agent} Over to you.` });
  }
  const stop = stopTokenOf(stopToken);
  out.push({ label: `Finish: ${stop}`, text: `Done. ${stop}` });
  if (usesHostActions(i)) {
    const block = { kind: 'run_command', reason: 'Run the tests.', approval: 'ask_if_risky', payload: { command: 'npm test' } };
    out.push({ label: 'Request a host action', text: `\`\`\`agent-world-host-action\n${JSON.stringify(block, null, 2)}\n\`\`\`` });
  }
  return out;
}

/** Results the host can send for a host action. */
export function hostResultSuggestions(): CompletionSuggestion[] {
  return [
    { label: 'Succeeded', text: JSON.stringify({ status: 'succeeded', summary: 'Done.' }) },
    { label: 'Failed', text: JSON.stringify({ status: 'failed', summary: 'It failed.' }) },
    { label: 'Denied', text: JSON.stringify({ status: 'denied', summary: 'The user did not approve it.' }) },
  ];
}
