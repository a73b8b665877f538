/**
 * What the run simulator's webview shows, computed from the run (a value the extension keeps and
 * sends):
 * one row per step (the message sent, then what the router returned, as it reports it), the open
 * turns and host actions a completion can go to with their suggestions, and which buttons apply.
 * The page computes and draws it (client/webview/worldRun.ts). No `vscode` here: unit-tested.
 */
import {
  completionSuggestions,
  hostResultSuggestions,
  openItems,
  type CompletionSuggestion,
  type OpenItem,
  type SimRun,
  type SimStep,
} from '../../../server/src/core/world/router/simRun';
import type { AgentInstruction, ContextMessage, RouterResult } from '../../../server/src/core/world/router/types';

export interface RowView {
  kind: 'user' | 'completion' | 'result' | 'refused';
  heading: string;
  lines: string[];
  /** Longer texts, folded (the context, the host instruction, a payload). */
  details: { summary: string; text: string }[];
}

export interface TargetView {
  /** `turn:"turn_0001"` / `action:"action_0001"`: what a completion is sent to. */
  key: string;
  label: string;
  suggestions: CompletionSuggestion[];
}

export interface RunView {
  world: string;
  rows: RowView[];
  /** Open turns and host actions, the one the last result names first; empty when nothing waits. */
  targets: TargetView[];
  canSave: boolean;
  /** The "Show on graph" button (only when the graph command exists). */
  canGraph: boolean;
  busy: boolean;
  /** A line under the buttons (a save that was refused, a world that does not load). */
  notice?: string;
}

/** Messages from the webview to the extension. */
export type FromWebview =
  | { type: 'ready' }
  | { type: 'user'; text: string }
  | { type: 'complete'; key: string; text: string }
  | { type: 'reset' }
  | { type: 'save' }
  | { type: 'graph' }
  | { type: 'rendered'; version: number; rows: string[]; controls: string[] };

/** What the view is computed from (the page computes it: the code stays out of the extension's bundles). */
export interface ViewInput {
  run: SimRun;
  world: string;
  stopToken: string;
  canGraph: boolean;
  busy: boolean;
  notice?: string;
}

/** Messages from the extension to the webview. */
export type ToWebview = { type: 'view'; version: number; input: ViewInput };

export function itemKey(item: OpenItem): string {
  return `${item.kind}:${JSON.stringify(item.id)}`;
}

const mentions = (xs: readonly string[]) => xs.map((x) => `@${x}`).join(', ');

function contextText(context: ContextMessage[]): string {
  return context.map((m) => `from ${m.sender} (${m.id}):\n${m.content}`).join('\n\n');
}

function instructionRow(i: AgentInstruction, heading: string): RowView {
  const lines = [`turn: ${i.turnId}`, `reason: ${i.reason}`];
  if (i.ignoredMentions.length > 0) lines.push(`ignored mentions: ${mentions(i.ignoredMentions)}`);
  lines.push(`allowed next: ${i.workflow.next.length > 0 ? i.workflow.next.map((n) => `${n.node} (@${n.agent})`).join(', ') : '(none)'}`);
  if (i.routedFrom) lines.push(`routed from: ${i.routedFrom.sender} (${i.routedFrom.id})`);
  lines.push(`context: ${i.context.length} message${i.context.length === 1 ? '' : 's'} (scope ${i.contextScope}, limit ${i.contextLimit})`);
  const details = [
    { summary: `Context: ${i.context.map((m) => m.sender).join(', ') || '(empty)'}`, text: contextText(i.context) },
    { summary: 'Host instruction', text: i.hostInstruction },
  ];
  return { kind: 'result', heading, lines, details };
}

