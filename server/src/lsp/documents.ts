/**
 * Open documents with incremental sync: each change goes through the core's incremental
 * re-parse, and analyses are cached per (uri, version).
 */
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { TextDocumentContentChangeEvent } from 'vscode-languageserver';
import { URI } from 'vscode-uri';
import { fileKindOf, type FileKind } from '../core/fileKinds';
import { parseThreeMd } from '../core/threemd/parser';
import { reparse } from '../core/threemd/incremental';
import type { ThreeMdDocument } from '../core/threemd/syntax';
import { analyzeThreeMd, type ThreeMdAnalysis } from '../core/threemdAnalysis';
import type { AgentDetection } from '../core/agent/detect';

export interface OpenDocument {
  uri: string;
  kind: FileKind | null;
  doc: TextDocument;
  /** The 3md parse, kept current by incremental re-parse (3md files only). */
  tree: ThreeMdDocument | null;
  cache: { key: string; analysis: ThreeMdAnalysis } | null;
}

/** Which of our formats an open document is: by file name, else by language id. */
export function kindOf(uri: string, languageId: string): FileKind | null {
  let path = uri;
  try {
    path = URI.parse(uri).path;
  } catch {
    // keep the raw string
  }
  return fileKindOf(path) ?? (languageId === '3md' ? '3md' : null);
}

export class DocumentStore {
  readonly #docs = new Map<string, OpenDocument>();
  detection: AgentDetection = 'auto';
  /** Bumped when settings change, so cached analyses are recomputed. */
  #generation = 0;

  get(uri: string): OpenDocument | undefined {
    return this.#docs.get(uri);
  }

  all(): OpenDocument[] {
    return [...this.#docs.values()];
  }

  open(uri: string, languageId: string, version: number, text: string): OpenDocument {
    const kind = kindOf(uri, languageId);
    const entry: OpenDocument = {
      uri,
      kind,
      doc: TextDocument.create(uri, languageId, version, text),
      tree: kind === '3md' ? parseThreeMd(text) : null,
      cache: null,
    };
    this.#docs.set(uri, entry);
    return entry;
  }

  /** Applies changes in order; returns undefined for a document that was never opened. */
  change(uri: string, version: number, changes: TextDocumentContentChangeEvent[]): OpenDocument | undefined {
    const entry = this.#docs.get(uri);
    if (!entry) return undefined;
    let doc = entry.doc;
    for (const change of changes) {
      doc = TextDocument.update(doc, [change], version);
      if (entry.kind !== '3md') continue;
      if ('range' in change && entry.tree) {
        entry.tree = reparse(entry.tree, { range: change.range, text: change.text }, doc.getText());
      } else entry.tree = parseThreeMd(doc.getText());
    }
    entry.doc = doc;
    entry.cache = null;
    return entry;
  }

  close(uri: string): void {
    this.#docs.delete(uri);
  }

  settingsChanged(): void {
    this.#generation++;
    for (const e of this.#docs.values()) e.cache = null;
  }

  /** The analysis of an open 3md document at its current version. */
  analysis(entry: OpenDocument): ThreeMdAnalysis | null {
    if (entry.kind !== '3md' || !entry.tree) return null;
    const key = `${entry.doc.version}:${this.#generation}`;
    if (entry.cache?.key === key) return entry.cache.analysis;
    const analysis = analyzeThreeMd(entry.tree, { fileName: uri2name(entry.uri), detection: this.detection });
    entry.cache = { key, analysis };
    return analysis;
  }
}

function uri2name(uri: string): string {
  try {
    return URI.parse(uri).path;
  } catch {
    return uri;
  }
}
