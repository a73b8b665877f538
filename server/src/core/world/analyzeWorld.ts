/**
 * Entry point for world.json diagnostics: JSON syntax (W1), legacy dialects (W7), prompt
 * files (W6), the informational init rules (W19–W24), plus the graph rules in graph.ts.
 */
import { linkOutside, relativeLabel, type IWorkspaceHost } from '../workspace/host';
import { dirnameUri } from './paths';
import type { Diagnostic } from '../types';
import { diag } from './diag';
import { checkGraph } from './graph';
import { describeSyntaxError, parseWorld, type WorldModel } from './model';
import { CONSERVATIVE_TURN_LIMIT, CONTEXT_SCOPE_DEFAULTS, FORBIDDEN_NODE_FIELDS, LEGACY_EDGE_HELP, LOOP_PATTERNS, PARALLEL_DISPATCH_PATTERNS } from './patterns';

export interface WorldAnalysis {
  diagnostics: Diagnostic[];
  world: WorldModel;
}

/** All diagnostics of one world.json text. `host` answers whether prompt files exist. */
export function analyzeWorld(text: string, uri: string, host: IWorkspaceHost): WorldAnalysis {
  return analyzeWorldModel(parseWorld(text, uri), host);
}

/** All diagnostics of one parsed world.json. */
export function analyzeWorldModel(world: WorldModel, host: IWorkspaceHost): WorldAnalysis {
  const diagnostics: Diagnostic[] = [];
  for (const e of world.syntaxErrors) diagnostics.push(diag('world-invalid-json', 'error', describeSyntaxError(e), e.range));
  for (const d of world.duplicateKeys) {
    diagnostics.push(diag('world-duplicate-key', 'warning', `Duplicate key "${d.key}": JSON.parse keeps only the last value`, d.range));
  }
  if (!world.root) return { diagnostics, world };
  for (const x of checkLegacy(world)) diagnostics.push(x);
  for (const x of checkGraph(world)) diagnostics.push(x);
  for (const x of checkPrompts(world, host)) diagnostics.push(x);
  for (const x of checkInitRules(world)) diagnostics.push(x);
  return { diagnostics, world };
}

/** W7: the shapes the router rejects with LEGACY_EDGE_HELP, and the array `agents` it tolerates. */
export function checkLegacy(world: WorldModel): Diagnostic[] {
  const out: Diagnostic[] = [];
  const help = `\n\n${LEGACY_EDGE_HELP}`;
  const edges = world.workflow.get('edges');
  const wf = world.top.get('workflow');
  if (edges?.type === 'array') {
    out.push(diag('world-legacy-dialect', 'error', `workflow.edges must be an object, not an array of from/to entries${help}`, edges.keyRange, { data: { kind: 'edges-array' } }));
    const join = (edges.node.children ?? []).some((c) => c.type === 'object' && (c.children ?? []).some((p) => p.children?.[0]?.value === 'join'));
    if (join) out.push(diag('world-legacy-dialect', 'error', `workflow edges no longer support a "join" key${help}`, edges.keyRange, { data: { kind: 'edge-join' } }));
  } else if (edges?.type === 'object') {
    for (const e of world.edges.values()) {
      if (e.field.type !== 'array') {
        out.push(diag('world-legacy-dialect', 'error', `workflow.edges.${e.source} must be an array of target node ids${help}`, e.field.range, { data: { kind: 'edge-targets' } }));
      }
    }
  }
  if (wf?.type === 'object' && world.workflow.get('nodes')?.type !== 'object') {
    const nodes = world.workflow.get('nodes');
    out.push(
      diag('world-legacy-dialect', 'error', `workflow.nodes is required and must be an object keyed by node id${help}`, nodes ? nodes.keyRange : wf.keyRange, {
        data: { kind: 'missing-nodes' },
      }),
    );
  }
  const agents = world.top.get('agents');
  if (world.agentsIsArray && agents) {
    out.push(
      diag('world-legacy-dialect', 'error', 'agents must be an object keyed by agent id, not an array of {id, …} entries', agents.keyRange, { data: { kind: 'agents-array' } }),
    );
  }
  return out;
}

