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
const YAML = /(^|\s)#\s*agent-files-disable-line\b([^]*)$/;
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
    // `.` stops at U+2028 and U+2029: only a comment after the last of them can reach the end of the line (read from there, the pattern is linear).
    const after = Math.max(line.lastIndexOf('\u2028'), line.lastIndexOf('\u2029')) + 1;
    const m = YAML.exec(line.slice(after));
    if (!m) continue;
    const start = after + m.index + m[1]!.length;
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

/** Sorted line numbers, asked whether any lies in a range (binary search). */
class Lines {
  readonly #lines: number[];
  constructor(lines: number[]) {
    this.#lines = lines.sort((a, b) => a - b);
  }
  /** Whether any line lies in [from, to]. */
  anyIn(from: number, to: number): boolean {
    let lo = 0;
    let hi = this.#lines.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.#lines[mid]! < from) lo = mid + 1;
      else hi = mid;
    }
    return lo < this.#lines.length && this.#lines[lo]! <= to;
  }
}

/** Line ranges merged into disjoint sorted ones, asked whether they cover a line (binary search). */
class Coverage {
  readonly #from: number[] = [];
  readonly #to: number[] = [];
  constructor(ranges: [number, number][]) {
    ranges.sort((a, b) => a[0] - b[0]);
    for (const [f, t] of ranges) {
      const last = this.#to.length - 1;
      if (last >= 0 && f <= this.#to[last]! + 1) this.#to[last] = Math.max(this.#to[last]!, t);
      else {
        this.#from.push(f);
        this.#to.push(t);
      }
    }
  }
  covers(line: number): boolean {
    let lo = 0;
    let hi = this.#from.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.#from[mid]! <= line) lo = mid + 1;
      else hi = mid;
    }
    return lo > 0 && this.#to[lo - 1]! >= line;
  }
}

/**
 * The diagnostics no suppression silences, plus an `unused-suppression` hint for each comment
 * (or code of a comment) that silenced nothing. Input diagnostics are not changed. Each
 * suppression's range is asked of the sorted lines of the diagnostics (of its codes), and each
 * diagnostic of the merged ranges of the suppressions (of its code): (S + D) log (S + D), not S × D.
 */
export function applySuppressions(diagnostics: readonly Diagnostic[], suppressions: readonly Suppression[]): Diagnostic[] {
  if (suppressions.length === 0) return [...diagnostics];
  const linesOf = new Map<string, number[]>();
  const allLines: number[] = [];
  for (const d of diagnostics) {
    const line = d.range.start.line;
    allLines.push(line);
    (linesOf.get(d.code) ?? linesOf.set(d.code, []).get(d.code)!).push(line);
  }
  const all = new Lines(allLines);
  const byCode = new Map([...linesOf].map(([code, lines]) => [code, new Lines(lines)]));
  const everyCode: [number, number][] = [];
  const perCode = new Map<string, [number, number][]>();
  for (const s of suppressions) {
    if (s.codes.length === 0) everyCode.push([s.fromLine, s.toLine]);
    for (const c of s.codes) (perCode.get(c.code) ?? perCode.set(c.code, []).get(c.code)!).push([s.fromLine, s.toLine]);
  }
  const coverAll = new Coverage(everyCode);
  const coverCode = new Map([...perCode].map(([code, ranges]) => [code, new Coverage(ranges)]));
  const kept = diagnostics.filter((d) => {
    const line = d.range.start.line;
    return !coverAll.covers(line) && !coverCode.get(d.code)?.covers(line);
  });
  const before = kept.length;
  for (const s of suppressions) {
    if (s.codes.length === 0) {
      if (!all.anyIn(s.fromLine, s.toLine)) kept.push(unused(s.range, 'This suppression comment silences nothing'));
      continue;
    }
    for (const c of s.codes)
      if (!byCode.get(c.code)?.anyIn(s.fromLine, s.toLine))
        kept.push(
          unused(
            c.range,
            `Nothing to suppress: no '${c.code}' diagnostic ${s.kind === 'file' ? 'in this file' : s.kind === 'line' ? 'on this line' : s.kind === 'next-line' ? 'on the next line' : 'in this region'}`,
            c.code,
          ),
        );
  }
  // The hints join the others in reading order.
  return kept.length === before ? kept : kept.sort(byPosition);
}

const byPosition = (a: Diagnostic, b: Diagnostic) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character;

function unused(range: Range, message: string, code?: string): Diagnostic {
  return { code: 'unused-suppression', severity: 'hint', message, range, ...(code ? { data: { suppressed: code } } : {}) };
}
