/**
 * An agent or command file's frontmatter as Claude Code reads it: found by its `---` fences,
 * parsed as YAML, and re-parsed after Claude Code's own quoting when the first parse fails
 * (claudeYaml.ts). The entries are those of the text Claude Code parsed in the end; a range on a
 * line it quoted is the line's value as written.
 */
import type { Range } from '../types';
import { parseYamlFrontmatter, type FrontmatterEntry, type YamlFrontmatter } from '../text/yamlFrontmatter';
import { claudeYamlOutcome, quoteLikeClaude, type ClaudeYamlOutcome } from './claudeYaml';

/** Claude Code's frontmatter pattern: `---` on the first line, up to the next `---` that ends a line. */
const CLAUDE_FRONTMATTER = /^---\s*\n([\s\S]*?)---\s*\n?/;

export interface AgentFrontmatter {
  /** The frontmatter as written (fences, ranges of the text). */
  fm: YamlFrontmatter;
  /** False when Claude Code finds no frontmatter (no `---` first line, or no closing fence). */
  found: boolean;
  outcome: ClaudeYamlOutcome;
  /** Document line of the YAML text's first line. */
  firstLine: number;
  /** The entries Claude Code reads (none when the YAML fails). */
  entries: FrontmatterEntry[];
  /** The entries by key (the last one of a key wins, as in a YAML map). */
  byKey: Map<string, FrontmatterEntry>;
}

/** The range of a line's value after `key:`, as written. */
export function lineValueRange(fm: YamlFrontmatter, line: number): Range {
  const text = lineText(fm, line);
  const colon = text.indexOf(':');
  let start = colon < 0 ? 0 : colon + 1;
  while (start < text.length && /\s/.test(text[start]!)) start++;
  return { start: { line, character: start }, end: { line, character: text.replace(/\s+$/, '').length } };
}

export function lineText(fm: YamlFrontmatter, line: number): string {
  const start = fm.index.offsetAt({ line, character: 0 });
  const end = line + 1 < fm.index.lineCount ? fm.index.offsetAt({ line: line + 1, character: 0 }) : fm.text.length;
  return fm.text.slice(start, end).replace(/\r?\n$/, '');
}

export function readAgentFrontmatter(text: string): AgentFrontmatter {
  const fm = parseYamlFrontmatter(text, { split: 'lines', schema: 'core' });
  const found = fm.present && fm.closed && CLAUDE_FRONTMATTER.test(text);
  const firstLine = fm.present ? fm.index.positionAt(fm.yamlStart).line : 0;
  const base = { fm, found, firstLine, entries: [] as FrontmatterEntry[], byKey: new Map<string, FrontmatterEntry>() };
  if (!found) return { ...base, outcome: { kind: 'parsed' } };
  const yamlText = text.slice(fm.yamlStart, fm.yamlEnd);
  const outcome = claudeYamlOutcome(yamlText);
  if (outcome.kind === 'failed') return { ...base, outcome };
  let entries = fm.entries;
  if (outcome.kind === 'quoted') {
    // Parse what Claude Code parses; the lines it quoted keep their place, so keys keep their ranges.
    const quoted = quoteLikeClaude(yamlText.replace(/\r\n/g, '\n'), outcome.keepBlockHeaders);
    const again = parseYamlFrontmatter(text.slice(0, fm.yamlStart) + quoted.text + text.slice(fm.yamlEnd), { split: 'lines', schema: 'core' });
    const moved = new Set(quoted.quotedLines.map((l) => l + firstLine));
    entries = again.entries.map((e) => (moved.has(e.keyRange.start.line) ? { ...e, valueRange: lineValueRange(fm, e.keyRange.start.line) } : e));
  }
  const byKey = new Map<string, FrontmatterEntry>();
  for (const e of entries) byKey.set(e.key, e);
  return { ...base, outcome, entries, byKey };
}

/**
 * When Claude Code read the frontmatter only after quoting values and quoted this entry's line:
 * the document line of the first value that made it quote (else undefined).
 */
export function quotedCause(f: AgentFrontmatter, e: FrontmatterEntry): number | undefined {
  if (f.outcome.kind !== 'quoted') return undefined;
  const line = e.keyRange.start.line - f.firstLine;
  return f.outcome.quotedLines.includes(line) ? f.outcome.line + f.firstLine : undefined;
}
