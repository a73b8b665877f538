// Where `.agent-files.json` is looked for: the CLI and the language server agree. Neither applies
// a config above the repository (the nearest folder holding `.git`, a folder or a worktree's file),
// nor, outside a repository, above the folder named on the command line or opened in the editor.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { startClient } from '../helpers/lspClient';
import { shutdown } from '../fixtures/workspace-formats/lsp';

const CLI = path.resolve(__dirname, '../../dist/cli.js');
const SKILL = (name: string) => `---\nname: ${name}\ndescription: Does a thing. Use when testing.\n---\n\nSee [x](nope.md).\n`;
/** The config that turns the one finding of SKILL off. */
const OFF = '{ "rules": { "skill-file-missing": "off" } }\n';
let outer: string;

function write(rel: string, text: string): void {
  const p = path.join(outer, rel);
  fs.mkdirSync(path.dirname(p), { recursive: true });
  fs.writeFileSync(p, text);
}

before(() => {
  outer = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'af-config-bound-')));
  // A config above everything: it must reach only the files outside every repository.
  write('.agent-files.json', OFF);
  fs.mkdirSync(path.join(outer, 'repo/.git/objects'), { recursive: true });
  write('repo/skills/a/SKILL.md', SKILL('a'));
  write('worktree/.git', 'gitdir: /elsewhere/.git/worktrees/w\n');
  write('worktree/skills/b/SKILL.md', SKILL('b'));
  write('plain/skills/c/SKILL.md', SKILL('c'));
  // A repository whose own root config is reached from a subfolder named on the command line.
  fs.mkdirSync(path.join(outer, 'own/.git'), { recursive: true });
  write('own/.agent-files.json', OFF);
  write('own/skills/d/SKILL.md', SKILL('d'));
});
after(() => fs.rmSync(outer, { recursive: true, force: true }));

/** Each checked file (relative to `outer`) → whether skill-file-missing was reported. */
function cliVerdicts(cwd: string, ...args: string[]): Record<string, boolean> {
  const r = spawnSync(process.execPath, [CLI, 'check', '-f', 'json', ...args], { cwd, encoding: 'utf8' });
  assert.ok(r.status === 0 || r.status === 1, r.stderr);
  const files = (JSON.parse(r.stdout) as { files: { path: string; diagnostics: { code: string }[] }[] }).files;
  return Object.fromEntries(files.map((f) => [path.relative(outer, path.resolve(cwd, f.path)), f.diagnostics.some((d) => d.code === 'skill-file-missing')]));
}

/** The same verdicts from the language server opened on `folder`. */
async function serverVerdicts(folder: string, files: string[]): Promise<Record<string, boolean>> {
  const client = await startClient({ rootUri: URI.file(folder).toString() });
  try {
    const out: Record<string, boolean> = {};
    for (const rel of files) {
      const uri = URI.file(path.join(outer, rel)).toString();
      const pending = client.diagnostics(uri);
      client.open(uri, fs.readFileSync(path.join(outer, rel), 'utf8'), 'markdown');
      out[rel] = (await pending).some((d: Diagnostic) => d.code === 'skill-file-missing');
    }
    return out;
  } finally {
    await shutdown(client);
  }
}

test('a config above the repository applies in neither the CLI nor the editor', async () => {
  const expected = { 'repo/skills/a/SKILL.md': true };
  assert.deepEqual(cliVerdicts(outer, 'repo'), expected);
  assert.deepEqual(cliVerdicts(path.join(outer, 'repo'), '.'), expected);
  assert.deepEqual(cliVerdicts(outer, 'repo/skills/a/SKILL.md'), expected, 'a file named on its own too');
  assert.deepEqual(await serverVerdicts(path.join(outer, 'repo'), ['repo/skills/a/SKILL.md']), expected);
});

test('a worktree or submodule (.git is a file) is a repository root too', async () => {
  const expected = { 'worktree/skills/b/SKILL.md': true };
  assert.deepEqual(cliVerdicts(outer, 'worktree/skills'), expected);
  assert.deepEqual(await serverVerdicts(path.join(outer, 'worktree'), ['worktree/skills/b/SKILL.md']), expected);
});

test('outside a repository the search stops at the folder named, as the editor stops at its workspace folder', async () => {
  const expected = { 'plain/skills/c/SKILL.md': true };
  assert.deepEqual(cliVerdicts(outer, 'plain'), expected);
  assert.deepEqual(await serverVerdicts(path.join(outer, 'plain'), ['plain/skills/c/SKILL.md']), expected);
});

test('with the outer folder as the workspace, its config reaches the files outside repositories only, in both', async () => {
  const expected = {
    'own/skills/d/SKILL.md': false,
    'plain/skills/c/SKILL.md': false,
    'repo/skills/a/SKILL.md': true,
    'worktree/skills/b/SKILL.md': true,
  };
  assert.deepEqual(cliVerdicts(outer, '.'), expected);
  assert.deepEqual(await serverVerdicts(outer, Object.keys(expected)), expected);
});

test("a repository's own root config applies to a subfolder named on the command line, as in the editor", async () => {
  assert.deepEqual(cliVerdicts(outer, 'own/skills'), { 'own/skills/d/SKILL.md': false });
  assert.deepEqual(await serverVerdicts(path.join(outer, 'own'), ['own/skills/d/SKILL.md']), { 'own/skills/d/SKILL.md': false });
});

test('--config still reaches a file anywhere, explicitly', () => {
  assert.deepEqual(cliVerdicts(path.join(outer, 'repo'), '--config', '../.agent-files.json', '.'), { 'repo/skills/a/SKILL.md': false });
});
