/**
 * Where each `{placeholder}` of a command template stands, as the shells read the template: a bare
 * word, inside double quotes, inside single quotes, or somewhere no quoting of a value is safe (a
 * comment, after a backslash or `$`, in a here-document, inside backquotes, `${…}` or arithmetic,
 * or in an argument that a program parses again as code). The filler (command.ts) and the template
 * lint (toolLint.ts) read these sites; docs/security.md lists the contexts and what is refused.
 *
 * A POSIX template is read once per dialect (dash, bash and zsh, interactive or not:
 * shellDialect.ts); a placeholder is filled only where every reading puts it in the same context
 * and none refuses it, since the filled command may be pasted into any of them. fish reads its own
 * syntax (fishScanner.ts).
 */
import { POSIX_DIALECTS, type ShellFamily } from './shellDialect';
import { scanFish } from './fishScanner';
import { scanPosix } from './posixScanner';
import type { PlaceholderSite } from './shellWords';

export type { FillContext, PlaceholderSite, Refusal, RefusalKind } from './shellWords';

/** The placeholder sites of a template, in order (every occurrence, as the filler sees them). */
export function placeholderSites(template: string, family: ShellFamily = 'posix'): PlaceholderSite[] {
  if (family === 'fish') return scanFish(template);
  return mergeReadings(POSIX_DIALECTS.map((d) => ({ shell: d.name, sites: scanPosix(template, d) })));
}

const CONTEXT_WORDS = { bare: 'a bare word', double: 'inside "…"', single: "inside '…'" } as const;

/**
 * One site per placeholder: the first reading's, refused when any reading refuses it, misses it or
 * puts it in another context; an option position when any reading says so.
 */
function mergeReadings(readings: readonly { shell: string; sites: PlaceholderSite[] }[]): PlaceholderSite[] {
  const byStart = readings.map((r) => new Map(r.sites.map((s) => [s.start, s])));
  const starts = [...new Set(readings.flatMap((r) => r.sites.map((s) => s.start)))].sort((a, b) => a - b);
  return starts.map((start) => {
    const found = byStart.map((m) => m.get(start));
    const site = { ...found.find((s) => s)! };
    const missing = readings.filter((_, k) => !found[k]).map((r) => r.shell);
    const other = found.findIndex((s) => s && s.context !== site.context);
    site.refusal = found.find((s) => s?.refusal)?.refusal ?? null;
    site.optionPosition = found.some((s) => s?.optionPosition);
    if (!site.refusal && missing.length) {
      site.refusal = {
        kind: 'dialect',
        reason: `${missing.join(' and ')} ${missing.length > 1 ? 'read' : 'reads'} the quoting before it differently from ${readings.find((_, k) => found[k])!.shell}`,
      };
    } else if (!site.refusal && other >= 0) {
      const first = readings[found.indexOf(found.find((s) => s)!)]!.shell;
      site.refusal = {
        kind: 'dialect',
        reason: `the shells read the quoting before it differently: ${first} puts it ${CONTEXT_WORDS[site.context]}, ${readings[other]!.shell} ${CONTEXT_WORDS[found[other]!.context]}`,
      };
    }
    return site;
  });
}
