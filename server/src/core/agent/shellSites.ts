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
import { POSIX_DIALECTS, type PosixDialect, type ShellFamily } from './shellDialect';
import { scanFish } from './fishScanner';
import { scanPosix } from './posixScanner';
import type { PlaceholderSite } from './shellWords';

export type { FillContext, PlaceholderSite, Refusal, RefusalKind } from './shellWords';

/** The text that brings each difference between the dialects into play. */
const FEATURES: readonly [keyof PosixDialect, RegExp][] = [
  ['ansiC', /\$'/],
  ['localeStrings', /\$"/],
  ['nestedBraces', /\$\{/],
  ['quotesInQuotedExpansion', /\$\{/],
  ['comments', /#/],
  ['history', /!/],
  ['globGroups', /\(/],
  ['bashisms', /\$\[|\(\(|\[\[/],
];

/**
 * The dialects that can read this template differently from bash (the first): those that differ
 * from it in a feature the template uses. A template using none is read once.
 */
function readingsFor(template: string): PosixDialect[] {
  const [bash, ...others] = POSIX_DIALECTS as [PosixDialect, ...PosixDialect[]];
  const used = FEATURES.filter(([, text]) => text.test(template)).map(([feature]) => feature);
  return [bash, ...others.filter((d) => used.some((f) => d[f] !== bash[f]))];
}

/** The placeholder sites of a template, in order (every occurrence, as the filler sees them). */
export function placeholderSites(template: string, family: ShellFamily = 'posix'): PlaceholderSite[] {
  if (family === 'fish') return scanFish(template);
  const dialects = readingsFor(template);
  if (dialects.length === 1) return scanPosix(template, dialects[0]!);
  return mergeReadings(dialects.map((d) => ({ shell: d.name, sites: scanPosix(template, d) })));
}

const CONTEXT_WORDS = { bare: 'a bare word', double: 'inside "…"', single: "inside '…'" } as const;

/**
 * One site per placeholder: the first reading's, refused when any reading refuses it, misses it or
 * puts it in another context; an option position when any reading says so.
 */
function mergeReadings(readings: readonly { shell: string; sites: PlaceholderSite[] }[]): PlaceholderSite[] {
  const first = readings[0]!.sites;
  // Usually every reading finds the same placeholders: merge them index by index.
  const aligned = readings.every((r) => r.sites.length === first.length && r.sites.every((site, k) => site.start === first[k]!.start));
  if (aligned)
    return first.map((_, k) =>
      mergeSite(
        readings.map((r) => r.sites[k]),
        readings,
      ),
    );
  const starts = [...new Set(readings.flatMap((r) => r.sites.map((s) => s.start)))].sort((a, b) => a - b);
  const byStart = readings.map((r) => new Map(r.sites.map((s) => [s.start, s])));
  return starts.map((start) =>
    mergeSite(
      byStart.map((m) => m.get(start)),
      readings,
    ),
  );
}

/** One placeholder as each reading found it (undefined where a reading missed it). */
function mergeSite(found: readonly (PlaceholderSite | undefined)[], readings: readonly { shell: string }[]): PlaceholderSite {
  const at = found.findIndex((s) => s);
  const site = { ...found[at]! };
  for (const s of found) {
    site.refusal ??= s?.refusal ?? null;
    site.optionPosition ||= !!s?.optionPosition;
  }
  if (site.refusal) return site;
  const missing = readings.filter((_, k) => !found[k]).map((r) => r.shell);
  const other = found.findIndex((s) => s && s.context !== site.context);
  if (missing.length) {
    site.refusal = { kind: 'dialect', reason: `${missing.join(' and ')} ${missing.length > 1 ? 'read' : 'reads'} the quoting before it differently from ${readings[at]!.shell}` };
  } else if (other >= 0) {
    site.refusal = {
      kind: 'dialect',
      reason: `the shells read the quoting before it differently: ${readings[at]!.shell} puts it ${CONTEXT_WORDS[site.context]}, ${readings[other]!.shell} ${CONTEXT_WORDS[found[other]!.context]}`,
    };
  }
  return site;
}
