/**
 * The router's config checks (§3.7, exact text) and the editor-added graph checks that a
 * schema cannot express: W3 references, W4 type/enforceEdges, W5 free-mention shape, W8 entry
 * agent agreement, W9–W11 agent resolution and aliases, W12 unused agents, W13 reachability.
 */
import type { Diagnostic } from '../types';
import { diag } from './diag';
import { normalizeMentionLabel, resolveAlias } from './mentions';
import type { StrRef, WorldModel } from './model';
import { WORKFLOW_TYPE_IDS } from './patterns';
import { stronglyConnected } from './scc';

/** `workflow.enforceEdges` as the router derives it, or undefined for an unknown type. */
export function derivedEnforceEdges(world: WorldModel): boolean | undefined {
  const t = world.type?.value;
  return t !== undefined && WORKFLOW_TYPE_IDS.has(t) ? t !== 'free-mention' : undefined;
}

export function isFreeMention(world: WorldModel): boolean {
  return world.type?.value === 'free-mention';
}

/** Whether the legacy shape checks stop the graph checks (the router throws before them). */
export function hasLegacyGraph(world: WorldModel): boolean {
  const edges = world.workflow.get('edges');
  const nodes = world.workflow.get('nodes');
  return edges?.type === 'array' || (world.top.has('workflow') && nodes?.type !== 'object');
}

export function checkGraph(world: WorldModel): Diagnostic[] {
  const out: Diagnostic[] = [];
  if (!world.root || world.root.type !== 'object') return out;
  checkType(world, out);
  if (isFreeMention(world)) checkFreeMention(world, out);
  checkAgentFields(world, out);
  if (!hasLegacyGraph(world)) checkReferences(world, out);
  checkAgentResolution(world, out);
  if (!hasLegacyGraph(world)) checkReachability(world, out);
  return out;
}

function checkType(world: WorldModel, out: Diagnostic[]): void {
  const wf = world.top.get('workflow');
  if (!wf) return;
  const typeField = world.workflow.get('type');
  if (!typeField) {
    out.push(diag('world-unknown-workflow-type', 'error', 'workflow.type must be one of the canonical workflow pattern ids, got (none)', wf.keyRange));
  } else if (typeof typeField.value !== 'string' || !WORKFLOW_TYPE_IDS.has(typeField.value)) {
    const got = typeof typeField.value === 'string' ? typeField.value : JSON.stringify(typeField.value);
    out.push(diag('world-unknown-workflow-type', 'error', `workflow.type must be one of the canonical workflow pattern ids, got "${got}"`, typeField.range));
  }
  const ee = world.workflow.get('enforceEdges');
  const derived = derivedEnforceEdges(world);
  if (ee && derived !== undefined && ee.value !== derived) {
    out.push(
      diag(
        'world-enforce-edges-mismatch',
        'error',
        `workflow.enforceEdges must be ${derived} for workflow.type "${world.type?.value}", or omitted; edge enforcement is derived from the pattern`,
        ee.range,
      ),
    );
  }
}

