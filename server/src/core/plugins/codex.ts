/**
 * The check of a Codex plugin manifest (`.codex-plugin/plugin.json`) and marketplace file
 * (`.agents/plugins/marketplace.json`). Codex reads both as strict JSON into typed records: a file
 * that does not parse, or a known field of the wrong type, makes it drop the whole file. Paths must
 * start with `./` and stay inside their root. Facts and sources: docs/plugins.md#codex.
 */
import { printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import type { Diagnostic, Range, Severity } from '../types';
import type { IWorkspaceHost } from '../workspace/host';
import { linkOutside } from '../workspace/host';
import { LineIndex } from '../text/text';
import { boundedParseTree } from '../text/jsonDepth';
import { dirnameUri, resolveRelative } from '../world/paths';
import { manifestKindOf } from '../skills/plugins';
import { properties, propertyValue } from './jsonNodes';
import { CODEX_AUTH_POLICIES, CODEX_INSTALL_POLICIES, CODEX_INTERFACE_KEYS, CODEX_MARKETPLACE_KEYS, CODEX_PLUGIN_KEYS } from './codexKeys';
import type { ManifestRole, PluginManifestAnalysis, SourceLink } from './types';
import { checkCodexMarketplaceShapes } from './marketplaceShapes';
import { builtPath, builtPathNote } from './builtPaths';
import type { IgnoredTest } from '../workspace/gitIgnored';

type At = { offset: number; length: number };

interface Ctx {
  host: IWorkspaceHost;
  uri: string;
  /** Whether the repository's .gitignore files leave a URI out (a folder a build step makes). */
  ignored: IgnoredTest;
  add: (code: string, severity: Severity, message: string, at: At, related?: Diagnostic['related']) => void;
  rangeOf: (n: At) => Range;
}

const DROPS: Record<ManifestRole, string> = {
  plugin: 'Codex cannot read this plugin.json and loads the plugin without it (no skills, MCP or app paths, the folder name as its name)',
  marketplace: 'Codex cannot read this marketplace and skips it (none of its plugins are listed)',
};

function present(uri: string, host: IWorkspaceHost): boolean {
  return host.exists(uri) || linkOutside(host, uri) !== undefined;
}

function jsonType(n: Node): string {
  return n.type === 'array' ? 'a list' : n.type === 'object' ? 'an object' : n.type === 'null' ? 'null' : `a ${n.type}`;
}

/**
 * The paths Codex takes, as a JSON Schema pattern (ECMAScript, as VS Code reads it): `pathProblem`'s
 * rules, which a test holds it to.
 */
export const CODEX_PATH_PATTERN = '^\\./(?!/?$)(?!(?:.*/)?\\.\\.?(?:/|$))';

/**
 * The local source paths of a Codex marketplace entry, as a JSON Schema pattern: the paths of
 * CODEX_PATH_PATTERN, and `./` or `.` for the marketplace root (`sourcePathProblem`).
 */
export const CODEX_SOURCE_PATH_PATTERN = `^\\.\\/?$|${CODEX_PATH_PATTERN}`;

/**
 * Why Codex refuses a marketplace entry's local source path: as `pathProblem`, but `./` and `.`
 * name the marketplace root, a plugin at the top of the repository (openai/codex pull request
 * #28771, merged 2026-06-17; before it Codex skipped such an entry as an empty path).
 */
export function sourcePathProblem(raw: string): string | undefined {
  return raw === './' || raw === '.' ? undefined : pathProblem(raw);
}

/** Why Codex refuses a path it reads relative to a root, or undefined when it takes it. */
export function pathProblem(raw: string): string | undefined {
  if (!raw.startsWith('./')) return 'it must start with ./';
  const rest = raw.slice(2);
  if (rest === '' || rest === '/') return 'it must name something below ./';
  const parts = rest.split('/').filter((p) => p !== '');
  if (parts.includes('..')) return "it must not hold '..'";
  if (parts.includes('.')) return 'it must be a plain relative path';
  return undefined;
}

export function analyzeCodexManifest(text: string, uri: string, host: IWorkspaceHost, ignored: IgnoredTest): PluginManifestAnalysis {
  const role: ManifestRole = manifestKindOf(uri) === 'codex-marketplace' ? 'marketplace' : 'plugin';
  const index = new LineIndex(text);
  const rangeOf = (n: At): Range => ({ start: index.positionAt(n.offset), end: index.positionAt(n.offset + n.length) });
  const diagnostics: Diagnostic[] = [];
  const add: Ctx['add'] = (code, severity, message, at, related) => diagnostics.push({ code, severity, message, range: rangeOf(at), ...(related ? { related } : {}) });
  const sources: SourceLink[] = [];
  const none = (): PluginManifestAnalysis => ({ role, client: 'codex', root: undefined, diagnostics, sources });
  const errors: ParseError[] = [];
  // Codex reads the file with serde_json: no comments, no trailing commas.
  const body = text.charCodeAt(0) === 0xfeff ? ` ${text.slice(1)}` : text;
  const { root, tooDeepAt } = boundedParseTree(body, errors, { disallowComments: true, allowTrailingComma: false });
  if (tooDeepAt !== -1) {
    add('plugin-invalid-json', 'error', `The JSON nests too deeply to read: ${DROPS[role]}.`, { offset: tooDeepAt, length: 1 });
    return none();
  }
  const first = errors[0];
  if (first) {
    add('plugin-invalid-json', 'error', `This is not valid JSON (${printParseErrorCode(first.error)}): ${DROPS[role]}.`, first);
    return none();
  }
  if (!root || root.type !== 'object') {
    add('plugin-invalid-json', 'error', `The file must hold a JSON object: ${DROPS[role]}.`, root ?? { offset: 0, length: 0 });
    return none();
  }
  const ctx: Ctx = { host, uri, ignored, add, rangeOf };
  if (role === 'plugin') checkPlugin(root, ctx);
  else checkMarketplace(root, ctx, sources);
  return { role, client: 'codex', root, diagnostics, sources };
}

/** A known field of the wrong type: Codex's typed reader fails on the whole file. */
function wrongType(key: Node, value: Node, takes: string, role: ManifestRole, ctx: Ctx): void {
  ctx.add('plugin-value-invalid', 'error', `\`${String(key.value)}\` must be ${takes}, not ${jsonType(value)}: ${DROPS[role]}.`, value);
}

function unknownKeys(obj: Node, known: readonly string[], where: string, ctx: Ctx): void {
  for (const { key } of properties(obj)) {
    const k = String(key.value);
    if (!known.includes(k)) ctx.add('plugin-unknown-key', 'information', `Codex does not read '${k}' in ${where}: it ignores the key.`, key);
  }
}

function checkPlugin(root: Node, ctx: Ctx): void {
  const pluginRoot = dirnameUri(dirnameUri(ctx.uri));
  for (const { key, value } of properties(root)) {
    const k = String(key.value);
    if (!value) continue;
    // `name` has a default but no null; `version`, `description` and `apps` are optional strings (null reads as absent).
    if (['name', 'version', 'description', 'apps'].includes(k) && value.type !== 'string' && !(value.type === 'null' && k !== 'name')) {
      wrongType(key, value, k === 'apps' ? 'one path (text) starting with ./' : 'text', 'plugin', ctx);
      continue;
    }
    if (k === 'keywords' && !(value.type === 'array' && (value.children ?? []).every((c) => c.type === 'string'))) wrongType(key, value, 'a list of text', 'plugin', ctx);
    if (k === 'interface' && value.type !== 'object' && value.type !== 'null') wrongType(key, value, 'an object', 'plugin', ctx);
    if (k === 'interface' && value.type === 'object') unknownKeys(value, CODEX_INTERFACE_KEYS, '`interface`', ctx);
    if (k === 'skills' || k === 'mcpServers') checkPathField(key, value, pluginRoot, ctx);
    else if (k === 'apps' && value.type === 'string' && value.value !== '') checkPluginPath(k, String(value.value), value, pluginRoot, ctx);
  }
  unknownKeys(root, Object.keys(CODEX_PLUGIN_KEYS), 'plugin.json', ctx);
}

/**
 * `skills` (a path or a list of paths) and `mcpServers` (a path, or the servers as an object):
 * each path is checked; another shape makes Codex ignore the field and load the rest ("ignoring
 * skills: expected a string or string array"; older versions, which took one path only, could
 * not read the file at all).
 */
function checkPathField(key: Node, value: Node, pluginRoot: string, ctx: Ctx): void {
  const k = String(key.value);
  if (value.type === 'null' || (k === 'mcpServers' && value.type === 'object')) return;
  const paths = value.type === 'string' ? [value] : k === 'skills' && value.type === 'array' ? (value.children ?? []) : undefined;
  if (!paths || paths.some((c) => c.type !== 'string')) {
    const takes = k === 'skills' ? 'a path or a list of paths (text) starting with ./' : 'a path (text) starting with ./ or the servers as an object';
    ctx.add(
      'plugin-value-invalid',
      'warning',
      `\`${k}\` must be ${takes}, not ${jsonType(value)}: Codex ignores it and loads the rest of the plugin ("ignoring ${k}"; versions before mid-2026 could not read this plugin.json at all).`,
      value,
    );
    return;
  }
  for (const p of paths) if (p.value !== '') checkPluginPath(k, String(p.value), p, pluginRoot, ctx);
}

function checkPluginPath(key: string, raw: string, node: Node, pluginRoot: string, ctx: Ctx): void {
  const problem = pathProblem(raw);
  if (problem) {
    ctx.add('plugin-path-invalid', 'warning', `Codex ignores \`${key}\` '${raw}': ${problem} (a path from the plugin root, like ./skills/).`, node);
    return;
  }
  const target = resolveRelative(pluginRoot, raw);
  if (present(target, ctx.host)) return;
  if (builtPath(ctx.ignored, target)) ctx.add('plugin-path-not-found', 'information', `\`${key}\` names ${raw}, ${builtPathNote('Codex')}.`, node);
  else ctx.add('plugin-path-not-found', 'warning', `\`${key}\` names ${raw}, which does not exist in the plugin folder: Codex loads nothing from it.`, node);
}

function checkMarketplace(root: Node, ctx: Ctx, sources: SourceLink[]): void {
  const name = propertyValue(root, 'name');
  const plugins = propertyValue(root, 'plugins');
  const missing = [name ? '' : 'name', plugins ? '' : 'plugins'].filter(Boolean);
  if (missing.length)
    ctx.add('plugin-missing-key', 'error', `This marketplace has no ${missing.map((k) => `\`${k}\``).join(' and ')}: ${DROPS.marketplace}.`, { offset: root.offset, length: 1 });
  const nameKey = root.children?.find((p) => p.children?.[0]?.value === 'name')?.children?.[0];
  if (name && nameKey && name.type !== 'string') wrongType(nameKey, name, 'text', 'marketplace', ctx);
  const pluginsKey = root.children?.find((p) => p.children?.[0]?.value === 'plugins')?.children?.[0];
  if (plugins && pluginsKey && plugins.type !== 'array') wrongType(pluginsKey, plugins, 'a list of plugin entries', 'marketplace', ctx);
  checkCodexMarketplaceShapes(root, ctx.add);
  unknownKeys(root, Object.keys(CODEX_MARKETPLACE_KEYS), 'marketplace.json', ctx);
  if (plugins?.type !== 'array') return;
  const marketRoot = dirnameUri(dirnameUri(dirnameUri(ctx.uri)));
  const seen = new Map<string, Node>();
  for (const entry of plugins.children ?? []) {
    if (entry.type !== 'object') {
      ctx.add('plugin-value-invalid', 'error', `A plugin entry must be an object, not ${jsonType(entry)}: ${DROPS.marketplace}.`, entry);
      continue;
    }
    checkEntry(entry, ctx, seen);
    const link = checkLocalSource(entry, marketRoot, ctx);
    if (link) sources.push(link);
  }
}

function checkEntry(entry: Node, ctx: Ctx, seen: Map<string, Node>): void {
  const at = { offset: entry.offset, length: 1 };
  const name = propertyValue(entry, 'name');
  if (!name || name.type !== 'string') ctx.add('plugin-missing-key', 'error', `This plugin entry has no \`name\` (text): ${DROPS.marketplace}.`, name ?? at);
  if (!propertyValue(entry, 'source')) ctx.add('plugin-missing-key', 'error', `This plugin entry has no \`source\`: ${DROPS.marketplace}.`, at);
  if (name?.type === 'string') {
    const first = seen.get(String(name.value));
    if (first)
      ctx.add(
        'plugin-duplicate-name',
        'warning',
        `Another entry already names the plugin '${String(name.value)}': Codex finds the first entry of a name, so it never installs this one.`,
        name,
        [{ range: ctx.rangeOf(first), message: 'the first entry with this name' }],
      );
    else seen.set(String(name.value), name);
  }
  const policy = propertyValue(entry, 'policy');
  if (policy?.type !== 'object') return;
  for (const [key, allowed] of [
    ['installation', CODEX_INSTALL_POLICIES],
    ['authentication', CODEX_AUTH_POLICIES],
  ] as const) {
    const v = propertyValue(policy, key);
    if (v && !(v.type === 'string' && allowed.includes(String(v.value))))
      ctx.add('plugin-value-invalid', 'error', `\`policy.${key}\` must be one of ${allowed.join(', ')}: ${DROPS.marketplace}.`, v);
  }
}

