/**
 * A Claude Code settings file (`.claude/settings.json`, `.claude/settings.local.json`): its JSON,
 * the shape of `hooks`, each hook's event, matcher and handler, the scripts commands name, and the
 * tool names of `permissions`. Facts and sources: docs/hooks.md.
 */
import { parseTree, type Node } from 'jsonc-parser';
import type { IWorkspaceHost } from '../workspace/host';
import { property, startJsonFile, type Report, type SettingsAnalysis } from './jsonFile';
import { suggestAmong } from '../skills/clientFields';
import { CURSOR_HOOK_EVENTS, HANDLER_TYPES, HOOK_EVENT_BY_NAME, HOOK_EVENTS, type HookEvent } from './events';
import { permissionFindings } from './permissions';
import { missingScripts } from './scripts';
import { checkoutPaths, CLAUDE_CHECKOUT } from './checkoutPaths';
import { unsetEventVariables } from './inputVariables';
import { nonBlockingExits } from './blockingExit';
import { mcpServersInSettings } from './mcpInSettings';
import { certainName } from './codeActions';
import { CLAUDE_TOOLS } from '../subagents/tools';

const KNOWN_TOOLS: ReadonlySet<string> = new Set(CLAUDE_TOOLS);

export type { Report, SettingsAnalysis } from './jsonFile';
export { property } from './jsonFile';

const EVENT_NAMES = HOOK_EVENTS.map((e) => e.name);

/** The data of a certain rename (codeActions.ts), or none. */
export function fixData(name: string | undefined, newText: string): Record<string, unknown> | undefined {
  return name === undefined ? undefined : { name, newText };
}

/** `roots`: the workspace folders (URIs); scripts of a project outside them are not looked up. */
export function analyzeClaudeSettings(text: string, uri: string, host: IWorkspaceHost, roots?: readonly string[]): SettingsAnalysis {
  const start = startJsonFile(text, {
    file: 'This settings file',
    unread: 'ignores all of it',
    notObject: 'A Claude Code settings file holds one JSON object; Claude Code cannot use this one',
  });
  if (start.done) return start.done;
  const { root, diagnostics, report } = start;
  const hooks = property(root, 'hooks');
  if (hooks) checkHooks(hooks.value, report, { timeoutsInMs: true });
  const perms = property(root, 'permissions');
  // The project holding `.claude/settings.json`: its root's entries (a `tmp/` of its own) decide what a `/tmp/**` rule may mean.
  const project = uri.replace(/\/\.claude\/[^/]*$/, '');
  const projectHas = (name: string) => project !== uri && host.exists(`${project}/${name}`);
  if (perms) for (const f of permissionFindings(perms.value, projectHas)) report(f.code, f.severity, f.message, f.node, f.data);
  if (hooks?.value.type === 'object') {
    for (const f of missingScripts(text, hooks.value, uri, host, roots)) report(f.code, f.severity, f.message, f.node);
    // settings.local.json is one person's: their own paths are at home there.
    if (project !== uri && !uri.endsWith('/settings.local.json'))
      for (const f of checkoutPaths(text, hooks.value, project, host, CLAUDE_CHECKOUT)) report(f.code, f.severity, f.message, f.node);
    // The sibling settings file is read only when a command reads an event variable this file's `env` does not set.
    const own = envNames(root);
    let sibling: Set<string> | undefined;
    const defined = { has: (name: string) => own.has(name) || (sibling ??= siblingEnvNames(uri, host)).has(name) };
    for (const f of unsetEventVariables(text, hooks.value, defined)) report(f.code, f.severity, f.message, f.node);
    for (const f of nonBlockingExits(text, hooks.value)) report(f.code, f.severity, f.message, f.node, f.data);
  }
  for (const k of envKeysOutsideEnv(root)) {
    const name = k.value as string;
    report(
      'settings-env-misplaced',
      'warning',
      `'${name}' is an environment variable's name: Claude Code sets variables from "env" ({"env": {"${name}": …}}) and does not read it here`,
      k,
    );
  }
  const mcp = mcpServersInSettings(root, uri, host);
  if (mcp) report('settings-mcp-ignored', mcp.severity, mcp.message, mcp.node);
  return { root, diagnostics };
}

