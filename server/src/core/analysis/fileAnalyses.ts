/**
 * The one dispatch from a file kind to its analysis, shared by the CLI and the language server.
 * The CLI reports `diagnostics(analyze(…))` for each file (`analyzeFile`); the server's format
 * providers cache what `analyze` returns per document version, answer the editor's requests from
 * it, and report what `diagnostics` makes of it. A new file kind gets its entry here: the table's
 * type makes `npm run check-types` fail until it has one.
 *
 * What needs the other files of the workspace (duplicate skill names, AGENT.md `extends` by name)
 * is not here: the CLI reads the summaries of every file (`crossFileDiagnosticsOf`, crossFile.ts), the server its index.
 */
import type { Diagnostic } from '../types';
import type { IWorkspaceHost } from '../workspace/host';
import type { FileKind } from '../workspace/fileKinds';
import type { AgentDetection } from '../agent/detect';
import type { ThreeMdDocument } from '../threemd/document';
import { parseThreeMd } from '../threemd/parser';
import { analyzeThreeMd, type ThreeMdAnalysis } from '../agent/threemdAnalysis';
import { analyzeSkill, type RepositoryFacts, type SkillAnalysis, type SkillAnalysisOptions, type Target } from '../skills';
import { analyzeAgentMd, type AgentMdAnalysis } from '../agentmd';
import { analyzeEval, analyzePrompt, analyzeWorld, parseWorld, type WorldAnalysis, type WorldModel } from '../world';
import { worldSchemaDiagnostics } from '../world/schemaCheck';
import { dirnameUri, resolveRelative } from '../world/paths';
import { analyzeInstructions, type InstructionAnalysis, type InstructionOptions } from '../instructions';
import { analyzeAgentFile, type AgentFileAnalysis } from '../subagents';
import { analyzePluginManifest, type PluginManifestAnalysis } from '../plugins';
import { analyzeClaudeSettings, analyzeGithubHooks, analyzeHooksFile, analyzeUnreadHooksFile, type SettingsAnalysis } from '../hooks';
import { isPluginAgent, isPluginCommand, isUnreadClaudeHooks, pluginRootOfHooks } from '../plugins/components';
import { analyzeMcpConfig, type McpConfigAnalysis } from '../mcpConfig';
import type { ListingSettings } from '../skills/listing';
import { analyzeCodexConfig, type CodexConfigAnalysis } from '../instructions/codexConfig';
import { analyzeCodexHooks } from '../hooks/codexHooks';
import { analyzeSkillEvals, type SkillEvalAnalysis } from '../skillEvals';
import { contributedSchemaFor, type ContributedSchema } from './contributedSchemas';
import { asAdvice } from './advice';
import { inArchiveFolder } from '../skills/copies';

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
  /** The editor validates this prompt file itself (VS Code): leave out what it reports. */
  editorValidates?: boolean;
  /** The context window per client (`agentFiles.contextWindow`, `--context-window`): the skill listing budgets. */
  listing?: ListingSettings;
  /**
   * Report what a JSON Schema of ours reports (default true): world.json's shape errors, and the
   * findings of the schemas contributed for plugin files (contributedSchemas.ts). False in VS Code,
   * whose JSON service reports them itself from the contributed schemas.
   */
  schemaDiagnostics?: boolean;
  /** The parse of a .3md text, when the caller keeps one (the server re-parses incrementally); the text is then not read. */
  threeMd?: ThreeMdDocument;
  /** The world a prompt or world.eval.md is checked against, when the caller has it; else its world.json is read through the host. */
  world?: WorldModel;
}

/** One file kind's analysis: the value `analyze` makes of a text, and the diagnostics it reports. */
export interface KindAnalysis<A> {
  analyze(text: string, uri: string, host: IWorkspaceHost, options: AnalyzeOptions): A;
  diagnostics(analysis: A, text: string, options: AnalyzeOptions): Diagnostic[];
}

/** An AGENT.md: its OS Protocol analysis, and, without OS Protocol frontmatter, its reading as an instruction file (Amp's convention). */
export interface AgentMdFileAnalysis {
  agent: AgentMdAnalysis;
  instructions?: InstructionAnalysis;
}

/** A file VS Code may validate with a schema the extension contributes (`schema`: by the file's path, unless it names its own). */
export interface Schemed {
  schema: ContributedSchema | undefined;
}

/** What `analyze` makes of each kind. */
export interface AnalysisByKind {
  '3md': ThreeMdAnalysis;
  skill: SkillAnalysis;
  'agent-md': AgentMdFileAnalysis;
  instructions: InstructionAnalysis;
  world: WorldAnalysis;
  'world-prompt': Diagnostic[];
  'world-eval': Diagnostic[];
  subagent: AgentFileAnalysis;
  command: AgentFileAnalysis;
  'plugin-manifest': PluginManifestAnalysis & Schemed;
  'claude-settings': SettingsAnalysis;
  hooks: SettingsAnalysis & Schemed;
  'github-hooks': SettingsAnalysis;
  'codex-hooks': SettingsAnalysis;
  'mcp-config': McpConfigAnalysis;
  'codex-config': CodexConfigAnalysis;
  'skill-evals': SkillEvalAnalysis;
}