/** A local source (a string, or `{ "source": "local", "path" }`): the folder it names under the marketplace root. */
function checkLocalSource(entry: Node, marketRoot: string, ctx: Ctx): SourceLink | undefined {
  const source = propertyValue(entry, 'source');
  const pathNode = source?.type === 'string' ? source : source?.type === 'object' && propertyValue(source, 'source')?.value === 'local' ? propertyValue(source, 'path') : undefined;
  // Other sources (a git URL…) are fetched, not read here.
  if (pathNode?.type !== 'string') return undefined;
  const raw = String(pathNode.value);
  const problem = sourcePathProblem(raw);
  if (problem) {
    ctx.add(
      'plugin-path-invalid',
      'warning',
      `Codex skips this plugin: its source path '${raw}' is not one it takes (${problem}; a path from the folder holding .agents/).`,
      pathNode,
    );
    return undefined;
  }
  const folder = resolveRelative(marketRoot, raw);
  if (ctx.host.exists(folder)) return ctx.host.isDirectory(folder) ? { range: ctx.rangeOf(pathNode), folder } : undefined;
  if (linkOutside(ctx.host, folder) !== undefined) return undefined;
  // A common slip: the path written from .agents/plugins/, where the marketplace file is.
  const nearFile = resolveRelative(dirnameUri(ctx.uri), raw);
  const hint = ctx.host.exists(nearFile)
    ? ` (it exists under .agents/plugins/, but Codex resolves source paths from the folder that holds .agents/: write ./.agents/plugins/${raw.slice(2)})`
    : '';
  ctx.add('plugin-source-not-found', 'error', `No folder ${raw} exists in the marketplace root (the folder holding .agents/): Codex cannot install this plugin${hint}.`, pathNode);
  return undefined;
}
