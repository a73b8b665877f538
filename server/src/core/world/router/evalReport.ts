/**
 * The whole deterministic eval of one world (spec §3.9): the harness's checks (checks.ts), then
 * the routing cases of world.eval.md run on the router, and the report it writes
 * (`# Agent World Eval Report`, `- PASS …` / `- FAIL …: reason` lines).
 */
import type { Node } from 'jsonc-parser';
import type { IWorkspaceHost } from '../../workspace/host';
import { checkLine, runWorldChecks, type WorldCheck } from '../checks';
import { loadRouterConfig } from './config';
import { parseRoutingCases, runRoutingCase, type CaseResult, type ParsedCases } from './cases';

export interface EvalCaseEntry extends CaseResult {
  /** The case object in world.eval.md (offsets in its text). */
  node: Node;
}

export interface WorldEvalReport {
  worldUri: string;
  evalUri: string;
  checks: WorldCheck[];
  /** Empty when the router config does not load (the harness then runs no case). */
  cases: EvalCaseEntry[];
  result: 'PASS' | 'FAIL';
}

/** The parsed cases of an eval text, and each one's result on the world (none when the world does not load: `error` says why). */
export function evaluateCases(
  worldText: string,
  worldUri: string,
  evalText: string,
  host: IWorkspaceHost,
  now: string,
): { parsed: ParsedCases; cases: EvalCaseEntry[]; error?: string } {
  const parsed = parseRoutingCases(evalText);
  const loaded = loadRouterConfig(worldText, worldUri, host);
  if (!loaded.config) return { parsed, cases: [], error: loaded.error };
  const config = loaded.config;
  return { parsed, cases: parsed.cases.map((c) => ({ ...runRoutingCase(config, c.value, now), node: c.node })) };
}

/** Runs the eval of one world.json text; files are read through `host`. Never throws on file contents. */
export function runWorldEval(worldText: string, worldUri: string, host: IWorkspaceHost, now: string): WorldEvalReport {
  const report = runWorldChecks(worldText, worldUri, host);
  const evalText = host.exists(report.evalUri) && !host.isDirectory(report.evalUri) ? (host.readText(report.evalUri) ?? '') : '';
  const cases = evalText ? evaluateCases(worldText, worldUri, evalText, host, now).cases : [];
  const failed = report.checks.some((c) => c.status === 'FAIL') || cases.some((c) => c.status === 'FAIL') || cases.length === 0;
  return { worldUri, evalUri: report.evalUri, checks: report.checks, cases, result: failed ? 'FAIL' : 'PASS' };
}

/** A case's report line: `- PASS {name}` / `- FAIL {name}: {reason}`. */
export function caseLine(c: CaseResult): string {
  return c.status === 'PASS' ? `- PASS ${c.name}` : `- FAIL ${c.name}: ${c.reason ?? ''}`;
}

/** The report the harness writes to `.agent-world/eval-runs/`. */
export function renderEvalReport(r: WorldEvalReport, paths: { config: string; eval: string }, generatedAt: string): string {
  const lines = [
    '# Agent World Eval Report',
    '',
    `Result: ${r.result}`,
    `Generated: ${generatedAt}`,
    '',
    '## Target',
    '',
    `- config: \`${paths.config}\``,
    `- eval: \`${paths.eval}\``,
    '',
    '## Checks',
    '',
    ...(r.checks.length > 0 ? r.checks.map(checkLine) : ['- FAIL eval: no checks ran']),
    '',
    '## Routing Cases',
    '',
    ...(r.cases.length > 0 ? r.cases.map(caseLine) : ['- FAIL routing: no routing cases found']),
  ];
  return `${lines.join('\n')}\n`;
}
