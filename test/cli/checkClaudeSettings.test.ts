import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { cli, reportSummary as summary, ROOT } from '../helpers/cliRun';

const FIX = join(ROOT, 'test/fixtures/claude-settings');

test('the walk checks .claude/settings.json and settings.local.json: hooks and permissions findings, exit 1 on the error', () => {
  const r = cli(FIX, 'check', '--format', 'json', '.');
  assert.equal(r.err, '');
  assert.equal(r.code, 1);
  assert.deepEqual(summary(r.out), [
    [
      '.claude/settings.json',
      'Claude Code settings',
      [
        'settings-permission-tool-unknown:w@2',
        'hooks-matcher-invalid:w@12',
        'hooks-script-missing:w@13',
        'hooks-event-unknown:w@16',
        'hooks-matcher-ignored:i@17',
        'hooks-handler-incomplete:w@17',
        'hooks-timeout-invalid:w@17',
      ],
    ],
    ['broken/.claude/settings.local.json', 'Claude Code settings', ['settings-shape:e@1']],
  ]);
});

test('--kind claude-settings checks a named file as a Claude Code settings file', () => {
  const r = cli(FIX, 'check', '--format', 'json', '--kind', 'claude-settings', 'broken/.claude/settings.local.json');
  assert.equal(r.code, 1, r.err);
  assert.deepEqual(summary(r.out), [['broken/.claude/settings.local.json', 'Claude Code settings', ['settings-shape:e@1']]]);
});
