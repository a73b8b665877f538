/**
 * The frontmatter keys each client reads in an agent or command file, with what it does with
 * each (hover text, completion). Facts and sources: docs/subagents.md.
 */
import type { AgentFileVariant } from './files';

export interface KeyDoc {
  key: string;
  /** What the client does with it, one or two sentences. */
  doc: string;
  /** Values to offer on completion. */
  values?: readonly string[];
}

export const CLAUDE_MODELS: readonly string[] = ['inherit', 'sonnet', 'opus', 'haiku', 'fable', 'opusplan', 'sonnet[1m]', 'opus[1m]', 'default', 'best'];
export const CLAUDE_AGENT_COLORS: readonly string[] = ['red', 'blue', 'green', 'yellow', 'purple', 'orange', 'pink', 'cyan'];
export const CLAUDE_PERMISSION_MODES: readonly string[] = ['default', 'acceptEdits', 'auto', 'dontAsk', 'bypassPermissions', 'plan', 'manual'];
export const CLAUDE_MEMORY_SCOPES: readonly string[] = ['user', 'project', 'local'];
export const CLAUDE_EFFORTS: readonly string[] = ['low', 'medium', 'high', 'xhigh', 'max'];

const CLAUDE_AGENT_KEYS: readonly KeyDoc[] = [
  {
    key: 'name',
    doc: "Required. The subagent's identity: Claude Code delegates to it and hooks see it by this name (lowercase letters and hyphens). Without it the file is read as documentation; a name starting with '-' or holding ':' is skipped.",
  },
  { key: 'description', doc: 'Required. When Claude should delegate to this subagent. Without it Claude Code skips the file.' },
  {
    key: 'tools',
    doc: "The tools it may use: a comma-separated string ('Read, Grep, Glob') or a list. Omitted: every tool available to subagents. `Agent(worker)` limits which subagents it may start; `mcp__server__tool` names an MCP tool.",
  },
  { key: 'disallowedTools', doc: 'Tools removed from the inherited or listed ones; same forms as `tools`.' },
  { key: 'model', doc: "The model: an alias (sonnet, opus, haiku, fable), a full model id, or inherit (the default: the main conversation's model).", values: CLAUDE_MODELS },
  { key: 'permissionMode', doc: 'Permission mode while it runs. Ignored for plugin subagents.', values: CLAUDE_PERMISSION_MODES },
  { key: 'maxTurns', doc: 'The most agentic turns before it stops: a positive whole number; anything else is ignored.' },
  { key: 'skills', doc: 'Skills whose full content is put in its context at startup: a list or a comma-separated string of skill names.' },
  { key: 'mcpServers', doc: 'MCP servers for this subagent: names of configured servers, or inline `{name: config}` entries. Ignored for plugin subagents.' },
  {
    key: 'hooks',
    doc: 'Hooks that run while it is active: a map of hook events (PreToolUse, PostToolUse, Stop…) to matchers. Anything else is ignored. Ignored for plugin subagents.',
  },
  { key: 'memory', doc: 'Persistent memory scope across sessions.', values: CLAUDE_MEMORY_SCOPES },
  { key: 'background', doc: 'true: always run it in the background.', values: ['true', 'false'] },
  { key: 'effort', doc: 'Effort level while it is active (which levels work depends on the model), or a whole number.', values: CLAUDE_EFFORTS },
  { key: 'isolation', doc: 'worktree: run it in a temporary git worktree.', values: ['worktree'] },
  { key: 'color', doc: 'Its colour in the task list and transcript; another value is ignored.', values: CLAUDE_AGENT_COLORS },
  { key: 'initialPrompt', doc: 'Sent as the first user turn when it runs as the main session agent (--agent).' },
];

