/** Diagnostics for any supported file, by kind: the one place the CLI and the server share. */
import type { Diagnostic } from './types';
import type { IWorkspaceHost } from './host';
import type { FileKind } from './fileKinds';
import type { AgentDetection } from './agent/detect';
import { parseThreeMd } from './threemd/parser';
import { analyzeThreeMd } from './threemdAnalysis';

export interface AnalyzeOptions {
  detection?: AgentDetection;
}

/** Checks one file's text. Never throws: an internal failure becomes a diagnostic. */
export function analyzeFile(kind: FileKind, text: string, uri: string, host: IWorkspaceHost, options: AnalyzeOptions = {}): Diagnostic[] {
  try {
    switch (kind) {
      case '3md':
        return analyzeThreeMd(parseThreeMd(text), { fileName: uri, detection: options.detection }).diagnostics;
      default:
        void host;
        return [];
    }
  } catch (e) {
    return [
      {
        code: 'internal-error',
        severity: 'error',
        message: `Agent Files could not check this file: ${e instanceof Error ? e.message : String(e)}`,
        range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      },
    ];
  }
}
