/**
 * The one place a file's diagnostics meet the configuration, after analysis, for both the
 * language server and the CLI: inline suppressions, then the `rules` overrides (`off` drops a
 * code, a severity replaces it), then the one diagnostic cap (core/analysis/diagnosticCap.ts) with
 * `maxDiagnostics`.
 */
import type { Diagnostic } from '../types';
import { capDiagnostics } from '../analysis/diagnosticCap';
import { DEFAULT_CONFIG, type AgentFilesConfig } from './config';
import { applySuppressions, findSuppressions } from './suppress';

export interface ApplyOptions {
  /** The file's text, when suppression comments apply to its kind (Markdown-based files). */
  markdownText?: string;
}

export function applyConfig(diagnostics: readonly Diagnostic[], config: AgentFilesConfig = DEFAULT_CONFIG, options: ApplyOptions = {}): Diagnostic[] {
  const suppressed =
    options.markdownText !== undefined && options.markdownText.includes('agent-files-') ? applySuppressions(diagnostics, findSuppressions(options.markdownText)) : diagnostics;
  const out: Diagnostic[] = [];
  for (const d of suppressed) {
    const setting = Object.prototype.hasOwnProperty.call(config.rules, d.code) ? config.rules[d.code] : undefined;
    if (setting === 'off') continue;
    out.push(setting && setting !== d.severity ? { ...d, severity: setting } : d);
  }
  return capDiagnostics(out, config.maxDiagnostics);
}

/** `applyConfig` for a file of `kind`: suppression comments count in every Markdown-based kind (all but world.json). */
export function applyConfigToFile(kind: string, text: string, diagnostics: readonly Diagnostic[], config: AgentFilesConfig = DEFAULT_CONFIG): Diagnostic[] {
  return applyConfig(diagnostics, config, kind === 'world' ? {} : { markdownText: text });
}