/** The rows of one router result, as the router reports it. */
export function resultRows(r: RouterResult): RowView[] {
  const host = { summary: 'Host instruction', text: 'hostInstruction' in r ? r.hostInstruction : '' };
  switch (r.type) {
    case 'agent_instruction':
      return [instructionRow(r, `agent_instruction: @${r.agent} at ${r.workflow.node ?? '(no node)'}`)];
    case 'agent_instruction_batch':
      return [
        { kind: 'result', heading: `agent_instruction_batch: ${r.turns.length} turns at once`, lines: [r.turns.map((t) => `@${t.agent} ${t.turnId}`).join(', ')], details: [host] },
        ...r.turns.map((t) => instructionRow(t, `batch turn: @${t.agent} at ${t.workflow.node ?? '(no node)'}`)),
      ];
    case 'host_action':
      return [
        {
          kind: 'result',
          heading: `host_action: ${String(r.kind)} for @${r.requestedBy}`,
          lines: [`action: ${String(r.actionId)}`, `reason: ${String(r.reason)}`, `approval: ${String(r.approval)}`],
          details: [{ summary: 'Payload', text: JSON.stringify(r.payload, null, 2) ?? '' }, host],
        },
      ];
    case 'blocked': {
      const lines = [r.reason];
      if (r.mentions.length > 0) lines.push(`mentions: ${mentions(r.mentions)}`);
      if (r.unresolvedMentions.length > 0) lines.push(`unresolved mentions: ${mentions(r.unresolvedMentions)}`);
      if (r.allowedNext.length > 0) lines.push(`allowed next: ${r.allowedNext.join(', ')}`);
      return [{ kind: 'result', heading: `blocked: ${r.code}`, lines, details: [host] }];
    }
    case 'done':
      return [{ kind: 'result', heading: 'done', lines: [`final: ${r.final ?? '(none)'}`], details: [host] }];
    case 'idle':
      return [{ kind: 'result', heading: 'idle', lines: r.awaitingTurns?.length ? [`awaiting turns: ${r.awaitingTurns.join(', ')}`] : [r.hostInstruction], details: [] }];
    case 'error':
      return [{ kind: 'refused', heading: `refused: ${r.error}`, lines: [], details: [] }];
    default:
      return [{ kind: 'result', heading: r.type, lines: [], details: [] }];
  }
}

/** The display name of the agent of a turn, from the instructions of the run. */
function agentName(run: SimRun, step: SimStep): string {
  if (step.command.command !== 'complete' || !('turnId' in step.command)) return 'host';
  const id = step.command.turnId;
  for (const s of run.steps) {
    const found = s.result.type === 'agent_instruction' ? [s.result] : s.result.type === 'agent_instruction_batch' ? s.result.turns : [];
    const i = found.find((t) => t.turnId === id);
    if (i) return `@${i.agent}`;
  }
  return step.agent ? `@${step.agent}` : 'the agent';
}

function stepRow(run: SimRun, step: SimStep): RowView {
  const c = step.command;
  if (c.command === 'user') return { kind: 'user', heading: 'user message', lines: [c.content], details: [] };
  const what = 'turnId' in c ? c.turnId : `host action ${String(c.actionId)}`;
  return { kind: 'completion', heading: `${agentName(run, step)} completes ${what}`, lines: [c.content], details: [] };
}

export function targetsOf(run: SimRun, stopToken: string): TargetView[] {
  return openItems(run).map((item) => ({
    key: itemKey(item),
    label: item.label,
    suggestions: item.kind === 'action' ? hostResultSuggestions() : item.instruction ? completionSuggestions(item.instruction, stopToken) : [],
  }));
}

export function runView(run: SimRun, o: Omit<ViewInput, 'run'>): RunView {
  const rows = run.steps.flatMap((s) => [stepRow(run, s), ...resultRows(s.result)]);
  const view: RunView = {
    world: o.world,
    rows,
    targets: targetsOf(run, o.stopToken),
    canSave: run.steps.some((s) => s.result.type !== 'error'),
    canGraph: o.canGraph,
    busy: o.busy,
  };
  if (o.notice) view.notice = o.notice;
  return view;
}
