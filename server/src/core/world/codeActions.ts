/**
 * Quick fixes: migrate a legacy world.json dialect to nodes/edges/requires, create a missing
 * prompt from a template that passes the eval's prompt checks, and add a missing prompt rule.
 */
import { CodeActionKind, type CodeAction, type TextEdit, type WorkspaceEdit } from 'vscode-languageserver-types';
import type { Diagnostic } from '../types';
import type { Field, WorldModel } from './model';
import { finalNodesOf } from './prompt';

function asList(v: unknown): string[] {
  if (typeof v === 'string') return [v];
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

/** JSON text of `value` indented to sit where `field` starts. */
function render(world: WorldModel, field: Field, value: unknown): string {
  const line = world.text.split(/\r?\n/)[field.range.start.line] ?? '';
  const indent = /^[ \t]*/.exec(line)![0];
  return JSON.stringify(value, null, 2).replace(/\n/g, '\n' + indent);
}

/** The migrated `workflow` object, or undefined when it needs no migration. */
export function migratedWorkflow(world: WorldModel): Record<string, unknown> | undefined {
  const wf = world.top.get('workflow');
  if (!wf || wf.type !== 'object') return undefined;
  const old = wf.value as Record<string, unknown>;
  const edgesV = old['edges'];
  const nodesV = old['nodes'];
  const hasNodes = nodesV !== null && typeof nodesV === 'object' && !Array.isArray(nodesV);
  const badTargets = edgesV !== null && typeof edgesV === 'object' && !Array.isArray(edgesV) && Object.values(edgesV).some((t) => !Array.isArray(t));
  if (!Array.isArray(edgesV) && hasNodes && !badTargets) return undefined;
  const nodes: Record<string, Record<string, unknown>> = hasNodes ? structuredClone(nodesV as Record<string, Record<string, unknown>>) : {};
  const edges: Record<string, string[]> = {};
  const addNode = (id: string) => {
    if (!nodes[id]) nodes[id] = { agent: id };
  };
  const link = (from: string, to: string[]) => {
    const list = (edges[from] ??= []);
    for (const t of to) if (!list.includes(t)) list.push(t);
  };
  if (Array.isArray(edgesV)) {
    for (const e of edgesV) {
      if (!e || typeof e !== 'object') continue;
      const rec = e as Record<string, unknown>;
      const from = asList(rec['from']);
      const to = asList(rec['to']);
      for (const id of [...from, ...to]) if (id !== 'human') addNode(id);
      for (const f of from) link(f, to);
      // An edge-level join becomes a node-level requires on each target.
      if (rec['join'] !== undefined && from.length > 0) {
        for (const t of to) {
          const req = asList(nodes[t]!['requires']);
          for (const f of from) if (f !== 'human' && !req.includes(f)) req.push(f);
          nodes[t]!['requires'] = req;
        }
      }
    }
  } else if (edgesV && typeof edgesV === 'object') {
    for (const [k, v] of Object.entries(edgesV)) link(k, asList(v));
  }
  if (!hasNodes) for (const a of world.agents.keys()) if (Object.keys(nodes).length === 0) addNode(a);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(old)) {
    if (k === 'edges') {
      if (!('nodes' in out)) out['nodes'] = nodes;
      out['edges'] = edges;
    } else if (k === 'nodes') out['nodes'] = nodes;
    else out[k] = v;
  }
  if (!('nodes' in out)) out['nodes'] = nodes;
  if (!('edges' in out)) out['edges'] = edges;
  if (typeof out['entry'] !== 'string') {
    const first = typeof out['entryAgent'] === 'string' && nodes[out['entryAgent'] as string] ? (out['entryAgent'] as string) : Object.keys(nodes)[0];
    if (first !== undefined) out['entry'] = first;
  }
  if (typeof out['entryAgent'] !== 'string' && typeof out['entry'] === 'string') {
    const agent = nodes[out['entry'] as string]?.['agent'];
    if (typeof agent === 'string') out['entryAgent'] = agent;
  }
  return out;
}

