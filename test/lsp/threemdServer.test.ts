import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { CompletionItem, Hover, Location, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { startClient, type TestClient } from '../helpers/lspClient';
import { cursor, joinLines } from '../helpers/markers';
import { applyEdit } from '../../server/src/core/text/text';
import { genAgent } from '../../scripts/genAgent';

const AGENT = joinLines(
  '---',
  '3md: 1.0',
  'title: Helper',
  'tools: rg, jq',
  '---',
  '@plane z=0 label="Helper" kind=identity',
  'You help. route("find every TODO in src") selects search',
  '',
  '@plane z=1 label="search" kind=skill triggers="find, grep, search code" inputs="pattern, path:string?" tool="rg --line-number {pattern} {path}"',
  'Search the code. Cite with [[z=2|cite]].',
  '',
  '@plane z=2 label="cite" kind=skill triggers="cite source"',
  'Attach sources.',
);
const URI = 'file:///ws/agent.3md';

let client: TestClient;
before(async () => {
  client = await startClient();
});
after(() => client.stop());

test('initialize announces incremental sync and every provider', () => {
  const caps = client.initialize.capabilities;
  assert.deepEqual(caps.textDocumentSync, { openClose: true, change: 2 });
  for (const k of ['hoverProvider', 'definitionProvider', 'referencesProvider', 'documentSymbolProvider', 'workspaceSymbolProvider', 'foldingRangeProvider'] as const) {
    assert.equal(caps[k], true, k);
  }
  assert.deepEqual(caps.renameProvider, { prepareProvider: true });
  assert.ok(caps.completionProvider?.triggerCharacters?.includes('{'));
  assert.equal(caps.diagnosticProvider, undefined, 'push mode when the client has no pull support');
});

test('diagnostics arrive after didOpen and follow incremental didChange', async () => {
  const uri = 'file:///ws/broken.agent.3md';
  const text = AGENT.replace('[[z=2|cite]]', '[[z=42]]');
  const col = text.split('\n')[9]!.indexOf('[[z=42]]');
  const first = client.diagnostics(uri);
  client.open(uri, text, '3md', 1);
  const d1 = await first;
  assert.deepEqual(
    d1.map((d) => [d.code, d.source, d.range.start.line, d.range.start.character, d.range.end.character]),
    [['dead-link', 'agent-files', 9, col, col + 8]],
  );
  assert.match(d1[0]!.codeDescription!.href, /docs\/rules\.md#dead-link$/);
  const second = client.diagnostics(uri, (p) => p.version === 2);
  client.change(uri, 2, [{ range: { start: { line: 9, character: col + 4 }, end: { line: 9, character: col + 6 } }, text: '2' }]);
  assert.deepEqual(await second, [], 'fixing the link clears the error');
  const third = client.diagnostics(uri, (p) => p.version === 3);
  const end = AGENT.split('\n')[8]!.lastIndexOf('"');
  client.change(uri, 3, [{ range: { start: { line: 8, character: end }, end: { line: 8, character: end } }, text: ' {limit}' }]);
  const d3 = await third;
  assert.deepEqual(
    d3.map((d) => d.code),
    ['tool-input'],
  );
  assert.equal(d3[0]!.message, 'skill "search" command references {limit}, which is not a declared input');
});

test('a fence opened in a long agent hides its later skills, typing with it open and closing it leave the diagnostics a fresh open reports', async () => {
  const lines = genAgent(40).split('\n');
  const skill = (z: number) => lines.findIndex((l) => l.startsWith(`@plane z=${z} `));
  lines.splice(skill(30) + 1, 0, 'see [[z=404]]');
  lines[skill(33)] = lines[skill(33)]!.replace(/label="[^"]+"/, 'label="find-files"');
  let text = lines.join('\n');
  const uri = 'file:///ws/long.agent.3md';
  // Related information names the document: the fresh one's is read as this one's.
  const fresh = async (k: number) => {
    const other = `file:///ws/fresh-${k}.agent.3md`;
    const pending = client.diagnostics(other);
    client.open(other, text);
    return JSON.parse(JSON.stringify(await pending).replaceAll(other, uri));
  };
  const opened = client.diagnostics(uri);
  client.open(uri, text);
  const before = await opened;
  assert.deepEqual(before.map((d) => d.code).sort(), ['dead-link', 'unique-skill']);
  const fence = skill(5) + 2;
  const steps = [
    { range: { start: { line: fence, character: 0 }, end: { line: fence, character: 0 } }, text: '```' },
    { range: { start: { line: fence + 1, character: 0 }, end: { line: fence + 1, character: 0 } }, text: 'typed\n' },
    { range: { start: { line: fence + 1, character: 0 }, end: { line: fence + 2, character: 0 } }, text: '' },
    { range: { start: { line: fence, character: 0 }, end: { line: fence, character: 3 } }, text: '' },
  ];
  for (const [k, change] of steps.entries()) {
    const version = k + 2;
    const pending = client.diagnostics(uri, (p) => p.version === version);
    client.change(uri, version, [change]);
    text = applyEdit(text, change);
    assert.deepEqual(await pending, await fresh(k), `after step ${k + 1}`);
  }
  assert.deepEqual(await fresh(steps.length), before, 'the fence closed, the text is the one first opened');
});

test('a cycle carries its chain as related information', async () => {
  const uri = 'file:///ws/cycle.agent.3md';
  const pending = client.diagnostics(uri);
  client.open(
    uri,
    joinLines('---', '3md: 1.0', 'title: C', '---', '@plane z=0 kind=identity', '@plane z=1 label="a" triggers="a"', '[[z=2]]', '@plane z=2 label="b" triggers="b"', '[[z=1]]'),
  );
  const [d] = await pending;
  assert.equal(d!.code, 'cycle');
  assert.deepEqual(
    d!.relatedInformation!.map((r) => r.message),
    ['z=1 "a" depends on z=2', 'z=2 "b" depends on z=1'],
  );
});

test('definition on [[z=N|text]] jumps to the @plane line; on {placeholder} to the input; on the binary to tools:', async () => {
  client.open(URI, AGENT);
  const link = await client.request<Location[]>('textDocument/definition', { textDocument: { uri: URI }, position: { line: 9, character: 31 } });
  assert.deepEqual(link, [{ uri: URI, range: { start: { line: 11, character: 0 }, end: { line: 11, character: 57 } } }]);
  const line8 = AGENT.split('\n')[8]!;
  const ph = await client.request<Location[]>('textDocument/definition', { textDocument: { uri: URI }, position: { line: 8, character: line8.indexOf('{pattern}') + 2 } });
  assert.deepEqual(ph[0]!.range.start, { line: 8, character: line8.indexOf('pattern,') });
  const bin = await client.request<Location[]>('textDocument/definition', { textDocument: { uri: URI }, position: { line: 8, character: line8.indexOf('rg --') + 1 } });
  assert.deepEqual(bin[0]!.range, { start: { line: 3, character: 7 }, end: { line: 3, character: 9 } });
});

test('completion after { in tool="…" offers the declared inputs', async () => {
  const { text, position } = cursor(AGENT.replace('{path}"', '{path} {$0"'));
  const uri = 'file:///ws/complete.agent.3md';
  client.open(uri, text);
  const items = await client.request<CompletionItem[]>('textDocument/completion', { textDocument: { uri }, position });
  assert.deepEqual(
    items.map((i) => [i.label, i.detail]),
    [
      ['pattern', 'string'],
      ['path', 'string (optional)'],
    ],
  );
});

test('hover on route("…") shows the live ranking', async () => {
  client.open(URI, AGENT, '3md', 5);
  const h = await client.request<Hover>('textDocument/hover', { textDocument: { uri: URI }, position: { line: 6, character: 15 } });
  const value = (h.contents as { value: string }).value;
  assert.match(value, /\*\*route\("find every TODO in src"\)\*\*/);
  assert.match(value, /\| 1 \| search \| 1 \| 1 \| find \|/);
  assert.match(value, /rg --line-number \{pattern\} \{path\}/);
});

test('rename of a plane z rewrites its declaration and every link to it', async () => {
  client.open(URI, AGENT, '3md', 6);
  const edit = await client.request<WorkspaceEdit>('textDocument/rename', { textDocument: { uri: URI }, position: { line: 11, character: 9 }, newName: '7' });
  const edits = edit.changes![URI]!;
  const target = AGENT.split('\n')[9]!.indexOf('[[z=2') + 4;
  assert.deepEqual(
    edits.map((e) => [e.range.start.line, e.range.start.character, e.newText]),
    [
      [11, 9, '7'],
      [9, target, '7'],
    ],
  );
});

test('rename to an existing z is refused with an LSP error', async () => {
  await assert.rejects(client.request('textDocument/rename', { textDocument: { uri: URI }, position: { line: 11, character: 9 }, newName: '1' }), /already exists/);
});

test('requests on unknown documents answer empty, never fail', async () => {
  const uri = 'file:///ws/never-opened.3md';
  assert.deepEqual(await client.request('textDocument/definition', { textDocument: { uri }, position: { line: 0, character: 0 } }), []);
  assert.equal(await client.request('textDocument/hover', { textDocument: { uri }, position: { line: 99, character: 99 } }), null);
});

test('closing a document clears its diagnostics', async () => {
  const uri = 'file:///ws/closing.agent.3md';
  const opened = client.diagnostics(uri);
  client.open(uri, AGENT.replace('[[z=2|cite]]', '[[z=9]]'));
  assert.equal((await opened).length, 1);
  const cleared = client.diagnostics(uri, (p) => p.diagnostics.length === 0);
  void client.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
  assert.deepEqual(await cleared, []);
});
