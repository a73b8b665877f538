import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { cli, reportSummary as summary, ROOT } from '../helpers/cliRun';

const FIX = join(ROOT, 'test/fixtures/plugins');

test('a folder walk checks the Claude Code plugin manifests and marketplace it finds, each as a plugin manifest', () => {
  const r = cli(FIX, 'check', '--format', 'json', '.');
  assert.equal(r.err, '');
  assert.equal(r.code, 1);
  assert.deepEqual(summary(r.out), [
    ['.claude-plugin/marketplace.json', 'plugin manifest', ['plugin-duplicate-name:e@6', 'plugin-source-not-found:e@6', 'plugin-unknown-key:i@7']],
    ['plugins/fmt/.claude-plugin/plugin.json', 'plugin manifest', ['plugin-invalid-json:e@3']],
    ['plugins/pdf/.claude-plugin/plugin.json', 'plugin manifest', ['plugin-path-not-found:w@3']],
    ['plugins/pdf/.mcp.json', 'MCP configuration', []],
    ['plugins/pdf/skills/extract/SKILL.md', 'SKILL.md', []],
  ]);
});

test('one manifest named on the command line is checked against its plugin folder; --kind plugin reads any file as one', () => {
  const one = cli(FIX, 'check', '--format', 'json', 'plugins/pdf/.claude-plugin/plugin.json');
  assert.deepEqual(summary(one.out), [['plugins/pdf/.claude-plugin/plugin.json', 'plugin manifest', ['plugin-path-not-found:w@3']]]);
  const forced = cli(FIX, 'check', '--format', 'json', '--kind', 'plugin', 'plugins/pdf/.mcp.json');
  assert.deepEqual(summary(forced.out), [['plugins/pdf/.mcp.json', 'plugin manifest', ['plugin-missing-key:e@0']]]);
});
