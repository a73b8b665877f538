/** The .3md provider: agent3md/1 and plain 3md, over the incremental parse of the open buffer. */
import { CodeActionKind, type CodeLens, type Diagnostic as LspDiagnostic } from 'vscode-languageserver';
import { directiveAtLine, parseThreeMd } from '../../core/threemd/parser';
import { indexThreeMd, type ThreeMdAnalysis } from '../../core/agent/threemdAnalysis';
import { completion } from '../../core/agent/features/completion';
import { hover } from '../../core/agent/features/hover';
import { definition, prepareRename, references, rename, RenameError } from '../../core/agent/features/navigation';
import { documentLinks, documentSymbols, foldingRanges, linkSourcesTo } from '../../core/agent/features/outline';
import { summarize } from '../../core/agent/features/summary';
import { toolFixes, toolSuggestions, type ToolFix } from '../../core/agent/toolLint';
import type { OpenDocument } from '../documents';
import { diagnosticsOfKind } from '../../core/analysis/fileAnalyses';
import { RenameRefused, type FormatContext, type FormatProvider } from './provider';

/** The analysis of an open .3md document, cached per version and settings by the store. */
export type AnalysisOf = (doc: OpenDocument) => ThreeMdAnalysis | null;

export function threeMdProvider(analysisOf: AnalysisOf): FormatProvider {
  const withA = <R>(doc: OpenDocument, empty: R, fn: (a: ThreeMdAnalysis) => R): R => {
    const a = analysisOf(doc);
    return a ? fn(a) : empty;
  };
  return {
    diagnostics: (doc) => withA(doc, [], (a) => diagnosticsOfKind('3md', a, '')),
    completion: (doc, pos) => withA(doc, [], (a) => completion(a, pos)),
    hover: (doc, pos) => withA(doc, null, (a) => hover(a, pos)),
    definition: (doc, pos) => withA(doc, [], (a) => definition(a, doc.uri, pos)),
    references: (doc, pos, includeDeclaration) => withA(doc, [], (a) => references(a, doc.uri, pos, includeDeclaration)),
    prepareRename: (doc, pos) => withA(doc, null, (a) => prepareRename(a, pos)),
    rename: (doc, pos, newName) =>
      withA(doc, null, (a) => {
        try {
          return rename(a, doc.uri, pos, newName);
        } catch (e) {
          throw e instanceof RenameError ? new RenameRefused(e.message) : e;
        }
      }),
    documentSymbols: (doc) => withA(doc, [], documentSymbols),
    foldingRanges: (doc) => withA(doc, [], foldingRanges),
    documentLinks: (doc) => withA(doc, [], (a) => documentLinks(a, doc.uri)),
    // The lenses carry only their z; the count and the locations are filled in when the editor
    // shows a lens (codeLens/resolve), so a 200,000-plane document answers with ranges only.
    codeLens: (doc) =>
      withA(doc, [], (a) => {
        const out: CodeLens[] = [];
        for (const p of a.doc.planes) if (p.directive) out.push({ range: p.directive.keywordRange, data: { uri: doc.uri, z: p.z } });
        return out;
      }),
    resolveCodeLens: (doc, lens) =>
      withA(doc, lens, (a) => {
        const z = (lens.data as { z?: unknown } | undefined)?.z;
        const from = typeof z === 'number' ? linkSourcesTo(a, z) : undefined;
        const count = from?.count ?? 0;
        const locations = (from?.ranges ?? []).map((range) => ({ uri: doc.uri, range }));
        return {
          range: lens.range,
          command: {
            title: count === 1 ? '1 link' : `${count} links`,
            command: count ? 'agentFiles.showLinks' : '',
            arguments: count ? [doc.uri, lens.range.start, locations] : undefined,
          },
        };
      }),
    codeActions: (doc, range, diagnostics) =>
      withA(doc, [], (a) => {
        const planeOn = (line: number) => directiveAtLine(a.doc, line)?.plane ?? null;
        const action = (fix: ToolFix, kind: string, diagnostic?: LspDiagnostic) => ({
          title: fix.title,
          kind,
          ...(diagnostic ? { diagnostics: [diagnostic] } : {}),
          isPreferred: fix.preferred,
          edit: { changes: { [doc.uri]: fix.edits } },
        });
        const fixes = diagnostics.flatMap((d) => {
          const plane = typeof d.code === 'string' && d.code.startsWith('tool-') ? planeOn(d.range.start.line) : null;
          return plane ? toolFixes(plane, d.code as string, d.range).map((f) => action(f, CodeActionKind.QuickFix, d)) : [];
        });
        const plane = planeOn(range.start.line);
        const suggestions = plane ? toolSuggestions(plane, range).map((f) => action(f, CodeActionKind.RefactorRewrite)) : [];
        return [...fixes, ...suggestions];
      }),
    summarizeOpen: (doc) => withA(doc, null, (a) => summarize(a, doc.uri)),
    // A closed file's entry without the checks: its diagnostics are the file's own (indexThreeMd).
    summarize: (uri: string, text: string, ctx: FormatContext) => summarize(indexThreeMd(parseThreeMd(text), { fileName: uri, detection: ctx.detection }), uri),
  };
}
