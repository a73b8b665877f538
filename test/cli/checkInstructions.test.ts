import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
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
