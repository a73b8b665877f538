/**
 * The built server (`dist/server.js --stdio`) against hostile clients: unknown methods, malformed
 * params, impossible positions, binary documents, out-of-order edits and cancellations. After
 * each case the server must still answer a normal request correctly, and its memory must stay
 * bounded. Documents and edit floods at scale are in test/stress/lspScale.test.ts.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { CancellationTokenSource, ErrorCodes, LSPErrorCodes } from 'vscode-languageserver-protocol';
import type { DocumentSymbol, Position } from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { startClient, type TestClient } from '../helpers/lspClient';
import { assertResponsive as responsive, chainAgent, outcome, within, PROBE, PROBE_URI, published, rssMb, sameAs, expectedDiagnostics } from '../helpers/serverHealth';

let client: TestClient;
let baselineRss = 0;

/** The server of these tests is alive, answers in time, and answers correctly. */
const assertResponsive = (c: TestClient = client, ms = 10_000) => responsive(c, ms);

/** Memory after a case stays within a generous bound of the baseline. */
function assertMemoryBounded(c: TestClient, slackMb: number, what: string): void {
  const now = rssMb(c);
  assert.ok(now < baselineRss + slackMb, `${what}: server RSS ${now.toFixed(0)} MB, baseline ${baselineRss.toFixed(0)} MB (allowed +${slackMb} MB)`);
}

before(async () => {
  client = await startClient();
  client.open(PROBE_URI, PROBE);
  await assertResponsive();
  baselineRss = rssMb(client);
});
after(() => client.stop());

test('an unknown request is answered with MethodNotFound; an unknown notification is ignored', async () => {
  const r = await outcome(client.request('agentFiles/noSuchMethod', { x: 1 }));
  assert.equal(r.code, ErrorCodes.MethodNotFound);
  await client.connection.sendNotification('agentFiles/noSuchNotification', { x: 1 });
  await client.connection.sendNotification('$/noSuchProtocolNotification', null);
  await assertResponsive();
});

test('malformed params (missing textDocument, wrong types, null) are answered, never crash the server', async () => {
  const methods = [
    'textDocument/hover',
    'textDocument/definition',
    'textDocument/completion',
    'textDocument/references',
    'textDocument/documentSymbol',
    'textDocument/foldingRange',
    'textDocument/codeLens',
    'textDocument/documentLink',
    'textDocument/rename',
    'textDocument/prepareRename',
    'textDocument/codeAction',
    'workspace/symbol',
    'agentFiles/route',
    'agentFiles/fillCommand',
    'agentFiles/workspaceIndex',
  ];
  const bad: unknown[] = [
    {},
    null,
    { textDocument: null, position: null },
    { textDocument: { uri: 42 }, position: { line: 'one', character: {} } },
    { textDocument: { uri: PROBE_URI }, position: { line: 'one', character: null } },
    { textDocument: { uri: PROBE_URI }, position: { line: -5, character: -1 } },
    { textDocument: { uri: PROBE_URI }, position: { line: 1.5, character: 2.5 }, newName: 7, context: null, range: null, query: 3 },
    { textDocument: { uri: PROBE_URI }, position: { line: 7, character: 10 }, context: { includeDeclaration: 'yes' }, range: 'x', newName: null },
    [1, 2, 3],
    'a string',
  ];
  for (const method of methods) {
    for (const params of bad) {
      const r = await within(outcome(client.request(method, params)), 10_000, `${method} ${JSON.stringify(params)}`);
      if (r.code !== undefined)
        assert.ok(
          [ErrorCodes.InvalidParams, ErrorCodes.InternalError, LSPErrorCodes.RequestFailed, ErrorCodes.InvalidRequest].includes(r.code),
          `${method} ${JSON.stringify(params)} answered code ${r.code}`,
        );
    }
  }
  // Notifications get the same garbage, aimed at another document so the probe stays open.
  const aside = JSON.parse(JSON.stringify(bad).replaceAll(PROBE_URI, 'file:///ws/malformed.agent.3md')) as unknown[];
  for (const method of [
    'textDocument/didOpen',
    'textDocument/didChange',
    'textDocument/didClose',
    'textDocument/didSave',
    'workspace/didChangeConfiguration',
    'workspace/didChangeWatchedFiles',
    'workspace/didChangeWorkspaceFolders',
  ]) {
    for (const params of aside) await client.connection.sendNotification(method, params);
  }
  await assertResponsive();
  const r = await outcome(client.request('textDocument/documentSymbol', { textDocument: { uri: 'file:///ws/malformed.agent.3md' } }));
  assert.ok(r.code === undefined || r.code === ErrorCodes.InternalError, `documentSymbol after a malformed didOpen: ${r.code}`);
});

