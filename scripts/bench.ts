/**
 * `npm run bench [-- --check] [-- --quick]`: prints one JSON object with parse, incremental-edit,
 * validation and routing figures for generated agents of 100, 1,000 and 10,000 skills.
 * `--check` exits non-zero when a target is missed.
 */
import * as os from 'node:os';
import { parseThreeMd } from '../server/src/core/threemd/parser';
import { reparse } from '../server/src/core/threemd/incremental';
import { analyzeThreeMd } from '../server/src/core/threemdAnalysis';
import { LineIndex } from '../server/src/core/text';
import type { TextEdit } from '../server/src/core/types';
import { genAgent, genRequests } from './genAgent';

const args = new Set(process.argv.slice(2));
const sizes = args.has('--quick') ? [100, 1000] : [100, 1000, 10000];

function time<T>(fn: () => T, minMs = 200, maxRuns = 200): { ms: number; runs: number; result: T } {
  let result = fn();
  const samples: number[] = [];
  const start = performance.now();
  while (samples.length < maxRuns && (performance.now() - start < minMs || samples.length < 3)) {
    const t0 = performance.now();
    result = fn();
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  return { ms: samples[Math.floor(samples.length / 2)]!, runs: samples.length, result };
}

const round = (x: number, d = 3) => Math.round(x * 10 ** d) / 10 ** d;
const results: Record<string, unknown>[] = [];
for (const n of sizes) {
  const text = genAgent(n);
  const mb = Buffer.byteLength(text) / 1e6;
  const full = time(() => parseThreeMd(text));
  const analysis = time(() => analyzeThreeMd(parseThreeMd(text), { fileName: 'agent.3md' }));
  // A one-character edit in the middle skill's body, then diagnostics recomputed.
  const doc0 = parseThreeMd(text);
  const mid = doc0.planes[Math.floor(doc0.planes.length / 2)]!;
  const line = mid.bodyStartLine + 2;
  let doc = doc0;
  let current = text;
  // The edit alternates inserting and deleting one character at the start of `line`, so its offset never moves.
  const offset = new LineIndex(text).offsetAt({ line, character: 0 });
  let inserted = false;
  const oneEdit = () => {
    const e: TextEdit = inserted
      ? { range: { start: { line, character: 0 }, end: { line, character: 1 } }, text: '' }
      : { range: { start: { line, character: 0 }, end: { line, character: 0 } }, text: 'x' };
    current = inserted ? current.slice(0, offset) + current.slice(offset + 1) : current.slice(0, offset) + 'x' + current.slice(offset);
    inserted = !inserted;
    doc = reparse(doc, e, current);
    return doc;
  };
  const reparseOnly = time(oneEdit).ms;
  const editAndDiagnose = time(() => {
    oneEdit();
    return analyzeThreeMd(doc, { fileName: 'agent.3md' }).diagnostics.length;
  });
  const a = analyzeThreeMd(parseThreeMd(text), { fileName: 'agent.3md' });
  const reqs = genRequests(n, 200);
  let qi = 0;
  const route = time(() => a.runtime.route(reqs[qi++ % reqs.length]!), 200, 100000);
  let li = 0;
  const routeLinear = time(() => a.runtime.routeLinear(reqs[li++ % reqs.length]!), 200, 2000);
  results.push({
    skills: n,
    bytes: Buffer.byteLength(text),
    fullParseMs: round(full.ms),
    fullParseMBps: round(mb / (full.ms / 1000), 1),
    fullParseAndValidateMs: round(analysis.ms),
    fullParseAndValidateMBps: round(mb / (analysis.ms / 1000), 1),
    incrementalEditReparseMs: round(reparseOnly, 4),
    incrementalEditWithDiagnosticsMs: round(editAndDiagnose.ms, 4),
    routeUs: round(route.ms * 1000, 2),
    routeLinearUs: round(routeLinear.ms * 1000, 2),
    errors: a.diagnostics.filter((d) => d.severity === 'error').length,
  });
}

const byN = (n: number) => results.find((r) => r['skills'] === n) as Record<string, number> | undefined;
const small = byN(100);
const big = byN(10000);
const out: Record<string, unknown> = { node: process.version, cores: os.cpus().length, results };
const failures: string[] = [];
for (const r of results as Record<string, number>[]) {
  if (r['errors']) failures.push(`${r['skills']}-skill agent has ${r['errors']} error(s)`);
}
if (small && big) {
  const ratio = big['incrementalEditReparseMs']! / small['incrementalEditReparseMs']!;
  out['editCostRatio10000vs100'] = round(ratio, 2);
  out['fullVsIncremental10000'] = round(big['fullParseMs']! / big['incrementalEditReparseMs']!, 1);
}
out['failures'] = failures;
process.stdout.write(JSON.stringify(out, null, 2) + '\n');
if (args.has('--check') && failures.length) process.exitCode = 1;
