/**
 * Plugins and marketplaces: which client loads a skill that sits in a plugin. The hosts find the
 * manifest files (the CLI's folder walk, the server's workspace index) and hand their URIs to
 * `readRepositoryFacts`, which reads them through the injected host; `pluginsOf` is a pure
 * function over the result. Facts and sources: docs/clients-fields.md#plugins-and-marketplaces.
 *
 * - Claude Code: `<plugin>/.claude-plugin/plugin.json` (optional), and `.claude-plugin/marketplace.json`
 *   whose `plugins[].source` is a path relative to the marketplace root (the folder holding
 *   `.claude-plugin/`, after `metadata.pluginRoot`); a plugin's skills are `skills/<n>/`, plus the
 *   paths its `skills` (and `commands`, `agents`) name, relative to the plugin root.
 * - Codex: `<plugin>/.codex-plugin/plugin.json` (`skills` path), `.agents/plugins/marketplace.json`
 *   whose `plugins[].source` is `{ "source": "local", "path": "./…" }` relative to the folder holding `.agents/`.
 * - VS Code (Agent Plugins 1.0): a `plugin.json` whose `$schema` is the agent-plugins.org schema.
 */
import type { IWorkspaceHost } from '../workspace/host';
import { parseJsonObject } from '../analysis/expectedErrors';
import { relativeLabel } from '../workspace/host';
import { dirnameUri, isInside, resolveRelative } from '../world/paths';
import { deepestRoot, inCopiesFolder, inSkillFolder, inSkillSamples } from './copies';
import { manifestPaths, skillFolderOfPath } from './manifestPaths';
import { readInstallFacts, type InstallFact } from './installs';
import { readOwnKeyReaders, type OwnKeyReader } from './ownKeyReaders';
import { readSkillsReadByPath, type ReadByPathFact } from './readByPath';
import { readSkillLocations } from './vscodeLocations';

/** The clients a plugin manifest speaks for (their target names). */
export type PluginClient = 'claude-code' | 'codex' | 'copilot';

export type ManifestKind = 'claude-plugin' | 'claude-marketplace' | 'codex-plugin' | 'codex-marketplace' | 'agent-plugin';

/** A plugin whose skills a client loads. */
export interface PluginRoot {
  /** The plugin folder (a URI without a trailing slash). */
  root: string;
  target: PluginClient;
  /** The manifest that says so (a URI) and what kind it is. */
  manifest: string;
  kind: ManifestKind;
  /** Folders that are a skill of the plugin: each path the manifest lists, or the plugin root itself when it lists none. */
  skillDirs: readonly string[];
  /** Folders whose child folders are skills of the plugin: `skills/` and each path the manifest lists. */
  skillParents: readonly string[];
  /** A marketplace entry's `source` as written. */
  source?: string;
  /** A Claude Code plugin's agents, commands and hooks files: where Claude Code looks (URIs; see pluginComponents.ts). */
  components?: PluginComponents;
}

/** Where a Claude Code plugin's agents, commands and hooks are: its default folders and the paths its manifest names. */
export interface PluginComponents {
  /** Folders whose `*.md` are subagents, and `.md` files named one by one. */
  agents: readonly string[];
  /** Folders whose `**\/*.md` are commands, and `.md` files named one by one. */
  commands: readonly string[];
  /** Hooks files (`hooks/hooks.json` and the paths `hooks` names). */
  hooks: readonly string[];
}

