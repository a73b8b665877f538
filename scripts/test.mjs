// Runs every *.test.ts under test/ with node's test runner (TypeScript through tsx).
// Usage: node scripts/test.mjs [--stress] [--shuffle[=SEED]] [substring-filter...]
//   --stress          runs the stress and scale tests (test/stress/), and the property tests
//                     (those that import test/helpers/runs.ts) with all their cases, instead of the rest
//   --shuffle[=SEED]  runs the files, and the tests of each file, in an order drawn from SEED
//                     (printed; random when not given), to show that no test needs another to run first
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';

function collect(dir, out) {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) {
      if (name !== 'fixtures' && name !== 'e2e' && name !== 'stress') collect(p, out);
    } else if (name.endsWith('.test.ts')) out.push(p);
  }
  return out;
}

const args = process.argv.slice(2);
const stress = args.includes('--stress');
const shuffleArg = args.find((a) => a === '--shuffle' || a.startsWith('--shuffle='));
const filters = args.filter((a) => !a.startsWith('--'));

// The LSP and CLI tests run the built bundles: build first so they never test stale code.
const build = spawnSync(process.execPath, ['esbuild.mjs'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const usesRuns = (f) => readFileSync(f, 'utf8').includes("from '../helpers/runs'");
const chosen = stress ? [...collect('test/stress', []), ...collect('test', []).filter(usesRuns)] : collect('test', []);
let files = chosen.filter((f) => filters.length === 0 || filters.some((s) => f.includes(s)));
if (files.length === 0) {
  console.error('no test files matched');
  process.exit(1);
}
const env = { ...process.env, ...(stress ? { AGENT_FILES_STRESS: '1' } : {}) };
if (shuffleArg) {
  const seed = shuffleArg.includes('=') ? Number(shuffleArg.slice('--shuffle='.length)) >>> 0 : Math.floor(Math.random() * 2 ** 32);
  console.log(`shuffled with seed ${seed} (again: node scripts/test.mjs --shuffle=${seed})`);
  let state = seed || 1;
  const rand = () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  files = [...files];
  for (let i = files.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [files[i], files[j]] = [files[j], files[i]];
  }
  // Each test file's process shuffles its own tests (scripts/shuffleTests.cjs).
  env.TEST_SHUFFLE_SEED = String(seed);
  env.NODE_OPTIONS = `${env.NODE_OPTIONS ?? ''} --require ${JSON.stringify(resolve('scripts/shuffleTests.cjs'))}`.trim();
}
// One test file per core at a time: the server tests spend much of their time waiting on the server.
const concurrency = `--test-concurrency=${Math.max(1, availableParallelism())}`;
const r = spawnSync(process.execPath, ['--import', 'tsx', '--test', concurrency, '--test-reporter=spec', ...files], { stdio: 'inherit', env });
process.exit(r.status ?? 1);
