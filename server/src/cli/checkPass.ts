/**
 * The one pass of `check` over its files: each file is read, analysed once (`checkFile`) and
 * reduced to a compact record (its own diagnostics, its kind label, the summary the cross-file
 * rules read) before the next is read, so a run holds no texts and no analyses. The report of a
 * file is made once the cross-file findings are known (`reportOf`).
 */
import { checkFile, comparedSummary, type FileCheck, type SummarizedFile } from '../core/analysis/analyzeFile';
import type { AnalyzeOptions } from '../core/analysis/fileAnalyses';
import type { AgentDetection } from '../core/agent/detect';
import { applyConfigToFile, type AgentFilesConfig } from '../core/config';
import { hasLoneCr, LineMap, mapPositions } from '../core/text/lineMap';
import { ownStrings } from '../core/text/ownStrings';
import { range, type Diagnostic } from '../core/types';
import type { FileKind } from '../core/workspace/fileKinds';
import type { IWorkspaceHost } from '../core/workspace/host';
import { AGENT_3MD_LABEL, AGENT_MD_INSTRUCTIONS_LABEL, kindLabel } from './kindLabel';
import { fileTooLarge, readFileBounded, type ReadResult } from './io';
import { FILE_KIND_LABELS } from '../core/workspace/fileKinds';
import type { FileResult } from './output';

export interface CheckEntry {
  kind: FileKind;
  /** As reported (relative to the working directory). */
  rel: string;
  uri: string;
  /** The path to read it from. */
  path: string;
  detection: AgentDetection;
  /** Its text when already read (by --fix, which reads every file first). */
  read?: ReadResult;
}

/** One checked file until its report: what is needed of it, and its text only where the report reads it. */
export interface CheckedRecord {
  entry: CheckEntry;
  label: string;
  /** Its own diagnostics, before configuration, packed (`ownDiagnostics` reads them). */
  diagnostics: PackedDiagnostics;
  config: AgentFilesConfig;
  /** Over the read limit: never read. */
  tooLarge?: number;
  /**
   * The text, kept only when the report needs it: suppression comments to apply, a lone CR that
   * moves positions, or `keepText` (--changed, --baseline and --write-baseline read every text).
   */
  text?: string;
}

export interface PassOptions {
  host: IWorkspaceHost;
  /** The analysis options of a file (targets, repository, workspace files…). */
  analysis(entry: CheckEntry): AnalyzeOptions;
  configFor(uri: string): AgentFilesConfig;
  keepText: boolean;
}

/** Reads and checks one file; its summary goes to `summaries`. */
export function checkOne(entry: CheckEntry, o: PassOptions, summaries: SummarizedFile[]): CheckedRecord {
  const read = entry.read ?? readFileBounded(entry.path);
  const config = o.configFor(entry.uri);
  // The record does not hold on to the text read.
  const base = entry.read ? withoutText(entry) : entry;
  if (!('text' in read)) return { entry: base, label: kindLabel(entry.kind, '', entry.uri, entry.detection), diagnostics: '', config, tooLarge: read.tooLarge };
  const text = read.text;
  const check = checkFile(entry.kind, text, entry.uri, o.host, o.analysis(entry));
  // Copies (`ownStrings`): a string cut from the text (a name, a path in a message) would keep the whole text alive.
  if (check.summary) summaries.push({ uri: entry.uri, summary: ownStrings(check.summary) });
  const record: CheckedRecord = { entry: base, label: labelOf(entry, check, text), diagnostics: packDiagnostics(check.diagnostics), config };
  if (o.keepText || text.includes('agent-files-') || hasLoneCr(text)) record.text = text;
  return record;
}