/** What the repository's manifests say (an empty value when the host found none). */
export interface RepositoryFacts {
  readonly plugins: readonly PluginRoot[];
  /**
   * The folders the files are checked from, as URIs (the workspace folders; the current folder
   * of `check`): folders above them do not make a file a copy (`foldersBelowRoot`).
   */
  readonly roots?: readonly string[];
  /**
   * For a SKILL.md whose folder symbolic links show in other places too, by URI, its other URIs
   * (both ways): the clients reading those load the skill as well (node/walk.ts `oneWherever`).
   */
  readonly aliases?: ReadonlyMap<string, readonly string[]>;
  /**
   * By root (a URI without a trailing slash), where the root's README or install script installs
   * the repository's skills: the one client whose home skills folder it names, or `every` for
   * the installer of every client, `npx skills add` (installs.ts).
   */
  readonly installs?: ReadonlyMap<string, InstallFact>;
  /**
   * Whether a root shows that the repository is set up for OpenCode (`.opencode/`, `opencode.json`
   * or `opencode.jsonc`); undefined when no roots were given.
   */
  readonly openCode?: boolean;
  /**
   * Whether a root holds `.gemini/`, `GEMINI.md` or `gemini-extension.json` (a repository set up
   * for Gemini CLI); undefined when no roots were given.
   */
  readonly gemini?: boolean;
  /**
   * Whether a root shows that the repository is set up for VS Code or GitHub Copilot (`.vscode/`,
   * Copilot's files in `.github/`, a `.code-workspace` file); undefined when no roots were given.
   */
  readonly vscode?: boolean;
  /** The folders the workspace folders' `chat.agentSkillsLocations` switch on for VS Code (vscodeLocations.ts), as URIs. */
  readonly skillLocations?: readonly string[];
  /**
   * By root (a URI without a trailing slash), the repository's own tools that read its skills'
   * frontmatter and the names they hold (ownKeyReaders.ts).
   */
  readonly ownKeyReaders?: ReadonlyMap<string, readonly OwnKeyReader[]>;
  /** By root (a URI without a trailing slash), the skills folders its instruction files tell agents to open by path (readByPath.ts). */
  readonly readByPath?: ReadonlyMap<string, readonly ReadByPathFact[]>;
}

export const NO_REPOSITORY_FACTS: RepositoryFacts = Object.freeze({ plugins: Object.freeze([]) });

const AGENT_PLUGIN_SCHEMA = /^https?:\/\/agent-plugins\.org\/schemas\//;

/** The kind of manifest a path or URI names, by its name alone (a bare `plugin.json` is decided by its `$schema` when read). */
export function manifestKindOf(path: string): ManifestKind | undefined {
  const parts = path.split(/[\\/]/);
  const base = parts[parts.length - 1];
  const parent = parts[parts.length - 2] ?? '';
  const grand = parts[parts.length - 3] ?? '';
  if (base === 'plugin.json') {
    if (parent === '.claude-plugin') return 'claude-plugin';
    if (parent === '.codex-plugin') return 'codex-plugin';
    // Other clients' folders (`.cursor-plugin/`, …) are not ours to read.
    return parent.startsWith('.') ? undefined : 'agent-plugin';
  }
  if (base === 'marketplace.json') {
    if (parent === '.claude-plugin') return 'claude-marketplace';
    if (parent === 'plugins' && grand === '.agents') return 'codex-marketplace';
  }
  return undefined;
}

/**
 * The folder a manifest describes (a URI): the one holding `.claude-plugin/` or `.codex-plugin/`
 * (a plugin's root, a Claude Code marketplace's), the one holding `.agents/` for a Codex
 * marketplace, and its own folder for an Agent Plugins `plugin.json`.
 */
export function manifestFolderOf(uri: string): string {
  const dir = dirnameUri(uri);
  const kind = manifestKindOf(uri);
  if (kind === 'agent-plugin') return dir;
  return kind === 'codex-marketplace' ? dirnameUri(dirnameUri(dir)) : dirnameUri(dir);
}

export function isPluginManifest(path: string): boolean {
  return manifestKindOf(path) !== undefined;
}

type Json = Record<string, unknown>;

const trimSlash = (uri: string) => uri.replace(/\/+$/, '');

/** The folders a manifest's listed paths stand for: a listed `…/SKILL.md` is its folder. */
function listedDirs(root: string, listed: string[]): string[] {
  return listed.map((p) => trimSlash(resolveRelative(root, skillFolderOfPath(p))));
}

