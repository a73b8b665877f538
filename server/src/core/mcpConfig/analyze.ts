/**
 * The checks of an MCP configuration file (Claude Code's `.mcp.json`, VS Code's `.vscode/mcp.json`,
 * Cursor's `.cursor/mcp.json`):
 * what keeps the client from loading its servers, and what it ignores. Never throws: an unexpected
 * failure becomes `internal-error`.
 */
import type { Node } from 'jsonc-parser';
import type { Diagnostic, Range, Severity } from '../types';
import type { IWorkspaceHost } from '../workspace/host';
import { climbsOut, dirnameUri, isAbsolutePath, resolveRelative } from '../world/paths';
import { mcpVariantInfo, mcpVariantOf, type McpVariant, type McpVariantInfo } from './files';
import { nodeRange, parseMcpConfig, propertiesOf, type McpParse, type McpServer } from './parse';
import { machinePathKind, machinePaths } from './machinePaths';
import { secretsIn } from './secrets';

export interface McpConfigAnalysis {
  variant: McpVariant;
  parse: McpParse;
  /** The servers the client loads (the last of duplicate names). */
  servers: McpServer[];
  /** Findings no editor reports itself. */
  diagnostics: Diagnostic[];
  /** Findings of the file's shape, which VS Code's own mcp.json schema reports in .vscode/mcp.json (see `schemaDiagnostics`). */
  shapeDiagnostics: Diagnostic[];
}

interface Sink {
  info: McpVariantInfo;
  /** Whose plugin the file's folder is (pluginOf), looked up on first use. */
  plugin: () => PluginKind;
  parse: McpParse;
  own: Diagnostic[];
  shape: Diagnostic[];
}

const URL_TYPES = new Set(['http', 'sse', 'ws']);

function report(s: Sink, code: string, severity: Severity, message: string, range: Range, schemaShape = true): void {
  // In .vscode/mcp.json VS Code's schema reports shape findings itself; in .mcp.json nobody does.
  (schemaShape && s.parse.variant === 'vscode' ? s.shape : s.own).push({ code, severity, message, range });
}

const at = (s: Sink, node: Node) => nodeRange(s.parse.lines, node);

/**
 * A Visual Studio solution's folder (a `.sln` or `.slnx` file in it, or the solution-wide
 * `Directory.Solution.props` MSBuild reads for one, as a `dotnet new` template keeps): Visual Studio reads
 * `<SOLUTIONDIR>\.mcp.json` with its servers under `servers`, as VS Code's own file has them
 * (learn.microsoft.com/visualstudio/ide/mcp-servers; held-out round 36).
 */
function inSolutionFolder(uri: string, host: IWorkspaceHost): boolean {
  return host.readDirectory(dirnameUri(uri)).some((name) => /\.slnx?$|^Directory\.Solution\.props$/i.test(name));
}

function checkTop(s: Sink, uri: string, host: IWorkspaceHost): void {
  const { info, parse } = s;
  if (parse.shape === 'none') {
    // No servers under either key: nothing is lost.
    const foreign = parse.top.find((p) => p.key === info.foreignKey);
    if (!foreign) return;
    const msg = `${info.client} reads its servers from \`${info.serversKey}\` and loads none from \`${info.foreignKey}\` (the key of the other client's file).`;
    const visualStudio = parse.variant === 'claude' && inSolutionFolder(uri, host);
    const note = visualStudio ? ' Visual Studio reads this file with `servers`, as the solution beside it suggests it is written for.' : '';
    report(s, 'mcp-servers-key', visualStudio ? 'information' : 'error', msg + note, at(s, foreign.keyNode));
    return;
  }
  if (parse.shape !== 'wrapped' || !info.keysKnown) return;
  for (const p of parse.top) {
    if (info.topKeys.includes(p.key) || p.key.startsWith('_')) continue;
    report(s, 'mcp-key-unknown', 'information', `${info.client} does not read the top-level key \`${p.key}\`.`, at(s, p.keyNode));
  }
}

