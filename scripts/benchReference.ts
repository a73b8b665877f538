/**
 * Against the reference agent.3md implementation (issue 28), when AGENT_FILES_BENCH_AGENT3MD names
 * a checkout of CorvidLabs/agent-3md (not on npm, so never installed by the bench):
 *
 * - retained heap per skill after loading a generated 10,000-skill agent and routing one request,
 *   ours and the reference runtime's, each measured in its own process (benchHeapChild.ts);
 * - a cold `check` of a generated 1,000-skill agent by each CLI, a fresh process per run. The
 *   reference's validator runs under Bun upstream; Bun is not required here, so its
 *   `src/validate.ts` is bundled for Node by esbuild with `import.meta.main` set, as our CLI is.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { genAgent } from './genAgent';
import { measure, median, timed, type CliRun } from './benchCli';

export interface HeapRun {
  tool: string;
  skills: number;
  /** Median of the runs, KB. */
  kbPerSkill?: number;
  runs?: number;
  skipped?: string;
}

export interface ReferenceBench {
  reference: string;
  heap: HeapRun[];
  cold: CliRun[];
}

const ROOT = path.join(__dirname, '..');
const HEAP_CHILD = path.join(ROOT, 'scripts', 'benchHeapChild.ts');

/** The folder of the reference checkout, or why the rows are skipped. */
export function referenceDir(): string | { skipped: string } {
  const dir = process.env['AGENT_FILES_BENCH_AGENT3MD'];
  if (!dir) return { skipped: 'AGENT_FILES_BENCH_AGENT3MD does not name a checkout of CorvidLabs/agent-3md' };
  for (const f of ['src/runtime.ts', 'src/validate.ts']) {
    if (!fs.existsSync(path.join(dir, f))) return { skipped: `${path.join(dir, f)} is missing: AGENT_FILES_BENCH_AGENT3MD must name a checkout of CorvidLabs/agent-3md` };
  }
  return dir;
}

function heapRun(tool: string, which: string, skills: number, reps: number, refDir: string): HeapRun {
  const values: number[] = [];
  for (let i = 0; i < reps; i++) {
    const r = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', HEAP_CHILD, which, String(skills), refDir], { cwd: ROOT, encoding: 'utf8' });
    const m = /"kbPerSkill":([\d.]+)/.exec(r.stdout ?? '');
    if (r.status !== 0 || !m) return { tool, skills, skipped: `exit ${r.status}: ${(r.stderr || r.error?.message || '').trim().split('\n').slice(-2).join(' ')}` };
    values.push(Number(m[1]));
  }
  return { tool, skills, kbPerSkill: Math.round(median(values) * 1000) / 1000, runs: reps };
}

/** The reference's validator CLI bundled for Node into `outDir`; a reason when esbuild fails. */
function bundleReferenceValidator(refDir: string, outDir: string): string | { skipped: string } {
  const out = path.join(outDir, 'reference-validate.mjs');
  const esbuild = path.join(ROOT, 'node_modules', '.bin', 'esbuild');
  const r = spawnSync(
    esbuild,
    [path.join(refDir, 'src', 'validate.ts'), '--bundle', '--platform=node', '--format=esm', '--define:import.meta.main=true', `--outfile=${out}`, '--log-level=error'],
    {
      encoding: 'utf8',
    },
  );
  return r.status === 0 ? out : { skipped: `esbuild could not bundle the reference validator: ${(r.stderr || r.error?.message || '').trim()}` };
}

/** The rows against the reference; `cli` is dist/cli.js. */
export function referenceBench(cli: string, refDir: string, reps: number): ReferenceBench {
  const heap = [
    heapRun('agent-files runtime', 'agent-files', 10000, reps, refDir),
    heapRun('agent-files check analysis', 'agent-files-check', 10000, reps, refDir),
    heapRun('reference runtime', 'reference', 10000, reps, refDir),
  ];
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-files-bench-ref-'));
  try {
    const agent = path.join(tmp, 'agent.3md');
    fs.writeFileSync(agent, genAgent(1000));
    const validator = bundleReferenceValidator(refDir, tmp);
    // Cold runs vary with the machine's load: more of them than the CLI rows, and the median.
    const coldReps = Math.max(reps, 9);
    const cold = [
      measure('agent-files check', 1000, coldReps, () => timed(process.execPath, [cli, 'check', agent])),
      typeof validator === 'string'
        ? measure('reference validator', 1000, coldReps, () => timed(process.execPath, [validator, agent]))
        : { tool: 'reference validator', skills: 1000, ...validator },
    ];
    return { reference: path.basename(refDir), heap, cold };
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/** Issue 28's targets against the reference: retained heap per skill within 1.1x, a cold check within 0.8x. */
export function referenceTargets(ref: ReferenceBench | { skipped: string }, target: (name: string, value: number, ok: boolean, limit: string) => void): void {
  if ('skipped' in ref) return;
  const peer = ref.heap.find((h) => h.tool === 'reference runtime')?.kbPerSkill;
  for (const h of ref.heap) {
    if (h.tool === 'reference runtime' || h.kbPerSkill === undefined || peer === undefined) continue;
    target(`${h.tool} retained heap per skill vs reference runtime, ${h.skills} skills`, h.kbPerSkill / peer, h.kbPerSkill / peer <= 1.1, '<= 1.1x');
  }
  const ours = ref.cold.find((r) => r.tool === 'agent-files check')?.ms;
  const theirs = ref.cold.find((r) => r.tool === 'reference validator')?.ms;
  if (ours !== undefined && theirs !== undefined) target('cold check of a 1,000-skill agent.3md vs reference validator', ours / theirs, ours / theirs <= 0.8, '<= 0.8x');
}
