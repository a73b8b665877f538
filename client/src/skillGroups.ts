/**
 * The Skills view's grouping of SKILL.md files, in the user's terms: by where clients load them
 * from (a marketplace and its plugins, a plugin, a client's skills folder, another folder), from
 * each index entry's `source` (core/skills/source.ts). A Claude Code plugin holds its parts too
 * (agents, commands, hooks files, MCP servers), a Codex plugin its skills, and every Claude Code
 * plugin and marketplace manifest (and Codex marketplace) of the workspace makes its group, parts or not. Pure: no VS Code API, unit-tested.
 */
import type { IndexedFile } from '../../server/src/lsp/protocol';

export interface SkillGroup {
  /** Stable across refreshes: the kind and the folder or manifest. */
  key: string;
  kind: 'marketplace' | 'plugin' | 'client' | 'folder';
  /** The marketplace's or plugin's name, the client folder (`.claude/skills`), the folder's name. */
  label: string;
  /** The skills folder, or the plugin.json / marketplace.json. */
  uri: string;
  /** Its own skills, by name. */
  skills: IndexedFile[];
  /** A plugin's agents and commands (by name), then its hooks files and MCP configuration files (none for other groups). */
  parts: IndexedFile[];
  /** The group's own plugin.json or marketplace.json, when indexed (its problems are the group's). */
  manifests: IndexedFile[];
  /** A marketplace's plugins, by name. */
  groups: SkillGroup[];
}

const byLabel = (a: { label: string }, b: { label: string }) => a.label.localeCompare(b.label);
const byName = (a: IndexedFile, b: IndexedFile) => a.name.localeCompare(b.name) || a.uri.localeCompare(b.uri);
/** Agents and commands first (by name, together), then hooks files, then MCP configuration files. */
const PART_RANK: Partial<Record<IndexedFile['kind'], number>> = { hooks: 1, 'mcp-config': 2 };
const byPart = (a: IndexedFile, b: IndexedFile) => (PART_RANK[a.kind] ?? 0) - (PART_RANK[b.kind] ?? 0) || byName(a, b);
const ORDER: Record<SkillGroup['kind'], number> = { marketplace: 0, plugin: 1, client: 2, folder: 3 };

/** The folder two levels up a SKILL.md URI (the folder holding the skill folders). */
function skillsFolderOf(uri: string): string {
  return uri.replace(/\/[^/]*\/[^/]*$/, '');
}

/**
 * Groups SKILL.md entries by where they load from, with a plugin's parts under it, and makes the
 * group of every Claude Code plugin and marketplace manifest; every other entry is left out.
 */
export function groupSkills(files: readonly IndexedFile[]): SkillGroup[] {
  const groups = new Map<string, SkillGroup>();
  const group = (key: string, make: () => Omit<SkillGroup, 'key' | 'skills' | 'parts' | 'manifests' | 'groups'>, into = groups): SkillGroup => {
    let g = into.get(key);
    if (!g) into.set(key, (g = { key, ...make(), skills: [], parts: [], manifests: [], groups: [] }));
    return g;
  };
  const pluginsOf = new Map<string, Map<string, SkillGroup>>();
  for (const f of files) {
    if (isMarketplace(f)) {
      group(`marketplace:${f.uri}`, () => ({ kind: 'marketplace', label: f.name, uri: f.uri })).manifests.push(f);
      continue;
    }
    const part = isPluginPart(f);
    if (f.kind !== 'skill' && !part) continue;
    const s = f.source ?? { kind: 'folder' as const, label: skillsFolderOf(f.uri).replace(/^.*\//, ''), folder: skillsFolderOf(f.uri) };
    if (s.kind === 'plugin' && s.plugin) {
      const plugin = () => ({ kind: 'plugin' as const, label: s.plugin!.name, uri: s.plugin!.uri });
      let g: SkillGroup;
      if (s.marketplace) {
        const m = group(`marketplace:${s.marketplace.uri}`, () => ({ kind: 'marketplace', label: s.marketplace!.name, uri: s.marketplace!.uri }));
        let inner = pluginsOf.get(m.key);
        if (!inner) pluginsOf.set(m.key, (inner = new Map()));
        // Its own key: the same plugin may also stand alone while the marketplace is being read.
        g = group(`${m.key}>plugin:${s.plugin.uri}`, plugin, inner);
      } else g = group(`plugin:${s.plugin.uri}`, plugin);
      (f.kind === 'plugin-manifest' ? g.manifests : part ? g.parts : g.skills).push(f);
    } else group(`${s.kind}:${s.folder}`, () => ({ kind: s.kind === 'client' ? 'client' : 'folder', label: s.label, uri: s.folder })).skills.push(f);
  }
  for (const [key, inner] of pluginsOf) groups.get(key)!.groups = [...inner.values()].sort(byLabel);
  const all = [...groups.values()];
  for (const g of all) {
    g.skills.sort(byName);
    for (const p of g.groups) {
      p.skills.sort(byName);
      p.parts.sort(byPart);
    }
    g.parts.sort(byPart);
  }
  return all.sort((a, b) => ORDER[a.kind] - ORDER[b.kind] || byLabel(a, b) || a.key.localeCompare(b.key));
}

/** A Claude Code or Codex marketplace manifest: each makes its group. */
export function isMarketplace(f: IndexedFile): boolean {
  return f.kind === 'plugin-manifest' && (f.manifest?.kind === 'claude-marketplace' || f.manifest?.kind === 'codex-marketplace');
}

const PART_KINDS: ReadonlySet<IndexedFile['kind']> = new Set(['subagent', 'command', 'hooks', 'mcp-config', 'plugin-manifest']);

/** A plugin's agent, command, hooks file, MCP configuration or plugin.json: shown under (or as) its plugin, not in the view's other groups. */
export function isPluginPart(f: IndexedFile): boolean {
  return PART_KINDS.has(f.kind) && f.source?.kind === 'plugin' && !!f.source.plugin;
}

/** Every skill of a group, its plugins' included. */
export function skillsIn(g: SkillGroup): IndexedFile[] {
  return [...g.skills, ...g.groups.flatMap(skillsIn)];
}

/** Every file of a group, its manifests, skills and parts, its plugins' included. */
export function filesIn(g: SkillGroup): IndexedFile[] {
  return [...g.manifests, ...g.skills, ...g.parts, ...g.groups.flatMap(filesIn)];
}

/** The problems of a group: the sum over its skills of what `count` says of each file. */
export function groupProblems(g: SkillGroup, count: (uri: string) => number): number {
  return filesIn(g).reduce((n, f) => n + count(f.uri), 0);
}

/** The groups with only the skills that have problems (the view's "with problems" filter); groups left empty go. */
export function withProblems(groups: readonly SkillGroup[], count: (uri: string) => number): SkillGroup[] {
  const out: SkillGroup[] = [];
  for (const g of groups) {
    const has = (f: IndexedFile) => count(f.uri) > 0;
    const kept = { ...g, skills: g.skills.filter(has), parts: g.parts.filter(has), groups: withProblems(g.groups, count) };
    if (kept.skills.length || kept.parts.length || kept.groups.length || g.manifests.some(has)) out.push(kept);
  }
  return out;
}
