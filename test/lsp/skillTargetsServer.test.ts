// SKILL.md targets over the server: inferred from `.claude/skills/`, or named by
// `initializationOptions.targets`; the hover on `---` and on a key; the did-you-mean quick fix.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import type { CodeAction, Hover } from 'vscode-languageserver-protocol';
import { startClient, type TestClient } from '../helpers/inProcessClient';
import { waitForIndex } from '../helpers/lspWorkspace';
import { shutdown } from '../fixtures/workspace-formats/lsp';
import { joinLines } from '../helpers/markers';
import type { WorkspaceIndexResult } from '../../server/src/core/workspace/indexTypes';
import { watchers } from '../../server/src/lsp/initialize';

const SKILL = joinLines(
  '---',
  'description: Ships the current branch. Use when the user says ship it.',
  'argument-hint: "[env]"',
  'disable-model-invocation: true',
  'user_invocable: false',
  '---',
  'Ship to $ARGUMENTS.',
  '',
);

let root: string;
const clients: TestClient[] = [];
const skillUri = () => URI.file(path.join(root, '.claude/skills/ship/SKILL.md')).toString();

before(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'af-targets-')));
  const p = path.join(root, '.claude/skills/ship/SKILL.md');
  fs.mkdirSync(path.dirname(p), { recursive: true });
  fs.writeFileSync(p, SKILL);
});
after(async () => {
  for (const c of clients) await shutdown(c);
  fs.rmSync(root, { recursive: true, force: true });
});

async function start(initializationOptions?: unknown): Promise<TestClient> {
  const c = await startClient({ rootUri: URI.file(root).toString(), ...(initializationOptions ? { initializationOptions } : {}) });
  clients.push(c);
  return c;
}

test('under .claude/skills/ the skill is checked for Claude Code: only the misspelt key is reported', async () => {
  const client = await start();
  const pending = client.diagnostics(skillUri());
  client.open(skillUri(), SKILL, 'markdown', 1);
  const ds = await pending;
  assert.deepEqual(
    ds.map((d) => [d.code, d.severity, d.message, d.range.start.line]),
    [['skill-field-typo', 2, "Unknown field 'user_invocable' is ignored: did you mean 'user-invocable'? (Claude Code)", 4]],
  );
  const actions = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri: skillUri() }, range: ds[0]!.range, context: { diagnostics: ds } });
  const rename = actions.find((a) => a.title === "Rename to 'user-invocable'")!;
  assert.ok(rename, JSON.stringify(actions.map((a) => a.title)));
  assert.deepEqual(rename.edit!.changes![skillUri()], [{ range: { start: { line: 4, character: 0 }, end: { line: 4, character: 14 } }, newText: 'user-invocable' }]);

  const open = await client.request<Hover>('textDocument/hover', { textDocument: { uri: skillUri() }, position: { line: 0, character: 1 } });
  assert.match((open.contents as { value: string }).value, /^Checked for `claude-code`: it is in \.claude\/skills\/, which Claude Code reads\.$/);
  const key = await client.request<Hover>('textDocument/hover', { textDocument: { uri: skillUri() }, position: { line: 2, character: 3 } });
  const value = (key.contents as { value: string }).value;
  assert.match(value, /\| Claude Code \| read \|/);
  assert.match(value, /\*Other targets:\* .*skills-ref: rejected/);

  const entry = await entryWhere(client, skillUri(), (e) => !!e?.targets);
  assert.deepEqual(entry?.targets?.names, ['claude-code']);
});

test('initializationOptions.targets overrides the folder: skills-ref reports the reference errors', async () => {
  const client = await start({ targets: ['skills-ref'] });
  const pending = client.diagnostics(skillUri());
  client.open(skillUri(), SKILL, 'markdown', 1);
  const ds = await pending;
  assert.deepEqual(
    ds.filter((d) => d.severity === 1).map((d) => d.code),
    ['skill-unexpected-field', 'skill-unexpected-field', 'skill-unexpected-field', 'skill-name-missing'],
  );
  const open = await client.request<Hover>('textDocument/hover', { textDocument: { uri: skillUri() }, position: { line: 0, character: 0 } });
  assert.match((open.contents as { value: string }).value, /Checked for `skills-ref`: the agentFiles\.targets setting names them/);
});

test("the 'targets' of .agent-files.json reach the hover, completion and index entry, not only the diagnostics", async () => {
  const own = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'af-config-targets-')));
  try {
    const p = path.join(own, '.claude/skills/ship/SKILL.md');
    fs.mkdirSync(path.dirname(p), { recursive: true });
    fs.writeFileSync(p, SKILL);
    fs.writeFileSync(path.join(own, '.agent-files.json'), '{ "targets": ["skills-ref"] }\n');
    const uri = URI.file(p).toString();
    const client = await startClient({ rootUri: URI.file(own).toString() });
    clients.push(client);
    const pending = client.diagnostics(uri);
    client.open(uri, SKILL, 'markdown', 1);
    const ds = await pending;
    assert.ok(
      ds.some((d) => d.code === 'skill-unexpected-field'),
      JSON.stringify(ds.map((d) => d.code)),
    );
    const open = await client.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 0 } });
    assert.match((open.contents as { value: string }).value, /Checked for `skills-ref`: 'targets' in \.\.\/\.\.\/\.\.\/\.agent-files\.json names them/);
    // Claude Code's keys are not offered for a skills-ref skill.
    const items = await client.request<{ label: string }[] | { items: { label: string }[] }>('textDocument/completion', {
      textDocument: { uri },
      position: { line: 6, character: 0 },
    });
    const labels = (Array.isArray(items) ? items : items.items).map((i) => i.label);
    assert.ok(!labels.includes('argument-hint'), labels.join(', '));
    const entry = await entryWhere(client, uri, (e) => e?.targets?.names[0] === 'skills-ref');
    assert.deepEqual(entry?.targets?.names, ['skills-ref']);
  } finally {
    fs.rmSync(own, { recursive: true, force: true });
  }
});

