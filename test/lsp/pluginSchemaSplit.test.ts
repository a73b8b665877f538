/**
 * Plugin files over stdio in the two modes of `schemaDiagnostics`. Off (VS Code, which applies the
 * JSON Schemas the extension contributes): the server leaves out what a schema reports, the key
 * completion and the hover of the keys a schema describes, so nothing shows twice; it keeps what a
 * schema cannot say (errors, unknown keys, folders). On (every other editor): the server gives all
 * of it. A settings file's certain rename comes as a quick fix.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import type { CodeAction, CompletionItem, Hover } from 'vscode-languageserver-protocol';
import { openForDiagnostics, startClient, type TestClient } from '../helpers/lspClient';
import { shutdown } from '../fixtures/workspace-formats/lsp';
import { waitForLog } from '../helpers/lspWorkspace';

let root: string;
let vscodeLike: TestClient;
let other: TestClient;
const fileUri = (rel: string) => URI.file(path.join(root, rel)).toString();
const write = (rel: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  fs.writeFileSync(path.join(root, rel), text);
};

const CODEX = '{ "name": 3, "skills": "skills/" }\n';
const CLAUDE = '{ "name": "pdf", "author": "Me", "sorce": 1, "": 1 }\n';
const HOOKS = '{ "hooks": { "Stop": [ { "hooks": [ { "type": "command", "command": "echo", "timeout": 0 } ] } ], "": [] } }\n';

before(async () => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'af-schema-split-')));
  fs.mkdirSync(path.join(root, '.git'));
  write('codex/.codex-plugin/plugin.json', CODEX);
  write('pdf/.claude-plugin/plugin.json', CLAUDE);
  write('pdf/hooks/hooks.json', HOOKS);
  write('pdf/skills/extract/SKILL.md', '---\nname: extract\ndescription: Extracts text.\n---\n');
  write('.claude/settings.json', '{ "hooks": { "preToolUse": [] } }\n');
  const init = { rootUri: URI.file(root).toString() };
  vscodeLike = await startClient({ ...init, initializationOptions: { diagnosticDelay: 0, schemaDiagnostics: false } });
  other = await startClient({ ...init, initializationOptions: { diagnosticDelay: 0 } });
  await Promise.all([waitForLog(vscodeLike, /^indexed \d+ file/), waitForLog(other, /^indexed \d+ file/)]);
});
after(async () => {
  await Promise.all([shutdown(vscodeLike), shutdown(other)]);
  fs.rmSync(root, { recursive: true, force: true });
});

const codes = async (client: TestClient, rel: string, text: string) => (await openForDiagnostics(client, fileUri(rel), text, 'json')).map((d) => d.code);
const labels = async (client: TestClient, rel: string, text: string, before: string) => {
  const r = await client.request<CompletionItem[] | { items: CompletionItem[] } | null>('textDocument/completion', {
    textDocument: { uri: fileUri(rel) },
    position: { line: 0, character: text.indexOf(before) + 1 },
  });
  return (Array.isArray(r) ? r : (r?.items ?? [])).map((i) => i.label);
};
const hoverAt = (client: TestClient, rel: string, text: string, at: string) =>
  client.request<Hover | null>('textDocument/hover', { textDocument: { uri: fileUri(rel) }, position: { line: 0, character: text.indexOf(at) + 2 } });

test("a finding the file's schema reports is left to VS Code; the server's errors stay; other editors get both", async () => {
  assert.deepEqual(await codes(vscodeLike, 'codex/.codex-plugin/plugin.json', CODEX), ['plugin-value-invalid']);
  assert.deepEqual(await codes(other, 'codex/.codex-plugin/plugin.json', CODEX), ['plugin-value-invalid', 'plugin-path-invalid']);
  assert.deepEqual(await codes(vscodeLike, 'pdf/hooks/hooks.json', HOOKS), ['hooks-event-unknown']);
  assert.deepEqual(await codes(other, 'pdf/hooks/hooks.json', HOOKS), ['hooks-timeout-invalid', 'hooks-event-unknown']);
  // A Claude Code type error is the server's error in both: the schema describes `author` without constraining it.
  assert.deepEqual(await codes(vscodeLike, 'pdf/.claude-plugin/plugin.json', CLAUDE), await codes(other, 'pdf/.claude-plugin/plugin.json', CLAUDE));
});

test('key completion comes from the schema in VS Code and from the server elsewhere', async () => {
  await openForDiagnostics(vscodeLike, fileUri('pdf/.claude-plugin/plugin.json'), CLAUDE, 'json');
  await openForDiagnostics(other, fileUri('pdf/.claude-plugin/plugin.json'), CLAUDE, 'json');
  assert.deepEqual(await labels(vscodeLike, 'pdf/.claude-plugin/plugin.json', CLAUDE, '""'), []);
  assert.ok((await labels(other, 'pdf/.claude-plugin/plugin.json', CLAUDE, '""')).includes('version'));
  await openForDiagnostics(vscodeLike, fileUri('pdf/hooks/hooks.json'), HOOKS, 'json');
  await openForDiagnostics(other, fileUri('pdf/hooks/hooks.json'), HOOKS, 'json');
  assert.deepEqual(await labels(vscodeLike, 'pdf/hooks/hooks.json', HOOKS, '""'), []);
  assert.ok((await labels(other, 'pdf/hooks/hooks.json', HOOKS, '""')).includes('PreToolUse'));
});

test('path values are completed by the server in both modes: the folders of the plugin root, with ./', async () => {
  const text = '{ "name": "pdf", "skills": "" }\n';
  for (const client of [vscodeLike, other]) {
    await openForDiagnostics(client, fileUri('pdf/.claude-plugin/plugin.json'), text, 'json');
    assert.deepEqual(await labels(client, 'pdf/.claude-plugin/plugin.json', text, '""'), ['./hooks/', './skills/']);
    await openForDiagnostics(client, fileUri('pdf/.claude-plugin/plugin.json'), CLAUDE, 'json');
  }
});

test('hover on a key the schema describes is left to VS Code; an unknown key or event keeps the server’s hover', async () => {
  assert.equal(await hoverAt(vscodeLike, 'pdf/.claude-plugin/plugin.json', CLAUDE, '"author"'), null);
  assert.match(JSON.stringify((await hoverAt(other, 'pdf/.claude-plugin/plugin.json', CLAUDE, '"author"'))?.contents), /author/);
  assert.match(JSON.stringify((await hoverAt(vscodeLike, 'pdf/.claude-plugin/plugin.json', CLAUDE, '"sorce"'))?.contents), /does not know/);
  assert.equal(await hoverAt(vscodeLike, 'pdf/hooks/hooks.json', HOOKS, '"Stop"'), null);
  assert.match(JSON.stringify((await hoverAt(other, 'pdf/hooks/hooks.json', HOOKS, '"Stop"'))?.contents), /Claude finishes/);
});

test("a settings file's hook event in another case gets a quick fix to the event Claude Code knows", async () => {
  const text = '{ "hooks": { "preToolUse": [] } }\n';
  const uri = fileUri('.claude/settings.json');
  const ds = await openForDiagnostics(other, uri, text, 'json');
  assert.deepEqual(
    ds.map((d) => d.code),
    ['hooks-event-unknown'],
  );
  const actions = await other.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: ds[0]!.range, context: { diagnostics: ds } });
  assert.deepEqual(
    actions.map((a) => [a.title, a.edit?.changes?.[uri]?.[0]?.newText]),
    [["Change to 'PreToolUse'", '"PreToolUse"']],
  );
});
