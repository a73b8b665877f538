/**
 * Prompt files (`.agent-world/prompts/*.md`): the eval's three prompt checks (W14) and the
 * router's view of each paragraph-start mention (W15 unknown, W16 off-edge, W17 @human/@user).
 */
import type { Diagnostic } from '../types';
import { diag, firstLineRange } from './diag';
import { derivedEnforceEdges, isFreeMention, nodesByAgent } from './graph';
import { normalizeMentionLabel, resolveMentions, type ResolvedMention } from './mentions';
import type { WorldModel } from './model';
import { basenameUri } from './paths';

/** Ids of the agents whose promptPath points at this file (usually one). */
export function agentsOfPrompt(world: WorldModel, promptUri: string): string[] {
  const out: string[] = [];
  for (const a of world.agents.values()) if (a.prompt?.kind === 'ok' && a.prompt.uri === promptUri) out.push(a.id);
  return out;
}

/** The eval's "prompts mention paragraph-start @mentions" test. */
export function hasMentionProtocol(text: string): boolean {
  return /@mentions?|@[a-z][a-z0-9_.-]*/i.test(text) && /paragraph|handoff|start/.test(text.toLowerCase());
}

/** The eval's "prompts tell agents not to call tools directly" test (markup stripped first). */
export function hasToolProhibition(text: string): boolean {
  const t = text.replace(/[*_`~]/g, '');
  return (
    /do not (call|execute|run|use) tools/i.test(t) ||
    /never run tools directly/i.test(t) ||
    /must not directly (edit|run|execute)/i.test(t) ||
    /request host actions? only/i.test(t)
  );
}

/** The eval's "final prompts mention the stop token" test. */
export function hasStopTokenGuidance(text: string, stopToken: string): boolean {
  return (stopToken !== '' && text.includes(stopToken)) || /<world>\s*(STOP|DONE|PASS)\s*<\/world>/i.test(text);
}

/** Final nodes (no outgoing edges; every node in free-mention) run by any of these agents. */
export function finalNodesOf(world: WorldModel, agentIds: string[]): string[] {
  const out: string[] = [];
  for (const n of world.nodes.values()) {
    if (!n.agent || !agentIds.includes(n.agent.value)) continue;
    if (isFreeMention(world) || (world.edges.get(n.id)?.targets.length ?? 0) === 0) out.push(n.id);
  }
  return out;
}

/** Diagnostics for one prompt file of `world`. */
export function analyzePrompt(text: string, promptUri: string, world: WorldModel): Diagnostic[] {
  const out: Diagnostic[] = [];
  const owners = agentsOfPrompt(world, promptUri);
  const label = owners.length > 0 ? owners.join(', ') : basenameUri(promptUri).replace(/\.md$/i, '');
  const top = firstLineRange(text);
  if (!hasMentionProtocol(text)) {
    out.push(diag('world-missing-mention-protocol', 'warning', `prompts missing paragraph-start @mention protocol: ${label}`, top, { data: { fix: 'mention-protocol' } }));
  }
  if (!hasToolProhibition(text)) {
    out.push(diag('world-missing-tool-prohibition', 'warning', `prompts missing direct-tool prohibition: ${label}`, top, { data: { fix: 'tool-prohibition' } }));
  }
  const finals = finalNodesOf(world, owners);
  if (finals.length > 0 && !hasStopTokenGuidance(text, world.stopToken)) {
    out.push(
      diag('world-missing-stop-token', 'warning', `final nodes missing stop-token prompt guidance: ${finals.join(', ')}`, top, {
        data: { fix: 'stop-token', stopToken: world.stopToken },
      }),
    );
  }
  if (world.agents.size > 0) for (const x of checkMentions(text, world, owners, label)) out.push(x);
  return out;
}

function checkMentions(text: string, world: WorldModel, owners: string[], label: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  const sender = owners[0] ?? label;
  const enforced = derivedEnforceEdges(world) === true;
  const byAgent = nodesByAgent(world);
  const ownNodes = owners.flatMap((id) => byAgent.get(id) ?? []);
  const allowedAgents = new Set<string>();
  for (const n of ownNodes) {
    for (const t of world.edges.get(n)?.targets ?? []) {
      const a = world.nodes.get(t.value)?.agent?.value;
      if (a !== undefined) allowedAgents.add(a);
    }
  }
  for (const m of resolveMentions(text, world.aliases)) {
    if (m.agentId === undefined) {
      out.push(unresolved(m, sender));
      continue;
    }
    if (owners.includes(m.agentId) || !enforced || ownNodes.length === 0 || allowedAgents.has(m.agentId)) continue;
    const targetNodes = byAgent.get(m.agentId) ?? [];
    const target = targetNodes.length > 0 ? targetNodes.join(', ') : `@${m.agentId}`;
    const tok = m.via === 'pair' ? m.candidates[0]! : m.token;
    out.push(
      diag('world-mention-off-edge', 'warning', `Agent @${sender} mentioned @${tok}, but no workflow edge allows ${ownNodes.join(', ')} -> ${target}.`, m.range, {
        data: { agentId: m.agentId, allowedNext: [...allowedAgents] },
      }),
    );
  }
  return out;
}

function unresolved(m: ResolvedMention, sender: string): Diagnostic {
  const base = `Agent @${sender} used a paragraph-start mention of @${m.token}, which matches no agent in this world.`;
  const norm = normalizeMentionLabel(m.token);
  if (norm === 'human' || norm === 'user') {
    return diag(
      'world-human-mention',
      'warning',
      `${base} Agents cannot address the human by mention; the router blocks with unknown_mention_target. End the final answer with the stop token instead.`,
      m.range,
    );
  }
  return diag('world-unknown-mention', 'warning', base, m.range);
}
