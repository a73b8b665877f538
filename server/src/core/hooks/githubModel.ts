/**
 * The shared folder `.github/hooks/*.json`: three clients read every file there, each in its own
 * way. VS Code (agent hooks, Preview), GitHub Copilot CLI and the Copilot cloud agent (which reads
 * the files of the default branch). What each knows, by event name and handler key, so a finding
 * can say which client does what. Facts and sources: docs/hooks.md#github-hooks-files.
 */

/** The clients that read `.github/hooks/*.json`. */
export type GithubHooksClient = 'vscode' | 'cli' | 'cloud';

export const CLIENT_NAMES: Readonly<Record<GithubHooksClient, string>> = {
  vscode: 'VS Code',
  cli: 'Copilot CLI',
  cloud: 'the Copilot cloud agent',
};

/** "VS Code, Copilot CLI and the Copilot cloud agent". */
export function clientList(clients: readonly GithubHooksClient[]): string {
  const names = clients.map((c) => CLIENT_NAMES[c]);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

export const ALL_CLIENTS: readonly GithubHooksClient[] = ['vscode', 'cli', 'cloud'];

/**
 * The two ways of writing a file: Copilot CLI's (`"version": 1`, camelCase events, `bash` and
 * `powershell`, `timeoutSec`) and VS Code's (PascalCase events, `command`, `windows`/`linux`/`osx`,
 * `timeout`). Each client reads both, to a degree (below).
 */
export type GithubHooksFormat = 'copilot-cli' | 'vscode';

export interface GithubHookEvent {
  name: string;
  /** When it fires (hover text). */
  when: string;
  /** The clients that run hooks under this exact key. */
  runBy: readonly GithubHooksClient[];
  /** Copilot CLI's camelCase name or VS Code's PascalCase one. */
  format: GithubHooksFormat;
  /** Copilot CLI compiles a handler's `matcher` as a regular expression on this event. */
  matcher?: string;
}

const ev = (name: string, format: GithubHooksFormat, runBy: readonly GithubHooksClient[], when: string, matcher?: string): GithubHookEvent => ({
  name,
  format,
  runBy,
  when,
  ...(matcher ? { matcher } : {}),
});

const CLI_AND_CLOUD: readonly GithubHooksClient[] = ['cli', 'cloud'];

/**
 * Copilot CLI's events (hooks reference, "Hook events"), and which of them VS Code maps to its own
 * (VS Code's Copilot CLI compatibility table: eight names). The cloud agent fires all but
 * `notification` and `permissionRequest`.
 */
const CLI_EVENTS: readonly GithubHookEvent[] = [
  ev('sessionStart', 'copilot-cli', ALL_CLIENTS, 'when a session starts or resumes'),
  ev('sessionEnd', 'copilot-cli', CLI_AND_CLOUD, 'when the session ends'),
  ev('userPromptSubmitted', 'copilot-cli', ALL_CLIENTS, 'when the user submits a prompt'),
  ev('userPromptTransformed', 'copilot-cli', CLI_AND_CLOUD, "after a prompt is turned into the model's content; can rewrite it"),
  ev('preToolUse', 'copilot-cli', ALL_CLIENTS, 'before each tool call; can allow, deny or change it', 'the tool name'),
  ev('postToolUse', 'copilot-cli', ALL_CLIENTS, 'after each tool call that succeeds', 'the tool name'),
  ev('postToolUseFailure', 'copilot-cli', CLI_AND_CLOUD, 'after a tool call that fails'),
  ev('permissionRequest', 'copilot-cli', ['cli'], 'before the permission check of a tool call; can allow or deny it', 'the tool name'),
  ev('agentStop', 'copilot-cli', ALL_CLIENTS, 'when the main agent ends a turn; can make it go on'),
  ev('subagentStart', 'copilot-cli', CLI_AND_CLOUD, 'when a subagent is started', 'the agent name'),
  ev('subagentStop', 'copilot-cli', ALL_CLIENTS, 'when a subagent ends; can make it go on'),
  ev('errorOccurred', 'copilot-cli', CLI_AND_CLOUD, 'when an error occurs'),
  ev('preCompact', 'copilot-cli', CLI_AND_CLOUD, 'before the context is compacted', 'the trigger (manual or auto)'),
  ev('notification', 'copilot-cli', ['cli'], 'when Copilot CLI shows a notification', 'the notification type'),
];

/**
 * VS Code's events (its hooks page lists eight; it also parses `SessionEnd` and `ErrorOccurred`
 * and their camelCase names, but documents no such event, so they are not counted as its), and
 * which Copilot CLI also reads under the PascalCase name ("VS Code compatible" payloads, hooks
 * reference: the names it lists).
 */
const VSCODE_EVENTS: readonly GithubHookEvent[] = [
  ev('SessionStart', 'vscode', ALL_CLIENTS, 'when a session starts'),
  ev('SessionEnd', 'vscode', CLI_AND_CLOUD, 'when the session ends'),
  ev('UserPromptSubmit', 'vscode', ALL_CLIENTS, 'when the user submits a prompt'),
  ev('PreToolUse', 'vscode', ALL_CLIENTS, 'before each tool call; can allow, deny or change it'),
  ev('PostToolUse', 'vscode', ALL_CLIENTS, 'after each tool call that succeeds'),
  ev('PreCompact', 'vscode', ALL_CLIENTS, 'before the context is compacted'),
  ev('SubagentStart', 'vscode', ['vscode'], 'when a subagent is started'),
  ev('SubagentStop', 'vscode', ALL_CLIENTS, 'when a subagent ends'),
  ev('Stop', 'vscode', ALL_CLIENTS, 'when the agent ends its turn; can make it go on'),
  ev('ErrorOccurred', 'vscode', CLI_AND_CLOUD, 'when an error occurs'),
  ev('PostToolUseFailure', 'vscode', CLI_AND_CLOUD, 'after a tool call that fails'),
  ev('PermissionRequest', 'vscode', ['cli'], 'before the permission check of a tool call'),
];

export const GITHUB_HOOK_EVENTS: readonly GithubHookEvent[] = [...CLI_EVENTS, ...VSCODE_EVENTS];

export const GITHUB_EVENT_BY_NAME: ReadonlyMap<string, GithubHookEvent> = new Map(GITHUB_HOOK_EVENTS.map((e) => [e.name, e]));

/** The event names of one format (completion, and the name an unknown key means). */
export function eventNamesOf(format: GithubHooksFormat | undefined): string[] {
  return GITHUB_HOOK_EVENTS.filter((e) => !format || e.format === format).map((e) => e.name);
}

/**
 * Whether a key may be an event some client runs: a name of the tables above, or the PascalCase
 * form of a Copilot CLI event (Copilot CLI documents PascalCase names as its VS Code compatible
 * form, without listing each). Such a key is never reported as unknown.
 */
export function mayBeEvent(key: string): boolean {
  if (GITHUB_EVENT_BY_NAME.has(key)) return true;
  const camel = key.charAt(0).toLowerCase() + key.slice(1);
  return camel !== key && GITHUB_EVENT_BY_NAME.get(camel)?.format === 'copilot-cli';
}

/** The keys that hold a command, by the clients that run them. */
export const COMMAND_KEYS = ['command', 'bash', 'powershell', 'windows', 'linux', 'osx'] as const;

/** Handler types: what each client does with them (hooks reference; VS Code runs `command` only). */
export const GITHUB_HANDLER_TYPES: Readonly<Record<string, { runBy: readonly GithubHooksClient[]; about: string }>> = {
  command: { runBy: ALL_CLIENTS, about: 'runs a shell command; the event arrives as JSON on stdin' },
  http: { runBy: CLI_AND_CLOUD, about: 'POSTs the event as JSON to `url` (Copilot CLI and the cloud agent; VS Code ignores it)' },
  prompt: { runBy: ['cli'], about: 'submits `prompt` as if the user typed it, on `sessionStart` only (Copilot CLI; VS Code ignores it)' },
};

/** Hover text of a hooks file's keys. */
export const GITHUB_KEY_DOCS: Readonly<Record<string, string>> = {
  version:
    'The format version of a Copilot CLI hooks file: `1`. Copilot CLI and the cloud agent reject a file with another version; VS Code reads it as the sign of the Copilot CLI format.',
  hooks: 'An object of event name → list of hooks. VS Code, Copilot CLI and the Copilot cloud agent all read `.github/hooks/*.json`.',
  disableAllHooks: 'When `true`, Copilot CLI and the cloud agent skip every hook of this file.',
  type: 'The hook type: `command` (all three clients), `http` or `prompt` (Copilot CLI only; VS Code ignores them). Copilot CLI and VS Code read a missing type as `command`.',
  command: 'The command to run, on every platform. VS Code reads it; Copilot CLI and the cloud agent use it when `bash` or `powershell` is missing.',
  bash: 'The command on Linux and macOS (Copilot CLI format). VS Code runs it on Linux and macOS; the cloud agent (Linux) runs it.',
  powershell: 'The command on Windows (Copilot CLI format). VS Code runs it on Windows; the cloud agent (Linux) ignores it.',
  windows: 'The command on Windows (VS Code format), instead of `command`.',
  linux: 'The command on Linux (VS Code format), instead of `command`.',
  osx: 'The command on macOS (VS Code format), instead of `command`.',
  cwd: 'The working folder of the command, relative to the repository root (or absolute).',
  env: 'Environment variables for the command.',
  timeoutSec: 'Seconds before the hook is stopped (Copilot CLI format; default 30). VS Code reads it when `timeout` is missing.',
  timeout: 'Seconds before the hook is stopped (VS Code format; default 30). Copilot CLI reads it when `timeoutSec` is missing.',
  matcher: 'A regular expression Copilot CLI matches against the whole tool name (or agent name, trigger, notification type); VS Code ignores matchers.',
  exec: 'An executable Copilot CLI runs without a shell, with `args` (Copilot CLI only).',
  args: 'The arguments of `exec` (Copilot CLI only).',
  url: 'The URL an `http` hook POSTs to (Copilot CLI and the cloud agent).',
  headers: 'Request headers of an `http` hook.',
  prompt: 'The text a `prompt` hook submits at session start (Copilot CLI).',
};
