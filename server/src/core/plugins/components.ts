/**
 * Which of a Claude Code plugin's components a file is: a subagent (`agents/*.md`), a command
 * (`commands/**\/*.md`) or a hooks file (`hooks/hooks.json`), plus the paths the plugin's manifest
 * or marketplace entry names (they add to the default folders). Only files inside a plugin the
 * repository's manifests describe count: an `agents/` folder elsewhere is documentation, not ours.
 * Facts and sources: docs/hooks.md#plugin-hooks and docs/subagents.md#where-the-files-are.
 */
import type { RepositoryFacts } from '../skills/plugins';
import { dirnameUri, isInside } from '../world/paths';

export type PluginComponentKind = 'subagent' | 'command' | 'hooks';

const trimSlash = (uri: string) => uri.replace(/\/+$/, '');

/** The component a file (a URI) is in one of the repository's Claude Code plugins; undefined for any other file. */
export function pluginComponentKindOf(uri: string, facts: RepositoryFacts): PluginComponentKind | undefined {
  if (facts.plugins.length === 0) return undefined;
  const u = trimSlash(uri);
  const base = u.slice(u.lastIndexOf('/') + 1);
  const md = /\.md$/i.test(base) && base.length > 3;
  const json = /\.json$/i.test(base);
  if (!md && !json) return undefined;
  const dir = trimSlash(dirnameUri(u));
  for (const p of facts.plugins) {
    const c = p.components;
    if (!c) continue;
    if (json && c.hooks.includes(u)) return 'hooks';
    if (!md) continue;
    // Agents: the `.md` files of the folder itself; commands: of the folder and its subfolders.
    if (c.agents.some((a) => a === u || a === dir)) return 'subagent';
    if (c.commands.some((a) => a === u || isInside(a, u))) return 'command';
  }
  return undefined;
}

/** The plugin root (a URI) whose agent or command a file is, when it is one. */
export function pluginRootOfComponent(uri: string, facts: RepositoryFacts | undefined): string | undefined {
  if (!facts || /\/\.claude\/(agents|commands)\//.test(uri)) return undefined;
  const u = trimSlash(uri);
  const dir = trimSlash(dirnameUri(u));
  return facts.plugins.find((p) => p.components && (p.components.agents.some((a) => a === u || a === dir) || p.components.commands.some((a) => a === u || isInside(a, u))))?.root;
}

/** Whether a Claude Code subagent is a plugin's (not a project's `.claude/agents/`): plugin agents may not set every key. */
export function isPluginAgent(uri: string, facts: RepositoryFacts | undefined): boolean {
  return !!facts && !/\/\.claude\/agents\//.test(uri) && pluginComponentKindOf(uri, facts) === 'subagent';
}

/** The plugin root a hooks file belongs to (`${CLAUDE_PLUGIN_ROOT}`): the plugin that names it, else the folder above `hooks/`. */
export function pluginRootOfHooks(uri: string, facts: RepositoryFacts | undefined): string | undefined {
  const u = trimSlash(uri);
  const named = facts?.plugins.find((p) => p.components?.hooks.includes(u));
  if (named) return named.root;
  const dir = dirnameUri(u);
  return /\/hooks$/.test(dir) ? dirnameUri(dir) : undefined;
}
