/**
 * A skill folder that symbolic links show in several places (`.claude/skills -> ../.agents/skills`,
 * `.codex/skills -> ../.agents/skills`, a plugin's `skills/x -> ../../../skills/x`) is one skill:
 * `check` reports it once, where it really is, for every client that reads one of its paths, and
 * a client's skill listing counts it once. A SKILL.md that is itself a link sits in a folder of
 * its own (its references resolve from there) and is still checked there. Real links in a temp
 * folder; the CLI as built. A file that is itself a link resolves its links where it sits, and the
 * message says where its real folder would have found them. An instruction file a linked folder
 * shows again is one file too, checked where it is.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const CLI = path.resolve(__dirname, '../../dist/cli.js');
let dir: string;

type Diagnostic = { code: string; severity: string; message: string };
type Report = { files: { path: string; diagnostics: Diagnostic[] }[] };

function check(cwd: string, ...args: string[]): Report {
  const r = spawnSync(process.execPath, [CLI, 'check', '-f', 'json', '--allow-empty', ...args], { cwd, encoding: 'utf8' });
  return JSON.parse(r.stdout) as Report;
}
function write(root: string, rel: string, text: string): void {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  fs.writeFileSync(path.join(root, rel), text);
}
function link(root: string, rel: string, target: string): void {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  fs.symlinkSync(target, path.join(root, rel));
}
function repo(name: string): string {
  const root = path.join(dir, name);
  fs.mkdirSync(path.join(root, '.git'), { recursive: true });
  return root;
}
const codesOf = (r: Report, file: string) => r.files.find((f) => f.path === file)?.diagnostics.map((d) => `${d.severity} ${d.code}`) ?? [];

before(() => {
  dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'af-linked-skills-')));
});
after(() => fs.rmSync(dir, { recursive: true, force: true }));

test('a skills folder linked from .claude/skills is checked once, where it is, for Claude Code and the clients of .agents/skills', () => {
  const root = repo('claude-link');
  write(root, '.agents/skills/browse/SKILL.md', '---\nname: browse\ndescription: Opens pages. Use when a page must be read.\nallowed-tools: Bash(agent-browser:*)\n---\n\nBody.\n');
  link(root, '.claude/skills', '../.agents/skills');
  const r = check(root, '.');
  assert.deepEqual(
    r.files.map((f) => f.path),
    ['.agents/skills/browse/SKILL.md'],
  );
  // VS Code still ignores the key, and Claude Code, which loads the skill through the link, reads it: keep it.
  const key = r.files[0]!.diagnostics.find((d) => d.code === 'skill-unexpected-field');
  assert.match(key?.message ?? '', /VS Code reports field 'allowed-tools' as not supported and ignores it; Claude Code reads it, so keep it for it/);
  // Nothing to change, and VS Code shows its own report: advice.
  assert.equal(key?.severity, 'information');
});

test('a skill kept outside every client folder is checked for the clients whose folders link to it, not against the specification alone', () => {
  const root = repo('plain-folder');
  // A name with capitals and a space: skills-ref rejects it; Claude Code, which loads it through .claude/skills, does not check it.
  write(root, 'dev-skills/release/SKILL.md', '---\nname: Release Helper\ndescription: Cuts a release. Use when releasing.\n---\n\nBody.\n');
  link(root, '.claude/skills', '../dev-skills');
  const linked = check(root, '.');
  assert.deepEqual(
    linked.files.map((f) => f.path),
    ['dev-skills/release/SKILL.md'],
  );
  // Checked for Claude Code, which takes the name as a label: nothing to report (VS Code, which reads .claude/skills too, loads any name).
  assert.deepEqual(codesOf(linked, 'dev-skills/release/SKILL.md'), []);
  // Without the link the folder is read by no client: the specification stands in.
  fs.unlinkSync(path.join(root, '.claude/skills'));
  assert.ok(codesOf(check(root, '.'), 'dev-skills/release/SKILL.md').includes('warning skill-name-invalid-chars'));
});

test('the eval files of a linked skill folder are checked once too, where they really are', () => {
  const root = repo('evals-link');
  write(root, '.agents/skills/pdf/SKILL.md', '---\nname: pdf\ndescription: Fills forms. Use when a PDF form is given.\n---\n\nBody.\n');
  write(root, '.agents/skills/pdf/evals/evals.json', JSON.stringify({ skill_name: 'pdf', evals: [{ id: 1, prompt: 'Fill it', files: ['evals/files/form.pdf'] }] }));
  link(root, '.claude/skills', '../.agents/skills');
  const r = check(root, '.');
  assert.deepEqual(
    r.files.map((f) => f.path),
    ['.agents/skills/pdf/SKILL.md', '.agents/skills/pdf/evals/evals.json'],
  );
  assert.deepEqual(codesOf(r, '.agents/skills/pdf/evals/evals.json'), ['warning evals-file-missing']);
});

test('an instruction file a linked folder shows again (.claude-plugin/plugins -> ../plugins) is checked once, where it is, its links resolved from there', () => {
  const root = repo('instructions-link');
  write(root, 'CLAUDE.md', '# Project\n');
  write(root, 'plugins/CLAUDE.md', '# Plugins\n\nSee [the project](../CLAUDE.md).\n');
  write(root, 'plugins/notes/CLAUDE.md', '# Notes\n\nSee [the plugins](../CLAUDE.md) and [the project](../../CLAUDE.md).\n');
  link(root, '.claude-plugin/plugins', '../plugins');
  const r = check(root, '.');
  assert.deepEqual(
    r.files.map((f) => f.path),
    ['CLAUDE.md', 'plugins/CLAUDE.md', 'plugins/notes/CLAUDE.md'],
  );
  assert.deepEqual(
    r.files.flatMap((f) => f.diagnostics.filter((d) => d.severity !== 'information' && d.severity !== 'hint')),
    [],
  );
});

test("Codex's listing counts a skill its two folders show (.codex/skills -> ../.agents/skills) once", () => {
  const root = repo('codex-link');
  // 40 skills of about 400 characters each: 16,000, under Codex's budget at its usual window (21,760 bytes); counted twice, 32,000 is over it.
  const words = 'Reads the records of the service, checks them against the schema and reports what differs, with the line of each. ';
  for (let i = 0; i < 40; i++)
    write(root, `.agents/skills/s${i}/SKILL.md`, `---\nname: s${i}\ndescription: ${words.repeat(3).trim()} Use when checking records ${i}.\n---\n\nBody.\n`);
  const once = check(root, '.');
  link(root, '.codex/skills', '../.agents/skills');
  const linked = check(root, '.');
  assert.equal(linked.files.length, 40);
  const cuts = (r: Report) => r.files.flatMap((f) => f.diagnostics.filter((d) => d.code === 'skill-listing-cut' && d.severity === 'warning'));
  assert.deepEqual(cuts(linked), cuts(once));
  assert.deepEqual(cuts(linked), []);
});

test('a plugin whose skills folder links to skills kept at the root makes them Claude Code skills', () => {
  const root = repo('plugin-link');
  write(root, '.claude-plugin/marketplace.json', JSON.stringify({ name: 'm', owner: { name: 'o' }, plugins: [{ name: 'p', source: './plugins/p' }] }));
  write(root, 'plugins/p/.claude-plugin/plugin.json', JSON.stringify({ name: 'p' }));
  write(root, 'skills/tidy/SKILL.md', '---\nname: Tidy Up\ndescription: Tidies the tree. Use when asked to tidy.\n---\n\nBody.\n');
  link(root, 'plugins/p/skills/tidy', '../../../skills/tidy');
  const r = check(root, '.');
  assert.deepEqual(
    r.files.map((f) => f.path).filter((p) => p.endsWith('SKILL.md')),
    ['skills/tidy/SKILL.md'],
  );
  assert.deepEqual(
    codesOf(r, 'skills/tidy/SKILL.md').filter((c) => c.startsWith('error')),
    [],
  );
});

test('a SKILL.md that is itself a link is checked in its own folder too: its references resolve from there', () => {
  const root = repo('file-link');
  write(root, 'eng/review/SKILL.md', '---\nname: review\ndescription: Reviews code. Use when reviewing.\n---\n\nSee [the checklist](references/checklist.md).\n');
  write(root, 'eng/review/references/checklist.md', '# Checklist\n');
  link(root, '.gemini/skills/review/SKILL.md', '../../../eng/review/SKILL.md');
  const r = check(root, '.');
  assert.deepEqual(
    r.files.map((f) => f.path),
    ['.gemini/skills/review/SKILL.md', 'eng/review/SKILL.md'],
  );
  assert.ok(codesOf(r, '.gemini/skills/review/SKILL.md').some((c) => c.endsWith('skill-file-missing')));
  assert.ok(!codesOf(r, 'eng/review/SKILL.md').some((c) => c.endsWith('skill-file-missing')));
});

test('a rule file that is a symbolic link resolves its links where it sits; a link found only from the real file’s folder says so', () => {
  const root = repo('rule-link');
  write(root, 'shared/rules/style.md', '# Style\n\nSee [the guide](../docs/guide.md) and [the list](../docs/gone.md).\n');
  write(root, 'shared/docs/guide.md', '# Guide\n');
  link(root, '.claude/rules/style.md', '../../shared/rules/style.md');
  const r = check(root, '.');
  const ds = r.files.find((f) => f.path === '.claude/rules/style.md')?.diagnostics.filter((d) => d.code === 'instructions-link-missing') ?? [];
  assert.deepEqual(
    ds.map((d) => d.severity),
    ['warning', 'warning'],
  );
  assert.match(
    ds[0]!.message,
    /this file is a symbolic link to shared\/rules\/, where the link finds shared\/docs\/guide\.md, but clients read the file, and resolve its links, where the link sits/,
  );
  assert.doesNotMatch(ds[1]!.message, /symbolic link/);
});

test("a committed link to one machine's folder is not followed, and check says so on stderr, with the relative link to write when the folder has the same path", () => {
  const root = repo('machine-link');
  write(root, '.agents/skills/ship/SKILL.md', '---\nname: ship\ndescription: Ships a release. Use when releasing.\n---\n\nBody.\n');
  link(root, '.claude/skills', path.join(dir, 'elsewhere', 'app', '.agents', 'skills'));
  link(root, 'docs/notes', path.join(dir, 'elsewhere', 'notes'));
  const r = spawnSync(process.execPath, [CLI, 'check', '-f', 'json', '.'], { cwd: root, encoding: 'utf8' });
  assert.match(
    r.stderr,
    /agent-files: not following \.claude\/skills: a symbolic link to '[^']*elsewhere\/app\/\.agents\/skills', a path on one machine \(not on this one\); in any other checkout it leads nowhere, and no client finds the files behind it; this folder has it too: link to '\.\.\/\.agents\/skills' instead/,
  );
  // A link outside the agent paths is no concern of agent-files.
  assert.doesNotMatch(r.stderr, /docs\/notes/);
  // The skills behind the real folder are checked as ever.
  assert.deepEqual(
    (JSON.parse(r.stdout) as Report).files.map((f) => f.path),
    ['.agents/skills/ship/SKILL.md'],
  );
});
