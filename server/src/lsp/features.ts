/** Registration of every editor feature. Each handler: find the document, delegate to the core. */
import { ResponseError, type WorkspaceSymbol, SymbolKind } from 'vscode-languageserver';
import type { ServerContext } from './server';
import type { ThreeMdAnalysis } from '../core/threemdAnalysis';
import { completion } from '../core/threemd/features/completion';
import { hover } from '../core/threemd/features/hover';
import { definition, prepareRename, references, rename, RenameError } from '../core/threemd/features/navigation';
import { documentLinks, documentSymbols, foldingRanges, linkCounts } from '../core/threemd/features/outline';

/** Rank of a symbol name for a query: lower is better, -1 is no match (subsequence, case-insensitive). */
export function matchQuery(name: string, query: string): number {
  if (!query) return 0;
  const n = name.toLowerCase();
  const q = query.toLowerCase();
  const at = n.indexOf(q);
  if (at >= 0) return at === 0 ? 0 : 1;
  let i = 0;
  for (const c of n) if (c === q[i]) i++;
  return i === q.length ? 2 : -1;
}

export function registerFeatures(ctx: ServerContext): void {
  const { connection, documents, runner } = ctx;
  const analysisOf = (uri: string): ThreeMdAnalysis | null => {
    const entry = documents.get(uri);
    return entry ? documents.analysis(entry) : null;
  };

  connection.onCompletion(runner.safe('completion', (p) => {
    const a = analysisOf(p.textDocument.uri);
    return a ? completion(a, p.position) : [];
  }));
  connection.onHover(runner.safe('hover', (p) => {
    const a = analysisOf(p.textDocument.uri);
    return a ? hover(a, p.position) : null;
  }));
  connection.onDefinition(runner.safe('definition', (p) => {
    const a = analysisOf(p.textDocument.uri);
    return a ? definition(a, p.textDocument.uri, p.position) : [];
  }));
  connection.onReferences(runner.safe('references', (p) => {
    const a = analysisOf(p.textDocument.uri);
    return a ? references(a, p.textDocument.uri, p.position, p.context.includeDeclaration) : [];
  }));
  connection.onPrepareRename(runner.safe('prepareRename', (p) => {
    const a = analysisOf(p.textDocument.uri);
    return a ? prepareRename(a, p.position) : null;
  }));
  connection.onRenameRequest(runner.safe('rename', (p) => {
    const a = analysisOf(p.textDocument.uri);
    try {
      return a ? rename(a, p.textDocument.uri, p.position, p.newName) : null;
    } catch (e) {
      if (e instanceof RenameError) throw new ResponseError(-32803, e.message);
      throw e;
    }
  }));
  connection.onDocumentSymbol(runner.safe('documentSymbol', (p) => {
    const a = analysisOf(p.textDocument.uri);
    return a ? documentSymbols(a) : [];
  }));
  connection.onFoldingRanges(runner.safe('foldingRange', (p) => {
    const a = analysisOf(p.textDocument.uri);
    return a ? foldingRanges(a) : [];
  }));
  connection.onDocumentLinks(runner.safe('documentLink', (p) => {
    const a = analysisOf(p.textDocument.uri);
    return a ? documentLinks(a, p.textDocument.uri) : [];
  }));
  connection.onCodeLens(runner.safe('codeLens', (p) => {
    const uri = p.textDocument.uri;
    const a = analysisOf(uri);
    if (!a) return [];
    return linkCounts(a).map(({ plane, count, lens }) => ({
      ...lens,
      command: {
        title: count === 1 ? '1 link' : `${count} links`,
        command: count ? 'agentFiles.showLinks' : '',
        arguments: count ? [uri, lens.range.start, references(a, uri, plane.directive!.attributes.find((x) => x.key === 'z')!.valueRange.start, false)] : undefined,
      },
    }));
  }));
  connection.onWorkspaceSymbol(runner.safe('workspaceSymbol', (p) => {
    const out: (WorkspaceSymbol & { rank: number })[] = [];
    for (const f of ctx.index.files()) {
      if (f.identity) {
        const rank = matchQuery(f.name, p.query);
        if (rank >= 0) out.push({ name: f.name, kind: SymbolKind.Class, location: { uri: f.uri, range: f.identity.range }, containerName: 'agent', rank });
      }
      for (const s of f.skills) {
        const rank = matchQuery(s.name, p.query);
        if (rank >= 0) out.push({ name: s.name, kind: SymbolKind.Function, location: { uri: f.uri, range: s.range }, containerName: f.name, rank });
      }
    }
    return out.sort((x, y) => x.rank - y.rank || x.name.localeCompare(y.name)).slice(0, 500).map(({ rank: _rank, ...s }) => s);
  }));
}
