/**
 * The check of a Claude Code plugin manifest (`.claude-plugin/plugin.json`) or marketplace file
 * (`.claude-plugin/marketplace.json`): what a schema cannot say (folders that do not exist,
 * duplicate plugin names) before what it can. Which skills a plugin loads is read elsewhere
 * (../skills/plugins.ts, `manifestKindOf` decides the kind). Facts and sources: docs/plugins.md.
 */
import { printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import type { Diagnostic, Range, Severity } from '../types';
import type { IWorkspaceHost } from '../workspace/host';
import { linkOutside, relativeLabel } from '../workspace/host';
import { LineIndex } from '../text/text';
import { boundedParseTree } from '../text/jsonDepth';
import { climbsOut, dirnameUri, isAbsolutePath, isInside, relativePath, resolveRelative } from '../world/paths';
import { enclosingPlugin, manifestFolderOf, manifestKindOf, type RepositoryFacts } from '../skills/plugins';
import { deepestRoot, inCopiesFolder, inSkillFolder, inSkillSamples } from '../skills/copies';
import { COMPONENT_PATH_KEYS, ENTRY_KEYS, KEBAB_CASE, MARKETPLACE_KEYS, PLUGIN_KEYS } from './keys';
import { properties, propertyValue, stringAt } from './jsonNodes';
import { CLAUDE_PLUGIN_SHAPES, SHAPE_WORDS, hasShape, jsonTypeWords } from './shapes';
import { analyzeCodexManifest } from './codex';
import { asAdvice } from '../analysis/advice';
import { submoduleHolding } from '../workspace/gitSubmodules';
import { gitIgnoredTest, type IgnoredTest } from '../workspace/gitIgnored';
import { builtPath, builtPathNote } from './builtPaths';
import { checkClaudeMarketplaceShapes } from './marketplaceShapes';
import { unlistedComponents } from './unlisted';
import { checkablePath } from './componentPath';
import { inlineMcpFindings } from './inlineMcp';
import { inlineHooksFindings } from './inlineHooks';
import type { ManifestRole, PluginManifestAnalysis, SourceLink } from './types';

export type { ManifestRole, PluginManifestAnalysis, SourceLink } from './types';

/** A marketplace.json is one; anything else given this kind is read as a plugin.json. */
export function manifestRoleOf(uri: string): ManifestRole {
  const kind = manifestKindOf(uri);
  return kind === 'claude-marketplace' || kind === 'codex-marketplace' ? 'marketplace' : 'plugin';
}

const FILE_NAME: Record<ManifestRole, string> = { plugin: 'plugin.json', marketplace: 'marketplace.json' };
const LOAD_FAILS: Record<ManifestRole, string> = { plugin: 'Claude Code will not load the plugin', marketplace: 'Claude Code cannot load the marketplace' };
const MAX_SYNTAX_ERRORS = 1;

/**
 * A plugin or marketplace manifest's findings. A copy kept in a backup, archive, template or
 * scaffold folder (`inCopiesFolder`) is loaded by no client from there: its findings are advice.
 */
export function analyzePluginManifest(text: string, uri: string, host: IWorkspaceHost, repository?: RepositoryFacts): PluginManifestAnalysis {
  const a = analyzeManifest(text, uri, host, repository?.roots);
  const folder = manifestFolderOf(uri);
  if (inCopiesFolder(folder, repository?.roots)) return manifestAsAdvice(a, COPY_NOTE);
  if (inSkillSamples(folder, (u) => host.exists(u), repository?.roots)) return manifestAsAdvice(a, SAMPLE_NOTE);
  const listed = repository?.plugins.some((p) => p.source !== undefined && p.root === folder) ?? false;
  if (!listed && a.role === 'plugin' && inSkillFolder(folder, (u) => host.exists(u), repository?.roots)) return manifestAsAdvice(a, SKILL_NOTE);
  const self = repository?.plugins.some((p) => p.kind === 'claude-plugin' && p.root === folder);
  const outer = !listed && !self && repository ? enclosingPlugin({ root: folder, kind: manifestKindOf(uri) ?? 'agent-plugin' }, repository.plugins) : undefined;
  if (outer && repository) {
    const top = deepestRoot(outer.root, repository.roots ?? []);
    const at = (top !== undefined && relativePath(top, outer.root)) || decodeURIComponent(outer.root.slice(outer.root.lastIndexOf('/') + 1));
    return manifestAsAdvice(
      a,
      `(This plugin.json sits inside the plugin folder ${at}/, and no marketplace lists its own folder: Claude Code reads it as a file of that plugin, not as a plugin.)`,
    );
  }
  const listing = a.role === 'marketplace' ? vendoringMarketplace(uri, repository) : undefined;
  if (!listing) return a;
  const client = manifestKindOf(uri) === 'codex-marketplace' ? 'Codex' : 'Claude Code';
  return manifestAsAdvice(
    a,
    `(This marketplace sits in a plugin that ${relativeLabel(dirnameUri(uri), listing)} lists: the plugin is installed from that marketplace, and ${client} does not read this file unless this folder is added as a marketplace itself.)`,
  );
}

const COPY_NOTE = '(This manifest sits in a backup, archive or template folder: no client loads a plugin from there unless a marketplace lists it.)';
const SKILL_NOTE = "(This manifest sits in a skill's folder, which no marketplace lists as a plugin: Claude Code loads the skill, not a plugin, from there.)";
const SAMPLE_NOTE =
  "(This manifest sits in a skill's references, assets or examples, an example the skill carries: no client loads a plugin from there unless a marketplace lists it.)";

/** The analysis with its errors and warnings made information, with a note saying why. */
function manifestAsAdvice(a: PluginManifestAnalysis, note: string): PluginManifestAnalysis {
  return { ...a, diagnostics: asAdvice(a.diagnostics, note) };
}

/** The other marketplace of the same client that lists this marketplace's folder as a plugin (a plugin vendored, or mirrored, with its own marketplace.json), if one does. */
export function vendoringMarketplace(uri: string, repository: RepositoryFacts | undefined): string | undefined {
  const kind = manifestKindOf(uri);
  if (!repository || (kind !== 'claude-marketplace' && kind !== 'codex-marketplace')) return undefined;
  const folder = manifestFolderOf(uri);
  // Another client's marketplace counts too when the folder is a plugin below the workspace root (a vendored plugin carrying its own
  // repository's Codex marketplace, held-out round 55); at the root, a plugin of its own marketplaces is the common layout.
  const belowRoot = !(repository.roots ?? []).some((r) => r.replace(/\/+$/, '') === folder);
  const lists = (k: string) => k === kind || (belowRoot && (k === 'claude-marketplace' || k === 'codex-marketplace'));
  return repository.plugins.find((p) => lists(p.kind) && p.root === folder && p.manifest !== uri)?.manifest;
}

function analyzeManifest(text: string, uri: string, host: IWorkspaceHost, roots: readonly string[] | undefined): PluginManifestAnalysis {
  const kind = manifestKindOf(uri);
  const ignored = gitIgnoredTest(host, roots, manifestFolderOf(uri));
  if (kind === 'codex-plugin' || kind === 'codex-marketplace') return analyzeCodexManifest(text, uri, host, ignored);
  const role = manifestRoleOf(uri);
  const index = new LineIndex(text);
  const rangeOf = (n: { offset: number; length: number }): Range => ({ start: index.positionAt(n.offset), end: index.positionAt(n.offset + n.length) });
  const diagnostics: Diagnostic[] = [];
  const add = (code: string, severity: Severity, message: string, at: { offset: number; length: number }, related?: Diagnostic['related']) =>
    diagnostics.push({ code, severity, message, range: rangeOf(at), ...(related ? { related } : {}) });
  const sources: SourceLink[] = [];
  const errors: ParseError[] = [];
  // Claude Code reads the file as strict JSON: no comments, no trailing commas.
  // A leading byte order mark is read as a space (same offsets): whether Claude Code accepts one is not known.
  const body = text.charCodeAt(0) === 0xfeff ? ` ${text.slice(1)}` : text;
  const { root, tooDeepAt } = boundedParseTree(body, errors, { disallowComments: true, allowTrailingComma: false });
  if (tooDeepAt !== -1) {
    add('plugin-invalid-json', 'error', `${FILE_NAME[role]} nests arrays and objects too deeply to read: ${LOAD_FAILS[role]}.`, { offset: tooDeepAt, length: 1 });
    return { role, client: 'claude', root: undefined, diagnostics, sources };
  }
  for (const e of errors.slice(0, MAX_SYNTAX_ERRORS)) {
    add('plugin-invalid-json', 'error', `${FILE_NAME[role]} is not valid JSON (${printParseErrorCode(e.error)}): ${LOAD_FAILS[role]}.`, e);
  }
  if (errors.length) return { role, client: 'claude', root: undefined, diagnostics, sources };
  if (!root || root.type !== 'object') {
    add('plugin-invalid-json', 'error', `${FILE_NAME[role]} must hold a JSON object: ${LOAD_FAILS[role]}.`, root ?? { offset: 0, length: 0 });
    return { role, client: 'claude', root: undefined, diagnostics, sources };
  }
  const ctx: Ctx = { host, uri, ignored, add, rangeOf };
  if (role === 'plugin') {
    checkPlugin(root, ctx);
    diagnostics.push(...inlineMcpFindings(body, root, dirnameUri(dirnameUri(uri)), host));
    diagnostics.push(...inlineHooksFindings(body, root, dirnameUri(dirnameUri(uri)), host, roots));
  } else checkMarketplace(root, ctx, sources);
  return { role, client: 'claude', root, diagnostics, sources };
}

interface Ctx {
  host: IWorkspaceHost;
  uri: string;
  /** Whether the repository's .gitignore files leave a URI out (a folder a build step makes). */
  ignored: IgnoredTest;
  add: (code: string, severity: Severity, message: string, at: { offset: number; length: number }, related?: Diagnostic['related']) => void;
  rangeOf: (n: { offset: number; length: number }) => Range;
}

/** `name`: required, no spaces (Claude Code's schema), kebab-case (its docs' advice). */
function checkName(obj: Node, what: string, ctx: Ctx, at: Node): Node | undefined {
  const name = propertyValue(obj, 'name');
  if (!name) {
    ctx.add('plugin-missing-key', 'error', `${what} has no \`name\`: Claude Code requires one and will not load it.`, at.type === 'object' ? { offset: at.offset, length: 1 } : at);
    return undefined;
  }
  if (name.type !== 'string') return undefined;
  const value = String(name.value);
  if (value.trim() === '') ctx.add('plugin-missing-key', 'error', `${what} has an empty \`name\`: Claude Code requires one and will not load it.`, name);
  else if (/\s/.test(value))
    ctx.add('plugin-name-has-spaces', 'error', `The name '${value}' contains whitespace: Claude Code rejects it ("cannot contain spaces. Use kebab-case").`, name);
  else if (!KEBAB_CASE.test(value))
    ctx.add(
      'plugin-name-not-kebab-case',
      'information',
      `The name '${value}' is not kebab-case (lowercase letters, digits and hyphens), the form Claude Code's documentation asks for.`,
      name,
    );
  return name;
}

function checkUnknownKeys(obj: Node, known: Readonly<Record<string, string>>, where: string, ctx: Ctx): void {
  for (const { key } of properties(obj)) {
    const k = String(key.value);
    if (!Object.hasOwn(known, k))
      ctx.add('plugin-unknown-key', 'information', `Claude Code does not know the key '${k}' in ${where}: it ignores it (\`claude plugin validate\` warns).`, key);
  }
}

/** Why a path into a git submodule finds nothing in this checkout, and that Claude Code's install has it. */
function inSubmodule(from: string, submodule: string): string {
  return `it is in the git submodule ${relativeLabel(from, submodule)}, filled when submodules are checked out (git clone --recurse-submodules; Claude Code's marketplace clone fetches them)`;
}

/** A plugin's default component folders: what an entry's paths written from the marketplace's folder may land in (an entry's paths add to them). */
const DEFAULT_FOLDERS: Readonly<Record<string, string>> = { commands: 'commands', agents: 'agents', skills: 'skills' };

/**
 * Each component path (`commands`, `agents`, `skills`, `hooks`, `mcpServers`, …) of `obj` that
 * names nothing under `pluginRoot`. `marketRoot`: for a marketplace entry, the marketplace's
 * folder, from which an entry's paths are sometimes written by mistake.
 */
function checkComponentPaths(obj: Node, pluginRoot: string, ctx: Ctx, marketRoot?: string): void {
  for (const { key, value } of properties(obj)) {
    const k = String(key.value);
    if (!value || !COMPONENT_PATH_KEYS.has(k)) continue;
    const items = value.type === 'string' ? [value] : value.type === 'array' ? (value.children ?? []).filter((c) => c.type === 'string') : [];
    for (const item of items) {
      if (escapesPlugin(k, String(item.value), pluginRoot, item, ctx)) continue;
      const p = checkablePath(String(item.value));
      if (p === undefined) continue;
      if (k === 'hooks') checkStandardHooks(p, pluginRoot, item, ctx);
      const target = resolveRelative(pluginRoot, p);
      if (present(target, ctx)) {
        checkFileNotFolder(k, p, target, item, ctx);
        continue;
      }
      const loadedAnyway = marketRoot !== undefined && inDefaultFolder(k, resolveRelative(marketRoot, p), pluginRoot, ctx);
      if (loadedAnyway)
        ctx.add(
          'plugin-path-not-found',
          'information',
          `\`${k}\` names ${p}, which does not exist in the plugin folder (Claude Code reads an entry's paths from the plugin's folder, not the marketplace's); what it names from the marketplace's folder is in the plugin's ${DEFAULT_FOLDERS[k]}/ folder, which Claude Code loads anyway.`,
          item,
        );
      else {
        const submodule = submoduleHolding(target, pluginRoot, ctx.host);
        if (submodule) ctx.add('plugin-path-not-found', 'information', `\`${k}\` names ${p}, which is not in this checkout: ${inSubmodule(pluginRoot, submodule)}.`, item);
        else if (builtPath(ctx.ignored, target)) ctx.add('plugin-path-not-found', 'information', `\`${k}\` names ${p}, ${builtPathNote('Claude Code')}.`, item);
        else ctx.add('plugin-path-not-found', 'warning', `\`${k}\` names ${p}, which does not exist in the plugin folder: Claude Code loads nothing from it.`, item);
      }
    }
  }
}

/**
 * A component path that climbs out of the plugin's folder (`../skills/`, often written from
 * `.claude-plugin/` rather than from the plugin root): Claude Code refuses it ("Paths in
 * plugin.json must not use \"..\" to reference files outside the plugin directory", reported as
 * "Path escapes plugin directory"; `claude plugin validate` rejects it too) and loads nothing from
 * it (juxt/allium#24, confluentinc/claude-code-confluent-plugin#25; held-out round 54).
 */
function escapesPlugin(key: string, raw: string, pluginRoot: string, item: Node, ctx: Ctx): boolean {
  const p = raw.trim().replace(/^\$\{CLAUDE_PLUGIN_ROOT\}(?=\/|$)/, '.');
  if (p.includes('${') || isAbsolutePath(p) || /^[a-z][\w+.-]*:/i.test(p) || !climbsOut(p)) return false;
  const refused = `\`${key}\` names ${raw.trim()}, outside the plugin folder: Claude Code refuses a path that leaves the plugin ("Path escapes plugin directory") and loads nothing from it`;
  ctx.add('plugin-path-invalid', 'warning', `${refused}; ${fromManifestFolder(key, p, pluginRoot, ctx)}.`, item);
  return true;
}

/**
 * What a path that leaves the plugin most likely meant: written from `.claude-plugin/` (`../commands/`),
 * it names a place in the plugin, which the message names, saying when Claude Code loads it by itself.
 */
function fromManifestFolder(key: string, p: string, pluginRoot: string, ctx: Ctx): string {
  const meant = resolveRelative(`${pluginRoot}/.claude-plugin`, p);
  const inside = relativePath(pluginRoot, meant);
  if (inside === undefined || !ctx.host.exists(meant)) return 'write it from the plugin root, the folder holding .claude-plugin/ (`./…`)';
  const folder = Object.hasOwn(DEFAULT_FOLDERS, key) ? DEFAULT_FOLDERS[key] : undefined;
  const standard = key === 'hooks' ? inside === 'hooks/hooks.json' : folder !== undefined && (inside === folder || inside.startsWith(`${folder}/`));
  return standard
    ? `written from .claude-plugin/, it means ./${inside}, which Claude Code loads from every plugin by itself: remove the entry`
    : `written from .claude-plugin/, it means ./${inside}: paths start at the plugin root, the folder holding .claude-plugin/`;
}

/** Component paths Claude Code reads as one JSON file each (a hooks file, an MCP or LSP configuration), where the others may name folders. */
const FILE_COMPONENTS: ReadonlySet<string> = new Set(['hooks', 'mcpServers', 'lspServers']);

/** A `hooks`, `mcpServers` or `lspServers` path naming a folder: Claude Code reads a JSON file there, and loads nothing from a folder. */
function checkFileNotFolder(key: string, path: string, target: string, item: Node, ctx: Ctx): void {
  if (!FILE_COMPONENTS.has(key) || !ctx.host.isDirectory(target)) return;
  ctx.add('plugin-path-invalid', 'warning', `\`${key}\` names ${path}, a folder: Claude Code reads each \`${key}\` path as a JSON file and loads nothing from a folder.`, item);
}

/**
 * `hooks` naming the plugin's own hooks/hooks.json, which Claude Code loads from every plugin by
 * itself: it refuses the second load ("Duplicate hooks file detected: … The standard
 * hooks/hooks.json is loaded automatically, so manifest.hooks should only reference additional
 * hook files"), reports the plugin's hooks as failed to load at each start and in /doctor, and
 * keeps the hooks it loaded first (anthropics/claude-code#10871; held-out round 35).
 */
function checkStandardHooks(p: string, pluginRoot: string, item: Node, ctx: Ctx): void {
  const standard = resolveRelative(pluginRoot, 'hooks/hooks.json');
  // Written as the documentation writes paths (`./…`, or from `${CLAUDE_PLUGIN_ROOT}`): what Claude Code makes of a bare `hooks/hooks.json` is not known.
  if (!p.startsWith('./') || resolveRelative(pluginRoot, p) !== standard || !ctx.host.exists(standard)) return;
  ctx.add(
    'plugin-hooks-duplicate',
    'warning',
    `\`hooks\` names ${p}, which Claude Code loads from every plugin by itself: it refuses to load the file again ("Duplicate hooks file detected") and reports the plugin's hooks as failed at each start; name only additional hook files here.`,
    item,
  );
}

/** Whether `uri` exists in the default folder of component `key` of the plugin at `pluginRoot`. */
function inDefaultFolder(key: string, uri: string, pluginRoot: string, ctx: Ctx): boolean {
  const folder = Object.hasOwn(DEFAULT_FOLDERS, key) ? `${pluginRoot.replace(/\/+$/, '')}/${DEFAULT_FOLDERS[key]}` : undefined;
  return folder !== undefined && (uri === folder || isInside(folder, uri)) && ctx.host.exists(uri);
}

/** A key whose value has another JSON type than Claude Code's manifest reader takes: the manifest is invalid. */
function checkShapes(obj: Node, ctx: Ctx): void {
  for (const { key, value } of properties(obj)) {
    const k = String(key.value);
    const shape = Object.hasOwn(CLAUDE_PLUGIN_SHAPES, k) ? CLAUDE_PLUGIN_SHAPES[k] : undefined;
    // The author's own fields are text too (`"email": null` fails the manifest as a top-level `null` does; held-out round 65).
    if (k === 'author' && value?.type === 'object') checkPersonFields(value, k, ctx);
    if (!value || !shape || hasShape(value, shape)) continue;
    ctx.add(
      'plugin-value-invalid',
      'error',
      `\`${k}\` must be ${SHAPE_WORDS[shape]}, not ${jsonTypeWords(value)}: Claude Code will not load the plugin ("invalid manifest file").`,
      value,
    );
  }
}

/** `name`, `email` and `url` of a person object (`author`): text when present. */
function checkPersonFields(person: Node, key: string, ctx: Ctx): void {
  for (const { key: field, value } of properties(person)) {
    const f = String(field.value);
    if (!value || !PERSON_FIELDS.has(f) || value.type === 'string') continue;
    ctx.add(
      'plugin-value-invalid',
      'error',
      `\`${key}.${f}\` must be text, not ${jsonTypeWords(value)}: Claude Code will not load the plugin ("invalid manifest file"); leave the key out when there is no value.`,
      value,
    );
  }
}
const PERSON_FIELDS: ReadonlySet<string> = new Set(['name', 'email', 'url']);

function checkPlugin(root: Node, ctx: Ctx): void {
  checkName(root, 'This plugin manifest', ctx, root);
  checkShapes(root, ctx);
  checkUnknownKeys(root, PLUGIN_KEYS, 'plugin.json', ctx);
  checkComponentPaths(root, dirnameUri(dirnameUri(ctx.uri)), ctx);
  for (const f of unlistedComponents(root, dirnameUri(dirnameUri(ctx.uri)), ctx.host)) ctx.add('plugin-component-unlisted', 'information', f.message, f.node);
}

function checkMarketplace(root: Node, ctx: Ctx, sources: SourceLink[]): void {
  const missing = ['name', 'owner', 'plugins'].filter((k) => !propertyValue(root, k));
  if (missing.length) {
    const keys = missing.map((k) => `\`${k}\``).join(', ');
    ctx.add('plugin-missing-key', 'error', `This marketplace has no ${keys}: Claude Code requires ${missing.length > 1 ? 'them' : 'it'} and cannot load the marketplace.`, {
      offset: root.offset,
      length: 1,
    });
  }
  if (!missing.includes('name')) checkName(root, 'This marketplace', ctx, root);
  checkClaudeMarketplaceShapes(root, ctx.add);
  checkUnknownKeys(root, MARKETPLACE_KEYS, 'marketplace.json', ctx);
  const plugins = propertyValue(root, 'plugins');
  if (plugins?.type !== 'array') return;
  const marketRoot = dirnameUri(dirnameUri(ctx.uri));
  const meta = propertyValue(root, 'metadata');
  const pluginRootNode = meta?.type === 'object' ? stringAt(meta, 'pluginRoot') : undefined;
  const pluginRoot = pluginRootNode ? checkablePath(String(pluginRootNode.value)) : undefined;
  const seen = new Map<string, Node>();
  for (const entry of plugins.children ?? []) {
    if (entry.type !== 'object') continue;
    const name = checkName(entry, 'This plugin entry', ctx, entry);
    if (name?.type === 'string') {
      const first = seen.get(String(name.value));
      if (first) {
        ctx.add(
          'plugin-duplicate-name',
          'error',
          `Another entry already names the plugin '${String(name.value)}': Claude Code rejects a marketplace whose entries share a name ("Duplicate plugin name").`,
          name,
          [{ range: ctx.rangeOf(first), message: 'the first entry with this name' }],
        );
      } else seen.set(String(name.value), name);
    }
    if (!propertyValue(entry, 'source'))
      ctx.add('plugin-missing-key', 'error', 'This plugin entry has no `source`: Claude Code requires one and cannot load the marketplace.', { offset: entry.offset, length: 1 });
    checkUnknownKeys(entry, ENTRY_KEYS, 'a marketplace plugin entry', ctx);
    const source = stringAt(entry, 'source');
    const folder = source ? checkSource(source, marketRoot, pluginRoot, ctx) : undefined;
    if (folder && source) {
      sources.push({ range: ctx.rangeOf(source), folder });
      checkComponentPaths(entry, folder, ctx, marketRoot);
    }
  }
}

/** Whether a path exists, or is a link out of the workspace (never read, so not known missing). */
function present(uri: string, ctx: { host: IWorkspaceHost }): boolean {
  return ctx.host.exists(uri) || linkOutside(ctx.host, uri) !== undefined;
}

/**
 * A relative `source`: the folder it names (resolved from the marketplace root, the folder that
 * holds `.claude-plugin/`), or undefined when it is not one we check. Reports a path that leaves
 * the root or names no folder.
 */
function checkSource(node: Node, marketRoot: string, pluginRoot: string | undefined, ctx: Ctx): string | undefined {
  const raw = String(node.value).trim();
  // An absolute path (`/home/me/plugins/x`, `~/plugins/x`, `C:\\plugins\\x`): one machine's folder, which a marketplace's relative source cannot be (held-out round 65).
  if (/^(?:\/|~[\\/]|[A-Za-z]:[\\/])/.test(raw)) {
    ctx.add(
      'plugin-source-outside',
      'error',
      `The source ${raw} is an absolute path, one machine's folder: Claude Code takes a relative source only from the marketplace root ('./plugins/x') and rejects this entry; write the path from the marketplace root, or a source object (github, url, git-subdir, npm)`,
      node,
    );
    return undefined;
  }
  // A URL or another scheme: not a path in this repository.
  if (/^[a-z][\w+.-]*:/i.test(raw)) return undefined;
  if (raw.replace(/\\/g, '/').split('/').includes('..')) {
    ctx.add(
      'plugin-source-outside',
      'error',
      `The source ${raw} contains "..": Claude Code only installs a relative source inside the marketplace root and rejects this entry.`,
      node,
    );
    return undefined;
  }
  const p = checkablePath(raw);
  if (p === undefined) return undefined;
  const candidates: string[] = [];
  if (p === '.' || p.startsWith('./')) candidates.push(resolveRelative(marketRoot, p));
  // `metadata.pluginRoot` is the folder bare names resolve under (older Claude Code versions applied it to `./` paths too).
  if (pluginRoot !== undefined && (p.startsWith('./') || !p.includes('/'))) candidates.push(resolveRelative(resolveRelative(marketRoot, pluginRoot), p));
  if (candidates.length === 0) return undefined;
  const found = candidates.find((c) => ctx.host.exists(c));
  if (found) return ctx.host.isDirectory(found) ? found : undefined;
  if (candidates.some((c) => linkOutside(ctx.host, c) !== undefined)) return undefined;
  const submodule = submoduleHolding(candidates[0]!, marketRoot, ctx.host);
  if (submodule) {
    ctx.add('plugin-source-not-found', 'information', `No folder ${p} is in this checkout: ${inSubmodule(marketRoot, submodule)}.`, node);
    return undefined;
  }
  ctx.add(
    'plugin-source-not-found',
    'error',
    `No folder ${p} exists in the marketplace root (the folder holding .claude-plugin/): Claude Code cannot install this plugin ("Source path does not exist").`,
    node,
  );
  return undefined;
}
