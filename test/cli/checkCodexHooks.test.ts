import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { chmodSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { cli, reportSummary as summary, ROOT } from '../helpers/cliRun';

const FIX = join(ROOT, 'test/fixtures/codex-hooks');

test('the walk checks .codex/hooks.json: an unknown event, a flat group, a missing script and one without its executable bit; exit 1 on strict JSON', () => {
  const r = cli(FIX, 'check', '--format', 'json', '.');
  assert.equal(r.err, '');
  assert.equal(r.code, 1);
  assert.deepEqual(summary(r.out), [
    ['.codex/hooks.json', 'Codex hooks', ['codex-hooks-script-not-executable:w@6', 'codex-hooks-event-unknown:w@9', 'codex-hooks-shape:w@10', 'codex-hooks-script-missing:w@11']],
    ['broken/.codex/hooks.json', 'Codex hooks', ['codex-hooks-json-invalid:e@3']],
  ]);
});

test('a script whose executable bit is set on disk is not reported', { skip: process.platform === 'win32' }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'codex-hooks-'));
  try {
    cpSync(join(FIX, '.codex'), join(dir, '.codex'), { recursive: true });
    chmodSync(join(dir, '.codex/hooks/guard.sh'), 0o755);
    const r = cli(dir, 'check', '--format', 'json', '.');
    assert.deepEqual(summary(r.out), [['.codex/hooks.json', 'Codex hooks', ['codex-hooks-event-unknown:w@9', 'codex-hooks-shape:w@10', 'codex-hooks-script-missing:w@11']]]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('--kind codex-hooks checks a named file as a Codex hooks file, and a fixture below a test folder gets information only', () => {
  const r = cli(FIX, 'check', '--format', 'json', '--kind', 'codex-hooks', 'tests/fail/.codex/hooks.json');
  assert.equal(r.code, 0, r.err);
  assert.deepEqual(summary(r.out), [['tests/fail/.codex/hooks.json', 'Codex hooks', ['codex-hooks-shape:i@1']]]);
});
