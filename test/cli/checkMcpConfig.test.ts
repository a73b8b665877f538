import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import { join } from 'node:path';
import { cli, reportSummary as summary, ROOT } from '../helpers/cliRun';

const FIX = join(ROOT, 'test/fixtures/mcp-config');

test('the walk checks .mcp.json (project and plugin) and .vscode/mcp.json, each finding where the client reads it', () => {
  const r = cli(FIX, 'check', '--format', 'json', '.');
  assert.equal(r.err, '');
  assert.equal(r.code, 1);
  assert.deepEqual(summary(r.out), [
    ['.mcp.json', 'MCP configuration', ['mcp-key-ignored:w@3', 'mcp-type-unknown:e@4', 'mcp-server-incomplete:e@5', 'mcp-command-not-found:i@6']],
    ['.vscode/mcp.json', 'MCP configuration', ['mcp-input-unknown:w@5']],
    ['plugin/.mcp.json', 'MCP configuration', ['mcp-server-duplicate:w@1']],
  ]);
});

test('--kind mcp reads any file as a .mcp.json, and a valid one passes', () => {
  const dir = fs.realpathSync(fs.mkdtempSync(join(os.tmpdir(), 'af-cli-mcp-')));
  try {
    fs.writeFileSync(join(dir, 'servers.json'), '{"mcpServers": {"db": {"command": "npx", "args": ["db-mcp"]}}}\n');
    fs.writeFileSync(join(dir, 'bad.json'), '{"servers": {"db": {"command": "npx"}}}\n');
    const ok = cli(dir, 'check', '--kind', 'mcp', 'servers.json');
    assert.equal(ok.code, 0, ok.out + ok.err);
    const bad = cli(dir, 'check', '--format', 'json', '--kind', 'mcp', 'bad.json');
    assert.equal(bad.code, 1);
    assert.deepEqual(summary(bad.out), [['bad.json', 'MCP configuration', ['mcp-servers-key:e@0']]]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
