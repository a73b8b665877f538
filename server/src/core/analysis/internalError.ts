import type { Diagnostic } from '../types';

/** The diagnostic of a file whose analysis failed (see docs/rules.md, internal-error). */
export function internalError(e: unknown): Diagnostic {
  return {
    code: 'internal-error',
    severity: 'error',
    message: `Agent Files could not check this file: ${e instanceof Error ? e.message : String(e)}`,
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
  };
}