/** The names a settings file's `env` sets. */
function envNames(root: Node): Set<string> {
  const env = property(root, 'env')?.value;
  return new Set(env?.type === 'object' ? (env.children ?? []).map((p) => String(p.children?.[0]?.value)) : []);
}

/** The project's other settings file beside this one (`settings.json` and `settings.local.json`), whose `env` Claude Code merges into the same session. */
const SIBLING: Readonly<Record<string, string>> = { 'settings.json': 'settings.local.json', 'settings.local.json': 'settings.json' };

/** The names the sibling settings file's `env` sets: a hook of one file may read a variable the other sets. */
function siblingEnvNames(uri: string, host: IWorkspaceHost): Set<string> {
  const slash = uri.lastIndexOf('/');
  const other = SIBLING[uri.slice(slash + 1)];
  const text = other === undefined ? undefined : host.readText(`${uri.slice(0, slash + 1)}${other}`);
  const root = text === undefined ? undefined : parseTree(text, [], { allowTrailingComma: true });
  return root?.type === 'object' ? envNames(root) : new Set();
}

/** Top-level keys named as environment variables are (`MAX_THINKING_TOKENS`, `CLAUDE_CODE_SUBAGENT_MODEL`): no setting is (held-out round 47). */
function envKeysOutsideEnv(root: Node): Node[] {
  return (root.children ?? []).flatMap((p) => {
    const k = p.children?.[0];
    return k && typeof k.value === 'string' && /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/.test(k.value) ? [k] : [];
  });
}

/** What a caller asks of `checkHooks` beyond the shape. */
export interface HookCheckOptions {
  /** Point at a `timeout` that reads as milliseconds (a project's settings; a plugin's hooks file may be another client's). */
  timeoutsInMs?: boolean;
  /** The file is written in Cursor's hooks format (`"version": 1` at its top): Cursor's events are another client's, not mistakes. */
  cursorFormat?: boolean;
}

/** The `hooks` object of a settings or hooks file: events, matcher groups and handlers. */
export function checkHooks(hooks: Node, report: Report, options: HookCheckOptions = {}): void {
  if (hooks.type !== 'object') {
    report('settings-shape', 'error', "'hooks' must be an object of event name → list of matcher groups; Claude Code rejects this value", hooks);
    return;
  }
  for (const p of hooks.children ?? []) {
    const [k, v] = p.children ?? [];
    if (!k || !v || typeof k.value !== 'string') continue;
    const event = HOOK_EVENT_BY_NAME.get(k.value);
    if (!event && options.cursorFormat && CURSOR_HOOK_EVENTS.has(k.value)) {
      report(
        'hooks-event-unknown',
        'information',
        `'${k.value}' is a Cursor hook event, and this file is written in Cursor's hooks format ("version": 1): Cursor runs its hooks; Claude Code, if it loads this plugin, runs none of them`,
        k,
      );
    } else if (!event) {
      const fix = certainName(k.value, EVENT_NAMES);
      const s = fix ?? suggestAmong(k.value, EVENT_NAMES);
      report(
        'hooks-event-unknown',
        'warning',
        `'${k.value}' is no Claude Code hook event: its hooks never run${s ? `; did you mean '${s}'?` : ''}`,
        k,
        fixData(fix, JSON.stringify(fix)),
      );
    }
    // An unknown event's value is not read: one finding is enough.
    if (!event) continue;
    if (v.type !== 'array') {
      report('settings-shape', 'error', `The hooks of '${k.value}' must be a list of matcher groups ({"matcher": …, "hooks": […]}); Claude Code rejects this value`, v);
      continue;
    }
    for (const group of v.children ?? []) checkGroup(group, event, report, options);
  }
}