test('positions past the end, negative or huge are answered for every position request', async () => {
  const positions: Position[] = [
    { line: 0, character: 1_000_000 },
    { line: 10, character: 500 },
    { line: 11, character: 0 },
    { line: 1_000_000_000, character: 0 },
    { line: 2 ** 31 - 1, character: 2 ** 31 - 1 },
    { line: -1, character: -1 },
  ];
  for (const position of positions) {
    const at = { textDocument: { uri: PROBE_URI }, position };
    for (const method of ['textDocument/hover', 'textDocument/definition', 'textDocument/completion', 'textDocument/prepareRename']) {
      const r = await outcome(client.request(method, at));
      assert.equal(r.code, undefined, `${method} at ${JSON.stringify(position)} failed with ${r.code}`);
    }
    assert.equal((await outcome(client.request('textDocument/references', { ...at, context: { includeDeclaration: true } }))).code, undefined);
    const rename = await outcome(client.request('textDocument/rename', { ...at, newName: '9' }));
    assert.ok(rename.code === undefined || rename.code === LSPErrorCodes.RequestFailed, `rename at ${JSON.stringify(position)}: ${rename.code}`);
    const actions = await outcome(
      client.request('textDocument/codeAction', { textDocument: { uri: PROBE_URI }, range: { start: position, end: position }, context: { diagnostics: [] } }),
    );
    assert.equal(actions.code, undefined);
  }
  await assertResponsive();
});

test('didChange for a document that was never opened is logged and ignored; the document stays unknown', async () => {
  const uri = 'file:///ws/ghost.agent.3md';
  client.change(uri, 2, [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: '@plane z=1' }]);
  client.change(uri, 3, [{ text: 'full replacement' }]);
  await assertResponsive();
  assert.deepEqual(await client.request('textDocument/documentSymbol', { textDocument: { uri } }), []);
  assert.ok(
    client.logs.some((l) => l.includes('not open') && l.includes(uri)),
    'the server logs the stray change',
  );
});

test('changes with older or repeated version numbers are all applied in order: the latest text wins', async () => {
  const uri = 'file:///ws/versions.agent.3md';
  let mirror = TextDocument.create(uri, '3md', 10, PROBE);
  client.open(uri, PROBE, '3md', 10);
  const lines = PROBE.split('\n');
  const two = lines[8]!.indexOf('[[z=2]]') + 4;
  const steps: { version: number; change: { range: { start: Position; end: Position }; text: string } }[] = [
    { version: 12, change: { range: { start: { line: 8, character: two }, end: { line: 8, character: two + 1 } }, text: '7' } },
    { version: 11, change: { range: { start: { line: 10, character: 5 }, end: { line: 10, character: 5 } }, text: ' [[z=5]]' } },
    { version: 11, change: { range: { start: { line: 2, character: 7 }, end: { line: 2, character: 12 } }, text: 'Renamed' } },
    { version: 3, change: { range: { start: { line: 9, character: lines[9]!.length }, end: { line: 9, character: lines[9]!.length } }, text: ' cost="low"' } },
  ];
  for (const s of steps) {
    mirror = TextDocument.update(mirror, [s.change], s.version);
    client.change(uri, s.version, [s.change]);
  }
  const text = mirror.getText();
  assert.match(text, /\[\[z=7\]\]/);
  const diags = await client.diagnostics(uri, (p) => sameAs(p.diagnostics, expectedDiagnostics(text, uri)), 10_000);
  assert.deepEqual(published(diags), expectedDiagnostics(text, uri));
  const symbols = await client.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri } });
  assert.deepEqual(
    symbols.map((s) => s.name),
    ['Probe', 'search', 'cite'],
  );
  assert.deepEqual(
    published(diags).map((d) => d[0]),
    ['dead-link', 'dead-link'],
  );
  await assertResponsive();
});

test('reversed and past-the-end didChange ranges are applied as the client applies them', async () => {
  const uri = 'file:///ws/odd-ranges.agent.3md';
  let mirror = TextDocument.create(uri, '3md', 1, PROBE);
  client.open(uri, PROBE, '3md', 1);
  const changes = [
    { range: { start: { line: 8, character: 20 }, end: { line: 8, character: 10 } }, text: 'R' },
    { range: { start: { line: 400, character: 0 }, end: { line: 500, character: 9 } }, text: '\nTail [[z=8]].' },
    { range: { start: { line: 8, character: 1000 }, end: { line: 8, character: 1000 } }, text: ' end' },
  ];
  let version = 1;
  for (const c of changes) {
    version++;
    mirror = TextDocument.update(mirror, [c], version);
    client.change(uri, version, [c]);
  }
  const text = mirror.getText();
  const diags = await client.diagnostics(uri, (p) => sameAs(p.diagnostics, expectedDiagnostics(text, uri)), 10_000);
  assert.deepEqual(published(diags), expectedDiagnostics(text, uri));
  await assertResponsive();
});

