/**
 * A Codex `hooks.json` beside a project config layer (`.codex/hooks.json`):
 * `{"description"?, "hooks": {Event: [{"matcher"?, "hooks": [handler, …]}]}}`, Claude Code's
 * nested shape with Codex's own events. Codex parses it with serde into typed records: a value of
 * the wrong type anywhere, a handler without a `type` or a `command`, or a top-level key other
 * than `description` and `hooks`, and it prints "failed to parse hooks config" at startup and runs
 * none of the file's hooks (errors); an event it does not know or a group without `hooks` it
 * reads as nothing, without a word (warnings). Facts and sources: docs/hooks.md#codex-hooks-files.
 */
import type { Node } from 'jsonc-parser';
import type { IWorkspaceHost } from '../workspace/host';
import { inTextOrder, property, startJsonFile, type Report, type SettingsAnalysis } from './jsonFile';
import { fixData } from './analyze';
import { certainName } from './codeActions';
import { suggestAmong } from '../skills/clientFields';
import { CODEX_EVENT_BY_NAME, CODEX_HANDLER_TYPES, CODEX_HOOK_EVENTS, CODEX_ROOT_KEYS, CODEX_SECONDS_KEYS } from './codexModel';
import { HOOK_EVENT_BY_NAME } from './events';
import { commandNodes, GUARDED, missingCodexScripts, valueSpan } from './scripts';
import { foldersBelowRoot } from '../skills/copies';
import { checkoutPaths, CODEX_CHECKOUT } from './checkoutPaths';
import { dirnameUri } from '../world/paths';
import { assignedIn } from './eventVariables';

/** What Codex does with a file it cannot deserialize. */
const REFUSED = 'Codex prints "failed to parse hooks config" at startup and runs none of this file\'s hooks';
const EVENT_NAMES = CODEX_HOOK_EVENTS.map((e) => e.name);

/** A `.codex/` folder inside a test folder (below the workspace roots) holds a linter's or a tool's fixture, which no session starts in. */
function isFixture(uri: string, roots?: readonly string[]): boolean {
  return foldersBelowRoot(uri, roots).some((f) => /^(?:tests?|__tests__|spec|fixtures?|testdata)$/.test(f));
}

/** `roots`: the workspace folders (URIs); scripts of a repository outside them are not looked up. */
export function analyzeCodexHooks(text: string, uri: string, host: IWorkspaceHost, roots?: readonly string[]): SettingsAnalysis {
  const a = analyzeShape(text, uri, host, roots);
  if (!isFixture(uri, roots)) return a;
  return {
    root: a.root,
    diagnostics: a.diagnostics.map((d) => ({
      ...d,
      severity: 'information',
      message: `${d.message} (this .codex folder is inside a test folder: a fixture no Codex session starts in)`,
    })),
  };
}

function analyzeShape(text: string, uri: string, host: IWorkspaceHost, roots?: readonly string[]): SettingsAnalysis {
  const start = startJsonFile(text, {
    file: 'This hooks file',
    unread: 'runs none of its hooks (it reads hooks.json as strict JSON: no comments, no trailing commas)',
    reader: 'Codex',
    notObject: `A hooks file holds one JSON object {"hooks": {…}}: ${REFUSED}`,
    codes: { json: 'codex-hooks-json-invalid', shape: 'codex-hooks-shape' },
    strict: true,
  });
  if (start.done) return start.done;
  const { root, diagnostics, report } = start;
  checkRoot(root, report);
  const hooks = property(root, 'hooks')?.value;
  if (!hooks || hooks.type === 'null') return { root, diagnostics: inTextOrder(diagnostics) };
  if (hooks.type !== 'object') {
    report('codex-hooks-shape', 'error', `"hooks" must be an object of event name → list of matcher groups: ${REFUSED}`, hooks);
    return { root, diagnostics: inTextOrder(diagnostics) };
  }
  checkEvents(hooks, report);
  checkCommands(text, knownEvents(hooks), uri, host, report, roots);
  return { root, diagnostics: inTextOrder(diagnostics) };
}