/** A matcher Claude Code reads as a regular expression (other characters than a name list). */
const PLAIN_MATCHER = /^[A-Za-z0-9_|, -]*$/;

function checkGroup(group: Node, event: HookEvent | undefined, report: Report, options: HookCheckOptions): void {
  if (group.type !== 'object') {
    report('settings-shape', 'error', 'A matcher group must be an object {"matcher": …, "hooks": […]}; Claude Code rejects this value', group);
    return;
  }
  const matcher = property(group, 'matcher');
  if (matcher && event) checkMatcher(matcher.value, event, report);
  const handlers = property(group, 'hooks');
  if (!handlers) {
    report('settings-shape', 'error', 'This matcher group has no "hooks" list of handlers; Claude Code rejects it', group);
    return;
  }
  if (handlers.value.type !== 'array') {
    report('settings-shape', 'error', '"hooks" of a matcher group must be a list of handlers ({"type": "command", "command": …}); Claude Code rejects this value', handlers.value);
    return;
  }
  for (const h of handlers.value.children ?? []) checkHandler(h, report, options);
}

function checkMatcher(m: Node, event: HookEvent, report: Report): void {
  if (m.type !== 'string') return;
  const value = m.value as string;
  if (value === '' || value === '*') return;
  if (event.matcher === 'none') {
    report('hooks-matcher-ignored', 'information', `Claude Code ignores the matcher of ${event.name} hooks: they run on every ${event.name}`, m);
    return;
  }
  if (event.matcher === 'glob') return;
  if (PLAIN_MATCHER.test(value)) {
    if (event.matcher === 'tool') checkToolNames(m, value, report);
    return;
  }
  try {
    const re = new RegExp(value);
    if (event.matcher === 'tool') {
      checkRuleShaped(m, value, re, report);
      checkExpressionShaped(m, value, re, report);
    }
  } catch (e) {
    const why = e instanceof Error ? e.message.replace(/^Invalid regular expression: /, '') : String(e);
    report('hooks-matcher-invalid', 'warning', `Claude Code reads this matcher as a regular expression and it does not compile (${why}): the hooks never match`, m);
  }
}

/**
 * The names of a plain matcher on a tool event. A tool's name never holds a space (`Bash`,
 * `mcp__github__create_issue`), so a name that does (`git commit`, meant as a command to catch)
 * matches no tool call, however Claude Code splits the list.
 */
function checkToolNames(m: Node, value: string, report: Report): void {
  const raw = m.length === value.length + 2;
  for (const part of value.matchAll(/[^|,]+/g)) {
    const name = part[0].trim();
    if (!/\s/.test(name)) continue;
    const at = part.index! + part[0].indexOf(name);
    const node = raw ? { offset: m.offset + 1 + at, length: name.length } : m;
    report(
      'hooks-matcher-no-tool',
      'warning',
      `Claude Code compares this matcher with tool names (Bash, Edit, mcp__server__tool), and no tool name holds a space: '${name}' matches no tool call, so these hooks never run for it; to act on some commands only, match 'Bash' and test the command in the hook`,
      node,
    );
  }
}

/**
 * A matcher written as a permission rule (`Bash(git commit*)`, `Edit(docs/*.md)`): Claude Code
 * compares it with the tool name alone, and as a regular expression it asks for more after the
 * name than any tool name holds, so it never matches the tool it names.
 */
function checkRuleShaped(m: Node, value: string, re: RegExp, report: Report): void {
  const tool = /^([A-Za-z][A-Za-z0-9_]*)\((.*)\)$/s.exec(value)?.[1];
  if (tool === undefined || !KNOWN_TOOLS.has(tool) || re.test(tool)) return;
  report(
    'hooks-matcher-no-tool',
    'warning',
    `'${value}' is written as a permission rule, but Claude Code compares a matcher with the tool name alone, and this one never matches '${tool}': these hooks never run; match '${tool}' and test the input in the hook`,
    m,
  );
}

