/**
 * The instruction-file provider (AGENTS.md, CLAUDE.md, GEMINI.md, Copilot instructions, Claude
 * Code rules, and an AGENT.md without OS Protocol frontmatter): the instructions core over open
 * buffers. Find references lists the indexed files whose imports name the document.
 */
import { CodeActionKind, type CodeAction, type Diagnostic as LspDiagnostic } from 'vscode-languageserver';
import {
  analyzeInstructions,
  importersOf,
  instructionDefinition,
  instructionDocumentLinks,
  instructionDocumentSymbols,
  instructionHeadings,
  instructionHover,
  type InstructionAnalysis,
  type InstructionVariant,
} from '../../core/instructions';
import type { IndexedFile, IndexedInstructions } from '../../core/workspace/indexTypes';
import { countSeverities, type Diagnostic } from '../../core/types';
import { fromLspDiagnostic, ownDiagnostics } from '../diagnostics';
import { relinkAction } from '../../core/skills';
import type { DocumentStore, OpenDocument } from '../documents';
import { identity } from '../documentCache';
import { instructionOptions, type FormatContext, type FormatProvider } from './provider';
import { agentMdFileAnalysis } from './agentMd';
import { analyzeKind, diagnosticsOfKind } from '../../core/analysis/fileAnalyses';

/** The analysis options of an instruction file (see `instructionOptions`), with its variant where the kind decides it. */
function options(ctx: FormatContext, variant?: InstructionVariant, doc?: OpenDocument) {
  return { ...instructionOptions(ctx, doc), ...(variant ? { variant } : {}) };
}

/** The index fields of an instruction file. */
export function instructionsSummary(text: string, a: InstructionAnalysis): IndexedInstructions {
  const s: IndexedInstructions = {
    variant: a.info.variant,
    label: a.info.label,
    clients: a.info.clients,
    headings: instructionHeadings(text),
    imports: a.imports.map((i) => ({ path: i.path, range: i.range, ...(i.uri ? { target: i.uri } : {}) })),
  };
  if (a.frontmatter?.globKey) s.globs = a.frontmatter.globs.map((g) => g.glob);
  if (a.frontmatter?.excludeAgent) s.excludeAgent = a.frontmatter.excludeAgent;
  return s;
}

/**
 * The analysis of an open instruction file, from the document cache. Its inputs besides the
 * text: the workspace folders, the workspace file list (by identity: a new list is a new
 * input) and the editor's own validation.
 */
/** The index entry of an instruction file, from its analysis (on disk or open). */
function indexEntry(uri: string, text: string, a: InstructionAnalysis): IndexedFile {
  return {
    uri,
    kind: 'instructions',
    name: a.info.label,
    isAgent: false,
    identity: null,
    skills: [],
    ...countSeverities(a.diagnostics),
    instructions: instructionsSummary(text, a),
  };
}

export function instructionsAnalysis(documents: DocumentStore, doc: OpenDocument, ctx: FormatContext, variant?: InstructionVariant): InstructionAnalysis {
  // An AGENT.md read as an instruction file: its analysis is the AGENT.md one (the kind decides how to read it).
  if (variant === 'agent-md') return agentMdFileAnalysis(documents, doc, ctx).instructions ?? analyzeInstructions(doc.doc.getText(), doc.uri, ctx.host, options(ctx, variant, doc));
  const o = instructionOptions(ctx, doc);
  const inputs = `${ctx.roots().join('\n')}|${identity(o.workspaceFiles)}|${!!o.editorValidates}`;
  return documents.cached(doc, 'instructions', inputs, (host) => analyzeKind('instructions', doc.doc.getText(), doc.uri, host, o), ctx.host);
}

/** The diagnostics of an open instruction file, through the analysis its kind dispatches to. */
function instructionsDiagnostics(documents: DocumentStore, doc: OpenDocument, ctx: FormatContext, variant?: InstructionVariant): Diagnostic[] {
  if (variant === 'agent-md') return diagnosticsOfKind('agent-md', agentMdFileAnalysis(documents, doc, ctx), '');
  return diagnosticsOfKind('instructions', instructionsAnalysis(documents, doc, ctx), '');
}

