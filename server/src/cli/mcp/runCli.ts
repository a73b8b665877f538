/**
 * The MCP tools that answer what a CLI command answers run that command in process, so the two
 * cannot drift: the same JSON, the same refusals. What it prints is captured, never written to
 * stdout (the MCP channel).
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { run } from '../main';

export interface CliOutput {
  code: number;
  out: string;
  err: string;
}

/** Runs `agent-files ARGV…` with `cwd` as its working folder and returns what it printed. */
export function runCli(argv: string[], cwd: string): CliOutput {
  const out: string[] = [];
  const err: string[] = [];
  const code = run(argv, { out: (t) => out.push(t), err: (t) => err.push(t), cwd });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/**
 * A tool result from a CLI run: its output as the first text (notes on stderr after it), or,
 * when the command printed nothing or failed on its input (exit 2), an error result with its
 * message.
 */
export function cliResult(r: CliOutput): CallToolResult {
  if (r.code === 2 || r.out === '') return errorResult(r.err || `agent-files exited with code ${r.code}`);
  return { content: [{ type: 'text', text: r.out }, ...(r.err ? [{ type: 'text' as const, text: r.err }] : [])] };
}

export function errorResult(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

export function textResult(text: string): CallToolResult {
  return { content: [{ type: 'text', text }] };
}
