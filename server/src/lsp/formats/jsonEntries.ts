/**
 * The index entries of the JSON files a coding agent loads: Claude Code settings and plugin hooks
 * files (their hook events), MCP configuration files (their servers), plugin and marketplace
 * manifests. The Agent Files view lists them; a plugin's hooks, MCP servers and manifest carry
 * their plugin (`source`), so the view shows them under it.
 */
import type { Node } from 'jsonc-parser';
import type { Diagnostic } from '../../core/types';
import { countSeverities } from '../../core/types';
import type { IndexedFile, IndexedSkillSource } from '../../core/workspace/indexTypes';
import { hookEventsOf } from '../../core/hooks/summary';
import { inlineMcpServersOf, mcpServersOf } from '../../core/mcpConfig/summary';
import type { McpConfigAnalysis } from '../../core/mcpConfig';
import { pluginRootOfHooks } from '../../core/plugins/components';
import { manifestKindOf } from '../../core/skills/plugins';
import { pluginManifestSource, pluginPartSource } from '../../core/skills/source';
import { dirnameUri } from '../../core/world/paths';
import { isDecodeError, unlessExpected } from '../../core/analysis/expectedErrors';
import type { FormatContext } from './provider';

type JsonKind = 'hooks' | 'github-hooks' | 'claude-settings' | 'mcp-config' | 'plugin-manifest';

/** The last segment of a URI, decoded (as written when it holds a malformed escape). */
function baseName(uri: string): string {
  const raw = uri.replace(/\/+$/, '').slice(uri.replace(/\/+$/, '').lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(raw);
  } catch (e) {
    // A malformed escape: the name as written.
    unlessExpected(e, isDecodeError);
    return raw;
  }
}

function entry(uri: string, kind: JsonKind, name: string, diagnostics: readonly Diagnostic[]): IndexedFile {
  return { uri, kind, name, isAgent: false, identity: null, skills: [], ...countSeverities(diagnostics) };
}

/** The plugin (a folder with `.claude-plugin/plugin.json`) a file belongs to, as the view groups it. */
function pluginSource(uri: string, root: string | undefined, ctx: FormatContext): IndexedSkillSource | undefined {
  return root ? pluginPartSource(uri, root, ctx.host) : undefined;
}

const withSource = (e: IndexedFile, source: IndexedSkillSource | undefined): IndexedFile => (source ? { ...e, source } : e);

/** A Claude Code settings file, a plugin's hooks file or a `.github/hooks/*.json` file: its hook events. */
export function hooksEntry(
  uri: string,
  text: string,
  kind: 'hooks' | 'claude-settings' | 'github-hooks',
  a: { root: Node | undefined; diagnostics: Diagnostic[] },
  ctx: FormatContext,
): IndexedFile {
  const e: IndexedFile = { ...entry(uri, kind, baseName(uri), a.diagnostics), hooks: hookEventsOf(a.root, text, kind === 'github-hooks') };
  return kind === 'hooks' ? withSource(e, pluginSource(uri, pluginRootOfHooks(uri, ctx.repository()), ctx)) : e;
}

/** An MCP configuration file: its servers; a plugin's `.mcp.json` carries its plugin. */
export function mcpEntry(uri: string, a: McpConfigAnalysis, ctx: FormatContext): IndexedFile {
  const e: IndexedFile = { ...entry(uri, 'mcp-config', baseName(uri), [...a.diagnostics, ...a.shapeDiagnostics]), mcpServers: mcpServersOf(a) };
  return a.variant === 'claude' ? withSource(e, pluginSource(uri, dirnameUri(uri), ctx)) : e;
}

const MANIFEST_LABELS = {
  'claude-plugin': 'Claude Code plugin',
  'claude-marketplace': 'Claude Code marketplace',
  'codex-plugin': 'Codex plugin',
  'codex-marketplace': 'Codex marketplace',
} as const;

/** The `name` of a parsed manifest, when it is a non-empty string. */
function nameOf(root: Node | undefined): string | undefined {
  const p = root?.type === 'object' ? root.children?.find((c) => c.children?.[0]?.value === 'name') : undefined;
  const v = p?.children?.[1];
  return v?.type === 'string' && String(v.value).trim() ? String(v.value).trim() : undefined;
}

/** A plugin's `mcpServers` written inline (an object of servers, not a path): its servers, for the view. */
function inlineServers(root: Node | undefined, text: string): IndexedFile['mcpServers'] {
  const v = root?.type === 'object' ? root.children?.find((c) => c.children?.[0]?.value === 'mcpServers')?.children?.[1] : undefined;
  const servers = inlineMcpServersOf(v, text);
  return servers.length ? servers : undefined;
}

/**
 * A plugin or marketplace manifest: its name (else its folder's) and which one; a plugin.json
 * (Claude Code's or Codex's) carries its plugin, and Claude Code's its inline MCP servers and
 * hooks (a `hooks` object rather than a path).
 */
export function manifestEntry(uri: string, text: string, a: { root: Node | undefined; diagnostics: Diagnostic[] }, ctx: FormatContext): IndexedFile | null {
  const kind = manifestKindOf(uri);
  if (!kind || kind === 'agent-plugin') return null;
  // The folder holding `.claude-plugin/` (or `.agents/plugins/`): the plugin's or the marketplace's.
  const up = kind === 'codex-marketplace' ? 3 : 2;
  let root = uri;
  for (let i = 0; i < up; i++) root = dirnameUri(root);
  const name = nameOf(a.root) ?? baseName(root);
  const e: IndexedFile = { ...entry(uri, 'plugin-manifest', name, a.diagnostics), manifest: { kind, label: MANIFEST_LABELS[kind] } };
  if (kind === 'codex-plugin') return withSource(e, pluginManifestSource(uri, root, ctx.host));
  if (kind !== 'claude-plugin') return e;
  const servers = inlineServers(a.root, text);
  const hooks = hookEventsOf(a.root, text);
  return withSource({ ...e, ...(servers ? { mcpServers: servers } : {}), ...(hooks.length ? { hooks } : {}) }, pluginManifestSource(uri, root, ctx.host));
}
