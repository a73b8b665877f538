/** `agent-files effect`: what each coding agent loads for a path, with Codex's bytes and cut. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const CLI = path.resolve(__dirname, '../../dist/cli.js');
const cli = (cwd: string, ...args: string[]) => spawnSync(process.execPath, [CLI, 'effect', ...args], { cwd, encoding: 'utf8' });

function repository(files: Record<string, string>): string {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'af-effect-')));
  fs.mkdirSync(path.join(root, '.git'));
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  }
  return root;
}

test("Codex's chain from the repository root down, with the bytes it reads and where 32 KiB cuts it", () => {
  const root = repository({ 'AGENTS.md': `${'a'.repeat(20_479)}\n`, 'pkg/AGENTS.md': `${'b'.repeat(15_359)}\n`, 'pkg/src/app.ts': '' });
  try {
    const r = cli(path.join(root, 'pkg'), 'src/app.ts', '--client', 'codex');
    assert.equal(r.status, 0, r.stderr);
    assert.equal(
      r.stdout.trim(),
      [
        'What each client loads for src/app.ts',
        '',
        'Codex (AGENTS.md): AGENTS.override.md or AGENTS.md of each folder from the project root down, 32.0 KiB in all',
        '  ../AGENTS.md  20.0 KiB',
        '  AGENTS.md     12.0 KiB of 15.0 KiB: cut at the 32.0 KiB limit (stops at line 1)',
        '  total         ▰▰▰▰▰ 32 of 32 KiB read',
      ].join('\n'),
    );
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('Claude Code reads AGENTS.md where no CLAUDE.md is on the way; JSON has the same lists', () => {
  const root = repository({ 'AGENTS.md': 'Rules.\n', '.claude/skills/pdf/SKILL.md': '---\nname: pdf\ndescription: PDF. Use for PDFs.\n---\n' });
  try {
    const j = JSON.parse(cli(root, '.', '--format', 'json').stdout) as {
      instructions: { client: string; files: { path: string; why: string }[] }[];
      skills: { client: string; files: string[] }[];
    };
    const claude = j.instructions.find((c) => c.client === 'Claude Code')!;
    assert.deepEqual(
      claude.files.map((f) => [f.path, f.why]),
      [['AGENTS.md', 'AGENTS.md, read because no CLAUDE.md is on the way (Claude Code 2.1.277+, unless /config turns it off)']],
    );
    assert.deepEqual(j.skills.find((s) => s.client === 'Claude Code')!.files, ['.claude/skills/pdf/SKILL.md']);
    fs.writeFileSync(path.join(root, 'CLAUDE.md'), 'Claude rules.\n');
    const again = JSON.parse(cli(root, '.', '--format', 'json').stdout) as typeof j;
    assert.deepEqual(
      again.instructions.find((c) => c.client === 'Claude Code')!.files.map((f) => f.path),
      ['CLAUDE.md'],
    );
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('an unknown client, a missing path or a path outside --root is exit 2 with the reason', () => {
  const root = repository({ 'AGENTS.md': 'x\n' });
  try {
    assert.match(cli(root, '.', '--client', 'vim').stderr, /no client named 'vim' \(use one of: Codex \(AGENTS\.md\), Claude Code, Gemini CLI, GitHub Copilot, OpenCode, Cursor\)/);
    assert.equal(cli(root, 'nope').status, 2);
    const outside = cli(root, '.', '--root', os.tmpdir() + '/af-no-such-root');
    assert.equal(outside.status, 2);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('the skill listing per client: the budget, what the skills need, and the skills it cuts; JSON carries the same', () => {
  const files = Object.fromEntries(
    Array.from({ length: 40 }, (_, i) => [`.agents/skills/s${String(i).padStart(2, '0')}/SKILL.md`, `---\nname: s${i}\ndescription: ${'Tidies things. '.repeat(20)}\n---\n`]),
  );
  const root = repository({ ...files, '.agents/skills/short/SKILL.md': '---\nname: short\ndescription: Short.\n---\n' });
  try {
    const r = cli(root, '.', '--client', 'codex');
    assert.equal(r.status, 0, r.stderr);
    const lines = r.stdout.split('\n');
    const at = lines.indexOf('Skill listing in context (a session started here: the skills of the client folders here and above):');
    assert.ok(at > 0, r.stdout);
    assert.match(lines[at + 1]!, /^ {2}Codex: 41 skills need [\d,]+ characters, budget 8,000 \(the 8,000 characters Codex uses when the context window is unknown\); uses [\d,]+$/);
    assert.equal(lines[at + 2], '    by scope, then name, then path');
    assert.match(lines[at + 3]!, /^ {4}\.agents\/skills\/s00\/SKILL\.md +may be shortened \(\d+ of 299 characters\)$/);
    assert.ok(!r.stdout.includes('skills/short/'), 'a description within its share is listed in full');
    const j = JSON.parse(cli(root, '.', '--format', 'json').stdout) as { listings: { client: string; skills: number; cut: { path: string; state: string }[] }[] };
    assert.deepEqual(
      j.listings.map((l) => [l.client, l.skills]),
      [
        ['Codex', 41],
        ['VS Code / Copilot', 41],
      ],
    );
    assert.equal(j.listings.find((l) => l.client === 'Codex')!.cut.length, 40);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('.codex/config.toml at the project root: fallback names join the chain and project_doc_max_bytes sets the cap', () => {
  const root = repository({
    '.codex/config.toml': 'project_doc_fallback_filenames = ["TEAM.md"]\nproject_doc_max_bytes = 1024\n',
    'AGENTS.md': `${'a'.repeat(599)}\n`,
    'pkg/TEAM.md': `${'b\n'.repeat(400)}`,
    'pkg/app.ts': '',
  });
  try {
    const r = cli(root, 'pkg/app.ts', '--client', 'codex', '--format', 'json');
    assert.equal(r.status, 0, r.stderr);
    const codex = (JSON.parse(r.stdout) as { instructions: { files: { path: string; read: number; cutAt?: { line: number } }[]; budget: unknown; config: unknown }[] })
      .instructions[0]!;
    assert.deepEqual(
      codex.files.map((f) => [f.path, f.read, f.cutAt?.line]),
      [
        ['AGENTS.md', 600, undefined],
        ['pkg/TEAM.md', 424, 212],
      ],
    );
    assert.deepEqual(codex.budget, { used: 1024, limit: 1024, unit: 'bytes' });
    assert.deepEqual(codex.config, { sources: ['.codex/config.toml'], errors: [] });
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('a .codex/config.toml that is not TOML: named with its position, its settings left out, never a crash', () => {
  const root = repository({ '.codex/config.toml': 'project_doc_max_bytes = 10\nproject_doc_fallback_filenames = ["TEAM.md"\n', 'TEAM.md': 'Team rules.\n', 'app.ts': '' });
  try {
    const r = cli(root, 'app.ts', '--client', 'codex');
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /\.codex\/config\.toml:3:1: not valid TOML \(.+\): its settings are left out/);
    assert.match(r.stdout, /\(nothing\)/);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('--context-window sets the skill listing budget per client; a bad value is exit 2 naming it', () => {
  const skills: Record<string, string> = {};
  for (let i = 0; i < 3; i++) skills[`.claude/skills/s${i}/SKILL.md`] = `---\nname: s${i}\ndescription: ${'d'.repeat(300)}\n---\n`;
  const root = repository(skills);
  try {
    const listing = (...extra: string[]) =>
      (JSON.parse(cli(root, '.', '--client', 'claude', '--format', 'json', ...extra).stdout) as { listings: { budget: number; cut: unknown[] }[] }).listings[0]!;
    assert.equal(listing().budget, 8000);
    assert.equal(listing().cut.length, 0);
    const small = listing('--context-window', 'claude-code=20000', '--context-window', 'codex=100000');
    assert.equal(small.budget, 800);
    assert.equal(small.cut.length, 3);
    const bad = cli(root, '.', '--context-window', 'claude=10');
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /unknown client 'claude'/);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('a folder outside any repository, named from elsewhere, is read on its own: a sibling folder is not part of it', () => {
  const parent = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'af-effect-nogit-')));
  const elsewhere = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'af-effect-cwd-')));
  try {
    for (const [rel, text] of Object.entries({ 'one/AGENTS.md': 'one', 'two/.github/instructions/all.instructions.md': '---\napplyTo: "**"\n---\nTwo.' })) {
      fs.mkdirSync(path.dirname(path.join(parent, rel)), { recursive: true });
      fs.writeFileSync(path.join(parent, rel), text);
    }
    const r = cli(elsewhere, path.join(parent, 'one'), '--format', 'json');
    assert.equal(r.status, 0, r.stderr);
    const uris: string[] = JSON.parse(r.stdout).instructions.flatMap((c: { files: { path: string }[] }) => c.files.map((f) => f.path));
    assert.ok(uris.some((u) => u.endsWith('/one/AGENTS.md')));
    assert.deepEqual(
      uris.filter((u) => u.includes('/two/')),
      [],
    );
  } finally {
    fs.rmSync(parent, { recursive: true, force: true });
    fs.rmSync(elsewhere, { recursive: true, force: true });
  }
});

test("OpenCode's chain and Cursor's rules: --client keeps one client", () => {
  const root = repository({
    'AGENTS.md': 'root',
    'pkg/AGENTS.md': 'pkg',
    '.cursor/rules/ts.mdc': '---\nglobs: pkg/**/*.ts\n---\nTS.',
    'pkg/src/app.ts': '',
  });
  try {
    const open = cli(root, 'pkg/src/app.ts', '--client', 'opencode');
    assert.equal(open.status, 0, open.stderr);
    assert.match(open.stdout, /OpenCode: [^\n]*\n {2}pkg\/AGENTS\.md +3 bytes, AGENTS\.md on the way[^\n]*\n {2}AGENTS\.md +4 bytes, AGENTS\.md on the way/);
    const cursor = cli(root, 'pkg/src/app.ts', '--client', 'cursor');
    assert.equal(cursor.status, 0, cursor.stderr);
    assert.match(cursor.stdout, /\.cursor\/rules\/ts\.mdc +30 bytes, globs matches 'pkg\/\*\*\/\*\.ts'/);
    assert.doesNotMatch(cursor.stdout, /OpenCode/);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});
