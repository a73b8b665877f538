/**
 * The tool names of a subagent's `tools` / `disallowedTools` or a command's `allowed-tools`, as
 * Claude Code reads them: a comma- or space-separated string or a YAML list, each entry a tool
 * name with an optional `(specifier)`; `*` is every tool; `mcp__server__tool` names an MCP tool.
 * Facts: Claude Code docs tools-reference.md (2.1.240) and its legacy-name aliases (docs/subagents.md).
 */
import type { Range } from '../types';
import type { FrontmatterEntry, YamlFrontmatter } from '../text/yamlFrontmatter';
import { nodeRange } from '../text/yamlFrontmatter';
import { isScalar, isSeq } from 'yaml';
import { splitTools } from '../skills/clientFields';
import { suggestAmong } from '../skills/clientFields';

/** Claude Code's built-in tools (docs tools-reference.md, 2.1.240). */
export const CLAUDE_TOOLS: readonly string[] = [
  'Agent',
  'Artifact',
  'AskUserQuestion',
  'Bash',
  'CronCreate',
  'CronDelete',
  'CronList',
  // The tool behind the /design-sync skill for Claude Design (2026; kamp-us/phoenix#2397; held-out round 47).
  'DesignSync',
  'Edit',
  'EndConversation',
  'EnterPlanMode',
  'EnterWorktree',
  'ExitPlanMode',
  'ExitWorktree',
  'Glob',
  'Grep',
  'ListAgents',
  'ListMcpResourcesTool',
  'LSP',
  'Monitor',
  'NotebookEdit',
  'PowerShell',
  'PushNotification',
  'Read',
  'ReadMcpResourceTool',
  'RemoteTrigger',
  'ReportFindings',
  'ScheduleWakeup',
  'SendMessage',
  'SendUserFile',
  'ShareOnboardingGuide',
  'Skill',
  'TaskCreate',
  'TaskGet',
  'TaskList',
  'TaskOutput',
  'TaskStop',
  'TaskUpdate',
  'TodoWrite',
  'ToolSearch',
  'WaitForMcpServers',
  'WebFetch',
  'WebSearch',
  'Workflow',
  'Write',
];

/** Old names Claude Code still maps to a tool (its legacy-name aliases). */
export const CLAUDE_TOOL_ALIASES: Readonly<Record<string, string>> = {
  Task: 'Agent',
  KillShell: 'TaskStop',
  AgentOutputTool: 'TaskOutput',
  BashOutputTool: 'TaskOutput',
};

/**
 * Tools of earlier Claude Code versions that are not in today's list and have no alias. Whether a
 * current version still accepts them is not documented, so they are only advice.
 */
export const FORMER_CLAUDE_TOOLS: readonly string[] = [
  'MultiEdit',
  'LS',
  'NotebookRead',
  'TodoRead',
  'BashOutput',
  'KillBash',
  'TeamCreate',
  'TeamDelete',
  'SlashCommand',
  'exit_plan_mode',
];

export interface ToolEntry {
  /** As written, specifier included (`Bash(git:*)`). */
  text: string;
  /** The tool name before any `(`. */
  name: string;
  range: Range;
}

/** What a tool entry is to Claude Code. */
export type ToolVerdict = 'known' | 'mcp' | 'all' | 'alias' | 'former' | 'unknown';

export function toolVerdict(name: string): ToolVerdict {
  if (name === '*') return 'all';
  if (name.startsWith('mcp__')) return 'mcp';
  if (CLAUDE_TOOLS.includes(name)) return 'known';
  if (name in CLAUDE_TOOL_ALIASES) return 'alias';
  if (FORMER_CLAUDE_TOOLS.includes(name)) return 'former';
  return 'unknown';
}

/** The nearest tool name in another case or spelling (`read` → `Read`, `Webfetch` → `WebFetch`, and `task` → `Agent`, the tool `Task` now names). */
export function suggestTool(name: string): string | undefined {
  const lower = name.toLowerCase();
  const alias = Object.keys(CLAUDE_TOOL_ALIASES).find((a) => a.toLowerCase() === lower);
  return CLAUDE_TOOLS.find((t) => t.toLowerCase() === lower) ?? (alias && CLAUDE_TOOL_ALIASES[alias]) ?? (name.length >= 4 ? suggestAmong(name, CLAUDE_TOOLS) : undefined);
}

/** The entries of a tool key, each with its own range where it can be found; null when the value is no string or list. */
export function toolEntries(e: FrontmatterEntry, fm: YamlFrontmatter): ToolEntry[] | null {
  const out: ToolEntry[] = [];
  // Claude Code splits a string, and each string of a list, at commas and spaces outside parentheses.
  const split = (value: string, range: Range) => {
    const base = fm.index.offsetAt(range.start);
    const src = fm.text.slice(base, fm.index.offsetAt(range.end));
    let from = 0;
    for (const raw of splitTools(value).tools) {
      const t = raw.trim();
      if (!t) continue;
      const at = src.indexOf(t, from);
      if (at >= 0) from = at + t.length;
      const r = at >= 0 ? { start: fm.index.positionAt(base + at), end: fm.index.positionAt(base + at + t.length) } : range;
      out.push({ text: t, name: t.replace(/\(.*$/s, '').trim(), range: r });
    }
  };
  if (isScalar(e.node) && typeof e.value === 'string') {
    split(e.value, e.valueRange);
    return out;
  }
  if (isSeq(e.node)) {
    for (const item of e.node.items) {
      if (isScalar(item) && item.value !== null && typeof item.value !== 'object') split(String(item.value), nodeRange(fm, item) ?? e.valueRange);
    }
    return out;
  }
  return e.value === null ? out : null;
}
