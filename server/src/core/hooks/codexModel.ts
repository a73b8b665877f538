/**
 * What Codex reads of a `hooks.json` (`.codex/hooks.json` beside a project config layer): its
 * events and handler fields, as Codex's hooks documentation (developers.openai.com/codex/hooks)
 * and its source (codex-rs/hooks: `HooksFile`, `HookEvents`, `MatcherGroup`, `HookHandlerConfig`)
 * describe them. Sources and versions: docs/hooks.md#codex-hooks-files.
 */

/** `.codex/hooks.json` in any folder: Codex reads a project layer's `.codex/` folder from the repository root down to where a session starts. */
export function isCodexHooksPath(path: string): boolean {
  return /(^|[\\/])\.codex[\\/]hooks\.json$/.test(path);
}

export interface CodexHookEvent {
  name: string;
  /** When Codex fires it (hover and messages). */
  when: string;
}

const ev = (name: string, when: string): CodexHookEvent => ({ name, when });

/** The events Codex dispatches (its documentation of 2026-12, and `StopFailure` from its hook schemas). */
export const CODEX_HOOK_EVENTS: readonly CodexHookEvent[] = [
  ev('SessionStart', 'when a session starts, resumes or is cleared'),
  ev('SessionEnd', 'when the main thread ends'),
  ev('SubagentStart', 'when a subagent starts'),
  ev('SubagentStop', 'when a subagent finishes'),
  ev('UserPromptSubmit', 'when the user submits a prompt'),
  ev('PreToolUse', 'before a tool call runs; can block it'),
  ev('PermissionRequest', 'when Codex is about to ask for a permission; can answer it'),
  ev('PostToolUse', 'after a tool call'),
  ev('PreCompact', 'before the context is compacted'),
  ev('PostCompact', 'after the context is compacted'),
  ev('Stop', 'when a turn is about to stop; can make it continue'),
  ev('StopFailure', 'when a turn ends with an error'),
  ev('Interrupt', 'when the user interrupts an active turn'),
];

export const CODEX_EVENT_BY_NAME: ReadonlyMap<string, CodexHookEvent> = new Map(CODEX_HOOK_EVENTS.map((e) => [e.name, e]));

/** The keys Codex's `HooksFile` takes at the top of the file; it refuses any other (`deny_unknown_fields`). */
export const CODEX_ROOT_KEYS: readonly string[] = ['description', 'hooks'];

/** The handler types Codex parses (`type`, an internally tagged enum: another value fails the whole file). */
export const CODEX_HANDLER_TYPES: readonly string[] = ['command', 'prompt', 'agent', 'mcp_tool'];

/** The handler fields Codex reads as whole seconds (`u64`): a fraction, a negative number or a string fails the whole file. */
export const CODEX_SECONDS_KEYS: readonly string[] = ['timeout', 'timeoutSec'];
