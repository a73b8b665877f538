import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { test } from 'node:test';
import { join } from 'node:path';
import { CHECKING_NEW_SPACE_BYTES, checkingGrowthFactor, keepsYoungGenerationSmall } from '../../server/src/cli/youngGeneration';
import { ROOT } from '../helpers/cliRun';

test('the young generation is kept small on the V8 versions known to read the flag', () => {
  assert.equal(keepsYoungGenerationSmall('11.3.244.8-node.38', []), true);
  assert.equal(keepsYoungGenerationSmall('12.4.254.21-node.33', []), true);
  assert.equal(keepsYoungGenerationSmall('13.6.233.17-node.63', []), true);
  assert.equal(keepsYoungGenerationSmall('10.2.154.26-node.26', []), false);
  assert.equal(keepsYoungGenerationSmall('14.0.1', []), false);
});

test('the young generation is left alone when the user sized it', () => {
  assert.equal(keepsYoungGenerationSmall('11.3.244.8', ['--max-semi-space-size=64']), false);
  assert.equal(keepsYoungGenerationSmall('11.3.244.8', ['--max_semi_space_size=64']), false);
  assert.equal(keepsYoungGenerationSmall('11.3.244.8', ['--semi-space-growth-factor=4']), false);
  assert.equal(keepsYoungGenerationSmall('11.3.244.8', ['--stack-size=2000', '']), true);
});

test('while checking, the young generation grows to 16 MB of new space and no further', () => {
  assert.equal(CHECKING_NEW_SPACE_BYTES, 16 * 1024 * 1024);
  assert.equal(checkingGrowthFactor(2 * 1024 * 1024), 2);
  assert.equal(checkingGrowthFactor(CHECKING_NEW_SPACE_BYTES - 1), 2);
  assert.equal(checkingGrowthFactor(CHECKING_NEW_SPACE_BYTES), 1);
  assert.equal(checkingGrowthFactor(32 * 1024 * 1024), 1);
});

test('the running V8 knows the flag whenever its version is one the CLI sets it on', () => {
  if (!keepsYoungGenerationSmall(process.versions.v8, [])) return;
  const r = spawnSync(process.execPath, ['--v8-options'], { encoding: 'utf8' });
  assert.match(r.stdout, /--semi-space-growth-factor/);
});

// Churns through short-lived objects on the main thread and in a worker, each having called
// keepYoungGenerationSmall when KEEP is set (and whileChecking before each object when CHECKING
// is), and prints each heap's new-space size.
const CHURN = `
const v8 = require('node:v8');
const { Worker, isMainThread, parentPort } = require('node:worker_threads');
const { keepYoungGenerationSmall, whileChecking } = require(${JSON.stringify(join(ROOT, 'server/src/cli/youngGeneration.ts'))});
function churn() {
  let kept = [];
  for (let i = 0; i < 2e6; i++) {
    if (process.env.CHECKING === '1') whileChecking();
    kept.push({ i, s: 'x' + i });
    if (kept.length > 200000) kept = [];
  }
  return v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size;
}
const set = process.env.KEEP === '1' && keepYoungGenerationSmall();
if (isMainThread) {
  const main = churn();
  new Worker(__filename, { execArgv: ['--import', 'tsx'] }).on('message', (worker) => console.log(JSON.stringify({ set, main, worker })));
} else parentPort.postMessage(churn());
`;

test('a thread that keeps its young generation small does not grow it while it churns, and grows it to 16 MB while it checks', (t) => {
  if (!keepsYoungGenerationSmall(process.versions.v8, process.execArgv)) return t.skip('not set on this V8');
  const dir = mkdtempSync(join(tmpdir(), 'agent-files-young-'));
  const script = join(dir, 'churn.cjs');
  writeFileSync(script, CHURN);
  const run = (keep: string, checking = '0') => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', script], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, KEEP: keep, CHECKING: checking } });
    assert.equal(r.stderr, '');
    return JSON.parse(r.stdout) as { set: boolean; main: number; worker: number };
  };
  const MB = 1024 * 1024;
  try {
    const grown = run('0');
    assert.ok(grown.main > 8 * MB && grown.worker > 8 * MB, `without the flag the churn grows both (${grown.main}, ${grown.worker})`);
    const kept = run('1');
    assert.equal(kept.set, true);
    // Loading TypeScript through tsx before the call may have grown the main thread's space once or twice.
    assert.ok(kept.main <= 4 * MB, `main thread new space ${kept.main}`);
    assert.ok(kept.worker <= 4 * MB, `worker new space ${kept.worker}`);
    const checking = run('1', '1');
    for (const size of [checking.main, checking.worker]) assert.ok(size > 4 * MB && size <= 16 * MB, `new space while checking ${size}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
