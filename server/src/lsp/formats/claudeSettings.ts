/** The provider of Claude Code settings files (`.claude/settings.json`, `.claude/settings.local.json`): the hooks core over open buffers. */
import type { CodeAction, Diagnostic as LspDiagnostic } from 'vscode-languageserver';
import { hookScriptDefinition, settingsCodeActions, settingsCompletion, settingsHover, SETTINGS_FIXED_CODES } from '../../core/hooks';
import { fromLspDiagnostic, ownDiagnostics } from '../diagnostics';
import { analyzeKind, diagnosticsOfKind } from '../../core/analysis/fileAnalyses';
import type { DocumentStore, OpenDocument } from '../documents';
import type { FormatContext, FormatProvider } from './provider';
import { hooksEntry } from './jsonEntries';

/** The certain renames of a settings or hooks file's findings (an event, a handler type, a permission tool in another case). */
export function settingsFixes(uri: string, diagnostics: LspDiagnostic[]): CodeAction[] {
  const ours = SETTINGS_FIXED_CODES.flatMap((code) => ownDiagnostics(diagnostics, code).filter((d) => d.code === code));
  return ours.flatMap((d) => settingsCodeActions(uri, [fromLspDiagnostic(d)]).map((a) => ({ ...a, diagnostics: [d] })));
}

export function claudeSettingsProvider(documents: DocumentStore): FormatProvider {
  const analysisOf = (doc: OpenDocument, ctx: FormatContext) =>
    documents.cached(doc, 'claude-settings', '', (host) => analyzeKind('claude-settings', doc.doc.getText(), doc.uri, host), ctx.host);
  return {
    diagnostics: (doc, ctx) => diagnosticsOfKind('claude-settings', analysisOf(doc, ctx), '', { schemaDiagnostics: ctx.schemaDiagnostics }),
    hover: (doc, pos) => settingsHover(doc.doc.getText(), pos),
    completion: (doc, pos) => settingsCompletion(doc.doc.getText(), pos),
    codeActions: (doc, _range, diagnostics) => settingsFixes(doc.uri, diagnostics),
    definition(doc, pos, ctx) {
      const loc = hookScriptDefinition(doc.doc.getText(), doc.uri, pos, ctx.host);
      return loc ? [loc] : [];
    },
    summarize: (uri, text, ctx) => hooksEntry(uri, text, 'claude-settings', analyzeKind('claude-settings', text, uri, ctx.host, { workspaceRoots: ctx.roots() }), ctx),
    summarizeOpen: (doc, ctx) => hooksEntry(doc.uri, doc.doc.getText(), 'claude-settings', analysisOf(doc, ctx), ctx),
  };
}
