import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');
const FIX = join(ROOT, 'test/fixtures/agent-md');
function cli(...args: string[]) {
  const r = spawnSync(process.execPath, [join(ROOT, 'dist/cli.js'), ...args], { cwd: FIX, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}
interface JsonReport {
  files: { path: string; kind: string; diagnostics: { code: string; range: { start: { line: number; character: number } } }[] }[];
}
const findings = (out: string) =>
  (JSON.parse(out) as JsonReport).files.map((f) => [f.path, f.kind, f.diagnostics.map((d) => `${d.code}@${d.range.start.line}:${d.range.start.character}`)]);

test('a folder of AGENT.md files: instruction files are clean and say so, agents keep their errors', () => {
  const r = cli('check', '--format', 'json', '.');
  assert.equal(r.code, 1);
  assert.equal(r.err, '');
  assert.deepEqual(findings(r.out), [
    ['agent-invalid/AGENT.md', 'AGENT.md', ['agent-description-missing@0:0', 'agent-type-string@2:9', 'agent-type-array@3:7', 'agent-unknown-field@4:0']],
    ['agent-valid/AGENT.md', 'AGENT.md', []],
    ['child/AGENT.md', 'AGENT.md', ['agent-extends-not-agent@3:9']],
    ['metadata/AGENT.md', 'AGENT.md (instruction file)', []],
    ['mixed/AGENT.md', 'AGENT.md (instruction file)', []],
    ['plain/AGENT.md', 'AGENT.md (instruction file)', []],
  ]);
});

test('a named file whose kind is unknown is skipped with a note on stderr, never read as 3md', () => {
  const r = cli('check', 'README.md', 'notes.txt', 'plain/AGENT.md');
  assert.equal(r.code, 0);
  assert.deepEqual(r.err.trim().split('\n'), [
    'agent-files: skipping README.md: its name is not one agent-files checks (say what it is with --kind 3md|agent3md|skill|agent-md|world|prompt|eval|instructions|agent|command|plugin|claude-settings|hooks|github-hooks|mcp|codex-config|codex-hooks|skill-evals)',
    'agent-files: skipping notes.txt: its name is not one agent-files checks (say what it is with --kind 3md|agent3md|skill|agent-md|world|prompt|eval|instructions|agent|command|plugin|claude-settings|hooks|github-hooks|mcp|codex-config|codex-hooks|skill-evals)',
  ]);
  assert.equal(r.out.trim(), '1 file checked: 0 errors, 0 warnings, 0 information');
  // Nothing left to check is bad usage (a mistyped CI path must not pass), unless --allow-empty.
  const none = cli('check', 'notes.txt');
  assert.equal(none.code, 2);
  assert.match(none.err, /agent-files: no files to check in notes\.txt/);
  const allowed = cli('check', '--allow-empty', 'notes.txt');
  assert.deepEqual([allowed.code, allowed.out.trim()], [0, '0 files checked: 0 errors, 0 warnings, 0 information']);
});

test('--kind forces how the named files are read; folders keep their names', () => {
  assert.deepEqual(findings(cli('check', '--format', 'json', '--kind', 'agent-md', 'README.md').out), [['README.md', 'AGENT.md (instruction file)', []]]);
  assert.deepEqual(findings(cli('check', '--format', 'json', '--kind', 'skill', 'notes.txt').out), [['notes.txt', 'SKILL.md', ['skill-frontmatter-missing@0:0']]]);
  assert.deepEqual(
    findings(cli('check', '--format', 'json', '--kind', '3md', 'notes.txt').out).map((f) => f.slice(0, 2)),
    [['notes.txt', '3md']],
  );
  const agent = findings(cli('check', '--format', 'json', '--kind', 'agent3md', 'notes.txt').out);
  assert.deepEqual(
    agent.map((f) => f.slice(0, 2)),
    [['notes.txt', 'agent.3md']],
  );
  assert.ok((agent[0]![2] as string[]).length > 0, 'agent rules apply to a forced agent3md');
  // The folder's files are still found by name, and README.md in it is not read.
  const mixed = findings(cli('check', '--format', 'json', '--kind', 'skill', 'notes.txt', 'plain').out);
  assert.deepEqual(
    mixed.map((f) => f.slice(0, 2)),
    [
      ['notes.txt', 'SKILL.md'],
      ['plain/AGENT.md', 'AGENT.md (instruction file)'],
    ],
  );
});

test('--kind takes only the kinds the code knows, and check --help lists them', () => {
  const bad = cli('check', '--kind', 'readme', 'notes.txt');
  assert.equal(bad.code, 2);
  assert.equal(
    bad.err.trim(),
    "agent-files: unknown kind 'readme' (use 3md, agent3md, skill, agent-md, world, prompt, eval, instructions, agent, command, plugin, claude-settings, hooks, github-hooks, mcp, codex-config, codex-hooks, skill-evals)",
  );
  assert.equal(cli('check', '--kind', 'agent3md', '--plain', 'notes.txt').code, 2);
  const help = cli('check', '--help');
  assert.equal(help.code, 0);
  for (const k of ['3md', 'agent3md', 'skill', 'agent-md', 'world', 'prompt', 'eval', 'instructions']) assert.match(help.out, new RegExp(`^ {16}${k} +\\S`, 'm'));
  assert.match(help.out, /AGENT\.md \(instruction file\)/);
});
