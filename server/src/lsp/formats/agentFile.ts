/**
 * The provider of agent and command files (Claude Code subagents and commands, VS Code custom
 * agents, chat modes and prompt files): the subagents core over open buffers, plus duplicate
 * subagent names in one `.claude/agents/` folder, from the workspace index.
 */
import { inArchiveFolder } from '../../core/skills/copies';
import { dirnameUri } from '../../core/world/paths';
import type { CodeAction } from 'vscode-languageserver';
import {
  agentFileCodeActions,
  agentFileDefinition,
  agentFileCompletion,
  agentFileRefs,
  agentFileHover,
  analyzeAgentFile,
  duplicateAgentNames,
  agentsFolderOf,
  type AgentFileAnalysis,
  type IndexedAgent,
} from '../../core/subagents';
import type { IndexedFile } from '../../core/workspace/indexTypes';
import { isPluginAgent, isPluginCommand, pluginRootOfComponent } from '../../core/plugins/components';
import { pluginPartSource } from '../../core/skills/source';
import type { RepositoryFacts } from '../../core/skills/plugins';
import { countSeverities } from '../../core/types';
import { analyzeKind, diagnosticsOfKind } from '../../core/analysis/fileAnalyses';
import { textFingerprint } from '../../core/text/fingerprint';
import { fromLspDiagnostic, ownDiagnostics } from '../diagnostics';
import type { DocumentStore, OpenDocument } from '../documents';
import type { FormatContext, FormatProvider } from './provider';
import { frontmatterHookEvents } from '../../core/hooks/frontmatterHooks';

type Role = 'agent' | 'command';

/** Whether Claude Code loads the subagent under its name (the cross-file clash needs both). */
function loadedName(a: AgentFileAnalysis): IndexedAgent['nameRange'] | undefined {
  if (a.info.variant !== 'claude-agent' || !a.name || a.diagnostics.some((d) => d.severity === 'error')) return undefined;
  return a.frontmatter.byKey.get('name')?.valueRange;
}

/** The index entry of an agent or command file. */
export function agentFileEntry(uri: string, text: string, a: AgentFileAnalysis, role: Role): IndexedFile {
  const fingerprint = textFingerprint(text);
  const nameRange = loadedName(a);
  const description = a.frontmatter.byKey.get('description')?.value;
  const e: IndexedFile = {
    uri,
    kind: role === 'agent' ? 'subagent' : 'command',
    name: a.name ?? (uri.split('/').pop() ?? '').replace(/\.(agent|chatmode|prompt)?\.?md$/i, ''),
    isAgent: false,
    identity: null,
    skills: [],
    ...countSeverities(a.diagnostics),
    agentFile: { variant: a.info.variant, label: a.info.label, client: a.info.client },
  };
  if (nameRange) e.nameRange = nameRange;
  // From the analysis's own frontmatter: the index reads each file's YAML once.
  const refs = agentFileRefs(a.frontmatter, uri);
  if (refs.mcpServers.length || refs.skills.length) e.refs = refs;
  e.fingerprint = fingerprint;
  if (typeof description === 'string' && description.trim()) e.description = description.trim();
  // Claude Code registers a subagent's or command's frontmatter hooks while it runs: the view lists them under it.
  const hooks = a.info.client === 'Claude Code' ? frontmatterHookEvents(a.frontmatter.fm, a.frontmatter.byKey.get('hooks')) : [];
  if (hooks.length) e.hooks = hooks;
  return e;
}

/**
 * A plugin's agent or command carries its plugin, so the Skills view shows it under the plugin. A
 * plugin's agent lists no hooks: Claude Code ignores them there.
 */
function withPlugin(e: IndexedFile, ctx: FormatContext): IndexedFile {
  const root = pluginRootOfComponent(e.uri, ctx.repository());
  const source = root ? pluginPartSource(e.uri, root, ctx.host) : undefined;
  const { hooks, ...rest } = e;
  const kept = hooks && e.kind === 'subagent' && isPluginAgent(e.uri, ctx.repository()) ? rest : e;
  return source ? { ...kept, source } : kept;
}

