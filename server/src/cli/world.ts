/**
 * `agent-files world eval [DIR]`: the Agent World eval without a model, as the skill's
 * `agent-world-eval.js` runs it: its checks (config, prompts, eval contract) and the routing
 * cases of world.eval.md run on the core router. Text is the eval's report; JSON and SARIF
 * carry the same verdicts. Exit 0 on PASS, 1 on FAIL, 2 for bad usage or no world.
 */
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import { NodeFsHost } from '../node/fsHost';
import { routingCaseFindings } from '../core/world/router/caseFindings';
import { renderEvalReport, runWorldEval, type WorldEvalReport } from '../core/world/router/evalReport';
import type { Diagnostic } from '../core/types';
import { renderGraph } from '../core/graph/render';
import { readArgs, UsageError } from './args';
import { jsonPrintable, printable } from './escape';
import { readFileOrFail, type Io } from './io';
import { findWorld } from './findWorld';
import { worldGraphOf } from './graph';
import { RULES_URL, VERSION } from './meta';
import { formatSarif, type FileResult } from './output';

export const WORLD_HELP = `Usage: agent-files world eval [--format text|json|sarif] [DIR | DIR/.agent-world/world.json]
       agent-files world graph [--format mermaid|dot] [DIR | DIR/.agent-world/world.json]

Runs the deterministic Agent World eval of a project (the current folder by default), as the
skill's agent-world-eval.js does, without calling a model: the config, prompt and eval-contract
checks, then every routing case of .agent-world/world.eval.md on the router. Prints the eval's
report (PASS/FAIL lines with its check names and reasons); nothing is written.

world graph prints the workflow as a Mermaid flowchart (the default) or Graphviz DOT: each node
with its agent, the edges the router allows, the human entries, the requires joins (dashed), the
entry and the final nodes (agent-files graph FILE draws agent.3md files too).

Exit codes: 0 PASS (graph: printed), 1 FAIL, 2 bad usage or no .agent-world/world.json.`;

export function worldCommand(argv: string[], io: Io): number {
  const { positional, flags } = readArgs(argv, ['help'], ['format']);
  const [sub, ...rest] = positional;
  if (flags.has('help') || sub === undefined) {
    io.out(WORLD_HELP);
    return sub === undefined && !flags.has('help') ? 2 : 0;
  }
  if (sub !== 'eval' && sub !== 'graph') throw new UsageError(`unknown world command '${sub}' (see agent-files world --help)`);
  if (rest.length > 1) throw new UsageError(`world ${sub} takes one project folder or world.json`);
  if (sub === 'graph') return worldGraphCommand(rest[0], flags.get('format') as string | undefined, io);
  const format = (flags.get('format') as string | undefined) ?? 'text';
  if (!['text', 'json', 'sarif'].includes(format)) throw new UsageError(`unknown format '${format}' (use text, json or sarif)`);
  const worldPath = findWorld(path.resolve(io.cwd, rest[0] ?? '.'));
  const project = path.basename(path.dirname(worldPath)) === '.agent-world' ? path.dirname(path.dirname(worldPath)) : path.dirname(worldPath);
  const host = new NodeFsHost([project], { rememberLookups: true });
  const worldUri = URI.file(worldPath).toString();
  const now = new Date().toISOString();
  const report = runWorldEval(readFileOrFail(worldPath), worldUri, host, now);
  const rel = (uri: string) => path.relative(io.cwd, URI.parse(uri).fsPath) || '.';
  if (format === 'json') io.out(jsonPrintable(JSON.stringify(jsonReport(report, rel), null, 2)));
  else if (format === 'sarif') io.out(formatSarif(sarifFiles(report, host, rel, now), VERSION, RULES_URL, { base: io.cwd, cwd: io.cwd, defaults: DEFAULTS }));
  else {
    const text = renderEvalReport(report, { config: rel(report.worldUri), eval: rel(report.evalUri) }, now).trimEnd();
    io.out(text.split('\n').map(printable).join('\n'));
    io.out(`\nAgent World eval ${report.result}: ${printable(rel(report.worldUri))}`);
  }
  return report.result === 'PASS' ? 0 : 1;
}

/** `world graph`: the workflow as Mermaid or DOT text. */
function worldGraphCommand(target: string | undefined, rawFormat: string | undefined, io: Io): number {
  const format = rawFormat ?? 'mermaid';
  if (format !== 'mermaid' && format !== 'dot') throw new UsageError(`unknown format '${format}' (use mermaid or dot)`);
  io.out(renderGraph(worldGraphOf(path.resolve(io.cwd, target ?? '.'), io.cwd), format).trimEnd());
  return 0;
}

function jsonReport(r: WorldEvalReport, rel: (uri: string) => string) {
  return {
    config: rel(r.worldUri),
    eval: rel(r.evalUri),
    result: r.result,
    checks: r.checks.map((c) => ({
      category: c.category,
      name: c.name,
      status: c.status,
      ...(c.reason !== undefined ? { reason: c.reason } : {}),
      ...(c.uri ? { file: rel(c.uri) } : {}),
    })),
    cases: r.cases.map((c) => ({
      name: c.name,
      status: c.status,
      ...(c.reason !== undefined ? { reason: c.reason } : {}),
      ...(c.actual !== undefined ? { actual: c.actual } : {}),
    })),
  };
}

const DEFAULTS = new Map<string, Diagnostic['severity']>([
  ['world-eval-check-fails', 'error'],
  ['world-eval-case-fails', 'warning'],
]);

const FILE_START = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

/** SARIF findings: each failing check on the file it is about, each failing case where it fails in world.eval.md. */
function sarifFiles(r: WorldEvalReport, host: NodeFsHost, rel: (uri: string) => string, now: string): FileResult[] {
  const byFile = new Map<string, Diagnostic[]>();
  const add = (uri: string, d: Diagnostic) => byFile.set(uri, [...(byFile.get(uri) ?? []), d]);
  for (const c of r.checks) {
    if (c.status === 'FAIL')
      add(c.uri ?? r.worldUri, { code: 'world-eval-check-fails', severity: 'error', message: `FAIL ${c.category}: ${c.name}: ${c.reason ?? ''}`, range: FILE_START });
  }
  if (r.cases.some((c) => c.status === 'FAIL')) {
    const text = host.readText(r.evalUri) ?? '';
    for (const d of routingCaseFindings(text, r.worldUri, host, now).diagnostics) if (d.code === 'world-eval-case-fails') add(r.evalUri, d);
  }
  // Zero cases fails the eval on its own; say so when nothing above already does.
  if (r.cases.length === 0 && byFile.size === 0)
    add(r.evalUri, { code: 'world-eval-check-fails', severity: 'error', message: 'FAIL routing: no routing cases found', range: FILE_START });
  return [...byFile].map(([uri, diagnostics]) => ({ path: rel(uri), kind: 'world', diagnostics }));
}
