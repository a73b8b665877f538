import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parse } from 'yaml';

// This runs the hook's entry the way pre-commit does, on the staged files its `files` pattern
// selects, in a temporary git repository; scripts/preCommitTest.mjs (run by .ci/run) installs and
// runs the hook with the real pre-commit.
const ROOT = path.resolve(__dirname, '../..');
const hook = (parse(fs.readFileSync(path.join(ROOT, '.pre-commit-hooks.yaml'), 'utf8')) as { id: string; entry: string; files: string }[])[0]!;

function runHook(repo: string) {
  const staged = spawnSync('git', ['diff', '--cached', '--name-only'], { cwd: repo, encoding: 'utf8' })
    .stdout.split('\n')
    .filter((f) => f && new RegExp(hook.files).test(f));
  // pre-commit does not run a hook when none of the staged files match its pattern.
  if (staged.length === 0) return { status: 0, stdout: '(skipped)' };
  const [, ...args] = hook.entry.split(' ');
  return spawnSync(process.execPath, [path.join(ROOT, 'dist/cli.js'), ...args, ...staged], { cwd: repo, encoding: 'utf8' });
}

test('the pre-commit hook checks the staged agent files and fails on an error; nothing staged passes', () => {
  assert.equal(hook.id, 'agent-files');
  const repo = fs.mkdtempSync(path.join(os.tmpdir(), 'af-hook-'));
  try {
    const git = (...a: string[]) => spawnSync('git', a, { cwd: repo, encoding: 'utf8' });
    git('init', '-q');
    fs.writeFileSync(path.join(repo, 'README.md'), '# hi\n');
    git('add', 'README.md');
    assert.equal(runHook(repo).stdout, '(skipped)', 'no agent file staged');
    // In a folder clients load skills from, a SKILL.md without frontmatter is an error (elsewhere it is advice).
    fs.mkdirSync(path.join(repo, '.agents/skills/bad'), { recursive: true });
    fs.writeFileSync(path.join(repo, '.agents/skills/bad/SKILL.md'), 'no frontmatter\n');
    git('add', '.agents/skills/bad/SKILL.md');
    const r = runHook(repo);
    assert.equal(r.status, 1);
    assert.match(r.stdout, /\.agents\/skills\/bad\/SKILL\.md:1:1: error \[skill-frontmatter-missing\]/);
  } finally {
    fs.rmSync(repo, { recursive: true, force: true });
  }
});

test("the hook's files pattern selects exactly the files the CLI checks, and no other", () => {
  // Every kind the CLI reads, and names that look like one but are not (pre-commit passes the
  // files explicitly, so the CLI's own detection decides; a file it skips would print a warning).
  const samples = [
    'a.3md',
    'b.agent.3md',
    'C.3MD',
    'skills/x/SKILL.md',
    'skills/y/skill.md',
    'AGENT.md',
    'sub/AGENTS.md',
    'CLAUDE.md',
    'pkg/CLAUDE.local.md',
    'GEMINI.md',
    '.agent-world/world.json',
    '.agent-world/world.eval.md',
    '.agent-world/prompts/a.md',
    '.github/copilot-instructions.md',
    '.github/instructions/ts.instructions.md',
    '.github/instructions/deep/py.instructions.md',
    '.claude/rules/style.md',
    '.claude/rules/deep/API.MD',
    '.claude/agents/reviewer.md',
    '.claude/agents/team/README.md',
    '.claude/commands/deploy.md',
    '.claude/commands/frontend/Build.MD',
    '.github/agents/plan.agent.md',
    '.github/chatmodes/review.chatmode.md',
    '.github/prompts/release.prompt.md',
    '.github/agents/notes.md',
    '.github/prompts/deep/x.prompt.md',
    'agents/reviewer.md',
    'README.md',
    'docs/agents.md',
    'SKILL.txt',
    'notes/AGENTS.txt',
    '.agent-world/notes.md',
    '.agent-world/prompts/deep/b.md',
    '.agent-world/other.json',
    '.github/instructions/plain.md',
    'copilot-instructions.md',
    '.claude/rules.md',
    '.agent-files.json',
    'x.3md.bak',
    '.mcp.json',
    'plugins/p/.mcp.json',
    '.vscode/mcp.json',
    'mcp.json',
    '.vscode/settings.json',
    '.cursor/mcp.json',
    '.codex/config.toml',
    'pkg/.codex/config.toml',
    'config.toml',
    '.codex/other.toml',
  ];
  const repo = fs.mkdtempSync(path.join(os.tmpdir(), 'af-hook-'));
  try {
    for (const rel of samples) {
      fs.mkdirSync(path.dirname(path.join(repo, rel)), { recursive: true });
      fs.writeFileSync(path.join(repo, rel), rel.endsWith('.json') ? '{}\n' : '# Notes\n');
    }
    const r = spawnSync(process.execPath, [path.join(ROOT, 'dist/cli.js'), 'check', '--format', 'json', '--allow-empty', ...samples], { cwd: repo, encoding: 'utf8' });
    const checked = (JSON.parse(r.stdout) as { files: { path: string }[] }).files.map((f) => f.path).sort();
    const selected = samples.filter((f) => new RegExp(hook.files).test(f)).sort();
    assert.deepEqual(selected, checked);
  } finally {
    fs.rmSync(repo, { recursive: true, force: true });
  }
});
