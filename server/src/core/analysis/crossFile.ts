/**
 * The rules that need every checked file together (duplicate skill and agent names, the skill
 * listing, eval queries against the listed skills, AGENT.md `extends` by name and inheritance
 * cycles), read from small summaries each file's one analysis leaves (`summaryOf`), so a run
 * keeps neither texts nor analyses for them.
 */
import type { Diagnostic } from '../types';
import type { FileKind } from '../workspace/fileKinds';
import { duplicateSkillNames, type IndexedSkill } from '../skills';
import { agentWorkspaceDiagnostics, unresolvedExtends, type AgentIndexEntry, type AgentInfo } from '../agentmd';
import { duplicateAgentNames, type IndexedAgent } from '../subagents';
import { inArchiveFolder } from '../skills/copies';
import { dirnameUri } from '../world/paths';
import { textFingerprint } from '../text/fingerprint';
import { listedSkillOfAnalysis, listedTogether, listingDiagnostics, type ListedSkillSummary } from '../skills/listingRule';
import { queryMatchDiagnostics, skillOfEvalFile, type EvalQuery } from '../skillEvals';
import { pluginRootOfComponent } from '../plugins/components';
import type { AnalysisByKind, AnalyzeOptions } from './fileAnalyses';
import { internalError } from './internalError';

/** What the cross-file rules read of one file, by its kind; the kinds they do not read have none. */
export type FileSummary =
  | { kind: 'skill'; indexed?: IndexedSkill; listed?: ListedSkillSummary }
  | { kind: 'subagent'; indexed?: IndexedAgent }
  | { kind: 'agent-md'; entry?: AgentIndexEntry; agent: Pick<AgentInfo, 'name' | 'extends' | 'extendsRange'> }
  | { kind: 'skill-evals'; queries: EvalQuery[] };

/** The kinds the cross-file rules read. */
export const CROSS_FILE_KINDS: ReadonlySet<FileKind> = new Set<FileKind>(['skill', 'subagent', 'agent-md', 'skill-evals']);

export interface SummarizedFile {
  uri: string;
  summary: FileSummary;
}

/** The summary of a file the cross-file rules read, from its one analysis (`analyzeKind`); undefined for the kinds they ignore. */
export function summaryOf<K extends FileKind>(kind: K, analysis: AnalysisByKind[K], text: string, uri: string, options: AnalyzeOptions): FileSummary | undefined {
  if (kind === 'skill') {
    const a = analysis as AnalysisByKind['skill'];
    const s = a.skill;
    const indexed = s.name && s.nameRange ? { uri, name: s.name, nameRange: s.nameRange, targets: s.targets.targets, fingerprint: s.fingerprint } : undefined;
    const listed = listedSkillOfAnalysis(uri, a);
    return { kind, ...(indexed ? { indexed } : {}), ...(listed ? { listed } : {}) };
  }
  if (kind === 'subagent') {
    const a = analysis as AnalysisByKind['subagent'];
    const nameEntry = a.frontmatter.byKey.get('name');
    // Claude Code loads it (and so its name counts) when it is a Claude Code subagent without errors.
    const loads = a.info.variant === 'claude-agent' && !a.diagnostics.some((d) => d.severity === 'error') && a.name && nameEntry;
    if (!loads) return { kind };
    const plugin = pluginRootOfComponent(uri, options.repository);
    return { kind, indexed: { uri, name: a.name!, nameRange: nameEntry.valueRange, fingerprint: textFingerprint(text), ...(plugin ? { plugin } : {}) } };
  }
  if (kind === 'agent-md') {
    const g = (analysis as AnalysisByKind['agent-md']).agent.agent;
    const agent = {
      ...(g.name !== undefined ? { name: g.name } : {}),
      ...(g.extends !== undefined ? { extends: g.extends } : {}),
      ...(g.extendsRange ? { extendsRange: g.extendsRange } : {}),
    };
    if (!g.name) return { kind, agent };
    const entry: AgentIndexEntry = { uri, name: g.name };
    if (g.nameRange) entry.nameRange = g.nameRange;
    if (g.extends !== undefined) entry.extends = g.extends;
    if (g.extendsRange) entry.extendsRange = g.extendsRange;
    return { kind, entry, agent };
  }
  if (kind === 'skill-evals') return { kind, queries: (analysis as AnalysisByKind['skill-evals']).queries };
  return undefined;
}

