/**
 * Registration of every editor feature. Each handler finds the open document, picks the
 * provider for its format and delegates; an unknown document gets an empty answer.
 */
import {
  ResponseError,
  SymbolKind,
  type CancellationToken,
  type CodeActionParams,
  type CodeLens,
  type ReferenceParams,
  type RenameParams,
  type TextDocumentPositionParams as At,
  type WorkspaceSymbol,
} from 'vscode-languageserver';
import type { ServerContext } from './context';
import type { OpenDocument } from './documents';
import { RenameRefused, type FormatContext, type FormatProvider } from './formats/provider';
import { boundActions, targetsOutside } from './editBounds';
import { suppressionActions } from './config';
import { applyFixes } from '../core/config';
import { LineIndex } from '../core/text/text';

/** The code action kind of "fix all safe problems" (`editor.codeActionsOnSave`). */
export const FIX_ALL_KIND = 'source.fixAll.agentFiles';

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

type Params = { textDocument: { uri: string } };

export function registerFeatures(ctx: ServerContext): void {
  const { connection, runner } = ctx;
  const mayWrite = (uri: string) => ctx.index.host.mayWrite(uri);

  /** Registers a handler that runs only for open documents with a provider implementing it. */
  function on<P extends Params, R>(
    // The connection's typed registration functions differ per request; the runner keeps the result shapes.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    register: (h: any) => unknown,
    name: string,
    empty: R,
    run: (provider: FormatProvider, doc: OpenDocument, p: P, fctx: FormatContext) => R | undefined,
    /** The answer has positions only in the document asked about (no other document's need mapping, none is looked for). */
    ownPositionsOnly = false,
  ): void {
    register(
      runner.safe(name, (p: P) => {
        const doc = ctx.documents.get(p.textDocument.uri);
        const provider = doc && ctx.providerOf(doc);
        if (!doc || !provider) return empty;
        // Positions cross between LSP's line model and the format's (they differ only with a lone CR).
        const answer = run(provider, doc, ctx.lines.incoming(doc, p), ctx.contextFor(doc.uri)) ?? empty;
        return ownPositionsOnly ? ctx.lines.outgoingEntry(doc, answer) : ctx.lines.outgoing(doc, answer);
      }),
    );
  }

  on(connection.onCompletion.bind(connection), 'completion', [], (pr, d, p: At, fctx) => pr.completion?.(d, p.position, fctx));
  on(connection.onHover.bind(connection), 'hover', null, (pr, d, p: At, fctx) => pr.hover?.(d, p.position, fctx));
  on(connection.onDefinition.bind(connection), 'definition', [], (pr, d, p: At, fctx) => pr.definition?.(d, p.position, fctx));
  on(connection.onReferences.bind(connection), 'references', [], (pr, d, p: ReferenceParams, fctx) => pr.references?.(d, p.position, p.context.includeDeclaration, fctx));
  on(connection.onPrepareRename.bind(connection), 'prepareRename', null, (pr, d, p: At, fctx) => pr.prepareRename?.(d, p.position, fctx));
  on(connection.onRenameRequest.bind(connection), 'rename', null, (pr, d, p: RenameParams, fctx) => {
    let edit;
    try {
      edit = pr.rename?.(d, p.position, p.newName, fctx);
    } catch (e) {
      if (e instanceof RenameRefused) throw new ResponseError(-32803, e.message);
      throw e;
    }
    const outside = edit ? targetsOutside(edit, d.uri, mayWrite) : [];
    if (outside.length)
      throw new ResponseError(-32803, `Rename refused: it would change files outside the workspace folders (${outside.slice(0, 3).join(', ')}${outside.length > 3 ? ', …' : ''})`);
    return edit;
  });
  on(connection.onDocumentSymbol.bind(connection), 'documentSymbol', [], (pr, d, _p, fctx) => pr.documentSymbols?.(d, fctx));
  on(connection.onFoldingRanges.bind(connection), 'foldingRange', [], (pr, d, _p, fctx) => pr.foldingRanges?.(d, fctx));
  on(connection.onDocumentLinks.bind(connection), 'documentLink', [], (pr, d, _p, fctx) => pr.documentLinks?.(d, fctx));
  // A lens is a range of the document and its z (200,000 of them in a large agent): nothing in it names another document.
  on(connection.onCodeLens.bind(connection), 'codeLens', [], (pr, d, _p, fctx) => pr.codeLens?.(d, fctx), true);
  connection.onCodeLensResolve(
    runner.safe('codeLensResolve', (lens: CodeLens): CodeLens => {
      const uri = (lens?.data as { uri?: unknown } | undefined)?.uri;
      const doc = typeof uri === 'string' ? ctx.documents.get(uri) : undefined;
      const provider = doc && ctx.providerOf(doc);
      if (!doc || !provider?.resolveCodeLens) return lens;
      // The lens came out in LSP's line model; its locations are made in the document's own (they differ only with a lone CR).
      const resolved = provider.resolveCodeLens(doc, ctx.lines.incoming(doc, lens), ctx.contextFor(doc.uri));
      return resolved ? ctx.lines.outgoingEntry(doc, resolved) : lens;
    }),
  );
  on(connection.onCodeAction.bind(connection), 'codeAction', [], (pr, d, p: CodeActionParams, fctx) => {
    const only = p.context.only;
    if (only?.some((k) => FIX_ALL_KIND === k || FIX_ALL_KIND.startsWith(k + '.'))) {
      // The safe fixes of docs/rules.md#quick-fixes, as one edit of this document.
      const text = d.doc.getText();
      const fixed = applyFixes(d.kind ?? '', text, d.uri, ctx.configs.apply(d.uri, d.kind ?? '', text, pr.diagnostics(d, fctx)));
      if (fixed.applied === 0) return [];
      const end = new LineIndex(text).positionAt(text.length);
      return [
        {
          title: `Fix ${fixed.applied} safe problem${fixed.applied === 1 ? '' : 's'} (Agent Files)`,
          kind: FIX_ALL_KIND,
          edit: { changes: { [d.uri]: [{ range: { start: { line: 0, character: 0 }, end }, newText: fixed.text }] } },
        },
      ];
    }
    const own = pr.codeActions?.(d, p.range, p.context.diagnostics, fctx) ?? [];
    const text = d.doc.getText();
    for (const diag of p.context.diagnostics) for (const a of suppressionActions(d.uri, text, diag, ctx.configs, fctx.roots())) own.push(a);
    const { kept, dropped } = boundActions(own, d.uri, mayWrite);
    if (dropped.length) runner.log.info(`codeAction: not offered, as it would write outside the workspace folders: ${dropped.join('; ')}`);
    return kept;
  });

  connection.onWorkspaceSymbol(
    runner.safe('workspaceSymbol', async (p, token) => {
      // Asked while the index scans, it answers once the scan ends (not at once with what is indexed so far).
      await waitForIndex(ctx.index, token);
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
        // Headings of instruction files (AGENTS.md, CLAUDE.md, …), named by the file they are in.
        for (const h of f.instructions?.headings ?? []) {
          const rank = matchQuery(h.text, p.query);
          if (rank >= 0) out.push({ name: h.text, kind: SymbolKind.String, location: { uri: f.uri, range: h.range }, containerName: f.instructions!.label, rank });
        }
      }
      return out
        .sort((x, y) => x.rank - y.rank || (x.name < y.name ? -1 : x.name > y.name ? 1 : 0))
        .slice(0, 500)
        .map(({ rank: _rank, ...s }) => s);
    }),
  );
}

/** Resolves when the index has no scan running, or when the request is cancelled (the runner then answers "cancelled"). */
function waitForIndex(index: { scanned(): Promise<void> }, token: CancellationToken): Promise<void> {
  if (token.isCancellationRequested) return Promise.resolve();
  return new Promise((resolve) => {
    const sub = token.onCancellationRequested(() => resolve());
    void index.scanned().then(() => {
      sub.dispose();
      resolve();
    });
  });
}