/** One edit that rewrites every legacy part of world.json (workflow graph, array agents). */
export function migrateLegacyEdit(world: WorldModel): WorkspaceEdit | undefined {
  const edits: TextEdit[] = [];
  const wf = migratedWorkflow(world);
  const wfField = world.top.get('workflow');
  if (wf && wfField) edits.push({ range: wfField.range, newText: render(world, wfField, wf) });
  const agents = world.top.get('agents');
  if (agents && world.agentsIsArray && Array.isArray(agents.value)) {
    const obj: Record<string, unknown> = {};
    for (const item of agents.value) {
      if (!item || typeof item !== 'object') continue;
      const { id, ...rest } = item as Record<string, unknown>;
      const key = typeof id === 'string' ? id : rest['name'];
      if (typeof key === 'string' && !(key in obj)) obj[key] = rest;
    }
    edits.push({ range: agents.range, newText: render(world, agents, obj) });
  }
  return edits.length ? { changes: { [world.uri]: edits } } : undefined;
}

/** A prompt that passes the eval's three prompt checks, for one agent of the world. */
export function promptTemplate(world: WorldModel, agentId: string): string {
  const a = world.agents.get(agentId);
  const role = a?.role ?? agentId;
  const myNodes = [...world.nodes.values()].filter((n) => n.agent?.value === agentId);
  const next = new Set<string>();
  for (const n of myNodes)
    for (const t of world.edges.get(n.id)?.targets ?? []) {
      const ag = world.nodes.get(t.value)?.agent?.value;
      if (ag) next.add(ag);
    }
  const lines = [`You are @${agentId}, the ${role.replace(/_/g, ' ')}.`, ''];
  for (const n of myNodes) if (n.instruction) lines.push(`${n.instruction}`, '');
  lines.push('Handoffs:');
  lines.push('- Put handoff mentions at the beginning of a paragraph, one @mention per line.');
  if (next.size > 0) lines.push(`- When your part is done, hand off to ${[...next].map((x) => `@${x}`).join(' or ')}.`);
  lines.push('', 'Rules:', '- Do not call tools yourself; request host actions only, with an agent-world-host-action block.');
  if (finalNodesOf(world, [agentId]).length > 0 || myNodes.length === 0) lines.push(`- End final responses with ${world.stopToken}.`);
  return lines.join('\n') + '\n';
}

/**
 * Quick fixes for world.json diagnostics produced by analyzeWorld. The actions carry no
 * `diagnostics` (core and LSP diagnostics differ); the server attaches the ones it converted.
 */
export function worldCodeActions(world: WorldModel, diagnostics: Diagnostic[]): CodeAction[] {
  const out: CodeAction[] = [];
  const legacy = diagnostics.filter((d) => d.code === 'world-legacy-dialect');
  if (legacy.length > 0) {
    const edit = migrateLegacyEdit(world);
    if (edit) out.push({ title: 'Migrate legacy world.json to nodes, edges and requires', kind: CodeActionKind.QuickFix, edit, isPreferred: true });
  }
  for (const d of diagnostics) {
    if (d.code !== 'world-prompt-not-found') continue;
    const agentId = d.data?.['agentId'];
    const uri = d.data?.['promptUri'];
    if (typeof agentId !== 'string' || typeof uri !== 'string') continue;
    out.push({
      title: `Create ${String(world.agents.get(agentId)?.promptPath?.value ?? uri)} from the prompt template`,
      kind: CodeActionKind.QuickFix,
      edit: {
        documentChanges: [
          { kind: 'create', uri, options: { ignoreIfExists: true } },
          {
            textDocument: { uri, version: null },
            edits: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, newText: promptTemplate(world, agentId) }],
          },
        ],
      },
    });
  }
  return out;
}

const RULE_LINES: Record<string, (d: Diagnostic) => string> = {
  'world-missing-mention-protocol': () => 'Put handoff mentions at the beginning of a paragraph.',
  'world-missing-tool-prohibition': () => 'Do not call tools yourself; request host actions only.',
  'world-missing-stop-token': (d) => `End final responses with ${typeof d.data?.['stopToken'] === 'string' ? d.data['stopToken'] : '<world>pass</world>'}.`,
};

/** Quick fixes for prompt diagnostics: append the missing rule line. */
export function promptCodeActions(text: string, uri: string, diagnostics: Diagnostic[]): CodeAction[] {
  const lines = text.split(/\r?\n/);
  const last = lines.length - 1;
  const end = { line: last, character: lines[last]!.length };
  const sep = lines[last] === '' ? '' : '\n';
  return diagnostics
    .filter((d) => RULE_LINES[d.code])
    .map((d) => {
      const line = RULE_LINES[d.code]!(d);
      return { title: `Add "${line}"`, kind: CodeActionKind.QuickFix, edit: { changes: { [uri]: [{ range: { start: end, end }, newText: `${sep}${line}\n` }] } } };
    });
}
