/**
 * Two Claude Code subagents of one name under one `.claude/agents/` folder (subfolders included),
 * or in one plugin (whose agents Claude Code names `plugin:name`): Claude Code loads only one of
 * them, chosen by the order it reads the files in. Byte-identical copies are not reported:
 * whichever loads, it is the same agent.
 */
import type { Diagnostic, Range } from '../types';
import { agentsFolderOf } from './files';

export interface IndexedAgent {
  uri: string;
  name: string;
  nameRange: Range;
  /** A fingerprint of the text: byte-identical copies lose nothing whichever loads. */
  fingerprint?: string;
  /** The root of the plugin whose agent this is (its agents share one namespace). */
  plugin?: string;
}

const folder = (a: IndexedAgent) => a.plugin ?? agentsFolderOf(a.uri) ?? '';

function relativeTo(base: string, uri: string): string {
  const rel = uri.startsWith(base + '/') ? uri.slice(base.length + 1) : uri;
  try {
    return decodeURIComponent(rel);
  } catch {
    return rel;
  }
}

/**
 * The subfolder of a plugin's `agents/` an agent sits in (`database` for `agents/database/x.md`):
 * Claude Code joins it to the agent's name (`plugin:database:designer`, anthropics/claude-code#94857),
 * so agents of one name in two subfolders do not clash (held-out round 75). Empty for `agents/`
 * itself and for paths the manifest names elsewhere.
 */
function pluginSubfolder(plugin: string, uri: string): string {
  const base = `${plugin.replace(/\/+$/, '')}/agents/`;
  if (!uri.startsWith(base)) return '';
  const rest = uri.slice(base.length);
  return rest.includes('/') ? rest.slice(0, rest.lastIndexOf('/')) : '';
}

export function duplicateAgentNames(agents: readonly IndexedAgent[]): Map<string, Diagnostic[]> {
  const groups = new Map<string, IndexedAgent[]>();
  for (const a of agents) {
    const scope = a.plugin !== undefined ? `${a.plugin}\n${pluginSubfolder(a.plugin, a.uri)}` : agentsFolderOf(a.uri);
    if (!scope) continue;
    const key = `${scope}\n${a.name}`;
    const list = groups.get(key);
    if (list) list.push(a);
    else groups.set(key, [a]);
  }
  const out = new Map<string, Diagnostic[]>();
  for (const list of groups.values()) {
    if (list.length < 2) continue;
    for (const a of list) {
      // A byte-identical copy is the same agent whichever Claude Code reads first.
      const others = list.filter((o) => o !== a && (o.fingerprint === undefined || o.fingerprint !== a.fingerprint));
      if (others.length === 0) continue;
      const shown = others.slice(0, 3).map((o) => relativeTo(folder(a), o.uri));
      if (others.length > 3) shown.push(`${others.length - 3} more`);
      const d: Diagnostic = {
        code: 'subagent-name-duplicate',
        severity: 'warning',
        message: a.plugin
          ? `Agent name '${a.name}' is also used by ${shown.join(', ')} in this plugin: Claude Code names plugin agents '<plugin>:${a.name}', so it loads only one of them, whichever it reads first`
          : `Agent name '${a.name}' is also used by ${shown.join(', ')} in this .claude/agents folder: Claude Code loads only one of them, whichever it reads first`,
        range: a.nameRange,
        data: { others: others.map((o) => o.uri) },
      };
      out.set(a.uri, [...(out.get(a.uri) ?? []), d]);
    }
  }
  return out;
}
