/**
 * Targets: who reads a SKILL.md. A skill's targets come from where it lives (the client folder
 * it sits in), unless the user names them (setting, initialization option, `--target`).
 * Facts per client: docs/clients-fields.md.
 */
import type { IWorkspaceHost } from '../workspace/host';
import { isDecodeError, unlessExpected } from '../analysis/expectedErrors';
import { relativeLabel } from '../workspace/host';
import { splitUri } from '../workspace/uriPath';
import { dirnameUri } from '../world/paths';
import { installOf, pluginReason, pluginsOf, type RepositoryFacts } from './plugins';
import { installCovers } from './installs';
import { inSkillLocation } from './vscodeLocations';

export const TARGETS = ['spec', 'skills-ref', 'claude-code', 'codex', 'copilot', 'gemini-cli', 'opencode', 'cursor'] as const;
export type Target = (typeof TARGETS)[number];

export const TARGET_LABELS: Record<Target, string> = {
  spec: 'the Agent Skills specification',
  'skills-ref': 'skills-ref',
  'claude-code': 'Claude Code',
  codex: 'Codex',
  copilot: 'VS Code / Copilot',
  'gemini-cli': 'Gemini CLI',
  opencode: 'OpenCode',
  cursor: 'Cursor',
};

/** The clients that scan a project's `.agents/skills/` (docs/clients-fields.md#where-clients-look). */
export const AGENTS_DIR_READERS: readonly Target[] = ['codex', 'copilot', 'gemini-cli', 'opencode'];

/** The default when a skill sits in no client folder: the specification as written. */
export const DEFAULT_TARGETS: readonly Target[] = ['spec'];

export function isTarget(s: string): s is Target {
  return (TARGETS as readonly string[]).includes(s);
}

/** The file's targets and, in words, why. */
export interface TargetSet {
  targets: Target[];
  reason: string;
  /** True when the user named the targets (setting, initialization option or `--target`). */
  explicit: boolean;
  /** True when no setting, client folder or plugin names them: the specification stands in, and no client is known to load the file. */
  fallback?: boolean;
  /** A client Agent Files does not model that the repository installs the skill for (its folder, and the file that says so). */
  elsewhere?: { client: string; folder: string; source: string };
}

/** Reads `a,b` or a list; unknown names are returned separately so callers can report them. */
export function parseTargets(raw: unknown): { targets: Target[]; unknown: string[] } {
  const items = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : [];
  const targets: Target[] = [];
  const unknown: string[] = [];
  for (const item of items) {
    if (typeof item !== 'string') continue;
    const t = item.trim();
    if (!t) continue;
    if (isTarget(t)) {
      if (!targets.includes(t)) targets.push(t);
    } else unknown.push(t);
  }
  return { targets, unknown };
}