/** The top-level keys: Codex's hooks file takes `description` (a string) and `hooks` only. */
function checkRoot(root: Node, report: Report): void {
  for (const p of root.children ?? []) {
    const k = p.children?.[0];
    if (!k || typeof k.value !== 'string' || CODEX_ROOT_KEYS.includes(k.value)) continue;
    const where = CODEX_EVENT_BY_NAME.has(k.value) ? ` (an event belongs under "hooks": {"${k.value}": […]})` : '';
    report('codex-hooks-shape', 'error', `Codex takes only "description" and "hooks" at the top of hooks.json: over '${k.value}' (unknown field) ${REFUSED}${where}`, k);
  }
  const description = property(root, 'description')?.value;
  if (description && description.type !== 'string' && description.type !== 'null') report('codex-hooks-shape', 'error', `"description" must be a string: ${REFUSED}`, description);
}

/** What the commands of the events Codex runs do: plugin variables, the author's checkout, the project's scripts. */
function checkCommands(text: string, hooks: Node, uri: string, host: IWorkspaceHost, report: Report, roots?: readonly string[]): void {
  pluginVariables(text, hooks, report);
  const codexDir = dirnameUri(uri);
  if (codexDir.endsWith('/.codex')) for (const f of checkoutPaths(text, hooks, dirnameUri(codexDir), host, CODEX_CHECKOUT)) report(f.code, f.severity, f.message, f.node);
  for (const f of missingCodexScripts(text, hooks, uri, host, roots)) report(f.code, f.severity, f.message, f.node);
}

/** The `hooks` object with only the events Codex runs (the scripts of another event never run). */
function knownEvents(hooks: Node): Node {
  return { ...hooks, children: (hooks.children ?? []).filter((p) => CODEX_EVENT_BY_NAME.has(String(p.children?.[0]?.value))) };
}

function checkEvents(hooks: Node, report: Report): void {
  for (const p of hooks.children ?? []) {
    const [k, v] = p.children ?? [];
    if (!k || !v || typeof k.value !== 'string' || !k.value) continue;
    const name = k.value;
    // The value of an event Codex does not know is skipped unread, whatever it holds.
    if (!CODEX_EVENT_BY_NAME.has(name)) {
      reportUnknownEvent(k, name, report);
      continue;
    }
    if (v.type === 'null') continue;
    if (v.type !== 'array') {
      report('codex-hooks-shape', 'error', `The value of '${name}' must be a list of matcher groups [{"matcher": …, "hooks": […]}]: ${REFUSED}`, v);
      continue;
    }
    for (const group of v.children ?? []) checkGroup(group, name, report);
  }
}

function reportUnknownEvent(k: Node, name: string, report: Report): void {
  const fix = certainName(name, EVENT_NAMES);
  const s = fix ?? suggestAmong(name, EVENT_NAMES);
  const claude = HOOK_EVENT_BY_NAME.has(name) ? ' (it is a Claude Code event)' : '';
  report(
    'codex-hooks-event-unknown',
    'warning',
    `'${name}' is no Codex hook event${claude}: Codex reads nothing of it and never runs its hooks${s ? `; did you mean '${s}'?` : ''}`,
    k,
    fixData(fix, JSON.stringify(fix)),
  );
}

function checkGroup(group: Node, event: string, report: Report): void {
  if (group.type === 'null' || group.type === 'array') return; // null is an empty group; serde reads an array as the group's fields in order
  if (group.type !== 'object') {
    report('codex-hooks-shape', 'error', `A matcher group of '${event}' must be an object {"matcher": …, "hooks": […]}: ${REFUSED}`, group);
    return;
  }
  const matcher = property(group, 'matcher')?.value;
  if (matcher && matcher.type !== 'string' && matcher.type !== 'null') report('codex-hooks-shape', 'error', `"matcher" must be a string: ${REFUSED}`, matcher);
  const handlers = property(group, 'hooks');
  if (!handlers || handlers.value.type === 'null') {
    const flat = property(group, 'type') ?? property(group, 'command');
    report(
      'codex-hooks-shape',
      'warning',
      `Codex runs a matcher group's handlers from its "hooks" list, and this group of '${event}' has none: it runs nothing${flat ? ` (write the handler inside it: {"hooks": [{"type": "command", "command": …}]})` : ''}`,
      flat?.key ?? group,
    );
    return;
  }
  if (handlers.value.type !== 'array') {
    report('codex-hooks-shape', 'error', `"hooks" of a matcher group must be a list of handlers: ${REFUSED}`, handlers.value);
    return;
  }
  for (const h of handlers.value.children ?? []) checkHandler(h, report);
}

