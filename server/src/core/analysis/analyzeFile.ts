/** Diagnostics for any supported file, by kind, through the dispatch the CLI and the server share (fileAnalyses.ts). */
import type { Diagnostic } from '../types';
import type { IWorkspaceHost } from '../workspace/host';
import type { FileKind } from '../workspace/fileKinds';
import type { Target } from '../skills';
import { analyzeKind, diagnosticsOfKind, skillOptions, type AnalysisByKind, type AnalyzeOptions } from './fileAnalyses';
import { analyzeSkill } from '../skills/analyze';
import { CROSS_FILE_KINDS, crossFileDiagnosticsOf, summaryOf, type FileSummary, type SummarizedFile } from './crossFile';
import { internalError } from './internalError';

export { internalError } from './internalError';
export { crossFileDiagnosticsOf, type FileSummary, type SummarizedFile } from './crossFile';

/**
 * Checks one file's text. Prompts and world.eval.md are checked against the world.json of
 * their `.agent-world/` folder, read through `host`. Rules that need every file of the
 * workspace are in `crossFileDiagnostics`. Never throws: an internal failure becomes a diagnostic.
 */
export function analyzeFile(kind: FileKind, text: string, uri: string, host: IWorkspaceHost, options: AnalyzeOptions = {}): Diagnostic[] {
  return checkFile(kind, text, uri, host, options).diagnostics;
}

/** One file's check: its diagnostics, and what the cross-file rules read of it (`crossFileDiagnosticsOf`). */
export interface FileCheck {
  diagnostics: Diagnostic[];
  summary?: FileSummary;
  /** A .3md read as an agent.3md (its detection decided on the one parse). */
  isAgent?: boolean;
  /** An AGENT.md read as an instruction file (no OS Protocol frontmatter). */
  instructionFile?: boolean;
  /** The analysis failed: `diagnostics` is its internal-error. */
  failed?: true;
}

/** `analyzeFile` that keeps, besides the diagnostics, the little the rest of a run needs of the analysis. Never throws. */
export function checkFile(kind: FileKind, text: string, uri: string, host: IWorkspaceHost, options: AnalyzeOptions = {}): FileCheck {
  try {
    const analysis = analyzeKind(kind, text, uri, host, options);
    const out: FileCheck = { diagnostics: diagnosticsOfKind(kind, analysis, text, options) };
    const summary = summaryOf(kind, analysis, text, uri, options);
    if (summary) out.summary = summary;
    if (kind === '3md') out.isAgent = (analysis as AnalysisByKind['3md']).isAgent;
    if (kind === 'agent-md') {
      const a = (analysis as AnalysisByKind['agent-md']).agent;
      out.instructionFile = a.frontmatter !== undefined && a.classification.kind === 'instructions';
    }
    return out;
  } catch (e) {
    return { diagnostics: [internalError(e)], failed: true };
  }
}

/**
 * The summary the rules comparing files read (`crossFileDiagnosticsOf`) of a file that is compared
 * and not reported, from the least analysis that gives it: a SKILL.md's frontmatter facts (as the
 * workspace index reads a skill: name, description, targets, fingerprint), any other kind in full
 * (an agent's name counts only when it loads without errors). Never throws.
 */
export function comparedSummary(kind: FileKind, text: string, uri: string, host: IWorkspaceHost, options: AnalyzeOptions = {}): FileSummary | undefined {
  if (kind !== 'skill') return checkFile(kind, text, uri, host, options).summary;
  // analyzeSkill never throws (a rule's failure is its own internal-error finding).
  return summaryOf(kind, analyzeSkill(text, uri, host, { ...skillOptions(options), factsOnly: true }), text, uri, options);
}

export interface CheckedFile {
  uri: string;
  kind: FileKind;
  text: string;
  /** SKILL.md targets named for this file (the CLI's --target or its config's `targets`). */
  skillTargets?: readonly Target[];
}

/**
 * The diagnostics that need all the files checked together, by URI, to add to each file's
 * `analyzeFile` result (see `crossFileDiagnosticsOf`, which reads the summaries `checkFile`
 * leaves; this analyses each file for them). Never throws.
 */
export function crossFileDiagnostics(files: CheckedFile[], host: IWorkspaceHost, options: AnalyzeOptions = {}): Map<string, Diagnostic[]> {
  const summaries: SummarizedFile[] = [];
  for (const f of files) {
    if (!CROSS_FILE_KINDS.has(f.kind)) continue;
    const { summary } = checkFile(f.kind, f.text, f.uri, host, { ...options, ...(f.skillTargets ? { skillTargets: f.skillTargets } : {}) });
    if (summary) summaries.push({ uri: f.uri, summary });
  }
  return crossFileDiagnosticsOf(summaries, options);
}