/** Reads a file compared with the files named and not reported (comparedFiles.ts): only its summary, to `summaries`. */
export function compareOne(entry: CheckEntry, o: Pick<PassOptions, 'host' | 'analysis'>, summaries: SummarizedFile[]): void {
  const read = readFileBounded(entry.path);
  if (!('text' in read)) return;
  const summary = comparedSummary(entry.kind, read.text, entry.uri, o.host, o.analysis(entry));
  if (summary) summaries.push({ uri: entry.uri, summary: ownStrings(summary) });
}

/**
 * A file's own findings as a record keeps them until the report: of each, what a report reads (its
 * code, severity, message and range; no related places, no quick-fix data), all in one JSON
 * string of rows, which holds no piece of the file's text. Kept as objects, each finding was four
 * (the finding, its range, two positions) and a copied message: the heap of 10,000 real-size
 * skills before their report held 16 MB of objects, 7 MB packed (61 → 56 MB in all).
 */
export type PackedDiagnostics = string;
type Row = [code: string, severity: Diagnostic['severity'], message: string, startLine: number, startCharacter: number, endLine: number, endCharacter: number];

function packDiagnostics(diagnostics: readonly Diagnostic[]): PackedDiagnostics {
  if (diagnostics.length === 0) return '';
  const rows = diagnostics.map(({ code, severity, message, range: { start, end } }): Row => [code, severity, message, start.line, start.character, end.line, end.character]);
  return JSON.stringify(rows);
}

/** A record's own findings, as the report reads them. */
export function ownDiagnostics(r: CheckedRecord): Diagnostic[] {
  if (r.diagnostics === '') return [];
  return (JSON.parse(r.diagnostics) as Row[]).map(([code, severity, message, sl, sc, el, ec]) => ({ code, severity, message, range: range(sl, sc, el, ec) }));
}

function withoutText({ read: _read, ...entry }: CheckEntry): CheckEntry {
  return entry;
}

/** The kind as reports show it, from the file's one analysis (kindLabel.ts reads the text when the analysis failed). */
function labelOf(entry: CheckEntry, check: FileCheck, text: string): string {
  if (check.failed) return kindLabel(entry.kind, text, entry.uri, entry.detection);
  if (entry.kind === '3md') return check.isAgent ? AGENT_3MD_LABEL : FILE_KIND_LABELS['3md'];
  if (entry.kind === 'agent-md') return check.instructionFile ? AGENT_MD_INSTRUCTIONS_LABEL : FILE_KIND_LABELS['agent-md'];
  return kindLabel(entry.kind, '', entry.uri, entry.detection);
}

/**
 * A file's report: its own diagnostics (unless `own` is false) and its cross-file ones, in
 * reading order, configured, at editor positions. `defaults` learns each code's own severity.
 */
export function reportOf(r: CheckedRecord, cross: readonly Diagnostic[], own: boolean, defaults: Map<string, Diagnostic['severity']>): FileResult {
  const { entry } = r;
  if (r.tooLarge !== undefined) return { path: entry.rel, kind: r.label, diagnostics: applyConfigToFile(entry.kind, '', [fileTooLarge(r.tooLarge)], r.config) };
  const raw = [...(own ? ownDiagnostics(r) : []), ...cross];
  for (const d of raw) if (!defaults.has(d.code)) defaults.set(d.code, d.severity);
  raw.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
  // Without the text kept, the file has no suppression comment and no lone CR: '' reads the same.
  const text = r.text ?? '';
  return { path: entry.rel, kind: r.label, diagnostics: editorLines(text, entry.uri, applyConfigToFile(entry.kind, text, raw, r.config)) };
}

/**
 * Positions as editors and SARIF count lines (CR, LF and CRLF all end one), as the language
 * server sends them; the readers' own model counts a lone CR as part of a line.
 */
function editorLines(text: string, uri: string, diagnostics: Diagnostic[]): Diagnostic[] {
  if (!hasLoneCr(text)) return diagnostics;
  const map = new LineMap(text);
  return mapPositions(diagnostics, 'toLsp', uri, (u) => (u === uri ? map : null));
}
