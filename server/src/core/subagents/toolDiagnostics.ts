/** Findings on a tool key (`tools`, `disallowedTools`, `allowed-tools`): its shape and each tool name. */
import type { Diagnostic } from '../types';
import type { FrontmatterEntry, YamlFrontmatter } from '../text/yamlFrontmatter';
import { suggestTool, toolEntries, toolVerdict } from './tools';

export interface ToolKeyOptions {
  /** A deny list (`disallowedTools`): an empty one takes nothing away. */
  denyList?: boolean;
  /**
   * The document line of the first value that is not valid YAML, when Claude Code read the
   * frontmatter only after quoting its values and this key's line was one it quoted.
   */
  quotedBecauseOf?: number;
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
        message: `Claude Code reads 'tools' as a comma-separated string or a list of tool names; this ${Array.isArray(e.value) ? 'list' : typeof e.value === 'object' ? 'map' : typeof e.value} gives the agent no tools at all: remove the key to give it every tool`,
        range: e.valueRange,
      });
    return;
  }
  if (agentTools && entries.length === 0) {
    out.push({
      code: 'subagent-tools-shape',
      severity: 'warning',
      message: "An empty 'tools' gives the agent no tools at all: remove the key to give it every tool",
      range: e.valueRange.start.line === e.valueRange.end.line && e.valueRange.start.character === e.valueRange.end.character ? e.keyRange : e.valueRange,
    });
    return;
  }
  const code = `${prefix}-tool-unknown`;
  const written = fm.text.slice(fm.index.offsetAt(e.valueRange.start), fm.index.offsetAt(e.valueRange.end));
  if (options.quotedBecauseOf !== undefined && written.startsWith('[') && entries.some((t) => toolVerdict(t.name) === 'unknown')) {
    out.push(quotedListFinding(code, e, written, options.quotedBecauseOf, options.denyList));
    return;
  }
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

/**
 * A flow list (`[Read, Grep]`) on a line Claude Code quoted before reading: it reads the text of the
 * list, split at commas, so its parts keep the brackets and quotes. One finding on the list, naming
 * the line that made Claude Code quote, instead of one per mangled part.
 */
function quotedListFinding(code: string, e: FrontmatterEntry, written: string, cause: number, denyList = false): Diagnostic {
  const shown = written.length > 40 ? `${written.slice(0, 37)}…` : written;
  return {
    code,
    severity: 'warning',
    message: `Claude Code reads '${e.key}' as the text '${shown}', not as a list: line ${cause + 1} is not valid YAML, so Claude Code quoted every value holding '[' or ': ' before reading the frontmatter, and the parts of this text (brackets and quotes included) name no tool; the entry ${denyList ? 'takes nothing away' : 'grants none of them'}. Quote the value on line ${cause + 1} and the list reads as written`,
    range: e.valueRange,
  };
}
