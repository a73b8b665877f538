/**
 * A bound on what one file can report: a per-occurrence rule (a dead link, an undeclared
 * placeholder…) on hostile input can otherwise produce hundreds of thousands of diagnostics,
 * which no editor can show and whose transfer alone takes longer than the check. The CLI and
 * the language server both pass a file's diagnostics through `capDiagnostics`.
 */
import { omittedBy, TOO_MANY_DIAGNOSTICS, type Diagnostic, type RelatedInformation, type Severity } from './types';

export { omittedBy, TOO_MANY_DIAGNOSTICS };

/** How many diagnostics of one code a file reports; the rest are counted in one note. */
export const DIAGNOSTICS_PER_CODE = 1000;
/** How many related locations one diagnostic carries; the rest are counted in a last one. */
export const RELATED_PER_DIAGNOSTIC = 100;

const RANK: Record<Severity, number> = { hint: 0, information: 1, warning: 2, error: 3 };

/**
 * The first `perCode` diagnostics of each code, in the given order; in place of the first one
 * left out of a code, a note with that code's count of left-out diagnostics (its severity is the
 * highest among them). Related information is cut the same way. Returns `ds` itself when nothing
 * is cut.
 */
export function capDiagnostics(ds: readonly Diagnostic[], perCode = DIAGNOSTICS_PER_CODE, perDiagnostic = RELATED_PER_DIAGNOSTIC): Diagnostic[] {
  const counts = new Map<string, number>();
  let cut = false;
  for (const d of ds) {
    const n = (counts.get(d.code) ?? 0) + 1;
    counts.set(d.code, n);
    if (n > perCode || (d.related && d.related.length > perDiagnostic)) cut = true;
  }
  if (!cut) return ds as Diagnostic[];
  const out: Diagnostic[] = [];
  const seen = new Map<string, number>();
  const notes = new Map<string, Diagnostic>();
  for (const d of ds) {
    const n = (seen.get(d.code) ?? 0) + 1;
    seen.set(d.code, n);
    if (n <= perCode) {
      out.push(d.related && d.related.length > perDiagnostic ? { ...d, related: capRelated(d.related, perDiagnostic) } : d);
      continue;
    }
    const note = notes.get(d.code);
    if (note) {
      if (RANK[d.severity] > RANK[note.severity]) note.severity = d.severity;
      continue;
    }
    const omitted = counts.get(d.code)! - perCode;
    const fresh: Diagnostic = {
      code: TOO_MANY_DIAGNOSTICS,
      severity: d.severity,
      message: `${omitted} more "${d.code}" diagnostic${omitted === 1 ? '' : 's'} not shown (${perCode + omitted} in all; the first ${perCode} are)`,
      range: d.range,
      data: { code: d.code, omitted },
    };
    notes.set(d.code, fresh);
    out.push(fresh);
  }
  return out;
}

function capRelated(related: RelatedInformation[], n: number): RelatedInformation[] {
  const kept = related.slice(0, n);
  kept.push({ range: related[n]!.range, message: `… and ${related.length - n} more` });
  return kept;
}
