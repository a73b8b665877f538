/** `check --changed` and `--since REF`: the files a change touched, and those whose findings it can alter. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const CLI = path.resolve(__dirname, '../../dist/cli.js');
const cli = (cwd: string, ...args: string[]) => spawnSync(process.execPath, [CLI, 'check', ...args], { cwd, encoding: 'utf8' });
const files = (out: string) => [...new Set([...out.matchAll(/^(\S+):\d+:\d+: \w+ \[([\w-]+)\]/gm)].map((m) => `${m[1]} ${m[2]}`))].sort();

function write(root: string, rel: string, text: string) {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  fs.writeFileSync(path.join(root, rel), text);
}

/** A committed repository: two skills with a warning each, and an AGENTS.md linking to a guide. */
function repository(): { root: string; git: (...a: string[]) => string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'af-changed-'));
  const git = (...a: string[]) => execFileSync('git', a, { cwd: root, encoding: 'utf8' });
  git('init', '-q');
  git('config', 'user.email', 't@example.invalid');
  git('config', 'user.name', 'T');
  for (const name of ['alpha', 'beta'])
    write(root, `.claude/skills/${name}/SKILL.md`, `---\nname: ${name}\ndescription: Does ${name}. Use when testing.\n---\n\nSee [the notes](notes-${name}.md).\n`);
  write(root, 'docs/guide.md', '# Guide\n');
  write(root, 'AGENTS.md', '# Project\n\nRead [the guide](docs/guide.md).\n');
  git('add', '-A');
  git('commit', '-qm', 'start');
  return { root, git };
}

test('--changed reports the files changed in the work tree, and not the others', () => {
  const { root } = repository();
  try {
    assert.deepEqual(files(cli(root, '--changed').stdout), []);
    write(root, '.claude/skills/alpha/SKILL.md', `---\nname: alpha\ndescription: Does alpha, now more. Use when testing.\n---\n\nSee [the notes](notes-alpha.md).\n`);
    write(root, '.claude/skills/gamma/SKILL.md', `---\nname: gamma\ndescription: New. Use when testing.\n---\n\nSee [the notes](notes-gamma.md).\n`);
    const r = cli(root, '--changed');
    assert.deepEqual(files(r.stdout), ['.claude/skills/alpha/SKILL.md skill-file-missing', '.claude/skills/gamma/SKILL.md skill-file-missing']);
    assert.match(r.stderr, /2 of 4 files checked: those the work tree against HEAD changed and those a change can affect/);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('a deleted file affects the files that link to it; a resource changed affects its SKILL.md', () => {
  const { root, git } = repository();
  try {
    git('rm', '-q', 'docs/guide.md');
    git('commit', '-qm', 'remove the guide');
    write(root, '.claude/skills/beta/notes.md', 'notes\n');
    const r = cli(root, '--since', 'HEAD~1');
    assert.deepEqual(files(r.stdout), ['.claude/skills/beta/SKILL.md skill-file-missing', 'AGENTS.md instructions-link-missing']);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('--since refuses what is not a revision, and says when git cannot answer', () => {
  const { root } = repository();
  try {
    const opt = cli(root, '--since=--output=x', '.');
    assert.equal(opt.status, 2);
    assert.match(opt.stderr, /--since needs a git revision, not '--output=x'/);
    const unknown = cli(root, '--since', 'no-such-branch', '.');
    assert.equal(unknown.status, 2);
    assert.match(unknown.stderr, /agent-files: git diff .*no-such-branch/);
    assert.equal(cli(root, '--changed', '--since', 'HEAD').status, 2);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});
