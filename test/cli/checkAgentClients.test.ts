/**
 * The CLI over a folder of OpenCode agents, Gemini CLI subagents and Codex plugin manifests: each
 * file is found by its folder, named by its client, and gets what that client does with it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');
const FIX = join(ROOT, 'test/fixtures/agent-clients');
interface JsonReport {
  files: { path: string; kind: string; diagnostics: { code: string; severity: string; range: { start: { line: number } } }[] }[];
}

test('a folder walk checks OpenCode agents, Gemini CLI subagents and Codex manifests, each by its client', () => {
  const r = spawnSync(process.execPath, [join(ROOT, 'dist/cli.js'), 'check', '--format', 'json', '.'], { cwd: FIX, encoding: 'utf8' });
  assert.equal(r.stderr, '');
  assert.equal(r.status, 1);
  const files = (JSON.parse(r.stdout) as JsonReport).files.map((f) => [f.path, f.kind, f.diagnostics.map((d) => `${d.code}:${d.severity[0]}@${d.range.start.line}`)]);
  assert.deepEqual(files, [
    ['.agents/plugins/marketplace.json', 'plugin manifest', ['plugin-duplicate-name:w@6', 'plugin-source-not-found:e@6', 'plugin-path-invalid:w@7']],
    ['.gemini/agents/reviewer.md', 'Gemini CLI subagent', ['subagent-tools-shape:e@3', 'subagent-key-unknown:e@4']],
    ['.gemini/agents/worker.md', 'Gemini CLI subagent', []],
    ['.opencode/agent/planner.md', 'OpenCode agent', ['subagent-value-invalid:e@2', 'subagent-key-ignored:w@3', 'subagent-key-unknown:i@4']],
    ['.opencode/agents/review.md', 'OpenCode agent', []],
    ['plugins/fmt/.codex-plugin/plugin.json', 'plugin manifest', ['plugin-value-invalid:e@2']],
    ['plugins/pdf/.codex-plugin/plugin.json', 'plugin manifest', ['plugin-path-not-found:w@5']],
    ['plugins/pdf/skills/extract/SKILL.md', 'SKILL.md', []],
  ]);
});
