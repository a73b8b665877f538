/**
 * Plain data types shared by every part of the core. They mirror the LSP shapes
 * (0-based lines, UTF-16 characters) so the server can pass them through unchanged.
 */
export interface Position {
  line: number;
  character: number;
}

export interface Range {
  start: Position;
  end: Position;
}

export type Severity = 'error' | 'warning' | 'information' | 'hint';

export interface RelatedInformation {
  /** Another file's URI; absent: the diagnostic's own file. */
  uri?: string;
  range: Range;
  message: string;
}

export interface Diagnostic {
  /** Stable rule id, documented in docs/rules.md. */
  code: string;
  severity: Severity;
  message: string;
  range: Range;
  related?: RelatedInformation[];
  /** Extra machine-readable facts (for quick fixes). */
  data?: Record<string, unknown>;
}

/** A single text replacement, as LSP sends it in didChange. */
export interface TextEdit {
  range: Range;
  text: string;
}

export function pos(line: number, character: number): Position {
  return { line, character };
}

export function range(startLine: number, startChar: number, endLine: number, endChar: number): Range {
  return { start: { line: startLine, character: startChar }, end: { line: endLine, character: endChar } };
}

export function lineRange(line: number, from: number, to: number): Range {
  return range(line, from, line, to);
}

export function comparePositions(a: Position, b: Position): number {
  return a.line - b.line || a.character - b.character;
}

/** True when `p` lies inside `r`, both ends included (how cursor hits are judged). */
export function rangeContains(r: Range, p: Position): boolean {
  return comparePositions(r.start, p) <= 0 && comparePositions(p, r.end) <= 0;
}

export function shiftRange(r: Range, lines: number): Range {
  if (lines === 0) return r;
  return range(r.start.line + lines, r.start.character, r.end.line + lines, r.end.character);
}

/** The code of the note that stands for diagnostics left out (core/analysis/diagnosticCap.ts). */
export const TOO_MANY_DIAGNOSTICS = 'too-many-diagnostics';

/** The errors and warnings a note for left-out diagnostics stands for (null for any other diagnostic). */
export function leftOutBy(d: Diagnostic): { errors: number; warnings: number } | null {
  if (d.code !== TOO_MANY_DIAGNOSTICS) return null;
  const n = (k: string) => (typeof d.data?.[k] === 'number' ? (d.data[k] as number) : 0);
  return { errors: n('errors'), warnings: n('warnings') };
}

/** Errors and warnings among diagnostics (information and hints are not counted); a note for left-out diagnostics counts as the errors and warnings it stands for. */
export function countSeverities(diagnostics: readonly Diagnostic[]): { errors: number; warnings: number } {
  let errors = 0;
  let warnings = 0;
  for (const d of diagnostics) {
    const left = leftOutBy(d);
    if (left) {
      errors += left.errors;
      warnings += left.warnings;
    } else if (d.severity === 'error') errors++;
    else if (d.severity === 'warning') warnings++;
  }
  return { errors, warnings };
}
