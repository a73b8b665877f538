/** The provider of Codex's project hooks (`.codex/hooks.json`): the hooks core over open buffers. */
import { codexHooksCompletion, codexHooksHover } from '../../core/hooks/codexFeatures';
import { settingsFixes } from './claudeSettings';
import { analyzeKind, diagnosticsOfKind } from '../../core/analysis/fileAnalyses';
import type { DocumentStore, OpenDocument } from '../documents';
import type { FormatContext, FormatProvider } from './provider';

export function codexHooksProvider(documents: DocumentStore): FormatProvider {
  const analysisOf = (doc: OpenDocument, ctx: FormatContext) => {
    const roots = ctx.roots();
    return documents.cached(doc, 'codex-hooks', roots.join('\n'), (host) => analyzeKind('codex-hooks', doc.doc.getText(), doc.uri, host, { workspaceRoots: roots }), ctx.host);
  };
  return {
    diagnostics: (doc, ctx) => diagnosticsOfKind('codex-hooks', analysisOf(doc, ctx), '', { schemaDiagnostics: ctx.schemaDiagnostics }),
    hover: (doc, pos) => codexHooksHover(doc.doc.getText(), pos),
    completion: (doc, pos) => codexHooksCompletion(doc.doc.getText(), pos),
    codeActions: (doc, _range, diagnostics) => settingsFixes(doc.uri, diagnostics),
  };
}
