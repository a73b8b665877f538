/** The workspace index and routing results as plain data (shared by the server, the CLI and the client). */
import type { AgentFileRefs } from '../subagents/references';
import type { Range } from '../types';

export interface IndexedInput {
  name: string;
  type: string;
  required: boolean;
}

export interface IndexedSkill {
  name: string;
  z: number;
  triggers: string[];
  inputs: IndexedInput[];
  tool: string | null;
  description?: string;
  /** Where the skill is declared (its `@plane` line, or the frontmatter name). */
  range: Range;
  /** Direct dependencies that are skills (names and z, body order, each once). */
  deps: { name: string; z: number }[];
  errors: number;
  warnings: number;
}

export interface IndexedFile {
  uri: string;
  kind: '3md' | 'skill' | 'agent-md' | 'world' | 'instructions' | 'subagent' | 'command' | 'hooks' | 'github-hooks' | 'claude-settings' | 'mcp-config' | 'plugin-manifest';
  /** The agent's or skill's name. */
  name: string;
  isAgent: boolean;
  identity: { name: string; z: number; range: Range } | null;
  skills: IndexedSkill[];
  /**
   * The errors and warnings the index's reading of the file found. None for a SKILL.md or a .3md
   * that is not open: the index reads every file before the view shows anything, so it reads only
   * what the file says of itself (a skill's name, description, targets and frontmatter; an agent's
   * planes, triggers, inputs and dependencies) and leaves every check to the file's own
   * diagnostics (the Problems panel, which the view counts, has them all).
   */
  errors: number;
  warnings: number;
  /** The frontmatter `description` (SKILL.md, AGENT.md), when it is a non-empty string. */
  description?: string;
  /** SKILL.md: the range of the `description` value, and `when_to_use` (what a client's skill listing reads). */
  descriptionRange?: Range;
  whenToUse?: string;
  /** SKILL.md: the clients that keep it out of their skill listing (`disable-model-invocation`). */
  notListedBy?: ('claude-code' | 'codex' | 'copilot')[];
  /** Range of the declared `name` value (SKILL.md, AGENT.md); absent when the file declares no usable name. */
  nameRange?: Range;
  /** AGENT.md: an OS Protocol agent, or an instruction file (plain Markdown for coding agents, no OS Protocol checks). */
  agentMdKind?: 'os-protocol' | 'instructions';
  /** SKILL.md, and a plugin's agents, commands, hooks, MCP servers and manifest: where it loads from (the Skills view groups by it). */
  source?: IndexedSkillSource;
  /** SKILL.md: the targets it is checked for, and a sentence saying why (the tree's tooltip). */
  targets?: { names: string[]; summary: string };
  /** SKILL.md and subagents: a fingerprint of its text (byte-identical copies are not name clashes). */
  fingerprint?: string;
  /** AGENT.md `extends` as written, with the range of its value. */
  extends?: { value: string; range: Range };
  /** Agent World world.json: the workflow, its nodes and its agents (for the Skills tree). */
  world?: IndexedWorld;
  /** Instruction files (AGENTS.md, CLAUDE.md, an Amp-style AGENT.md, …): what navigation and "in effect" need. */
  instructions?: IndexedInstructions;
  /** Agent and command files (Claude Code subagents and commands, VS Code custom agents and prompt files): which one, for the view. */
  agentFile?: { variant: string; label: string; client: string };
  /** A project's Claude Code subagents and commands: the MCP servers and skills they name (find references from those back to them). */
  refs?: AgentFileRefs;
  /**
   * Claude Code settings and plugin hooks files: the events of `hooks`, in file order (empty when it
   * has none); a skill's, a subagent's (not a plugin's) or a command's frontmatter `hooks`, when it has some.
   */
  hooks?: IndexedHookEvent[];
  /** MCP configuration files: the servers the client loads, in file order; a Claude Code plugin.json's inline `mcpServers`, when it has some. */
  mcpServers?: IndexedMcpServer[];
  /** Plugin and marketplace manifests: which one (Claude Code or Codex, plugin or marketplace). */
  manifest?: { kind: 'claude-plugin' | 'claude-marketplace' | 'codex-plugin' | 'codex-marketplace'; label: string };
}

/** One event of a `hooks` object and its handlers. */
export interface IndexedHookEvent {
  event: string;
  /** The event's key. */
  range: Range;
  handlers: IndexedHookHandler[];
}

