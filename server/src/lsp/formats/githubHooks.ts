/** The provider of `.github/hooks/*.json` (VS Code, Copilot CLI, Copilot cloud agent): the hooks core over open buffers. */
import { githubHooksCompletion, githubHooksHover } from '../../core/hooks';
import { settingsFixes } from './claudeSettings';
import { analyzeKind, diagnosticsOfKind } from '../../core/analysis/fileAnalyses';
import type { DocumentStore, OpenDocument } from '../documents';
import type { FormatContext, FormatProvider } from './provider';
import { hooksEntry } from './jsonEntries';

export function githubHooksProvider(documents: DocumentStore): FormatProvider {
  const analysisOf = (doc: OpenDocument, ctx: FormatContext) => {
    const roots = ctx.roots();
    return documents.cached(doc, 'github-hooks', roots.join('\n'), (host) => analyzeKind('github-hooks', doc.doc.getText(), doc.uri, host, { workspaceRoots: roots }), ctx.host);
  };
  return {
    diagnostics: (doc, ctx) => diagnosticsOfKind('github-hooks', analysisOf(doc, ctx), '', { schemaDiagnostics: ctx.schemaDiagnostics }),
    hover: (doc, pos) => githubHooksHover(doc.doc.getText(), pos),
    completion: (doc, pos) => githubHooksCompletion(doc.doc.getText(), pos),
    codeActions: (doc, _range, diagnostics) => settingsFixes(doc.uri, diagnostics),
    summarize: (uri, text, ctx) => hooksEntry(uri, text, 'github-hooks', analyzeKind('github-hooks', text, uri, ctx.host, { workspaceRoots: ctx.roots() }), ctx),
    summarizeOpen: (doc, ctx) => hooksEntry(doc.uri, doc.doc.getText(), 'github-hooks', analysisOf(doc, ctx), ctx),
  };
}
