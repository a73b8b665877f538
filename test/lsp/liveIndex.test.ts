/**
 * The server's workspace index over stdio holds the live files as the CLI's walk finds them:
 * what .gitignore and the default list leave out is not indexed (so it counts for no
 * cross-file check), symlinked files and skill folders inside the workspace are (a skill folder
 * a link shows twice, once), and a change
 * to a .gitignore or to `include` is followed.
 */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import { startClient, type TestClient } from '../helpers/lspClient';
import { waitForLog } from '../helpers/lspWorkspace';
import { shutdown } from '../fixtures/workspace-formats/lsp';
import type { WorkspaceIndexResult } from '../../server/src/core/workspace/indexTypes';

const SKILL = (name: string) => `---\nname: ${name}\ndescription: Does a thing. Use when testing.\n---\n\nBody.\n`;
const roots: string[] = [];
const clients: TestClient[] = [];

/** A fresh workspace (a repository with gitignored, fixture and symlinked files) and a server on it. */
async function workspace(
  extra: Record<string, string> = {},
): Promise<{ root: string; client: TestClient; write(rel: string, text: string): void; uri(rel: string): string; indexed(n: number): Promise<string[]> }> {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'af-live-index-')));
  roots.push(root);
  const write = (rel: string, text: string) => {
    const p = path.join(root, rel);
    fs.mkdirSync(path.dirname(p), { recursive: true });
    fs.writeFileSync(p, text);
  };
  write('.gitignore', 'generated/\n');
  write('skills/shared/SKILL.md', SKILL('shared'));
  write('generated/skills/shared/SKILL.md', SKILL('shared'));
  write('tests/fixtures/shared/SKILL.md', SKILL('shared'));
  write('AGENTS.md', '# Project\n');
  fs.symlinkSync('AGENTS.md', path.join(root, 'CLAUDE.md'));
  fs.mkdirSync(path.join(root, '.claude'));
  fs.symlinkSync('../skills', path.join(root, '.claude', 'skills'));
  for (const [rel, text] of Object.entries(extra)) write(rel, text);
  const client = await startClient({ rootUri: URI.file(root).toString() });
  clients.push(client);
  /** The index's files on disk, relative, once the `n`-th scan has finished (its "indexed" log line). */
  const indexed = async (n: number): Promise<string[]> => {
    await waitForLog(client, /^indexed \d+ file/, n);
    const r = await client.request<WorkspaceIndexResult>('agentFiles/workspaceIndex', {});
    return r.files.map((f) => path.relative(root, URI.parse(f.uri).fsPath).split(path.sep).join('/')).sort();
  };
  return { root, client, write, uri: (rel) => URI.file(path.join(root, rel)).toString(), indexed };
}

after(async () => {
  for (const c of clients) await shutdown(c);
  for (const r of roots) fs.rmSync(r, { recursive: true, force: true });
});

test('the index leaves out what .gitignore and the default list leave out, and holds a skill a linked folder shows twice once, where it is, for the clients of both paths', async () => {
  const ws = await workspace();
  assert.deepEqual(await ws.indexed(1), ['AGENTS.md', 'skills/shared/SKILL.md']);
  const r = await ws.client.request<WorkspaceIndexResult>('agentFiles/workspaceIndex', {});
  const skill = r.files.find((f) => f.uri === ws.uri('skills/shared/SKILL.md'));
  // skills/ alone is read by no client: .claude/skills -> ../skills is what makes Claude Code load it.
  assert.deepEqual(skill?.targets?.names, ['claude-code']);
  assert.match(skill?.targets?.summary ?? '', /\.claude\/skills\/shared\/SKILL\.md \(through a symbolic link\)/);
});

test('a skill in a gitignored folder or a test fixture is no duplicate of a live one', async () => {
  const other = (folder: string) => `---\nname: shared\ndescription: Another skill kept in ${folder}. Use when testing.\n---\n`;
  const ws = await workspace({
    '.gitignore': 'generated/\n.agents/skills/old/\n',
    '.agents/skills/shared/SKILL.md': SKILL('shared'),
    '.agents/skills/old/SKILL.md': other('old'),
    '.agents/skills/archive/shared-v1/SKILL.md': other('archive'),
  });
  await ws.indexed(1);
  const uri = ws.uri('.agents/skills/shared/SKILL.md');
  const ds = ws.client.diagnostics(uri);
  ws.client.open(uri, SKILL('shared'), 'markdown', 1);
  assert.deepEqual(
    (await ds).filter((d) => d.code === 'skill-duplicate-name').map((d) => String(d.message)),
    [],
  );
});

