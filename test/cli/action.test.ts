/** The GitHub Action's check step (action.yml), run by bash with a stand-in npx that prints its arguments. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parse } from 'yaml';

const ROOT = path.resolve(__dirname, '../..');
const action = parse(fs.readFileSync(path.join(ROOT, 'action.yml'), 'utf8')) as { runs: { steps: { name?: string; run?: string }[] } };
const step = action.runs.steps.find((s) => s.name === 'agent-files check')!;

function runStep(env: Record<string, string>): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'af-action-'));
  try {
    fs.writeFileSync(path.join(dir, 'npx'), '#!/bin/sh\nfor a in "$@"; do printf "%s\\n" "$a"; done > args.txt\n', { mode: 0o755 });
    const r = spawnSync('bash', ['-e', '-c', step.run!], {
      cwd: dir,
      env: { PATH: `${dir}:${process.env['PATH']}`, AF_VERSION: 'latest', AF_SARIF: 'out.sarif', AF_ARGS: '', AF_PATHS: '.', AF_BASELINE: '', ...env },
      encoding: 'utf8',
    });
    assert.equal(r.status, 0, r.stderr);
    return fs.readFileSync(path.join(dir, 'args.txt'), 'utf8').trim().split('\n');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

test('the action passes its baseline input to check as one argument, and nothing when it is empty', () => {
  assert.deepEqual(runStep({}), ['--yes', 'agent-files@latest', 'check', '--format', 'sarif', '.']);
  assert.deepEqual(runStep({ AF_BASELINE: 'ci/agent files baseline.json', AF_PATHS: 'skills docs' }), [
    '--yes',
    'agent-files@latest',
    'check',
    '--format',
    'sarif',
    '--baseline',
    'ci/agent files baseline.json',
    'skills',
    'docs',
  ]);
});
