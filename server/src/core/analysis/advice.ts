/** Findings on a file no client reads where it is (a copy, a template): advice only. */
import type { Diagnostic } from '../types';

/** The diagnostics with errors and warnings made information, each with a note saying why. */
export function asAdvice(diagnostics: readonly Diagnostic[], note: string): Diagnostic[] {
  return diagnostics.map((d) => (d.severity === 'error' || d.severity === 'warning' ? { ...d, severity: 'information', message: `${d.message} ${note}` } : d));
}
