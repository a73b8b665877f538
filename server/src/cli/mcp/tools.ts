/**
 * The tools of `agent-files mcp` (docs/mcp.md): each one thin, over the CLI command or the core
 * function that answers the same question. All read-only; every path confined to the roots.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { TARGETS } from '../../core/skills';
import { LISTING_CLIENTS, type ListingSettings } from '../../core/skills/listing';
import { explainRule } from './explain';
import { loadedFor } from '../loadedFor';
import { PathError, type Roots } from './roots';
import { cliResult, errorResult, runCli, textResult } from './runCli';

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

const pathArg = (what: string) => z.string().min(1).describe(`${what}, relative to the server's first root or absolute; it must lie inside a root`);

/** Runs a tool body; a refused path or any failure is an error result naming it, never a crash. */
function guarded(log: (line: string) => void, body: () => CallToolResult): CallToolResult {
  try {
    return body();
  } catch (e) {
    if (e instanceof PathError) return errorResult(`agent-files: ${e.message}`);
    log(`agent-files mcp: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    return errorResult(`agent-files: internal error: ${e instanceof Error ? e.message : String(e)}`);
  }
}

export function registerTools(server: McpServer, roots: Roots, log: (line: string) => void): void {
  const cwd = roots.base;

  server.registerTool(
    'check',
    {
      title: 'Check agent files',
      description:
        'Checks agent files (agent.3md, SKILL.md, AGENT.md, Agent World, AGENTS.md/CLAUDE.md and other instruction files, .agent-files.json) in files or folders, as `agent-files check --format json` does: a JSON list of files, each with its diagnostics (code, severity, message, range). Folders are walked for the files agent-files knows by name.',
      inputSchema: {
        paths: z.array(pathArg('A file or folder')).min(1).max(100).default(['.']).describe('Files or folders to check (default: the first root)'),
        targets: z.array(z.enum(TARGETS)).optional().describe('Check every SKILL.md for these clients instead of those its folder implies'),
      },
      annotations: READ_ONLY,
    },
    ({ paths, targets }) =>
      guarded(log, () => {
        const real = paths.map((p) => roots.confine(p).real);
        const target = targets?.length ? [`--target=${targets.join(',')}`] : [];
        return cliResult(runCli(['check', '--format', 'json', ...target, '--', ...real], cwd));
      }),
  );

  server.registerTool(
    'explain_rule',
    {
      title: 'Explain a rule',
      description: "A diagnostic code's documentation (its section of docs/rules.md): severity, what triggers it, why, an example, the fix.",
      inputSchema: { code: z.string().min(1).max(200).describe("The diagnostic's code, as `check` reports it (e.g. skill-name-directory-mismatch)") },
      annotations: READ_ONLY,
    },
    ({ code }) => guarded(log, () => explainRule(code)),
  );

  server.registerTool(
    'loaded_for',
    {
      title: 'What clients load for a path',
      description:
        'For a file (it need not exist yet) or folder: the instruction files each coding agent loads for it, in order and why (Codex AGENTS.md, Claude Code CLAUDE.md and .claude/rules, Gemini CLI GEMINI.md, GitHub Copilot instructions, OpenCode AGENTS.md, Cursor rules); for a SKILL.md or skill folder, the clients that load that skill; every SKILL.md of the root by the client that loads it; and the skill listing each client puts in context with what its budget cuts.',
      inputSchema: {
        path: pathArg('A file or folder'),
        contextWindow: z
          .object(Object.fromEntries(LISTING_CLIENTS.map((c) => [c, z.number().int().positive().max(100_000_000).optional()])))
          .strict()
          .optional()
          .describe("Each client's context window in tokens, for its skill listing budget (as --context-window); the defaults are in docs/clients-fields.md"),
      },
      annotations: READ_ONLY,
    },
    ({ path, contextWindow }) =>
      guarded(log, () =>
        textResult(JSON.stringify(loadedFor(roots.confine(path, true), cwd, contextWindow ? { contextTokens: contextWindow as ListingSettings['contextTokens'] } : {}), null, 2)),
      ),
  );

  server.registerTool(
    'route',
    {
      title: 'Route a request',
      description: "Ranks an agent.3md's skills for a request, as `agent-files route` does: JSON list of name, z, score and the phrases that matched.",
      inputSchema: { file: pathArg('The agent.3md file'), request: z.string().min(1).max(10_000).describe('The request to route') },
      annotations: READ_ONLY,
    },
    ({ file, request }) => guarded(log, () => cliResult(runCli(['route', '--', roots.confine(file).real, request], cwd))),
  );

  server.registerTool(
    'fill_command',
    {
      title: "Fill a skill's command (never runs it)",
      description:
        "The command line of an agent.3md skill with its placeholders filled, quoted for the shell context each sits in, as `agent-files command` prints it. Values are checked against the skill's inputs first (unknown names, types, required inputs, values that could be read as options); a refused value is an error result naming the input. The command is returned, never run.",
      inputSchema: {
        file: pathArg('The agent.3md file'),
        skill: z.string().min(1).max(1000).describe('The skill: its name, or its z'),
        values: z
          .record(z.string().regex(/^[a-zA-Z_]\w*$/), z.string())
          .default({})
          .describe('Input values by name'),
        allowMissing: z.boolean().default(false).describe('Keep the placeholders of missing inputs as written'),
        allowOptions: z.boolean().default(false).describe('Accept values that start with - (they could be read as options)'),
      },
      annotations: READ_ONLY,
    },
    ({ file, skill, values, allowMissing, allowOptions }) =>
      guarded(log, () => {
        const flags = [...(allowMissing ? ['--allow-missing'] : []), ...(allowOptions ? ['--allow-options'] : [])];
        const pairs = Object.entries(values).map(([k, v]) => `${k}=${v}`);
        return cliResult(runCli(['command', ...flags, '--', roots.confine(file).real, skill, ...pairs], cwd));
      }),
  );

  server.registerTool(
    'world_eval',
    {
      title: "Evaluate an Agent World's routing cases",
      description:
        "Runs an Agent World's deterministic eval, as `agent-files world eval --format json` does: the config, prompt and eval-contract checks, then every routing case of .agent-world/world.eval.md on the router. JSON with the result (PASS or FAIL), the checks and the cases.",
      inputSchema: { path: pathArg('The project folder holding .agent-world/, or its world.json').default('.') },
      annotations: READ_ONLY,
    },
    ({ path }) => guarded(log, () => cliResult(runCli(['world', 'eval', '--format', 'json', '--', roots.confine(path).real], cwd))),
  );
}
