import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import type { CodeAction, CompletionItem, Diagnostic, DocumentSymbol, Hover, Location, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { startClient, type TestClient } from '../helpers/inProcessClient';
import { closeOpenedAfterEach, waitForIndex } from '../helpers/lspWorkspace';
import { cursor } from '../helpers/markers';
import { shutdown } from '../fixtures/workspace-formats/lsp';
import type { WorkspaceIndexResult } from '../../server/src/core/workspace/indexTypes';
import { baseWorld } from '../fixtures/world/helpers';

/** A two-agent direct handoff: sender → receiver. */
const WORLD = JSON.stringify({ ...baseWorld(), world: { id: 'w', name: 'handoff', turnLimit: 10 } }, null, 2);
const GOOD_PROMPT =
  'You are an agent. Put handoff mentions at the beginning of a paragraph.\nDo not call tools yourself; request host actions only.\nEnd final responses with <world>pass</world>.\n';
const SENDER = GOOD_PROMPT + '\n@receiver Please review.\n';

let root: string;
let client: TestClient;
const fileUri = (...p: string[]) => URI.file(path.join(root, ...p)).toString();
const worldUri = () => fileUri('.agent-world', 'world.json');
const lineOf = (text: string, needle: string) => text.split('\n').findIndex((l) => l.includes(needle));
const rangeIn = (text: string, needle: string) => {
  const line = lineOf(text, needle);
  const character = text.split('\n')[line]!.indexOf(needle);
  return { start: { line, character }, end: { line, character: character + needle.length } };
};
const brief = (ds: Diagnostic[]) => ds.map((d) => [d.code, d.source, d.range.start.line, d.range.start.character, d.range.end.line, d.range.end.character]);

let closeOpened: () => Promise<void>;
afterEach(() => closeOpened());
before(async () => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'af-world-')));
  fs.mkdirSync(path.join(root, '.agent-world', 'prompts'), { recursive: true });
  fs.writeFileSync(path.join(root, '.agent-world', 'world.json'), WORLD);
  fs.writeFileSync(path.join(root, '.agent-world', 'prompts', 'sender.md'), SENDER);
  fs.writeFileSync(path.join(root, '.agent-world', 'prompts', 'receiver.md'), GOOD_PROMPT);
  client = await startClient({ rootUri: URI.file(root).toString() });
  closeOpened = closeOpenedAfterEach(client);
  await waitForIndex(client, (files) => files.length >= 1);
});
after(async () => {
  await shutdown(client);
  fs.rmSync(root, { recursive: true, force: true });
});

test('the index lists world.json with its agents and their handoffs', async () => {
  const { files } = await client.request<WorkspaceIndexResult>('agentFiles/workspaceIndex', {});
  const w = files.find((f) => f.uri === worldUri())!;
  assert.deepEqual([w.kind, w.name, w.isAgent, w.errors, w.warnings], ['world', 'handoff', false, 0, 0]);
  assert.deepEqual(
    w.skills.map((s) => [s.name, s.z, s.description, s.deps]),
    [
      ['sender', 0, 'sender', [{ name: 'receiver', z: 1 }]],
      ['receiver', 1, 'receiver', []],
    ],
  );
  const sender = w.skills[0]!.range;
  assert.equal(WORLD.split('\n')[sender.start.line]!.slice(sender.start.character, sender.end.character), '"sender"');
  assert.ok(sender.start.line > lineOf(WORLD, '"agents"'), 'the range is the agent declaration, not a node reference');
});

test('diagnostics after didOpen: a missing prompt file on the promptPath value; the quick fix creates it from the template', async () => {
  const uri = worldUri();
  const text = WORLD.replace('prompts/receiver.md', 'prompts/missing.md');
  const pending = client.diagnostics(uri);
  client.open(uri, text, 'json', 1);
  const ds = await pending;
  const r = rangeIn(text, '"prompts/missing.md"');
  assert.deepEqual(brief(ds), [['world-prompt-not-found', 'agent-files', r.start.line, r.start.character, r.end.line, r.end.character]]);
  assert.equal(ds[0]!.message, 'agents.receiver.promptPath not found: prompts/missing.md');
  assert.match(ds[0]!.codeDescription!.href, /docs\/rules\.md#world-prompt-not-found$/);
  const actions = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: ds[0]!.range, context: { diagnostics: ds } });
  assert.deepEqual(
    actions.filter((a) => !/^(Suppress|Turn off) '/.test(a.title)).map((a) => [a.title, a.kind]),
    [['Create prompts/missing.md from the prompt template', 'quickfix']],
  );
  assert.deepEqual(actions[0]!.diagnostics, ds);
  const target = fileUri('.agent-world', 'prompts', 'missing.md');
  const changes = actions[0]!.edit!.documentChanges as ({ kind: string; uri: string } | { textDocument: { uri: string }; edits: { newText: string }[] })[];
  assert.deepEqual(changes[0], { kind: 'create', uri: target, options: { ignoreIfExists: true } });
  const write = changes[1] as { textDocument: { uri: string }; edits: { newText: string }[] };
  assert.equal(write.textDocument.uri, target);
  assert.match(write.edits[0]!.newText, /^You are @receiver, the receiver\./);

  const v2 = client.diagnostics(uri, (p) => p.version === 2);
  client.change(uri, 2, [
    { range: { start: { line: r.start.line, character: r.start.character + 9 }, end: { line: r.start.line, character: r.start.character + 16 } }, text: 'receiver' },
  ]);
  assert.deepEqual(await v2, [], 'the incremental fix of the path clears it');
});