function checkFreeMention(world: WorldModel, out: Diagnostic[]): void {
  for (const e of world.edges.values()) {
    out.push(diag('world-free-mention-edges', 'error', `workflow.edges.${e.source} is not allowed in a free-mention world; workflow.edges must be {}`, e.keyRange));
  }
  for (const n of world.nodes.values()) {
    const r = n.fields.get('requires');
    // The router rejects only a non-empty list (a lone value counts as one item): `"requires": []` is fine.
    const empty = !r || r.value === null || (Array.isArray(r.value) && r.value.length === 0);
    if (!empty) {
      out.push(
        diag(
          'world-free-mention-requires',
          'error',
          `workflow.nodes.${n.id}.requires is not allowed in a free-mention world; there are no edges to order prerequisites against`,
          r!.keyRange,
        ),
      );
    }
  }
  const byAgent = nodesByAgent(world);
  for (const a of world.agents.values()) {
    const nodes = byAgent.get(a.id) ?? [];
    if (nodes.length === 0) {
      out.push(
        diag('world-free-mention-agent-nodes', 'error', `agents.${a.id} has no workflow node; every agent in a free-mention world must map to exactly one node`, a.keyRange),
      );
    } else if (nodes.length > 1) {
      out.push(
        diag(
          'world-free-mention-agent-nodes',
          'error',
          `agents.${a.id} is referenced by ${nodes.length} workflow nodes; every agent in a free-mention world must map to exactly one node`,
          a.keyRange,
          {
            related: nodes.map((id) => ({ range: world.nodes.get(id)!.keyRange, message: `workflow.nodes.${id}` })),
          },
        ),
      );
    }
  }
  const agentsField = world.top.get('agents');
  if (agentsField && world.agents.size < 2) {
    out.push(
      diag(
        'world-free-mention-too-few-agents',
        'error',
        'agents must contain at least two agents in a free-mention world; a lone agent has no peer to mention',
        agentsField.keyRange,
      ),
    );
  }
  const tl = world.world.get('turnLimit');
  if (tl && !(Number.isInteger(tl.value) && (tl.value as number) > 0)) {
    out.push(
      diag(
        'world-free-mention-turn-limit',
        'error',
        `world.turnLimit must be an integer greater than 0 in a free-mention world; it is the only structural stop the pattern has, got ${JSON.stringify(tl.value)}`,
        tl.range,
      ),
    );
  }
}

function checkAgentFields(world: WorldModel, out: Diagnostic[]): void {
  for (const a of world.agents.values()) {
    if (!a.fields.has('promptPath')) out.push(diag('world-missing-prompt-path', 'error', `agents.${a.id} is missing promptPath`, a.keyRange));
    const scope = a.fields.get('contextScope');
    if (scope && scope.value !== 'global' && scope.value !== 'agent') {
      out.push(diag('world-invalid-context-scope', 'error', `agents.${a.id}.contextScope must be one of: global, agent`, scope.range));
    }
    const limit = a.fields.get('contextLimit');
    if (limit && !(Number.isInteger(limit.value) && (limit.value as number) > 0)) {
      out.push(diag('world-invalid-context-limit', 'error', `agents.${a.id}.contextLimit must be an integer greater than 0`, limit.range));
    }
    const tools = a.fields.get('tools');
    if (tools && !(Array.isArray(tools.value) && tools.value.every((t) => typeof t === 'string'))) {
      out.push(diag('world-invalid-tools', 'error', `agents.${a.id}.tools must be an array of tool names`, tools.range));
    }
  }
}

function checkReferences(world: WorldModel, out: Diagnostic[]): void {
  if (world.entry && !world.nodes.has(world.entry.value)) {
    out.push(diag('world-unknown-entry-node', 'error', `workflow.entry "${world.entry.value}" does not match a workflow node`, world.entry.range));
  }
  for (const n of world.nodes.values()) {
    if (!n.agentField) out.push(diag('world-missing-node-agent', 'error', `workflow.nodes.${n.id} is missing agent`, n.keyRange));
    else if (n.agent && !world.agents.has(n.agent.value)) {
      out.push(diag('world-unknown-agent', 'error', `workflow.nodes.${n.id}.agent "${n.agent.value}" is not defined in agents`, n.agent.range));
    }
    for (const r of n.requires) {
      if (!world.nodes.has(r.value)) {
        out.push(diag('world-unknown-required-node', 'error', `workflow.nodes.${n.id}.requires references missing node "${r.value}"`, r.range));
      }
    }
  }
  for (const e of world.edges.values()) {
    if (isFreeMention(world)) break;
    if (e.source !== 'human' && !world.nodes.has(e.source)) {
      out.push(diag('world-unknown-edge-source', 'error', `workflow.edges.${e.source} references missing source node "${e.source}"`, e.keyRange));
    }
    for (const t of e.targets) {
      if (!world.nodes.has(t.value)) {
        out.push(diag('world-unknown-edge-target', 'error', `workflow.edges.${e.source} references missing target node "${t.value}"`, t.range));
      }
    }
  }
  // W8: eval's "workflow.entryAgent matches entry node agent".
  const entryNode = world.entry ? world.nodes.get(world.entry.value) : undefined;
  if (world.entryAgent && entryNode?.agent && world.entryAgent.value !== entryNode.agent.value) {
    out.push(
      diag('world-entry-agent-mismatch', 'warning', `entryAgent ${world.entryAgent.value} does not match ${entryNode.id}.agent ${entryNode.agent.value}`, world.entryAgent.range, {
        related: [{ range: entryNode.agent.range, message: `workflow.nodes.${entryNode.id}.agent` }],
      }),
    );
  }
}