const CLAUDE_COMMAND_KEYS: readonly KeyDoc[] = [
  { key: 'description', doc: 'Shown in the / menu and used by Claude to decide when to run it. Defaults to the first line of the body.' },
  { key: 'argument-hint', doc: "Shown after the command name while typing it, e.g. '[issue-number]'." },
  { key: 'arguments', doc: 'Names for the positional arguments, for `$name` in the body: a space-separated string or a list.' },
  {
    key: 'allowed-tools',
    doc: 'Tools Claude may use without asking during the turn that runs the command: a space- or comma-separated string or a list of tool rules (Bash(git add:*)).',
  },
  { key: 'disallowed-tools', doc: 'Tools removed while the command is active; same forms as allowed-tools.' },
  { key: 'model', doc: 'The model for the rest of the turn: an alias, a full model id, or inherit.', values: CLAUDE_MODELS },
  { key: 'effort', doc: 'Effort level while the command is active.', values: CLAUDE_EFFORTS },
  { key: 'disable-model-invocation', doc: 'true: only you can run it (Claude does not invoke it by itself).', values: ['true', 'false'] },
  { key: 'user-invocable', doc: 'false: hidden from the / menu; only Claude invokes it.', values: ['true', 'false'] },
  { key: 'when_to_use', doc: 'More on when Claude should run it; appended to the description in the listing.' },
  { key: 'context', doc: 'fork: run it in a forked subagent.', values: ['fork'] },
  { key: 'agent', doc: 'The subagent type to fork into (with context: fork).' },
  { key: 'background', doc: 'With context: fork, false waits for the forked subagent.', values: ['true', 'false'] },
  { key: 'hooks', doc: 'Hooks registered when the command runs.' },
  { key: 'shell', doc: 'The shell of !`command` blocks.', values: ['bash', 'powershell'] },
  { key: 'metadata', doc: 'Free-form map for your own tools; Claude Code does not act on it.' },
  { key: 'license', doc: 'Accepted, no effect.' },
  { key: 'compatibility', doc: 'Accepted, no effect.' },
  { key: 'version', doc: 'Accepted, no effect.' },
];

/** Keys Claude Code documents as ignored in a command file (it calls the command by its file name). */
export const CLAUDE_COMMAND_IGNORED: readonly string[] = ['name', 'paths'];

const VSCODE_AGENT_KEYS: readonly KeyDoc[] = [
  { key: 'name', doc: 'The agent name shown in the agents list (defaults to the file name).' },
  { key: 'description', doc: 'Shown as placeholder text in the chat input.' },
  { key: 'tools', doc: 'The tools and tool sets it may use.' },
  { key: 'model', doc: 'The model it uses, or a list tried in order.' },
  { key: 'handoffs', doc: 'Buttons that hand the conversation to another agent with a prompt.' },
  { key: 'target', doc: 'vscode or github-copilot.', values: ['vscode', 'github-copilot'] },
  { key: 'argument-hint', doc: 'Hint shown in the chat input.' },
  { key: 'agents', doc: 'The agents it may use as subagents.' },
  { key: 'mcp-servers', doc: 'MCP servers (GitHub Copilot coding agent).' },
  { key: 'user-invocable', doc: 'false: not shown in the agents list.', values: ['true', 'false'] },
  { key: 'disable-model-invocation', doc: 'true: not used as a subagent by other agents.', values: ['true', 'false'] },
  { key: 'infer', doc: 'Deprecated: use user-invocable and disable-model-invocation.' },
];

const VSCODE_PROMPT_KEYS: readonly KeyDoc[] = [
  { key: 'name', doc: 'The name typed after / (defaults to the file name).' },
  { key: 'description', doc: 'What the prompt does.' },
  { key: 'argument-hint', doc: 'Hint shown in the chat input.' },
  { key: 'agent', doc: 'The agent that runs it: ask, agent, plan, or a custom agent.', values: ['ask', 'agent', 'plan'] },
  { key: 'model', doc: 'The model it runs with.' },
  { key: 'tools', doc: 'The tools and tool sets it may use.' },
  { key: 'mode', doc: 'Deprecated name of agent.' },
];

export const OPENCODE_MODES: readonly string[] = ['subagent', 'primary', 'all'];
export const OPENCODE_THEME_COLORS: readonly string[] = ['primary', 'secondary', 'accent', 'success', 'warning', 'error', 'info'];

