/**
 * The fix of a frontmatter Claude Code cannot parse because a value runs on over lines that look
 * like YAML (`<example>`, `Context: …`, `user: "…"` under `description:`): the value becomes a
 * literal block (`description: |`, its lines indented). Offered only when the result parses.
 */
import type { Range } from '../types';
import type { AgentFrontmatter } from './frontmatter';
import { lineText } from './frontmatter';
import { claudeYamlOutcome } from './claudeYaml';
import { keysOf } from './keys';
import type { AgentFileVariant } from './files';

export interface BlockFix {
  key: string;
  range: Range;
  newText: string;
}

/** A literal block for the value around `errorLine` (a document line), or undefined when that would not parse. */
export function blockValueFix(f: AgentFrontmatter, variant: AgentFileVariant, errorLine: number): BlockFix | undefined {
  const first = f.firstLine;
  const last = f.fm.closeRange ? f.fm.closeRange.start.line - 1 : f.fm.index.lineCount - 1;
  const known = new Set(keysOf(variant).map((k) => k.key));
  const keyOf = (line: number) => /^([A-Za-z_][\w-]*):(?:\s|$)/.exec(lineText(f.fm, line))?.[1];
  let keyLine = errorLine;
  while (keyLine >= first && !(keyOf(keyLine) && known.has(keyOf(keyLine)!))) keyLine--;
  if (keyLine < first) return undefined;
  const key = keyOf(keyLine)!;
  let end = keyLine;
  while (end + 1 <= last && !(keyOf(end + 1) && known.has(keyOf(end + 1)!))) end++;
  if (end < errorLine) return undefined;
  const head = lineText(f.fm, keyLine)
    .slice(key.length + 1)
    .trim();
  const body = [head, ...Array.from({ length: end - keyLine }, (_, i) => lineText(f.fm, keyLine + 1 + i))].map((l) => l.replace(/\s+$/, ''));
  while (body.length && !body[body.length - 1]) body.pop();
  const indent = Math.min(...body.filter((l) => l.trim()).map((l) => l.length - l.trimStart().length));
  const lines = body.map((l) => (l.trim() ? `  ${l.slice(Number.isFinite(indent) ? indent : 0)}` : ''));
  const newText = [`${key}: |`, ...lines].join('\n');
  const range: Range = { start: { line: keyLine, character: 0 }, end: { line: end, character: lineText(f.fm, end).length } };
  // Certain only when the frontmatter then parses as Claude Code parses it.
  const all = Array.from({ length: last - first + 1 }, (_, i) => lineText(f.fm, first + i));
  const fixed = [...all.slice(0, keyLine - first), newText, ...all.slice(end - first + 1)].join('\n');
  return claudeYamlOutcome(fixed).kind === 'parsed' ? { key, range, newText } : undefined;
}
