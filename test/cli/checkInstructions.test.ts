import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');
const FIX = join(ROOT, 'test/fixtures/instructions');
function cli(...args: string[]) {
  const r = spawnSync(process.execPath, [join(ROOT, 'dist/cli.js'), ...args], { cwd: FIX, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}
interface JsonReport {
  files: { path: string; kind: string; diagnostics: { code: string; range: { start: { line: number; character: number } } }[] }[];
}

test('a repository with CLAUDE.md imports, nested AGENTS.md and Copilot files gets only its true findings', () => {
  const r = cli('check', '--format', 'json', '.');
  assert.equal(r.err, '');
  assert.equal(r.code, 0, 'warnings only');
  const files = (JSON.parse(r.out) as JsonReport).files.map((f) => [f.path, f.kind, f.diagnostics.map((d) => `${d.code}@${d.range.start.line}:${d.range.start.character}`)]);
  assert.deepEqual(files, [
    ['.claude/rules/tests.md', 'instruction file', []],
    ['.github/copilot-instructions.md', 'instruction file', []],
    ['.github/instructions/api.instructions.md', 'instruction file', []],
    ['.github/instructions/docs.instructions.md', 'instruction file', ['instructions-glob-no-match@1:24']],
    ['.github/instructions/ruby.instructions.md', 'instruction file', ['instructions-key-typo@1:0']],
    ['AGENTS.md', 'instruction file', []],
    ['CLAUDE.md', 'instruction file', ['instructions-import-missing@6:0', 'instructions-command-undefined@13:19', 'instructions-command-undefined@14:33']],
    ['GEMINI.md', 'instruction file', []],
    ['packages/web/AGENTS.md', 'instruction file', ['instructions-command-undefined@5:0']],
  ]);
  assert.equal(cli('check', '--strict', '.').code, 1);
});

test('--kind instructions reads any Markdown file as an AGENTS.md', () => {
  const r = cli('check', '--format', 'json', '--kind', 'instructions', 'docs/conventions.md');
  assert.equal(r.code, 0);
  // AGENTS.md expands no imports, so its `@style.md` is text; its heading anchors are still there to link to.
  assert.deepEqual(
    (JSON.parse(r.out) as JsonReport).files.map((f) => [f.path, f.kind, f.diagnostics.length]),
    [['docs/conventions.md', 'instruction file', 0]],
  );
});

test('a glob that matches no file of the folder is information, on the pattern', () => {
  const r = cli('check', '--format', 'json', '.github/instructions/docs.instructions.md', 'src');
  const f = (JSON.parse(r.out) as JsonReport).files.find((x) => x.path.endsWith('docs.instructions.md'))!;
  assert.deepEqual(
    f.diagnostics.map((d) => `${d.code}@${d.range.start.line}:${d.range.start.character}`),
    ['instructions-glob-no-match@1:24'],
  );
});

test('imports that leave the folder checked, by ../ or through a symbolic link, are information, never "does not exist"', () => {
  const tmp = realpathSync(mkdtempSync(join(tmpdir(), 'af-import-outside-')));
  try {
    mkdirSync(join(tmp, 'shared'));
    writeFileSync(join(tmp, 'shared/rules.md'), '# Team rules\n');
    mkdirSync(join(tmp, 'repo'));
    symlinkSync('../shared/rules.md', join(tmp, 'repo/linked.md'));
    writeFileSync(join(tmp, 'repo/CLAUDE.md'), '# Project\n\n@../shared/rules.md\n@linked.md\n@gone.md\n');
    const r = spawnSync(process.execPath, [join(ROOT, 'dist/cli.js'), 'check', '-f', 'json', 'repo'], { cwd: tmp, encoding: 'utf8' });
    const ds = (JSON.parse(r.stdout) as { files: { diagnostics: { code: string; severity: string; message: string }[] }[] }).files[0]!.diagnostics;
    assert.deepEqual(
      ds.map((d) => [d.code, d.severity]),
      [
        ['instructions-import-outside', 'information'],
        ['instructions-import-outside', 'information'],
        ['instructions-import-missing', 'warning'],
      ],
    );
    assert.match(
      ds[0]!.message,
      /'\.\.\/shared\/rules\.md' lies outside the workspace; Agent Files reads nothing there, so it is not checked\. Claude Code loads imports from outside the project once the user approves them/,
    );
    assert.match(ds[1]!.message, /'linked\.md' leads outside the workspace through the symbolic link 'linked\.md'; Agent Files reads nothing there/);
    assert.match(ds[2]!.message, /'gone\.md' does not exist/);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
});

test('a package.json or Makefile that is a symbolic link leading outside gives no verdict (it is not read), not one from the file above it', () => {
  const tmp = realpathSync(mkdtempSync(join(tmpdir(), 'af-command-outside-')));
  try {
    mkdirSync(join(tmp, 'shared'));
    writeFileSync(join(tmp, 'shared/package.json'), '{"scripts": {"build": "tsc"}}\n');
    writeFileSync(join(tmp, 'shared/GNUmakefile'), 'deploy:\n\techo\n');
    mkdirSync(join(tmp, 'repo/web'), { recursive: true });
    writeFileSync(join(tmp, 'repo/package.json'), '{"scripts": {"test": "node --test"}}\n');
    writeFileSync(join(tmp, 'repo/Makefile'), 'test:\n\techo\n');
    symlinkSync('../../shared/package.json', join(tmp, 'repo/web/package.json'));
    symlinkSync('../shared/GNUmakefile', join(tmp, 'repo/GNUmakefile'));
    writeFileSync(join(tmp, 'repo/web/AGENTS.md'), '# Web\n\n```sh\nnpm run build\n```\n');
    writeFileSync(join(tmp, 'repo/AGENTS.md'), '# Repo\n\n```sh\nmake deploy\nnpm run nosuch\n```\n');
    const r = spawnSync(process.execPath, [join(ROOT, 'dist/cli.js'), 'check', '-f', 'json', 'repo'], { cwd: tmp, encoding: 'utf8' });
    const files = (JSON.parse(r.stdout) as JsonReport).files.map((f) => [f.path, f.diagnostics.map((d) => `${d.code}@${d.range.start.line}`)]);
    assert.deepEqual(files, [
      ['repo/AGENTS.md', ['instructions-command-undefined@4']],
      ['repo/web/AGENTS.md', []],
    ]);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
});

test('an instruction file in a template folder gets advice whether the folder or the file alone is named (pre-commit names files)', () => {
  const repo = mkdtempSync(join(tmpdir(), 'af-template-'));
  try {
    mkdirSync(join(repo, '.git'));
    mkdirSync(join(repo, 'templates', 'node'), { recursive: true });
    writeFileSync(join(repo, 'templates', 'node', 'CLAUDE.md'), '# Project\n\n@docs/architecture.md\n\nRun `npm run lint`.\n');
    const run = (...args: string[]) => {
      const r = spawnSync(process.execPath, [join(ROOT, 'dist/cli.js'), 'check', '--format', 'json', ...args], { cwd: repo, encoding: 'utf8' });
      return (JSON.parse(r.stdout) as { files: { diagnostics: { code: string; severity: string }[] }[] }).files.flatMap((f) => f.diagnostics.map((d) => `${d.code}:${d.severity}`));
    };
    const expected = ['instructions-import-missing:information'];
    assert.deepEqual(run('.'), expected);
    assert.deepEqual(run('templates/node/CLAUDE.md'), expected);
  } finally {
    rmSync(repo, { recursive: true, force: true });
  }
});
