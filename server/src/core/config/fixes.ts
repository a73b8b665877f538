/**
 * `check --fix`: which quick fixes are safe to apply without a person looking (they cannot
 * change what the file means to its readers), and applying them to a text. docs/rules.md
 * (#quick-fixes) lists the same table.
 */
import { skillCodeActions } from '../skills';
import { LineIndex } from '../text/text';
import type { Diagnostic, Range } from '../types';

/** Every quick fix, by the code it fixes: safe, or why not (from the rule registries). */
export { QUICK_FIXES } from '../rules';
import { QUICK_FIXES } from '../rules';

interface Edit {
  range: Range;
  newText: string;
}

/** The edits of the safe fixes for these diagnostics of one file (text edits of that file only). */
function safeEdits(kind: string, text: string, uri: string, diagnostics: readonly Diagnostic[]): Edit[] {
  const safe = diagnostics.filter((d) => QUICK_FIXES[d.code]?.safe);
  const out: Edit[] = [];
  if (kind === 'skill') {
    for (const a of skillCodeActions(text, uri, safe)) for (const e of a.edit?.changes?.[uri] ?? []) out.push({ range: e.range, newText: e.newText });
  } else if (kind === 'agent-md') {
    const index = new LineIndex(text);
    for (const d of safe) {
      if (d.code !== 'agent-type-string' || d.range.start.line !== d.range.end.line) continue;
      const written = text.slice(index.offsetAt(d.range.start), index.offsetAt(d.range.end));
      if (written && !/^["']/.test(written) && !/[\r\n]/.test(written)) out.push({ range: d.range, newText: JSON.stringify(written) });
    }
  }
  return out;
}

/** The text with every safe fix applied (overlapping fixes after the first are left for the next run), and how many were applied. */
export function applySafeFixes(kind: string, text: string, uri: string, diagnostics: readonly Diagnostic[]): { text: string; applied: number } {
  const index = new LineIndex(text);
  const edits = safeEdits(kind, text, uri, diagnostics)
    .map((e) => ({ from: index.offsetAt(e.range.start), to: index.offsetAt(e.range.end), newText: e.newText }))
    .sort((a, b) => a.from - b.from || a.to - b.to);
  let out = '';
  let at = 0;
  let applied = 0;
  for (const e of edits) {
    if (e.from < at) continue;
    out += text.slice(at, e.from) + e.newText;
    at = e.to;
    applied++;
  }
  return { text: out + text.slice(at), applied };
}

/** A unified diff of two texts (one hunk around the changed lines, 3 lines of context). */
export function unifiedDiff(path: string, before: string, after: string): string {
  if (before === after) return '';
  // A final line break ends the last line; it does not start an empty one.
  const split = (t: string) => (t.endsWith('\n') ? t.slice(0, -1) : t).split('\n');
  const a = split(before);
  const b = split(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const from = Math.max(0, start - 3);
  const toA = Math.min(a.length, endA + 3);
  const toB = Math.min(b.length, endB + 3);
  const lines = [`--- a/${path}`, `+++ b/${path}`, `@@ -${from + 1},${toA - from} +${from + 1},${toB - from} @@`];
  for (let i = from; i < start; i++) lines.push(` ${a[i]}`);
  for (let i = start; i < endA; i++) lines.push(`-${a[i]}`);
  for (let i = start; i < endB; i++) lines.push(`+${b[i]}`);
  for (let i = endA; i < toA; i++) lines.push(` ${a[i]}`);
  return lines.join('\n');
}
