import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parse } from 'yaml';
import { fileKindOf } from '../../server/src/core/workspace/fileKinds';
import { pluginComponentShapeOf } from '../../server/src/core/plugins/components';

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

test("the hook's files pattern selects exactly the files the CLI checks by name, and the paths of a plugin's parts, which it skips without a plugin", () => {
  // Every kind the CLI reads, and names that look like one but are not (pre-commit passes the
  // files explicitly, so the CLI's own detection decides; a file it skips is named on stderr).
  // A plugin's agents, commands and hooks are known by the manifest above them, which a pattern
  // cannot see: it selects their paths, and the CLI skips them (exit 0) when no plugin is above.
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
    '.github/react.instructions.md',
    'docs/react.instructions.md',
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
    '.codex-plugin/plugin.json',
    'plugins/x/.codex-plugin/plugin.json',
    '.agents/plugins/marketplace.json',
    '.agents/marketplace.json',
    '.gemini/agents/reviewer.md',
    '.gemini/agents/_draft.md',
    '.gemini/agents/deep/x.md',
    '.gemini/commands/plan.md',
    '.gemini/commands/git/Commit.MD',
    '.gemini/commands/README.md',
    '.gemini/commands/plan.toml',
    '.gemini/other/plan.md',
    '.opencode/agent/review.md',
    '.opencode/agents/deep/plan.md',
    '.opencode/notes.md',
    'skills/pdf/evals/evals.json',
    'skills/pdf/evals.json',
    'skills/pdf/eval_queries.json',
    'skills/pdf/trigger_eval_set-2.json',
    'skills/pdf/queries.json',
    'plugins/ops/agents/checker.md',
    'plugins/ops/agents/deep/x.md',
    'plugins/ops/commands/tag.md',
    'plugins/ops/commands/git/Release.MD',
    'plugins/ops/hooks/hooks.json',
    'plugins/ops/hooks/other.json',
    '.github/hooks/guard.json',
    '.github/hooks/hooks.json',
    'pkg/.github/hooks/format.json',
    '.github/hooks/deep/x.json',
    '.github/hooks/guard.sh',
    'hooks.json',
  ];
  const repo = fs.mkdtempSync(path.join(os.tmpdir(), 'af-hook-'));
  try {
    for (const rel of samples) {
      fs.mkdirSync(path.dirname(path.join(repo, rel)), { recursive: true });
      fs.writeFileSync(path.join(repo, rel), rel.endsWith('.json') ? '{}\n' : '# Notes\n');
    }
    fs.mkdirSync(path.join(repo, '.git'));
    const r = spawnSync(process.execPath, [path.join(ROOT, 'dist/cli.js'), 'check', '--format', 'json', '--allow-empty', ...samples], { cwd: repo, encoding: 'utf8' });
    const checked = (JSON.parse(r.stdout) as { files: { path: string }[] }).files.map((f) => f.path).sort();
    const selected = samples.filter((f) => new RegExp(hook.files).test(f)).sort();
    // The pattern and the detection agree: a file's name, or a plugin part's path.
    assert.deepEqual(selected, samples.filter((f) => fileKindOf(f) !== null || pluginComponentShapeOf(f)).sort());
    // Without a plugin above, the CLI checks the files known by name and skips the plugin parts, exit 0.
    assert.deepEqual(checked, samples.filter((f) => fileKindOf(f) !== null).sort());
    // Each skipped with a note, and alone they pass the hook.
    const parts = selected.filter((f) => !checked.includes(f));
    assert.deepEqual(parts, samples.filter((f) => fileKindOf(f) === null && pluginComponentShapeOf(f)).sort());
    assert.ok(
      parts.includes('plugins/ops/agents/checker.md') && parts.includes('plugins/ops/commands/git/Release.MD') && parts.includes('plugins/ops/hooks/hooks.json'),
      parts.join(', '),
    );
    for (const f of parts) assert.ok(r.stderr.includes(`skipping ${f}: no Claude Code plugin`), f);
    const alone = spawnSync(process.execPath, [path.join(ROOT, 'dist/cli.js'), ...hook.entry.split(' ').slice(1), ...parts], { cwd: repo, encoding: 'utf8' });
    assert.equal(alone.status, 0, alone.stderr);
  } finally {
    fs.rmSync(repo, { recursive: true, force: true });
  }
});

test("the hook checks a plugin's agent staged alone, its plugin.json above it unstaged, and fails on its error", () => {
  const repo = fs.mkdtempSync(path.join(os.tmpdir(), 'af-hook-'));
  try {
    const git = (...a: string[]) => spawnSync('git', a, { cwd: repo, encoding: 'utf8' });
    git('init', '-q');
    fs.mkdirSync(path.join(repo, 'plugins/ops/.claude-plugin'), { recursive: true });
    fs.mkdirSync(path.join(repo, 'plugins/ops/agents'), { recursive: true });
    fs.writeFileSync(path.join(repo, 'plugins/ops/.claude-plugin/plugin.json'), '{ "name": "ops" }\n');
    // Claude Code will not load an agent whose name holds ':' (kept for plugin:agent).
    fs.writeFileSync(path.join(repo, 'plugins/ops/agents/checker.md'), '---\nname: ops:checker\ndescription: Checks a release.\n---\nCheck it.\n');
    git('add', 'plugins/ops/agents/checker.md');
    const r = runHook(repo);
    assert.equal(r.status, 1, r.stdout);
    assert.match(r.stdout, /plugins\/ops\/agents\/checker\.md:2:7: error \[subagent-name-invalid\]/);
  } finally {
    fs.rmSync(repo, { recursive: true, force: true });
  }
});
