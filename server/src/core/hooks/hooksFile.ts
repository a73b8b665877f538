/**
 * A Claude Code plugin's hooks file (`hooks/hooks.json`, or the path its manifest's `hooks` names):
 * `{"description"?: …, "hooks": {Event: [{matcher, hooks: [{type, command, timeout}]}]}}`, the
 * settings file's `hooks` one level down. The same checks as a settings file's hooks; a command's
 * `${CLAUDE_PLUGIN_ROOT}/…` script is looked up in the plugin. Facts and sources: docs/hooks.md#plugin-hooks.
 */
import type { Node } from 'jsonc-parser';
import type { IWorkspaceHost } from '../workspace/host';
import { isClaudeHooksFilePath } from '../plugins/components';
import { inTextOrder, readableObject, startJsonFile, topLevelEvent } from './jsonFile';
import { checkHooks, property, type SettingsAnalysis } from './analyze';
import { HOOK_EVENT_BY_NAME } from './events';
import { commandNodes, missingPluginScripts, relativePluginScripts } from './scripts';
import { unsetEventVariables } from './inputVariables';
import { nonBlockingExits } from './blockingExit';
import type { Finding } from './permissions';
import { LineIndex } from '../text/text';

/** `pluginRoot`: the folder `${CLAUDE_PLUGIN_ROOT}` stands for (none: scripts are not looked up); `roots`: the workspace folders. */
export function analyzeHooksFile(text: string, host: IWorkspaceHost, pluginRoot: string | undefined, roots?: readonly string[]): SettingsAnalysis {
  const start = startJsonFile(text, {
    file: "This plugin's hooks file",
    unread: 'runs none of its hooks',
    notObject: 'A plugin hooks file holds one JSON object {"hooks": {…}}; Claude Code cannot use this one',
  });
  if (start.done) return start.done;
  const { root, diagnostics, report } = start;
  const hooks = property(root, 'hooks');
  if (!hooks) {
    // Claude Code's loader requires a `hooks` record: without it the plugin fails to load ("Hook load failed: … expected record,
    // received undefined" at hooks; anthropics/claude-code#31763, and plugins' own reports through 2.1.235). Events at the top level
    // are the settings file's `hooks` value pasted as the whole file.
    const event = topLevelEvent(root, (name) => HOOK_EVENT_BY_NAME.has(name));
    const failed = 'Claude Code fails to load the plugin ("Hook load failed: … expected record, received undefined" at hooks)';
    report(
      'settings-shape',
      'error',
      event
        ? `${failed}: it reads a plugin's hooks under a top-level "hooks" key, so write {"hooks": {"${event.value as string}": …}}`
        : `${failed}: a plugin's hooks file holds its hooks under a top-level "hooks" key, {"hooks": {}} when there are none yet`,
      event ?? { offset: root.offset, length: 1 },
    );
    return { root, diagnostics };
  }
  // Cursor's format: `{"version": 1, "hooks": {"preToolUse": …}}` (cursor.com/docs/agent/hooks), as a plugin's Cursor variant writes it.
  const cursorFormat = property(root, 'version')?.value.type === 'number';
  checkHooks(hooks.value, report, { cursorFormat });
  if (hooks.value.type === 'object')
    for (const f of pluginCommandFindings(text, hooks.value, pluginRoot, host, roots, cursorFormat)) report(f.code, f.severity, f.message, f.node, f.data);
  return { root, diagnostics: inTextOrder(diagnostics) };
}

/**
 * What a plugin's hook commands do, wherever the plugin writes its hooks (`hooks/hooks.json`, or
 * inline in plugin.json): scripts it lacks or names by a path relative to it, event variables
 * Claude Code never sets, guards that exit 1. `pluginRoot` unknown: no script is looked up. A
 * file in Cursor's format (`cursorFormat`) gets the script lookup only.
 */
export function pluginCommandFindings(text: string, hooks: Node, pluginRoot: string | undefined, host: IWorkspaceHost, roots?: readonly string[], cursorFormat = false): Finding[] {
  return [
    ...(pluginRoot ? missingPluginScripts(text, hooks, pluginRoot, host, roots) : []),
    ...(pluginRoot && !cursorFormat ? relativePluginScripts(text, hooks, pluginRoot, host) : []),
    ...(cursorFormat ? [] : unsetEventVariables(text, hooks)),
    ...(cursorFormat ? [] : nonBlockingExits(text, hooks)),
  ];
}

