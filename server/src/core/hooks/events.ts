/**
 * Claude Code's hook events, handler types and settings keys, as its hooks reference
 * (code.claude.com/docs/en/hooks) documents them; sources and versions in docs/hooks.md.
 */

/** What a matcher group's `matcher` is compared with for an event. */
export type MatcherKind = 'tool' | 'agent' | 'value' | 'glob' | 'none';

export interface HookEvent {
  name: string;
  /** When Claude Code fires it (hover text). */
  when: string;
  matcher: MatcherKind;
}

const ev = (name: string, matcher: MatcherKind, when: string): HookEvent => ({ name, matcher, when });

/**
 * Every event of the reference. `none` only where both the reference and its summaries agree the
 * matcher is ignored; events whose matcher is compared with something other than a tool name
 * (a session source, a notification type, a config key) are `value`.
 */
export const HOOK_EVENTS: readonly HookEvent[] = [
  ev('PreToolUse', 'tool', 'before a tool call runs; can allow, deny or ask'),
  ev('PermissionRequest', 'tool', 'when a permission dialog is about to appear; can answer it'),
  ev('PermissionDenied', 'tool', 'when auto mode denies a tool call'),
  ev('PostToolUse', 'tool', 'after a tool call succeeds'),
  ev('PostToolUseFailure', 'tool', 'after a tool call fails'),
  ev('PostToolBatch', 'value', 'after a batch of parallel tool calls'),
  ev('UserPromptSubmit', 'none', 'when the user submits a prompt, before Claude sees it; can block it or add context'),
  ev('UserPromptExpansion', 'value', 'when a slash command expands into a prompt'),
  ev('Notification', 'value', 'when Claude Code sends a notification (the matcher is the notification type)'),
  ev('Stop', 'none', 'when Claude finishes its answer; can make it continue'),
  ev('StopFailure', 'value', 'when a turn ends with an API error'),
  ev('SubagentStart', 'agent', 'when a subagent starts (the matcher is the agent type)'),
  ev('SubagentStop', 'agent', 'when a subagent finishes (the matcher is the agent type)'),
  ev('TeammateIdle', 'value', 'when an agent-team teammate is about to go idle'),
  ev('TaskCreated', 'none', 'when a task is created'),
  ev('TaskCompleted', 'none', 'when a task is marked completed'),
  ev('PreCompact', 'value', 'before the context is compacted (the matcher is manual or auto)'),
  ev('PostCompact', 'value', 'after the context is compacted'),
  ev('SessionStart', 'value', 'when a session starts or resumes (the matcher is startup, resume, clear or compact)'),
  ev('SessionEnd', 'value', 'when a session ends (the matcher is the reason)'),
  ev('Setup', 'value', 'on claude --init or --maintenance'),
  ev('Elicitation', 'value', 'when an MCP server asks the user for input'),
  ev('ElicitationResult', 'value', 'after the user answers an MCP elicitation'),
  ev('ConfigChange', 'value', 'when a settings file changes during a session (the matcher is the source)'),
  ev('InstructionsLoaded', 'value', 'when a CLAUDE.md or rules file is loaded'),
  ev('CwdChanged', 'none', 'when the working folder changes'),
  ev('FileChanged', 'glob', 'when a watched file changes (the matcher names the files)'),
  ev('WorktreeCreate', 'value', 'when a worktree is created; can replace how'),
  ev('WorktreeRemove', 'value', 'when a worktree is removed'),
  ev('DirectoryAdded', 'value', 'when a working folder is added to the session (2.1.219)'),
  ev('PreModelSwitch', 'value', 'before a requested model switch (2.1.251)'),
  ev('PostModelSwitch', 'value', 'after the session model changed (2.1.251)'),
  ev('MessageDisplay', 'value', "while an assistant message's text is shown"),
];

export const HOOK_EVENT_BY_NAME: ReadonlyMap<string, HookEvent> = new Map(HOOK_EVENTS.map((e) => [e.name, e]));

/**
 * Cursor's hook events (cursor.com/docs/agent/hooks): a `hooks.json` of Cursor's format starts
 * `{"version": 1, "hooks": {…}}` and names its events in camelCase. Cursor also installs hooks from
 * plugins, whose `hooks/hooks.json` may be in this format (held-out lab: a plugin's Cursor variant).
 */
export const CURSOR_HOOK_EVENTS: ReadonlySet<string> = new Set([
  'sessionStart',
  'sessionEnd',
  'preToolUse',
  'postToolUse',
  'postToolUseFailure',
  'subagentStart',
  'subagentStop',
  'beforeShellExecution',
  'afterShellExecution',
  'beforeMCPExecution',
  'afterMCPExecution',
  'beforeReadFile',
  'afterFileEdit',
  'beforeSubmitPrompt',
  'preCompact',
  'stop',
  'afterAgentResponse',
  'afterAgentThought',
  'beforeTabFileRead',
  'afterTabFileEdit',
]);

/** Handler types and the key each needs. */
export const HANDLER_TYPES: Readonly<Record<string, { needs: readonly string[]; about: string }>> = {
  command: { needs: ['command'], about: 'runs a shell command; the event arrives as JSON on stdin' },
  http: { needs: ['url'], about: 'POSTs the event as JSON to a URL' },
  prompt: { needs: ['prompt'], about: 'asks a model a yes/no question about the event' },
  agent: { needs: ['prompt'], about: 'runs a subagent that can use tools to decide' },
  mcp_tool: { needs: ['server', 'tool'], about: 'calls a tool of a configured MCP server' },
};

/** Hover text of the keys of a settings file and of a hook entry. */
export const KEY_DOCS: Readonly<Record<string, string>> = {
  hooks: 'Claude Code runs these handlers when their event fires: an object of event name → matcher groups.',
  permissions: 'Which tool uses Claude Code allows (`allow`), asks about (`ask`) or refuses (`deny`) without prompting.',
  allow: 'Tool patterns Claude Code runs without asking, e.g. `Bash(npm run test:*)`.',
  deny: 'Tool patterns Claude Code refuses, e.g. `Read(./secrets/**)`; deny wins over allow and ask.',
  ask: 'Tool patterns Claude Code always asks about before running.',
  matcher: 'Which occurrences of the event run the group: a tool name, `A|B`, or a regular expression; `*`, empty or absent matches all.',
  type: 'The handler type: `command`, `http`, `prompt`, `agent` or `mcp_tool`.',
  command: "The shell command Claude Code runs (type `command`); `$CLAUDE_PROJECT_DIR` is the project root, `${CLAUDE_PLUGIN_ROOT}` a plugin's folder.",
  timeout: 'Seconds before Claude Code cancels this handler (default 600 for command hooks).',
};
