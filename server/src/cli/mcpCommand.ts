/**
 * `agent-files mcp`: loads the MCP server, bundled apart as dist/mcp.js (esbuild.mjs) so that the
 * SDK stays out of this bundle and out of the VS Code extension's package, which ships cli.js
 * but not mcp.js.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { FatalError, type Io } from './io';

export const MCP_HELP = `Usage: agent-files mcp [--root DIR]...

Runs a Model Context Protocol server on stdin/stdout for coding agents (Claude Code, Codex,
VS Code): tools to check files, explain a rule, list what each client loads for a path, route a
request in an agent.3md, fill a skill's command (never run) and run an Agent World's eval.
Read-only. Every path a tool is given must lie inside a root (symbolic links followed).

Options:
  --root DIR   a folder the tools may read (repeatable; default: the current folder). The first
               root is where relative paths start.

See docs/mcp.md for the client configurations.`;

interface McpModule {
  startMcpServer(argv: string[], io: Io): number;
}

export function mcpCommand(argv: string[], io: Io): number {
  const file = path.join(__dirname, 'mcp.js');
  if (!fs.existsSync(file))
    throw new FatalError(`agent-files: the MCP server is not in this installation (${file} is missing); it ships with the npm package: npx agent-files mcp`);
  // A path known only at run time: esbuild leaves this require alone.
  const load: (id: string) => unknown = require;
  return (load(file) as McpModule).startMcpServer(argv, io);
}
