/** Diagnostics for any supported file, by kind, through the dispatch the CLI and the server share (fileAnalyses.ts). */
import type { Diagnostic } from '../types';
import type { IWorkspaceHost } from '../workspace/host';
import type { FileKind } from '../workspace/fileKinds';
import { analyzeSkill, duplicateSkillNames, type IndexedSkill, type Target } from '../skills';
import { agentWorkspaceDiagnostics, analyzeAgentMd, isExtendsPath, type AgentIndexEntry } from '../agentmd';
import { analyzeKind, diagnosticsOfKind, skillOptions, type AnalyzeOptions } from './fileAnalyses';
import { analyzeAgentFile, duplicateAgentNames, type IndexedAgent } from '../subagents';
import { textFingerprint } from '../skills/workspace';
import { listedSkillOfAnalysis, listedTogether, listingDiagnostics, type ListedSkillSummary } from '../skills/listingRule';
import { analyzeSkillEvals, queryMatchDiagnostics, skillOfEvalFile } from '../skillEvals';
import { pluginRootOfComponent } from '../plugins/components';

/**
 * Checks one file's text. Prompts and world.eval.md are checked against the world.json of
 * their `.agent-world/` folder, read through `host`. Rules that need every file of the
 * workspace are in `crossFileDiagnostics`. Never throws: an internal failure becomes a diagnostic.
 */
export function analyzeFile(kind: FileKind, text: string, uri: string, host: IWorkspaceHost, options: AnalyzeOptions = {}): Diagnostic[] {
  try {
    return diagnosticsOfKind(kind, analyzeKind(kind, text, uri, host, options), text, options);
  } catch (e) {
    return [internalError(e)];
  }
}

/** The diagnostic of a file whose analysis failed (see docs/rules.md, internal-error). */
export function internalError(e: unknown): Diagnostic {
  return {
    code: 'internal-error',
    severity: 'error',
    message: `Agent Files could not check this file: ${e instanceof Error ? e.message : String(e)}`,
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
  };
}

export interface CheckedFile {
  uri: string;
  kind: FileKind;
  text: string;
  /** SKILL.md targets named for this file (the CLI's --target or its config's `targets`). */
  skillTargets?: readonly Target[];
}

function add(out: Map<string, Diagnostic[]>, uri: string, ds: Diagnostic[]): void {
  if (ds.length === 0) return;
  const list = out.get(uri);
  if (list) for (const x of ds) list.push(x);
  else out.set(uri, [...ds]);
}

/** A trigger query set's `evals-query-better-match` findings, against the skills listed with its skill. */
function evalQueryMatches(f: CheckedFile, listed: readonly ListedSkillSummary[], host: IWorkspaceHost): Diagnostic[] {
  const byUri = new Map(listed.map((s) => [s.uri, s]));
  const skill = skillOfEvalFile(f.uri, (u) => byUri.has(u));
  if (!skill) return [];
  const { queries } = analyzeSkillEvals(f.text, f.uri, host);
  return queryMatchDiagnostics(queries, byUri.get(skill)!, listedTogether(listed, skill));
}

/**
 * The diagnostics that need all the files checked together, by URI, to add to each file's
 * `analyzeFile` result: duplicate skill names, AGENT.md `extends` by name (unknown parents),
 * duplicate agent names and inheritance cycles. Never throws.
 */
export function crossFileDiagnostics(files: CheckedFile[], host: IWorkspaceHost, options: AnalyzeOptions = {}): Map<string, Diagnostic[]> {
  const out = new Map<string, Diagnostic[]>();
  try {
    const skills: IndexedSkill[] = [];
    const listed: ListedSkillSummary[] = [];
    const agents: AgentIndexEntry[] = [];
    const agentTexts: CheckedFile[] = [];
    const subagents: IndexedAgent[] = [];
    const evalFiles: CheckedFile[] = [];
    for (const f of files) {
      if (f.kind === 'skill-evals') {
        evalFiles.push(f);
        continue;
      }
      if (f.kind === 'subagent') {
        const a = analyzeAgentFile(f.text, f.uri, 'agent');
        const nameEntry = a.frontmatter.byKey.get('name');
        const loads = a.info.variant === 'claude-agent' && !a.diagnostics.some((d) => d.severity === 'error') && a.name && nameEntry;
        const plugin = pluginRootOfComponent(f.uri, options.repository);
        if (loads) subagents.push({ uri: f.uri, name: a.name!, nameRange: nameEntry.valueRange, fingerprint: textFingerprint(f.text), ...(plugin ? { plugin } : {}) });
        continue;
      }
      if (f.kind === 'skill') {
        const o = skillOptions({ ...options, ...(f.skillTargets ? { skillTargets: f.skillTargets } : {}) });
        // Only the name is needed here: a body of 60,000 links is not scanned a second time.
        const a = analyzeSkill(f.text, f.uri, host, { ...o, checkReferences: false, collectReferences: false });
        const s = a.skill;
        if (s.name && s.nameRange) skills.push({ uri: f.uri, name: s.name, nameRange: s.nameRange, targets: s.targets.targets, fingerprint: s.fingerprint });
        const l = listedSkillOfAnalysis(f.uri, a);
        if (l) listed.push(l);
      } else if (f.kind === 'agent-md') {
        agentTexts.push(f);
        const g = analyzeAgentMd(f.text, f.uri, host).agent;
        if (!g.name) continue;
        const e: AgentIndexEntry = { uri: f.uri, name: g.name };
        if (g.nameRange) e.nameRange = g.nameRange;
        if (g.extends !== undefined) e.extends = g.extends;
        if (g.extendsRange) e.extendsRange = g.extendsRange;
        agents.push(e);
      }
    }
    const dupOptions = { ...(options.workspaceRoots ? { roots: options.workspaceRoots } : {}), ...(options.repository ? { repository: options.repository } : {}) };
    for (const [uri, ds] of duplicateSkillNames(skills, dupOptions)) add(out, uri, ds);
    for (const [uri, ds] of listingDiagnostics(listed, options.listing)) add(out, uri, ds);
    for (const f of evalFiles) add(out, f.uri, evalQueryMatches(f, listed, host));
    // A name-valued `extends` is only checkable against the other agents; `analyzeFile` already reports paths.
    for (const f of agentTexts) {
      const a = analyzeAgentMd(f.text, f.uri, host, { agents, ...(options.workspaceRoots ? { workspaceRoots: options.workspaceRoots } : {}) });
      const byName = a.agent.extends !== undefined && !isExtendsPath(a.agent.extends.trim());
      if (byName)
        add(
          out,
          f.uri,
          a.diagnostics.filter((d) => d.code === 'agent-extends-unresolved'),
        );
    }
    for (const [uri, ds] of agentWorkspaceDiagnostics(agents)) add(out, uri, ds);
    for (const [uri, ds] of duplicateAgentNames(subagents)) add(out, uri, ds);
  } catch (e) {
    if (files[0]) add(out, files[0].uri, [internalError(e)]);
  }
  return out;
}
