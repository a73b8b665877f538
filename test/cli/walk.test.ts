/**
 * What `check` finds in a folder: the live files only (.gitignore files, .git/info/exclude, the
 * default list, undone by `include`), symbolic links followed inside the folder walked, each
 * file where it sits. Real folders and real links in a temp folder; the CLI as built.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { WALKED_FILES } from '../../server/src/cli/kinds';

const CLI = path.resolve(__dirname, '../../dist/cli.js');
let dir: string;

function cli(cwd: string, ...args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}
function write(root: string, rel: string, text: string): void {
  const p = path.join(root, rel);
  fs.mkdirSync(path.dirname(p), { recursive: true });
  fs.writeFileSync(p, text);
}
function link(root: string, rel: string, target: string): void {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  fs.symlinkSync(target, path.join(root, rel));
}
/** A fresh repository folder (with `.git`) under the test's temp folder. */
function repo(name: string): string {
  const root = path.join(dir, name);
  fs.mkdirSync(path.join(root, '.git', 'info'), { recursive: true });
  return root;
}
type Report = { files: { path: string; diagnostics: { code: string; message: string; range: { start: { line: number } } }[] }[] };
const checked = (cwd: string, ...args: string[]): string[] => (JSON.parse(cli(cwd, 'check', '-f', 'json', '--allow-empty', ...args).out) as Report).files.map((f) => f.path);
const SKILL = (name: string) => `---\nname: ${name}\ndescription: Does a thing. Use when testing.\n---\n\nBody.\n`;

before(() => {
  dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'af-walk-')));
});
after(() => fs.rmSync(dir, { recursive: true, force: true }));

test('a folder walk leaves out what .gitignore files (nested ones and negations too) and .git/info/exclude leave out', () => {
  const root = repo('gitignore');
  // Claude Code's personal file is meant to be gitignored, and Claude Code still reads it.
  write(root, '.gitignore', 'build/\nCLAUDE.local.md\n');
  write(root, '.git/info/exclude', 'scratch/\n');
  write(root, 'skills/live/SKILL.md', SKILL('live'));
  write(root, 'build/skills/copy/SKILL.md', SKILL('copy'));
  write(root, 'scratch/AGENTS.md', '# Notes\n');
  write(root, 'CLAUDE.local.md', '# Mine\n');
  write(root, 'packages/a/.gitignore', 'gen/*\n!gen/keep/\n');
  write(root, 'packages/a/gen/x/SKILL.md', SKILL('x'));
  write(root, 'packages/a/gen/keep/SKILL.md', SKILL('keep'));
  write(root, 'packages/a/AGENTS.md', '# A\n');
  assert.deepEqual(checked(root, '.'), ['CLAUDE.local.md', 'packages/a/AGENTS.md', 'packages/a/gen/keep/SKILL.md', 'skills/live/SKILL.md']);
  // Checking a folder inside the repository reads the .gitignore files above it too.
  write(root, 'build/AGENTS.md', '# Built\n');
  write(root, 'packages/b/build/AGENTS.md', '# Built\n');
  assert.deepEqual(checked(root, 'packages'), ['packages/a/AGENTS.md', 'packages/a/gen/keep/SKILL.md']);
});

test('test fixtures, archives and node_modules are left out by default; include in .agent-files.json brings them back', () => {
  const root = repo('defaults');
  write(root, 'skills/live/SKILL.md', SKILL('live'));
  write(root, 'tests/AGENTS.md', '# How to test\n');
  write(root, 'tests/fixtures/broken/SKILL.md', '---\nname: Broken Name\n---\n');
  write(root, 'src/__fixtures__/x/SKILL.md', SKILL('x'));
  write(root, 'pkg/testdata/CLAUDE.md', '# Data\n');
  write(root, '.claude/skills/archive/old/SKILL.md', SKILL('old'));
  write(root, 'node_modules/dep/skills/s/SKILL.md', SKILL('s'));
  // A linter's own test cases: a fixture folder, and the cases that pass or fail below tests/ (a folder named pass elsewhere is walked).
  write(root, 'tests/skills/ails/fixture/CLAUDE.md', '# Broken [link](missing.md)\n');
  write(root, 'rules/kebab/tests/fail/.agents/skills/example/SKILL.md', '# no frontmatter\n');
  write(root, 'rules/kebab/tests/pass/.agents/skills/example/SKILL.md', '# no frontmatter\n');
  write(root, 'docs/pass/AGENTS.md', '# Hall pass\n');
  // What an agent made in one of skill-creator's eval runs (iteration-1/eval-1/with_skill/outputs/); a with_skill folder elsewhere is walked.
  write(root, 'evals/workspace/iteration-1/eval-1/with_skill/outputs/scratch/SKILL.md', '---\nname: Scratch_Skill\n---\n');
  write(root, 'evals/workspace/iteration-1/eval-2/without_skill/outputs/AGENTS.md', '# Made by the run\n');
  write(root, 'guides/with_skill/AGENTS.md', '# A guide\n');
  assert.deepEqual(checked(root, '.'), ['docs/pass/AGENTS.md', 'guides/with_skill/AGENTS.md', 'skills/live/SKILL.md', 'tests/AGENTS.md']);
  // A file named on the command line is always checked.
  assert.deepEqual(checked(root, 'tests/fixtures/broken/SKILL.md'), ['tests/fixtures/broken/SKILL.md']);
  // So is what is under a folder named on the command line.
  assert.deepEqual(checked(root, 'tests/fixtures'), ['tests/fixtures/broken/SKILL.md']);
  write(root, '.agent-files.json', '{ "include": ["tests/fixtures/**", ".claude/skills/archive/old/SKILL.md"] }');
  assert.deepEqual(checked(root, '.'), [
    '.claude/skills/archive/old/SKILL.md',
    'docs/pass/AGENTS.md',
    'guides/with_skill/AGENTS.md',
    'skills/live/SKILL.md',
    'tests/AGENTS.md',
    'tests/fixtures/broken/SKILL.md',
  ]);
  // `ignore` wins over `include`.
  write(root, '.agent-files.json', '{ "include": ["tests/fixtures/**"], "ignore": ["tests/fixtures/broken"] }');
  assert.deepEqual(checked(root, '.'), ['docs/pass/AGENTS.md', 'guides/with_skill/AGENTS.md', 'skills/live/SKILL.md', 'tests/AGENTS.md']);
});

