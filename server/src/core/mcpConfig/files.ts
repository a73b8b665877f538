/** The MCP server configuration files of the clients: which one a path is, and how each client reads it. */

export type McpVariant = 'claude' | 'vscode';

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
  },
  vscode: {
    client: 'VS Code',
    serversKey: 'servers',
    foreignKey: 'mcpServers',
    jsonc: true,
    types: ['stdio', 'http', 'sse'],
    serverKeys: ['type', 'command', 'args', 'env', 'envFile', 'cwd', 'url', 'headers', 'dev', 'sandboxEnabled', 'sandbox', 'gallery', 'version'],
    topKeys: ['servers', 'inputs', '$schema'],
  },
};

/** `.mcp.json` (Claude Code: a project's root, or a plugin's) or `.vscode/mcp.json` (VS Code); null for any other path. */
export function mcpVariantOf(path: string): McpVariant | null {
  const parts = path.split(/[\\/]/);
  const base = parts[parts.length - 1] ?? '';
  if (base === '.mcp.json') return 'claude';
  if (base === 'mcp.json' && parts[parts.length - 2] === '.vscode') return 'vscode';
  return null;
}

export function mcpVariantInfo(variant: McpVariant): McpVariantInfo {
  return INFO[variant];
}
