/**
 * `agent-files mcp [--root DIR]...`: a Model Context Protocol server over stdio (docs/mcp.md),
 * built on the official TypeScript SDK. Bundled apart from the CLI as dist/mcp.js (esbuild.mjs),
 * which `agent-files mcp` loads (../mcpCommand.ts). Stdout is the protocol; logs go to stderr.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { VERSION } from '../meta';
import type { Io } from '../io';
import { Roots } from './roots';
import { registerTools } from './tools';
import { MCP_HELP } from '../mcpCommand';

/** Starts the server; returns 0 once it listens, 2 (with a message) on bad arguments. */
export function startMcpServer(argv: string[], io: Io): number {
  const named: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--help' || a === '-h') {
      io.out(MCP_HELP);
      return 0;
    }
    const value = a === '--root' ? argv[++i] : a.startsWith('--root=') ? a.slice('--root='.length) : null;
    if (value === null || value === undefined || value === '') {
      io.err(value === null ? `agent-files: unknown argument '${a}' (see agent-files mcp --help)` : "agent-files: option '--root' needs a folder");
      return 2;
    }
    named.push(value);
  }
  const roots = Roots.of(named, io.cwd);
  if (typeof roots === 'string') {
    io.err(roots);
    return 2;
  }
  const server = new McpServer({ name: 'agent-files', version: VERSION });
  registerTools(server, roots, io.err);
  server.connect(new StdioServerTransport()).catch((e: unknown) => {
    io.err(`agent-files mcp: cannot start: ${e instanceof Error ? e.message : String(e)}`);
    process.exitCode = 1;
  });
  return 0;
}
