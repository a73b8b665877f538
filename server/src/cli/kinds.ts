/** `check --kind K`: the file kinds a file named on the command line can be read as. */
import type { AgentDetection } from '../core/agent/detect';
import type { FileKind } from '../core/workspace/fileKinds';
import { UsageError } from './args';

export interface ForcedKind {
  kind: FileKind;
  /** For 3md: force agent rules (`agent3md`); otherwise the usual detection. */
  detection?: AgentDetection;
}

/** Every kind `--kind` takes, with what it means (the help text lists them in this order). */
export const CLI_KINDS: { name: string; aliases: string[]; forced: ForcedKind; about: string }[] = [
  { name: '3md', aliases: [], forced: { kind: '3md' }, about: 'a 3md document (an agent.3md is detected as usual)' },
  { name: 'agent3md', aliases: ['agent.3md'], forced: { kind: '3md', detection: 'agent' }, about: 'an agent.3md: agent3md/1 rules, whatever the content' },
  { name: 'skill', aliases: ['SKILL.md'], forced: { kind: 'skill' }, about: 'an Agent Skills SKILL.md' },
  { name: 'agent-md', aliases: ['AGENT.md'], forced: { kind: 'agent-md' }, about: 'an AGENT.md (OS Protocol agent or instruction file, by its frontmatter)' },
  { name: 'world', aliases: ['world.json'], forced: { kind: 'world' }, about: 'an Agent World world.json' },
  { name: 'prompt', aliases: ['world-prompt'], forced: { kind: 'world-prompt' }, about: 'an Agent World prompt (checked against ../world.json)' },
  { name: 'eval', aliases: ['world-eval', 'world.eval.md'], forced: { kind: 'world-eval' }, about: 'an Agent World world.eval.md (checked against ./world.json)' },
  { name: 'instructions', aliases: ['AGENTS.md', 'CLAUDE.md'], forced: { kind: 'instructions' }, about: 'an instruction file for coding agents (read as an AGENTS.md)' },
  { name: 'agent', aliases: ['subagent'], forced: { kind: 'subagent' }, about: 'a subagent or custom agent (read as a Claude Code subagent unless its folder says)' },
  { name: 'command', aliases: [], forced: { kind: 'command' }, about: 'a command or prompt file (read as a Claude Code command unless its folder says)' },
  {
    name: 'plugin',
    aliases: ['plugin.json', 'marketplace.json', 'plugin-manifest'],
    forced: { kind: 'plugin-manifest' },
    about: 'a Claude Code plugin.json (a marketplace.json when so named)',
  },
  { name: 'claude-settings', aliases: ['settings.json'], forced: { kind: 'claude-settings' }, about: 'a Claude Code settings file (hooks and permissions)' },
  { name: 'hooks', aliases: ['hooks.json'], forced: { kind: 'hooks' }, about: "a Claude Code plugin's hooks file (hooks/hooks.json)" },
  {
    name: 'github-hooks',
    aliases: [],
    forced: { kind: 'github-hooks' },
    about: 'a hooks file of VS Code, Copilot CLI and the Copilot cloud agent (.github/hooks/*.json)',
  },
  {
    name: 'mcp',
    aliases: ['mcp-config', '.mcp.json', 'mcp.json'],
    forced: { kind: 'mcp-config' },
    about: 'an MCP server configuration (read as .mcp.json unless it is .vscode/mcp.json or .cursor/mcp.json)',
  },
  { name: 'codex-config', aliases: ['config.toml'], forced: { kind: 'codex-config' }, about: "Codex's project configuration (.codex/config.toml)" },
  { name: 'codex-hooks', aliases: [], forced: { kind: 'codex-hooks' }, about: "Codex's project hooks (.codex/hooks.json)" },
  {
    name: 'skill-evals',
    aliases: ['evals.json', 'eval_queries.json'],
    forced: { kind: 'skill-evals' },
    about: "a skill's eval file (evals/evals.json, or a trigger query set by its name)",
  },
];

/**
 * The files a folder walk looks for, by name: `check --help` and the "no files to check" message
 * both list these (test/cli/walk.test.ts checks that each is a name fileKindOf knows).
 */
export const WALKED_FILES: readonly string[] = [
  '*.3md',
  'SKILL.md',
  'AGENT.md',
  '.agent-world/world.json',
  '.agent-world/world.eval.md',
  '.agent-world/prompts/*.md',
  'AGENTS.md',
  'AGENTS.override.md',
  'CLAUDE.md',
  'CLAUDE.local.md',
  'GEMINI.md',
  '.github/copilot-instructions.md',
  '.github/instructions/**/*.instructions.md',
  '.github/*.instructions.md',
  '.claude/rules/**/*.md',
  '.claude/agents/**/*.md',
  '.claude/commands/**/*.md',
  '.github/agents/*.agent.md',
  '.github/chatmodes/*.chatmode.md',
  '.github/prompts/*.prompt.md',
  '.opencode/agent/**/*.md',
  '.opencode/agents/**/*.md',
  '.gemini/agents/*.md',
  '.claude-plugin/plugin.json',
  '.claude-plugin/marketplace.json',
  '.codex-plugin/plugin.json',
  '.agents/plugins/marketplace.json',
  '.claude/settings.json',
  '.claude/settings.local.json',
  '.github/hooks/*.json',
  '.mcp.json',
  '.vscode/mcp.json',
  '.cursor/mcp.json',
  '.codex/config.toml',
  '.codex/hooks.json',
  'evals/evals.json',
  'eval_queries.json',
  'trigger_eval.json',
];

/** `a, b, and c`; with a `width`, wrapped into lines of at most that many columns, each indented by `indent`. */
export function walkedFilesText(width = 0, indent = 0): string {
  const words = WALKED_FILES.map((f, i) => (i === WALKED_FILES.length - 1 ? `and ${f}` : `${f},`));
  if (width === 0) return words.join(' ');
  const pad = ' '.repeat(indent);
  const lines: string[] = [];
  let line = '';
  for (const w of words) {
    if (line && indent + line.length + 1 + w.length > width) {
      lines.push(pad + line);
      line = w;
    } else line = line ? `${line} ${w}` : w;
  }
  return [...lines, pad + line].join('\n');
}

export const KIND_NAMES = CLI_KINDS.map((k) => k.name).join('|');

export function parseKind(value: string): ForcedKind {
  const hit = CLI_KINDS.find((k) => k.name === value || k.aliases.includes(value));
  if (!hit) throw new UsageError(`unknown kind '${value}' (use ${CLI_KINDS.map((k) => k.name).join(', ')})`);
  return hit.forced;
}

/** The lines `check --help` shows for `--kind`. */
export function kindHelp(): string {
  const width = Math.max(...CLI_KINDS.map((k) => k.name.length));
  return CLI_KINDS.map((k) => `${' '.repeat(16)}${k.name.padEnd(width)}  ${k.about}`).join('\n');
}