function checkAgentResolution(world: WorldModel, out: Diagnostic[]): void {
  if (world.agents.size === 0) return;
  const exact = (label: string, ref: StrRef | undefined) => {
    if (ref && !world.agents.has(ref.value)) {
      out.push(diag('world-unresolved-agent-reference', 'warning', `${label} "${ref.value}" is not defined in agents`, ref.range));
    }
  };
  exact('workflow.entryAgent', world.entryAgent);
  exact('world.entryAgent', world.worldEntryAgent);
  exact('routing.noMentionFromHumanGoesTo', world.noMentionFromHumanGoesTo);
  if (world.mainAgent && resolveAlias(world.aliases, world.mainAgent.value) === undefined) {
    out.push(
      diag(
        'world-unresolved-agent-reference',
        'warning',
        `world.mainAgent "${world.mainAgent.value}" does not resolve to an agent; the router silently ignores it and unaddressed human messages go to workflow.entry`,
        world.mainAgent.range,
      ),
    );
  }
  // W10, W11: mention addressability and alias collisions, in the router's alias order.
  const owner = new Map<string, string>();
  for (const a of world.agents.values()) {
    if (!/^[A-Za-z]/.test(a.id)) {
      out.push(diag('world-unmentionable-agent-id', 'warning', `agent id '${a.id}' can never be addressed: mentions must start with a letter`, a.keyRange));
    }
    const k = normalizeMentionLabel(a.id);
    const prev = owner.get(k);
    if (prev !== undefined) {
      out.push(
        diag('world-mention-alias-collision', 'warning', `agents.${a.id} and agents.${prev} share the mention alias "@${k}"; mentions resolve to ${prev}`, a.keyRange, {
          related: [{ range: world.agents.get(prev)!.keyRange, message: `agents.${prev}` }],
        }),
      );
    } else owner.set(k, a.id);
  }
  for (const a of world.agents.values()) {
    if (!a.name) continue;
    const k = normalizeMentionLabel(a.name.value);
    const prev = owner.get(k);
    if (prev !== undefined && prev !== a.id) {
      out.push(
        diag(
          'world-mention-alias-collision',
          'warning',
          `agents.${a.id}.name "${a.name.value}" shares the mention alias "@${k}" with agents.${prev}; mentions resolve to ${prev}`,
          a.name.range,
          {
            related: [{ range: world.agents.get(prev)!.keyRange, message: `agents.${prev}` }],
          },
        ),
      );
    } else if (prev === undefined) owner.set(k, a.id);
  }
  if (!isFreeMention(world) && world.top.get('workflow')?.type === 'object') {
    const used = nodesByAgent(world);
    for (const a of world.agents.values()) {
      if (!used.has(a.id)) out.push(diag('world-unused-agent', 'warning', `agents.${a.id} is not used by any workflow node`, a.keyRange));
    }
  }
}

