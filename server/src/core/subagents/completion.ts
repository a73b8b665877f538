/** Completion in an agent or command file's frontmatter: the keys its client reads, and the values of `model`, `color`… and tool keys. */
import { CompletionItemKind, MarkupKind, type CompletionItem } from 'vscode-languageserver-types';
import type { Position, Range } from '../types';
import { splitLines } from '../text/text';
import { variantFor } from './analyze';
import { keysOf } from './keys';
import { CLAUDE_TOOLS } from './tools';

const TOOL_KEYS = new Set(['tools', 'disallowedTools', 'allowed-tools', 'disallowed-tools']);

/** The frontmatter's lines: from the line after the opening fence to the closing one (excluded). */
function frontmatterLines(lines: string[]): { from: number; to: number } | null {
  if ((lines[0] ?? '').trimEnd() !== '---') return null;
  for (let i = 1; i < lines.length; i++) if (lines[i]!.trimEnd() === '---') return { from: 1, to: i };
  return { from: 1, to: lines.length };
}

export function agentFileCompletion(text: string, uri: string, pos: Position, role?: 'agent' | 'command'): CompletionItem[] {
  const variant = variantFor(uri, role);
  const lines = splitLines(text);
  const fm = frontmatterLines(lines);
  if (!fm || pos.line < fm.from || pos.line >= fm.to) return [];
  const line = lines[pos.line] ?? '';
  const before = line.slice(0, pos.character);
  const r = (a: number, b: number): Range => ({ start: { line: pos.line, character: a }, end: { line: pos.line, character: b } });
  const keys = keysOf(variant);
  if (/^[\w-]*$/.test(before)) {
    const present = new Set<string>();
    for (let i = fm.from; i < fm.to; i++) if (i !== pos.line) present.add(/^([\w-]+)\s*:/.exec(lines[i]!)?.[1] ?? '');
    const wordEnd = before.length + (/^[\w-]*/.exec(line.slice(before.length))?.[0].length ?? 0);
    return keys
      .filter((k) => !present.has(k.key))
      .map((k, i) => ({
        label: k.key,
        kind: CompletionItemKind.Property,
        documentation: { kind: MarkupKind.Markdown, value: k.doc },
        textEdit: { range: r(0, wordEnd), newText: `${k.key}: ` },
        sortText: String(i).padStart(2, '0'),
      }));
  }
  const m = /^([\w-]+):\s*(.*)$/.exec(before);
  if (!m) return [];
  const key = m[1]!;
  const typed = m[2]!;
  if (TOOL_KEYS.has(key) && variant.startsWith('claude')) {
    const word = /[\w*]*$/.exec(typed)?.[0] ?? '';
    return CLAUDE_TOOLS.map((t) => ({ label: t, kind: CompletionItemKind.Value, textEdit: { range: r(pos.character - word.length, pos.character), newText: t } }));
  }
  const values = keys.find((k) => k.key === key)?.values;
  if (!values) return [];
  const start = before.length - typed.length;
  return values.map((v) => ({ label: v, kind: CompletionItemKind.EnumMember, textEdit: { range: r(start, line.length), newText: v } }));
}
