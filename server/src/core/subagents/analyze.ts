/**
 * Diagnostics of an agent or command file: Claude Code subagents and commands, VS Code custom
 * agents, chat modes and prompt files, OpenCode agents and Gemini CLI subagents. VS Code validates its own files (keys, values), so only
 * what it does not say is reported there: that a chat mode is now a custom agent.
 */
import type { Diagnostic } from '../types';
import type { IWorkspaceHost } from '../workspace/host';
import { splitUri } from '../workspace/uriPath';
import { geminiMarkdownCommand } from './geminiCommands';
import { agentFileInfo, agentFileVariantOf, type AgentFileInfo, type AgentFileVariant } from './files';
import { readAgentFrontmatter, type AgentFrontmatter } from './frontmatter';
import { yamlDiagnostics } from './yamlDiagnostics';
import { commentCutMessage, commentCuts } from '../text/yamlCommentCut';
import { checkClaudeAgent } from './claudeAgent';
import { checkClaudeCommand } from './claudeCommand';
import { checkOpenCodeAgent } from './opencodeAgent';
import { checkGeminiAgent } from './geminiAgent';

export interface AgentFileAnalysis {
  info: AgentFileInfo;
  frontmatter: AgentFrontmatter;
  /** The name the client calls it by, when it has one (a subagent's `name`, a command's file name). */
  name?: string;
  diagnostics: Diagnostic[];
}

/** The variant of a file: its folder's, unless `role` (the kind it is checked as) says otherwise; Claude Code's by default. */
export function variantFor(uri: string, role?: 'agent' | 'command'): AgentFileVariant {
  let path = uri;
  try {
    path = decodeURIComponent(splitUri(uri).path);
  } catch {
    // keep the raw string
  }
  const found = agentFileVariantOf(path);
  if (found && (!role || agentFileInfo(found).role === role)) return found;
  return role === 'command' ? 'claude-command' : 'claude-agent';
}

function chatModeRenamed(uri: string): Diagnostic {
  const base = (uri.split('/').pop() ?? '').replace(/\.chatmode\.md$/, '');
  return {
    code: 'subagent-chatmode-renamed',
    severity: 'information',
    message: `VS Code calls chat modes custom agents now: move this file to .github/agents/${base}.agent.md`,
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    data: { newName: `${base}.agent.md` },
  };
}

/** The name OpenCode gives an agent file: its path under `agent/` or `agents/` without `.md`. */
export function openCodeNameOf(uri: string): string {
  const m = /\/\.opencode\/agents?\/(.*)\.md$/.exec(uri);
  const rel = m ? m[1]! : (uri.split('/').pop() ?? '').replace(/\.md$/, '');
  try {
    return decodeURIComponent(rel);
  } catch {
    return rel;
  }
}

/** An agent's frontmatter values a ` #` cuts short (text/yamlCommentCut.ts), where its YAML parses as written. */
function commentCutDiagnostics(frontmatter: AgentFrontmatter, info: AgentFileInfo): Diagnostic[] {
  if (!frontmatter.found || frontmatter.outcome.kind !== 'parsed') return [];
  return commentCuts(frontmatter.fm, frontmatter.entries).map((cut) => ({
    code: 'subagent-yaml-comment-in-value',
    severity: 'warning',
    message: commentCutMessage(cut, `${info.client} reads`),
    range: cut.range,
    data: { key: cut.key },
  }));
}

/**
 * `role`: the kind the file is checked as (`--kind`), when its name does not say; `host` finds the
 * skill that shadows a command; `inPlugin`: a subagent of a Claude Code plugin (keys it may not set).
 */
export function analyzeAgentFile(text: string, uri: string, role?: 'agent' | 'command', host?: IWorkspaceHost, inPlugin = false): AgentFileAnalysis {
  const info = agentFileInfo(variantFor(uri, role));
  const frontmatter = readAgentFrontmatter(text);
  const out: Diagnostic[] = [];
  const analysis: AgentFileAnalysis = { info, frontmatter, diagnostics: out };
  if (info.variant === 'claude-agent' || info.variant === 'claude-command') {
    if (frontmatter.found) out.push(...yamlDiagnostics(frontmatter, info, inPlugin));
    if (info.variant === 'claude-agent') checkClaudeAgent(frontmatter, uri, out, inPlugin);
    else checkClaudeCommand(frontmatter, uri, text, out, host, inPlugin);
  } else if (info.variant === 'opencode-agent') checkOpenCodeAgent(frontmatter, text, out);
  else if (info.variant === 'gemini-agent') checkGeminiAgent(frontmatter, text, out, uri);
  else if (info.variant === 'vscode-chatmode') out.push(chatModeRenamed(uri));
  else if (info.variant === 'gemini-markdown-command') out.push(...geminiMarkdownCommand(text, uri, host));
  if (info.role === 'agent') out.push(...commentCutDiagnostics(frontmatter, info));
  const name = frontmatter.byKey.get('name')?.value;
  if (typeof name === 'string' && name.trim()) analysis.name = name.trim();
  else if (info.variant === 'opencode-agent') analysis.name = openCodeNameOf(uri);
  out.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
  return analysis;
}
