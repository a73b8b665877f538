/** The provider of Claude Code settings files (`.claude/settings.json`, `.claude/settings.local.json`): the hooks core over open buffers. */
import { settingsCompletion, settingsHover } from '../../core/hooks';
import { analyzeKind, diagnosticsOfKind } from '../../core/analysis/fileAnalyses';
import type { DocumentStore, OpenDocument } from '../documents';
import type { FormatContext, FormatProvider } from './provider';
import { hooksEntry } from './jsonEntries';

export function claudeSettingsProvider(documents: DocumentStore): FormatProvider {
  const analysisOf = (doc: OpenDocument, ctx: FormatContext) =>
    documents.cached(doc, 'claude-settings', '', (host) => analyzeKind('claude-settings', doc.doc.getText(), doc.uri, host), ctx.host);
  return {
    diagnostics: (doc, ctx) => diagnosticsOfKind('claude-settings', analysisOf(doc, ctx), '', { schemaDiagnostics: ctx.schemaDiagnostics }),
    hover: (doc, pos) => settingsHover(doc.doc.getText(), pos),
    completion: (doc, pos) => settingsCompletion(doc.doc.getText(), pos),
    summarize: (uri, text, ctx) => hooksEntry(uri, text, 'claude-settings', analyzeKind('claude-settings', text, uri, ctx.host, { workspaceRoots: ctx.roots() }), ctx),
    summarizeOpen: (doc, ctx) => hooksEntry(doc.uri, doc.doc.getText(), 'claude-settings', analysisOf(doc, ctx), ctx),
  };
}