test('a prompt mention warning follows the open world.json buffer', async () => {
  const world = worldUri();
  client.open(world, WORLD, 'json', 10);
  const prompt = fileUri('.agent-world', 'prompts', 'sender.md');
  const clean = client.diagnostics(prompt);
  client.open(prompt, SENDER, 'markdown', 1);
  assert.deepEqual(await clean, []);
  const warned = client.diagnostics(prompt, (p) => p.diagnostics.length > 0);
  const key = rangeIn(WORLD, '"receiver": {');
  client.change(world, 11, [
    { range: { start: { line: key.start.line, character: key.start.character + 1 }, end: { line: key.start.line, character: key.start.character + 9 } }, text: 'reviewer' },
  ]);
  const ds = await warned;
  assert.deepEqual(brief(ds), [['world-unknown-mention', 'agent-files', 4, 0, 4, 9]]);
  assert.equal(ds[0]!.message, 'Agent @sender used a paragraph-start mention of @receiver, which matches no agent in this world.');
  const back = client.diagnostics(prompt, (p) => p.diagnostics.length === 0);
  client.change(world, 12, [
    { range: { start: { line: key.start.line, character: key.start.character + 1 }, end: { line: key.start.line, character: key.start.character + 9 } }, text: 'receiver' },
  ]);
  assert.deepEqual(await back, []);
});

test('prompt quick fix appends the missing rule line', async () => {
  client.open(worldUri(), WORLD, 'json', 20);
  const uri = fileUri('.agent-world', 'prompts', 'receiver.md');
  const text = 'You review.\n';
  const pending = client.diagnostics(uri, (p) => p.version === 5);
  client.open(uri, text, 'markdown', 5);
  const ds = await pending;
  assert.deepEqual(
    ds.map((d) => d.code),
    ['world-missing-mention-protocol', 'world-missing-tool-prohibition', 'world-missing-stop-token'],
  );
  const tool = ds[1]!;
  const actions = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: tool.range, context: { diagnostics: [tool] } });
  assert.deepEqual(
    actions.filter((a) => !/^(Suppress|Turn off) '/.test(a.title)).map((a) => a.title),
    ['Add "Do not call tools yourself; request host actions only."'],
  );
  assert.deepEqual(actions[0]!.edit, {
    changes: { [uri]: [{ range: { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } }, newText: 'Do not call tools yourself; request host actions only.\n' }] },
  });
});

test('definition from a prompt mention gives the agent in world.json, then its prompt file', async () => {
  client.open(worldUri(), WORLD, 'json', 30);
  const uri = fileUri('.agent-world', 'prompts', 'sender.md');
  client.open(uri, SENDER, 'markdown', 30);
  const locs = await client.request<Location[]>('textDocument/definition', { textDocument: { uri }, position: { line: 4, character: 3 } });
  const key = rangeIn(WORLD, '"receiver": {');
  assert.deepEqual(locs, [
    { uri: worldUri(), range: { start: key.start, end: { line: key.start.line, character: key.start.character + 10 } } },
    { uri: fileUri('.agent-world', 'prompts', 'receiver.md'), range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } },
  ]);
});

test('completion: agent ids for a node agent in world.json, and after @ in a prompt', async () => {
  const { text, position } = cursor(WORLD.replace('"agent": "receiver"', '"agent": "$0"'));
  client.open(worldUri(), text, 'json', 40);
  const items = await client.request<CompletionItem[]>('textDocument/completion', { textDocument: { uri: worldUri() }, position });
  assert.deepEqual(
    items.map((i) => i.label),
    ['sender', 'receiver'],
  );
  client.open(worldUri(), WORLD, 'json', 41);
  const uri = fileUri('.agent-world', 'prompts', 'sender.md');
  const p = cursor(GOOD_PROMPT + '\n@re$0');
  client.open(uri, p.text, 'markdown', 40);
  const mentions = await client.request<CompletionItem[]>('textDocument/completion', { textDocument: { uri }, position: p.position });
  assert.deepEqual(
    mentions.map((i) => [i.label, i.textEdit]),
    [
      ['sender', { range: { start: { line: 4, character: 1 }, end: p.position }, newText: 'sender' }],
      ['receiver', { range: { start: { line: 4, character: 1 }, end: p.position }, newText: 'receiver' }],
    ],
  );
});

