/**
 * The built server (`dist/server.js --stdio`) against hostile clients: unknown methods, malformed
 * params, impossible positions, huge and binary documents, deep and cyclic dependency graphs,
 * floods of edits and cancellations. After each case the server must still answer a normal
 * request correctly, and its memory must stay bounded. The 50 MB document has its own test.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { CancellationTokenSource, ErrorCodes, LSPErrorCodes, ResponseError } from 'vscode-languageserver-protocol';
import type { Diagnostic, DocumentSymbol, Position } from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { startClient, type TestClient } from '../helpers/lspClient';
import { joinLines } from '../helpers/markers';
import { parseThreeMd } from '../../server/src/core/threemd/parser';
import { analyzeThreeMd } from '../../server/src/core/threemdAnalysis';

const PROBE_URI = 'file:///ws/probe.agent.3md';
const PROBE = joinLines(
  '---',
  '3md: 1.0',
  'title: Probe',
  'tools: rg',
  '---',
  '@plane z=0 label="Probe" kind=identity',
  'You probe.',
  '@plane z=1 label="search" kind=skill triggers="find" inputs="q" tool="rg {q}"',
  'Search. See [[z=2]].',
  '@plane z=2 label="cite" kind=skill triggers="cite"',
  'Cite.',
);

let client: TestClient;
let baselineRss = 0;

function rssMb(c: TestClient): number {
  const status = readFileSync(`/proc/${c.process.pid}/status`, 'utf8');
  const m = /VmRSS:\s+(\d+) kB/.exec(status);
  return m ? Number(m[1]) / 1024 : 0;
}

/** Rejects when a promise takes longer than `ms`. */
function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([p, new Promise<T>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms)))]).finally(() =>
    clearTimeout(timer),
  );
}

/** The server is alive, answers in time, and answers correctly. */
async function assertResponsive(c: TestClient = client, ms = 10_000): Promise<void> {
  assert.equal(c.process.exitCode, null, 'the server process exited');
  const symbols = await within(c.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri: PROBE_URI } }), ms, 'documentSymbol on the probe');
  assert.deepEqual(
    symbols.map((s) => s.name),
    ['Probe', 'search', 'cite'],
  );
}

/** Memory after a case stays within a generous bound of the baseline. */
function assertMemoryBounded(c: TestClient, slackMb: number, what: string): void {
  const now = rssMb(c);
  assert.ok(now < baselineRss + slackMb, `${what}: server RSS ${now.toFixed(0)} MB, baseline ${baselineRss.toFixed(0)} MB (allowed +${slackMb} MB)`);
}

