/**
 * One provider per file format. The server finds the open document, picks the provider for its
 * kind and delegates; a provider adapts one format's pure core to LSP shapes.
 */
import type { ListingSettings } from '../../core/skills/listing';
import type {
  CodeAction,
  CodeLens,
  CompletionItem,
  Diagnostic as LspDiagnostic,
  DocumentLink,
  DocumentSymbol,
  FoldingRange,
  Hover,
  Location,
  WorkspaceEdit,
} from 'vscode-languageserver';
import type { Diagnostic, Position, Range } from '../../core/types';
import type { IWorkspaceHost } from '../../core/workspace/host';
import type { IndexedFile } from '../../core/workspace/indexTypes';
import type { AgentDetection } from '../../core/agent/detect';
import type { OpenDocument } from '../documents';
import type { RepositoryFacts, Target } from '../../core/skills';
import type { AnalyzeOptions } from '../../core/analysis/fileAnalyses';
import type { ContributedSchema } from '../../core/analysis/contributedSchemas';

/** What a provider may consult besides its own document. */
export interface FormatContext {
  /** The workspace, bounded to its folders, with open buffers ahead of disk. */
  host: IWorkspaceHost;
  /** Every indexed file (all formats). */
  files(): readonly IndexedFile[];
  /**
   * The indexed SKILL.md files that declare a name, by the name trimmed and NFKC-normalised
   * (kept by the index as files change; without it, `files()` is searched).
   */
  skillsNamed?(key: string): readonly IndexedFile[];
  /** The text of any document (open buffer or disk), if readable. */
  textOf(uri: string): string | undefined;
  /** The workspace folders, as file URIs. */
  roots(): string[];
  /**
   * Whether to report what our JSON Schemas report (world.json's shape errors, the findings of the
   * schemas contributed for plugin files) and give the completion and hover they give. Off for VS
   * Code, whose JSON language service applies the contributed schemas; on for every other client.
   */
  schemaDiagnostics: boolean;
  detection: AgentDetection;
  /** SKILL.md targets named by the user; empty when each file's folder decides. */
  skillTargets: readonly Target[];
  /** Where `skillTargets` come from, for messages (the setting when absent). */
  skillTargetsSource?: string;
  /** Every file of the workspace folders as a URI (capped), for instruction globs. */
  workspaceFiles(): readonly string[];
  /**
   * The editor checks the prompt files it gives a prompt-file language itself (VS Code's
   * prompt-file validator): leave out what it reports there (see `editorValidates`). Off for every other client.
   */
  editorValidatesPromptFiles: boolean;
  /** Whether an editor of the client shows this document (true when the client does not say). */
  editorShows(uri: string): boolean;
  /** What the workspace's plugin and marketplace manifests say (who loads a plugin's skills). */
  repository(): RepositoryFacts;
  /** The context window per client (`agentFiles.contextWindow`): the skill listing budgets. */
  listing: ListingSettings;
}

/** The languages VS Code gives the prompt files it validates itself (its `prompt-basics` extension). */
const EDITOR_PROMPT_LANGUAGES: ReadonlySet<string> = new Set(['skill', 'instructions', 'prompt', 'chatagent']);

/**
 * Whether the editor validates this open document itself: it said it validates prompt files, gave
 * this one a prompt-file language (an older VS Code, or a file it reads as Markdown, does not),
 * and shows it in an editor (VS Code drops its findings on a document in a hidden tab).
 */
export function editorValidates(doc: OpenDocument | undefined, ctx: FormatContext): boolean {
  return !!doc && ctx.editorValidatesPromptFiles && EDITOR_PROMPT_LANGUAGES.has(doc.doc.languageId) && ctx.editorShows(doc.uri);
}

/** The analysis options of an instruction file, or an AGENT.md read as one, in this context; `doc` when it is open (the editor may validate it itself). */
export function instructionOptions(ctx: FormatContext, doc?: OpenDocument): AnalyzeOptions & { workspaceFiles: readonly string[] } {
  const roots = ctx.roots();
  return {
    ...(roots.length ? { workspaceRoots: roots } : {}),
    workspaceFiles: ctx.workspaceFiles(),
    ...(editorValidates(doc, ctx) ? { editorValidates: true } : {}),
  };
}

/**
 * Whether the editor validates a file with `schema`, the JSON Schema the extension contributes for
 * it (its analysis knows which: none when the file names its own): VS Code, which sets
 * `schemaDiagnostics` off, then completes and describes what the schema holds.
 */
export function schemaApplies(schema: ContributedSchema | undefined, ctx: FormatContext): boolean {
  return !ctx.schemaDiagnostics && schema !== undefined;
}

/** Raised by rename for a refused new name: answered as an LSP error with this message. */
export class RenameRefused extends Error {}

export interface FormatProvider {
  diagnostics(doc: OpenDocument, ctx: FormatContext): Diagnostic[];
  completion?(doc: OpenDocument, pos: Position, ctx: FormatContext): CompletionItem[];
  hover?(doc: OpenDocument, pos: Position, ctx: FormatContext): Hover | null;
  definition?(doc: OpenDocument, pos: Position, ctx: FormatContext): Location[];
  references?(doc: OpenDocument, pos: Position, includeDeclaration: boolean, ctx: FormatContext): Location[];
  prepareRename?(doc: OpenDocument, pos: Position, ctx: FormatContext): { range: Range; placeholder: string } | null;
  /** May throw RenameRefused. */
  rename?(doc: OpenDocument, pos: Position, newName: string, ctx: FormatContext): WorkspaceEdit | null;
  documentSymbols?(doc: OpenDocument, ctx: FormatContext): DocumentSymbol[];
  documentLinks?(doc: OpenDocument, ctx: FormatContext): DocumentLink[];
  foldingRanges?(doc: OpenDocument, ctx: FormatContext): FoldingRange[];
  codeLens?(doc: OpenDocument, ctx: FormatContext): CodeLens[];
  /** Fills in the command of a lens `codeLens` returned without one. */
  resolveCodeLens?(doc: OpenDocument, lens: CodeLens, ctx: FormatContext): CodeLens;
  codeActions?(doc: OpenDocument, range: Range, diagnostics: LspDiagnostic[], ctx: FormatContext): CodeAction[];
  /** The index entry of a file of this format (from an open buffer or from disk); null when not indexable. */
  summarize?(uri: string, text: string, ctx: FormatContext): IndexedFile | null;
  /** The index entry of an open document, from its cached analysis (defaults to `summarize` on its text). */
  summarizeOpen?(doc: OpenDocument, ctx: FormatContext): IndexedFile | null;
  /**
   * What a file's diagnostics take from the workspace besides its own text and the files its check
   * reads (the index: other skills' names, the agents it may extend; the workspace's file list), as
   * a string that changes when that does. A file that is not open is checked again only then.
   */
  dependencyKey?(uri: string, ctx: FormatContext): string;
  /**
   * Open documents whose diagnostics depend on this one and must be re-checked when it changes
   * (the prompts of a world, the skills sharing a name…).
   */
  dependents?(doc: OpenDocument, ctx: FormatContext): string[];
}