test('hover on an agent key summarizes the agent', async () => {
  client.open(worldUri(), WORLD, 'json', 50);
  const key = rangeIn(WORLD, '"sender": {');
  const h = await client.request<Hover>('textDocument/hover', { textDocument: { uri: worldUri() }, position: { line: key.start.line, character: key.start.character + 2 } });
  const value = (h.contents as { value: string }).value;
  assert.match(value, /^\*\*agent `sender`\*\*/);
  assert.match(value, /- prompt: `prompts\/sender\.md`/);
  assert.match(value, /- nodes: send/);
});

test('document symbols of world.json: agents and workflow nodes', async () => {
  client.open(worldUri(), WORLD, 'json', 60);
  const syms = await client.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri: worldUri() } });
  assert.deepEqual(
    syms.map((s) => [s.name, (s.children ?? []).map((c) => [c.name, c.detail])]),
    [
      [
        'agents',
        [
          ['sender', 'sender'],
          ['receiver', 'receiver'],
        ],
      ],
      [
        'nodes',
        [
          ['send', '→ sender'],
          ['receive', '→ receiver'],
        ],
      ],
    ],
  );
});

test('world.eval.md is checked against world.json', async () => {
  client.open(worldUri(), WORLD, 'json', 70);
  const uri = fileUri('.agent-world', 'world.eval.md');
  const text = '# Eval\n\n```json\n{ "name": "stop", "complete": { "completeAgent": "nobody", "content": "Done. <world>pass</world>" }, "expect": { "type": "done" } }\n```\n';
  const pending = client.diagnostics(uri);
  client.open(uri, text, 'markdown', 1);
  const ds = await pending;
  assert.deepEqual(
    ds.map((d) => [d.code, d.message]).filter(([c]) => c === 'world-eval-unknown-agent'),
    [['world-eval-unknown-agent', 'complete step completeAgent "nobody" matches no agent in this world']],
  );
  assert.deepEqual(ds.find((d) => d.code === 'world-eval-unknown-agent')!.range, rangeIn(text, '"nobody"'));
});

test('rename of an agent from world.json rewrites its references and the prompt mentions', async () => {
  client.open(worldUri(), WORLD, 'json', 80);
  // The open buffer of a prompt wins over its file: give it the mention again.
  client.open(fileUri('.agent-world', 'prompts', 'sender.md'), SENDER, 'markdown', 80);
  const key = rangeIn(WORLD, '"receiver": {');
  const at = { line: key.start.line, character: key.start.character + 3 };
  const edit = await client.request<WorkspaceEdit>('textDocument/rename', { textDocument: { uri: worldUri() }, position: at, newName: 'reviewer' });
  const senderPrompt = fileUri('.agent-world', 'prompts', 'sender.md');
  assert.deepEqual(Object.keys(edit.changes!).sort(), [senderPrompt, worldUri()].sort());
  assert.equal(edit.changes![worldUri()]!.length, 2, 'the agents key and the node agent');
  assert.deepEqual(edit.changes![senderPrompt], [{ range: { start: { line: 4, character: 1 }, end: { line: 4, character: 9 } }, newText: 'reviewer' }]);
  await assert.rejects(client.request('textDocument/rename', { textDocument: { uri: worldUri() }, position: at, newName: 'sender' }), /agents\.sender already exists/);
});

test('world.json shape errors from the schema are reported for clients without a JSON service, and not when turned off', async () => {
  const bad = JSON.stringify({ ...JSON.parse(WORLD), extra: true }, null, 2);
  const on = await startClient({ initializationOptions: { diagnosticDelay: 0 } });
  const off = await startClient({ initializationOptions: { diagnosticDelay: 0, schemaDiagnostics: false } });
  try {
    const uri = 'file:///schema-ws/.agent-world/world.json';
    const got = async (c: TestClient) => {
      const pending = c.diagnostics(uri);
      c.open(uri, bad, 'json');
      return (await pending).filter((d) => d.code === 'world-schema').map((d) => d.message);
    };
    assert.deepEqual(await got(on), ['(root) must not have the property "extra"']);
    assert.deepEqual(await got(off), []);
  } finally {
    await shutdown(on);
    await shutdown(off);
  }
});