/** A request's outcome: its result, or the LSP error code it was refused with. */
async function outcome(p: Promise<unknown>): Promise<{ result?: unknown; code?: number }> {
  try {
    return { result: await p };
  } catch (e) {
    if (e instanceof ResponseError) return { code: e.code };
    throw e;
  }
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

/** The diagnostics the core computes for a text: what the server must publish for the latest text. */
function expectedDiagnostics(text: string, uri: string): unknown[] {
  const name = new URL(uri).pathname;
  return analyzeThreeMd(parseThreeMd(text), { fileName: name, detection: 'auto' }).diagnostics.map((d) => [
    d.code,
    d.range.start.line,
    d.range.start.character,
    d.range.end.line,
    d.range.end.character,
    d.message,
  ]);
}
const published = (ds: Diagnostic[]) => ds.map((d) => [d.code, d.range.start.line, d.range.start.character, d.range.end.line, d.range.end.character, d.message]);
/** Diagnostics are published only when they change, so a test waits for the expected content, not for a version. */
const sameAs = (ds: Diagnostic[], expected: unknown[]) => JSON.stringify(published(ds)) === JSON.stringify(expected);

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

/** An agent with `n` skills, each depending on the next; `cycle` makes the last depend on the first. */
function chainAgent(n: number, cycle: boolean): string {
  const parts = ['---\n3md: 1.0\ntitle: Deep\n---\n@plane z=0 label="Deep" kind=identity\nStart at [[z=1]].\n'];
  for (let z = 1; z <= n; z++) {
    const next = z < n ? z + 1 : cycle ? 1 : 0;
    parts.push(`@plane z=${z} label="s${z}" kind=skill triggers="step ${z}"\n${next ? `[[z=${next}]]` : 'end'}\n`);
  }
  return parts.join('');
}

/**
 * Opens both graphs on a fresh server and exercises every feature. Deadline-bound: a server
 * that blocks is killed, so a failure costs seconds, not minutes.
 */
async function exerciseGraphs(deadlineMs: number): Promise<void> {
  const c = await startClient();
  const deadline = Date.now() + deadlineMs;
  const left = () => Math.max(1, deadline - Date.now());
  try {
    c.open(PROBE_URI, PROBE);
    for (const [uri, cycle] of [
      ['file:///ws/deep.agent.3md', false],
      ['file:///ws/cycle.agent.3md', true],
    ] as const) {
      const pending = c.diagnostics(uri, () => true, left());
      c.open(uri, chainAgent(100_000, cycle));
      const diags = await within(pending, left(), `diagnostics of ${uri}`);
      const cycles = diags.filter((d) => d.code === 'cycle');
      assert.equal(cycles.length, cycle ? 1 : 0);
      if (cycle) assert.equal(cycles[0]!.relatedInformation!.length, 21, 'the first 20 steps of the cycle, then how many are left');
      const at = (line: number, character: number) => ({ textDocument: { uri }, position: { line, character } });
      // Line 6 is `@plane z=1 label="s1" …`, line 7 its link to z=2.
      for (const [method, params] of [
        ['textDocument/hover', at(6, 19)],
        ['textDocument/hover', at(7, 3)],
        ['textDocument/definition', at(7, 3)],
        ['textDocument/references', { ...at(6, 9), context: { includeDeclaration: true } }],
        ['textDocument/documentSymbol', { textDocument: { uri } }],
        ['textDocument/foldingRange', { textDocument: { uri } }],
        ['textDocument/documentLink', { textDocument: { uri } }],
        ['textDocument/codeLens', { textDocument: { uri } }],
        ['agentFiles/route', { uri, text: 'step 5' }],
        ['agentFiles/fillCommand', { uri, z: 1, values: {} }],
        ['agentFiles/workspaceIndex', {}],
      ] as const) {
        const r = await within(outcome(c.request(method, params)), left(), method);
        assert.equal(r.code, undefined, `${method} failed with ${r.code}`);
      }
    }
    await assertResponsive(c, left());
    assert.ok(!c.logs.some((l) => /Maximum call stack/.test(l)), 'no stack overflow was logged');
  } finally {
    c.process.kill();
    await c.stop();
  }
}

test(
  'a dependency chain 100,000 planes deep and a 100,000-plane cycle: every feature answers, no stack overflow',
  // A hang guard, not a timing claim (the figures are in npm run bench): generous enough for a loaded CI machine.
  { timeout: 150_000 },
  () => exerciseGraphs(120_000),
);

test('10,000 rapid edits: none is lost, the server ends on exactly the client text', { timeout: 120_000 }, async () => {
  const uri = 'file:///ws/rapid.agent.3md';
  let mirror = TextDocument.create(uri, '3md', 1, PROBE);
  client.open(uri, PROBE, '3md', 1);
  let seed = 12345;
  const rand = (n: number) => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) % n;
  const alphabet = ['a', 'b', ' ', '\n', 'z', '[[z=1]]', '[[z=9]]', '@plane z=', '"', '}', '{q}'];
  let version = 1;
  for (let i = 0; i < 10_000; i++) {
    const len = mirror.getText().length;
    const a = rand(len + 1);
    const del = rand(4) === 0 ? rand(6) : 0;
    const change = { range: { start: mirror.positionAt(a), end: mirror.positionAt(Math.min(len, a + del)) }, text: rand(3) === 0 ? '' : alphabet[rand(alphabet.length)]! };
    version++;
    mirror = TextDocument.update(mirror, [change], version);
    client.change(uri, version, [change]);
  }
  // A last edit that a result visibly depends on: a new plane with a unique label.
  const end = mirror.positionAt(mirror.getText().length);
  const last = { range: { start: end, end }, text: '\n@plane z=424242 label="final-marker" kind=skill triggers="marker"\n' };
  version++;
  mirror = TextDocument.update(mirror, [last], version);
  client.change(uri, version, [last]);
  const text = mirror.getText();
  const diags = await client.diagnostics(uri, (p) => sameAs(p.diagnostics, expectedDiagnostics(text, uri)), 60_000);
  assert.deepEqual(published(diags), expectedDiagnostics(text, uri));
  const symbols = await client.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri } });
  const doc = parseThreeMd(text);
  assert.equal(symbols.length, doc.planes.length);
  assert.ok(symbols.some((s) => s.name === 'final-marker'));
  const fold = await client.request<{ startLine: number }[]>('textDocument/foldingRange', { textDocument: { uri } });
  assert.ok(fold.every((f) => f.startLine < text.split('\n').length));
  await assertResponsive();
  assertMemoryBounded(client, 500, 'after 10,000 edits');
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

