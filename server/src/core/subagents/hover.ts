/** Hover in an agent or command file: what the client does with a frontmatter key, and what the file is to its client. */
import { MarkupKind, type Hover } from 'vscode-languageserver-types';
import type { Position } from '../types';
import { rangeContains } from '../types';
import { agentFileInfo } from './files';
import { variantFor } from './analyze';
import { readAgentFrontmatter } from './frontmatter';
import { keyDoc, CLAUDE_COMMAND_IGNORED } from './keys';
import { CLAUDE_TOOL_ALIASES, toolEntries, toolVerdict } from './tools';

const TOOL_KEYS = new Set(['tools', 'disallowedTools', 'allowed-tools', 'disallowed-tools']);

function fileSummary(uri: string, role?: 'agent' | 'command'): string {
  const info = agentFileInfo(variantFor(uri, role));
  switch (info.variant) {
    case 'claude-agent':
      return '**Claude Code subagent.** Claude Code loads it when the frontmatter parses and has a `name` and a `description`; the body is its system prompt.';
    case 'claude-command':
      return '**Claude Code command.** Run as `/` followed by its file name; the frontmatter is optional (the same keys as a skill but `name` and `paths`).';
    case 'vscode-agent':
      return '**VS Code custom agent.** Listed in the chat agents picker; VS Code validates its frontmatter itself.';
    case 'vscode-chatmode':
      return '**VS Code chat mode**, the old name of a custom agent (`.github/agents/*.agent.md`).';
    case 'vscode-prompt':
      return '**VS Code prompt file.** Run as `/` followed by its name in chat; VS Code validates its frontmatter itself.';
    case 'opencode-agent':
      return '**OpenCode agent.** Named after its path under `agent/` or `agents/`; the body is its prompt. OpenCode rejects the agent when a field has a value of the wrong type.';
    case 'gemini-agent':
      return '**Gemini CLI subagent.** Gemini CLI loads it when the frontmatter has a `name` and a `description` and only the fields it knows; the body is its system prompt.';
    case 'gemini-markdown-command':
      return "**A Markdown file in Gemini CLI's commands folder.** Gemini CLI loads commands only from `.toml` files there; this one is a command's data when a TOML command names it, and nothing otherwise.";
  }
}

export function agentFileHover(text: string, uri: string, pos: Position, role?: 'agent' | 'command'): Hover | null {
  const variant = variantFor(uri, role);
  const f = readAgentFrontmatter(text);
  if (f.fm.present && rangeContains(f.fm.openRange, pos)) return { contents: { kind: MarkupKind.Markdown, value: fileSummary(uri, role) }, range: f.fm.openRange };
  const e = f.fm.entries.find((x) => rangeContains(x.keyRange, pos) || (TOOL_KEYS.has(x.key) && rangeContains(x.valueRange, pos)));
  if (!e) return null;
  const client = agentFileInfo(variant).client;
  if (!rangeContains(e.keyRange, pos)) {
    const t = (toolEntries(e, f.fm) ?? []).find((x) => rangeContains(x.range, pos));
    if (!t || !variant.startsWith('claude')) return null;
    const v = toolVerdict(t.name);
    const what =
      v === 'known'
        ? 'a Claude Code tool'
        : v === 'mcp'
          ? 'an MCP tool (`mcp__server__tool`; `mcp__server` for all of its tools)'
          : v === 'alias'
            ? `the old name of \`${CLAUDE_TOOL_ALIASES[t.name]}\`; Claude Code still maps it`
            : v === 'all'
              ? 'every tool'
              : v === 'former'
                ? 'a tool of earlier Claude Code versions, not in the current tool list'
                : 'not a Claude Code tool';
    return { contents: { kind: MarkupKind.Markdown, value: `**${t.name}**: ${what}.` }, range: t.range };
  }
  const d = keyDoc(variant, e.key);
  const value =
    d !== undefined
      ? `**${e.key}** (${client}): ${d.doc}${d.values ? `\n\nValues: ${d.values.map((x) => `\`${x}\``).join(', ')}` : ''}`
      : variant === 'claude-command' && CLAUDE_COMMAND_IGNORED.includes(e.key)
        ? `**${e.key}**: Claude Code ignores it in a command file (the command is named after its file).`
        : `**${e.key}**: ${client} does not read this key.`;
  return { contents: { kind: MarkupKind.Markdown, value }, range: e.keyRange };
}
