/**
 * The tool names of a settings file's `permissions` rules (`Bash(npm run test:*)`, `Read(./secrets/**)`):
 * each rule's name part checked against Claude Code's tool list (the subagents core keeps it).
 */
import type { Node } from 'jsonc-parser';
import type { Severity } from '../types';
import { CLAUDE_TOOL_ALIASES, CLAUDE_TOOLS, FORMER_CLAUDE_TOOLS } from '../subagents/tools';
import { suggestAmong } from '../skills/clientFields';
import { certainName } from './codeActions';

export interface Finding {
  code: string;
  severity: Severity;
  message: string;
  node: { offset: number; length: number };
  data?: Record<string, unknown>;
}

const LISTS = ['allow', 'deny', 'ask'];
const KNOWN = new Set([...CLAUDE_TOOLS, ...Object.keys(CLAUDE_TOOL_ALIASES), ...FORMER_CLAUDE_TOOLS]);

/** The tool name of a rule (`Bash` of `Bash(git:*)`), or undefined for what is no plain rule. */
export function ruleTool(rule: string): string | undefined {
  return /^([A-Za-z][A-Za-z0-9_]*)(\(.*\))?$/s.exec(rule.trim())?.[1];
}

export function permissionFindings(perms: Node): Finding[] {
  if (perms.type !== 'object') return [];
  const out: Finding[] = [];
  for (const p of perms.children ?? []) {
    const [k, v] = p.children ?? [];
    if (!k || !v || !LISTS.includes(k.value as string) || v.type !== 'array') continue;
    for (const item of v.children ?? []) {
      if (item.type !== 'string') continue;
      const tool = ruleTool(item.value as string);
      if (!tool || tool.startsWith('mcp__') || KNOWN.has(tool)) continue;
      // Only a name that differs by case is certain: a tool one letter off may be an MCP or a newer tool.
      const fix = certainName(tool, CLAUDE_TOOLS, false);
      const s = fix ?? suggestAmong(tool, CLAUDE_TOOLS);
      // Escapes or leading spaces in the JSON string would shift the name's offset: then no fix.
      const raw = item.length === String(item.value).length + 2 && String(item.value).startsWith(tool);
      out.push({
        code: 'settings-permission-tool-unknown',
        severity: 'warning',
        message: `'${tool}' is no Claude Code tool: this ${k.value} rule never applies${s ? `; did you mean '${s}'?` : ''}`,
        node: { offset: item.offset + 1, length: tool.length },
        ...(fix && raw ? { data: { name: fix, newText: fix } } : {}),
      });
    }
  }
  return out;
}
