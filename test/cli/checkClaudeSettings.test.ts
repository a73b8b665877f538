import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');
const FIX = join(ROOT, 'test/fixtures/claude-settings');
function cli(cwd: string, ...args: string[]) {
  const r = spawnSync(process.execPath, [join(ROOT, 'dist/cli.js'), ...args], { cwd, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}
interface JsonReport {
  files: { path: string; kind: string; diagnostics: { code: string; severity: string; range: { start: { line: number } } }[] }[];
}
const summary = (out: string) => (JSON.parse(out) as JsonReport).files.map((f) => [f.path, f.kind, f.diagnostics.map((d) => `${d.code}:${d.severity[0]}@${d.range.start.line}`)]);

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
