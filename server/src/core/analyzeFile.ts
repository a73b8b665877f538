/** Diagnostics for any supported file, by kind: the one place the CLI and the server share. */
import type { Diagnostic } from './types';
import type { IWorkspaceHost } from './host';
import type { FileKind } from './fileKinds';
import type { AgentDetection } from './agent/detect';
import { parseThreeMd } from './threemd/parser';
import { analyzeThreeMd } from './threemdAnalysis';
import { analyzeSkill, duplicateSkillNames, type IndexedSkill, type RepositoryFacts, type SkillAnalysisOptions, type Target } from './skills';
import { agentWorkspaceDiagnostics, analyzeAgentMd, isExtendsPath, type AgentIndexEntry } from './agentmd';
import { analyzeEval, analyzePrompt, analyzeWorld, parseWorld, type WorldModel } from './world';
import { worldSchemaDiagnostics } from './world/schemaCheck';
import { dirnameUri, resolveRelative } from './world/paths';
import { analyzeInstructions } from './instructions';
import { agentMdKindOf } from './agentmd';
import { analyzeAgentFile, duplicateAgentNames, type IndexedAgent } from './subagents';
import { textFingerprint } from './skills/workspace';

export interface AnalyzeOptions {
  detection?: AgentDetection;
  /** Workspace folders as URIs: an AGENT.md `extends` path outside all of them is reported and never read. */
  workspaceRoots?: string[];
  /** SKILL.md targets named by the user; inferred from each file's path when absent. */
  skillTargets?: readonly Target[];
  /** Who named them, for messages ("the --target option"). */
  skillTargetsSource?: string;
  /** Workspace file URIs (instruction globs that match no file). */
  workspaceFiles?: readonly string[];
  /** The plugin and marketplace manifests the host found (who loads a plugin's skills). */
  repository?: RepositoryFacts;
}

function instructionOptions(options: AnalyzeOptions) {
  return { ...(options.workspaceRoots ? { workspaceRoots: options.workspaceRoots } : {}), ...(options.workspaceFiles ? { workspaceFiles: options.workspaceFiles } : {}) };
}

function skillOptions(options: AnalyzeOptions): SkillAnalysisOptions {
  const o: SkillAnalysisOptions = {};
  if (options.skillTargets?.length) o.targets = options.skillTargets;
  if (options.skillTargetsSource) o.targetsSource = options.skillTargetsSource;
  if (options.repository) o.repository = options.repository;
  if (options.workspaceRoots) o.workspaceRoots = options.workspaceRoots;
  return o;
}

/** The world.json a prompt (`.agent-world/prompts/*.md`) or world.eval.md belongs to. */
export function worldUriOf(uri: string, kind: 'world-prompt' | 'world-eval'): string {
  const dir = dirnameUri(uri);
  return resolveRelative(kind === 'world-prompt' ? dirnameUri(dir) : dir, 'world.json');
}

/** The world a prompt or eval is checked against; a missing world.json reads as an empty world. */
function worldFor(uri: string, kind: 'world-prompt' | 'world-eval', host: IWorkspaceHost): WorldModel {
  const worldUri = worldUriOf(uri, kind);
  return parseWorld(host.readText(worldUri) ?? '{}', worldUri);
}

/**
 * Checks one file's text. Prompts and world.eval.md are checked against the world.json of
 * their `.agent-world/` folder, read through `host`. Rules that need every file of the
 * workspace are in `crossFileDiagnostics`. Never throws: an internal failure becomes a diagnostic.
 */
export function analyzeFile(kind: FileKind, text: string, uri: string, host: IWorkspaceHost, options: AnalyzeOptions = {}): Diagnostic[] {
  try {
    switch (kind) {
      case '3md':
        return analyzeThreeMd(parseThreeMd(text), { fileName: uri, detection: options.detection }).diagnostics;
      case 'skill':
        return analyzeSkill(text, uri, host, skillOptions(options)).diagnostics;
      case 'agent-md':
        // An AGENT.md without OS Protocol frontmatter is an instruction file (Amp's convention).
        if (agentMdKindOf(text).kind === 'instructions') return analyzeInstructions(text, uri, host, { ...instructionOptions(options), variant: 'agent-md' }).diagnostics;
        return analyzeAgentMd(text, uri, host, options.workspaceRoots ? { workspaceRoots: options.workspaceRoots } : {}).diagnostics;
      case 'instructions':
        return analyzeInstructions(text, uri, host, instructionOptions(options)).diagnostics;
      case 'world':
        // The CLI has no JSON language service: the schema's shape errors (W2) come from here.
        return [...analyzeWorld(text, uri, host).diagnostics, ...worldSchemaDiagnostics(text)];
      case 'world-prompt':
        return analyzePrompt(text, uri, worldFor(uri, kind, host));
      case 'world-eval':
        return analyzeEval(text, worldFor(uri, kind, host));
      case 'subagent':
        return analyzeAgentFile(text, uri, 'agent').diagnostics;
      case 'command':
        return analyzeAgentFile(text, uri, 'command', host).diagnostics;
    }
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

/**
 * The diagnostics that need all the files checked together, by URI, to add to each file's
 * `analyzeFile` result: duplicate skill names, AGENT.md `extends` by name (unknown parents),
 * duplicate agent names and inheritance cycles. Never throws.
 */
export function crossFileDiagnostics(files: CheckedFile[], host: IWorkspaceHost, options: AnalyzeOptions = {}): Map<string, Diagnostic[]> {
  const out = new Map<string, Diagnostic[]>();
  try {
    const skills: IndexedSkill[] = [];
    const agents: AgentIndexEntry[] = [];
    const agentTexts: CheckedFile[] = [];
    const subagents: IndexedAgent[] = [];
    for (const f of files) {
      if (f.kind === 'subagent') {
        const a = analyzeAgentFile(f.text, f.uri, 'agent');
        const nameEntry = a.frontmatter.byKey.get('name');
        const loads = a.info.variant === 'claude-agent' && !a.diagnostics.some((d) => d.severity === 'error') && a.name && nameEntry;
        if (loads) subagents.push({ uri: f.uri, name: a.name!, nameRange: nameEntry.valueRange, fingerprint: textFingerprint(f.text) });
        continue;
      }
      if (f.kind === 'skill') {
        const o = skillOptions({ ...options, ...(f.skillTargets ? { skillTargets: f.skillTargets } : {}) });
        // Only the name is needed here: a body of 60,000 links is not scanned a second time.
        const s = analyzeSkill(f.text, f.uri, host, { ...o, checkReferences: false, collectReferences: false }).skill;
        if (s.name && s.nameRange) skills.push({ uri: f.uri, name: s.name, nameRange: s.nameRange, targets: s.targets.targets, fingerprint: s.fingerprint });
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
