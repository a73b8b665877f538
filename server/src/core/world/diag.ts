/** Small constructors shared by the world rules. */
import type { Diagnostic, Range, RelatedInformation, Severity } from '../types';

export function diag(code: string, severity: Severity, message: string, range: Range, extra?: { related?: RelatedInformation[]; data?: Record<string, unknown> }): Diagnostic {
  const d: Diagnostic = { code, severity, message, range };
  if (extra?.related && extra.related.length > 0) d.related = extra.related;
  if (extra?.data) d.data = extra.data;
  return d;
}

/** Whole first line of a text: where file-level findings about a Markdown file sit. */
export function firstLineRange(text: string): Range {
  const nl = text.search(/\r?\n/);
  const len = nl < 0 ? text.length : nl;
  return { start: { line: 0, character: 0 }, end: { line: 0, character: len } };
}
