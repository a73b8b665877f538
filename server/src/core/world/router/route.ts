/**
 * Routing one new message (spec §3.6): completion first, then an agent's host actions, then
 * mentions: a human message enters at a node of a mentioned agent (or the entry); an agent's
 * message follows the edges of its node, auto-replies to the agent it answered, or blocks.
 */
import type { Aliases } from './aliases';
import { resolveLabel } from './aliases';
import { currentRun, nextId, RouterRefusal, type Draft } from './draft';
import { finalText, handoffTargets, hostActionBlocks, isCompletion, unresolvedTokens } from './message';
import { queueBlock, queueNode, queueTurn } from './queue';
import type { HostAction, Message, RouterConfig } from './types';
import { allowedNext, nodeAgent, prereqsMet, routableNodes } from './workflow';

export interface RouteEnv {
  config: RouterConfig;
  aliases: Aliases;
}

/** Appends a message to the run (content trimmed at the end). */
export function appendMessage(d: Draft, sender: string, content: string, metadata: Message['metadata'] = {}): Message {
  const msg: Message = {
    id: nextId(d, 'message'),
    runId: metadata.runId ?? currentRun(d),
    sender,
    content: content.trimEnd(),
    metadata,
    createdAt: d.now,
    processedForRouting: false,
  };
  d.state.messages.push(msg);
  return msg;
}

export function routeMessage(env: RouteEnv, d: Draft, msg: Message): void {
  if (msg.processedForRouting) return;
  msg.processedForRouting = true;
  const { config, aliases } = env;
  if (isCompletion(msg.content, config.world.stopToken)) {
    d.state.done = true;
    d.state.final = finalText(msg.content, aliases);
    return;
  }
  const isAgent = Object.hasOwn(config.agents, msg.sender);
  const actions = isAgent ? hostActions(d, msg) : [];
  if (actions.length > 0) {
    d.state.pendingHostActions.push(...actions);
    return;
  }
  const mentions = handoffTargets(msg.content, aliases, isAgent ? msg.sender : null);
  if (msg.sender === 'human') routeHuman(env, d, msg, mentions);
  else if (isAgent) routeAgent(env, d, msg, mentions);
  else if (msg.sender === 'host' && msg.metadata.replyTo) {
    queueTurn(config, d, msg.metadata.replyTo, msg.id, 'host_action_result', msg.metadata.workflowNode ?? null);
  }
}

function routeHuman(env: RouteEnv, d: Draft, msg: Message, explicit: string[]): void {
  const { config, aliases } = env;
  const wf = config.workflow;
  let mentions = explicit;
  if (mentions.length === 0 && config.world.mainAgent) {
    const main = resolveLabel(aliases, config.world.mainAgent);
    if (main !== undefined) mentions = [main];
  }
  if (mentions.length > 0) {
    const human = wf.hasHumanEdges ? (wf.edges.human ?? []) : undefined;
    const candidates = Object.entries(wf.nodes)
      .filter(([, node]) => mentions.includes(node.agent))
      .filter(([id]) => (human ? human.includes(id) : id === wf.entry || prereqsMet(config, d, id)))
      .map(([id]) => id);
    if (candidates.length > 0) {
      for (const id of candidates) queueNode(config, d, id, msg.id, 'human_mention_workflow_node');
      return;
    }
  }
  if (wf.entry) {
    // The graph wins, but the human hears which of their own mentions it overrode.
    const entryAgent = nodeAgent(config, wf.entry);
    const ignoredMentions = explicit.filter((t) => t !== entryAgent);
    queueNode(config, d, wf.entry, msg.id, 'entry_workflow_node', ignoredMentions.length > 0 ? { ignoredMentions } : {});
    return;
  }
  const targets = mentions.length > 0 ? mentions : [wf.entryAgent ?? config.world.entryAgent];
  for (const t of targets) queueTurn(config, d, t, msg.id, mentions.length > 0 ? 'human_mention' : 'entry_agent', null);
}

