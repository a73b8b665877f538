import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import { dirname, join } from 'node:path';
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

test('a repository kept below a templates folder is live: only the folders below its root make a plugin a copy, however the files are named', () => {
  const top = fs.mkdtempSync(join(os.tmpdir(), 'af-copies-'));
  try {
    const repo = join(top, 'templates', 'repo');
    const files: Record<string, string> = {
      'tools/.claude-plugin/plugin.json': '{"name": "tools", "author": "me"}',
      'backups/old/.claude-plugin/plugin.json': '{"name": "old", "author": "me"}',
    };
    for (const [p, text] of Object.entries(files)) {
      fs.mkdirSync(dirname(join(repo, p)), { recursive: true });
      fs.writeFileSync(join(repo, p), text);
    }
    fs.mkdirSync(join(repo, '.git'));
    const expected = [
      ['backups/old/.claude-plugin/plugin.json', 'plugin manifest', ['plugin-value-invalid:i@0']],
      ['tools/.claude-plugin/plugin.json', 'plugin manifest', ['plugin-value-invalid:e@0']],
    ];
    // The folder, the files one by one (as pre-commit names them), and the repository from the folder above `templates`.
    assert.deepEqual(summary(cli(repo, 'check', '--format', 'json', '.').out), expected);
    assert.deepEqual(summary(cli(repo, 'check', '--format', 'json', ...Object.keys(files).sort()).out), expected);
    const fromAbove = summary(cli(top, 'check', '--format', 'json', 'templates/repo').out).map(([p, k, d]) => [p.replace('templates/repo/', ''), k, d]);
    assert.deepEqual(fromAbove, expected);
  } finally {
    fs.rmSync(top, { recursive: true, force: true });
  }
});

test("an AGENT.md in a plugin's agents folder, at any depth, is checked as the plugin's subagent, not as an OS Protocol agent", () => {
  const top = fs.mkdtempSync(join(os.tmpdir(), 'af-plugin-agent-'));
  try {
    const files: Record<string, string> = {
      'tools/.claude-plugin/plugin.json': '{"name": "tools"}',
      'tools/agents/orchestrator/AGENT.md': '---\nname: orchestrator\ndescription: Runs several approaches and picks the best. Use for hard problems.\nmodel: sonnet\n---\nBody.\n',
      'docs/AGENT.md': '---\nname: docs\ndescription: Writes docs.\nmodel: sonnet\n---\nBody.\n',
    };
    for (const [p, text] of Object.entries(files)) {
      fs.mkdirSync(dirname(join(top, p)), { recursive: true });
      fs.writeFileSync(join(top, p), text);
    }
    const report = summary(cli(top, 'check', '--format', 'json', '.').out);
    assert.deepEqual(
      report.filter(([p]) => p.endsWith('AGENT.md')).map(([p, k, d]) => [p, k, d.filter((x) => !x.includes(':i@'))]),
      [
        // Outside a plugin, `model` (a key OS Protocol does not define) makes it another tool's file, not an OS Protocol agent.
        ['docs/AGENT.md', 'AGENT.md (instruction file)', []],
        ['tools/agents/orchestrator/AGENT.md', 'Claude Code subagent', []],
      ],
    );
  } finally {
    fs.rmSync(top, { recursive: true, force: true });
  }
});
