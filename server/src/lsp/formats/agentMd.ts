/**
 * The AGENT.md provider: the OS Protocol core over open buffers. `extends` by name, duplicate
 * names and inheritance cycles are checked against every AGENT.md of the workspace index, with
 * open buffers ahead of it.
 */
import { LineIndex } from '../../core/text/text';
import { CodeActionKind, type CodeAction } from 'vscode-languageserver';
import {
  agentMdCompletion,
  agentMdDefinition,
  agentMdDocumentSymbols,
  agentMdHover,
  agentMdKindOf,
  agentWorkspaceDiagnostics,
  analyzeAgentMd,
  inheritanceChain,
  isExtendsPath,
  resolveExtendsPath,
  type AgentIndexEntry,
  type AgentMdAnalysis,
  unresolvedExtends,
} from '../../core/agentmd';
import type { IndexedFile } from '../../core/workspace/indexTypes';
import type { DocumentStore, OpenDocument } from '../documents';
import { instructionOptions, type FormatContext, type FormatProvider } from './provider';
import { analyzeKind, diagnosticsOfKind, type AgentMdFileAnalysis, type AnalyzeOptions } from '../../core/analysis/fileAnalyses';
import { ownDiagnostics } from '../diagnostics';
import { countSeverities } from '../../core/types';
import { identity } from '../documentCache';
import { contentId } from '../pullDiagnostics';

/** The workspace folders as URIs, when the server's context offers them (an optional extension of FormatContext). */
function rootsOf(ctx: FormatContext): string[] | undefined {
  const roots = ctx.roots();
  return roots && roots.length ? roots : undefined;
}

/** The index entry of one AGENT.md. */
export function agentMdSummary(uri: string, a: AgentMdAnalysis): IndexedFile {
  const g = a.agent;
  const c = countSeverities(a.diagnostics);
  const name = g.name ?? 'AGENT.md';
  const file: IndexedFile = {
    uri,
    kind: 'agent-md',
    agentMdKind: a.classification.kind,
    name,
    isAgent: false,
    identity: g.name && g.nameRange ? { name: g.name, z: 0, range: g.nameRange } : null,
    skills: [],
    ...c,
  };
  if (g.description) file.description = g.description;
  if (g.name && g.nameRange) file.nameRange = g.nameRange;
  if (g.extends !== undefined && g.extendsRange) file.extends = { value: g.extends, range: g.extendsRange };
  return file;
}

function entryOf(uri: string, a: AgentMdAnalysis): AgentIndexEntry | undefined {
  const g = a.agent;
  if (!g.name) return undefined;
  const e: AgentIndexEntry = { uri, name: g.name };
  if (g.nameRange) e.nameRange = g.nameRange;
  if (g.extends !== undefined) e.extends = g.extends;
  if (g.extendsRange) e.extendsRange = g.extendsRange;
  return e;
}

/**
 * The analysis of an open AGENT.md, from the document cache (shared by the OS Protocol provider,
 * the instruction-file provider that serves it without OS Protocol frontmatter, the choice
 * between them, and the index entry). It leaves out `extends` by name, which the diagnostics
 * check against the workspace on each pass.
 */
export function agentMdFileAnalysis(documents: DocumentStore, doc: OpenDocument, ctx: FormatContext): AgentMdFileAnalysis {
  // Only an AGENT.md read as an instruction file depends on the workspace's file list (listed on demand).
  const asInstructions = documents.cached(doc, 'agent-md-kind', '', () => agentMdKindOf(doc.doc.getText()).kind) === 'instructions';
  const roots = rootsOf(ctx);
  const o: AnalyzeOptions = asInstructions ? instructionOptions(ctx, doc) : roots ? { workspaceRoots: roots } : {};
  const inputs = asInstructions ? `${roots?.join('\n') ?? ''}|${identity(o.workspaceFiles!)}|${!!o.editorValidates}` : (roots?.join('\n') ?? '');
  return documents.cached(doc, 'agent-md', inputs, (host) => analyzeKind('agent-md', doc.doc.getText(), doc.uri, host, o), ctx.host);
}

/** The OS Protocol analysis of an open AGENT.md (see `agentMdFileAnalysis`). */
export function agentMdAnalysis(documents: DocumentStore, doc: OpenDocument, ctx: FormatContext): AgentMdAnalysis {
  return agentMdFileAnalysis(documents, doc, ctx).agent;
}