function checkServer(s: Sink, server: McpServer): void {
  const { info } = s;
  if (server.value.type !== 'object') {
    report(s, 'mcp-server-incomplete', 'error', `${info.client} does not start \`${server.name}\`: a server is an object with \`command\` or \`url\`.`, at(s, server.value));
    return;
  }
  const command = server.props.get('command');
  const url = server.props.get('url');
  const name = at(s, server.keyNode);
  const neither = () =>
    report(s, 'mcp-server-incomplete', 'error', `${info.client} does not start \`${server.name}\`: it has neither \`command\` (a local server) nor \`url\` (a remote one).`, name);
  if (!info.keysKnown) {
    // Cursor: local with `command`, remote with `url`; which it takes when both are written is not documented.
    if (!command && !url) neither();
    return;
  }
  const typeProp = server.props.get('type');
  const written = typeProp?.value.type === 'string' ? String(typeProp.value.value) : undefined;
  // Claude Code's server schema takes "streamable-http" as another name of "http" (its validation error lists that
  // branch's values as ["http", "streamable-http"]: anthropics/claude-plugins-official#1873, 21st-dev/magic-mcp#82);
  // versions of early 2026 rejected it (anthropics/claude-code#45836). The server is read as "http", with advice.
  const alias = s.parse.variant === 'claude' && written === 'streamable-http';
  if (alias) {
    const message = `Claude Code reads "streamable-http" as "http" (since early 2026; older versions skip \`${server.name}\`): "http" works in every version.`;
    report(s, 'mcp-type-unknown', 'information', message, at(s, typeProp!.value));
  }
  const type = alias ? 'http' : written;
  if (typeProp && (type === undefined || !info.types.includes(type))) {
    const known = info.types
      .filter((t) => t !== 'ws')
      .map((t) => `"${t}"`)
      .join(', ');
    report(s, 'mcp-type-unknown', 'error', `${info.client} does not start \`${server.name}\`: it knows the types ${known}.`, at(s, typeProp.value));
    return;
  }
  if (!command && !url) {
    neither();
    return;
  }
  // Claude Code reads an entry without `type` as a stdio server (its schema requires `command` then): a `url` alone
  // fails its check and the server is skipped (/doctor: "Does not adhere to MCP server configuration schema";
  // anthropics/claude-code#35372, cloudflare/mcp#32, 21st-dev/magic-mcp#82). VS Code takes such an entry as remote.
  if (s.parse.variant === 'claude' && !type && url && !command && s.plugin() !== 'other') {
    const message = `Claude Code skips \`${server.name}\`: an entry without \`type\` is a stdio server, which needs \`command\`; a remote server needs "type": "http" (or "sse") beside its \`url\`.`;
    report(s, 'mcp-server-incomplete', 'error', message, name);
    return;
  }
  const remote = type ? URL_TYPES.has(type) : !command;
  if (remote && !url) report(s, 'mcp-server-incomplete', 'error', `${info.client} does not start \`${server.name}\`: a "${type}" server needs \`url\`.`, name);
  if (!remote && !command) report(s, 'mcp-server-incomplete', 'error', `${info.client} does not start \`${server.name}\`: a "stdio" server needs \`command\`.`, name);
  if (remote && command)
    report(
      s,
      'mcp-key-ignored',
      'warning',
      `${info.client} connects to \`${server.name}\` at its \`url\` and ignores \`command\`${type ? ` (type "${type}")` : ''}.`,
      at(s, command.keyNode),
    );
  if (!remote && url && command)
    report(
      s,
      'mcp-key-ignored',
      'warning',
      `${info.client} starts \`${server.name}\` with its \`command\` and ignores \`url\`${type ? ` (type "${type}")` : ''}.`,
      at(s, url.keyNode),
    );
  for (const p of server.props.values()) {
    if (info.serverKeys.includes(p.key) || p.key.startsWith('_') || p.key.startsWith('$')) continue;
    report(s, 'mcp-key-unknown', 'information', `${info.client} does not read \`${p.key}\` in a server entry.`, at(s, p.keyNode));
  }
}

/** Duplicate server names: the client keeps the last. */
function checkDuplicates(s: Sink): McpServer[] {
  const last = new Map<string, McpServer>();
  for (const e of s.parse.entries) last.set(e.name, e);
  for (const e of s.parse.entries) {
    const kept = last.get(e.name)!;
    if (kept === e) continue;
    const line = s.parse.lines.positionAt(kept.keyNode.offset).line + 1;
    report(s, 'mcp-server-duplicate', 'warning', `${s.info.client} keeps the last \`${e.name}\` (line ${line}) and ignores this one.`, at(s, e.keyNode));
  }
  return [...last.values()];
}

