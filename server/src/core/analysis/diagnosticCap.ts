/**
 * The one bound on what a file reports (docs/rules.md#too-many-diagnostics). A per-occurrence
 * rule (a dead link, an undeclared placeholder…) on hostile input can otherwise produce
 * hundreds of thousands of diagnostics, which no editor can show and whose transfer alone takes
 * longer than the check.
 *
 * - At most `maxDiagnostics` diagnostics per file (1,000 unless `.agent-files.json` says
 *   otherwise), in the order given; in place of the rest one `too-many-diagnostics` note saying
 *   how many there are, which counts as the errors and warnings it stands for.
 * - At most 100 related locations per diagnostic, the last one saying how many more there are.
 *
 * The configuration step (core/config/apply.ts) applies it to every file the CLI and the
 * language server check, after suppressions and rule settings; the LSP conversion cuts related
 * locations through the same function, so a diagnostic made elsewhere is bounded too.
 */
import { TOO_MANY_DIAGNOSTICS, type Diagnostic, type RelatedInformation } from '../types';

export { leftOutBy, TOO_MANY_DIAGNOSTICS } from '../types';

/** How many diagnostics a file reports unless `maxDiagnostics` says otherwise. */
export const DEFAULT_MAX_DIAGNOSTICS = 1000;
/** How many related locations one diagnostic carries, the last one counting the rest when there are more. */
export const RELATED_PER_DIAGNOSTIC = 100;

/**
 * The first `max` diagnostics, each with its related locations bounded, and, when more were
 * given, one note for the rest. Returns `ds` itself when nothing is cut; never changes it.
 */
export function capDiagnostics(ds: readonly Diagnostic[], max: number = DEFAULT_MAX_DIAGNOSTICS): Diagnostic[] {
  const limit = Math.max(1, Math.floor(max));
  let cut = ds.length > limit;
  for (let i = 0; i < ds.length && i < limit && !cut; i++) if ((ds[i]!.related?.length ?? 0) > RELATED_PER_DIAGNOSTIC) cut = true;
  if (!cut) return ds as Diagnostic[];
  const out: Diagnostic[] = [];
  for (let i = 0; i < ds.length && i < limit; i++) {
    const d = ds[i]!;
    out.push(d.related && d.related.length > RELATED_PER_DIAGNOSTIC ? { ...d, related: capRelated(d.related) } : d);
  }
  if (ds.length > limit) out.push(leftOutNote(ds, limit));
  return out;
}

/** The note for the diagnostics after the first `limit`: how many, of which codes, and how many errors and warnings among them. */
function leftOutNote(ds: readonly Diagnostic[], limit: number): Diagnostic {
  let errors = 0;
  let warnings = 0;
  const codes: Record<string, number> = {};
  for (let i = limit; i < ds.length; i++) {
    const d = ds[i]!;
    if (d.severity === 'error') errors++;
    else if (d.severity === 'warning') warnings++;
    codes[d.code] = (codes[d.code] ?? 0) + 1;
  }
  const omitted = ds.length - limit;
  const at = { line: 0, character: 0 };
  return {
    code: TOO_MANY_DIAGNOSTICS,
    severity: 'information',
    message: `${omitted} more diagnostic${omitted === 1 ? '' : 's'} not shown: at most ${limit} per file (maxDiagnostics in .agent-files.json)`,
    range: { start: at, end: at },
    data: { omitted, max: limit, errors, warnings, codes },
  };
}

/** At most `RELATED_PER_DIAGNOSTIC` related locations, the last one counting those left out; the list itself when it is short enough. */
export function capRelated(related: readonly RelatedInformation[]): RelatedInformation[] {
  if (related.length <= RELATED_PER_DIAGNOSTIC) return related as RelatedInformation[];
  const kept = related.slice(0, RELATED_PER_DIAGNOSTIC - 1);
  const rest = related.length - kept.length;
  kept.push({ range: related[RELATED_PER_DIAGNOSTIC - 1]!.range, message: `… and ${rest} more location${rest === 1 ? '' : 's'} (not listed)` });
  return kept;
}