function add(out: Map<string, Diagnostic[]>, uri: string, ds: Diagnostic[]): void {
  if (ds.length === 0) return;
  const list = out.get(uri);
  if (list) for (const x of ds) list.push(x);
  else out.set(uri, [...ds]);
}

/** A trigger query set's `evals-query-better-match` findings, against the skills listed with its skill. */
function evalQueryMatches(uri: string, queries: EvalQuery[], listed: readonly ListedSkillSummary[], byUri: ReadonlyMap<string, ListedSkillSummary>): Diagnostic[] {
  const skill = skillOfEvalFile(uri, (u) => byUri.has(u));
  if (!skill) return [];
  return queryMatchDiagnostics(queries, byUri.get(skill)!, listedTogether(listed, skill));
}

/**
 * The diagnostics that need all the files checked together, by URI, to add to each file's own:
 * duplicate skill names, the skill listing, eval queries, AGENT.md `extends` by name (unknown
 * parents), duplicate agent names and inheritance cycles. Never throws.
 */
export function crossFileDiagnosticsOf(files: readonly SummarizedFile[], options: AnalyzeOptions = {}): Map<string, Diagnostic[]> {
  const out = new Map<string, Diagnostic[]>();
  try {
    const skills: IndexedSkill[] = [];
    const listed: ListedSkillSummary[] = [];
    const agents: AgentIndexEntry[] = [];
    const agentFiles: { uri: string; agent: Pick<AgentInfo, 'name' | 'extends' | 'extendsRange'> }[] = [];
    const subagents: IndexedAgent[] = [];
    const evalFiles: { uri: string; queries: EvalQuery[] }[] = [];
    for (const { uri, summary: s } of files) {
      if (s.kind === 'skill') {
        if (s.indexed) skills.push(s.indexed);
        if (s.listed) listed.push(s.listed);
      } else if (s.kind === 'subagent') {
        if (s.indexed) subagents.push(s.indexed);
      } else if (s.kind === 'agent-md') {
        agentFiles.push({ uri, agent: s.agent });
        if (s.entry) agents.push(s.entry);
      } else evalFiles.push({ uri, queries: s.queries });
    }
    const dupOptions = { ...(options.workspaceRoots ? { roots: options.workspaceRoots } : {}), ...(options.repository ? { repository: options.repository } : {}) };
    for (const [uri, ds] of duplicateSkillNames(skills, dupOptions)) add(out, uri, ds);
    for (const [uri, ds] of listingDiagnostics(listed, options.listing)) add(out, uri, ds);
    const byUri = new Map(listed.map((s) => [s.uri, s]));
    for (const f of evalFiles) add(out, f.uri, evalQueryMatches(f.uri, f.queries, listed, byUri));
    // A name-valued `extends` is only checkable against the other agents; the file's own analysis already reports paths.
    for (const f of agentFiles) add(out, f.uri, unresolvedExtends(f.agent, f.uri, agents));
    for (const [uri, ds] of agentWorkspaceDiagnostics(agents)) add(out, uri, ds);
    // An agent kept in an archive or backup folder is a copy: it clashes with no one.
    const copyRoots = options.repository?.roots ?? options.workspaceRoots;
    for (const [uri, ds] of duplicateAgentNames(subagents.filter((a) => !inArchiveFolder(dirnameUri(a.uri), copyRoots)))) add(out, uri, ds);
  } catch (e) {
    if (files[0]) add(out, files[0].uri, [internalError(e)]);
  }
  return out;
}
