/**
 * The diagnostics of one file as the client shows them. An open document's come from its buffer
 * and the per-document cache. A file that is not open is checked from its text on disk by the
 * same providers, with what the editor reports itself left in: editors check open documents only,
 * so for a closed file the verdict is the CLI's.
 */
import type { Diagnostic as LspDiagnostic } from 'vscode-languageserver';
import { URI } from 'vscode-uri';
import { internalError } from '../core/analysis/analyzeFile';
import { capDiagnostics } from '../core/analysis/diagnosticCap';
import { mapPositions } from '../core/text/lineMap';
import type { Diagnostic } from '../core/types';
import { isConfigFile, type ConfigStore } from './config';
import { toLspDiagnostic } from './diagnostics';
import { normalizeUri, recordingHost, type Shallow } from './documentCache';
import { kindOf, suppressionText, type DocumentStore, type OpenDocument } from './documents';
import type { FormatContext, FormatProvider } from './formats/provider';
import { LineModels } from './lineModel';
import type { Logger } from './runner';

export interface FileDiagnosticsDeps {
  documents: DocumentStore;
  providerOf(doc: OpenDocument): FormatProvider | undefined;
  contextFor(uri: string): FormatContext;
  configs: ConfigStore;
  lines: LineModels;
  /** A file's text: its open buffer, else the workspace's copy. */
  readText(uri: string): string | undefined;
  log: Logger;
}

const errorText = (e: unknown) => (e instanceof Error ? (e.stack ?? e.message) : String(e));

/** A document's findings after its configuration (suppressions, severities, the cap), in its own line model. */
function checked(deps: FileDiagnosticsDeps, entry: OpenDocument, ctx: FormatContext): Diagnostic[] {
  const uri = entry.uri;
  if (isConfigFile(uri)) return capDiagnostics(deps.configs.parse(uri, entry.doc.getText()).diagnostics);
  const provider = deps.providerOf(entry);
  return provider ? deps.configs.apply(uri, entry.kind ?? '', suppressionText(entry), provider.diagnostics(entry, ctx)) : [];
}

/** The diagnostics of an open document at its current version, or null when it is not open. */
export function openDiagnostics(deps: FileDiagnosticsDeps, uri: string): { version: number; diagnostics: LspDiagnostic[] } | null {
  const entry = deps.documents.get(uri);
  if (!entry) return null;
  let diagnostics: Diagnostic[];
  try {
    diagnostics = deps.lines.outgoing(entry, checked(deps, entry, deps.contextFor(uri)));
  } catch (e) {
    deps.log.error(`checking ${uri} failed: ${errorText(e)}`);
    diagnostics = [internalError(e)];
  }
  return { version: entry.doc.version, diagnostics: diagnostics.map((d) => toLspDiagnostic(d, uri)) };
}

/** What checking a file that is not open gave, and every URI the check read (its text changing can change the result). */
export interface ClosedDiagnostics {
  diagnostics: LspDiagnostic[];
  reads: ReadonlySet<string>;
  /** Those of `reads` whose answers depend on less than everything below them (documentCache.ts `Shallow`). */
  shallow: Shallow;
}

/**
 * The format context of a file checked from disk: what it reads is recorded, and the findings an
 * editor reports itself are kept (no editor checks a file that is not open).
 */
function closedContext(base: FormatContext, reads: Set<string>, shallow: Map<string, ReadonlySet<string> | null>, texts: Set<string>): FormatContext {
  const textOf = (uri: string) => {
    const u = normalizeUri(uri);
    reads.add(u);
    texts.add(u);
    return base.textOf(uri);
  };
  return Object.create(base, {
    host: { value: recordingHost(base.host, reads, shallow) },
    textOf: { value: textOf },
    editorValidatesPromptFiles: { value: false },
    schemaDiagnostics: { value: true },
  }) as FormatContext;
}

/** The diagnostics of a file that is not open, from its text in the workspace; null when it is not ours or cannot be read. */
export function closedDiagnostics(deps: FileDiagnosticsDeps, uri: string): ClosedDiagnostics | null {
  const path = URI.parse(uri).path;
  if (!kindOf(uri, '', deps.documents.repository()) && !isConfigFile(path)) return null;
  const reads = new Set<string>([normalizeUri(uri)]);
  const shallow = new Map<string, ReadonlySet<string> | null>();
  // The texts the check read: never shallow, whichever came first.
  const texts = new Set<string>();
  const text = deps.readText(uri);
  if (text === undefined) return null;
  const entry = deps.documents.detached(uri, text);
  let diagnostics: Diagnostic[];
  try {
    diagnostics = checked(deps, entry, closedContext(deps.contextFor(uri), reads, shallow, texts));
    // Positions as the editor counts lines (they differ from the format's only with a lone CR).
    const map = LineModels.ofText(text);
    if (map) diagnostics = mapPositions(diagnostics, 'toLsp', uri, (u) => (u === uri ? map : null));
  } catch (e) {
    deps.log.error(`checking ${uri} failed: ${errorText(e)}`);
    diagnostics = [internalError(e)];
  }
  for (const u of texts) shallow.delete(u);
  return { diagnostics: diagnostics.map((d) => toLspDiagnostic(d, uri)), reads, shallow };
}
