// The pre-commit hook as users run it: the real `pre-commit` (Debian's package, or any on PATH)
// installs this repository the way it installs every `language: node` hook (npm install, npm pack,
// npm install -g the tarball) and runs `pre-commit run --all-files` in a temporary git repository
// holding one broken skill and one clean instruction file. Checks the exit code and the message.
// Then, in the same repository, a Claude Code plugin's agent edited and staged alone (its plugin.json
// above it not staged) beside a Markdown file in a docs/agents/ folder: the hook selects both by
// path, checks the agent with its plugin and skips the other.
// A clean work tree is tried at HEAD through a `.pre-commit-config.yaml` (as users write it);
// uncommitted changes are tried with `pre-commit try-repo`, which snapshots the work tree.
// Run by .ci/run (a few minutes: pre-commit runs a full npm install of this repository).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(new URL('..', import.meta.url).pathname);
const work = mkdtempSync(join(tmpdir(), 'af-pre-commit-'));
const repo = join(work, 'repo');
const started = Date.now();
const git = (...args) => execFileSync('git', args, { cwd: repo, encoding: 'utf8' });
let failed = false;
const check = (ok, what) => {
  console.log(`${ok ? 'ok' : 'FAILED'}: ${what}`);
  if (!ok) failed = true;
};

try {
  const version = spawnSync('pre-commit', ['--version'], { encoding: 'utf8' });
  if (version.status !== 0) throw new Error('pre-commit is not installed (Debian: apt-get install pre-commit)');
  console.log(`${version.stdout.trim()}, node ${process.version}`);
  mkdirSync(join(repo, '.agents/skills/bad'), { recursive: true });
  git('init', '-q');
  git('config', 'user.email', 'ci@example.invalid');
  git('config', 'user.name', 'CI');
  // In a folder clients load skills from, a SKILL.md without frontmatter is an error.
  writeFileSync(join(repo, '.agents/skills/bad/SKILL.md'), 'no frontmatter\n');
  writeFileSync(join(repo, 'AGENTS.md'), '# Project\n\nRun the tests before you commit.\n');
  const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: root, encoding: 'utf8' }).trim() !== '';
  const rev = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  writeFileSync(
    join(repo, '.pre-commit-config.yaml'),
    `default_language_version:\n  node: system\nrepos:\n  - repo: ${root}\n    rev: ${rev}\n    hooks:\n      - id: agent-files\n`,
  );
  git('add', '-A');
  const env = { ...process.env, PRE_COMMIT_HOME: join(work, 'cache'), PRE_COMMIT_COLOR: 'never' };
  const args = dirty ? ['try-repo', root, 'agent-files', '--all-files'] : ['run', '--all-files'];
  console.log(`pre-commit ${dirty ? 'try-repo (the work tree has uncommitted changes)' : `run at ${rev.slice(0, 12)}`}`);
  const r = spawnSync('pre-commit', args, { cwd: repo, env, encoding: 'utf8' });
  const out = `${r.stdout}${r.stderr}`;
  check(
    !/Executable `agent-files` not found|An unexpected error has occurred/.test(out),
    `the hook installs and its executable runs${/not found|unexpected error/.test(out) ? `\n${out}` : ''}`,
  );
  check(r.status === 1, `pre-commit exits 1 on the broken skill (${r.status})`);
  check(
    /\.agents\/skills\/bad\/SKILL\.md:1:1: error \[skill-frontmatter-missing\]/.test(out) && /agent-files check\.+Failed/.test(out),
    `the hook fails and names the broken skill\n${out.trim()}`,
  );
  check(!/AGENTS\.md:\d+:\d+: (error|warning)/.test(out), 'the clean AGENTS.md passes');

  // A plugin's agent edited alone: selected by its path, checked with the plugin.json above it.
  mkdirSync(join(repo, 'plugins/ops/.claude-plugin'), { recursive: true });
  mkdirSync(join(repo, 'plugins/ops/agents'), { recursive: true });
  mkdirSync(join(repo, 'docs/agents'), { recursive: true });
  writeFileSync(join(repo, 'plugins/ops/.claude-plugin/plugin.json'), '{ "name": "ops" }\n');
  writeFileSync(join(repo, 'plugins/ops/agents/checker.md'), '---\nname: checker\ndescription: Checks a release.\n---\nCheck it.\n');
  git('add', '-A');
  git('commit', '-qm', 'a plugin');
  // Claude Code will not load an agent whose name holds ':' (kept for plugin:agent).
  writeFileSync(join(repo, 'plugins/ops/agents/checker.md'), '---\nname: ops:checker\ndescription: Checks a release.\n---\nCheck it.\n');
  writeFileSync(join(repo, 'docs/agents/overview.md'), '# Our agents\n');
  git('add', 'plugins/ops/agents/checker.md', 'docs/agents/overview.md');
  const staged = dirty ? ['try-repo', root, 'agent-files'] : ['run'];
  console.log(`pre-commit ${staged.join(' ').replace(root, '<repo>')} (staged: a plugin agent, docs/agents/overview.md)`);
  const p = spawnSync('pre-commit', staged, { cwd: repo, env, encoding: 'utf8' });
  const pout = `${p.stdout}${p.stderr}`;
  check(p.status === 1, `pre-commit exits 1 on the plugin agent Claude Code refuses (${p.status})`);
  check(/plugins\/ops\/agents\/checker\.md:2:7: error \[subagent-name-invalid\]/.test(pout), `the hook names the plugin agent\n${pout.trim()}`);
  check(!/overview\.md:\d+:\d+: (error|warning)/.test(pout), 'docs/agents/overview.md, in no plugin, is skipped');
} catch (e) {
  check(false, e instanceof Error ? e.message : String(e));
} finally {
  rmSync(work, { recursive: true, force: true });
}
console.log(`pre-commit test: ${failed ? 'FAILED' : 'passed'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(failed ? 1 : 0);