test('`include` in .agent-files.json and a changed .gitignore are followed: the folders are scanned again', async () => {
  const ws = await workspace();
  await ws.indexed(1);
  ws.write('.agent-files.json', '{ "include": ["tests/fixtures/**"] }');
  ws.write('.gitignore', 'generated/\n.claude/\n');
  void ws.client.connection.sendNotification('workspace/didChangeWatchedFiles', {
    changes: [
      { uri: ws.uri('.agent-files.json'), type: 1 },
      { uri: ws.uri('.gitignore'), type: 2 },
    ],
  });
  assert.deepEqual(await ws.indexed(2), ['AGENTS.md', 'skills/shared/SKILL.md', 'tests/fixtures/shared/SKILL.md']);
});

test('the index holds a file git tracks though a .gitignore leaves it out, as the CLI checks it, and follows a change to what git tracks', async () => {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'af-live-tracked-')));
  roots.push(root);
  fs.writeFileSync(path.join(root, '.gitignore'), '/*\n!/.gitignore\n');
  fs.writeFileSync(path.join(root, 'AGENTS.md'), '# Project\n');
  fs.writeFileSync(path.join(root, 'CLAUDE.md'), '# Local notes\n');
  const git = (...args: string[]) => assert.equal(spawnSync('git', args, { cwd: root, encoding: 'utf8' }).status, 0);
  git('init', '-q');
  git('add', '.gitignore');
  git('add', '-f', 'AGENTS.md');
  const client = await startClient({ rootUri: URI.file(root).toString() });
  clients.push(client);
  await waitForLog(client, /^indexed \d+ file/, 1);
  const files = async () => (await client.request<WorkspaceIndexResult>('agentFiles/workspaceIndex', {})).files.map((f) => path.relative(root, URI.parse(f.uri).fsPath)).sort();
  assert.deepEqual(await files(), ['AGENTS.md']);
  // git adds CLAUDE.md: the index now tracks it, and the folder is scanned again.
  git('add', '-f', 'CLAUDE.md');
  void client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: URI.file(path.join(root, '.git', 'index')).toString(), type: 2 }] });
  await waitForLog(client, /^indexed \d+ file/, 2);
  assert.deepEqual(await files(), ['AGENTS.md', 'CLAUDE.md']);
});

test('a watcher event on the linked path of a skill is the kept file’s; the link removed, the skill loses the clients of that path', async () => {
  const ws = await workspace();
  await ws.indexed(1);
  const targetsOf = async () =>
    (await ws.client.request<WorkspaceIndexResult>('agentFiles/workspaceIndex', {})).files.find((f) => f.uri === ws.uri('skills/shared/SKILL.md'))?.targets?.names;
  // A change reported under .claude/skills/ (the link) adds no second file; a new skill, reported with it, shows the batch was handled.
  ws.write('skills/other/SKILL.md', SKILL('other'));
  void ws.client.connection.sendNotification('workspace/didChangeWatchedFiles', {
    changes: [
      { uri: ws.uri('.claude/skills/shared/SKILL.md'), type: 2 },
      { uri: ws.uri('skills/other/SKILL.md'), type: 1 },
    ],
  });
  const listed = async () =>
    (await ws.client.request<WorkspaceIndexResult>('agentFiles/workspaceIndex', {})).files.map((f) => path.relative(ws.root, URI.parse(f.uri).fsPath)).sort();
  for (let i = 0; i < 50 && !(await listed()).includes('skills/other/SKILL.md'); i++) await new Promise((r) => setTimeout(r, 100));
  assert.deepEqual(await listed(), ['AGENTS.md', 'skills/other/SKILL.md', 'skills/shared/SKILL.md']);
  assert.deepEqual(await targetsOf(), ['claude-code']);
  // The link goes: the skill is in no client folder any more.
  fs.unlinkSync(path.join(ws.root, '.claude', 'skills'));
  void ws.client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: ws.uri('.claude/skills/shared/SKILL.md'), type: 3 }] });
  for (let i = 0; i < 50 && (await targetsOf())?.[0] !== 'spec'; i++) await new Promise((r) => setTimeout(r, 100));
  assert.deepEqual(await targetsOf(), ['spec']);
});