function plugin(root: string, target: PluginClient, manifest: string, kind: ManifestKind, listed: string[], source?: string, entry?: Json): PluginRoot {
  const r = trimSlash(root);
  const extra = listedDirs(r, listed);
  // The plugin root is a skill of its own only when the manifest names no skill paths: one that
  // names them (`"skills": "./skills/"`) says where its skills are, and a SKILL.md beside it is not one.
  const skillDirs = listed.length ? extra : [r, ...extra];
  // Codex reads the paths its manifest names instead of `skills/` (openai/codex's plugin loader,
  // `plugin_skill_roots`: the default root only when the manifest names none; releases before the
  // Agent Plugins format read both): a plugin's `skills/` beside `"skills": "./.codex-plugin/skills/"`
  // is another client's (held-out round 31). Claude Code adds named skill paths to `skills/`, which it
  // still scans (2.1: nyldn/claude-octopus issues 366 and 434, where stale listed paths fail and `skills/` loads).
  const defaults = target === 'codex' && listed.length ? [] : [trimSlash(resolveRelative(r, 'skills'))];
  // Claude Code reads a skill folder in a plugin's `commands/` as the command of that name (held-out round 48: `commands/hello/SKILL.md`, run as `/plugin:hello`).
  const commands = target === 'claude-code' && manifestPaths((entry ?? {})['commands']).length === 0 ? [trimSlash(resolveRelative(r, 'commands'))] : [];
  const p: PluginRoot = { root: r, target, manifest, kind, skillDirs, skillParents: [...defaults, ...commands, ...extra] };
  if (source !== undefined) p.source = source;
  if (target === 'claude-code') p.components = components(r, entry ?? {}, kind === 'claude-plugin');
  return p;
}

/**
 * A Claude Code plugin's component paths. Paths its plugin.json names for `agents` or `commands`
 * replace the default folder, which counts only when listed too (Claude Code's manifest
 * reference, "Path rules"; held-out round 46: VS Code `*.agent.md` bodies beside the listed
 * agents, which Claude Code never loads). A marketplace entry's paths (`replace` false) are added
 * to the defaults instead: entries often write them from the marketplace's folder, not the
 * plugin's, so what they name is not a sure list. `hooks/hooks.json` is loaded whatever the
 * manifest names (naming it again is plugin-hooks-duplicate), so hook paths add to it.
 */
function components(root: string, json: Json, replace: boolean): PluginComponents {
  const resolve = (paths: string[]) => paths.map((p) => trimSlash(resolveRelative(root, p)));
  const replacing = (defaults: string, key: string) => {
    const named = manifestPaths(json[key]);
    return resolve(replace && named.length ? named : [defaults, ...named]);
  };
  // An inline `hooks` object has no file to check (its manifest is checked as a manifest).
  return { agents: replacing('agents', 'agents'), commands: replacing('commands', 'commands'), hooks: resolve(['hooks/hooks.json', ...manifestPaths(json['hooks'])]) };
}

/** The plugins one manifest describes. */
export function pluginsOfManifest(uri: string, text: string): PluginRoot[] {
  const kind = manifestKindOf(uri);
  if (!kind) return [];
  const json = parseJsonObject(text);
  if (!json) return [];
  const dir = dirnameUri(uri);
  switch (kind) {
    case 'claude-plugin':
      return [
        plugin(
          dirnameUri(dir),
          'claude-code',
          uri,
          kind,
          [...manifestPaths(json['skills']), ...manifestPaths(json['commands']), ...manifestPaths(json['agents'])],
          undefined,
          json,
        ),
      ];
    case 'codex-plugin':
      return [plugin(dirnameUri(dir), 'codex', uri, kind, manifestPaths(json['skills']))];
    case 'agent-plugin': {
      const schema = json['$schema'];
      return typeof schema === 'string' && AGENT_PLUGIN_SCHEMA.test(schema) ? [plugin(dir, 'copilot', uri, kind, manifestPaths(json['skills']))] : [];
    }
    case 'claude-marketplace': {
      const meta = json['metadata'];
      const base = meta && typeof meta === 'object' ? manifestPaths((meta as Json)['pluginRoot'])[0] : undefined;
      const marketRoot = dirnameUri(dir);
      return entries(json).flatMap((e) => {
        const source = manifestPaths(e['source'])[0];
        if (source === undefined || /^[a-z][\w+.-]*:/i.test(source)) return [];
        const listed = [...manifestPaths(e['skills']), ...manifestPaths(e['commands']), ...manifestPaths(e['agents'])];
        return sourceFolders(marketRoot, base, source).map((folder) => plugin(folder, 'claude-code', uri, kind, listed, source, e));
      });
    }
    case 'codex-marketplace': {
      const root = dirnameUri(dirnameUri(dir));
      return entries(json).flatMap((e) => {
        const s = e['source'];
        // A local source: `{ "source": "local", "path" }`, or the path as a bare string (newer Codex versions).
        const local =
          typeof s === 'string'
            ? s === '.' || s.startsWith('./')
              ? s
              : undefined
            : s && typeof s === 'object' && (s as Json)['source'] === 'local'
              ? manifestPaths((s as Json)['path'])[0]
              : undefined;
        return local === undefined ? [] : [plugin(resolveRelative(root, local), 'codex', uri, kind, [], local)];
      });
    }
  }
}

