/**
 * The folders a file's references may resolve from, looked up through the host on first use:
 * its own folder; the repository root (the nearest folder holding `.git`) and the workspace
 * folder, where `/`-rooted links resolve (GitHub, VS Code's Markdown preview); every folder from
 * the file up to them, where an agent may run a command from; and, for a skill, its plugin root
 * (what Claude Code substitutes for `${CLAUDE_PLUGIN_ROOT}`).
 */
import { linkedFile, type IWorkspaceHost } from '../workspace/host';
import { isJsonSyntaxError, unlessExpected } from '../analysis/expectedErrors';
import { basenameUri, dirnameUri, isInside, relativePath, resolveRelative } from '../world/paths';

export interface NamedRoot {
  uri: string;
  /** How a message names it. */
  name: 'the repository root' | 'the workspace folder';
}

export interface PluginRoot {
  uri: string;
  /** Why this folder, for messages ("it holds .claude-plugin/plugin.json"). */
  why: string;
}

/** Most folders walked up from a file (a guard; real trees are far shallower). */
const MAX_DEPTH = 64;

export class ReferenceBases {
  #walk?: { ancestors: string[]; roots: NamedRoot[] };
  #plugin?: { value: PluginRoot | undefined };

  /**
   * `dir`: the folder relative references resolve from. `skillDir`: the skill folder (SKILL.md
   * only). `workspaceRoots`: the workspace folders; without them the walk up stops at the
   * repository root.
   */
  constructor(
    readonly host: IWorkspaceHost,
    readonly dir: string,
    readonly workspaceRoots: readonly string[] = [],
    readonly skillDir?: string,
    /** The file whose references these are: when it is itself a symbolic link, its real folder is a second place a reader may resolve them from. */
    readonly file?: string,
  ) {}

  #real?: { value: string | undefined };

  /** The folder of the file a symbolic link `file` leads to, when it is one and that folder is not `dir`. */
  get linkedDir(): string | undefined {
    if (!this.#real) {
      const target = this.file === undefined ? undefined : linkedFile(this.host, this.file);
      const dir = target === undefined ? undefined : dirnameUri(target);
      this.#real = { value: dir !== this.dir ? dir : undefined };
    }
    return this.#real.value;
  }

  /** The file's folder and every folder above it up to the outermost root, innermost first. */
  get ancestors(): readonly string[] {
    return this.#walked().ancestors;
  }

  /** Where a `/`-rooted link resolves from, innermost first. */
  get roots(): readonly NamedRoot[] {
    return this.#walked().roots;
  }

  /** The plugin root of a skill: what `${CLAUDE_PLUGIN_ROOT}` names. */
  get pluginRoot(): PluginRoot | undefined {
    this.#plugin ??= { value: this.skillDir === undefined ? undefined : findPluginRoot(this.host, this.ancestors) };
    return this.#plugin.value;
  }

  /** How a message names a file or folder: its path from the outermost root, or as a URI path when outside every root. */
  label(uri: string): string {
    const roots = this.roots;
    const top = roots[roots.length - 1];
    if (top) {
      if (uri === top.uri) return top.name;
      const rel = relativePath(top.uri, uri);
      if (rel !== undefined) return rel;
    }
    return uri.replace(/^[a-z][\w+.-]*:\/\/[^/]*/i, '');
  }

  #walked(): { ancestors: string[]; roots: NamedRoot[] } {
    if (this.#walk) return this.#walk;
    const workspace = this.workspaceRoots
      .map((r) => r.replace(/\/+$/, ''))
      .filter((r) => isInside(r, this.dir))
      .sort((a, b) => b.length - a.length)[0];
    const ancestors: string[] = [];
    let repository: string | undefined;
    let at = this.dir;
    for (let n = 0; n < MAX_DEPTH; n++) {
      ancestors.push(at);
      if (repository === undefined && this.host.exists(resolveRelative(at, '.git'))) repository = at;
      if (at === workspace || (workspace === undefined && repository !== undefined)) break;
      const up = dirnameUri(at);
      if (up === at) break;
      at = up;
    }
    const roots: NamedRoot[] = [];
    if (repository !== undefined) roots.push({ uri: repository, name: 'the repository root' });
    if (workspace !== undefined && workspace !== repository) roots.push({ uri: workspace, name: 'the workspace folder' });
    this.#walk = { ancestors, roots };
    return this.#walk;
  }
}

/**
 * The plugin a skill belongs to: the nearest folder above it holding `.claude-plugin/plugin.json`,
 * or the source folder a `.claude-plugin/marketplace.json` lists for it (a plugin listed in a
 * marketplace needs no manifest); failing both, the folder holding the `skills/` folder the skill
 * is in.
 */
function findPluginRoot(host: IWorkspaceHost, ancestors: readonly string[]): PluginRoot | undefined {
  const skillDir = ancestors[0];
  if (skillDir === undefined) return undefined;
  for (const at of ancestors) {
    if (host.exists(resolveRelative(at, '.claude-plugin/plugin.json'))) return { uri: at, why: 'it holds .claude-plugin/plugin.json' };
    const listed = marketplaceSource(host, at, skillDir);
    if (listed) return { uri: listed, why: "it is the plugin's source folder in .claude-plugin/marketplace.json" };
  }
  for (let i = 1; i + 1 < ancestors.length; i++) {
    if (basenameUri(ancestors[i]!) === 'skills') return { uri: ancestors[i + 1]!, why: 'it holds the skills/ folder the skill is in' };
  }
  return undefined;
}

/** The source folder of the plugin, among those `dir/.claude-plugin/marketplace.json` lists, that holds `skillDir`. */
function marketplaceSource(host: IWorkspaceHost, dir: string, skillDir: string): string | undefined {
  const text = host.readText(resolveRelative(dir, '.claude-plugin/marketplace.json'));
  if (text === undefined) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    // A marketplace that is not JSON lists nothing; its own check reports it.
    unlessExpected(e, isJsonSyntaxError);
    return undefined;
  }
  const m = json as { plugins?: unknown; metadata?: { pluginRoot?: unknown } } | null;
  if (!m || !Array.isArray(m.plugins)) return undefined;
  const pluginRoot = typeof m.metadata?.pluginRoot === 'string' ? m.metadata.pluginRoot : '';
  let best: string | undefined;
  for (const p of m.plugins as unknown[]) {
    const source = (p as { source?: unknown } | null)?.source;
    if (typeof source !== 'string' || /^[a-z][\w+.-]*:/i.test(source)) continue;
    const from = /^\.{1,2}\//.test(source) ? dir : resolveRelative(dir, pluginRoot);
    const at = resolveRelative(from, source);
    if (isInside(at, skillDir) && (best === undefined || at.length > best.length)) best = at;
  }
  return best;
}
