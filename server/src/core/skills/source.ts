/**
 * Where a SKILL.md loads from, in the user's terms: a client's skills folder (`.claude/skills`,
 * `.agents/skills`, …), the `skills/` folder of a Claude Code plugin (and the marketplace in the
 * workspace that lists the plugin), or another folder. The Skills view groups skills by it.
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

/** The marketplace above a plugin folder that lists it (`plugins[].source` naming that folder), looked for up to `levels` folders up. */
function marketplaceOf(host: IWorkspaceHost, head: string, pluginPath: string, levels = 4): IndexedSkillSource['marketplace'] {
  const parts = pluginPath.split('/');
  for (let up = parts.length - 1; up >= 1 && parts.length - up <= levels; up--) {
    const root = parts.slice(0, up).join('/');
    const uri = `${head}${root}/.claude-plugin/marketplace.json`;
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
    const listed = plugins.some((p) => typeof p?.source === 'string' && p.source.replace(/^\.\//, '').replace(/\/$/, '') === rel);
    if (!listed) return undefined;
    const name = typeof json.name === 'string' && json.name.trim() ? json.name.trim() : decode(parts[up - 1] ?? '');
    return { name, uri };
  }
  return undefined;
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
    const manifest = `${head}${pluginPath}/.claude-plugin/plugin.json`;
    if (host.exists(manifest)) return pluginSourceOf(host, head, pluginPath, folder);
  }
  return { kind: 'folder', label: skills || '/', folder };
}

/** A plugin as a source: its name (from plugin.json, else its folder) and the marketplace that lists it. */
function pluginSourceOf(host: IWorkspaceHost, head: string, pluginPath: string, folder: string): IndexedSkillSource {
  const manifest = `${head}${pluginPath}/.claude-plugin/plugin.json`;
  const name = manifestName(host, manifest) ?? decode(pluginPath.split('/').pop() ?? '');
  const marketplace = marketplaceOf(host, head, pluginPath);
  return { kind: 'plugin', label: name, folder, plugin: { name, uri: manifest }, ...(marketplace ? { marketplace } : {}) };
}

/**
 * The plugin a plugin's agent or command belongs to (`root`: the plugin folder's URI), as the
 * Skills view groups it: like its skills, only a plugin with a plugin.json is a group.
 */
export function pluginPartSource(uri: string, root: string, host: IWorkspaceHost): IndexedSkillSource | undefined {
  const { head, path } = splitUri(root.replace(/\/+$/, ''));
  return host.exists(`${head}${path}/.claude-plugin/plugin.json`) ? pluginSourceOf(host, head, path, dirnameOf(uri)) : undefined;
}

const dirnameOf = (uri: string) => uri.slice(0, uri.lastIndexOf('/'));