/**
 * Where a Claude Code marketplace entry's relative source may be: a `./` path from the marketplace
 * root, any other under `metadata.pluginRoot` when there is one. Older versions applied
 * `pluginRoot` to `./` paths too, so those get both folders (the one that does not exist holds
 * no files, and the source check looks in both).
 */
function sourceFolders(marketRoot: string, pluginRoot: string | undefined, source: string): string[] {
  const dotted = source === '.' || source.startsWith('./');
  const folders: string[] = [];
  if (dotted || pluginRoot === undefined) folders.push(resolveRelative(marketRoot, source));
  if (pluginRoot !== undefined) folders.push(resolveRelative(resolveRelative(marketRoot, pluginRoot), source));
  return [...new Set(folders.map(trimSlash))];
}

function entries(json: Json): Json[] {
  const list = json['plugins'];
  return Array.isArray(list) ? list.filter((e): e is Json => !!e && typeof e === 'object' && !Array.isArray(e)) : [];
}

/**
 * The facts of a set of manifests, given as texts. A copy of a plugin or a marketplace kept in a
 * backup, archive, template or scaffold folder (`inCopiesFolder`) is no plugin a client loads
 * from here, unless a marketplace outside such folders lists it: its agents, commands and hooks
 * are not checked as a plugin's, and its skills are advice, as other copies of skills are. So is a
 * plugin for which `sample` holds (a skill's example: `inSkillSamples`).
 */
export function repositoryFacts(
  manifests: readonly { uri: string; text: string }[],
  roots?: readonly string[],
  sample?: (folder: string) => boolean,
  vendoredSkill?: (folder: string) => boolean,
): RepositoryFacts {
  const copy = (folder: string) => inCopiesFolder(folder, roots) || (sample?.(folder) ?? false);
  const all = manifests.flatMap((m) => pluginsOfManifest(m.uri, m.text)).filter((p) => p.source === undefined || !copy(manifestFolderOf(p.manifest)));
  const listed = new Set(all.filter((p) => p.source !== undefined).map((p) => p.root));
  const mirror = mirrorOfListed(manifests, all, listed);
  const plugins = all
    .filter((p) => p.source !== undefined || listed.has(p.root) || !(copy(p.root) || (p.kind === 'claude-plugin' && (vendoredSkill?.(p.root) || mirror(p)))))
    .map((p) => entryBesideManifest(p, all));
  return roots?.length ? { plugins, roots } : { plugins };
}

/** The Claude Code plugin whose folder holds another plugin's folder (`p`), when one does. */
export function enclosingPlugin(p: { root: string; kind: ManifestKind }, all: readonly PluginRoot[]): PluginRoot | undefined {
  return p.kind === 'claude-plugin' ? all.find((o) => o.kind === 'claude-plugin' && o.root !== p.root && isInside(o.root, p.root)) : undefined;
}

/**
 * A copy of a listed plugin inside another plugin's folder: a plugin.json no marketplace lists,
 * inside the folder of another Claude Code plugin, with the very text of a plugin.json a
 * marketplace does list (`.marketplace/full/Engineering/`, a link to the `Engineering/` plugin
 * placed in a bundle plugin; held-out round 54). Claude Code installs the listed one and reads the
 * copy as files of the bundle, never as a plugin, so its agents and commands are no plugin's:
 * they are checked where the listed plugin has them.
 */
