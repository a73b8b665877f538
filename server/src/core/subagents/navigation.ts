/**
 * Definition from a Claude Code subagent or command to what it names: a `skills:` entry to the
 * `SKILL.md` of that name in the project's `.claude/skills/`, an MCP tool (`mcp__server__tool`)
 * of its tool lists to the server's key in the project's `.mcp.json`, when they exist.
 */
import type { Location } from 'vscode-languageserver-types';
import type { IWorkspaceHost } from '../workspace/host';
import type { Position } from '../types';
import { rangeContains } from '../types';
import { readAgentFrontmatter } from './frontmatter';
import { agentFileRefs, mcpServerKey, projectMcpConfig, projectSkill } from './references';

export function agentFileDefinition(text: string, uri: string, pos: Position, host: IWorkspaceHost): Location | null {
  const refs = agentFileRefs(readAgentFrontmatter(text), uri);
  const skill = refs.skills.find((r) => rangeContains(r.range, pos));
  if (skill) {
    const target = projectSkill(uri, skill.name);
    return target && host.exists(target) ? { uri: target, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } } : null;
  }
  const server = refs.mcpServers.find((r) => rangeContains(r.range, pos));
  const config = server ? projectMcpConfig(uri) : undefined;
  const configText = config ? host.readText(config) : undefined;
  const key = server && configText !== undefined ? mcpServerKey(configText, server.name) : undefined;
  return config && key ? { uri: config, range: key } : null;
}
