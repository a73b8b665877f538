/**
 * Which agent or command file a path names, by its name alone, and who reads it: Claude Code
 * subagents (`.claude/agents/**\/*.md`) and commands (`.claude/commands/**\/*.md`), VS Code
 * custom agents (`.github/agents/*.agent.md`, formerly `.github/chatmodes/*.chatmode.md`) and
 * prompt files (`.github/prompts/*.prompt.md`), OpenCode agents (`.opencode/agent/**\/*.md`,
 * `.opencode/agents/**\/*.md`), Gemini CLI subagents (`.gemini/agents/*.md`) and Markdown files in
 * Gemini CLI's commands folder (`.gemini/commands/**\/*.md`, which it never loads). Facts: docs/subagents.md.
 */

export type AgentFileVariant =
  'claude-agent' | 'claude-command' | 'vscode-agent' | 'vscode-chatmode' | 'vscode-prompt' | 'opencode-agent' | 'gemini-agent' | 'gemini-markdown-command';

export interface AgentFileInfo {
  variant: AgentFileVariant;
  /** An agent (a subagent or custom agent) or a command (a slash command or prompt file). */
  role: 'agent' | 'command';
  /** The client that loads it, for messages. */
  client: 'Claude Code' | 'VS Code' | 'OpenCode' | 'Gemini CLI';
  /** The file as users name it. */
  label: string;
}

const INFO: Record<AgentFileVariant, Omit<AgentFileInfo, 'variant'>> = {
  'claude-agent': { role: 'agent', client: 'Claude Code', label: 'Claude Code subagent' },
  'claude-command': { role: 'command', client: 'Claude Code', label: 'Claude Code command' },
  'vscode-agent': { role: 'agent', client: 'VS Code', label: 'VS Code custom agent' },
  'vscode-chatmode': { role: 'agent', client: 'VS Code', label: 'VS Code chat mode' },
  'vscode-prompt': { role: 'command', client: 'VS Code', label: 'VS Code prompt file' },
  'opencode-agent': { role: 'agent', client: 'OpenCode', label: 'OpenCode agent' },
  'gemini-agent': { role: 'agent', client: 'Gemini CLI', label: 'Gemini CLI subagent' },
  'gemini-markdown-command': { role: 'command', client: 'Gemini CLI', label: "Markdown file in Gemini CLI's commands folder" },
};

/** Names in a Claude Code agents folder that, without frontmatter, are documentation kept beside the agents. */
export const DOC_NAMES: ReadonlySet<string> = new Set(['readme.md', 'contributing.md', 'changelog.md', 'license.md', 'index.md']);

/** The agent or command file a path (forward or back slashes) names; null for any other file. */
export function agentFileVariantOf(path: string): AgentFileVariant | null {
  const parts = path.split(/[\\/]/);
  const base = parts[parts.length - 1] ?? '';
  const parent = parts[parts.length - 2] ?? '';
  const grand = parts[parts.length - 3] ?? '';
  if (grand === '.github') {
    if (parent === 'agents' && base.endsWith('.agent.md') && base.length > 9) return 'vscode-agent';
    if (parent === 'chatmodes' && base.endsWith('.chatmode.md') && base.length > 12) return 'vscode-chatmode';
    if (parent === 'prompts' && base.endsWith('.prompt.md') && base.length > 10) return 'vscode-prompt';
  }
  if (!base.toLowerCase().endsWith('.md') || base.length <= 3) return null;
  // Gemini CLI reads the `.md` files directly in the folder, but those starting with '_'.
  if (grand === '.gemini' && parent === 'agents') return base.endsWith('.md') && !base.startsWith('_') ? 'gemini-agent' : null;
  const dirs = parts.slice(0, -1);
  // Gemini CLI's commands folder holds TOML commands: a Markdown file there is checked for that (geminiCommands.ts).
  for (let i = dirs.length - 2; i >= 0; i--) {
    if (dirs[i] === '.gemini' && dirs[i + 1] === 'commands') return 'gemini-markdown-command';
  }
  // Claude Code scans both folders recursively.
  for (let i = dirs.length - 2; i >= 0; i--) {
    if (dirs[i] !== '.claude') continue;
    if (dirs[i + 1] === 'agents') return 'claude-agent';
    if (dirs[i + 1] === 'commands') return 'claude-command';
  }
  // OpenCode scans `{agent,agents}/**/*.md` under each `.opencode` folder.
  for (let i = dirs.length - 2; i >= 0; i--) {
    if (dirs[i] === '.opencode' && base.endsWith('.md') && (dirs[i + 1] === 'agent' || dirs[i + 1] === 'agents')) return 'opencode-agent';
  }
  return null;
}

export function agentFileInfo(variant: AgentFileVariant): AgentFileInfo {
  return { variant, ...INFO[variant] };
}

/** The agents folder a Claude Code subagent belongs to (`…/.claude/agents`): one scope for name clashes. */
export function agentsFolderOf(uri: string): string | null {
  const m = /^(.*\/\.claude\/agents)\//.exec(uri);
  return m ? m[1]! : null;
}

/** A Markdown file's name without `.md`, decoded: what Claude Code calls a command, or a plugin agent without a name. */
export function mdFileNameOf(uri: string): string {
  const name = (uri.split('/').pop() ?? '').replace(/\.md$/i, '');
  try {
    return decodeURIComponent(name);
  } catch {
    return name; // a stray `%` in the file name: as written
  }
}

/** The command name Claude Code gives a command file: its path under `.claude/commands/` without `.md`, `/` as `:`. */
export function commandNameOf(uri: string): string {
  // `.claude/commands/` or a plugin's `commands/`: a subfolder is part of the name (`frontend/build.md` is `frontend:build`).
  const m = /\/\.claude\/commands\/(.*)\.md$/i.exec(uri) ?? /\/commands\/((?:(?!\/commands\/).)*)\.md$/i.exec(uri);
  const rel = m ? m[1]! : (uri.split('/').pop() ?? '').replace(/\.md$/i, '');
  try {
    return decodeURIComponent(rel).split('/').join(':');
  } catch {
    return rel.split('/').join(':');
  }
}
