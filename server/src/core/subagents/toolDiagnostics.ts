/** Findings on a tool key (`tools`, `disallowedTools`, `allowed-tools`): its shape and each tool name. */
import type { Diagnostic } from '../types';
import type { FrontmatterEntry, YamlFrontmatter } from '../text/yamlFrontmatter';
import { suggestTool, toolEntries, toolVerdict } from './tools';

export interface ToolKeyOptions {
  /** A deny list (`disallowedTools`): an empty one takes nothing away. */
  denyList?: boolean;
}

/** `prefix` is the format's code prefix: `subagent` or `command`. */
export function checkToolKey(e: FrontmatterEntry, fm: YamlFrontmatter, prefix: 'subagent' | 'command', out: Diagnostic[], options: ToolKeyOptions = {}): void {
  const entries = toolEntries(e, fm);
  const agentTools = prefix === 'subagent' && e.key === 'tools';
  if (entries === null) {
    // Claude Code reads only a string or a list of strings here; anything else is an empty list.
    if (agentTools)
      out.push({
        code: 'subagent-tools-shape',
        severity: 'warning',
        message: `Claude Code reads 'tools' as a comma-separated string or a list of tool names; this ${Array.isArray(e.value) ? 'list' : typeof e.value === 'object' ? 'map' : typeof e.value} gives the agent no tools, and Claude Code usually refuses to start an agent with none`,
        range: e.valueRange,
      });
    return;
  }
  if (agentTools && entries.length === 0) {
    out.push({
      code: 'subagent-tools-shape',
      severity: 'warning',
      message: "An empty 'tools' gives the agent no tools, and Claude Code usually refuses to start an agent with none: remove the key to give it every tool",
      range: e.valueRange.start.line === e.valueRange.end.line && e.valueRange.start.character === e.valueRange.end.character ? e.keyRange : e.valueRange,
    });
    return;
  }
  const code = `${prefix}-tool-unknown`;
  for (const t of entries) {
    const verdict = toolVerdict(t.name);
    if (verdict === 'known' || verdict === 'mcp' || verdict === 'all' || verdict === 'alias') continue;
    if (verdict === 'former') {
      out.push({
        code,
        severity: 'information',
        message: `'${t.name}' is not in Claude Code's current tool list (a tool of earlier versions); the entry grants nothing where the tool is gone`,
        range: t.range,
        data: { tool: t.name },
      });
      continue;
    }
    const s = suggestTool(t.name);
    const what = options.denyList ? 'takes nothing away' : 'grants nothing';
    out.push({
      code,
      severity: 'warning',
      message: s
        ? `Claude Code has no tool '${t.name}': did you mean '${s}'? Tool names are case-sensitive; this entry ${what}`
        : `Claude Code has no tool '${t.name}' (its tools are Read, Edit, Bash…; MCP tools are mcp__server__tool); this entry ${what}`,
      range: t.range,
      data: s ? { tool: t.name, suggestion: s } : { tool: t.name },
    });
  }
}
