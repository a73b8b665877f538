/**
 * The one place a file's diagnostics meet the configuration, after analysis, for both the
 * language server and the CLI: inline suppressions, then the `rules` overrides (`off` drops a
 * code, a severity replaces it), then the `maxDiagnostics` cap.
 */
import type { Diagnostic, RelatedInformation } from '../types';
import { DEFAULT_CONFIG, type AgentFilesConfig } from './config';
import { applySuppressions, findSuppressions } from './suppress';

export interface ApplyOptions {
  /** The file's text, when suppression comments apply to its kind (Markdown-based files). */
  markdownText?: string;
}

/** At most this many related locations per diagnostic; the rest are counted in a last entry. */
export const MAX_RELATED = 100;

export function applyConfig(diagnostics: readonly Diagnostic[], config: AgentFilesConfig = DEFAULT_CONFIG, options: ApplyOptions = {}): Diagnostic[] {
  const suppressed =
    options.markdownText !== undefined && options.markdownText.includes('agent-files-') ? applySuppressions(diagnostics, findSuppressions(options.markdownText)) : diagnostics;
  const out: Diagnostic[] = [];
  let more = 0;
  const max = config.maxDiagnostics;
  for (const d of suppressed) {
    const setting = Object.prototype.hasOwnProperty.call(config.rules, d.code) ? config.rules[d.code] : undefined;
    if (setting === 'off') continue;
    if (out.length >= max) {
      more++;
      continue;
    }
    let next = setting && setting !== d.severity ? { ...d, severity: setting } : d;
    if (next.related && next.related.length > MAX_RELATED) next = { ...next, related: capRelated(next.related) };
    out.push(next);
  }
  if (more > 0) {
    const at = { line: 0, character: 0 };
    out.push({
      code: 'too-many-diagnostics',
      severity: 'information',
      message: `${more} more diagnostic${more === 1 ? '' : 's'} not shown: at most ${max} per file (maxDiagnostics in .agent-files.json)`,
      range: { start: at, end: at },
      data: { more, max },
    });
  }
  return out;
}

function capRelated(related: readonly RelatedInformation[]): RelatedInformation[] {
  const kept = related.slice(0, MAX_RELATED - 1);
  const rest = related.length - kept.length;
  kept.push({ range: related[MAX_RELATED - 1]!.range, message: `… and ${rest} more location${rest === 1 ? '' : 's'} (not listed)` });
  return kept;
}

/** `applyConfig` for a file of `kind`: suppression comments count in every Markdown-based kind (all but world.json). */
export function applyConfigToFile(kind: string, text: string, diagnostics: readonly Diagnostic[], config: AgentFilesConfig = DEFAULT_CONFIG): Diagnostic[] {
  return applyConfig(diagnostics, config, kind === 'world' ? {} : { markdownText: text });
}