/** The Claude Code subagents of the index that share `uri`'s agents folder or plugin, open buffers ahead of disk. */
function sameFolder(uri: string, ctx: FormatContext): IndexedAgent[] {
  const plugin = pluginRootOfComponent(uri, ctx.repository());
  const scopeOf = (u: string) => (plugin ? pluginRootOfComponent(u, ctx.repository()) : agentsFolderOf(u));
  const scope = plugin ?? agentsFolderOf(uri);
  if (!scope) return [];
  return ctx
    .files()
    .filter((f) => f.kind === 'subagent' && f.nameRange && scopeOf(f.uri) === scope)
    .map((f) => ({ uri: f.uri, name: f.name, nameRange: f.nameRange!, ...(f.fingerprint ? { fingerprint: f.fingerprint } : {}), ...(plugin ? { plugin } : {}) }));
}

/** Whether an agent or command file is a plugin's (its manifests say so). */
function pluginPart(uri: string, role: Role, repository: RepositoryFacts): boolean {
  return role === 'agent' ? isPluginAgent(uri, repository) : isPluginCommand(uri, repository);
}

export function agentFileProvider(documents: DocumentStore, role: Role): FormatProvider {
  const kind = role === 'agent' ? 'subagent' : 'command';
  const analysisOf = (doc: OpenDocument, ctx: FormatContext) => {
    // Whether it is a plugin's agent or command comes from the manifests: part of the cache key.
    const repository = ctx.repository();
    const inPlugin = pluginPart(doc.uri, role, repository);
    return documents.cached(doc, `agent-file:${role}`, String(inPlugin), (host) => analyzeKind(kind, doc.doc.getText(), doc.uri, host, { repository }), ctx.host);
  };
  const clashes = (uri: string, own: IndexedAgent | undefined, ctx: FormatContext) => {
    // A copy kept in an archive or backup folder clashes with no one.
    if (!own || inArchiveFolder(dirnameUri(uri), ctx.roots())) return [];
    const others = sameFolder(uri, ctx).filter((a) => a.uri !== uri);
    const plugin = pluginRootOfComponent(uri, ctx.repository());
    return duplicateAgentNames([{ ...own, ...(plugin ? { plugin } : {}) }, ...others]).get(uri) ?? [];
  };
  return {
    diagnostics(doc, ctx) {
      const a = analysisOf(doc, ctx);
      const range = loadedName(a);
      const own = range && a.name ? { uri: doc.uri, name: a.name, nameRange: range, fingerprint: textFingerprint(doc.doc.getText()) } : undefined;
      return [...diagnosticsOfKind(kind, a, ''), ...clashes(doc.uri, own, ctx)];
    },
    dependencyKey(uri, ctx) {
      const f = ctx.files().find((x) => x.uri === uri);
      if (f?.kind !== 'subagent' || !f.nameRange) return '';
      return JSON.stringify(clashes(uri, { uri, name: f.name, nameRange: f.nameRange, ...(f.fingerprint ? { fingerprint: f.fingerprint } : {}) }, ctx));
    },
    dependents: (doc, ctx) =>
      sameFolder(doc.uri, ctx)
        .map((a) => a.uri)
        .filter((u) => u !== doc.uri),
    hover: (doc, pos) => agentFileHover(doc.doc.getText(), doc.uri, pos, role),
    definition(doc, pos, ctx) {
      const loc = agentFileDefinition(doc.doc.getText(), doc.uri, pos, ctx.host);
      return loc ? [loc] : [];
    },
    completion: (doc, pos) => agentFileCompletion(doc.doc.getText(), doc.uri, pos, role),
    codeActions(doc, _range, diagnostics) {
      const text = doc.doc.getText();
      const out: CodeAction[] = [];
      for (const d of [...ownDiagnostics(diagnostics, 'subagent-'), ...ownDiagnostics(diagnostics, 'command-')]) {
        for (const action of agentFileCodeActions(text, doc.uri, [fromLspDiagnostic(d)])) out.push({ ...action, diagnostics: [d] });
      }
      return out;
    },
    summarize: (uri, text, ctx) => withPlugin(agentFileEntry(uri, text, analyzeAgentFile(text, uri, role, ctx.host, pluginPart(uri, role, ctx.repository())), role), ctx),
    summarizeOpen: (doc, ctx) => withPlugin(agentFileEntry(doc.uri, doc.doc.getText(), analysisOf(doc, ctx), role), ctx),
  };
}
