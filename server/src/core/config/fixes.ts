/**
 * `check --fix` and `--fix-unsafe`: which quick fixes are applied without a person looking (the
 * safe ones cannot change what the file means to its readers; the unsafe ones are certain text
 * edits that do), and applying them to a text. docs/rules.md
 * (#quick-fixes) lists the same table.
 */
import { skillCodeActions } from '../skills';
import { settingsCodeActions } from '../hooks/codeActions';
import { LineIndex } from '../text/text';
import type { Diagnostic, Range } from '../types';

/** Every quick fix, by the code it fixes: safe, or why not (from the rule registries). */
export { QUICK_FIXES } from '../rules';
import { QUICK_FIXES } from '../rules';

interface Edit {
  range: Range;
  newText: string;
}

/** Which fixes `check` applies: `safe` with --fix, `unsafe` (the safe ones too) with --fix-unsafe. */
export type FixLevel = 'safe' | 'unsafe';

const RENAMES = new Set(['skill-name-not-lowercase', 'skill-name-directory-mismatch']);

/** The folder a file sits in, as its name. */
function folderOf(uri: string): string {
  const parts = uri.split('/');
  const name = parts[parts.length - 2] ?? '';
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/**
 * A renaming fix that is certain: it sets the name to its folder's, and the two differ only by
 * case (the skill keeps the name clients find it by on disk).
 */
function certainRename(d: Diagnostic, written: string, newText: string, uri: string): boolean {
  if (!RENAMES.has(d.code)) return false;
  const unquote = (t: string) => t.replace(/^(["'])(.*)\1$/, '$2');
  const next = unquote(newText);
  return next === folderOf(uri) && unquote(written).toLowerCase() === next.toLowerCase();
}

/** The edits of the fixes of this level for these diagnostics of one file (text edits of that file only). */
function fixEdits(kind: string, text: string, uri: string, diagnostics: readonly Diagnostic[], level: FixLevel): Edit[] {
  const tierOf = (code: string) => QUICK_FIXES[code]?.tier;
  const wanted = (code: string) => tierOf(code) === 'safe' || (level === 'unsafe' && tierOf(code) === 'unsafe') || RENAMES.has(code);
  const chosen = diagnostics.filter((d) => wanted(d.code));
  const out: Edit[] = [];
  const index = new LineIndex(text);
  if (kind === 'skill') {
    for (const d of chosen) {
      for (const a of skillCodeActions(text, uri, [d])) {
        for (const e of a.edit?.changes?.[uri] ?? []) {
          const written = text.slice(index.offsetAt(e.range.start), index.offsetAt(e.range.end));
          if (level === 'safe' && tierOf(d.code) !== 'safe' && !certainRename(d, written, e.newText, uri)) continue;
          out.push({ range: e.range, newText: e.newText });
        }
      }
    }
  } else if (kind === 'claude-settings' || kind === 'hooks' || kind === 'github-hooks' || kind === 'codex-hooks') {
    for (const a of settingsCodeActions(uri, chosen)) for (const e of a.edit?.changes?.[uri] ?? []) out.push({ range: e.range, newText: e.newText });
  } else if (kind === 'agent-md') {
    for (const d of chosen) {
      if (d.code !== 'agent-type-string' || d.range.start.line !== d.range.end.line) continue;
      const written = text.slice(index.offsetAt(d.range.start), index.offsetAt(d.range.end));
      if (written && !/^["']/.test(written) && !/[\r\n]/.test(written)) out.push({ range: d.range, newText: JSON.stringify(written) });
    }
  }
  return out;
}

/**
 * The text with every fix of the level applied (overlapping fixes after the first are left for
 * the next run), and how many were applied. `safe`: the safe fixes, and a name set to its
 * folder's when the two differ only by case; `unsafe`: every fix that is a certain text edit.
 */
export function applyFixes(kind: string, text: string, uri: string, diagnostics: readonly Diagnostic[], level: FixLevel = 'safe'): { text: string; applied: number } {
  const index = new LineIndex(text);
  const edits = fixEdits(kind, text, uri, diagnostics, level)
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