export interface IndexedHookHandler {
  /** The handler's `type` as written ('' when it has none). */
  type: string;
  /** What it runs: its `command`, `url`, `prompt` or MCP tool, as written (shortened). */
  label: string;
  /** Its matcher group's `matcher`, when one is written. */
  matcher?: string;
  /** The handler object. */
  range: Range;
}

/** One server of an MCP configuration file. */
export interface IndexedMcpServer {
  name: string;
  /** `stdio`, `http`, `sse`…: the `type` as written, else what its keys imply. */
  transport: string;
  /** Its `command` or `url`, as written (shortened). */
  target: string;
  /** The server's key. */
  range: Range;
}

/** Where a SKILL.md loads from (core/skills/source.ts). */
export interface IndexedSkillSource {
  /** `client`: a client's skills folder (`.claude/skills`); `plugin`: a Claude Code or Codex plugin's `skills/`; `folder`: any other folder. */
  kind: 'client' | 'plugin' | 'folder';
  /** The group's name: `.claude/skills`, the plugin's name, the folder's name. */
  label: string;
  /** The folder the skills load from (the one holding the skill folders). */
  folder: string;
  /** A plugin: its name and plugin.json. */
  plugin?: { name: string; uri: string };
  /** A plugin listed by a marketplace in the workspace: its name and marketplace.json. */
  marketplace?: { name: string; uri: string };
}

export interface IndexedInstructions {
  /** Which instruction file it is (`agents-md`, `claude-md`, `copilot-scoped`, …). */
  variant: string;
  /** The file as users name it, and the clients that read it. */
  label: string;
  clients: string[];
  headings: { text: string; level: number; range: Range }[];
  /** `@path` imports (only where a client expands them), with the resolved target when it is read. */
  imports: { path: string; target?: string; range: Range }[];
  /** `applyTo` (split at commas) or `paths` patterns; absent when the key is. */
  globs?: string[];
  excludeAgent?: string[];
}

/** Request params of agentFiles/instructionsInEffect. */
export interface InstructionsInEffectParams {
  uri: string;
}

export interface InstructionsInEffectResult {
  /** The file asked about, relative to its workspace folder ('' when it is in none). */
  path: string;
  clients: { client: string; order: string; items: { uri: string; why: string }[] }[];
}

export interface IndexedWorld {
  /** `workflow.type` as written (null when absent or not a string). */
  type: string | null;
  /** `workflow.entry` (node id), null when absent. */
  entry: string | null;
  nodes: IndexedWorldNode[];
  agents: IndexedWorldAgent[];
}

export interface IndexedWorldNode {
  id: string;
  /** The agent that runs the node (null when the node names none). */
  agent: string | null;
  /** Target node ids of `workflow.edges.<id>`, in file order. */
  next: string[];
  /** The node's key in world.json. */
  range: Range;
}

export interface IndexedWorldAgent {
  id: string;
  /** Display name, when declared. */
  name?: string;
  /** `promptPath` as written. */
  promptPath?: string;
  /** The prompt file, when promptPath resolves inside the project. */
  promptUri?: string;
  /** The agent's key in world.json. */
  range: Range;
}

export interface WorkspaceIndexResult {
  files: readonly IndexedFile[];
}

export interface RouteParams {
  /** Limit to one agent file; all agents of the workspace when absent. */
  uri?: string;
  text: string;
}

export interface RouteCandidate {
  uri: string;
  agent: string;
  name: string;
  z: number;
  score: number;
  hits: string[];
  inputs: IndexedInput[];
  tool: string | null;
  range: Range;
}

export interface FillCommandParams {
  uri: string;
  z: number;
  values: Record<string, unknown>;
  /** Fill values starting with `-` where the command would read them as options. */
  allowOptions?: boolean;
  /** The command will be typed into a terminal: values with control characters are refused. */
  terminal?: boolean;
  /** The shell that will run it, by name or path (`/usr/bin/fish`): the POSIX family (the default) or fish; others are refused. */
  shell?: string;
}

export interface FillCommandResult {
  /** Null without a tool, for an unknown skill, or when `problems` stop the fill. */
  command: string | null;
  /** Why the values cannot be filled (wrong types, unknown inputs, unsafe placeholders). */
  problems?: string[];
}
