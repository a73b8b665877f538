/**
 * Subagents and commands over stdio: a Claude Code subagent Claude Code would skip gets its error
 * as soon as it is opened, a name shared with another subagent of the folder is a warning from
 * the index, hover and completion answer in the frontmatter, and the quick fix quotes a value
 * the way Claude Code does.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import type { CodeAction, CompletionItem, Hover } from 'vscode-languageserver-protocol';
import { openForDiagnostics, startClient, type TestClient } from '../helpers/lspClient';
import { waitForIndex } from '../helpers/lspWorkspace';
import { shutdown } from '../fixtures/workspace-formats/lsp';
import { cursor, joinLines } from '../helpers/markers';

let root: string;
let client: TestClient;
const fileUri = (rel: string) => URI.file(path.join(root, rel)).toString();
const write = (rel: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  fs.writeFileSync(path.join(root, rel), text);
};

const BROKEN = joinLines('---', 'name: release-notes', 'description: Drafts release notes.', '<example>', 'Context: a release branch was cut', '</example>', '---', 'Body.', '');
const REVIEWER = joinLines('---', 'name: reviewer', 'description: Reviews code.', 'tools: Read, Grep', '---', 'Body.', '');
const QUOTED = joinLines('---', 'name: writer', 'description: Use it when: tests are missing', '---', 'Body.', '');

before(async () => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'af-subagents-')));
  write('.claude/agents/release-notes.md', BROKEN);
  write('.claude/agents/reviewer.md', REVIEWER);
  write('.claude/agents/old/reviewer.md', REVIEWER.replace('Body.', 'The old reviewer.'));
  write('.claude/agents/writer.md', QUOTED);
  write('.claude/commands/deploy.md', '---\ndescription: Deploy\n---\nDeploy.\n');
  client = await startClient({ rootUri: URI.file(root).toString() });
  await waitForIndex(client, (files) => files.filter((f) => f.kind === 'subagent' || f.kind === 'command').length >= 5);
});
after(async () => {
  await shutdown(client);
  fs.rmSync(root, { recursive: true, force: true });
});

test('a subagent Claude Code cannot parse is an error that says Claude Code will not load it', async () => {
  const uri = fileUri('.claude/agents/release-notes.md');
  const got = await openForDiagnostics(client, uri, BROKEN, 'markdown');
  assert.deepEqual(
    got.map((d) => [d.code, d.severity]),
    [['subagent-yaml-invalid', 1]],
  );
  assert.match(String(got[0]!.message), /^Claude Code will not load this agent/);
});

test('two subagents of one name in the folder: a warning from the workspace index', async () => {
  const uri = fileUri('.claude/agents/reviewer.md');
  const got = await openForDiagnostics(client, uri, REVIEWER, 'markdown');
  assert.deepEqual(
    got.map((d) => [d.code, d.range.start.line]),
    [['subagent-name-duplicate', 1]],
  );
  assert.match(String(got[0]!.message), /old\/reviewer\.md/);
});

test('hover on a key and completion of model values', async () => {
  const { text, position } = cursor(joinLines('---', 'name: reviewer', 'description: Reviews code.', 'too$0ls: Read, Grep', 'model: ', '---', 'Body.', ''));
  const uri = fileUri('.claude/agents/reviewer.md');
  client.change(uri, 2, [{ text }]);
  const hover = await client.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position });
  assert.match(JSON.stringify(hover?.contents), /comma-separated string/);
  const items = await client.request<CompletionItem[] | { items: CompletionItem[] }>('textDocument/completion', { textDocument: { uri }, position: { line: 4, character: 7 } });
  const labels = (Array.isArray(items) ? items : items.items).map((i) => i.label);
  assert.ok(labels.includes('opus') && labels.includes('inherit'), labels.join(','));
});

test('the quick fix of a value only Claude Code reads quotes it as Claude Code does', async () => {
  const uri = fileUri('.claude/agents/writer.md');
  const got = await openForDiagnostics(client, uri, QUOTED, 'markdown');
  assert.deepEqual(
    got.map((d) => d.code),
    ['subagent-yaml-quoted'],
  );
  const actions = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: got[0]!.range, context: { diagnostics: got } });
  const quote = actions.find((a) => a.title === 'Quote the value as Claude Code does');
  assert.equal(quote?.edit?.changes?.[uri]?.[0]?.newText, '"Use it when: tests are missing"');
});
