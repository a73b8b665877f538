/**
 * The Agent World providers: world.json, its prompt files and world.eval.md. A prompt or the
 * eval is always checked against the current world.json of its `.agent-world/` folder (the
 * open buffer when there is one), so editing world.json re-checks them.
 */
import { SymbolKind, type CodeAction, type CodeLens, type DocumentSymbol } from 'vscode-languageserver';
import { routingCaseFindings, routingCaseHover, type CaseFindings } from '../../core/world/router';
import {
  analyzeWorld,
  evalCompletion,
  parseWorld,
  promptCodeActions,
  promptCompletion,
  worldCodeActions,
  worldCompletion,
  worldDefinition,
  worldHover,
  worldPrepareRename,
  worldReferences,
  worldRename,
  type WorldDocuments,
  type WorldAnalysis,
  type WorldModel,
} from '../../core/world';
import { nodesByAgent } from '../../core/world/graph';
import { basenameUri, dirnameUri, resolveRelative } from '../../core/world/paths';
import { analyzeKind, diagnosticsOfKind, worldUriOf as worldUriOfFile } from '../../core/analysis/fileAnalyses';
import { headingTree } from '../../core/skills/navigation';
import { scanMarkdown } from '../../core/skills/markdown';
import { splitLines } from '../../core/text/text';
import { countSeverities, rangeContains, type Diagnostic, type Range } from '../../core/types';
import type { FileKind } from '../../core/workspace/fileKinds';
import type { IndexedFile, IndexedSkill, IndexedWorld, IndexedWorldAgent } from '../../core/workspace/indexTypes';
import type { DocumentStore, OpenDocument } from '../documents';
import { RenameRefused, type FormatContext, type FormatProvider } from './provider';
import { fromLspDiagnostic, ownDiagnostics } from '../diagnostics';
import { identity } from '../documentCache';

/** The world.json a world document belongs to: itself, its `.agent-world/` sibling, or the one above `prompts/`. */
export function worldUriOf(uri: string, kind: FileKind | null): string {
  return kind === 'world-prompt' || kind === 'world-eval' ? worldUriOfFile(uri, kind) : uri;
}

/** The index entry of a world.json: its agents as entries, with their handoffs as dependencies. */
export function worldSummary(uri: string, world: WorldModel, diagnostics: Diagnostic[]): IndexedFile {
  const ids = [...world.agents.keys()];
  const byAgent = nodesByAgent(world);
  const skills: IndexedSkill[] = [...world.agents.values()].map((a, z) => {
    const next = new Set<string>();
    for (const n of byAgent.get(a.id) ?? []) {
      for (const t of world.edges.get(n)?.targets ?? []) {
        const to = world.nodes.get(t.value)?.agent?.value;
        if (to !== undefined && to !== a.id && world.agents.has(to)) next.add(to);
      }
    }
    const whole: Range = { start: a.keyRange.start, end: a.range.end };
    const c = countSeverities(diagnostics.filter((d) => rangeContains(whole, d.range.start)));
    const s: IndexedSkill = { name: a.id, z, triggers: [], inputs: [], tool: null, range: a.keyRange, deps: [...next].map((name) => ({ name, z: ids.indexOf(name) })), ...c };
    const description = a.role ?? a.name?.value;
    if (description) s.description = description;
    return s;
  });
  const named = world.world.get('name')?.value;
  const name = typeof named === 'string' && named ? named : basenameUri(world.projectUri);
  return { uri, kind: 'world', name, isAgent: false, identity: null, skills, ...countSeverities(diagnostics), world: indexedWorld(world) };
}

/** The workflow as the Skills tree shows it: type and entry, nodes with agent and next nodes, agents with prompt files. */
export function indexedWorld(world: WorldModel): IndexedWorld {
  return {
    type: world.type?.value ?? null,
    entry: world.entry?.value ?? null,
    nodes: [...world.nodes.values()].map((n) => ({ id: n.id, agent: n.agent?.value ?? null, next: (world.edges.get(n.id)?.targets ?? []).map((t) => t.value), range: n.keyRange })),
    agents: [...world.agents.values()].map((a) => {
      const out: IndexedWorldAgent = { id: a.id, range: a.keyRange };
      if (a.name) out.name = a.name.value;
      if (a.promptPath) out.promptPath = a.promptPath.value;
      if (a.prompt?.kind === 'ok') out.promptUri = a.prompt.uri;
      return out;
    }),
  };
}

