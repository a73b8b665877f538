/** The provider of Claude Code plugin manifests and marketplace files: the plugins core over open buffers. */
import { analyzeKind, diagnosticsOfKind } from '../../core/analysis/fileAnalyses';
import { pluginManifestCompletion, pluginManifestDefinition, pluginManifestHover, pluginManifestPathCompletion } from '../../core/plugins';
import type { DocumentStore, OpenDocument } from '../documents';
import { schemaApplies, type FormatContext, type FormatProvider } from './provider';
import { manifestEntry } from './jsonEntries';

export function pluginManifestProvider(documents: DocumentStore): FormatProvider {
  // The check reads which folders exist: the host is part of the cache key.
  const analysisOf = (doc: OpenDocument, ctx: FormatContext) =>
    documents.cached(doc, 'plugin-manifest', '', (host) => analyzeKind('plugin-manifest', doc.doc.getText(), doc.uri, host), ctx.host);
  return {
    diagnostics: (doc, ctx) => diagnosticsOfKind('plugin-manifest', analysisOf(doc, ctx), '', { schemaDiagnostics: ctx.schemaDiagnostics }),
    // Where VS Code applies the contributed schema it completes and describes the keys: only an unknown key's hover is ours.
    hover: (doc, pos, ctx) => pluginManifestHover(doc.doc.getText(), analysisOf(doc, ctx), pos, schemaApplies(analysisOf(doc, ctx).schema, ctx)),
    // Path values are not in the schema: the folders and files they may name are ours in every editor.
    completion(doc, pos, ctx) {
      const paths = pluginManifestPathCompletion(doc.doc.getText(), doc.uri, pos, ctx.host);
      if (paths.length || schemaApplies(analysisOf(doc, ctx).schema, ctx)) return paths;
      return pluginManifestCompletion(doc.doc.getText(), analysisOf(doc, ctx), pos);
    },
    definition(doc, pos, ctx) {
      const loc = pluginManifestDefinition(analysisOf(doc, ctx), pos, ctx.host);
      return loc ? [loc] : [];
    },
    summarize: (uri, text, ctx) => manifestEntry(uri, text, analyzeKind('plugin-manifest', text, uri, ctx.host), ctx),
    summarizeOpen: (doc, ctx) => manifestEntry(doc.uri, doc.doc.getText(), analysisOf(doc, ctx), ctx),
  };
}
