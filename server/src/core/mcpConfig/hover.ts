/** Hover on the keys of an MCP configuration file: how each client reads the key and starts the server (nothing is started here). */
import type { Node } from 'jsonc-parser';
import type { Position, Range } from '../types';
import { rangeContains } from '../types';
import { mcpVariantInfo, mcpVariantOf, type McpVariant } from './files';
import { nodeRange, parseMcpConfig, type McpParse } from './parse';

const SERVER_KEYS: Record<string, string> = {
  type: 'The transport: `"stdio"` starts `command` as a local process and talks over its standard input and output; `"http"` (streamable HTTP) and `"sse"` (server-sent events, older) connect to `url`. Claude Code takes `"stdio"` when it is absent.',
  command:
    'The program the client starts for a stdio server, with `args`, in the project folder (Claude Code) or the workspace folder (VS Code). It must be on the PATH or a path to a file.',
  args: 'The arguments passed to `command`, one string each (no shell: quotes and pipes are passed as they are).',
  env: "Environment variables set for `command`'s process, on top of the client's own.",
  envFile: 'VS Code: a file of `NAME=value` lines loaded into the environment of `command`.',
  cwd: 'The folder `command` is started in.',
  url: 'The address of a remote server (`"http"` or `"sse"`); the client connects to it and starts nothing.',
  headers: 'HTTP headers sent with every request to `url` (an `Authorization` token, for example).',
  headersHelper: 'Claude Code: a command whose output (JSON) gives the headers sent to `url`.',
  oauth: 'Claude Code: OAuth settings for a remote server.',
  auth: 'Cursor: a static OAuth client for a remote server (`CLIENT_ID`, `CLIENT_SECRET`, `scopes`), where the server does not register clients itself.',
  timeout: 'Claude Code: how long to wait for the server.',
};

const EXPANSION: Record<McpVariant, string> = {
  claude: 'Claude Code expands `${VAR}` and `${VAR:-default}` from the environment in `command`, `args`, `env`, `url` and `headers`.',
  vscode: 'VS Code fills `${input:id}` from `inputs` (asking once), `${env:VAR}` from the environment and `${workspaceFolder}`.',
  cursor: 'Cursor fills `${env:NAME}` from the environment, `${userHome}` and `${workspaceFolder}` in `command`, `args`, `env`, `url` and `headers`.',
};

const TOP_KEYS: Record<string, string> = {
  mcpServers: 'Claude Code: the servers of this project (`.mcp.json` at the project root is the project scope; Claude Code asks before using them), by name.',
  'cursor:mcpServers':
    "Cursor: the servers of this project, by name (a user's own are in `~/.cursor/mcp.json`; the project's win where both name one). Cursor requires this object.",
  servers: 'VS Code: the servers of this workspace, by name. VS Code starts them when a chat needs their tools, or from the Start action above each server.',
  inputs: 'VS Code: values asked of the user (`promptString`, `pickString`) and stored, for `${input:id}` in the servers.',
};

function keyAt(p: McpParse, position: Position): { key: string; depth: number; range: Range } | undefined {
  const walk = (node: Node | undefined, depth: number): { key: string; depth: number; range: Range } | undefined => {
    if (node?.type !== 'object' || depth > 2) return undefined;
    for (const prop of node.children ?? []) {
      const [k, v] = prop.children ?? [];
      if (!k) continue;
      const range = nodeRange(p.lines, k);
      if (rangeContains(range, position)) return { key: String(k.value), depth, range };
      const inner = walk(v, depth + 1);
      if (inner) return inner;
    }
    return undefined;
  };
  return walk(p.root, 0);
}

export function mcpConfigHover(text: string, uri: string, position: Position, forced?: McpVariant): { contents: string; range: Range } | null {
  const variant = forced ?? mcpVariantOf(uri) ?? 'claude';
  const parse = parseMcpConfig(text, variant);
  const hit = keyAt(parse, position);
  if (!hit) return null;
  const info = mcpVariantInfo(variant);
  const flat = parse.shape === 'flat';
  const serverDepth = flat ? 0 : 1;
  const top = TOP_KEYS[`${variant}:${hit.key}`] ?? TOP_KEYS[hit.key];
  if (hit.depth === 0 && top) return { contents: `**${hit.key}**: ${top}\n\n${EXPANSION[variant]}`, range: hit.range };
  if (hit.depth === serverDepth) return { contents: `**${hit.key}**: an MCP server ${info.client} lists as \`${hit.key}\`; its tools are named after it.`, range: hit.range };
  if (hit.depth === serverDepth + 1 && SERVER_KEYS[hit.key]) return { contents: `**${hit.key}**: ${SERVER_KEYS[hit.key]}\n\n${EXPANSION[variant]}`, range: hit.range };
  return null;
}
