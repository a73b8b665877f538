// examples/ is the showcase `npm start` opens: one of every format, with the mistakes its README
// lists. `agent-files check examples` reports exactly those (a new rule or a changed verdict shows here).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');

test('agent-files check examples reports the mistakes examples/README.md lists, and nothing else', () => {
  const r = spawnSync(process.execPath, [join(ROOT, 'dist/cli.js'), 'check', '--format', 'json', 'examples'], { cwd: ROOT, encoding: 'utf8' });
  assert.equal(r.status, 1, r.stderr);
  const files: { path: string; kind: string; diagnostics: { code: string }[] }[] = JSON.parse(r.stdout).files;
  const found = Object.fromEntries(files.filter((f) => f.diagnostics.length).map((f) => [f.path, f.diagnostics.map((d) => d.code).sort()]));
  assert.deepEqual(found, {
    'examples/.agent-files.json': ['config-unknown-rule'],
    'examples/.agent-world/world.eval.md': ['world-eval-pattern-coverage'],
    'examples/.agents/skills/db_migrate/SKILL.md': ['skill-file-missing', 'skill-name-invalid-chars'],
    'examples/.claude/skills/changelog/SKILL.md': ['skill-field-typo'],
    'examples/AGENTS.md': ['instructions-command-undefined'],
    'examples/CLAUDE.md': ['instructions-import-missing'],
    'examples/agents/support.agent.3md': ['dead-link', 'tool-input'],
  });
  const kinds = new Set(files.map((f) => f.kind));
  for (const k of ['agent.3md', 'SKILL.md', 'AGENT.md', 'world.json', 'Agent World prompt', 'world.eval.md', 'instruction file', '.agent-files.json'])
    assert.ok(kinds.has(k), `a ${k} file`);
});

test('the Agent World of examples fails its eval on the one routing case the workflow blocks', () => {
  const r = spawnSync(process.execPath, [join(ROOT, 'dist/cli.js'), 'world', 'eval', '--format', 'json', 'examples'], { cwd: ROOT, encoding: 'utf8' });
  assert.equal(r.status, 1);
  const failing = JSON.parse(r.stdout).cases.filter((c: { status: string }) => c.status === 'FAIL');
  assert.deepEqual(
    failing.map((c: { name: string }) => c.name),
    ['the lead goes straight to the writer'],
  );
});