test('symlinked instruction files are checked where they sit, once per real file per folder', () => {
  const root = repo('links');
  write(root, 'AGENTS.md', '# Project\n\nSee [the guide](docs/guide.md).\n');
  write(root, 'docs/guide.md', '# Guide\n');
  link(root, 'CLAUDE.md', 'AGENTS.md');
  link(root, 'GEMINI.md', 'AGENTS.md');
  link(root, '.github/copilot-instructions.md', '../AGENTS.md');
  const r = JSON.parse(cli(root, 'check', '-f', 'json', '.').out) as Report;
  assert.deepEqual(
    r.files.map((f) => f.path),
    ['.github/copilot-instructions.md', 'AGENTS.md'],
  );
  // The link resolves from .github/, as the client reading the file there resolves it.
  const missing = r.files.find((f) => f.path === '.github/copilot-instructions.md')!.diagnostics.map((d) => d.code);
  assert.ok(missing.includes('instructions-link-missing'), missing.join(','));
  assert.deepEqual(r.files.find((f) => f.path === 'AGENTS.md')!.diagnostics, []);
});

test('symlinked skill folders are followed inside the folder walked; links leading outside and folder loops are not', () => {
  const root = repo('skill-links');
  const outside = path.join(dir, 'outside');
  write(outside, 'evil/SKILL.md', SKILL('evil'));
  write(root, 'skills/shared/SKILL.md', SKILL('shared'));
  link(root, '.claude/skills', '../skills');
  link(root, '.agents/skills/outside', outside);
  link(root, 'skills/shared/loop', '..');
  link(root, 'AGENT.md', path.join(outside, 'evil', 'SKILL.md'));
  // .claude/skills shows skills/shared again: one skill, checked where it is.
  assert.deepEqual(checked(root, '.'), ['skills/shared/SKILL.md']);
});

test('a symbolic link to a skill folder is a file to git: a .gitignore line for folders only ([Rr]elease/) does not leave it out, and its client reads the skill', () => {
  const root = repo('skill-link-ignored-name');
  write(root, '.gitignore', '[Rr]elease/\n!.agents/skills/release/\n');
  write(root, '.agents/skills/release/SKILL.md', `---\nname: release\ndescription: Releases. Use when releasing.\nallowed-tools: Bash\n---\nBody.\n`);
  link(root, '.claude/skills/release', '../../.agents/skills/release');
  const r = JSON.parse(cli(root, 'check', '-f', 'json', '--allow-empty', '.').out) as {
    files: { path: string; diagnostics: { code: string; severity: string; message: string }[] }[];
  };
  assert.deepEqual(
    r.files.map((f) => f.path),
    ['.agents/skills/release/SKILL.md'],
  );
  // Claude Code loads it through the link, so the key VS Code ignores is kept for it: advice.
  const key = r.files[0]!.diagnostics.find((d) => d.code === 'skill-unexpected-field');
  assert.equal(key?.severity, 'information', JSON.stringify(r.files[0]!.diagnostics));
  assert.match(key!.message, /Claude Code reads it/);
  // A real folder of that name stays left out.
  write(root, 'build/release/AGENTS.md', '# Built\n');
  assert.ok(!checked(root, '.').includes('build/release/AGENTS.md'));
});

test('"no files to check" names every kind the walk looks for, from the list check --help shows', () => {
  const root = repo('empty');
  write(root, 'README.md', '# Nothing\n');
  const r = cli(root, 'check', '.');
  assert.equal(r.code, 2);
  const help = cli(root, 'check', '--help').out.replace(/\s+/g, ' ');
  for (const name of WALKED_FILES) {
    assert.ok(r.err.includes(name), `the message names ${name}`);
    assert.ok(help.includes(name), `--help names ${name}`);
  }
  assert.match(r.err, /docs\/cli\.md#what-is-checked/);
});

test('a file git tracks is checked though a .gitignore leaves it out (an allow-list .gitignore, a file added with -f); an untracked one is not', () => {
  const repo = fs.mkdtempSync(path.join(os.tmpdir(), 'af-tracked-'));
  try {
    const git = (...args: string[]) => {
      const r = spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: repo, encoding: 'utf8' });
      assert.equal(r.status, 0, r.stderr);
    };
    git('init', '-q');
    fs.writeFileSync(path.join(repo, '.gitignore'), '/*\n!/.gitignore\n');
    fs.writeFileSync(path.join(repo, 'AGENTS.md'), '# Agents\n');
    fs.writeFileSync(path.join(repo, 'CLAUDE.md'), '# Local notes\n');
    git('add', '.gitignore');
    git('add', '-f', 'AGENTS.md');
    const r = spawnSync(process.execPath, [CLI, 'check', '--format', 'json', '.'], { cwd: repo, encoding: 'utf8' });
    assert.deepEqual(
      (JSON.parse(r.stdout) as { files: { path: string }[] }).files.map((f) => f.path),
      ['AGENTS.md'],
    );
  } finally {
    fs.rmSync(repo, { recursive: true, force: true });
  }
});