function rawSegmentsOf(uri: string): string[] {
  return (splitUri(uri).path.split(/[?#]/)[0] ?? '').split('/');
}

function segmentsOf(uri: string): string[] {
  return rawSegmentsOf(uri).map((s) => {
    try {
      return decodeURIComponent(s);
    } catch (e) {
      // A malformed % escape is read as written.
      unlessExpected(e, isDecodeError);
      return s;
    }
  });
}

/**
 * The client folders, and the names a dotfiles repository gives the ones it installs in the home
 * folder (`~/.claude` kept as `claude/`, `_claude/`, chezmoi's `dot_claude/`, GNU Stow's
 * `dot-claude/` (its `--dotfiles` option), or `.config/claude/` linked there): their skills are the
 * client's user skills.
 */
const FOLDERS: { dir: string; skills: string[]; targets: readonly Target[]; home?: RegExp }[] = [
  { dir: '.claude', skills: ['skills'], targets: ['claude-code'], home: /^(?:dot[-_]|_)?claude$/ },
  { dir: '.codex', skills: ['skills'], targets: ['codex'], home: /^(?:dot[-_]|_)?codex$/ },
  { dir: '.github', skills: ['skills'], targets: ['copilot'] },
  { dir: '.gemini', skills: ['skills'], targets: ['gemini-cli'], home: /^(?:dot[-_]|_)?gemini$/ },
  { dir: '.opencode', skills: ['skill', 'skills'], targets: ['opencode'], home: /^(?:dot[-_]|_)?opencode$/ },
  { dir: '.cursor', skills: ['skills'], targets: ['cursor'], home: /^(?:dot[-_]|_)?cursor$/ },
  { dir: '.agents', skills: ['skills'], targets: AGENTS_DIR_READERS, home: /^(?:dot[-_]|_)agents$/ },
];

/** A project's client skills folders, from its root (`.claude/skills`, `.agents/skills`, `.opencode/skill`, …), with the clients that read each. */
export const PROJECT_SKILL_FOLDER_READERS: readonly { folder: string; targets: readonly Target[] }[] = FOLDERS.flatMap((f) =>
  f.skills.map((s) => ({ folder: `${f.dir}/${s}`, targets: f.targets })),
);
/** The same folders alone. */
export const PROJECT_SKILL_FOLDERS: readonly string[] = PROJECT_SKILL_FOLDER_READERS.map((f) => f.folder);

/** Folders a dotfiles repository keeps configuration folders in, under their bare names (`.config/claude`, `home/codex`). */
const CONFIG_PARENTS: ReadonlySet<string> = new Set(['.config', 'dot_config', 'dot-config', 'config', 'home']);

/**
 * The innermost client folder a SKILL.md sits in (`.claude/skills/<n>/…`), with its readers.
 * `tops`: how many segments the workspace folders' paths have; a bare mirror name (`claude/`)
 * counts only right below one of them or in a configuration folder, where a dotfiles repository
 * keeps it (`adapters/codex/` is a project's own folder).
 */
function clientFolderOf(segs: string[], tops: readonly number[]): { where: string; targets: readonly Target[]; home?: string } | undefined {
  // The skill folder is segs[n-2]; its parent must be the skills folder.
  for (let i = segs.length - 3; i >= 1; i--) {
    const seg = segs[i]!;
    const parent = segs[i - 1]!;
    const hit = FOLDERS.find((f) => f.dir === parent && f.skills.includes(seg));
    if (hit) return { where: `${parent}/${seg}/`, targets: hit.targets };
    const mirror = FOLDERS.find((f) => f.home?.test(parent) && f.skills.includes(seg));
    const placed = /^(?:dot[-_]|_)/.test(parent) || tops.includes(i - 1) || CONFIG_PARENTS.has(segs[i - 2] ?? '');
    if (mirror && placed) return { where: `${parent}/${seg}/`, targets: mirror.targets, home: `~/${mirror.dir}/${seg}/` };
  }
  return undefined;
}

/** Without repository facts: a `skills/` folder next to `.claude-plugin/plugin.json` is a Claude Code plugin (looked up through `host`). */
function claudePluginByProbe(uri: string, segs: string[], host: IWorkspaceHost): boolean {
  const raw = rawSegmentsOf(uri);
  for (let i = segs.length - 3; i >= 1; i--) {
    if (segs[i] !== 'skills') continue;
    const prefix = uri.slice(0, uri.length - raw.slice(i).join('/').length);
    if (host.exists(`${prefix}.claude-plugin/plugin.json`)) return true;
  }
  return false;
}

/**
 * The targets of a SKILL.md from where it lives: the innermost client folder it sits in, and the
 * plugins that hold it (from `facts`, the manifests the host found: a Claude Code plugin or
 * marketplace, a Codex plugin or marketplace, an Agent Plugins manifest). A skill both in a
 * client folder and in a plugin is checked for both, and so is a skill whose folder a symbolic
 * link shows in another place (`facts.aliases`: `.claude/skills -> ../.agents/skills`). Without
 * facts, a `skills/` folder next to `.claude-plugin/plugin.json` is still recognised through `host`.
 */
export function inferTargets(uri: string, host?: IWorkspaceHost, facts?: RepositoryFacts): TargetSet {
  const own = targetsWhere(uri, host, facts);
  const aliases = facts?.aliases?.get(uri);
  if (!aliases?.length) return own;
  // The same skill folder reached through a linked folder: each client reading one of its paths loads it.
  const sets: (TargetSet & { alias?: string })[] = [own, ...aliases.map((alias) => ({ ...targetsWhere(alias, host, facts), alias }))].filter((t) => !t.fallback);
  if (!sets.length) return own;
  const targets = [...new Set(sets.flatMap((t) => t.targets))];
  const reasons = sets.map((t) => (t.alias ? `as ${relativeLabel(dirnameUri(uri), t.alias)} (through a symbolic link), ${t.reason}` : t.reason));
  return { targets, reason: reasons.join('; '), explicit: false };
}

const depthsOf = new WeakMap<readonly string[], readonly number[]>();

/** How many segments each workspace folder's path has (`clientFolderOf`), once per list of folders. */
function rootDepths(roots: readonly string[] | undefined): readonly number[] {
  if (!roots?.length) return [];
  let depths = depthsOf.get(roots);
  if (!depths) depthsOf.set(roots, (depths = roots.map((r) => segmentsOf(r.replace(/\/+$/, '')).length)));
  return depths;
}

/**
 * The manifest of the Gemini CLI extension whose `skills/<name>/SKILL.md` this is (a folder holding
 * `gemini-extension.json`, anywhere in the repository: `.gemini/extensions/a11y/`), if any.
 */
function geminiExtensionOf(uri: string, host: IWorkspaceHost): string | undefined {
  const skills = dirnameUri(dirnameUri(uri));
  if (!/\/skills$/.test(skills)) return undefined;
  const manifest = `${dirnameUri(skills)}/gemini-extension.json`;
  return host.exists(manifest) ? manifest : undefined;
}

/** The targets of a SKILL.md from this one path (see `inferTargets`). */
function targetsWhere(uri: string, host?: IWorkspaceHost, facts?: RepositoryFacts): TargetSet {
  const segs = segmentsOf(uri);
  const folder = clientFolderOf(segs, rootDepths(facts?.roots));
  const targets: Target[] = folder ? [...folder.targets] : [];
  const reasons: string[] = [];
  if (folder) {
    const names = folder.targets.map((t) => TARGET_LABELS[t]).join(', ');
    const verb = folder.targets.length > 1 ? 'read' : 'reads';
    reasons.push(
      folder.home
        ? `it is in ${folder.where}, the name a dotfiles repository gives ${folder.home} (installed there), which ${names} ${verb}`
        : `it is in ${folder.where}, which ${names} ${verb}`,
    );
  }
  if (facts) {
    for (const p of pluginsOf(uri, facts)) {
      if (!targets.includes(p.target)) targets.push(p.target);
      reasons.push(`${TARGET_LABELS[p.target]} loads it: ${pluginReason(p, uri)}`);
    }
  } else if (!folder && host && claudePluginByProbe(uri, segs, host)) {
    return { targets: ['claude-code'], reason: 'it is in the skills/ folder of a Claude Code plugin (.claude-plugin/plugin.json)', explicit: false };
  }
  if (facts?.skillLocations && !targets.includes('copilot') && inSkillLocation(uri, facts.skillLocations)) {
    targets.push('copilot');
    reasons.push(`VS Code loads it: chat.agentSkillsLocations in .vscode/settings.json names ${relativeLabel(dirnameUri(uri), dirnameUri(dirnameUri(uri)))}/ as a skills folder`);
  }
  const installed = targets.length === 0 && facts ? installOf(uri, facts) : undefined;
  if (installed?.target === 'every' && /^skills\/[^/]+\/SKILL\.md$/.test(uri.slice(installed.root.length + 1)))
    // The installer reads `skills/<name>/SKILL.md` for the clients the user picks: a skill meant to load, checked against the specification.
    return {
      targets: [...DEFAULT_TARGETS],
      reason: `it is in the skills/ folder that ${relativeLabel(dirnameUri(uri), installed.source)} installs with \`npx skills add\`, for whichever clients the user picks, so it is checked against the specification as written`,
      explicit: false,
    };
  if (installed?.target === 'openclaw' && installCovers(installed, uri)) {
    const source = relativeLabel(dirnameUri(uri), installed.source);
    return {
      targets: [...DEFAULT_TARGETS],
      reason: `it is in no client folder and no plugin, and ${source} installs the repository's skills into ${installed.folder}, which OpenClaw reads; it is checked against the specification`,
      explicit: false,
      fallback: true,
      elsewhere: { client: 'OpenClaw', folder: installed.folder, source },
    };
  }
  if (installed && installed.target !== 'every' && installed.target !== 'openclaw' && installCovers(installed, uri))
    // Still no client loads it from here (`fallback`): it is a source the repository copies into that client's folder.
    return {
      targets: [installed.target],
      reason: `it is in no client folder and no plugin, and ${relativeLabel(dirnameUri(uri), installed.source)} installs the repository's skills into ${installed.folder}, which ${TARGET_LABELS[installed.target]} reads`,
      explicit: false,
      fallback: true,
    };
  const extension = targets.length === 0 && host ? geminiExtensionOf(uri, host) : undefined;
  if (extension)
    // Gemini CLI loads an installed extension's skills ("Extension Skills"); from here no client does.
    return {
      targets: ['gemini-cli'],
      reason: `it is in the skills/ folder of a Gemini CLI extension (${relativeLabel(dirnameUri(uri), extension)}), whose skills Gemini CLI loads once the extension is installed`,
      explicit: false,
      fallback: true,
    };
  if (targets.length === 0)
    return {
      targets: [...DEFAULT_TARGETS],
      reason: 'it is in no client folder and no plugin, so it is checked against the specification as written',
      explicit: false,
      fallback: true,
    };
  return { targets, reason: reasons.join('; '), explicit: false };
}

/** The targets a file is checked for: the user's choice when given, else the inferred set. */
export function resolveTargets(
  uri: string,
  host: IWorkspaceHost | undefined,
  override: readonly Target[] | undefined,
  source = 'the agentFiles.targets setting',
  facts?: RepositoryFacts,
): TargetSet {
  if (override && override.length) return { targets: [...override], reason: `${source} names them`, explicit: true };
  return inferTargets(uri, host, facts);
}

/** "Claude Code and Codex". */
export function labelList(targets: readonly Target[]): string {
  const names = targets.map((t) => TARGET_LABELS[t]);
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
