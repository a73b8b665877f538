/** `check --write-baseline` / `--baseline`: adopt the linter on a repository that has findings; later runs report only new ones. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const CLI = path.resolve(__dirname, '../../dist/cli.js');
const cli = (cwd: string, ...args: string[]) => spawnSync(process.execPath, [CLI, 'check', ...args], { cwd, encoding: 'utf8' });

/** A repository whose two skills each have one warning (a link to a file that does not exist). */
function repository(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'af-baseline-'));
  for (const name of ['alpha', 'beta']) {
    fs.mkdirSync(path.join(root, '.claude/skills', name), { recursive: true });
    fs.writeFileSync(
      path.join(root, '.claude/skills', name, 'SKILL.md'),
      `---\nname: ${name}\ndescription: Does ${name}. Use when testing.\n---\n\nSee [the notes](notes-${name}.md).\n`,
    );
  }
  return root;
}
const skill = (root: string, name: string) => path.join(root, '.claude/skills', name, 'SKILL.md');
const codes = (out: string) => [...out.matchAll(/^(\S+):\d+:\d+: \w+ \[([\w-]+)\]/gm)].map((m) => `${m[1]} ${m[2]}`);

test('a written baseline hides the findings it holds: exit 0, and stderr says how many', () => {
  const root = repository();
  try {
    const before = cli(root, '--strict', '.');
    assert.equal(before.status, 1);
    assert.equal(codes(before.stdout).length, 2);
    const w = cli(root, '--write-baseline', 'agent-files.baseline.json', '.');
    assert.equal(w.status, 0, w.stderr);
    assert.match(w.stderr, /wrote 2 findings to the baseline agent-files\.baseline\.json/);
    const saved = JSON.parse(fs.readFileSync(path.join(root, 'agent-files.baseline.json'), 'utf8')) as {
      version: number;
      findings: { path: string; code: string; line: number }[];
    };
    assert.deepEqual(
      saved.findings.map((f) => [f.path, f.code, f.line]),
      [
        ['.claude/skills/alpha/SKILL.md', 'skill-file-missing', 6],
        ['.claude/skills/beta/SKILL.md', 'skill-file-missing', 6],
      ],
    );
    const after = cli(root, '--strict', '--baseline', 'agent-files.baseline.json', '.');
    assert.equal(after.status, 0, after.stdout);
    assert.deepEqual(codes(after.stdout), []);
    assert.match(after.stderr, /2 findings are in the baseline agent-files\.baseline\.json and not reported/);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('lines moved by edits elsewhere keep their finding hidden; an edited line or a new finding is reported', () => {
  const root = repository();
  try {
    cli(root, '--write-baseline', 'b.json', '.');
    // alpha: lines added above the finding; beta: the finding's own line edited; gamma: new.
    fs.writeFileSync(skill(root, 'alpha'), `---\nname: alpha\ndescription: Does alpha. Use when testing.\n---\n\n# Alpha\n\nMore text.\n\nSee [the notes](notes-alpha.md).\n`);
    fs.writeFileSync(skill(root, 'beta'), `---\nname: beta\ndescription: Does beta. Use when testing.\n---\n\nSee [the notes](notes-beta-2.md).\n`);
    fs.mkdirSync(path.join(root, '.claude/skills/gamma'));
    fs.writeFileSync(skill(root, 'gamma'), `---\nname: gamma\ndescription: Does gamma. Use when testing.\n---\n\nSee [the notes](notes-gamma.md).\n`);
    const r = cli(root, '--baseline', 'b.json', '.');
    assert.deepEqual(codes(r.stdout).sort(), ['.claude/skills/beta/SKILL.md skill-file-missing', '.claude/skills/gamma/SKILL.md skill-file-missing']);
    // The baseline is found from another working directory: its paths are relative to its own folder.
    const elsewhere = cli(path.dirname(root), '--baseline', path.join(root, 'b.json'), path.basename(root));
    assert.equal(codes(elsewhere.stdout).length, 2, elsewhere.stdout);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('a baseline that cannot be read or is not one is exit 2 with what is wrong', () => {
  const root = repository();
  try {
    fs.writeFileSync(path.join(root, 'bad.json'), '{"findings": ');
    const notJson = cli(root, '--baseline', 'bad.json', '.');
    assert.equal(notJson.status, 2);
    assert.match(notJson.stderr, /the baseline bad\.json is not JSON/);
    fs.writeFileSync(path.join(root, 'other.json'), '{"rules": {}}');
    assert.match(cli(root, '--baseline', 'other.json', '.').stderr, /other\.json is not an agent-files baseline/);
    assert.match(cli(root, '--baseline', 'missing.json', '.').stderr, /cannot read the baseline missing\.json: ENOENT/);
    assert.equal(cli(root, '--baseline', 'b.json', '--write-baseline', 'b.json', '.').status, 2);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('a repository with 50 findings adopts the baseline; a later change gets only its new finding', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'af-baseline-'));
  try {
    for (let i = 0; i < 25; i++) {
      fs.mkdirSync(path.join(root, '.claude/skills', `s${i}`), { recursive: true });
      fs.writeFileSync(skill(root, `s${i}`), `---\nname: s${i}\ndescription: Skill ${i}. Use when testing.\n---\n\nSee [a](a${i}.md) and [b](b${i}.md).\n`);
    }
    assert.equal(codes(cli(root, '.').stdout).length, 50);
    assert.match(cli(root, '--write-baseline', 'baseline.json', '.').stderr, /wrote 50 findings/);
    // A later change: a heading added to one skill (its findings move down a line) and a new broken link in another.
    fs.writeFileSync(skill(root, 's3'), `---\nname: s3\ndescription: Skill 3. Use when testing.\n---\n\n# S3\n\nSee [a](a3.md) and [b](b3.md).\n`);
    fs.appendFileSync(skill(root, 's7'), 'Also [c](c7.md).\n');
    const r = cli(root, '--baseline', 'baseline.json', '.');
    assert.deepEqual(codes(r.stdout), ['.claude/skills/s7/SKILL.md skill-file-missing']);
    assert.match(r.stderr, /50 findings are in the baseline baseline\.json and not reported/);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});
