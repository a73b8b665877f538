/**
 * The scripts hook commands name inside the project (`$CLAUDE_PROJECT_DIR/.claude/hooks/x.sh`,
 * `.claude/hooks/x.py`; Codex's `.codex/hooks/x.sh`, `"$(git rev-parse --show-toplevel)"/x.sh`)
 * that do not exist or cannot run as written: the client runs the command and it fails. Only paths
 * under the project root (the folder holding `.claude/` or `.codex/`) are looked up; nothing is run.
 */
import { parseTree, type Node } from 'jsonc-parser';
import type { Location } from 'vscode-languageserver-types';
import { LineIndex } from '../text/text';
import type { Position } from '../types';
import { GitIgnored, outermostRoot } from '../workspace/gitIgnored';
import { isExecutable, linkOutside, relativeLabel, type IWorkspaceHost } from '../workspace/host';
import { dirnameUri, isInside, resolveRelative } from '../world/paths';
import type { Finding } from './permissions';
import { HOOK_EVENT_BY_NAME } from './events';

/** `$(git rev-parse --show-toplevel)`, quoted or not: the repository's root, where Codex hooks find their scripts. */
const GIT_TOP = String.raw`\$\(git rev-parse --show-toplevel\)`;

/** Whose hook commands, and how they name a script. */
interface ScriptStyle {
  /** The client that runs the commands. */
  client: string;
  /** What the client makes of a hook that exits with an error. */
  failure: string;
  pattern: RegExp;
  /** A script path written from the project root whatever a `cd` before it says; undefined: no `cd` is followed (a plugin's paths). */
  fromRoot?: RegExp;
  inPlugin: boolean;
  /** A path written from `fromRoot` is looked up only when the project folder holds this entry (it is the repository's root). */
  rootMarker?: string;
  codes: { missing: string; notExecutable: string };
}

const CLAUDE_CODES = { missing: 'hooks-script-missing', notExecutable: 'hooks-script-not-executable' };

