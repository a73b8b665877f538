/** MCP server configuration files: Claude Code's `.mcp.json`, VS Code's `.vscode/mcp.json`, Cursor's `.cursor/mcp.json` (docs/rules.md#mcp-server-configurations-mcpjson-vscodemcpjson-cursormcpjson). */
import { ruleMaker, type RuleInfo } from './types';

const mcp = ruleMaker('mcp');

export const MCP_RULES: readonly RuleInfo[] = [
  mcp('mcp-invalid-json', 'error'),
  mcp('mcp-servers-key', 'error', { also: ['information'] }),
  mcp('mcp-server-incomplete', 'error'),
  mcp('mcp-type-unknown', 'error', { also: ['information'] }),
  mcp('mcp-key-ignored', 'warning'),
  mcp('mcp-server-duplicate', 'warning'),
  mcp('mcp-input-unknown', 'warning'),
  mcp('mcp-path-machine', 'warning'),
  mcp('mcp-variable-unexpanded', 'warning'),
  mcp('mcp-key-unknown', 'information'),
  mcp('mcp-command-not-found', 'information'),
  mcp('mcp-file-not-read', 'information'),
  mcp('mcp-secret-committed', 'information'),
];
