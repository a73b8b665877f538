/** The provider of a Claude Code plugin's hooks file (`hooks/hooks.json`): the hooks core over open buffers. */
import { hookScriptDefinition, settingsCompletion, settingsHover } from '../../core/hooks';
import { pluginRootOfHooks } from '../../core/plugins/components';
import { settingsFixes } from './claudeSettings';
import { analyzeKind, diagnosticsOfKind } from '../../core/analysis/fileAnalyses';
import type { DocumentStore, OpenDocument } from '../documents';
import { schemaApplies, type FormatContext, type FormatProvider } from './provider';
import { hooksEntry } from './jsonEntries';

export function pluginHooksProvider(documents: DocumentStore): FormatProvider {
  const analysisOf = (doc: OpenDocument, ctx: FormatContext) => {
    const repository = ctx.repository();
    const roots = ctx.roots();
    // The plugin root comes from the manifests: their facts are part of the cache key.
    return documents.cached(
      doc,
      'hooks',
      `${repository.plugins.map((p) => p.root).join('\n')}\0${roots.join('\n')}`,
      (host) => analyzeKind('hooks', doc.doc.getText(), doc.uri, host, { repository, workspaceRoots: roots }),
      ctx.host,
    );
  };
  return {
    diagnostics: (doc, ctx) => diagnosticsOfKind('hooks', analysisOf(doc, ctx), '', { schemaDiagnostics: ctx.schemaDiagnostics }),
    // Events sit under `hooks` as in a settings file: the same hover and completion, but where VS Code
    // applies the contributed schema (hooks/hooks.json) it gives them: then only an unknown event's hover.
    hover: (doc, pos, ctx) => settingsHover(doc.doc.getText(), pos, schemaApplies(analysisOf(doc, ctx).schema, ctx)),
    completion: (doc, pos, ctx) => (schemaApplies(analysisOf(doc, ctx).schema, ctx) ? [] : settingsCompletion(doc.doc.getText(), pos)),
    codeActions: (doc, _range, diagnostics) => settingsFixes(doc.uri, diagnostics),
    // From a `${CLAUDE_PLUGIN_ROOT}/…` script of a command to the script in the plugin.
    definition(doc, pos, ctx) {
      const root = pluginRootOfHooks(doc.uri, ctx.repository());
      const loc = root ? hookScriptDefinition(doc.doc.getText(), doc.uri, pos, ctx.host, root) : null;
      return loc ? [loc] : [];
    },
    summarize: (uri, text, ctx) => hooksEntry(uri, text, 'hooks', analyzeKind('hooks', text, uri, ctx.host, { repository: ctx.repository(), workspaceRoots: ctx.roots() }), ctx),
    summarizeOpen: (doc, ctx) => hooksEntry(doc.uri, doc.doc.getText(), 'hooks', analysisOf(doc, ctx), ctx),
  };
}