/** OpenCode's agent fields (its V1 agent schema, which a Markdown agent is decoded with, and the V2 names it also reads). */
const OPENCODE_AGENT_KEYS: readonly KeyDoc[] = [
  { key: 'description', doc: 'When to use the agent; the primary agent reads it to decide when to start a subagent.' },
  {
    key: 'mode',
    doc: 'subagent (started by other agents or with @name), primary (picked with Tab), or all (both, the default). Any other value is rejected.',
    values: OPENCODE_MODES,
  },
  { key: 'model', doc: "The model as provider/model-id (anthropic/claude-sonnet-4-5); omitted: the primary agent's model for a subagent, the configured model otherwise." },
  { key: 'variant', doc: "The model variant to use with the agent's own model." },
  { key: 'temperature', doc: 'Sampling temperature: a number (typically 0 to 1).' },
  { key: 'top_p', doc: 'Nucleus sampling: a number.' },
  { key: 'steps', doc: 'The most agentic iterations before the agent must answer in text: a positive whole number.' },
  { key: 'maxSteps', doc: 'Deprecated name of steps.' },
  { key: 'tools', doc: 'Deprecated (use permission): a map of tool names to true or false, e.g. `write: false`; `mymcp_*` patterns work.' },
  { key: 'permission', doc: 'What the agent may do without asking: allow, ask or deny, for all tools or per tool (edit, bash, webfetch…), with patterns for bash commands.' },
  { key: 'permissions', doc: 'OpenCode 2: a list of permission rules (action, resource, effect). OpenCode 1 refuses it ("use permission").' },
  { key: 'disable', doc: 'true: the agent is not loaded.', values: ['true', 'false'] },
  { key: 'disabled', doc: 'OpenCode 2 name of disable.', values: ['true', 'false'] },
  { key: 'hidden', doc: 'true: a subagent is left out of the @ menu (it can still be started by other agents).', values: ['true', 'false'] },
  { key: 'hidden_from_cycle', doc: 'true: left out of the Tab rotation, still listed in /agents.', values: ['true', 'false'] },
  { key: 'color', doc: 'Its colour in the interface: #RRGGBB or a theme colour (primary, secondary, accent, success, warning, error, info).', values: OPENCODE_THEME_COLORS },
  { key: 'options', doc: 'Options passed to the model provider as they are.' },
  { key: 'name', doc: "Replaces the agent's name, which is otherwise its path under agent/ or agents/ without .md." },
  { key: 'prompt', doc: 'Ignored in a Markdown agent: the body of the file is its prompt.' },
  { key: 'system', doc: 'OpenCode 2 name of the system prompt; in a Markdown agent the body is the prompt.' },
];

/** Gemini CLI's subagent fields (a local agent, or `kind: remote` for an A2A agent). */
const GEMINI_AGENT_KEYS: readonly KeyDoc[] = [
  { key: 'name', doc: 'Required. The tool name the main agent calls the subagent by: lowercase letters, digits, hyphens and underscores only.' },
  { key: 'description', doc: 'Required for a local agent. What the subagent does; the main agent reads it to decide when to delegate.' },
  { key: 'kind', doc: 'local (the default) or remote (an A2A agent, with agent_card_url).', values: ['local', 'remote'] },
  { key: 'display_name', doc: 'The name shown in the interface.' },
  { key: 'tools', doc: 'A list of the tool names it may use (read_file, grep_search, run_shell_command…; `*` patterns for MCP tools). Any other form is rejected.' },
  { key: 'model', doc: "The model (gemini-2.5-pro…); omitted or inherit: the main session's model." },
  { key: 'temperature', doc: 'Sampling temperature: a number (default 1).' },
  { key: 'max_turns', doc: 'The most conversation turns before it must return: a positive whole number.' },
  { key: 'timeout_mins', doc: 'The longest it may run, in minutes: a positive whole number.' },
  { key: 'policy', doc: 'Policy rules for its tool calls.' },
  { key: 'mcp_servers', doc: 'MCP servers only this subagent can use: a map of names to server configurations.' },
  { key: 'agent_card_url', doc: 'kind: remote only. The URL of the remote agent card (required there).' },
  { key: 'auth', doc: 'kind: remote only. How to authenticate to the remote agent (apiKey or http).' },
];

export function keysOf(variant: AgentFileVariant): readonly KeyDoc[] {
  switch (variant) {
    case 'claude-agent':
      return CLAUDE_AGENT_KEYS;
    case 'claude-command':
      return CLAUDE_COMMAND_KEYS;
    case 'vscode-agent':
    case 'vscode-chatmode':
      return VSCODE_AGENT_KEYS;
    case 'vscode-prompt':
      return VSCODE_PROMPT_KEYS;
    case 'opencode-agent':
      return OPENCODE_AGENT_KEYS;
    case 'gemini-agent':
      return GEMINI_AGENT_KEYS;
    case 'gemini-markdown-command':
      // Gemini CLI reads no frontmatter of a Markdown file: it is no command of its.
      return [];
  }
}

export function keyDoc(variant: AgentFileVariant, key: string): KeyDoc | undefined {
  return keysOf(variant).find((k) => k.key === key);
}
