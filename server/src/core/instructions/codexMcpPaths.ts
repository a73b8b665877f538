/**
 * Paths on one machine in the MCP servers of a project's `.codex/config.toml`
 * (`[mcp_servers.<name>]`: `command`, `args`, `cwd` and `env`, which Codex starts the server with
 * as written; developers.openai.com/codex/mcp). Committed with the project, a path in one
 * developer's home folder or on one drive names nothing on any other machine, so Codex cannot
 * start the server there (held-out round 55: `cwd = "/Users/…/Herd/…"`). The same paths as
 * `mcp-path-machine` finds in `.mcp.json` (machinePaths.ts).
 */
import type { Diagnostic } from '../types';
import { machinePathKind, machinePaths } from '../mcpConfig/machinePaths';

/** The keys of a server whose values Codex uses as paths or passes to the server. */
const PATH_KEYS = ['command', 'args', 'cwd', 'env'] as const;

/** The findings for one parsed config (`doc`) and its text, each on the path where it is written. */
export function codexMcpMachinePaths(doc: Record<string, unknown>, text: string): Diagnostic[] {
  const servers = doc['mcp_servers'];
  if (!isTable(servers)) return [];
  const lines = text.split('\n');
  const out: Diagnostic[] = [];
  for (const [name, server] of Object.entries(servers)) {
    // A server turned off is not started (`enabled = false`).
    if (!isTable(server) || server['enabled'] === false) continue;
    const from = Math.max(
      0,
      lines.findIndex((l) => l.includes('mcp_servers') && l.includes(name)),
    );
    for (const key of PATH_KEYS) {
      for (const value of strings(server[key])) {
        const found = machinePaths(value)[0];
        const at = found && locate(lines, found.path, from);
        if (!found || !at) continue;
        const what = machinePathKind(found);
        out.push({
          code: 'instructions-codex-mcp-path-machine',
          severity: 'warning',
          message: `\`${found.path}\` is ${what}: Codex starts the MCP server \`${name}\` with it as written, so on any other machine the server does not start or works on a folder that is not there; a path relative to the project, or a command found on the PATH, travels with it.`,
          range: { start: at, end: { line: at.line, character: at.character + found.path.length } },
        });
      }
    }
  }
  return out;
}

function isTable(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date);
}

/** The strings of a value: itself, a list's, a table's values. */
function strings(v: unknown): string[] {
  if (typeof v === 'string') return [v];
  if (Array.isArray(v)) return v.filter((x): x is string => typeof x === 'string');
  return isTable(v) ? Object.values(v).filter((x): x is string => typeof x === 'string') : [];
}

/** Where a path is first written from line `from` on (the server's table), if it is written as it was read (no escapes). */
function locate(lines: readonly string[], path: string, from: number): { line: number; character: number } | undefined {
  for (let line = from; line < lines.length; line++) {
    const character = lines[line]!.indexOf(path);
    if (character >= 0) return { line, character };
  }
  return undefined;
}