/** The provider; `variant` fixes the file's variant where the kind decides it (`agent-md`). */
export function instructionsProvider(documents: DocumentStore, variant?: InstructionVariant): FormatProvider {
  const analyze = (text: string, uri: string, ctx: FormatContext) => analyzeInstructions(text, uri, ctx.host, options(ctx, variant));
  return {
    diagnostics: (doc, ctx) => instructionsDiagnostics(documents, doc, ctx, variant),
    hover: (doc, pos, ctx) => instructionHover(doc.doc.getText(), doc.uri, pos, ctx.host, { workspaceFiles: ctx.workspaceFiles(), workspaceRoots: ctx.roots() }),
    definition(doc, pos, ctx) {
      const loc = instructionDefinition(doc.doc.getText(), doc.uri, pos, ctx.host, ctx.roots());
      return loc ? [loc] : [];
    },
    references(doc, _pos, _includeDeclaration, ctx) {
      const files = ctx.files().map((f) => ({ uri: f.uri, imports: f.instructions?.imports ?? [] }));
      return importersOf(doc.uri, files);
    },
    documentSymbols: (doc) => instructionDocumentSymbols(doc.doc.getText()),
    documentLinks: (doc, ctx) => instructionDocumentLinks(doc.doc.getText(), doc.uri, ctx.host, ctx.roots()),
    codeActions(doc: OpenDocument, _range, diagnostics) {
      const out: CodeAction[] = [];
      for (const d of ownDiagnostics(diagnostics, 'instructions-link-missing')) {
        const action = relinkAction(doc.doc.getText(), doc.uri, fromLspDiagnostic(d));
        if (action) out.push({ ...action, diagnostics: [d] });
      }
      /** The preferred fix that writes `newText` over the diagnostic's range. */
      const replace = (d: LspDiagnostic, title: string, newText: string): CodeAction => ({
        title,
        kind: CodeActionKind.QuickFix,
        diagnostics: [d],
        isPreferred: true,
        edit: { changes: { [doc.uri]: [{ range: d.range, newText }] } },
      });
      for (const d of ownDiagnostics(diagnostics, 'instructions-import-missing')) {
        // An import that names its file in other letter case: the name as the folder has it.
        const relink = (d.data as Record<string, unknown> | undefined)?.['relink'];
        if (typeof relink === 'string') out.push(replace(d, `Point the import at '@${relink}'`, `@${relink}`));
      }
      for (const d of ownDiagnostics(diagnostics, 'instructions-key-typo')) {
        const suggestion = (d.data as Record<string, unknown> | undefined)?.['suggestion'];
        if (typeof suggestion === 'string') out.push(replace(d, `Rename to '${suggestion}'`, suggestion));
      }
      return out;
    },
    // Globs that match no file are judged on the workspace's file list (the same array while its content is).
    dependencyKey: (_uri, ctx) => identity(ctx.workspaceFiles()),
    summarize: (uri, text, ctx) => indexEntry(uri, text, analyze(text, uri, ctx)),
    summarizeOpen: (doc, ctx) => indexEntry(doc.uri, doc.doc.getText(), instructionsAnalysis(documents, doc, ctx, variant)),
    dependents(doc, ctx) {
      // Files importing this one see their chains change.
      const importers = ctx
        .files()
        .filter((f) => f.instructions?.imports.some((i) => i.target === doc.uri))
        .map((f) => f.uri);
      return importers;
    },
  };
}

/** The index fields of an AGENT.md instruction file (for the AGENT.md provider's summary). */
export function agentMdInstructions(uri: string, text: string, ctx: FormatContext): { errors: number; warnings: number; instructions: IndexedInstructions } {
  const a = analyzeInstructions(text, uri, ctx.host, options(ctx, 'agent-md'));
  return { ...countSeverities(a.diagnostics), instructions: instructionsSummary(text, a) };
}
