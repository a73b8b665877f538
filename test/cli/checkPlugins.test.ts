import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');
const FIX = join(ROOT, 'test/fixtures/plugins');
function cli(cwd: string, ...args: string[]) {
  const r = spawnSync(process.execPath, [join(ROOT, 'dist/cli.js'), ...args], { cwd, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}
interface JsonReport {
  files: { path: string; kind: string; diagnostics: { code: string; severity: string; range: { start: { line: number } } }[] }[];
}
const summary = (out: string) => (JSON.parse(out) as JsonReport).files.map((f) => [f.path, f.kind, f.diagnostics.map((d) => `${d.code}:${d.severity[0]}@${d.range.start.line}`)]);

test('a folder walk checks the Claude Code plugin manifests and marketplace it finds, each as a plugin manifest', () => {
  const r = cli(FIX, 'check', '--format', 'json', '.');
  assert.equal(r.err, '');
  assert.equal(r.code, 1);
  assert.deepEqual(summary(r.out), [
    ['.claude-plugin/marketplace.json', 'Claude Code plugin manifest', ['plugin-duplicate-name:e@6', 'plugin-source-not-found:e@6', 'plugin-unknown-key:i@7']],
    ['plugins/fmt/.claude-plugin/plugin.json', 'Claude Code plugin manifest', ['plugin-invalid-json:e@3']],
    ['plugins/pdf/.claude-plugin/plugin.json', 'Claude Code plugin manifest', ['plugin-path-not-found:w@3']],
    ['plugins/pdf/.mcp.json', 'MCP configuration', []],
    ['plugins/pdf/skills/extract/SKILL.md', 'SKILL.md', []],
  ]);
});

test('one manifest named on the command line is checked against its plugin folder; --kind plugin reads any file as one', () => {
  const one = cli(FIX, 'check', '--format', 'json', 'plugins/pdf/.claude-plugin/plugin.json');
  assert.deepEqual(summary(one.out), [['plugins/pdf/.claude-plugin/plugin.json', 'Claude Code plugin manifest', ['plugin-path-not-found:w@3']]]);
  const forced = cli(FIX, 'check', '--format', 'json', '--kind', 'plugin', 'plugins/pdf/.mcp.json');
  assert.deepEqual(summary(forced.out), [['plugins/pdf/.mcp.json', 'Claude Code plugin manifest', ['plugin-missing-key:e@0']]]);
});