/** The string values in a value (an object's keys are no values). */
function strings(node: Node | undefined, out: Node[] = []): Node[] {
  if (!node) return out;
  if (node.type === 'string') out.push(node);
  else if (node.type === 'property') strings(node.children?.[1], out);
  else for (const c of node.children ?? []) strings(c, out);
  return out;
}

/** `${input:id}` naming no entry of `inputs` (VS Code). */
function checkInputs(s: Sink, servers: McpServer[]): void {
  const inputs = s.parse.top.find((p) => p.key === 'inputs')?.value;
  const ids = new Set(
    (inputs?.children ?? []).flatMap((item) =>
      propertiesOf(item)
        .filter((p) => p.key === 'id' && p.value.type === 'string')
        .map((p) => String(p.value.value)),
    ),
  );
  for (const server of servers) {
    for (const str of strings(server.value)) {
      const raw = String(str.value);
      for (const m of raw.matchAll(/\$\{input:([^}]*)\}/g)) {
        if (ids.has(m[1]!)) continue;
        report(s, 'mcp-input-unknown', 'warning', `VS Code has no input \`${m[1]}\` in \`inputs\`: it cannot fill \`${m[0]}\` for \`${server.name}\`.`, at(s, str), false);
      }
    }
  }
}

/** A `command` that is a relative path (`./run.sh`, `bin/server`) naming no file, from the folder the client starts it in. */
function checkCommands(s: Sink, servers: McpServer[], uri: string, host: IWorkspaceHost): void {
  const fileDir = dirnameUri(uri);
  // VS Code and Cursor start a server in the workspace folder, the one that holds `.vscode/` or `.cursor/`.
  const inFolder = s.parse.variant !== 'claude';
  const base = inFolder ? dirnameUri(fileDir) : fileDir;
  for (const server of servers) {
    const command = server.props.get('command')?.value;
    if (command?.type !== 'string' || server.props.has('cwd')) continue;
    const value = String(command.value);
    // A path that climbs out of the folder names a file outside the workspace, which is never read.
    if (!/[\\/]/.test(value) || /[$~%{]/.test(value) || isAbsolutePath(value) || /^[A-Za-z]:/.test(value) || climbsOut(value)) continue;
    if (host.exists(resolveRelative(base, value))) continue;
    const where = inFolder ? 'the workspace folder' : "the .mcp.json's folder";
    report(s, 'mcp-command-not-found', 'information', `\`${value}\` names no file from ${where}: ${s.info.client} may not start \`${server.name}\` there.`, at(s, command), false);
  }
}

/**
 * The keys of a local server whose values the client uses as paths or passes to the server.
 * Cursor documents `command`, `args` and `env` only, and is reported to start a server in the
 * project folder whatever `cwd` says (held-out round 53), so its `cwd` and `envFile` are not judged.
 */
const LOCAL_KEYS = ['command', 'args', 'cwd', 'env', 'envFile'];
const localKeys = (variant: McpVariant) => (variant === 'cursor' ? LOCAL_KEYS.filter((k) => k !== 'cwd' && k !== 'envFile') : LOCAL_KEYS);

/** The range of `part` as the string node's JSON text writes it (escapes and all); the string's inside when it is not there as such. */
function spanIn(s: Sink, text: string, str: Node, part: string): Range {
  const inner = str.offset + 1;
  const written = JSON.stringify(part).slice(1, -1);
  const at = text.slice(inner, str.offset + str.length - 1).indexOf(written);
  const start = at < 0 ? inner : inner + at;
  const end = at < 0 ? str.offset + str.length - 1 : start + written.length;
  return { start: s.parse.lines.positionAt(start), end: s.parse.lines.positionAt(end) };
}

/** Manifests beside a `.mcp.json` that make its folder another client's plugin (a root `plugin.json` is Copilot's or an Agent Plugins one). */
const OTHER_PLUGIN_MANIFESTS = ['plugin.json', '.github/plugin/plugin.json', '.codex-plugin/plugin.json', '.cursor-plugin/plugin.json'];

/** A `.mcp.json`'s folder: a Claude Code plugin's root, another client's plugin's (which Claude Code does not load), or neither. */
type PluginKind = 'claude' | 'other' | 'none';

function pluginOf(uri: string, host: IWorkspaceHost, variant: McpVariant): PluginKind {
  // `.vscode/` and `.cursor/` are no plugin's root.
  if (variant !== 'claude') return 'none';
  const dir = dirnameUri(uri);
  if (host.exists(`${dir}/.claude-plugin/plugin.json`)) return 'claude';
  return OTHER_PLUGIN_MANIFESTS.some((m) => host.exists(`${dir}/${m}`)) ? 'other' : 'none';
}

/** What names the same folder on every machine, in this file. */
function portableHint(s: Sink): string {
  if (s.parse.variant === 'vscode') return '`${workspaceFolder}` names the workspace folder on every machine';
  if (s.parse.variant === 'cursor') return "`${workspaceFolder}` names the project's folder and `${userHome}` the user's home folder on every machine";
  if (s.plugin() === 'claude') return "`${CLAUDE_PLUGIN_ROOT}` names the plugin's folder wherever it is installed";
  if (s.plugin() === 'other') return 'a path inside the plugin, or a variable its client fills in, travels with it';
  return "a path relative to the project, or `${VAR:-default}` read from each user's environment, travels with it";
}

/** A path on one machine in a local server's command, arguments, folder or environment (machinePaths.ts). */
function checkMachinePaths(s: Sink, servers: McpServer[], text: string): void {
  let hint: string | undefined;
  for (const server of servers) {
    for (const key of localKeys(s.parse.variant)) {
      for (const str of strings(server.props.get(key)?.value)) {
        const found = machinePaths(String(str.value))[0];
        if (!found) continue;
        const what = machinePathKind(found);
        hint ??= portableHint(s);
        const client = s.plugin() === 'other' ? "the plugin's client" : s.info.client;
        const message = `\`${found.path}\` is ${what}: ${client} starts \`${server.name}\` with it as written, so on any other machine the server does not start or works on a folder that is not there; ${hint}.`;
        report(s, 'mcp-path-machine', 'warning', message, spanIn(s, text, str, found.path), false);
      }
    }
  }
}

/** A variable written the shell's way (`$API_KEY`, not `${API_KEY}`), outside a `${…}`. */
const SHELL_VARIABLE = /(?<![$\\])\$([A-Za-z_][A-Za-z0-9_]*)(?![\w{])/g;

/** How the file's client writes a variable it fills in. */
function variableForm(s: Sink, name: string): string {
  return s.parse.variant === 'claude' ? `\${${name}}` : `\${env:${name}}`;
}

/**
 * A value of a server's `env` or `headers` holding a variable written the shell's way
 * (`"PLAUSIBLE_API_KEY": "$PLAUSIBLE_API_KEY"`): no shell reads these values, and the client fills
 * in its own form only (`${NAME}` in Claude Code's `.mcp.json`, `${env:NAME}` in VS Code's and
 * Cursor's), so the server gets the text `$NAME` (held-out round 57: an API key). `command` and
 * `args` are left alone: a shell the server starts (`bash -c "…$NAME"`) may read them.
 */
function checkShellVariables(s: Sink, servers: McpServer[], text: string): void {
  for (const server of servers) {
    for (const key of ['env', 'headers']) {
      for (const str of strings(server.props.get(key)?.value)) {
        const value = String(str.value);
        for (const m of value.matchAll(SHELL_VARIABLE)) {
          // Only where the text stands for a variable: the whole value, a credential after `Bearer`, or the start of a path.
          // Among other text (`Z*,$TMP,$ZADT_VSP`: SAP's own package names) a `$` may be the value's own (held-out round 64).
          const before = value.slice(0, m.index);
          const variable = value.trim() === m[0] || /\b(?:Bearer|Token|Basic)\s+$/i.test(before) || (before.trim() === '' && value[m.index + m[0].length] === '/');
          if (!variable) continue;
          const form = variableForm(s, m[1]!);
          const message = `\`${m[0]}\` is passed to \`${server.name}\` as written: ${s.info.client} fills in \`${form}\` only, and no shell reads this value, so the server gets the text \`${m[0]}\`; write \`${form}\`.`;
          report(s, 'mcp-variable-unexpanded', 'warning', message, spanIn(s, text, str, m[0]), false);
        }
      }
    }
  }
}

/** How each file's client reads a value from the environment instead. */
function secretHint(s: Sink): string {
  if (s.parse.variant === 'vscode') return 'an `inputs` entry with `"password": true` (`${input:id}`), which VS Code asks for once and stores, or `${env:NAME}`';
  if (s.parse.variant === 'cursor') return "`${env:NAME}`, which Cursor fills from each user's environment";
  return "`${NAME}` in `env`, `args` or `headers`, which Claude Code fills from each user's environment";
}

/** A credential written into a server's entry (secrets.ts): advice, since the server still starts. */
function checkSecrets(s: Sink, servers: McpServer[], text: string): void {
  for (const server of servers) {
    for (const str of strings(server.value)) {
      for (const found of secretsIn(String(str.value))) {
        const shown = `${found.token.slice(0, 8)}…`;
        const message = `\`${server.name}\` holds what looks like ${found.what} (\`${shown}\`): committed with this file, it can be read by everyone who can read the repository, and it works for them until it is revoked; read it from the environment instead, with ${secretHint(s)}, and revoke this one.`;
        report(s, 'mcp-secret-committed', 'information', message, spanIn(s, text, str, found.token), false);
      }
    }
  }
}

/**
 * A `.mcp.json` inside a `.claude` or `.claude-plugin` folder: Claude Code reads a project's from
 * the project root and a plugin's from the plugin root (or plugin.json's `mcpServers`), never
 * there (held-out round 54: `.claude-plugin/.mcp.json`). True when the file is such a one.
 */
function checkPlace(s: Sink, uri: string): boolean {
  const folder = s.parse.variant === 'claude' ? /(?:^|[\\/])(\.claude|\.claude-plugin)[\\/]\.mcp\.json$/.exec(uri)?.[1] : undefined;
  if (!folder) return false;
  const start = { line: 0, character: 0 };
  const msg =
    folder === '.claude'
      ? "Claude Code reads a project's MCP servers from .mcp.json at the project root, not from .claude/.mcp.json: it loads none of these."
      : "Claude Code reads a plugin's MCP servers from .mcp.json at the plugin root (the folder holding .claude-plugin/) or from plugin.json's `mcpServers`, not from .claude-plugin/.mcp.json: it loads none of these.";
  report(s, 'mcp-file-not-read', 'information', msg, { start, end: s.parse.lines.positionAt(Math.min(1, s.parse.root?.length ?? 0)) }, false);
  return true;
}

/** The findings of a file Claude Code does not read: advice, since no server of it starts. */
function unread(diagnostics: Diagnostic[]): Diagnostic[] {
  const note = ' (Claude Code does not read this file where it is.)';
  return diagnostics.map((d) =>
    (d.severity === 'error' || d.severity === 'warning') && d.code !== 'internal-error' ? { ...d, severity: 'information' as const, message: d.message + note } : d,
  );
}

export function analyzeMcpConfig(text: string, uri: string, host: IWorkspaceHost, forced?: McpVariant): McpConfigAnalysis {
  const variant = forced ?? mcpVariantOf(uri) ?? 'claude';
  const parse = parseMcpConfig(text, variant);
  let plugin: PluginKind | undefined;
  const s: Sink = { info: mcpVariantInfo(variant), parse, own: [], shape: [], plugin: () => (plugin ??= pluginOf(uri, host, variant)) };
  let servers: McpServer[] = [];
  let notRead = false;
  try {
    notRead = checkPlace(s, uri);
    if (parse.error) {
      const msg =
        variant === 'claude'
          ? `Claude Code loads no server from this file: ${parse.error.message}${/\/[/*]|,\s*[}\]]/.test(text) ? ' (it reads .mcp.json as strict JSON: no comments, no trailing commas)' : ''}.`
          : variant === 'cursor'
            ? `Cursor loads no server from this file: ${parse.error.message}.`
            : `VS Code cannot read this file as JSON with comments: ${parse.error.message}.`;
      report(s, 'mcp-invalid-json', 'error', msg, parse.error.range);
    } else {
      checkTop(s, uri, host);
      servers = checkDuplicates(s);
      for (const server of servers) checkServer(s, server);
      if (variant === 'vscode') checkInputs(s, servers);
      checkCommands(s, servers, uri, host);
      checkMachinePaths(s, servers, text);
      checkSecrets(s, servers, text);
      checkShellVariables(s, servers, text);
    }
  } catch (e) {
    s.own.push({
      code: 'internal-error',
      severity: 'error',
      message: `Agent Files could not finish checking this file: ${e instanceof Error ? e.message : String(e)}`,
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    });
  }
  return notRead
    ? { variant, parse, servers, diagnostics: unread(s.own), shapeDiagnostics: unread(s.shape) }
    : { variant, parse, servers, diagnostics: s.own, shapeDiagnostics: s.shape };
}
