import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { cli, reportSummary as summary, ROOT } from '../helpers/cliRun';

const FIX = join(ROOT, 'test/fixtures/github-hooks');

test('the walk checks .github/hooks/*.json in both formats: findings per client, exit 1 on the errors', () => {
  const r = cli(FIX, 'check', '--format', 'json', '.');
  assert.equal(r.err, '');
  assert.equal(r.code, 1);
  assert.deepEqual(summary(r.out), [
    ['.github/hooks/format.json', 'Copilot and VS Code hooks', []],
    [
      '.github/hooks/mistakes.json',
      'Copilot and VS Code hooks',
      [
        'github-hooks-event-unknown:w@3',
        'github-hooks-script-missing:w@7',
        'github-hooks-timeout-invalid:w@7',
        'github-hooks-handler-incomplete:w@8',
        'github-hooks-handler-ignored:w@9',
        'github-hooks-handler-ignored:i@10',
        'github-hooks-matcher-invalid:w@11',
        'github-hooks-timeout-conflict:i@14',
      ],
    ],
    ['.github/hooks/session.json', 'Copilot and VS Code hooks', []],
    ['broken/.github/hooks/bad.json', 'Copilot and VS Code hooks', ['github-hooks-json-invalid:e@7']],
    ['broken/.github/hooks/version.json', 'Copilot and VS Code hooks', ['github-hooks-shape:e@1', 'github-hooks-shape:e@3']],
  ]);
});

test('--kind github-hooks checks a named file as a .github/hooks file', () => {
  const r = cli(FIX, 'check', '--format', 'json', '--kind', 'github-hooks', 'broken/.github/hooks/version.json');
  assert.equal(r.code, 1, r.err);
  assert.deepEqual(summary(r.out), [['broken/.github/hooks/version.json', 'Copilot and VS Code hooks', ['github-hooks-shape:e@1', 'github-hooks-shape:e@3']]]);
});

test('check --fix-unsafe renames an event written in the wrong case of its format, and nothing else', () => {
  const dir = mkdtempSync(join(tmpdir(), 'af-ghhooks-'));
  try {
    mkdirSync(join(dir, '.github/hooks'), { recursive: true });
    const file = join(dir, '.github/hooks/guard.json');
    writeFileSync(file, '{"version": 1, "hooks": {"PreToolUSE": [{"bash": "echo ok"}], "onSave": []}}\n');
    const r = cli(dir, 'check', '--fix-unsafe', '.');
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /'onSave' is no hook event/);
    assert.equal(readFileSync(file, 'utf8'), '{"version": 1, "hooks": {"preToolUse": [{"bash": "echo ok"}], "onSave": []}}\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
