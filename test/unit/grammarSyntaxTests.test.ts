// Runs the syntax tests in test/grammar/*.3md with vscode-tmgrammar-test, the way a grammar
// author would from the command line. The CLI runs from the repository root so it reads the
// grammars and the [[z=N]] injection (injectTo) from package.json; Markdown, which plane bodies
// include, is the small stub grammar in test/fixtures/grammar.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');
const cli = join(root, 'node_modules', 'vscode-tmgrammar-test', 'dist', 'unit.js');
const markdownStub = join('test', 'fixtures', 'grammar', 'markdown-stub.tmLanguage.json');

/** Runs the CLI on a glob of syntax test files; returns its exit code and output. */
function runSyntaxTests(glob: string): { status: number | null; output: string } {
  const r = spawnSync(process.execPath, [cli, '--compact', '-g', markdownStub, glob], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' },
    timeout: 60_000,
  });
  return { status: r.status, output: `${r.stdout}${r.stderr}` };
}

test('every syntax test in test/grammar passes against the grammar and injection from package.json', () => {
  const files = readdirSync(join(root, 'test', 'grammar')).filter((f) => f.endsWith('.3md'));
  assert.ok(files.length >= 4, `expected the syntax test files, found ${files.join(', ')}`);
  const { status, output } = runSyntaxTests('test/grammar/*.3md');
  assert.equal(status, 0, output);
  for (const f of files) assert.match(output, new RegExp(`✓ test/grammar/${f.replace('.', '\\.')} run successfuly`), output);
});

test('a wrong scope expectation fails the run and names the line and the missing scope', () => {
  const dir = mkdtempSync(join(tmpdir(), 'agent-files-tmgrammar-'));
  try {
    const file = join(dir, 'wrong.3md');
    // the link target is constant.numeric.link.3md, never a string
    writeFileSync(file, '// SYNTAX TEST "source.3md" "deliberately wrong"\n@plane z=1\nsee [[z=2]]\n//      ^ string.quoted.double.3md\n');
    const { status, output } = runSyntaxTests(file);
    assert.notEqual(status, 0, output);
    assert.match(output, /wrong\.3md:3:/, output);
    assert.match(output, /string\.quoted\.double\.3md/, output);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
