/** The provider of Claude Code plugin manifests and marketplace files: the plugins core over open buffers. */
import { analyzeKind, diagnosticsOfKind } from '../../core/analysis/fileAnalyses';
import { pluginManifestCompletion, pluginManifestDefinition, pluginManifestHover, pluginManifestPathCompletion, vendoringMarketplace } from '../../core/plugins';
import { marketplaceEntriesOf } from '../../core/plugins/features';
import { manifestKindOf } from '../../core/skills/plugins';
import { dirnameUri } from '../../core/world/paths';
import type { DocumentStore, OpenDocument } from '../documents';
import { schemaApplies, type FormatContext, type FormatProvider } from './provider';
import { manifestEntry } from './jsonEntries';

export function pluginManifestProvider(documents: DocumentStore): FormatProvider {
  // The check reads which folders exist: the host is part of the cache key. A marketplace another one lists as a plugin is advice, and so is a
  // manifest in a copies folder below a workspace folder: that marketplace and the folders are too.
  const analysisOf = (doc: OpenDocument, ctx: FormatContext) => {
    const repository = ctx.repository();
    const key = [vendoringMarketplace(doc.uri, repository) ?? '', ...(repository.roots ?? [])].join('\n');
    return documents.cached(doc, 'plugin-manifest', key, (host) => analyzeKind('plugin-manifest', doc.doc.getText(), doc.uri, host, { repository }), ctx.host);
  };
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
    // From a plugin.json to the marketplace entries that list its plugin.
    references(doc, _pos, _includeDeclaration, ctx) {
      const kind = manifestKindOf(doc.uri);
      if (kind !== 'claude-plugin' && kind !== 'codex-plugin') return [];
      const pluginRoot = dirnameUri(dirnameUri(doc.uri));
      const listing = ctx
        .repository()
        .plugins.filter((p) => p.root === pluginRoot && (p.kind === 'claude-marketplace' || p.kind === 'codex-marketplace'))
        .map((p) => p.manifest);
      const marketplaces = [...new Set(listing)].flatMap((uri) => {
        const text = ctx.textOf(uri);
        return text === undefined ? [] : [{ uri, analysis: analyzeKind('plugin-manifest', text, uri, ctx.host) }];
      });
      return marketplaceEntriesOf(pluginRoot, marketplaces);
    },
    summarize: (uri, text, ctx) => manifestEntry(uri, text, analyzeKind('plugin-manifest', text, uri, ctx.host, { repository: ctx.repository() }), ctx),
    summarizeOpen: (doc, ctx) => manifestEntry(doc.uri, doc.doc.getText(), analysisOf(doc, ctx), ctx),
  };
}