/** The settings files of the `.claude/` folder a hooks file is in (`.claude/hooks.json`, `.claude/hooks/hooks.json`). */
const SETTINGS_FILES = ['settings.json', 'settings.local.json'];

/** The commands of a `hooks` object (none when it is missing or no object). */
function commandsIn(hooks: Node | undefined): Set<string> {
  return new Set(hooks?.type === 'object' ? commandNodes(hooks).map((c) => String(c.value).trim()) : []);
}

/**
 * Why this file's hooks run all the same, if they do: the `.claude/` folder's settings file, or for
 * a plugin root's `hooks.json` the plugin's `hooks/hooks.json`, registers every command it holds;
 * or a `plugin.json` beside it makes the folder a GitHub Copilot CLI plugin, which reads
 * `hooks.json` there (a plugin kept for both clients).
 */
function runsElsewhere(commands: ReadonlySet<string>, uri: string, host: IWorkspaceHost | undefined): string | undefined {
  if (!host || commands.size === 0) return undefined;
  const claude = isClaudeHooksFilePath(uri);
  const dir = claude ? uri.slice(0, uri.lastIndexOf('/.claude/') + '/.claude'.length) : uri.slice(0, -'/hooks.json'.length);
  const registering = claude ? SETTINGS_FILES.map((name) => [`${dir}/${name}`, `.claude/${name}`] as const) : [[`${dir}/hooks/hooks.json`, 'hooks/hooks.json'] as const];
  for (const [file, label] of registering) {
    const text = host.readText(file);
    const settings = text === undefined ? undefined : readableObject(text);
    const registered = commandsIn(settings && property(settings, 'hooks')?.value);
    if ([...commands].every((c) => registered.has(c))) return `${label} registers every command this file holds, so those hooks run from there`;
  }
  if (!claude && host.exists(`${dir}/plugin.json`)) return "the plugin.json beside it is GitHub Copilot CLI's plugin manifest, and Copilot CLI reads a plugin's hooks.json there";
  return undefined;
}

/**
 * A `.claude/hooks.json` or `.claude/hooks/hooks.json` that no plugin names, or a `hooks.json` in a
 * plugin's root its manifest does not name (`isUnreadClaudeHooks`): Claude Code never reads it, so one warning on its `hooks` key (or its start) says so, and
 * nothing in it is judged further: none of it runs. When its hooks run all the same
 * (`runsElsewhere`: the file is a source another tool or a sync script reads; held-out round 67):
 * information saying so.
 */
export function analyzeUnreadHooksFile(text: string, uri?: string, host?: IWorkspaceHost): SettingsAnalysis {
  const start = startJsonFile(text, { file: 'This hooks file', unread: 'runs none of its hooks', notObject: 'A hooks file holds one JSON object' });
  const root = start.done ? start.done.root : start.root;
  // Written in Cursor's format (`"version": 1`): another tool's file, not Claude Code's hooks in the wrong place.
  if (root && property(root, 'version')?.value.type === 'number') return { root, diagnostics: [] };
  // A plugin root's `hooks.json` is hooks only when it holds a `hooks` object (another tool may keep a file of that name there).
  if (uri !== undefined && !isClaudeHooksFilePath(uri) && (!root || property(root, 'hooks')?.value.type !== 'object')) return { root, diagnostics: [] };
  const key = root ? property(root, 'hooks')?.key : undefined;
  const at = key ?? { offset: root?.offset ?? 0, length: 1 };
  const index = new LineIndex(text);
  const range = { start: index.positionAt(at.offset), end: index.positionAt(at.offset + at.length) };
  const unread = 'Claude Code does not read this file: a project\'s hooks go under "hooks" in .claude/settings.json (or settings.local.json), a plugin\'s in its hooks/hooks.json';
  const elsewhere = uri === undefined ? undefined : runsElsewhere(commandsIn(root ? property(root, 'hooks')?.value : undefined), uri, host);
  return {
    root,
    diagnostics: [
      elsewhere
        ? { code: 'hooks-file-unread', severity: 'information', message: `${unread}; ${elsewhere}`, range }
        : { code: 'hooks-file-unread', severity: 'warning', message: `${unread}; none of these hooks runs`, range },
    ],
  };
}