/** The index entry of `uri` once `done` holds for it (the scan runs in the background). */
async function entryWhere(client: TestClient, uri: string, done: (e: WorkspaceIndexResult['files'][number] | undefined) => boolean) {
  const files = await waitForIndex(client, (fs) => done(fs.find((f) => f.uri === uri)), `the index entry of ${uri}`);
  return files.find((f) => f.uri === uri);
}

test('a marketplace in the workspace makes its plugins’ skills Claude Code’s, and a manifest added later is heard', async () => {
  const own = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'af-market-')));
  try {
    const p = path.join(own, 'plugins/notes/skills/jot/SKILL.md');
    const text = '---\nname: Jot Down\ndescription: Jots notes. Use when asked to note something.\n---\nBody\n';
    fs.mkdirSync(path.dirname(p), { recursive: true });
    fs.writeFileSync(p, text);
    const uri = URI.file(p).toString();
    const client = await startClient({ rootUri: URI.file(own).toString() });
    clients.push(client);
    // No manifest yet: a specification skill, whose name problems are warnings.
    assert.deepEqual((await entryWhere(client, uri, (e) => !!e?.targets))?.targets?.names, ['spec']);
    const market = path.join(own, '.claude-plugin/marketplace.json');
    fs.mkdirSync(path.dirname(market), { recursive: true });
    fs.writeFileSync(market, JSON.stringify({ name: 'm', plugins: [{ name: 'notes', source: './plugins/notes' }] }));
    void client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: URI.file(market).toString(), type: 1 }] });
    assert.deepEqual((await entryWhere(client, uri, (e) => e?.targets?.names[0] === 'claude-code'))?.targets?.names, ['claude-code']);
    const pending = client.diagnostics(uri);
    client.open(uri, text, 'markdown', 1);
    assert.deepEqual(
      (await pending).filter((d) => d.severity === 1 || d.severity === 2),
      [],
    );
    const hover = await client.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 1 } });
    assert.match(
      (hover.contents as { value: string }).value,
      /Claude Code loads it: the Claude Code marketplace \.\.\/\.\.\/\.\.\/\.\.\/\.claude-plugin\/marketplace\.json lists its plugin \(source \.\/plugins\/notes\)/,
    );
  } finally {
    fs.rmSync(own, { recursive: true, force: true });
  }
});

test('a README saved later that installs the skills into ~/.claude/skills/ makes them Claude Code’s; one that stops saying so makes them the specification’s again', async () => {
  const own = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'af-installs-')));
  try {
    const p = path.join(own, 'skills/jot/SKILL.md');
    fs.mkdirSync(path.dirname(p), { recursive: true });
    fs.writeFileSync(p, '---\nname: Jot Down\ndescription: Jots notes. Use when asked to note something.\n---\nBody\n');
    const uri = URI.file(p).toString();
    const readme = path.join(own, 'README.md');
    const readmeUri = URI.file(readme).toString();
    fs.writeFileSync(readme, '# Skills\n');
    const client = await startClient({ rootUri: URI.file(own).toString() });
    clients.push(client);
    assert.deepEqual((await entryWhere(client, uri, (e) => !!e?.targets))?.targets?.names, ['spec']);
    fs.writeFileSync(readme, '# Skills\n\nInstall: `ln -s "$PWD/skills/jot" ~/.claude/skills/jot`\n');
    void client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: readmeUri, type: 2 }] });
    assert.deepEqual((await entryWhere(client, uri, (e) => e?.targets?.names[0] === 'claude-code'))?.targets?.names, ['claude-code']);
    fs.writeFileSync(readme, '# Skills\n\nCopy them into ~/.claude/skills/ or ~/.codex/skills/.\n');
    void client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: readmeUri, type: 2 }] });
    assert.deepEqual((await entryWhere(client, uri, (e) => e?.targets?.names[0] === 'spec'))?.targets?.names, ['spec']);
  } finally {
    fs.rmSync(own, { recursive: true, force: true });
  }
});

test('a gemini-extension.json added at the root later makes the skills of its skills/ Gemini CLI’s, and the server watches for it', async () => {
  const own = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'af-gemini-ext-')));
  try {
    const p = path.join(own, 'skills/hunt/SKILL.md');
    fs.mkdirSync(path.dirname(p), { recursive: true });
    fs.writeFileSync(p, '---\nname: hunt\ndescription: Hunts threats. Use when asked to hunt.\ncategory: security\n---\nBody\n');
    const uri = URI.file(p).toString();
    const manifest = path.join(own, 'gemini-extension.json');
    const client = await startClient({ rootUri: URI.file(own).toString() });
    clients.push(client);
    assert.deepEqual((await entryWhere(client, uri, (e) => !!e?.targets))?.targets?.names, ['spec']);
    fs.writeFileSync(manifest, JSON.stringify({ name: 'hunting', version: '1.0.0' }));
    void client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: URI.file(manifest).toString(), type: 1 }] });
    assert.deepEqual((await entryWhere(client, uri, (e) => e?.targets?.names[0] === 'gemini-cli'))?.targets?.names, ['gemini-cli']);
  } finally {
    fs.rmSync(own, { recursive: true, force: true });
  }
  assert.ok(watchers(false).some((w) => w.globPattern === '**/gemini-extension.json'));
});