function instructionOptions(options: AnalyzeOptions): InstructionOptions {
  const o: InstructionOptions = {};
  if (options.workspaceRoots) o.workspaceRoots = options.workspaceRoots;
  if (options.workspaceFiles) o.workspaceFiles = options.workspaceFiles;
  if (options.repository?.roots?.length) o.repositoryRoots = options.repository.roots;
  if (options.editorValidates) o.editorValidates = true;
  return o;
}

/** The SKILL.md analysis options of a check (the CLI's and the server's alike). */
export function skillOptions(options: AnalyzeOptions): SkillAnalysisOptions {
  const o: SkillAnalysisOptions = {};
  if (options.skillTargets?.length) o.targets = options.skillTargets;
  if (options.skillTargets?.length && options.skillTargetsSource) o.targetsSource = options.skillTargetsSource;
  if (options.repository) o.repository = options.repository;
  if (options.workspaceRoots) o.workspaceRoots = options.workspaceRoots;
  if (options.editorValidates) o.editorValidates = true;
  return o;
}

/** The world.json a prompt (`.agent-world/prompts/*.md`) or world.eval.md belongs to. */
export function worldUriOf(uri: string, kind: 'world-prompt' | 'world-eval'): string {
  const dir = dirnameUri(uri);
  return resolveRelative(kind === 'world-prompt' ? dirnameUri(dir) : dir, 'world.json');
}

/** The world a prompt or eval is checked against; a missing world.json reads as an empty world. */
function worldFor(uri: string, kind: 'world-prompt' | 'world-eval', host: IWorkspaceHost, options: AnalyzeOptions): WorldModel {
  if (options.world) return options.world;
  const worldUri = worldUriOf(uri, kind);
  return parseWorld(host.readText(worldUri) ?? '{}', worldUri);
}

/** The schema check of a world.json, once per analysis (the server keeps an analysis per document version). */
const schemaOf = new WeakMap<WorldAnalysis, Diagnostic[]>();
function worldSchema(a: WorldAnalysis, text: string): Diagnostic[] {
  let ds = schemaOf.get(a);
  if (!ds) schemaOf.set(a, (ds = worldSchemaDiagnostics(text)));
  return ds;
}

const own = (a: { diagnostics: Diagnostic[] }) => a.diagnostics;

const COPIED_AGENT_NOTE = '(This file sits in an archive or backup folder: no client loads agents or commands from there.)';

/** An agent or command file kept in an archive or backup folder (`docs/legacy-archive/.claude/agents/`) is a copy: its findings are advice. A template's are not: projects copy them and use them. */
function agentFileWhere(a: AgentFileAnalysis, uri: string, o: AnalyzeOptions): AgentFileAnalysis {
  const roots = o.repository?.roots ?? o.workspaceRoots;
  return inArchiveFolder(dirnameUri(uri), roots) ? { ...a, diagnostics: asAdvice(a.diagnostics, COPIED_AGENT_NOTE) } : a;
}

/** A JSON syntax error as the JSON kinds word it: the parser's error code in parentheses (`not valid JSON (ColonExpected)`). */
const JSON_SYNTAX = /JSON \([A-Z][A-Za-z]+\)/;

/**
 * A JSON file's own findings, without its syntax errors where the editor's JSON language service
 * reports them itself on the open file (VS Code: `schemaDiagnostics` off), so none shows twice.
 */
const ownJson = (a: { diagnostics: Diagnostic[] }, _text: string, o: AnalyzeOptions) =>
  o.schemaDiagnostics === false ? a.diagnostics.filter((d) => !(d.severity === 'error' && JSON_SYNTAX.test(d.message))) : a.diagnostics;

/**
 * A plugin file's own findings, without those its contributed schema reports where the editor
 * applies that schema itself (VS Code: `schemaDiagnostics` off).
 */
const ownSchemed = (a: { diagnostics: Diagnostic[] } & Schemed, text: string, o: AnalyzeOptions) => {
  const own = ownJson(a, text, o);
  const reports = o.schemaDiagnostics === false ? (a.schema?.reports ?? []) : [];
  return reports.length ? own.filter((d) => !reports.includes(d.code)) : own;
};

