/** The findings about an agent or command file's frontmatter as a whole: missing, unclosed, YAML Claude Code cannot parse. */
import type { Diagnostic } from '../types';
import type { AgentFrontmatter } from './frontmatter';
import { lineText, lineValueRange } from './frontmatter';
import type { AgentFileInfo } from './files';

function wholeLine(f: AgentFrontmatter, line: number) {
  const text = lineText(f.fm, line);
  const start = text.length - text.trimStart().length;
  return { start: { line, character: start }, end: { line, character: Math.max(start, text.trimEnd().length) } };
}

/** Findings on the frontmatter's YAML; `what` names the file for messages ("this agent", "/deploy"). */
export function yamlDiagnostics(f: AgentFrontmatter, info: AgentFileInfo, inPlugin = false): Diagnostic[] {
  const agent = info.role === 'agent';
  const prefix = agent ? 'subagent' : 'command';
  const o = f.outcome;
  if (o.kind === 'failed') {
    const line = o.line + f.firstLine;
    const where = `line ${line + 1}: ${o.message}`;
    return [
      {
        code: `${prefix}-yaml-invalid`,
        severity: agent ? 'error' : 'warning',
        message: agent
          ? inPlugin
            ? // A plugin's agent is registered anyway, with no field read (anthropics/claude-code#91871, #86841).
              `Claude Code misreads this agent: its frontmatter is not valid YAML, even after Claude Code quotes the values itself (${where}), so it registers the agent under its file name with a placeholder description ("Agent from … plugin") and none of its fields (name, description, tools, model…)`
            : `Claude Code will not load this agent: its frontmatter is not valid YAML, even after Claude Code quotes the values itself (${where})`
          : `The frontmatter is not valid YAML, even after Claude Code quotes the values itself (${where}): Claude Code loads the command but reads none of its frontmatter (description, allowed-tools, model…)`,
        range: wholeLine(f, line),
      },
    ];
  }
  if (o.kind === 'quoted') {
    const line = (o.quotedLines[0] ?? o.line) + f.firstLine;
    const key = /^([a-zA-Z_-]+):/.exec(lineText(f.fm, line))?.[1] ?? 'the value';
    return [
      {
        code: `${prefix}-yaml-quoted`,
        severity: 'information',
        message: `'${key}' is not valid YAML as written (${o.message}). Claude Code (2.1.69 and later) quotes the value itself and reads it; other YAML readers, and older Claude Code, reject the frontmatter. Quote the value`,
        range: lineValueRange(f.fm, line),
        data: { lines: o.quotedLines.map((l) => l + f.firstLine) },
      },
    ];
  }
  return [];
}
