/** The MCP server configuration files of the clients: which one a path is, and how each client reads it. */

export type McpVariant = 'claude' | 'vscode' | 'cursor';

export interface McpVariantInfo {
  client: string;
  /** The key that holds the servers. */
  serversKey: 'mcpServers' | 'servers';
  /** The other client's key, which this client does not read. */
  foreignKey: 'mcpServers' | 'servers';
  /** Whether the client reads comments and trailing commas (JSONC). */
  jsonc: boolean;
  /** The transports the client knows. */
  types: readonly string[];
  /** The keys of a server entry the client reads. */
  serverKeys: readonly string[];
  /** The top-level keys the client reads. */
  topKeys: readonly string[];
  /**
   * Whether the client's documentation gives its keys and transports exactly: where it does not,
   * no key or `type` is reported as one the client does not read.
   */
  keysKnown: boolean;
}

const INFO: Record<McpVariant, McpVariantInfo> = {
  claude: {
    client: 'Claude Code',
    serversKey: 'mcpServers',
    foreignKey: 'servers',
    jsonc: false,
    types: ['stdio', 'http', 'sse', 'ws'],
    serverKeys: ['type', 'command', 'args', 'env', 'cwd', 'url', 'headers', 'headersHelper', 'oauth', 'timeout', 'alwaysLoad'],
    topKeys: ['mcpServers', '$schema'],
    keysKnown: true,
  },
  vscode: {
    client: 'VS Code',
    serversKey: 'servers',
    foreignKey: 'mcpServers',
    jsonc: true,
    types: ['stdio', 'http', 'sse'],
    serverKeys: ['type', 'command', 'args', 'env', 'envFile', 'cwd', 'url', 'headers', 'dev', 'sandboxEnabled', 'sandbox', 'gallery', 'version'],
    topKeys: ['servers', 'inputs', '$schema'],
    keysKnown: true,
  },
  // Cursor's project file (cursor.com/docs/mcp): servers under `mcpServers`, which Cursor requires
  // ("Invalid config: mcpServers must be an object"); a server is local with `command` and remote with
  // `url` (Cursor tells SSE from streamable HTTP itself); `${env:NAME}`, `${userHome}` and
  // `${workspaceFolder}` are filled in. Its documentation gives no full list of keys, so none is judged,
  // nor says whether comments are read, so they are taken as VS Code, whose editor Cursor is, takes them.
  cursor: {
    client: 'Cursor',
    serversKey: 'mcpServers',
    foreignKey: 'servers',
    jsonc: true,
    // For completion only: the transports its documentation names.
    types: ['stdio', 'sse', 'streamable-http'],
    serverKeys: ['type', 'command', 'args', 'env', 'envFile', 'url', 'headers', 'auth'],
    topKeys: ['mcpServers'],
    keysKnown: false,
  },
};

/** `.mcp.json` (Claude Code: a project's root, or a plugin's), `.vscode/mcp.json` (VS Code) or `.cursor/mcp.json` (Cursor); null for any other path. */
export function mcpVariantOf(path: string): McpVariant | null {
  const parts = path.split(/[\\/]/);
  const base = parts[parts.length - 1] ?? '';
  if (base === '.mcp.json') return 'claude';
  if (base !== 'mcp.json') return null;
  const parent = parts[parts.length - 2];
  return parent === '.vscode' ? 'vscode' : parent === '.cursor' ? 'cursor' : null;
}

export function mcpVariantInfo(variant: McpVariant): McpVariantInfo {
  return INFO[variant];
}