/** The outline of world.json: agents and workflow nodes. */
function worldSymbols(world: WorldModel): DocumentSymbol[] {
  const out: DocumentSymbol[] = [];
  const group = (name: string, field: { keyRange: Range; range: Range } | undefined, children: DocumentSymbol[]) => {
    if (field) out.push({ name, kind: SymbolKind.Namespace, range: { start: field.keyRange.start, end: field.range.end }, selectionRange: field.keyRange, children });
  };
  group(
    'agents',
    world.top.get('agents'),
    [...world.agents.values()].map((a) => ({
      name: a.id,
      detail: a.role ?? a.name?.value ?? '',
      kind: SymbolKind.Class,
      range: { start: a.keyRange.start, end: a.range.end },
      selectionRange: a.keyRange,
    })),
  );
  group(
    'nodes',
    world.workflow.get('nodes'),
    [...world.nodes.values()].map((n) => ({
      name: n.id,
      detail: n.agent ? `→ ${n.agent.value}` : '',
      kind: SymbolKind.Function,
      range: { start: n.keyRange.start, end: n.range.end },
      selectionRange: n.keyRange,
    })),
  );
  return out;
}

export function worldProviders(documents: DocumentStore): Record<'world' | 'world-prompt' | 'world-eval', FormatProvider> {
  /** The last parse of each world.json text; prompts and the eval of one world share it. */
  const parsed = new Map<string, { text: string; model: WorldModel }>();
  const modelOf = (worldUri: string, text: string | undefined): WorldModel => {
    const t = text ?? '{}';
    const hit = parsed.get(worldUri);
    if (hit && hit.text === t) return hit.model;
    const model = parseWorld(t, worldUri);
    parsed.set(worldUri, { text: t, model });
    return model;
  };
  /** The analysis of an open world.json, from the document cache (the host tells it which prompt files exist). */
  const analysisOf = (doc: OpenDocument, ctx: FormatContext): WorldAnalysis =>
    documents.cached(doc, 'world', '', (host) => analyzeKind('world', doc.doc.getText(), doc.uri, host), ctx.host);
  /** The world of any world document: the open world.json's cached analysis, else its text parsed; a missing world.json reads as an empty world. */
  const worldOf = (doc: OpenDocument, ctx: FormatContext): WorldModel => {
    const uri = worldUriOf(doc.uri, doc.kind);
    const open = doc.kind === 'world' ? doc : documents.get(uri);
    if (open?.kind === 'world') return analysisOf(open, ctx).world;
    return modelOf(uri, ctx.textOf(uri));
  };
  const read = (ctx: FormatContext, uri: string) => {
    try {
      return ctx.textOf(uri);
    } catch {
      return undefined;
    }
  };
  /** The world's other documents, for references and rename. */
  const documentsOf = (world: WorldModel, ctx: FormatContext): WorldDocuments => {
    const uris = new Set<string>();
    for (const a of world.agents.values()) if (a.prompt?.kind === 'ok') uris.add(a.prompt.uri);
    const promptsDir = resolveRelative(world.dirUri, 'prompts');
    for (const n of ctx.host.readDirectory(promptsDir)) if (/\.md$/i.test(n)) uris.add(resolveRelative(promptsDir, n));
    for (const d of documents.all()) if (d.kind === 'world-prompt' && worldUriOf(d.uri, d.kind) === world.uri) uris.add(d.uri);
    const prompts = [...uris].flatMap((uri) => {
      const text = read(ctx, uri);
      return text === undefined ? [] : [{ uri, text }];
    });
    const docs: WorldDocuments = { prompts };
    for (const [key, name] of [
      ['eval', 'world.eval.md'],
      ['layout', 'world.layout.json'],
    ] as const) {
      const uri = resolveRelative(world.dirUri, name);
      const text = read(ctx, uri);
      if (text !== undefined) docs[key] = { uri, text };
    }
    return docs;
  };
  /** Prompt entries seen once: opening a prompt makes it exist for world.json's promptPath rule. */
  const seen = new WeakSet<OpenDocument>();

  const shared: Omit<FormatProvider, 'diagnostics'> = {
    hover: (doc, pos, ctx) => worldHover(worldOf(doc, ctx), doc.uri, doc.doc.getText(), pos) ?? null,
    definition: (doc, pos, ctx) => worldDefinition(worldOf(doc, ctx), doc.uri, doc.doc.getText(), pos),
    references(doc, pos, includeDeclaration, ctx) {
      const world = worldOf(doc, ctx);
      return worldReferences(world, doc.uri, doc.doc.getText(), pos, documentsOf(world, ctx), includeDeclaration);
    },
    prepareRename: (doc, pos, ctx) => worldPrepareRename(worldOf(doc, ctx), doc.uri, doc.doc.getText(), pos) ?? null,
    rename(doc, pos, newName, ctx) {
      const world = worldOf(doc, ctx);
      const r = worldRename(world, doc.uri, doc.doc.getText(), pos, newName, documentsOf(world, ctx));
      if (!r) return null;
      if ('error' in r) throw new RenameRefused(r.error);
      return r.edit;
    },
  };
  const markdownSymbols = (doc: OpenDocument) => {
    const text = doc.doc.getText();
    return headingTree(scanMarkdown(text, 0).headings, splitLines(text));
  };

  const world: FormatProvider = {
    ...shared,
    diagnostics: (doc, ctx) => diagnosticsOfKind('world', analysisOf(doc, ctx), doc.doc.getText(), { schemaDiagnostics: ctx.schemaDiagnostics }),
    completion: (doc, pos, ctx) => worldCompletion(worldOf(doc, ctx), pos, ctx.host),
    documentSymbols: (doc, ctx) => worldSymbols(worldOf(doc, ctx)),
    codeActions(doc, _range, diagnostics, ctx) {
      const own = ownDiagnostics(diagnostics, 'world-');
      const out: CodeAction[] = [];
      for (const action of worldCodeActions(worldOf(doc, ctx), own.map(fromLspDiagnostic))) {
        // The core leaves `diagnostics` to us: the migration answers every legacy finding, a create-file its own.
        const creates = action.edit?.documentChanges?.find((c) => 'kind' in c && c.kind === 'create') as { uri: string } | undefined;
        const mine = own.filter((d) => (creates ? (d.data as { promptUri?: string } | undefined)?.promptUri === creates.uri : d.code === 'world-legacy-dialect'));
        out.push(mine.length ? { ...action, diagnostics: mine } : action);
      }
      return out;
    },
    summarize: (uri, text, ctx) => {
      const analysis = analyzeWorld(text, uri, ctx.host);
      return worldSummary(uri, analysis.world, analysis.diagnostics);
    },
    summarizeOpen: (doc, ctx) => {
      const analysis = analysisOf(doc, ctx);
      return worldSummary(doc.uri, analysis.world, analysis.diagnostics);
    },
    dependents: (doc) =>
      documents
        .all()
        .filter((d) => (d.kind === 'world-prompt' || d.kind === 'world-eval') && worldUriOf(d.uri, d.kind) === doc.uri)
        .map((d) => d.uri),
  };

  const prompt: FormatProvider = {
    ...shared,
    diagnostics: (doc, ctx) => {
      const world = worldOf(doc, ctx);
      const ds = documents.cached(doc, 'world-prompt', identity(world), (host) => analyzeKind('world-prompt', doc.doc.getText(), doc.uri, host, { world }));
      return diagnosticsOfKind('world-prompt', ds, '');
    },
    completion: (doc, pos, ctx) => promptCompletion(doc.doc.getText(), pos, worldOf(doc, ctx)),
    documentSymbols: markdownSymbols,
    codeActions(doc, _range, diagnostics) {
      const text = doc.doc.getText();
      return ownDiagnostics(diagnostics, 'world-').flatMap((d) => promptCodeActions(text, doc.uri, [fromLspDiagnostic(d)]).map((a) => ({ ...a, diagnostics: [d] })));
    },
    dependents(doc) {
      const w = worldUriOf(doc.uri, doc.kind);
      // The eval's routing cases run on the prompts (a prompt that goes missing stops the router), so it is re-checked on every edit.
      const evalUri = resolveRelative(dirnameUri(w), 'world.eval.md');
      const out = documents.get(evalUri) ? [evalUri] : [];
      if (seen.has(doc)) return out;
      seen.add(doc);
      return documents.get(w) ? [w, ...out] : out;
    },
  };

  /**
   * The routing cases run on the router. world.json and the prompts are read through the recording
   * host, so an edit of any of them (open or on disk) runs the cases again.
   */
  const casesOf = (doc: OpenDocument, ctx: FormatContext): CaseFindings =>
    documents.cached(doc, 'world-eval-cases', '', (host) => routingCaseFindings(doc.doc.getText(), worldUriOf(doc.uri, doc.kind), host, new Date().toISOString()), ctx.host);

  const evalProvider: FormatProvider = {
    ...shared,
    diagnostics: (doc, ctx) => {
      const world = worldOf(doc, ctx);
      const own = documents.cached(doc, 'world-eval', identity(world), (host) => analyzeKind('world-eval', doc.doc.getText(), doc.uri, host, { world }));
      // The routing cases run in the editor only (the CLI runs them in `world check`).
      return [...diagnosticsOfKind('world-eval', own, ''), ...casesOf(doc, ctx).diagnostics];
    },
    hover: (doc, pos, ctx) => routingCaseHover(doc.doc.getText(), pos, casesOf(doc, ctx)) ?? shared.hover!(doc, pos, ctx),
    codeLens: (doc, ctx): CodeLens[] =>
      casesOf(doc, ctx).lenses.map((l) => ({ range: l.range, command: { title: l.title, command: '' }, data: { uri: doc.uri, case: l.name, status: l.status } })),
    completion: (doc, pos, ctx) => evalCompletion(doc.doc.getText(), pos, worldOf(doc, ctx)),
    documentSymbols: markdownSymbols,
  };

  return { world, 'world-prompt': prompt, 'world-eval': evalProvider };
}
