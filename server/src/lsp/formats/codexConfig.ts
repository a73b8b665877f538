/** The provider of Codex's project configuration (`.codex/config.toml`): TOML Codex cannot read. */
import { analyzeKind, diagnosticsOfKind } from '../../core/analysis/fileAnalyses';
import type { DocumentStore, OpenDocument } from '../documents';
import type { FormatContext, FormatProvider } from './provider';

export function codexConfigProvider(documents: DocumentStore): FormatProvider {
  const analysisOf = (doc: OpenDocument, ctx: FormatContext) =>
    documents.cached(doc, 'codex-config', '', (host) => analyzeKind('codex-config', doc.doc.getText(), doc.uri, host), ctx.host);
  return {
    diagnostics: (doc, ctx) => diagnosticsOfKind('codex-config', analysisOf(doc, ctx), ''),
    dependents(doc, ctx) {
      // Its fallback names and cap shape Codex's chain below its folder: those instruction files' cut findings.
      const base = doc.uri.slice(0, doc.uri.lastIndexOf('/.codex/') + 1);
      return ctx
        .files()
        .filter((f) => f.instructions && f.uri.startsWith(base))
        .map((f) => f.uri);
    },
  };
}
