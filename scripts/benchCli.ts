/**
 * The CLI on whole repositories (issue 28): `agent-files check` against its peers on trees of
 * 2,500 and 10,000 real-size SKILL.md, made at bench time by copying real skills and renaming each
 * copy (folder and `name`), and against the bound of reading, splitting and scanning the same
 * files. Each figure is the median of a few runs of a fresh process: wall time and peak RSS
 * (`/usr/bin/time`).
 *
 * Peers, each a row skipped with its reason when absent: skill-check (the version pinned in
 * scripts/bench-peers/package.json, installed there on demand with `npm ci`), and the Python
 * reference skills-ref (`import skills_ref` in AGENT_FILES_BENCH_PYTHON, default `python3`;
 * PYTHONPATH passes through), called in one process over every skill folder.
 *
 * The real skills are the SKILL.md files under AGENT_FILES_BENCH_SKILLS (a folder, walked) or
 * `--skills-from DIR`; none are committed.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export interface CliRun {
  tool: string;
  skills: number;
  /** Median wall time of the runs, ms; undefined when skipped. */
  ms?: number;
  /** Median CPU time (user + system), ms: steadier than wall time on a shared machine. */
  cpuMs?: number;
  /** Median peak resident set size, MB. */
  rssMb?: number;
  runs?: number;
  skipped?: string;
}

export interface CliBench {
  source: string;
  sourceSkills: number;
  runs: CliRun[];
}

const PEERS = path.join(__dirname, '..', 'scripts', 'bench-peers');
const SKILL_CHECK = path.join(PEERS, 'node_modules', 'skill-check', 'bin', 'skill-check.js');

/** Every SKILL.md under `dir` (no node_modules, no dot folders). */
export function realSkills(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      if (e.name.startsWith('.') || e.name === 'node_modules') continue;
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name === 'SKILL.md') out.push(p);
    }
  };
  walk(dir);
  return out.sort();
}

/** `n` copies of the real skills under `root/skills/`, each in a folder named as its renamed `name`. */
export function makeSkillTree(root: string, sources: readonly string[], n: number): void {
  const texts = sources.map((s) => fs.readFileSync(s, 'utf8'));
  for (let i = 0; i < n; i++) {
    const k = i % texts.length;
    const base = path
      .basename(path.dirname(sources[k]!))
      .toLowerCase()
      .replace(/[^a-z0-9-]/g, '-');
    const name = `${base}-${i}`;
    const dir = path.join(root, 'skills', name);
    fs.mkdirSync(dir, { recursive: true });
    const text = /^name:.*$/m.test(texts[k]!) ? texts[k]!.replace(/^name:.*$/m, `name: ${name}`) : texts[k]!;
    fs.writeFileSync(path.join(dir, 'SKILL.md'), text);
  }
}

type Sample = { ms: number; cpuMs: number; rssMb: number };