function mirrorOfListed(manifests: readonly { uri: string; text: string }[], all: readonly PluginRoot[], listed: ReadonlySet<string>): (p: PluginRoot) => boolean {
  const text = new Map(manifests.map((m) => [m.uri, m.text]));
  const listedTexts = new Set(all.filter((p) => p.kind === 'claude-plugin' && listed.has(p.root)).map((p) => text.get(p.manifest)));
  return (p) => !listed.has(p.root) && listedTexts.has(text.get(p.manifest)) && enclosingPlugin(p, all) !== undefined;
}

/**
 * A marketplace entry for a plugin that has its own plugin.json: the manifest says which agents
 * and commands folders count (paths it names replace the defaults), so the entry brings only
 * the paths it names itself, not the default folders again (held-out round 46: an entry with
 * `"source": "./"` beside a plugin.json that lists its agents one by one).
 */
function entryBesideManifest(p: PluginRoot, all: readonly PluginRoot[]): PluginRoot {
  if (p.kind !== 'claude-marketplace' || !p.components || !all.some((o) => o.kind === 'claude-plugin' && o.root === p.root)) return p;
  const own = (folder: string) => (uri: string) => uri !== `${p.root}/${folder}`;
  return { ...p, components: { ...p.components, agents: p.components.agents.filter(own('agents')), commands: p.components.commands.filter(own('commands')) } };
}

/** `facts` with the other paths of SKILL.md files symbolic links show in several places (`kept` → the others, as URIs). */
export function withAliases(facts: RepositoryFacts, found: ReadonlyMap<string, readonly string[]>): RepositoryFacts {
  if (found.size === 0) return facts;
  const aliases = new Map<string, readonly string[]>();
  for (const [kept, others] of found) {
    const all = [kept, ...others];
    for (const u of all)
      aliases.set(
        u,
        all.filter((x) => x !== u),
      );
  }
  return { ...facts, aliases };
}

/** The facts of the manifests at these URIs, read through the host (unreadable ones decide nothing). */
export function readRepositoryFacts(uris: readonly string[], host: IWorkspaceHost, roots?: readonly string[]): RepositoryFacts {
  const manifests: { uri: string; text: string }[] = [];
  for (const uri of uris) {
    const text = host.readText(uri);
    if (text !== undefined) manifests.push({ uri, text });
  }
  const exists = (u: string) => host.exists(u);
  const facts = repositoryFacts(
    manifests,
    roots,
    (folder) => inSkillSamples(folder, exists, roots),
    (folder) => inSkillFolder(folder, exists, roots),
  );
  const installs = roots?.length ? readInstallFacts(roots, host) : undefined;
  const withInstalls = installs?.size ? { ...facts, installs } : facts;
  const ownKeyReaders = roots?.length ? readOwnKeyReaders(roots, host) : undefined;
  const withReaders = ownKeyReaders?.size ? { ...withInstalls, ownKeyReaders } : withInstalls;
  const readByPath = roots?.length ? readSkillsReadByPath(roots, host) : undefined;
  const withReadByPath = readByPath?.size ? { ...withReaders, readByPath } : withReaders;
  const skillLocations = roots?.length ? readSkillLocations(roots, host) : [];
  const withLocations = skillLocations.length ? { ...withReadByPath, skillLocations } : withReadByPath;
  return roots?.length ? { ...withLocations, openCode: usesOpenCode(roots, host), gemini: usesGemini(roots, host), vscode: usesVsCode(roots, host) } : withLocations;
}

/** The files and folder at a root that set a repository up for OpenCode. */
const OPENCODE_MARKERS = ['.opencode', 'opencode.json', 'opencode.jsonc'];
/** The files and folder at a root that set a repository up for Gemini CLI (its project folder, its context file, an extension's manifest). */
const GEMINI_MARKERS = ['.gemini', 'GEMINI.md', 'gemini-extension.json'];

const holdsMarker = (roots: readonly string[], markers: readonly string[], host: IWorkspaceHost) => roots.some((r) => markers.some((m) => host.exists(`${trimSlash(r)}/${m}`)));

