/**
 * Inline suppression comments. In Markdown (SKILL.md, AGENT.md, .3md bodies, prompts), each on
 * a line of its own, outside code fences:
 *   <!-- agent-files-disable-next-line CODE[, CODE] -->
 *   <!-- agent-files-disable CODE -->  …  <!-- agent-files-enable CODE -->
 *   <!-- agent-files-disable-file CODE -->
 * and in YAML frontmatter, at the end of the line it silences: `# agent-files-disable-line CODE`.
 * Without codes a comment silences every code. A comment that silences nothing is a hint.
 */
import type { Diagnostic, Range } from '../types';

export type SuppressionKind = 'next-line' | 'region' | 'file' | 'line';

export interface Suppression {
  kind: SuppressionKind;
  /** Codes it silences; empty = every code. */
  codes: { code: string; range: Range }[];
  /** The comment itself. */
  range: Range;
  /** Lines it applies to, both ends included (a file suppression covers every line). */
  fromLine: number;
  toLine: number;
}

const HTML = /^(\s*)<!--\s*agent-files-(disable-next-line|disable-file|disable|enable)\b([^]*?)-->\s*$/;
const YAML = /(^|\s)#\s*agent-files-disable-line\b(.*)$/;
const FENCE = /^\s{0,3}(`{3,}|~{3,})/;

function codesIn(text: string, line: number, at: number): { code: string; range: Range }[] {
  const out: { code: string; range: Range }[] = [];
  const re = /[A-Za-z][\w-]*/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) out.push({ code: m[0], range: { start: { line, character: at + m.index }, end: { line, character: at + m.index + m[0].length } } });
  return out;
}

/** Every suppression comment of a Markdown text (with optional `---` frontmatter). */
export function findSuppressions(text: string): Suppression[] {
  const lines = text.split(/\r\n|\r|\n/);
  const out: Suppression[] = [];
  let fmEnd = -1;
  if (lines[0]?.trimEnd() === '---') {
    for (let i = 1; i < lines.length; i++) {
      if (/^(---|\.\.\.)\s*$/.test(lines[i]!)) {
        fmEnd = i;
        break;
      }
    }
  }
  for (let i = 1; i < fmEnd; i++) {
    const line = lines[i]!;
    if (!line.includes('agent-files-disable-line')) continue;
    const m = YAML.exec(line);
    if (!m) continue;
    const start = m.index + m[1]!.length;
    const codesAt = line.length - m[2]!.length;
    out.push({
      kind: 'line',
      codes: codesIn(m[2]!, i, codesAt),
      range: { start: { line: i, character: start }, end: { line: i, character: line.length } },
      fromLine: i,
      toLine: i,
    });
  }
  let fence: string | null = null;
  const open = new Map<string, Suppression>();
  let openAll: Suppression | null = null;
  for (let i = fmEnd + 1; i < lines.length; i++) {
    const line = lines[i]!;
    const f = FENCE.exec(line);
    if (f) {
      if (fence === null) fence = f[1]!;
      else if (f[1]![0] === fence[0] && f[1]!.length >= fence.length && line.trim() === f[1]) fence = null;
      continue;
    }
    if (fence !== null || !line.includes('agent-files-')) continue;
    const m = HTML.exec(line);
    if (!m) continue;
    const which = m[2]!;
    const codesAt = m[1]!.length + line.slice(m[1]!.length).indexOf(which) + which.length;
    const codes = codesIn(m[3]!, i, codesAt);
    const range: Range = { start: { line: i, character: m[1]!.length }, end: { line: i, character: line.trimEnd().length } };
    if (which === 'disable-next-line') out.push({ kind: 'next-line', codes, range, fromLine: i + 1, toLine: i + 1 });
    else if (which === 'disable-file') out.push({ kind: 'file', codes, range, fromLine: 0, toLine: Number.MAX_SAFE_INTEGER });
    else if (which === 'disable') {
      const s: Suppression = { kind: 'region', codes, range, fromLine: i + 1, toLine: Number.MAX_SAFE_INTEGER };
      out.push(s);
      if (codes.length === 0) openAll = s;
      for (const c of codes) open.set(c.code, s);
    } else {
      // enable: closes the regions of its codes (or all of them).
      const close = (s: Suppression) => {
        if (s.toLine === Number.MAX_SAFE_INTEGER) s.toLine = i - 1;
      };
      if (codes.length === 0) {
        for (const s of open.values()) close(s);
        if (openAll) close(openAll);
        open.clear();
        openAll = null;
      } else
        for (const c of codes) {
          const s = open.get(c.code);
          if (s) close(s);
          open.delete(c.code);
        }
    }
  }
  return out;
}

const covers = (s: Suppression, d: Diagnostic) =>
  d.range.start.line >= s.fromLine && d.range.start.line <= s.toLine && (s.codes.length === 0 || s.codes.some((c) => c.code === d.code));

/**
 * The diagnostics no suppression silences, plus an `unused-suppression` hint for each comment
 * (or code of a comment) that silenced nothing. Input diagnostics are not changed.
 */
export function applySuppressions(diagnostics: readonly Diagnostic[], suppressions: readonly Suppression[]): Diagnostic[] {
  if (suppressions.length === 0) return [...diagnostics];
  const used = new Set<string>();
  const kept: Diagnostic[] = [];
  for (const d of diagnostics) {
    let hit = false;
    for (let k = 0; k < suppressions.length; k++) {
      const s = suppressions[k]!;
      if (!covers(s, d)) continue;
      hit = true;
      used.add(s.codes.length === 0 ? `${k}` : `${k}:${d.code}`);
    }
    if (!hit) kept.push(d);
  }
  const before = kept.length;
  suppressions.forEach((s, k) => {
    if (s.codes.length === 0) {
      if (!used.has(`${k}`)) kept.push(unused(s.range, 'This suppression comment silences nothing'));
      return;
    }
    for (const c of s.codes)
      if (!used.has(`${k}:${c.code}`))
        kept.push(
          unused(
            c.range,
            `Nothing to suppress: no '${c.code}' diagnostic ${s.kind === 'file' ? 'in this file' : s.kind === 'line' ? 'on this line' : s.kind === 'next-line' ? 'on the next line' : 'in this region'}`,
            c.code,
          ),
        );
  });
  // The hints join the others in reading order.
  return kept.length === before ? kept : kept.sort(byPosition);
}

const byPosition = (a: Diagnostic, b: Diagnostic) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character;

function unused(range: Range, message: string, code?: string): Diagnostic {
  return { code: 'unused-suppression', severity: 'hint', message, range, ...(code ? { data: { suppressed: code } } : {}) };
}