test('garbage didChange ranges (fractional, strings, null) do not wedge the document: later edits still apply', async () => {
  const uri = 'file:///ws/garbage-ranges.agent.3md';
  client.open(uri, PROBE, '3md', 1);
  const garbage = [
    { range: { start: { line: 7.5, character: 0 }, end: { line: 7.5, character: 1 } }, text: 'G' },
    { range: { start: { line: 'x', character: 0 }, end: { line: 1, character: null } }, text: 'H' },
    { range: null, text: 'I' },
    { range: { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } }, text: null },
  ];
  let version = 1;
  for (const g of garbage) client.change(uri, ++version, [g as never]);
  // A full replacement, then an ordinary edit: the server must end on exactly this text.
  let mirror = TextDocument.create(uri, '3md', 1, PROBE.replace('[[z=2]]', '[[z=3]]'));
  client.change(uri, ++version, [{ text: mirror.getText() }]);
  const edit = { range: { start: { line: 10, character: 0 }, end: { line: 10, character: 0 } }, text: 'See [[z=4]]. ' };
  mirror = TextDocument.update(mirror, [edit], ++version);
  client.change(uri, version, [edit]);
  const diags = await client.diagnostics(uri, (p) => sameAs(p.diagnostics, expectedDiagnostics(mirror.getText(), uri)), 10_000);
  assert.deepEqual(published(diags), expectedDiagnostics(mirror.getText(), uri));
  assert.deepEqual(
    published(diags).map((d) => d[0]),
    ['dead-link', 'dead-link'],
  );
  await assertResponsive();
});

test('binary content (NUL, lone surrogates, raw invalid UTF-8 bytes) is analysed without harm', async () => {
  const uri = 'file:///ws/binary.agent.3md';
  const text = '---\n3md: 1.0\ntitle: B\u0000in\n---\n@plane z=0 kind=identity\n\u0000\u0001\u0002\uFFFE\uD800 [[z=\u00001]]\n@plane z=1 label="\u0000" triggers="\uDC00"\n';
  const pending = client.diagnostics(uri);
  client.open(uri, text);
  await within(pending, 10_000, 'diagnostics of a binary document');
  // Raw bytes that are not UTF-8, written straight onto the wire as one didOpen message.
  const raw = Buffer.concat([
    Buffer.from(
      '{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///ws/raw.agent.3md","languageId":"3md","version":1,"text":"---\\n3md: 1.0\\n---\\n@plane z=0\\n',
    ),
    Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xa0, 0xa1, 0xe2, 0x28, 0xa1, 0xf0, 0x90, 0x28, 0xbc, 0x80]),
    Buffer.from('\\n"}}}'),
  ]);
  const rawPending = client.diagnostics('file:///ws/raw.agent.3md');
  client.process.stdin!.write(Buffer.concat([Buffer.from(`Content-Length: ${raw.length}\r\n\r\n`), raw]));
  await within(rawPending, 10_000, 'diagnostics of a document sent as invalid UTF-8');
  const symbols = await client.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri: 'file:///ws/raw.agent.3md' } });
  assert.equal(symbols.length, 1);
  await assertResponsive();
});

test('cancelled requests are answered with RequestCancelled or a normal result, and the server carries on', async () => {
  const uri = 'file:///ws/cancel.agent.3md';
  client.open(uri, chainAgent(2000, true).replace(/\[\[z=\d+\]\]/g, '[[z=0]]'));
  const answers = await Promise.all(
    Array.from({ length: 60 }, (_, i) => {
      const source = new CancellationTokenSource();
      const method = ['textDocument/documentSymbol', 'textDocument/codeLens', 'textDocument/hover', 'textDocument/references'][i % 4]!;
      const p = outcome(client.connection.sendRequest(method, { textDocument: { uri }, position: { line: 6, character: 9 }, context: { includeDeclaration: true } }, source.token));
      if (i % 3 === 0) source.cancel();
      else setTimeout(() => source.cancel(), i % 7);
      return p;
    }),
  );
  for (const a of answers) assert.ok(a.code === undefined || a.code === LSPErrorCodes.RequestCancelled, `unexpected error code ${a.code}`);
  assert.ok(
    answers.some((a) => a.code === LSPErrorCodes.RequestCancelled),
    'at least one request was cancelled',
  );
  await assertResponsive();
  assertMemoryBounded(client, 500, 'after the cancelled requests');
});
