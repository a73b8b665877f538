/**
 * The built server against documents and edit floods at scale: a dependency chain 100,000 planes
 * deep and a 100,000-plane cycle, 10,000 rapid edits, a 10 MB line and a 50 MB document. After
 * each case the server must still answer a normal request correctly, and its memory must stay
 * bounded. Run by `npm run test:stress` (slow by design, so not in `npm test`).
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { DocumentSymbol } from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { startClient, type TestClient } from '../helpers/lspClient';
import { assertResponsive as responsive, chainAgent, expectedDiagnostics, outcome, PROBE, PROBE_URI, published, rssMb, sameAs, within } from '../helpers/serverHealth';
import { parseThreeMd } from '../../server/src/core/threemd/parser';

let client: TestClient;
let baselineRss = 0;

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
