/** Workspace-level AGENT.md facts: duplicate names, `extends` cycles and inheritance chains. */
import type { Diagnostic } from '../types';
import type { AgentIndexEntry } from './analyze';
import { isExtendsPath } from './analyze';
import { relativeLabel } from '../workspace/host';
import { dirnameUri } from '../world/paths';

function push(map: Map<string, Diagnostic[]>, uri: string, d: Diagnostic): void {
  const l = map.get(uri);
  if (l) l.push(d);
  else map.set(uri, [d]);
}

/**
 * The chain of parents of `name`, nearest first, following `extends` by name. Stops at a
 * repeat (the repeated name ends the list) or at a parent that is not in the index.
 */
export function inheritanceChain(name: string, agents: AgentIndexEntry[]): string[] {
  const byName = new Map<string, AgentIndexEntry>();
  for (const a of agents) if (!byName.has(a.name)) byName.set(a.name, a);
  const chain: string[] = [];
  const seen = new Set([name]);
  let cur = byName.get(name);
  while (cur?.extends && !isExtendsPath(cur.extends)) {
    const parent = cur.extends.trim();
    chain.push(parent);
    if (seen.has(parent)) break;
    seen.add(parent);
    cur = byName.get(parent);
  }
  return chain;
}

/**
 * Diagnostics that need every agent: duplicate names (warning) and `extends` cycles longer
 * than one step (error, on every member's `extends`). Self-extends is reported per file.
 */
export function agentWorkspaceDiagnostics(agents: AgentIndexEntry[]): Map<string, Diagnostic[]> {
  const out = new Map<string, Diagnostic[]>();
  const groups = new Map<string, AgentIndexEntry[]>();
  for (const a of agents) {
    if (!a.name) continue;
    const g = groups.get(a.name);
    if (g) g.push(a);
    else groups.set(a.name, [a]);
  }
  for (const [name, g] of groups) {
    if (g.length < 2) continue;
    for (const a of g) {
      if (!a.nameRange) continue;
      const others = g.filter((o) => o !== a).map((o) => o.uri);
      push(out, a.uri, {
        code: 'agent-duplicate-name',
        severity: 'warning',
        message: `Agent name '${name}' is also used by ${others.map((o) => relativeLabel(dirnameUri(a.uri), o)).join(', ')}`,
        range: a.nameRange,
        data: { others },
      });
    }
  }
  for (const a of agents) {
    if (!a.extends || !a.extendsRange || isExtendsPath(a.extends) || a.extends.trim() === a.name) continue;
    const chain = inheritanceChain(a.name, agents);
    if (chain[chain.length - 1] === a.name) {
      push(out, a.uri, { code: 'agent-extends-cycle', severity: 'error', message: `Agent inheritance cycle: ${[a.name, ...chain].join(' → ')}`, range: a.extendsRange });
    }
  }
  return out;
}
