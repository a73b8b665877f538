/**
 * The messages an agent's turn sees (spec §3.3 context scopes): `global` is the run's last N;
 * `agent` is the routed-from message and the latest message of each `requires` node (always
 * kept), plus the messages addressed to the agent and its own, of which only the last
 * `contextLimit` minus the kept ones.
 */
import type { Aliases } from './aliases';
import { inRun, type Draft } from './draft';
import { handoffTargets } from './message';
import type { ContextMessage, Message, RouterAgent, RouterConfig, Turn } from './types';

export const DEFAULT_CONTEXT_LIMIT = 18;

export function contextLimitOf(agent: RouterAgent): number {
  const l = agent.contextLimit;
  return Number.isInteger(l) && l !== undefined && l > 0 ? l : DEFAULT_CONTEXT_LIMIT;
}

function compact(m: Message): ContextMessage {
  return { id: m.id, runId: m.runId, sender: m.sender, content: m.content, metadata: m.metadata };
}

function addressedTo(aliases: Aliases, m: Message, agentId: string): boolean {
  return m.sender !== agentId && handoffTargets(m.content, aliases, m.sender).includes(agentId);
}

export function selectContext(config: RouterConfig, aliases: Aliases, d: Draft, turn: Turn): ContextMessage[] {
  const run = d.state.messages.filter((m) => inRun(d, m));
  const agent = config.agents[turn.agent]!;
  const cap = contextLimitOf(agent);
  if (agent.contextScope !== 'agent') return run.slice(-cap).map(compact);
  const kept = new Set<string>();
  const source = run.find((m) => m.id === turn.sourceMessageId);
  if (source) kept.add(source.id);
  const node = turn.workflowNode !== null && Object.hasOwn(config.workflow.nodes, turn.workflowNode) ? config.workflow.nodes[turn.workflowNode] : undefined;
  for (const r of node?.requires ?? []) {
    const last = [...run].reverse().find((m) => m.metadata.workflowNode === r);
    if (last) kept.add(last.id);
  }
  const optional = run.filter((m) => !kept.has(m.id) && (m.sender === turn.agent || addressedTo(aliases, m, turn.agent)));
  const room = Math.max(0, cap - kept.size);
  const chosen = new Set(kept);
  if (room > 0) for (const m of optional.slice(-room)) chosen.add(m.id);
  return run.filter((m) => chosen.has(m.id)).map(compact);
}
