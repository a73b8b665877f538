/**
 * Where a SKILL.md loads from, in the user's terms: a client's skills folder (`.claude/skills`,
 * `.agents/skills`, …), the `skills/` folder of a Claude Code or Codex plugin (and the marketplace
 * in the workspace that lists the plugin), or another folder. The Skills view groups skills by it.
 *
 * Kept apart from target inference (./targets.ts), which decides who checks the file: the view
 * only needs the folder and the plugin, and may later take them from there.
 */
import type { IWorkspaceHost } from '../workspace/host';
import type { IndexedSkillSource } from '../workspace/indexTypes';
import { splitUri } from '../workspace/uriPath';
import { isDecodeError, isJsonSyntaxError, unlessExpected } from '../analysis/expectedErrors';

const decode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch (e) {
    // A malformed escape is shown as written.
    unlessExpected(e, isDecodeError);
    return s;
  }
};

/** The `name` of a JSON manifest, when it has a non-empty string one. */
function manifestName(host: IWorkspaceHost, uri: string): string | undefined {
  const text = host.readText(uri);
  if (text === undefined) return undefined;
  try {
    const name = (JSON.parse(text) as { name?: unknown } | null)?.name;
    return typeof name === 'string' && name.trim() ? name.trim() : undefined;
  } catch (e) {
    // Not JSON: the plugin goes by its folder's name.
    unlessExpected(e, isJsonSyntaxError);
    return undefined;
  }
}

/** Where each client keeps a plugin's manifest and its marketplace file, from the plugin folder and the marketplace root. */
const LAYOUTS = {
  claude: { manifest: '.claude-plugin/plugin.json', marketplace: '.claude-plugin/marketplace.json' },
  codex: { manifest: '.codex-plugin/plugin.json', marketplace: '.agents/plugins/marketplace.json' },
} as const;
type Layout = keyof typeof LAYOUTS;

/** The relative path a marketplace entry's `source` names: Claude Code's a string; Codex's a string or a local `{ source, path }`. */
function sourcePath(entry: { source?: unknown } | null | undefined, layout: Layout): string | undefined {
  const s = entry?.source;
  if (typeof s === 'string') return s;
  if (layout === 'codex' && s && typeof s === 'object' && (s as { source?: unknown }).source === 'local') {
    const path = (s as { path?: unknown }).path;
    return typeof path === 'string' ? path : undefined;
  }
  return undefined;
}

/** The marketplace above a plugin folder that lists it (`plugins[].source` naming that folder), looked for up to `levels` folders up. */
function marketplaceOf(host: IWorkspaceHost, head: string, pluginPath: string, layout: Layout, levels = 4): IndexedSkillSource['marketplace'] {
  const parts = pluginPath.split('/');
  for (let up = parts.length - 1; up >= 1 && parts.length - up <= levels; up--) {
    const root = parts.slice(0, up).join('/');
    const uri = `${head}${root}/${LAYOUTS[layout].marketplace}`;
    const text = host.exists(uri) ? host.readText(uri) : undefined;
    if (text === undefined) continue;
    let json: { name?: unknown; plugins?: unknown };
    try {
      json = JSON.parse(text) as typeof json;
    } catch (e) {
      // A marketplace.json that is not JSON lists nothing.
      unlessExpected(e, isJsonSyntaxError);
      return undefined;
    }
    const plugins = Array.isArray(json?.plugins) ? (json.plugins as { source?: unknown }[]) : [];
    const rel = pluginPath.slice(root.length + 1);
    const listed = plugins.some((p) => sourcePath(p, layout)?.replace(/^\.\//, '').replace(/\/$/, '') === rel);
    if (!listed) return undefined;
    const name = typeof json.name === 'string' && json.name.trim() ? json.name.trim() : decode(parts[up - 1] ?? '');
    return { name, uri };
  }
  return undefined;
}

/** The client layout of the plugin folder at `pluginPath`, by the manifest it holds (Claude Code's first when it has both). */
function layoutOf(host: IWorkspaceHost, head: string, pluginPath: string): Layout | undefined {
  return (Object.keys(LAYOUTS) as Layout[]).find((l) => host.exists(`${head}${pluginPath}/${LAYOUTS[l].manifest}`));
}

/** Where a SKILL.md (`…/<folder>/<skill>/SKILL.md`) loads from. */
export function skillSource(uri: string, host: IWorkspaceHost): IndexedSkillSource {
  const { head, path } = splitUri(uri);
  const segs = path.split('/');
  // segs: [..., skills folder, skill folder, SKILL.md]
  const skillsAt = segs.length - 3;
  const folder = `${head}${segs.slice(0, skillsAt + 1).join('/')}`;
  const skills = decode(segs[skillsAt] ?? '');
  const parent = decode(segs[skillsAt - 1] ?? '');
  if (skillsAt >= 1 && /^\.[^.]/.test(parent) && (skills === 'skills' || skills === 'skill')) {
    return { kind: 'client', label: `${parent}/${skills}`, folder };
  }
  if (skillsAt >= 1 && skills === 'skills') {
    const pluginPath = segs.slice(0, skillsAt).join('/');
    const layout = layoutOf(host, head, pluginPath);
    if (layout) return pluginSourceOf(host, head, pluginPath, folder, layout);
  }
  return { kind: 'folder', label: skills || '/', folder };
}

/** A plugin as a source: its name (from plugin.json, else its folder) and the marketplace that lists it. */
function pluginSourceOf(host: IWorkspaceHost, head: string, pluginPath: string, folder: string, layout: Layout): IndexedSkillSource {
  const manifest = `${head}${pluginPath}/${LAYOUTS[layout].manifest}`;
  const name = manifestName(host, manifest) ?? decode(pluginPath.split('/').pop() ?? '');
  const marketplace = marketplaceOf(host, head, pluginPath, layout);
  return { kind: 'plugin', label: name, folder, plugin: { name, uri: manifest }, ...(marketplace ? { marketplace } : {}) };
}

/**
 * The plugin a Claude Code plugin's agent, command, hooks file or `.mcp.json` belongs to (`root`: the
 * plugin folder's URI), as the Skills view groups it: like its skills, only a plugin with a plugin.json is a group.
 */
export function pluginPartSource(uri: string, root: string, host: IWorkspaceHost): IndexedSkillSource | undefined {
  return sourceUnder(uri, root, host, ['claude']);
}

/** The plugin a plugin.json (Claude Code's or Codex's) belongs to: the folder above it, grouped like its skills. */
export function pluginManifestSource(uri: string, root: string, host: IWorkspaceHost): IndexedSkillSource | undefined {
  return sourceUnder(uri, root, host, ['claude', 'codex']);
}

function sourceUnder(uri: string, root: string, host: IWorkspaceHost, layouts: readonly Layout[]): IndexedSkillSource | undefined {
  const { head, path } = splitUri(root.replace(/\/+$/, ''));
  const layout = layoutOf(host, head, path);
  return layout && layouts.includes(layout) ? pluginSourceOf(host, head, path, dirnameOf(uri), layout) : undefined;
}

const dirnameOf = (uri: string) => uri.slice(0, uri.lastIndexOf('/'));
