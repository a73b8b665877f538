/** Hover for world.json, prompts and world.eval.md: the pattern on workflow.type, agent and node summaries. */
import type { Hover } from 'vscode-languageserver-types';
import { rangeContains, type Position } from '../types';
import { nodesByAgent } from './graph';
import type { WorldModel } from './model';
import { symbolAt } from './navigation';
import { DEFAULT_CONTEXT_LIMIT, findPattern } from './patterns';

/** Markdown describing one agent: role, scope, limit, dispatch settings, prompt and nodes. */
export function agentSummary(world: WorldModel, id: string): string | undefined {
  const a = world.agents.get(id);
  if (!a) return undefined;
  const f = (k: string) => a.fields.get(k)?.value;
  const lines = [`**agent \`${id}\`**${a.name ? ` — ${a.name.value}` : ''}`, ''];
  lines.push(`- role: ${a.role ?? `${id} (default)`}`);
  const scope = f('contextScope');
  lines.push(`- contextScope: ${typeof scope === 'string' ? scope : 'global (default)'}`);
  const limit = f('contextLimit');
  lines.push(`- contextLimit: ${typeof limit === 'number' ? limit : `${DEFAULT_CONTEXT_LIMIT} (default)`}`);
  for (const k of ['model', 'subagentType']) if (typeof f(k) === 'string') lines.push(`- dispatch.${k}: ${String(f(k))}`);
  const tools = f('tools');
  if (Array.isArray(tools)) lines.push(`- dispatch.tools: ${tools.map(String).join(', ') || '(none)'}`);
  if (a.promptPath) lines.push(`- prompt: \`${a.promptPath.value}\``);
  const nodes = nodesByAgent(world).get(id) ?? [];
  lines.push(`- nodes: ${nodes.length ? nodes.join(', ') : '(none)'}`);
  return lines.join('\n');
}

function nodeSummary(world: WorldModel, id: string): string | undefined {
  const n = world.nodes.get(id);
  if (!n) return undefined;
  const next = world.edges.get(id)?.targets.map((t) => t.value) ?? [];
  const lines = [`**node \`${id}\`** → agent \`${n.agent?.value ?? '?'}\``, ''];
  lines.push(`- next: ${next.length ? next.join(', ') : '(final)'}`);
  if (n.requires.length) lines.push(`- requires: ${n.requires.map((r) => r.value).join(', ')}`);
  if (n.instruction) lines.push(`- instruction: ${n.instruction}`);
  return lines.join('\n');
}

/** Hover at a position of any world document. */
export function worldHover(world: WorldModel, uri: string, text: string, position: Position): Hover | undefined {
  if (uri === world.uri && world.type && rangeContains(world.type.range, position)) {
    const p = findPattern(world.type.value);
    if (!p) return undefined;
    const note = p.isDefault ? '' : '\n\nExplicit custom only: use it when the user asks for a custom routing or workflow design.';
    return { contents: { kind: 'markdown', value: `**${p.label}** (\`${p.id}\`)\n\n${p.description}${note}` }, range: world.type.range };
  }
  const occ = symbolAt(world, uri, text, position);
  if (!occ) return undefined;
  const value =
    occ.symbol.kind === 'agent'
      ? agentSummary(world, occ.symbol.id)
      : occ.symbol.kind === 'node'
        ? nodeSummary(world, occ.symbol.id)
        : occ.symbol.kind === 'promptPath'
          ? agentSummary(world, occ.symbol.agentId)
          : undefined;
  return value ? { contents: { kind: 'markdown', value }, range: occ.range } : undefined;
}
