/**
 * `agent-files`: the command-line interface over the same core as the language server.
 * Exit codes: 0 success, 1 problems found (or the command's own failure), 2 bad usage or unreadable input.
 */
import { effectCommand, EFFECT_HELP } from './effect';
import * as os from 'node:os';
import { isMainThread, workerData } from 'node:worker_threads';
import { CHECK_HELP, checkCommand } from './check';
import { runCheckWorker } from './checkThreads';
import { commandCommand, exportCommand, linksCommand, parseCommand, resolveCommand, routeCommand } from './agentCommands';
import { conformanceCommand } from './conformance';
import { toPromptCommand } from './toPrompt';
import { WORLD_HELP, worldCommand } from './world';
import { GRAPH_HELP, graphCommand } from './graph';
import { MCP_HELP, mcpCommand } from './mcpCommand';
import { UsageError } from './args';
import { FatalError, type Io } from './io';
import { VERSION } from './meta';
import { printable } from './escape';
import { keepHeapSmall } from './heapGrowth';

const HELP = `agent-files ${VERSION}: check and run agent definition files (agent.3md, SKILL.md, AGENT.md, Agent World)

Usage:
  agent-files check [--format text|json|sarif] [--strict] [--agent|--plain] [--kind K] [--target T,...] PATH...
                                           check files and folders (agent-files check --help)
                                           T: spec skills-ref claude-code codex copilot gemini-cli
                                           opencode cursor (SKILL.md; default: from each file's folder)
  agent-files parse FILE.3md               the 3md document as JSON (exit 1 on a parse error)
  agent-files links FILE.3md               cross-plane links as JSON
  agent-files route FILE.3md TEXT          skills ranked for a request
  agent-files resolve FILE.3md SKILL       a skill and its dependencies
  agent-files command FILE.3md SKILL [name=value...]   the skill's filled command line
  agent-files export FILE.3md [--bodies]   the agent3md/1 JSON export
  agent-files conformance DIR...           run folders of upstream conformance vectors
  agent-files to-prompt DIR...             the <available_skills> XML of skill folders (or folders of them)
  agent-files world eval [DIR] [--format text|json|sarif]
                                           the Agent World eval: checks and routing cases (exit 1 on FAIL)
  agent-files graph FILE [--format mermaid|dot]
                                           a world's workflow (world.json or DIR) or an agent.3md's
                                           skill dependencies, as Mermaid or Graphviz DOT
  agent-files mcp [--root DIR]...          an MCP server on stdio for coding agents (docs/mcp.md)
  agent-files effect PATH [--client NAME]  what each coding agent loads for a file: instructions and skills

Exit codes: 0 ok, 1 errors found (or warnings with --strict), 2 bad usage or unreadable input.`;

/** `agent-files COMMAND --help`. */
const COMMAND_HELP: Record<string, string> = {
  check: CHECK_HELP,
  parse: 'Usage: agent-files parse FILE.3md\n\nPrints the 3md document as JSON. Exit 1 on a parse error (the message names the position).',
  links: 'Usage: agent-files links FILE.3md\n\nPrints the cross-plane [[z=N]] links as JSON.',
  route: 'Usage: agent-files route FILE.3md TEXT...\n\nPrints the skills ranked for a request, as JSON (name, z, score, hits).',
  resolve:
    'Usage: agent-files resolve FILE.3md SKILL\n\nPrints the skill and its dependencies in load order, as JSON. SKILL is a name or a z.\nExit 1 when the file has no such skill.',
  command:
    "Usage: agent-files command FILE.3md SKILL [name=value...] [--allow-missing] [--allow-options]\n\nPrints the skill's command line with its placeholders filled for the shell context they sit in.\nValues are checked against the skill's inputs first (unknown names, types, required inputs);\nexit 1 names the input.\n\nOptions:\n  --allow-missing   keep the placeholders of missing inputs as written\n  --allow-options   accept values that start with - (they could be read as options)",
  export: "Usage: agent-files export FILE.3md [--bodies]\n\nPrints the agent3md/1 JSON export.\n\nOptions:\n  --bodies   include each skill's body text",
  conformance: 'Usage: agent-files conformance DIR...\n\nRuns folders of upstream conformance vectors and prints how many pass. Exit 1 on a failure.',
  'to-prompt': 'Usage: agent-files to-prompt DIR...\n\nPrints the <available_skills> XML of skill folders (or of folders of them).',
  world: WORLD_HELP,
  graph: GRAPH_HELP,
  mcp: MCP_HELP,
  effect: EFFECT_HELP,
};

const COMMANDS: Record<string, (argv: string[], io: Io) => number> = {
  check: checkCommand,
  parse: parseCommand,
  links: linksCommand,
  route: routeCommand,
  resolve: resolveCommand,
  command: commandCommand,
  export: exportCommand,
  conformance: conformanceCommand,
  'to-prompt': toPromptCommand,
  world: worldCommand,
  graph: graphCommand,
  mcp: mcpCommand,
  effect: effectCommand,
};

/**
 * Runs one CLI invocation; never throws. Error output quotes file names and content, so it is
 * made printable line by line (stdout is each format's own business).
 */
export function run(argv: string[], raw: Io): number {
  const io: Io = { ...raw, err: (t) => raw.err(t.split('\n').map(printable).join('\n')) };
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.out(HELP);
    return name ? 0 : 2;
  }
  if (name === '--version') {
    io.out(VERSION);
    return 0;
  }
  const cmd = COMMANDS[name];
  const end = rest.indexOf('--');
  const own = end < 0 ? rest : rest.slice(0, end);
  if (COMMAND_HELP[name] !== undefined && (own.includes('--help') || own.includes('-h'))) {
    io.out(COMMAND_HELP[name]!);
    return 0;
  }
  try {
    if (!cmd) throw new UsageError(`unknown command '${name}' (see agent-files --help)`);
    return cmd(rest, io);
  } catch (e) {
    if (e instanceof UsageError) io.err(`agent-files: ${e.message}`);
    else if (e instanceof FatalError) io.err(e.message);
    else io.err(`agent-files: internal error: ${e instanceof Error ? e.message : String(e)}`);
    return e instanceof UsageError || e instanceof FatalError ? 2 : 1;
  }
}

if (!isMainThread) {
  keepHeapSmall();
  runCheckWorker(workerData);
} else if (require.main === module) {
  // Only `check` walks a tree and checks file after file; the other commands keep V8's defaults (heapGrowth.ts).
  if (process.argv[2] === 'check') keepHeapSmall();
  // `check` may use a worker thread per core on large runs; AGENT_FILES_THREADS sets how many, whatever the run (1: none). Workers start from this script.
  const asked = Number(process.env.AGENT_FILES_THREADS);
  const threads = asked >= 1 ? { threads: Math.floor(asked), filesPerThread: 1, script: __filename } : { threads: Math.min(os.availableParallelism(), 8), script: __filename };
  // A reader that stops early (`agent-files check . | head`) closes the pipe: stop quietly, as other tools do.
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EPIPE') throw e;
    process.exit(process.exitCode ?? 0);
  });
  const io: Io = { out: (t) => process.stdout.write(t + '\n'), write: (t) => process.stdout.write(t), err: (t) => process.stderr.write(t + '\n'), cwd: process.cwd(), threads };
  process.exitCode = run(process.argv.slice(2), io);
}