/** One fresh process under /usr/bin/time: wall and CPU ms, peak RSS MB; a reason when it could not run. */
export function timed(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): Sample | string {
  const t0 = performance.now();
  const r = spawnSync('/usr/bin/time', ['-f', '%U %S %M', cmd, ...args], { env, encoding: 'utf8', maxBuffer: 1 << 30, stdio: ['ignore', 'ignore', 'pipe'] });
  const ms = performance.now() - t0;
  if (r.error) return r.error.message;
  const m = /([\d.]+) ([\d.]+) (\d+)\s*$/.exec(r.stderr);
  // Exit 1 is a linter's "findings"; anything else (a crash, a missing module) is no measurement.
  if (!m || (r.status !== 0 && r.status !== 1)) return `exit ${r.status}: ${r.stderr.trim().split('\n').slice(-2).join(' ')}`;
  return { ms, cpuMs: (Number(m[1]) + Number(m[2])) * 1000, rssMb: Number(m[3]) / 1024 };
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export function measure(tool: string, skills: number, reps: number, run: () => Sample | string): CliRun {
  const samples: Sample[] = [];
  for (let i = 0; i < reps; i++) {
    const r = run();
    if (typeof r === 'string') return { tool, skills, skipped: r };
    samples.push(r);
  }
  const mid = (f: (s: Sample) => number) => Math.round(median(samples.map(f)));
  return { tool, skills, ms: mid((s) => s.ms), cpuMs: mid((s) => s.cpuMs), rssMb: mid((s) => s.rssMb), runs: reps };
}

/** skill-check installed from scripts/bench-peers (npm ci on first use); a reason when it cannot be. */
function skillCheck(): string | undefined {
  if (fs.existsSync(SKILL_CHECK)) return undefined;
  const r = spawnSync('npm', ['ci', '--no-audit', '--no-fund', '--silent'], { cwd: PEERS, encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'] });
  return fs.existsSync(SKILL_CHECK) ? undefined : `skill-check could not be installed in scripts/bench-peers (${(r.stderr || r.error?.message || '').trim().split('\n').pop()})`;
}

const PYTHON = process.env['AGENT_FILES_BENCH_PYTHON'] ?? 'python3';
/** The reference validator over every skill folder of a tree, in one process. */
const SKILLS_REF_DRIVER = [
  'import sys, pathlib',
  'from skills_ref import validate',
  'n = 0',
  'for p in sorted(pathlib.Path(sys.argv[1]).rglob("SKILL.md")):',
  '    n += len(validate(p.parent))',
  'print(n)',
].join('\n');

function skillsRef(): string | undefined {
  const r = spawnSync(PYTHON, ['-c', 'import skills_ref'], { encoding: 'utf8' });
  if (r.error) return `skills-ref (Python) not runnable: ${r.error.message}`;
  return r.status === 0 ? undefined : `skills-ref (Python) is not installed for ${PYTHON} (pip install skills-ref, or PYTHONPATH to its src/)`;
}

/** Reading every SKILL.md, splitting it into lines and scanning each line once: what no checker can beat. */
const BOUND = [
  "const fs = require('fs'), path = require('path');",
  'let n = 0;',
  'const walk = (d) => { for (const e of fs.readdirSync(d, { withFileTypes: true })) { const p = path.join(d, e.name);',
  "  if (e.isDirectory()) walk(p); else if (e.name === 'SKILL.md') { for (const l of fs.readFileSync(p, 'utf8').split(/\\r\\n|\\r|\\n/)) if (l.startsWith('#') || l.startsWith('```') || l.includes('](')) n++; } } };",
  'walk(process.argv[1]);',
  'console.log(n);',
].join('\n');

/** The CLI runs at each size, each the median of `runs` fresh processes; `cli` is dist/cli.js. */
export function cliBench(cli: string, source: string, sizes: readonly { skills: number; runs: number }[]): CliBench {
  const sources = realSkills(source);
  const runs: CliRun[] = [];
  const noSkillCheck = skillCheck();
  const noSkillsRef = skillsRef();
  for (const { skills: n, runs: reps } of sizes) {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), `agent-files-bench-${n}-`));
    try {
      makeSkillTree(root, sources, n);
      runs.push(measure('agent-files check', n, reps, () => timed(process.execPath, [cli, 'check', root, '--format', 'json'])));
      // The same on one thread: what the worker threads give on this machine (docs/cli.md#threads).
      runs.push(
        measure('agent-files check, one thread', n, reps, () => timed(process.execPath, [cli, 'check', root, '--format', 'json'], { ...process.env, AGENT_FILES_THREADS: '1' })),
      );
      runs.push(
        noSkillCheck
          ? { tool: 'skill-check 1.2.0', skills: n, skipped: noSkillCheck }
          : measure('skill-check 1.2.0', n, reps, () => timed(process.execPath, [SKILL_CHECK, 'check', root, '--format', 'json', '--no-security-scan', '--no-open'])),
      );
      runs.push(noSkillsRef ? { tool: 'skills-ref', skills: n, skipped: noSkillsRef } : measure('skills-ref', n, reps, () => timed(PYTHON, ['-c', SKILLS_REF_DRIVER, root])));
      runs.push(measure('read+split+scan bound', n, reps, () => timed(process.execPath, ['-e', BOUND, root])));
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  }
  return { source: path.basename(source), sourceSkills: sources.length, runs };
}
