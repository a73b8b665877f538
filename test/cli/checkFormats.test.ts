import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');
const FIX = join(ROOT, 'test/fixtures/workspace-formats');
function cli(...args: string[]) {
  const r = spawnSync(process.execPath, [join(ROOT, 'dist/cli.js'), ...args], { cwd: FIX, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

interface JsonDiagnostic {
  code: string;
  severity: string;
  message: string;
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
}
interface JsonReport {
  files: { path: string; kind: string; diagnostics: JsonDiagnostic[] }[];
  summary: { errors: number; warnings: number };
}

/** Each file with its findings as `code@line:character` (0-based, as in the JSON). */
function findings(j: JsonReport): [string, string, string[]][] {
  return j.files.map((f) => [f.path, f.kind, f.diagnostics.map((d) => `${d.code}@${d.range.start.line}:${d.range.start.character}`)]);
}

test('check finds and passes every format of a clean tree (exit 0)', () => {
  const r = cli('check', '--format', 'json', 'clean');
  assert.equal(r.code, 0, r.err);
  const j = JSON.parse(r.out) as JsonReport;
  assert.deepEqual(findings(j), [
    ['clean/.agent-world/prompts/receiver.md', 'Agent World prompt', []],
    ['clean/.agent-world/prompts/sender.md', 'Agent World prompt', []],
    ['clean/.agent-world/world.eval.md', 'world.eval.md', []],
    ['clean/.agent-world/world.json', 'world.json', []],
    ['clean/agents/base/AGENT.md', 'AGENT.md', []],
    ['clean/agents/child/AGENT.md', 'AGENT.md', []],
    ['clean/skills/pdf-reader/SKILL.md', 'SKILL.md', []],
    ['clean/skills/web-search/SKILL.md', 'SKILL.md', []],
  ]);
  assert.deepEqual(j.summary, { errors: 0, warnings: 0, information: 0, hints: 0 });
});

test('check reports per-file and cross-file findings of a broken tree (exit 1)', () => {
  const r = cli('check', '--format', 'json', 'broken');
  assert.equal(r.code, 1);
  const j = JSON.parse(r.out) as JsonReport;
  assert.deepEqual(findings(j), [
    ['broken/.agent-world/prompts/sender.md', 'Agent World prompt', ['world-unknown-mention@3:0']],
    ['broken/.agent-world/world.eval.md', 'world.eval.md', ['world-eval-pattern-coverage@0:0', 'world-eval-unknown-agent@3:49']],
    ['broken/.agent-world/world.json', 'world.json', ['world-prompt-not-found@11:52']],
    ['broken/.agents/skills/shared/SKILL.md', 'SKILL.md', ['skill-duplicate-name@1:6']],
    ['broken/.gemini/skills/shared/SKILL.md', 'SKILL.md', ['skill-duplicate-name@1:6']],
    ['broken/agents/x/AGENT.md', 'AGENT.md', ['agent-extends-cycle@3:9']],
    ['broken/agents/y/AGENT.md', 'AGENT.md', ['agent-extends-cycle@3:9']],
    ['broken/agents/z/AGENT.md', 'AGENT.md', ['agent-extends-unresolved@3:9']],
  ]);
  assert.deepEqual(j.summary, { errors: 5, warnings: 3, information: 1, hints: 0 });
  const byPath = new Map(j.files.map((f) => [f.path, f.diagnostics]));
  assert.deepEqual(byPath.get('broken/.agents/skills/shared/SKILL.md'), [
    {
      code: 'skill-duplicate-name',
      severity: 'warning',
      message: "Skill name 'shared' is also used by .gemini/skills/shared/SKILL.md: Gemini CLI keeps the one it reads last and warns about the conflict (Gemini CLI)",
      range: { start: { line: 1, character: 6 }, end: { line: 1, character: 12 } },
    },
  ]);
  assert.equal(byPath.get('broken/agents/x/AGENT.md')![0]!.message, 'Agent inheritance cycle: x → y → x');
  assert.equal(byPath.get('broken/agents/z/AGENT.md')![0]!.message, "Unknown parent agent 'nobody'");
  assert.equal(byPath.get('broken/.agent-world/prompts/sender.md')![0]!.message, 'Agent @sender used a paragraph-start mention of @ghost, which matches no agent in this world.');
});

test('cross-file rules see only the files checked together', () => {
  const both = cli('check', '--format', 'json', 'broken/.agents', 'broken/.gemini');
  assert.deepEqual(
    findings(JSON.parse(both.out) as JsonReport).map(([, , f]) => f),
    [['skill-duplicate-name@1:6'], ['skill-duplicate-name@1:6']],
  );
  assert.equal(both.code, 0, 'warnings alone pass');
  assert.equal(cli('check', '--strict', 'broken/.agents', 'broken/.gemini').code, 1, '--strict fails on them');
  const one = cli('check', '--format', 'json', 'broken/.agents');
  assert.deepEqual(findings(JSON.parse(one.out) as JsonReport), [['broken/.agents/skills/shared/SKILL.md', 'SKILL.md', []]]);
  const agent = cli('check', '--format', 'json', 'broken/agents/z/AGENT.md', 'clean/agents');
  assert.deepEqual(
    findings(JSON.parse(agent.out) as JsonReport).map(([p, , f]) => [p, f]),
    [
      ['broken/agents/z/AGENT.md', ['agent-extends-unresolved@3:9']],
      ['clean/agents/base/AGENT.md', []],
      ['clean/agents/child/AGENT.md', []],
    ],
  );
});

test('a prompt checked alone is still checked against its world.json', () => {
  const r = cli('check', '--format', 'json', 'broken/.agent-world/prompts/sender.md');
  assert.equal(r.code, 0);
  assert.deepEqual(findings(JSON.parse(r.out) as JsonReport), [['broken/.agent-world/prompts/sender.md', 'Agent World prompt', ['world-unknown-mention@3:0']]]);
});

test('check --format sarif lists the new formats’ rules', () => {
  const r = cli('check', '--format', 'sarif', 'broken');
  assert.equal(r.code, 1);
  const sarif = JSON.parse(r.out);
  assert.deepEqual(
    sarif.runs[0].tool.driver.rules.map((x: { id: string }) => x.id),
    [
      'agent-extends-cycle',
      'agent-extends-unresolved',
      'skill-duplicate-name',
      'world-eval-pattern-coverage',
      'world-eval-unknown-agent',
      'world-prompt-not-found',
      'world-unknown-mention',
    ],
  );
  assert.equal(sarif.runs[0].results.length, 9);
});

test('check exits 2 on a missing path', () => {
  const r = cli('check', '--format', 'json', 'clean', 'no-such-folder');
  assert.equal(r.code, 2);
  assert.equal(r.out, '');
  assert.equal(r.err, 'agent-files: cannot read no-such-folder: no such file or folder\n');
});