/** W6: every promptPath points at an existing file inside the project. */
function checkPrompts(world: WorldModel, host: IWorkspaceHost): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const a of world.agents.values()) {
    if (!a.promptPath || !a.prompt) continue;
    const pp = a.promptPath.value;
    if (a.prompt.kind === 'escapes') {
      out.push(diag('world-prompt-path-escapes', 'error', `agents.${a.id}.promptPath escapes the project and skill directories: ${pp}`, a.promptPath.range));
      continue;
    }
    const exists = host.exists(a.prompt.uri) && !host.isDirectory(a.prompt.uri);
    if (!exists) {
      const via = linkOutside(host, a.prompt.uri);
      if (via !== undefined) {
        const label = relativeLabel(dirnameUri(world.uri), via);
        out.push(
          diag(
            'world-prompt-outside-workspace',
            'warning',
            `agents.${a.id}.promptPath leads outside the workspace through the symbolic link '${label}', so its prompt is not read or checked: ${pp}`,
            a.promptPath.range,
            { data: { via } },
          ),
        );
        continue;
      }
      out.push(diag('world-prompt-not-found', 'error', `agents.${a.id}.promptPath not found: ${pp}`, a.promptPath.range, { data: { agentId: a.id, promptUri: a.prompt.uri } }));
    }
  }
  return out;
}

/** W19–W24: init's authoring rules; informational. */
function checkInitRules(world: WorldModel): Diagnostic[] {
  const out: Diagnostic[] = [];
  const type = world.type?.value;
  const ee = world.workflow.get('enforceEdges');
  if (ee) {
    out.push(diag('world-enforce-edges-written', 'information', 'Do not write workflow.enforceEdges at all; edge enforcement is derived from workflow.type', ee.keyRange));
  }
  const schema = world.top.get('$schema');
  if (schema) {
    out.push(
      diag(
        'world-schema-property',
        'information',
        'Do not include "$schema" unless a host owns that strategy; the canonical world.schema.json stays in the skill directory and is never copied into the project',
        schema.keyRange,
      ),
    );
  }
  const pd = world.workflow.get('parallelDispatch');
  if (pd?.value === true && type !== undefined && !PARALLEL_DISPATCH_PATTERNS.has(type)) {
    out.push(
      diag(
        'world-parallel-dispatch-pattern',
        'information',
        `workflow.parallelDispatch is meant only for multi-agent-fan-out, fan-in-collector, broadcast and orchestrator-worker, not "${type}"`,
        pd.range,
      ),
    );
  }
  const defaults = type !== undefined ? CONTEXT_SCOPE_DEFAULTS[type] : undefined;
  for (const a of world.agents.values()) {
    const scope = a.fields.get('contextScope');
    const want = defaults && Object.prototype.hasOwnProperty.call(defaults, a.id) ? defaults[a.id] : undefined;
    if (!scope) {
      out.push(
        diag(
          'world-context-scope-default',
          'information',
          `agents.${a.id}.contextScope is omitted (the router uses global); state it explicitly${want ? `: the ${type} pattern uses "${want}" for ${a.id}` : ''}`,
          a.keyRange,
          {
            data: { expected: want ?? null },
          },
        ),
      );
    } else if (want && (scope.value === 'global' || scope.value === 'agent') && scope.value !== want) {
      out.push(
        diag('world-context-scope-default', 'information', `agents.${a.id}.contextScope is "${scope.value}", but the ${type} pattern uses "${want}" for ${a.id}`, scope.range, {
          data: { expected: want },
        }),
      );
    }
  }
  for (const n of world.nodes.values()) {
    for (const [k, f] of n.fields) {
      if (FORBIDDEN_NODE_FIELDS.has(k)) {
        out.push(
          diag(
            'world-forbidden-node-field',
            'error',
            `workflow.nodes.${n.id}.${k} must NOT have additional properties (${k}); workflow nodes carry only agent, instruction and requires`,
            f.keyRange,
          ),
        );
      }
    }
  }
  if (type !== undefined && LOOP_PATTERNS.has(type)) {
    const tl = world.world.get('turnLimit');
    const worldKey = world.top.get('world');
    if (!tl && worldKey) {
      out.push(
        diag('world-loop-turn-limit', 'information', `world.turnLimit is omitted, so the ${type} loop may run 30 turns; set a conservative limit (init uses 8)`, worldKey.keyRange),
      );
    } else if (tl && typeof tl.value === 'number' && tl.value > CONSERVATIVE_TURN_LIMIT) {
      out.push(diag('world-loop-turn-limit', 'information', `world.turnLimit ${tl.value} is not conservative for the ${type} loop pattern (init uses 8)`, tl.range));
    }
  }
  return out;
}