export function agentMdProvider(documents: DocumentStore): FormatProvider {
  /** Each open AGENT.md as an index entry at the version last seen. */
  const live = new Map<string, { version: number; entry?: AgentIndexEntry }>();
  /**
   * The name each open AGENT.md had when its dependents were last looked for: the documents that
   * saw that name are re-checked after a rename, even when the new version was analysed in between
   * (its dependents are looked for once the client pauses, see ../pacedQueue.ts).
   */
  const announced = new Map<string, string | undefined>();

  const liveEntry = (doc: OpenDocument, ctx: FormatContext): AgentIndexEntry | undefined => {
    const hit = live.get(doc.uri);
    if (hit?.version === doc.doc.version) return hit.entry;
    const entry = entryOf(doc.uri, agentMdAnalysis(documents, doc, ctx));
    live.set(doc.uri, { version: doc.doc.version, ...(entry ? { entry } : {}) });
    return entry;
  };

  /** Every named agent, made once per state of the index and of the open AGENT.md files; with a key that changes with its content. */
  let agentsMemo: { key: string; agents: AgentIndexEntry[]; content?: string } | undefined;
  const agentsOf = (ctx: FormatContext): AgentIndexEntry[] => memoAgents(ctx).agents;
  const memoAgents = (ctx: FormatContext) => {
    const open = documents
      .all()
      .filter((d) => d.kind === 'agent-md')
      .map((d) => `${d.uri}@${d.doc.version}`)
      .join('\n');
    const key = `${identity(ctx.files())}\n${open}`;
    if (agentsMemo?.key !== key) agentsMemo = { key, agents: collectAgents(ctx) };
    return agentsMemo;
  };
  /** Every named agent: the index, with open buffers replacing their entries. */
  const collectAgents = (ctx: FormatContext): AgentIndexEntry[] => {
    const byUri = new Map<string, AgentIndexEntry>();
    for (const f of ctx.files()) {
      if (f.kind !== 'agent-md' || !f.nameRange) continue;
      const e: AgentIndexEntry = { uri: f.uri, name: f.name, nameRange: f.nameRange };
      if (f.extends) {
        e.extends = f.extends.value;
        e.extendsRange = f.extends.range;
      }
      byUri.set(f.uri, e);
    }
    for (const d of documents.all()) {
      if (d.kind !== 'agent-md') continue;
      const e = liveEntry(d, ctx);
      if (e) byUri.set(d.uri, e);
      else byUri.delete(d.uri);
    }
    for (const uri of live.keys()) if (!documents.get(uri)) live.delete(uri);
    for (const uri of announced.keys()) if (!documents.get(uri)) announced.delete(uri);
    return [...byUri.values()];
  };

  return {
    diagnostics(doc, ctx) {
      const agents = agentsOf(ctx);
      const file = agentMdFileAnalysis(documents, doc, ctx);
      const a = file.agent;
      // The analysis is cached per version; what the other agents decide is checked on each pass.
      const unresolved = a.classification.kind === 'os-protocol' ? unresolvedExtends(a.agent, doc.uri, agents) : [];
      return [...diagnosticsOfKind('agent-md', file, ''), ...unresolved, ...(agentWorkspaceDiagnostics(agents).get(doc.uri) ?? [])];
    },
    dependencyKey(_uri, ctx) {
      const m = memoAgents(ctx);
      return (m.content ??= contentId(JSON.stringify(m.agents)));
    },
    completion: (doc, pos, ctx) => agentMdCompletion(doc.doc.getText(), doc.uri, pos, agentsOf(ctx)),
    hover: (doc, pos, ctx) => agentMdHover(doc.doc.getText(), pos, agentsOf(ctx), agentMdAnalysis(documents, doc, ctx).frontmatter),
    definition(doc, pos, ctx) {
      const loc = agentMdDefinition(doc.doc.getText(), doc.uri, pos, ctx.host, agentsOf(ctx), agentMdAnalysis(documents, doc, ctx).frontmatter);
      return loc ? [loc] : [];
    },
    documentSymbols: (doc) => agentMdDocumentSymbols(doc.doc.getText()),
    codeActions(doc, _range, diagnostics) {
      const out: CodeAction[] = [];
      for (const d of ownDiagnostics(diagnostics, 'agent-')) {
        const data = (d.data ?? {}) as Record<string, unknown>;
        const edit = (newText: string) => ({ changes: { [doc.uri]: [{ range: d.range, newText }] } });
        if (d.code === 'agent-workflow-not-schema' && typeof data['replacement'] === 'string') {
          out.push({ title: `Replace with '${data['replacement']}'`, kind: CodeActionKind.QuickFix, diagnostics: [d], isPreferred: true, edit: edit(data['replacement']) });
        } else if (d.code === 'agent-type-string' && d.range.start.line === d.range.end.line) {
          // `version: 1.0` is a number to YAML; quoting keeps exactly what was written.
          // The range is in the format's line model (a lone CR is no break), not the text document's.
          const text = doc.doc.getText();
          const lines = new LineIndex(text);
          const written = text.slice(lines.offsetAt(d.range.start), lines.offsetAt(d.range.end));
          if (written && !/^["']/.test(written) && !/[\r\n]/.test(written)) {
            out.push({ title: `Quote the value: "${written}"`, kind: CodeActionKind.QuickFix, diagnostics: [d], isPreferred: true, edit: edit(JSON.stringify(written)) });
          }
        }
      }
      return out;
    },
    summarize: (uri, text, ctx) => agentMdSummary(uri, analyzeAgentMd(text, uri, ctx.host, rootsOf(ctx) ? { workspaceRoots: rootsOf(ctx)! } : {})),
    summarizeOpen: (doc, ctx) => agentMdSummary(doc.uri, agentMdAnalysis(documents, doc, ctx)),
    dependents(doc, ctx) {
      const before = announced.has(doc.uri) ? announced.get(doc.uri) : live.get(doc.uri)?.entry?.name;
      const now = liveEntry(doc, ctx)?.name;
      announced.set(doc.uri, now);
      const names = new Set([before, now].filter((n): n is string => !!n));
      const others = documents.all().filter((d) => d.kind === 'agent-md' && d.uri !== doc.uri);
      // A child that extends this file by path sees it turn from an agent into an instruction file and back.
      const byPath = others.filter((d) => {
        const v = liveEntry(d, ctx)?.extends?.trim();
        if (!v || !isExtendsPath(v)) return false;
        const t = resolveExtendsPath(d.uri, v)?.replace(/\/$/, '');
        return t === doc.uri || (t !== undefined && `${t}/AGENT.md` === doc.uri);
      });
      if (names.size === 0) return byPath.map((d) => d.uri);
      const agents = agentsOf(ctx);
      // An agent below this one anywhere in its chain (or one sharing its name) sees a different result.
      const byName = others.filter((d) => {
        const e = liveEntry(d, ctx);
        return !!e && (names.has(e.name) || inheritanceChain(e.name, agents).some((n) => names.has(n)));
      });
      return [...new Set([...byPath, ...byName].map((d) => d.uri))];
    },
  };
}
