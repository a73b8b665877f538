/**
 * Which of our formats a path holds: by its name alone (`fileKindOf`), or, for the agents,
 * commands and hooks of a Claude Code plugin, by its name and the repository's manifests (`kindOf`).
 */

import { looseSkillFile } from '../skills/looseFilePath';
import { instructionVariantOf } from '../instructions/files';
import { agentFileInfo, agentFileVariantOf } from '../subagents/files';
import { manifestKindOf, type RepositoryFacts } from '../skills/plugins';
import { isClaudeHooksFilePath, isPluginRootHooks, pluginComponentKindOf } from '../plugins/components';
import { splitUri } from './uriPath';
import { mcpVariantOf } from '../mcpConfig/files';
import { isCodexConfig } from '../instructions/codexConfig';
import { isCodexHooksPath } from '../hooks/codexModel';
import { skillEvalVariantOf } from '../skillEvals/files';

export type FileKind =
  | '3md'
  | 'skill'
  | 'agent-md'
  | 'world'
  | 'world-prompt'
  | 'world-eval'
  | 'instructions'
  | 'subagent'
  | 'command'
  | 'plugin-manifest'
  | 'claude-settings'
  | 'hooks'
  | 'github-hooks'
  | 'codex-hooks'
  | 'mcp-config'
  | 'codex-config'
  | 'skill-evals';

export const FILE_KIND_LABELS: Record<FileKind, string> = {
  '3md': '3md',
  skill: 'SKILL.md',
  'agent-md': 'AGENT.md',
  world: 'world.json',
  'world-prompt': 'Agent World prompt',
  'world-eval': 'world.eval.md',
  instructions: 'instruction file',
  subagent: 'agent',
  command: 'command',
  'plugin-manifest': 'plugin manifest',
  'claude-settings': 'Claude Code settings',
  hooks: 'Claude Code plugin hooks',
  'github-hooks': 'Copilot and VS Code hooks',
  'codex-hooks': 'Codex hooks',
  'mcp-config': 'MCP configuration',
  'codex-config': 'Codex configuration',
  'skill-evals': 'skill eval file',
};

/** Classifies a path or URI (forward or back slashes). */
export function fileKindOf(path: string): FileKind | null {
  const parts = path.split(/[\\/]/);
  const base = parts[parts.length - 1] ?? '';
  const parent = parts[parts.length - 2] ?? '';
  const grand = parts[parts.length - 3] ?? '';
  if (base.toLowerCase().endsWith('.3md')) return '3md';
  if (base === 'SKILL.md') return 'skill';
  // A skill whose file name is written in lower case (advice: clients look for SKILL.md); but in a
  // commands folder (`.claude/commands/`, OpenCode's `.opencode/command/`) `skill.md` is a command, and in references/ a document.
  if (base === 'skill.md' && !parts.some((p) => p === 'commands' || p === 'command') && parent !== 'references') return 'skill';
  // A skill written as one file straight in a client's skills folder, which no client loads (looseFile.ts).
  if (looseSkillFile(parts.join('/'))) return 'skill';
  // An AGENT.md in a Claude Code agents folder (which Claude Code reads with its subfolders) is a subagent.
  if (base === 'AGENT.md') return agentFileVariantOf(path) === 'claude-agent' ? 'subagent' : 'agent-md';
  if (parent === '.agent-world') {
    if (base === 'world.json') return 'world';
    if (base === 'world.eval.md') return 'world-eval';
  }
  if (grand === '.agent-world' && parent === 'prompts' && base.endsWith('.md')) return 'world-prompt';
  // Claude Code's `.claude-plugin/plugin.json` and `marketplace.json`; Codex's `.codex-plugin/plugin.json` and `.agents/plugins/marketplace.json`.
  const manifest = manifestKindOf(path);
  if (manifest !== undefined && manifest !== 'agent-plugin') return 'plugin-manifest';
  // AGENTS.md, CLAUDE.md, GEMINI.md, Copilot and Claude Code rules (an AGENT.md is decided above, by content later).
  if (instructionVariantOf(path)) return 'instructions';
  // Claude Code's .mcp.json, VS Code's .vscode/mcp.json, Cursor's .cursor/mcp.json.
  if (mcpVariantOf(path)) return 'mcp-config';
  // Codex's project configuration: its instruction chain's fallback names and cap.
  if (isCodexConfig(path)) return 'codex-config';
  // Codex's hooks beside a project config layer.
  if (isCodexHooksPath(path)) return 'codex-hooks';
  // A skill's evals/evals.json and its trigger query sets.
  if (skillEvalVariantOf(path)) return 'skill-evals';
  // Claude Code subagents and commands, VS Code custom agents and prompt files.
  const agentFile = agentFileVariantOf(path);
  if (agentFile) return agentFileInfo(agentFile).role === 'agent' ? 'subagent' : 'command';
  // Claude Code project settings (hooks, permissions).
  if (parent === '.claude' && (base === 'settings.json' || base === 'settings.local.json')) return 'claude-settings';
  // The hooks VS Code, Copilot CLI and the Copilot cloud agent read (`.github/hooks/*.json`).
  if (grand === '.github' && parent === 'hooks' && base.endsWith('.json')) return 'github-hooks';
  return null;
}

/**
 * The kind of a file (a URI) in a repository: by its name, else as a component of a Claude Code
 * plugin its manifests describe (`agents/*.md`, `commands/**\/*.md`, `hooks/hooks.json`, the
 * paths the manifest names). Every host that decides a file's kind (the CLI's walk, the server's
 * index and open documents) asks this, with the facts of the manifests it found.
 */
export function kindOf(uri: string, facts: RepositoryFacts): FileKind | null {
  let path = splitUri(uri).path;
  try {
    path = decodeURIComponent(path);
  } catch {
    // a malformed escape: the name as written
  }
  const byName = fileKindOf(path);
  // An AGENT.md in a plugin's agents folder is one of the plugin's subagents, as in `.claude/agents/`.
  if (byName === 'agent-md' && pluginComponentKindOf(uri, facts) === 'subagent') return 'subagent';
  return byName ?? pluginComponentKindOf(uri, facts) ?? (isClaudeHooksFilePath(path) || isPluginRootHooks(uri, facts) ? 'hooks' : null);
}

/** Whether a path may be a plugin's component once the manifests are read (`.md` and `.json` files): the walks keep these for `kindOf`. */
export function mayBePluginComponent(path: string): boolean {
  return /\.(md|json)$/i.test(path);
}
