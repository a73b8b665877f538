/**
 * The results the router hands the host (spec §3.8), with the rendered host instruction: the
 * agent's prompt, its node and instruction, where it may hand off, the message it answers,
 * overridden human mentions and the selected context. The wording is ours; the fields are the
 * upstream router's.
 */
import type { Aliases } from './aliases';
import { contextLimitOf, selectContext } from './context';
import type { Draft } from './draft';
import type {
  AgentInstruction,
  BlockedResult,
  ContextMessage,
  HostAction,
  HostActionResult,
  NextNode,
  ResponsePaths,
  RouterAgent,
  RouterConfig,
  RoutingError,
  Turn,
} from './types';
import { allowedNext, nodeAgent } from './workflow';

/** How the host runs the router (the skill-relative path stays a variable, as upstream). */
export const ROUTER_COMMAND = 'node "$ROUTER"';

/** `20260526T142233123Z`: an ISO timestamp without its separators. */
export function timestampSlug(iso: string): string {
  return iso.replace(/[-:]/g, '').replace('.', '');
}

/** The request and result files of a handoff, stamped with the command's clock. */
export function handoffPaths(now: string, label: string): ResponsePaths {
  const stamp = timestampSlug(now);
  const requestPath = `.agent-world/handoffs/requests/request-${stamp}-${label}.json`;
  const resultPath = `.agent-world/handoffs/responses/result-${stamp}-${label}.json`;
  return { requestPath, resultPath, completeByRunning: `${ROUTER_COMMAND} file --request ${requestPath} --result ${resultPath}` };
}

function workflowOf(config: RouterConfig, turn: Turn): AgentInstruction['workflow'] {
  const node = turn.workflowNode;
  const next: NextNode[] = allowedNext(config, node).map((n) => ({ node: n, agent: nodeAgent(config, n) ?? '', requires: config.workflow.nodes[n]?.requires ?? [] }));
  const instruction = node !== null && Object.hasOwn(config.workflow.nodes, node) ? config.workflow.nodes[node]!.instruction : '';
  return { node, next, instruction };
}

function dispatchOf(agent: RouterAgent): AgentInstruction['dispatch'] {
  const out: AgentInstruction['dispatch'] = {};
  if (agent.model) out.model = agent.model;
  if (agent.subagentType) out.subagentType = agent.subagentType;
  if (Array.isArray(agent.tools)) out.tools = agent.tools;
  if (agent.contextLimit !== undefined && Number.isInteger(agent.contextLimit) && agent.contextLimit > 0) out.contextLimit = agent.contextLimit;
  return out;
}

function renderContext(context: ContextMessage[]): string {
  return context.map((m) => `---\nfrom: ${m.sender}\nid: ${m.id}\n${m.content}`).join('\n');
}

export function agentInstruction(config: RouterConfig, aliases: Aliases, d: Draft, turn: Turn): AgentInstruction {
  const agent = config.agents[turn.agent]!;
  const name = agent.name;
  const context = selectContext(config, aliases, d, turn);
  const ignored = turn.ignoredMentions ?? [];
  const source = d.state.messages.find((m) => m.id === turn.sourceMessageId);
  const workflow = workflowOf(config, turn);
  const paths = handoffPaths(d.now, `turn-${turn.id}`);
  const sections = [
    `Run one Agent World turn as @${name}, and only that turn.`,
    `The router picked @${name} from .agent-world/world.json and gives you everything this turn needs: the agent's system prompt, its workflow node, the nodes it may hand off to, and the conversation selected for it. Write @${name}'s next message.`,
    `System prompt for this turn:\n\n${agent.systemPrompt}`,
    `Workflow node:\n${workflow.node ?? '(none)'}`,
    `Workflow instruction:\n${workflow.instruction || '(none)'}`,
    `Allowed next workflow nodes:\n${workflow.next.length > 0 ? workflow.next.map((n) => `- ${n.node}: @${n.agent}`).join('\n') : '(none)'}`,
    `Routed-from message:\n${source ? `from: ${source.sender}\nid: ${source.id}\n${source.content}` : '(missing)'}`,
  ];
  if (ignored.length > 0) {
    sections.push(
      `Overridden mentions:\nThe human addressed ${ignored.map((t) => `@${t}`).join(', ')}, but the workflow does not let a human message enter there, so it came to this node. Say so in your message.`,
    );
  }
  sections.push(`Conversation context:\n${renderContext(context)}`);
  sections.push(
    `Reply with @${name}'s message only, without commentary on this protocol, and call no tools during the turn. To hand off, start a paragraph with the mention of the next agent and end the message there. For work outside the conversation, write an agent-world-host-action JSON block.`,
  );
  return {
    type: 'agent_instruction',
    world: config.world.name,
    runId: turn.runId,
    turnId: turn.id,
    agent: name,
    role: agent.role,
    contextScope: agent.contextScope,
    contextLimit: contextLimitOf(agent),
    dispatch: dispatchOf(agent),
    reason: turn.reason,
    ignoredMentions: ignored,
    workflow,
    routedFrom: source ? { id: source.id, sender: source.sender, content: source.content } : null,
    systemPrompt: agent.systemPrompt,
    context,
    hostInstruction: sections.join('\n\n'),
    responseContract: {
      produce: `one markdown message as @${name}`,
      doNot: [
        'do not answer the user yourself as the host executor',
        'do not run tools during an agent_instruction',
        'do not skip the file-based complete command',
        'do not write the completion payload to stdout',
      ],
      requestJson: { command: 'complete', turnId: turn.id, content: `one markdown message as @${name}` },
      ...paths,
    },
  };
}

const RESULT_SHAPE = { status: 'succeeded | failed | skipped | denied', summary: 'what happened', artifacts: [], stdoutPreview: '', stderrPreview: '' };

export function hostActionInstruction(config: RouterConfig, d: Draft, action: HostAction): HostActionResult {
  return {
    type: 'host_action',
    world: config.world.name,
    runId: action.runId,
    actionId: action.id,
    requestedBy: action.requestedBy,
    workflowNode: action.workflowNode,
    kind: action.kind,
    reason: action.reason,
    approval: action.approval,
    payload: action.payload,
    hostInstruction:
      'As the host executor, carry out this action with your own tools if it is safe and approved, then send the router a short JSON result. Report what really happened, failures included.',
    responseContract: {
      produce: 'JSON host action result',
      suggestedShape: RESULT_SHAPE,
      requestJson: { command: 'complete', actionId: action.id, content: RESULT_SHAPE },
      ...handoffPaths(d.now, `action-${String(action.id)}`),
    },
  };
}

export function blockedInstruction(config: RouterConfig, b: RoutingError): BlockedResult {
  const out: BlockedResult = {
    type: 'blocked',
    world: config.world.name,
    runId: b.runId,
    reason: b.reason,
    code: b.code || 'routing_blocked',
    sourceAgent: b.sourceAgent || null,
    sourceNode: b.sourceNode || null,
    mentions: b.mentions ?? [],
    unresolvedMentions: b.unresolvedMentions ?? [],
    targetNodes: b.targetNodes ?? [],
    allowedNext: b.allowedNext ?? [],
    hostInstruction: 'Tell the user about this routing block and stop the Agent World loop until they send a new top-level request or fix the workflow.',
  };
  if (b.limit !== undefined) out.limit = b.limit;
  if (b.completedTurns !== undefined) out.completedTurns = b.completedTurns;
  return out;
}