test('a 10 MB single-line document is analysed and edited; the server stays responsive', { timeout: 60_000 }, async () => {
  const c = await startClient();
  const deadline = Date.now() + 20_000;
  const left = () => Math.max(1, deadline - Date.now());
  try {
    c.open(PROBE_URI, PROBE);
    const uri = 'file:///ws/long-line.agent.3md';
    const line = '@plane z=1 label="long" kind=skill triggers="' + 'word, '.repeat(1_750_000) + 'end"';
    const text = '---\n3md: 1.0\ntitle: L\n---\n' + line;
    assert.ok(text.length > 10_000_000);
    const pending = c.diagnostics(uri, () => true, left());
    c.open(uri, text);
    await within(pending, left(), 'diagnostics of the long line');
    // An edit in the middle of the line, then one at its end that adds a dead link on a new line
    // (diagnostics are published only when they change).
    c.change(uri, 2, [{ range: { start: { line: 4, character: 5_000_000 }, end: { line: 4, character: 5_000_004 } }, text: 'term' }]);
    const changed = c.diagnostics(uri, (p) => p.version === 3, left());
    c.change(uri, 3, [{ range: { start: { line: 4, character: line.length }, end: { line: 4, character: line.length } }, text: '\n[[z=3]]' }]);
    const diags = await within(changed, left(), 'diagnostics after editing the long line');
    assert.deepEqual(
      published(diags).map((d) => d.slice(0, 5)),
      [['dead-link', 5, 0, 5, 7]],
    );
    const hover = await within(outcome(c.request('textDocument/hover', { textDocument: { uri }, position: { line: 4, character: 9_000_000 } })), left(), 'hover');
    assert.equal(hover.code, undefined);
    await c.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
    await assertResponsive(c, left());
  } finally {
    c.process.kill();
    await c.stop();
  }
});

test('heavy: a 50 MB document is opened, edited, queried and closed; the server stays responsive and bounded', { timeout: 300_000 }, async () => {
  const c = await startClient();
  try {
    c.open(PROBE_URI, PROBE);
    await assertResponsive(c);
    const before = rssMb(c);
    const uri = 'file:///ws/huge.agent.3md';
    const plane = (z: number) => `@plane z=${z} label="s${z}" kind=skill triggers="t${z}"\n${'Body text of a generated skill plane. '.repeat(40)}[[z=0]]\n`;
    const parts = ['---\n3md: 1.0\ntitle: Huge\n---\n@plane z=0 kind=identity\nHuge.\n'];
    let size = parts[0]!.length;
    for (let z = 1; size < 50 * 1024 * 1024; z++) {
      const p = plane(z);
      parts.push(p);
      size += p.length;
    }
    const text = parts.join('');
    const pending = c.diagnostics(uri, () => true, 180_000);
    c.open(uri, text);
    await within(pending, 180_000, 'diagnostics of the 50 MB document');
    const edited = c.diagnostics(uri, (p) => p.version === 2, 120_000);
    c.change(uri, 2, [{ range: { start: { line: 7, character: 0 }, end: { line: 7, character: 0 } }, text: 'typed [[z=999999999]] ' }]);
    await within(edited, 120_000, 'diagnostics after an edit of the 50 MB document');
    const symbols = await within(c.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri } }), 120_000, 'documentSymbol');
    assert.equal(symbols.length, parts.length);
    await c.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
    await assertResponsive(c, 60_000);
    const after = rssMb(c);
    assert.ok(after < before + 3000, `RSS grew from ${before.toFixed(0)} MB to ${after.toFixed(0)} MB`);
  } finally {
    await c.stop();
  }
});