function routeAgent(env: RouteEnv, d: Draft, msg: Message, resolved: string[]): void {
  const { config, aliases } = env;
  const wf = config.workflow;
  const node = msg.metadata.workflowNode || null;
  const next = allowedNext(config, node);
  let mentions = resolved;
  const unresolved = mentions.length === 0 ? unresolvedTokens(msg.content, aliases) : [];
  // An unresolved handoff blocks where a graph (or free-mention's peers) says where it could have gone;
  // only then is the auto-reply to the previous sender held back.
  const blocks = unresolved.length > 0 && (!wf.enforceEdges || (node !== null && next.length > 0));
  if (mentions.length === 0 && !blocks) {
    const reply = autoReplyTarget(env, d, msg, node);
    if (reply !== undefined) mentions = [reply];
  }
  const routed = routableNodes(config, d, node, mentions);
  if (routed.length > 0) {
    const reason = wf.enforceEdges ? 'workflow_edge' : 'agent_mention';
    for (const n of routed) queueNode(config, d, n, msg.id, reason);
    return;
  }
  if (blocks) {
    queueBlock(d, {
      reason: `Agent @${msg.sender} used a paragraph-start mention of ${unresolved.map((t) => `@${t}`).join(', ')}, which matches no agent in this world.`,
      code: 'unknown_mention_target',
      sourceMessageId: msg.id,
      sourceAgent: msg.sender,
      sourceNode: node,
      unresolvedMentions: unresolved,
      allowedNext: next,
    });
    return;
  }
  if (wf.enforceEdges && node !== null) {
    const invalid = mentions.filter((t) => !next.some((n) => nodeAgent(config, n) === t));
    if (invalid.length > 0) {
      const targetNodes = invalid.map((agent) => ({
        agent,
        nodes: Object.entries(wf.nodes)
          .filter(([, n]) => n.agent === agent)
          .map(([id]) => id),
      }));
      const where = targetNodes.map((t) => (t.nodes.length > 0 ? t.nodes.join(', ') : `@${t.agent}`)).join(', ');
      queueBlock(d, {
        reason: `Agent @${msg.sender} mentioned ${invalid.map((t) => `@${t}`).join(', ')}, but no workflow edge allows ${node} -> ${where}.`,
        code: 'workflow_edge_blocked',
        sourceMessageId: msg.id,
        sourceAgent: msg.sender,
        sourceNode: node,
        mentions: invalid,
        targetNodes,
        allowedNext: next,
      });
    }
    return;
  }
  for (const t of mentions) if (t !== msg.sender) queueTurn(config, d, t, msg.id, 'agent_mention', null);
}

/** With no mention, an agent answers the agent whose message it was given, where an edge allows it. */
function autoReplyTarget(env: RouteEnv, d: Draft, msg: Message, node: string | null): string | undefined {
  const sourceId = msg.metadata.sourceMessageId;
  const source = sourceId ? d.state.messages.find((m) => m.id === sourceId) : undefined;
  if (!source || source.sender === msg.sender || !Object.hasOwn(env.config.agents, source.sender)) return undefined;
  if (node === null && env.config.workflow.enforceEdges) return source.sender;
  return routableNodes(env.config, d, node, [source.sender]).length > 0 ? source.sender : undefined;
}

const META_KEYS = ['id', 'actionId', 'requestedBy', 'requested_by', 'kind', 'reason', 'approval'];

/** The host actions an agent's message requests (a block that is not JSON becomes `invalid_host_action`). */
function hostActions(d: Draft, msg: Message): HostAction[] {
  return hostActionBlocks(msg.content).map((b): HostAction => {
    const parsed: Record<string, unknown> =
      'parseError' in b
        ? {
            kind: 'invalid_host_action',
            reason: 'The agent-world-host-action block is not valid JSON.',
            approval: 'none',
            payload: { raw: b.raw, parseError: b.parseError },
          }
        : asRecord(b.value);
    const payload = parsed.payload !== undefined ? parsed.payload : Object.fromEntries(Object.entries(parsed).filter(([k]) => !META_KEYS.includes(k)));
    return {
      id: parsed.id || parsed.actionId || nextId(d, 'action'),
      type: 'host_action',
      runId: msg.runId,
      requestedBy: msg.sender,
      kind: parsed.kind || 'unknown',
      reason: parsed.reason || '',
      approval: parsed.approval || 'ask_if_risky',
      payload,
      raw: b.raw,
      sourceSender: msg.sender,
      workflowNode: msg.metadata.workflowNode || null,
      status: 'pending',
      createdAt: d.now,
    };
  });
}

/** A JSON value read as the router reads properties of it (`{...value}` for strings and arrays); `null` stops the upstream router with a TypeError. */
function asRecord(v: unknown): Record<string, unknown> {
  if (v === null) throw new RouterRefusal("Cannot read properties of null (reading 'id')");
  if (typeof v === 'object') return v as Record<string, unknown>;
  if (typeof v === 'string') return { ...v.split('') };
  return {};
}
