import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli, reportSummary as summary, ROOT } from '../helpers/cliRun';
import { tempTree } from '../helpers/tempTree';

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

test("a settings file checked by its own path reads its project's .mcp.json: servers defined there too are advice in mcpServers", () => {
  const root = mkdtempSync(join(tmpdir(), 'af-settings-mcp-'));
  try {
    const servers = { mcpServers: { postgres: { command: 'npx', args: ['pg-mcp'] } } };
    mkdirSync(join(root, '.claude'));
    writeFileSync(join(root, '.claude', 'settings.json'), JSON.stringify(servers, null, 2));
    writeFileSync(join(root, '.mcp.json'), JSON.stringify(servers, null, 2));
    const r = cli(root, 'check', '--format', 'json', '.claude/settings.json');
    assert.equal(r.code, 0, r.err);
    assert.deepEqual(summary(r.out), [['.claude/settings.json', 'Claude Code settings', ['settings-mcp-ignored:i@1']]]);
    rmSync(join(root, '.mcp.json'));
    assert.deepEqual(summary(cli(root, 'check', '--format', 'json', '.claude/settings.json').out), [
      ['.claude/settings.json', 'Claude Code settings', ['settings-mcp-ignored:w@1']],
    ]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test(
  'a hook script the command runs as a program is read for its mode on disk: without an executable bit it is a warning, with one it is not',
  { skip: process.platform === 'win32' && 'Windows files have no executable bit' },
  () => {
    const tree = tempTree('af-hook-mode-');
    tree.write('.claude/hooks/guard.sh', '#!/bin/sh\nexit 0\n');
    const command = '"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh';
    tree.write('.claude/settings.json', JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command }] }] } }, null, 2));
    chmodSync(join(tree.base, '.claude/hooks/guard.sh'), 0o644);
    assert.deepEqual(summary(cli(tree.base, 'check', '--format', 'json', '.').out), [['.claude/settings.json', 'Claude Code settings', ['hooks-script-not-executable:w@8']]]);
    chmodSync(join(tree.base, '.claude/hooks/guard.sh'), 0o755);
    assert.deepEqual(summary(cli(tree.base, 'check', '--format', 'json', '.').out), [['.claude/settings.json', 'Claude Code settings', []]]);
  },
);