const STYLES = {
  /** `$CLAUDE_PROJECT_DIR/…`, `"${CLAUDE_PROJECT_DIR}"/…`, or a path starting with `./` or `.claude/`. */
  project: {
    client: 'Claude Code',
    failure: 'which Claude Code takes as a non-blocking error',
    pattern: /(?:^|[\s;&|('"=])(?:"?\$\{?CLAUDE_PROJECT_DIR\}?"?\/|\.\/|(?=\.claude\/))([A-Za-z0-9_./@+-]+\.[A-Za-z0-9]+)(?=$|[\s;&|)'"])/g,
    fromRoot: /CLAUDE_PROJECT_DIR/,
    inPlugin: false,
    codes: CLAUDE_CODES,
  },
  /** `${CLAUDE_PLUGIN_ROOT}/…` or `"$CLAUDE_PLUGIN_ROOT"/…` (a plugin's hooks run with the user's project as working folder: `./` is not the plugin's). */
  plugin: {
    client: 'Claude Code',
    failure: 'which Claude Code takes as a non-blocking error',
    pattern: /(?:^|[\s;&|('"=])"?\$\{?CLAUDE_PLUGIN_ROOT\}?"?\/([A-Za-z0-9_./@+-]+\.[A-Za-z0-9]+)(?=$|[\s;&|)'"])/g,
    inPlugin: true,
    codes: CLAUDE_CODES,
  },
  /** Codex's project hooks: `"$(git rev-parse --show-toplevel)"/…`, or a path starting with `./` or `.codex/`. */
  codex: {
    client: 'Codex',
    failure: 'which Codex reports as a failed hook',
    pattern: new RegExp(String.raw`(?:^|[\s;&|('"=])(?:"?${GIT_TOP}"?\/|\.\/|(?=\.codex\/))([A-Za-z0-9_./@+-]+\.[A-Za-z0-9]+)(?=$|[\s;&|)'"])`, 'g'),
    fromRoot: /git rev-parse/,
    inPlugin: false,
    rootMarker: '.git',
    codes: { missing: 'codex-hooks-script-missing', notExecutable: 'codex-hooks-script-not-executable' },
  },
} satisfies Record<string, ScriptStyle>;

/** A script path of a command: as written from the project (or plugin) root, where it starts in the command and how long it is there. */
interface ScriptPath {
  path: string;
  at: number;
  length: number;
  /** Written after the variable that names the root (`$CLAUDE_PROJECT_DIR`, `$(git rev-parse --show-toplevel)`). */
  fromRoot: boolean;
}

/** What stands before an output redirection's target (`>`, `>>`, `2>`, `&>`), up to an opening quote. */
const REDIRECTED = />\s*["']?$/;

/** The project-relative (or, for a plugin, plugin-relative) script paths a command names, with the offset and length of each as written in the command (not the files it writes to). */
export function scriptPaths(command: string, style: ScriptStyle = STYLES.project): ScriptPath[] {
  const out: ScriptPath[] = [];
  for (const m of command.matchAll(style.pattern)) {
    let path = m[1]!;
    if (path.split('/').some((s) => s === '..' || s === '')) continue;
    // A file the command writes to (`>> .claude/hooks.log`): the shell creates it, nothing runs it.
    if (REDIRECTED.test(command.slice(0, m.index + 1))) continue;
    const at = m.index + m[0].indexOf(path);
    const length = path.length;
    const fromRoot = !!style.fromRoot?.test(m[0]);
    // A path written from the folder a `cd` before it went to (`cd "$CLAUDE_PROJECT_DIR/tools" && node x.js`): from there.
    if (style.fromRoot && !fromRoot) {
      const from = folderAfterCd(command.slice(0, m.index + 1));
      if (from === null) continue; // a folder this command alone does not tell
      if (from) path = `${from}/${path.replace(/^\.\//, '')}`;
    }
    out.push({ path, at, length, fromRoot });
  }
  return out;
}

/** `cd <folder>` followed by `&&` or `;`: the folder (quotes and a leading `$CLAUDE_PROJECT_DIR` taken off). */
const CD = /(?:^|[;&|(]\s*)cd\s+("[^"]*"|'[^']*'|[^\s;&|)]+)\s*(?:&&|;)/g;

/**
 * The project folder a command's text up to a point runs in after its last `cd`: '' for the
 * project root (no `cd`, or `cd "$CLAUDE_PROJECT_DIR"`), a project-relative folder (`tools`), or
 * null when the folder is not one the command tells (a variable, an absolute path, `..`).
 */
function folderAfterCd(before: string): string | null {
  const all = [...before.matchAll(CD)];
  if (!all.length) return '';
  const arg = all[all.length - 1]![1]!.replace(/^["']|["']$/g, '');
  const rest = arg
    .replace(/^\$\{?CLAUDE_PROJECT_DIR(?::-[^}]*)?\}?\/?/, '')
    .replace(/^\$\(git rev-parse --show-toplevel\)\/?/, '')
    .replace(/^\.\/?/, '')
    .replace(/\/+$/, '');
  if (/^\/|\$|~|(?:^|\/)\.\.(?:\/|$)/.test(rest)) return null;
  return rest;
}

/** The handlers' `command` string nodes of a `hooks` object. */
export function commandNodes(hooks: Node): Node[] {
  return (hooks.children ?? []).flatMap((p) => groupCommandNodes(p.children?.[1]));
}

/** The `command` strings of one event's matcher groups. */
export function groupCommandNodes(groups: Node | undefined): Node[] {
  const out: Node[] = [];
  for (const group of groups?.children ?? []) {
    const handlers = group.type === 'object' ? group.children?.find((c) => c.children?.[0]?.value === 'hooks')?.children?.[1] : undefined;
    for (const h of handlers?.type === 'array' ? (handlers.children ?? []) : []) {
      const c = h.type === 'object' ? h.children?.find((x) => x.children?.[0]?.value === 'command')?.children?.[1] : undefined;
      if (c?.type === 'string') out.push(c);
    }
  }
  return out;
}

/** A command that tests for its script first (`[ -x "$H" ] && exec "$H"`, `[ ! -f "$H" ] || node "$H"`, `|| true`) does not fail without it. */
export const GUARDED = /\[\s+(?:!\s+)?-[efxrs]\s|\btest\s+(?:!\s+)?-[efxrs]\s|\|\|\s*(true|exit\s+0|:)\b/;

/**
 * The missing scripts of a `hooks` object's commands. With `roots`, a project outside all of them
 * (a settings file checked alone) is not looked into.
 */
export function missingScripts(text: string, hooks: Node, uri: string, host: IWorkspaceHost, roots?: readonly string[]): Finding[] {
  const claudeDir = dirnameUri(uri);
  if (!claudeDir.endsWith('/.claude')) return [];
  // settings.local.json is one person's file: a link to a folder of their machine may hold there.
  return missingUnder(text, hooks, dirnameUri(claudeDir), STYLES.project, host, roots, uri.endsWith('/settings.local.json'));
}

/** The missing or unrunnable scripts of a Codex `.codex/hooks.json`'s commands (the project: the folder holding `.codex/`). */
export function missingCodexScripts(text: string, hooks: Node, uri: string, host: IWorkspaceHost, roots?: readonly string[]): Finding[] {
  const codexDir = dirnameUri(uri);
  if (!codexDir.endsWith('/.codex')) return [];
  return missingUnder(text, hooks, dirnameUri(codexDir), STYLES.codex, host, roots);
}

/** The missing scripts of a plugin's hooks commands (`${CLAUDE_PLUGIN_ROOT}/…`, under `pluginRoot`). */
export function missingPluginScripts(text: string, hooks: Node, pluginRoot: string, host: IWorkspaceHost, roots?: readonly string[]): Finding[] {
  return missingUnder(text, hooks, pluginRoot, STYLES.plugin, host, roots);
}

/**
 * The command of a plugin's hook that starts a script of the plugin by a path relative to it
 * (`hooks/session-start.sh`, `bash scripts/check.sh`, `node ./hooks/x.js`): Claude Code runs a
 * plugin's hooks in the user's project folder, where that path names nothing, and the hook fails
 * on every event. Reported only when the plugin has the file and the command names neither
 * `CLAUDE_PLUGIN_ROOT` nor a `cd` (held-out round 61: a marketplace's plugins with bare paths).
 */
export function relativePluginScripts(text: string, hooks: Node, pluginRoot: string, host: IWorkspaceHost): Finding[] {
  const out: Finding[] = [];
  // Only the commands of events Claude Code has: those of another name never run (hooks-event-unknown says so).
  const commands = (hooks.children ?? []).filter((p) => HOOK_EVENT_BY_NAME.has(String(p.children?.[0]?.value))).flatMap((p) => groupCommandNodes(p.children?.[1]));
  for (const c of commands) {
    const command = c.value as string;
    if (/CLAUDE_PLUGIN_ROOT|\bcd\s/.test(command)) continue;
    const m = LEADING_SCRIPT.exec(command);
    if (!m) continue;
    const path = m[2]!;
    const relative = path.replace(/^\.\//, '');
    if (relative.split('/').some((part) => part === '..' || part === '') || !host.exists(resolveRelative(pluginRoot, relative))) continue;
    out.push({
      code: 'hooks-script-missing',
      severity: 'warning',
      message: `Claude Code runs a plugin's hooks in the user's project folder, where '${path}' names no file: the script is the plugin's, so write "\${CLAUDE_PLUGIN_ROOT}/${relative}"; as written, the command fails on every event`,
      node: valueSpan(text, c, m.index + m[1]!.length, path.length),
    });
  }
  return out;
}
/** A command that starts with a relative script path, alone or after the program that runs it (`bash`, `node`, `python3`, `pwsh -File`…). */
const LEADING_SCRIPT =
  /^(\s*(?:(?:bash|sh|zsh|node|bun|deno run|python3?|uv run|ruby|perl|pwsh|powershell)(?:\s+-(?:File|ExecutionPolicy\s+\w+|NoProfile|\w))*\s+)?["']?)((?:\.\/)?[A-Za-z0-9_@+-][A-Za-z0-9_.@+-]*\/[A-Za-z0-9_./@+-]*\.[A-Za-z0-9]+)(?=$|[\s;&|)'"])/;

/** `personal`: a file of one person's (settings.local.json), where a script behind a link to their machine's folder is advice. */
function missingUnder(text: string, hooks: Node, root: string, style: ScriptStyle, host: IWorkspaceHost, roots?: readonly string[], personal = false): Finding[] {
  const inPlugin = style.inPlugin;
  if (roots && !roots.some((r) => isInside(r, root))) return [];
  const out: Finding[] = [];
  // Scripts that are there but cannot run as written: reported as they are, whatever the others.
  const kept: Finding[] = [];
  let found = 0;
  let ignored: GitIgnored | undefined;
  for (const c of commandNodes(hooks)) {
    const command = c.value as string;
    if (GUARDED.test(command)) continue;
    for (const s of scriptPaths(command, style)) {
      // The repository's root is another folder than the project's: not looked up.
      if (s.fromRoot && style.rootMarker && !host.exists(`${root}/${style.rootMarker}`)) continue;
      const target = resolveRelative(root, s.path);
      if (host.exists(target)) {
        found++;
        const runnable = runsDirectly(command, s.at) ? notExecutable(text, c, s, target, host, style) : undefined;
        if (runnable) kept.push(runnable);
        continue;
      }
      // A folder committed as a symbolic link to one machine's folder (`.claude/hooks -> /root/…`): say which.
      const via = linkOutside(host, target);
      // A script the repository's .gitignore leaves out is one each checkout makes for itself (a tool's setup step writes it).
      const local = !via && (ignored ??= new GitIgnored(host, outermostRoot(root, roots, root))).ignores(target);
      const where = via
        ? `'${s.path}' is reached through the symbolic link '${relativeLabel(root, via)}', which leads outside the workspace, to a folder of one machine: a checkout elsewhere has no such file, and`
        : local
          ? `'${s.path}' is not in this ${inPlugin ? 'plugin' : 'project'}, and its .gitignore leaves it out: each checkout makes its own (a setup step of a tool); until one does,`
          : `'${s.path}' is not in this ${inPlugin ? 'plugin' : 'project'}:`;
      out.push({
        code: style.codes.missing,
        severity: (via && personal) || local ? 'information' : 'warning',
        message: `${where} ${style.client} runs the command and it fails`,
        node: valueSpan(text, c, s.at, s.length),
      });
    }
  }
  // A plugin none of whose scripts is there is most often a copy kept without them (a mirror of
  // a marketplace, docs): advice, not a certain failure.
  if (inPlugin && found === 0)
    return out.map((f) => ({
      ...f,
      severity: 'information',
      message: `${f.message.replace(/(?::| and) Claude Code runs.*$/, '')}, nor is any script this file's commands name (a copy of the plugin without its scripts?): installed like this, Claude Code runs the command and it fails`,
    }));
  return [...out, ...kept];
}

/** What may stand before a script's path for the shell to run the file itself: a variable prefix (`"$CLAUDE_PROJECT_DIR"/`, `${CLAUDE_PLUGIN_ROOT}/`), `./`, a quote. */
const PATH_PREFIX = /["']?(?:(?:\$\{?CLAUDE_(?:PROJECT_DIR|PLUGIN_ROOT)\}?|\$\(git rev-parse --show-toplevel\))["']?\/|\.\/)?$/;
/** The start of a simple command: the command's start or a separator, then `exec` and variable assignments (`FOO=1 ./x.sh`). */
const COMMAND_START = /(?:^|&&|\|\||[;|(\n]|\$\()\s*(?:exec\s+|[A-Za-z_]\w*=(?:"[^"]*"|'[^']*'|[^\s;&|]*)\s+)*$/;

/** True when the script whose path starts at `at` is the program of its simple command (`.claude/hooks/x.sh`, not `bash .claude/hooks/x.sh`). */
function runsDirectly(command: string, at: number): boolean {
  return COMMAND_START.test(command.slice(0, at).replace(PATH_PREFIX, ''));
}

/**
 * A Windows program (`notify.cmd` starting `@echo off`), which no Unix shell runs with any mode;
 * a `.cmd` that is a shell script too (`: << 'CMDBLOCK'`, the polyglot wrappers plugins ship) is not.
 */
function windowsOnly(path: string, text: string | undefined): boolean {
  return /\.(?:cmd|bat|ps1|exe|com)$/i.test(path) && !/^(?:#!|:)/.test(text ?? '');
}

/**
 * A script the command runs as a program whose mode has no executable bit: the shell Claude Code
 * runs the command with refuses it ("Permission denied", exit status 126), a non-blocking error,
 * and the hook does nothing. Only where the host can tell the mode (not on Windows, where Git
 * Bash runs a script with a `#!` line whatever its mode).
 */
function notExecutable(text: string, c: Node, s: ScriptPath, target: string, host: IWorkspaceHost, style: ScriptStyle): Finding | undefined {
  if (isExecutable(host, target) !== false || windowsOnly(s.path, host.readText(target))) return undefined;
  const name = s.path.split('/').pop()!;
  return {
    code: style.codes.notExecutable,
    severity: 'warning',
    message: `'${s.path}' has no executable bit, and the command runs it as a program: on macOS and Linux the shell refuses it ("Permission denied", exit status 126), ${style.failure}, so the hook does nothing. Make it executable (chmod +x, and git update-index --chmod=+x ${name} to commit the bit) or start it with its interpreter (bash, python3, node)`,
    node: valueSpan(text, c, s.at, s.length),
  };
}

/**
 * Definition from a script path in a hook command to the script: under the project (a settings
 * file: the folder holding `.claude/`) or, with `pluginRoot`, the plugin (`${CLAUDE_PLUGIN_ROOT}/…`).
 */
export function hookScriptDefinition(text: string, uri: string, pos: Position, host: IWorkspaceHost, pluginRoot?: string): Location | null {
  const root = pluginRoot ?? (dirnameUri(uri).endsWith('/.claude') ? dirnameUri(dirnameUri(uri)) : undefined);
  const tree = root === undefined ? undefined : parseTree(text, [], { allowTrailingComma: true });
  const hooks = tree?.type === 'object' ? tree.children?.find((p) => p.children?.[0]?.value === 'hooks')?.children?.[1] : undefined;
  if (root === undefined || hooks?.type !== 'object') return null;
  const offset = new LineIndex(text).offsetAt(pos);
  for (const c of commandNodes(hooks)) {
    if (offset < c.offset || offset > c.offset + c.length) continue;
    const s = scriptPaths(c.value as string, pluginRoot !== undefined ? STYLES.plugin : STYLES.project).find((p) => {
      const span = valueSpan(text, c, p.at, p.length);
      return offset >= span.offset && offset <= span.offset + span.length;
    });
    const target = s ? resolveRelative(root, s.path) : undefined;
    return target && host.exists(target) ? { uri: target, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } } : null;
  }
  return null;
}

/**
 * Where characters `at` to `at + length` of a JSON string node's value are in the text: a value
 * with escapes (`\"$CLAUDE_PROJECT_DIR\"/…`) is longer as written than as read.
 */
export function valueSpan(text: string, node: Node, at: number, length: number): { offset: number; length: number } {
  const offsets = sourceOffsets(text.slice(node.offset + 1, node.offset + node.length - 1));
  const start = offsets[Math.min(at, offsets.length - 1)]!;
  const end = offsets[Math.min(at + length, offsets.length - 1)]!;
  return { offset: node.offset + 1 + start, length: end - start };
}

/** For each character of a JSON string's value (and its end), its offset in the string as written between the quotes. */
function sourceOffsets(raw: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < raw.length;) {
    out.push(i);
    i += raw[i] !== '\\' ? 1 : raw[i + 1] === 'u' ? 6 : 2;
  }
  out.push(raw.length);
  return out;
}
