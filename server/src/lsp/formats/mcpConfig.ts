/**
 * The provider of MCP configuration files (Claude Code's `.mcp.json`, VS Code's `.vscode/mcp.json`, Cursor's `.cursor/mcp.json`):
 * the mcpConfig core over open buffers. In VS Code its own mcp.json schema reports the shape of
 * .vscode/mcp.json, so those findings follow `schemaDiagnostics` as world.json's do.
 */
import { analyzeKind, diagnosticsOfKind } from '../../core/analysis/fileAnalyses';
import { mcpConfigCompletion, mcpConfigHover } from '../../core/mcpConfig';
import { mcpServerAt, mcpServerKey, mcpServerUsers } from '../../core/subagents/references';
import type { DocumentStore, OpenDocument } from '../documents';
import type { FormatContext, FormatProvider } from './provider';
import { mcpEntry } from './jsonEntries';

export function mcpConfigProvider(documents: DocumentStore): FormatProvider {
  const analysisOf = (doc: OpenDocument, ctx: FormatContext) =>
    documents.cached(doc, 'mcp-config', '', (host) => analyzeKind('mcp-config', doc.doc.getText(), doc.uri, host), ctx.host);
  return {
    diagnostics: (doc, ctx) => diagnosticsOfKind('mcp-config', analysisOf(doc, ctx), '', { schemaDiagnostics: ctx.schemaDiagnostics }),
    completion: (doc, pos) => mcpConfigCompletion(doc.doc.getText(), doc.uri, pos),
    hover(doc, pos) {
      const h = mcpConfigHover(doc.doc.getText(), doc.uri, pos);
      return h ? { contents: { kind: 'markdown', value: h.contents }, range: h.range } : null;
    },
    // From a server's key to the project's subagents and commands whose tool lists name it.
    references(doc, pos, includeDeclaration, ctx) {
      const text = doc.doc.getText();
      const server = mcpServerAt(text, pos);
      if (!server) return [];
      const users = mcpServerUsers(doc.uri, server, ctx.files());
      const key = includeDeclaration ? mcpServerKey(text, server) : undefined;
      return key ? [{ uri: doc.uri, range: key }, ...users] : users;
    },
    summarize: (uri, text, ctx) => mcpEntry(uri, analyzeKind('mcp-config', text, uri, ctx.host), ctx),
    summarizeOpen: (doc, ctx) => mcpEntry(doc.uri, analysisOf(doc, ctx), ctx),
  };
}