/** Whether one of `roots` holds `.opencode/`, `opencode.json` or `opencode.jsonc`. */
export function usesOpenCode(roots: readonly string[], host: IWorkspaceHost): boolean {
  return holdsMarker(roots, OPENCODE_MARKERS, host);
}

/** Whether one of `roots` holds `.gemini/`, `GEMINI.md` or `gemini-extension.json`. */
export function usesGemini(roots: readonly string[], host: IWorkspaceHost): boolean {
  return holdsMarker(roots, GEMINI_MARKERS, host);
}

/**
 * The files and folders at a root that set a repository up for VS Code or GitHub Copilot: its
 * workspace settings, and what Copilot reads from `.github/` (its instructions, prompts, agents,
 * skills, chat modes), and in a dotfiles repository VS Code's user folder (`.config/Code/`). A
 * `.code-workspace` file at a root counts too.
 */
const VSCODE_MARKERS = [
  '.vscode',
  '.github/copilot-instructions.md',
  '.github/instructions',
  '.github/prompts',
  '.github/agents',
  '.github/skills',
  '.github/chatmodes',
  // A dotfiles repository stowed into a home folder: VS Code's user settings.
  '.config/Code',
  '.config/code',
];
const WORKSPACE_FILE = /\.code-workspace$/;

/** Whether one of `roots` is set up for VS Code or Copilot (`VSCODE_MARKERS`, a `.code-workspace` file). */
export function usesVsCode(roots: readonly string[], host: IWorkspaceHost): boolean {
  return holdsMarker(roots, VSCODE_MARKERS, host) || roots.some((r) => host.readDirectory(trimSlash(r)).some((name) => WORKSPACE_FILE.test(name)));
}

/**
 * Whether a URI is one of the OpenCode, Gemini CLI or VS Code markers at a root, or a file in one
 * of their folders (its creation may make the folder).
 */
export function isClientMarker(uri: string, roots: readonly string[]): boolean {
  return roots.some((r) => {
    const base = `${trimSlash(r)}/`;
    if (!uri.startsWith(base)) return false;
    const rel = uri.slice(base.length);
    const first = rel.split('/')[0]!;
    return (
      OPENCODE_MARKERS.includes(first) ||
      GEMINI_MARKERS.includes(first) ||
      VSCODE_MARKERS.some((m) => rel === m || rel.startsWith(`${m}/`)) ||
      (!rel.includes('/') && WORKSPACE_FILE.test(rel))
    );
  });
}

/** What the deepest root holding `uri` says about where the repository's skills are installed, with that root. */
export function installOf(uri: string, facts: RepositoryFacts): (InstallFact & { root: string }) | undefined {
  if (!facts.installs?.size || !facts.roots) return undefined;
  const best = deepestRoot(uri, facts.roots);
  const fact = best === undefined ? undefined : facts.installs.get(best);
  return fact && { ...fact, root: best! };
}

/** The plugins that hold the skill whose SKILL.md is at `skillUri`. */
export function pluginsOf(skillUri: string, facts: RepositoryFacts): PluginRoot[] {
  if (facts.plugins.length === 0) return [];
  const dir = trimSlash(dirnameUri(skillUri));
  const parent = trimSlash(dirnameUri(dir));
  return facts.plugins.filter((p) => p.skillDirs.includes(dir) || p.skillParents.includes(parent));
}

const MANIFEST_NAMES: Record<ManifestKind, string> = {
  'claude-plugin': 'the Claude Code plugin manifest',
  'claude-marketplace': 'the Claude Code marketplace',
  'codex-plugin': 'the Codex plugin manifest',
  'codex-marketplace': 'the Codex marketplace',
  'agent-plugin': 'the Agent Plugins manifest',
};

/** Why a plugin's client reads the skill: "the Claude Code marketplace ../../.claude-plugin/marketplace.json lists its plugin (source ./plugins/x)". */
export function pluginReason(p: PluginRoot, skillUri: string): string {
  const where = relativeLabel(dirnameUri(skillUri), p.manifest);
  if (p.source !== undefined) return `${MANIFEST_NAMES[p.kind]} ${where} lists its plugin (source ${p.source})`;
  return `it is a skill of the plugin that ${MANIFEST_NAMES[p.kind]} ${where} describes`;
}
