import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');
const FIX = join(ROOT, 'test/fixtures/subagents');
function cli(cwd: string, ...args: string[]) {
  const r = spawnSync(process.execPath, [join(ROOT, 'dist/cli.js'), ...args], { cwd, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}
interface JsonReport {
  files: { path: string; kind: string; diagnostics: { code: string; severity: string; range: { start: { line: number } } }[] }[];
}

test('a repository whose only agent files are subagents and commands is checked (no "no files to check"), every file with its kind', () => {
  const r = cli(FIX, 'check', '--format', 'json', '.');
  assert.equal(r.err, '');
  assert.equal(r.code, 1);
  const files = (JSON.parse(r.out) as JsonReport).files.map((f) => [f.path, f.kind, f.diagnostics.map((d) => `${d.code}:${d.severity[0]}@${d.range.start.line}`)]);
  assert.deepEqual(files, [
    ['.claude/agents/README.md', 'Claude Code subagent', []],
    ['.claude/agents/code-reviewer.md', 'Claude Code subagent', ['subagent-name-duplicate:w@1']],
    ['.claude/agents/release-notes.md', 'Claude Code subagent', ['subagent-yaml-invalid:e@3']],
    ['.claude/agents/review/code-reviewer.md', 'Claude Code subagent', ['subagent-name-duplicate:w@1']],
    ['.claude/agents/security-audit.md', 'Claude Code subagent', ['subagent-description-missing:e@1']],
    ['.claude/agents/test-writer.md', 'Claude Code subagent', ['subagent-yaml-quoted:i@2', 'subagent-tool-unknown:i@3']],
    ['.claude/commands/deploy.md', 'Claude Code command', ['command-shadowed-by-skill:w@0']],
    ['.claude/commands/frontend/build.md', 'Claude Code command', ['command-key-ignored:w@1', 'command-tool-unknown:w@3', 'command-argument-hint-missing:i@6']],
    ['.claude/skills/deploy/SKILL.md', 'SKILL.md', []],
    ['.github/agents/planner.agent.md', 'VS Code custom agent', []],
    ['.github/chatmodes/review.chatmode.md', 'VS Code chat mode', ['subagent-chatmode-renamed:i@0']],
    ['.github/prompts/release.prompt.md', 'VS Code prompt file', []],
  ]);
});

test('a folder with one well-formed subagent passes (exit 0)', () => {
  const dir = fs.realpathSync(fs.mkdtempSync(join(os.tmpdir(), 'af-cli-agents-')));
  try {
    fs.mkdirSync(join(dir, '.claude/agents'), { recursive: true });
    fs.writeFileSync(join(dir, '.claude/agents/a.md'), '---\nname: a\ndescription: Does a.\n---\nBody.\n');
    const r = cli(dir, 'check', '.');
    assert.equal(r.code, 0, r.err + r.out);
    assert.match(r.out, /1 file checked/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