export const FILE_ANALYSES: { readonly [K in FileKind]: KindAnalysis<AnalysisByKind[K]> } = {
  '3md': {
    analyze: (text, uri, _host, o) => analyzeThreeMd(o.threeMd ?? parseThreeMd(text), { fileName: uri, detection: o.detection }),
    diagnostics: own,
  },
  skill: {
    analyze: (text, uri, host, o) => analyzeSkill(text, uri, host, skillOptions(o)),
    diagnostics: own,
  },
  'agent-md': {
    analyze(text, uri, host, o) {
      const agent = analyzeAgentMd(text, uri, host, o.workspaceRoots ? { workspaceRoots: o.workspaceRoots } : {});
      if (agent.classification.kind !== 'instructions') return { agent };
      return { agent, instructions: analyzeInstructions(text, uri, host, { ...instructionOptions(o), variant: 'agent-md' }) };
    },
    diagnostics: (a) => (a.instructions ?? a.agent).diagnostics,
  },
  instructions: {
    analyze: (text, uri, host, o) => analyzeInstructions(text, uri, host, instructionOptions(o)),
    diagnostics: own,
  },
  world: {
    analyze: (text, uri, host) => analyzeWorld(text, uri, host),
    // The JSON Schema's shape errors (W2), unless the editor's JSON language service reports them.
    diagnostics: (a, text, o) => (o.schemaDiagnostics === false ? a.diagnostics : [...a.diagnostics, ...worldSchema(a, text)]),
  },
  'world-prompt': {
    analyze: (text, uri, host, o) => analyzePrompt(text, uri, worldFor(uri, 'world-prompt', host, o)),
    diagnostics: (ds) => ds,
  },
  'world-eval': {
    analyze: (text, uri, host, o) => analyzeEval(text, worldFor(uri, 'world-eval', host, o)),
    diagnostics: (ds) => ds,
  },
  subagent: {
    // A plugin's agent may not set hooks, mcpServers or permissionMode.
    analyze: (text, uri, host, o) => agentFileWhere(analyzeAgentFile(text, uri, 'agent', host, isPluginAgent(uri, o.repository)), uri, o),
    diagnostics: own,
  },
  command: {
    // The host finds the skill that shadows a command.
    analyze: (text, uri, host, o) => agentFileWhere(analyzeAgentFile(text, uri, 'command', host, isPluginCommand(uri, o.repository)), uri, o),
    diagnostics: own,
  },
  'plugin-manifest': {
    analyze(text, uri, host, o) {
      const a = analyzePluginManifest(text, uri, host, o.repository);
      return { ...a, schema: contributedSchemaFor(uri, text) };
    },
    diagnostics: ownSchemed,
  },
  'claude-settings': {
    analyze: (text, uri, host, o) => analyzeClaudeSettings(text, uri, host, o.workspaceRoots),
    diagnostics: ownJson,
  },
  hooks: {
    // `${CLAUDE_PLUGIN_ROOT}` is the root of the plugin whose hooks file this is.
    analyze(text, uri, host, o) {
      const a = isUnreadClaudeHooks(uri, o.repository)
        ? analyzeUnreadHooksFile(text, uri, host)
        : analyzeHooksFile(text, host, pluginRootOfHooks(uri, o.repository), o.workspaceRoots);
      return { ...a, schema: contributedSchemaFor(uri, text) };
    },
    diagnostics: ownSchemed,
  },
  'github-hooks': {
    analyze: (text, uri, host, o) => analyzeGithubHooks(text, uri, host, o.workspaceRoots),
    // In VS Code its own hooks schema reports a hook with no command and a timeout that is not a number: left to it.
    diagnostics: (a, text, o) =>
      ownJson(a, text, o).filter((d) => o.schemaDiagnostics !== false || (d.data as { editorSchemaReports?: boolean } | undefined)?.editorSchemaReports !== true),
  },
  'codex-hooks': {
    analyze: (text, uri, host, o) => analyzeCodexHooks(text, uri, host, o.repository?.roots ?? o.workspaceRoots),
    diagnostics: ownJson,
  },
  'mcp-config': {
    analyze: (text, uri, host) => analyzeMcpConfig(text, uri, host),
    // The shape findings of .vscode/mcp.json, unless VS Code's own mcp.json schema reports them.
    diagnostics: (a, _text, o) => (o.schemaDiagnostics === false ? a.diagnostics : [...a.diagnostics, ...a.shapeDiagnostics]),
  },
  'codex-config': {
    analyze: (text, uri, _host, o) => analyzeCodexConfig(text, uri, o.repository?.roots ?? o.workspaceRoots),
    diagnostics: (a) => a.diagnostics,
  },
  'skill-evals': {
    analyze: (text, uri, host) => analyzeSkillEvals(text, uri, host),
    diagnostics: (a) => a.diagnostics,
  },
};

/** The analysis of a text of kind `kind`. */
export function analyzeKind<K extends FileKind>(kind: K, text: string, uri: string, host: IWorkspaceHost, options: AnalyzeOptions = {}): AnalysisByKind[K] {
  return (FILE_ANALYSES[kind] as KindAnalysis<AnalysisByKind[K]>).analyze(text, uri, host, options);
}

/** The diagnostics of an analysis `analyzeKind` made. */
export function diagnosticsOfKind<K extends FileKind>(kind: K, analysis: AnalysisByKind[K], text: string, options: AnalyzeOptions = {}): Diagnostic[] {
  return (FILE_ANALYSES[kind] as KindAnalysis<AnalysisByKind[K]>).diagnostics(analysis, text, options);
}
