/** The provider of a skill's eval files (evals/evals.json, trigger query sets): the skillEvals core over open buffers. */
import { analyzeKind, diagnosticsOfKind } from '../../core/analysis/fileAnalyses';
import type { DocumentStore, OpenDocument } from '../documents';
import type { FormatContext, FormatProvider } from './provider';

export function skillEvalsProvider(documents: DocumentStore): FormatProvider {
  const analysisOf = (doc: OpenDocument, ctx: FormatContext) =>
    documents.cached(doc, 'skill-evals', '', (host) => analyzeKind('skill-evals', doc.doc.getText(), doc.uri, host), ctx.host);
  return {
    diagnostics: (doc, ctx) => diagnosticsOfKind('skill-evals', analysisOf(doc, ctx), ''),
  };
}