/** W13: nodes no route reaches, and join gates whose prerequisite cannot precede them. */
function checkReachability(world: WorldModel, out: Diagnostic[]): void {
  if (isFreeMention(world) || !world.entry || !world.nodes.has(world.entry.value)) return;
  const next = (id: string) => (world.edges.get(id)?.targets ?? []).map((t) => t.value).filter((t) => world.nodes.has(t));
  const roots = [world.entry.value, ...(world.edges.get('human')?.targets ?? []).map((t) => t.value)];
  const reached = reach(
    roots.filter((r) => world.nodes.has(r)),
    next,
  );
  for (const n of world.nodes.values()) {
    if (!reached.has(n.id)) {
      out.push(
        diag(
          'world-unreachable-node',
          'warning',
          `workflow.nodes.${n.id} is unreachable: no edge leads to it from workflow.entry "${world.entry.value}" or workflow.edges.human`,
          n.keyRange,
        ),
      );
    }
  }
  let upstream: ((from: string, to: string) => boolean) | undefined;
  for (const n of world.nodes.values()) {
    if (!reached.has(n.id)) continue;
    for (const r of n.requires) {
      if (!world.nodes.has(r.value)) continue;
      if (r.value === n.id || !reached.has(r.value)) {
        out.push(diag('world-unreachable-join', 'warning', `workflow.nodes.${n.id}.requires "${r.value}" can never complete before ${n.id}; the join can never fire`, r.range));
        continue;
      }
      upstream ??= upstreamTest(world);
      if (!upstream(r.value, n.id)) {
        out.push(
          diag(
            'world-unreachable-join',
            'warning',
            `workflow.nodes.${n.id}.requires "${r.value}" is not upstream of ${n.id}; no edge path leads from ${r.value} to ${n.id}, so the join fires only by timing`,
            r.range,
          ),
        );
      }
    }
  }
}

function reach(roots: string[], next: (id: string) => string[]): Set<string> {
  const seen = new Set<string>(roots);
  const stack = [...roots];
  while (stack.length) {
    for (const t of next(stack.pop()!)) {
      if (!seen.has(t)) {
        seen.add(t);
        stack.push(t);
      }
    }
  }
  return seen;
}

/**
 * Whether an edge path leads from one node to another (both nodes, distinct). Nodes in one
 * strongly connected component reach each other; otherwise the search walks back from the
 * target, stopping at the source and skipping every node the source cannot reach because its
 * component comes before the source's in topological order. So a world whose nodes form one
 * cycle, or a chain whose joins require earlier nodes, costs linear time, not a search per join.
 */
function upstreamTest(world: WorldModel): (from: string, to: string) => boolean {
  // Every id an edge names counts, node or not (an edge through a missing node still orders the two).
  const at = new Map<string, number>();
  const next: number[][] = [];
  const prev: number[][] = [];
  const idOf = (id: string) => {
    let i = at.get(id);
    if (i === undefined) {
      at.set(id, (i = next.length));
      next.push([]);
      prev.push([]);
    }
    return i;
  };
  for (const id of world.nodes.keys()) idOf(id);
  for (const e of world.edges.values()) {
    const s = idOf(e.source);
    for (const t of e.targets) {
      const v = idOf(t.value);
      next[s]!.push(v);
      prev[v]!.push(s);
    }
  }
  const ids = next;
  const { comp } = stronglyConnected(ids.length, (v) => next[v]!);
  const stamp = new Int32Array(ids.length);
  let query = 0;
  return (from, to) => {
    const r = at.get(from)!;
    const n = at.get(to)!;
    if (comp[r] === comp[n]) return true;
    // A path r → … → w has comp[r] ≥ comp[w].
    if (comp[r]! < comp[n]!) return false;
    query++;
    const stack = [n];
    stamp[n] = query;
    while (stack.length) {
      for (const w of prev[stack.pop()!]!) {
        if (w === r) return true;
        if (stamp[w] === query || comp[w]! > comp[r]!) continue;
        stamp[w] = query;
        stack.push(w);
      }
    }
    return false;
  };
}

/** Agent id → ids of the nodes that run it. */
export function nodesByAgent(world: WorldModel): Map<string, string[]> {
  const m = new Map<string, string[]>();
  for (const n of world.nodes.values()) {
    if (!n.agent) continue;
    const list = m.get(n.agent.value) ?? [];
    list.push(n.id);
    m.set(n.agent.value, list);
  }
  return m;
}
