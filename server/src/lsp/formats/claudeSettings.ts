/** The provider of Claude Code settings files (`.claude/settings.json`, `.claude/settings.local.json`): the hooks core over open buffers. */
import { settingsCompletion, settingsHover } from '../../core/hooks';
import { analyzeKind, diagnosticsOfKind } from '../../core/analysis/fileAnalyses';
import type { DocumentStore, OpenDocument } from '../documents';
import type { FormatContext, FormatProvider } from './provider';

export function claudeSettingsProvider(documents: DocumentStore): FormatProvider {
  const analysisOf = (doc: OpenDocument, ctx: FormatContext) =>
    documents.cached(doc, 'claude-settings', '', (host) => analyzeKind('claude-settings', doc.doc.getText(), doc.uri, host), ctx.host);
  return {
    diagnostics: (doc, ctx) => diagnosticsOfKind('claude-settings', analysisOf(doc, ctx), '', { schemaDiagnostics: ctx.schemaDiagnostics }),
    hover: (doc, pos) => settingsHover(doc.doc.getText(), pos),
    completion: (doc, pos) => settingsCompletion(doc.doc.getText(), pos),
  };
}
