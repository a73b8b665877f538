/**
 * What a Claude Code subagent or command names in other files, and the way back:
 * - the MCP servers of its tool lists (`mcp__server` or `mcp__server__tool` in a subagent's
 *   `tools` and `disallowedTools`, a command's `allowed-tools`), defined in the project's
 *   `.mcp.json` (the folder holding `.claude/`), where Claude Code reads project servers;
 * - the skills a subagent preloads (`skills:`), in the project's `.claude/skills/<name>/SKILL.md`.
 * The index keeps these names per file, so a server or a skill finds the files that use it.
 * A plugin's agents are left out: Claude Code names a plugin's MCP tools after the plugin.
 */
import type { Location } from 'vscode-languageserver-types';
import { parseMcpConfig } from '../mcpConfig/parse';
import { nodeRange } from '../mcpConfig/parse';
import type { Position, Range } from '../types';
import { rangeContains } from '../types';
import type { AgentFrontmatter } from './frontmatter';
import { toolEntries } from './tools';

/** A name written in a file, and where. */
export interface NamedRef {
  name: string;
  range: Range;
}

export interface AgentFileRefs {
  /** The MCP servers named by the tool lists (one per entry). */
  mcpServers: NamedRef[];
  /** The skills a subagent preloads. */
  skills: NamedRef[];
}

const TOOL_KEYS = ['tools', 'disallowedTools', 'allowed-tools'];

/** The project of a file under `.claude/`: the folder holding `.claude/`. */
export function projectOf(uri: string): string | undefined {
  return /^(.*)\/\.claude\/(?:agents|commands)\//.exec(uri)?.[1];
}

/** The MCP server an MCP tool name is of (`mcp__github__create_issue` → `github`), or undefined. */
export function mcpServerOfTool(tool: string): string | undefined {
  const m = /^mcp__(.+?)(?:__.*)?$/s.exec(tool);
  return m && m[1] ? m[1] : undefined;
}

/** The `.mcp.json` Claude Code reads a project file's MCP servers from. */
export function projectMcpConfig(uri: string): string | undefined {
  const project = projectOf(uri);
  return project === undefined ? undefined : `${project}/.mcp.json`;
}

/** The SKILL.md a subagent's `skills:` entry names. */
export function projectSkill(uri: string, name: string): string | undefined {
  const project = projectOf(uri);
  return project === undefined ? undefined : `${project}/.claude/skills/${encodeURIComponent(name)}/SKILL.md`;
}

/**
 * What a project subagent or command names: its MCP servers and preloaded skills (nothing for
 * other files). `f`: its frontmatter as Claude Code reads it (the analysis's, when there is one).
 */
export function agentFileRefs(f: AgentFrontmatter, uri: string): AgentFileRefs {
  if (projectOf(uri) === undefined) return { mcpServers: [], skills: [] };
  const entriesOf = (key: string) => {
    const e = f.byKey.get(key);
    return e ? (toolEntries(e, f.fm) ?? []) : [];
  };
  const mcpServers = TOOL_KEYS.flatMap(entriesOf).flatMap((t) => {
    const name = mcpServerOfTool(t.name);
    return name ? [{ name, range: t.range }] : [];
  });
  const skills = entriesOf('skills')
    .filter((t) => /^[\w.-]+$/.test(t.text))
    .map((t) => ({ name: t.text, range: t.range }));
  return { mcpServers, skills };
}

/** The server key of `name` in an MCP configuration text (the last of duplicates, which Claude Code keeps). */
export function mcpServerKey(configText: string, name: string): Range | undefined {
  const parse = parseMcpConfig(configText, 'claude');
  const entry = parse.entries.filter((e) => e.name === name).pop();
  return entry ? nodeRange(parse.lines, entry.keyNode) : undefined;
}

/** The server whose key is at `pos` in an MCP configuration text. */
export function mcpServerAt(configText: string, pos: Position): string | undefined {
  const parse = parseMcpConfig(configText, 'claude');
  return parse.entries.find((e) => rangeContains(nodeRange(parse.lines, e.keyNode), pos))?.name;
}

/** The indexed files' uses of `server` of the `.mcp.json` at `configUri`. */
export function mcpServerUsers(configUri: string, server: string, files: readonly { uri: string; refs?: AgentFileRefs }[]): Location[] {
  return files.flatMap((f) =>
    f.refs && projectMcpConfig(f.uri) === configUri ? f.refs.mcpServers.filter((r) => r.name === server).map((r) => ({ uri: f.uri, range: r.range })) : [],
  );
}

/** The indexed subagents' `skills:` entries that name the SKILL.md at `skillUri`. */
export function skillUsers(skillUri: string, files: readonly { uri: string; refs?: AgentFileRefs }[]): Location[] {
  return files.flatMap((f) => (f.refs ? f.refs.skills.filter((r) => projectSkill(f.uri, r.name) === skillUri).map((r) => ({ uri: f.uri, range: r.range })) : []));
}