function checkHandler(h: Node, report: Report): void {
  if (h.type !== 'object') {
    report('codex-hooks-shape', 'error', `A handler must be an object {"type": "command", "command": …}: ${REFUSED}`, h);
    return;
  }
  const type = property(h, 'type');
  if (!type) {
    report('codex-hooks-shape', 'error', `A handler needs a "type" ("command"): over this one (missing field \`type\`) ${REFUSED}`, h);
    return;
  }
  if (type.value.type !== 'string' || !CODEX_HANDLER_TYPES.includes(type.value.value as string)) {
    const s = typeof type.value.value === 'string' ? suggestAmong(type.value.value, CODEX_HANDLER_TYPES) : undefined;
    report(
      'codex-hooks-shape',
      'error',
      `Codex knows the handler types ${CODEX_HANDLER_TYPES.map((t) => `"${t}"`).join(', ')}: over this one (unknown variant) ${REFUSED}${s ? `; did you mean '${s}'?` : ''}`,
      type.value,
    );
    return;
  }
  for (const key of CODEX_SECONDS_KEYS) {
    const v = property(h, key)?.value;
    if (v && v.type !== 'null' && !(v.type === 'number' && Number.isInteger(v.value) && (v.value as number) >= 0))
      report('codex-hooks-shape', 'error', `"${key}" is a whole number of seconds to Codex: over ${JSON.stringify(v.value ?? null)} ${REFUSED}`, v);
  }
  const status = property(h, 'statusMessage')?.value;
  if (status && status.type !== 'string' && status.type !== 'null') report('codex-hooks-shape', 'error', `"statusMessage" must be a string: ${REFUSED}`, status);
  if (type.value.value === 'command') checkCommand(h, report);
}

function checkCommand(h: Node, report: Report): void {
  const command = property(h, 'command');
  if (!command) {
    report('codex-hooks-shape', 'error', `A "command" handler needs a "command": over this one (missing field \`command\`) ${REFUSED}`, h);
    return;
  }
  if (command.value.type !== 'string') {
    report('codex-hooks-shape', 'error', `"command" must be a string: ${REFUSED}`, command.value);
    return;
  }
  if (!(command.value.value as string).trim())
    report('codex-hooks-shape', 'warning', 'Codex skips a handler whose command is empty ("skipping empty hook command")', command.value);
  const async = property(h, 'async')?.value;
  if (async && async.type !== 'boolean') report('codex-hooks-shape', 'error', `"async" must be true or false: ${REFUSED}`, async);
}

/** The variables Codex sets for a plugin's hooks only (and `CODEX_…`, which it never sets), read without a default. */
const PLUGIN_VARIABLE = /\$(?:\{((?:CLAUDE_|CODEX_)?PLUGIN_(?:ROOT|DATA))\}|((?:CLAUDE_|CODEX_)?PLUGIN_(?:ROOT|DATA))(?![\w{]))/g;

/**
 * A project's hooks (`.codex/hooks.json`) that read a plugin's variables (`${PLUGIN_ROOT}`,
 * `$CLAUDE_PLUGIN_ROOT`, `${CODEX_PLUGIN_ROOT}`): Codex fills them in only for the hooks an
 * installed plugin brings, so here they are empty, `node ${CODEX_PLUGIN_ROOT}/dist/x.js` runs
 * `node /dist/x.js`, and the hook fails on every event (held-out round 77). A default
 * (`${PLUGIN_ROOT:-.}`), a command that sets the variable itself, or one that tests for its
 * file first is not reported.
 */
function pluginVariables(text: string, hooks: Node, report: Report): void {
  for (const c of commandNodes(hooks)) {
    const command = c.value as string;
    if (GUARDED.test(command)) continue;
    for (const m of command.matchAll(PLUGIN_VARIABLE)) {
      const name = (m[1] ?? m[2])!;
      if (assignedIn(command, name)) continue;
      report(
        'codex-hooks-variable-unset',
        'warning',
        `Codex sets no ${name} for a project's hooks: it fills in a plugin's variables only for the hooks an installed plugin brings${name.startsWith('CODEX_') ? ` (and never one named ${name}: a plugin's hooks get PLUGIN_ROOT and CLAUDE_PLUGIN_ROOT)` : ''}, so here it is empty and the command fails. Write the path from the project's root (.codex/…, "$(git rev-parse --show-toplevel)"/…)`,
        valueSpan(text, c, m.index, m[0].length),
      );
    }
  }
}