/**
 * A matcher written as a condition on the tool call (`tool == "Write" && tool_input.file_path
 * matches "\\.env$"`): Claude Code compares a matcher with the tool name alone, as a regular
 * expression, and this one matches no tool name, so its hooks never run (held-out round 56: 14
 * such matchers, a guard of `.env` among them).
 */
function checkExpressionShaped(m: Node, value: string, re: RegExp, report: Report): void {
  if (!/\s(?:==|!=|&&|\|\||matches)\s/.test(value) || [...KNOWN_TOOLS].some((t) => re.test(t))) return;
  report(
    'hooks-matcher-no-tool',
    'warning',
    `This matcher is written as a condition on the tool call, but Claude Code compares a matcher with the tool name alone (Bash, Edit, mcp__server__tool): it matches no tool name, so these hooks never run; match the tool's name and test the input in the hook`,
    m,
  );
}

function checkHandler(h: Node, report: Report, options: HookCheckOptions): void {
  if (h.type !== 'object') {
    report('settings-shape', 'error', 'A hook handler must be an object {"type": "command", "command": …}; Claude Code rejects this value', h);
    return;
  }
  const type = property(h, 'type');
  if (!type) {
    report('hooks-handler-type-unknown', 'warning', `This hook handler has no "type" (${Object.keys(HANDLER_TYPES).join(', ')}): Claude Code cannot run it`, h);
  } else if (type.value.type !== 'string' || !(type.value.value in HANDLER_TYPES)) {
    const fix = typeof type.value.value === 'string' ? certainName(type.value.value, Object.keys(HANDLER_TYPES)) : undefined;
    const s = fix ?? (typeof type.value.value === 'string' ? suggestAmong(type.value.value, Object.keys(HANDLER_TYPES)) : undefined);
    const shown = type.value.type === 'string' ? `'${type.value.value}'` : 'This';
    report(
      'hooks-handler-type-unknown',
      'warning',
      `${shown} is no Claude Code hook type (${Object.keys(HANDLER_TYPES).join(', ')}): Claude Code cannot run this hook${s ? `; did you mean '${s}'?` : ''}`,
      type.value,
      fixData(fix, JSON.stringify(fix)),
    );
  } else {
    const needs = HANDLER_TYPES[type.value.value as string]!.needs;
    const missing = needs.filter((k) => {
      const v = property(h, k)?.value;
      return !v || v.type !== 'string' || !(v.value as string).trim();
    });
    if (missing.length)
      report(
        'hooks-handler-incomplete',
        'warning',
        `A '${type.value.value}' hook needs ${missing.map((k) => `"${k}"`).join(' and ')} as text: Claude Code cannot run this hook`,
        type.value,
      );
  }
  const timeout = property(h, 'timeout');
  if (timeout && !(timeout.value.type === 'number' && (timeout.value.value as number) > 0)) {
    report('hooks-timeout-invalid', 'warning', '"timeout" must be a positive number of seconds; Claude Code rejects this value', timeout.value);
  } else if (timeout && options.timeoutsInMs && looksLikeMs(timeout.value.value as number)) {
    const seconds = timeout.value.value as number;
    report(
      'hooks-timeout-large',
      'information',
      `Claude Code reads "timeout" in seconds: ${seconds} is ${Math.round(seconds / 60)} minutes before a hung hook is stopped; if milliseconds were meant, write ${seconds / 1000}`,
      timeout.value,
    );
  }
}

/** A whole number of thousands from 1,000 up (2000, 30000): milliseconds written where seconds are read (an hour is 3600, half of one 1800). */
function looksLikeMs(seconds: number): boolean {
  return seconds >= 1000 && seconds % 1000 === 0;
}
