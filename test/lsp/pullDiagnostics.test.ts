import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { startClient, type TestClient } from '../helpers/inProcessClient';
import { joinLines } from '../helpers/markers';

/** A client that pulls diagnostics, as VS Code does. */
let client: TestClient;
before(async () => {
  client = await startClient({ capabilities: { textDocument: { diagnostic: { dynamicRegistration: false } }, workspace: { diagnostics: { refreshSupport: true } } } });
  client.connection.onRequest('workspace/diagnostic/refresh', () => null);
});
after(() => client.stop());

type Report = { kind: 'full'; resultId?: string; items: Diagnostic[] } | { kind: 'unchanged'; resultId: string };
const pull = (uri: string, previousResultId?: string) =>
  client.request<Report>('textDocument/diagnostic', { textDocument: { uri }, ...(previousResultId ? { previousResultId } : {}) });

const AGENT = joinLines('---', '3md: 1.0', 'title: P', '---', '@plane z=0 label="P" kind=identity', 'Hello.', '', '@plane z=1 label="s" kind=skill triggers="go"', 'Uses [[z=7]].');

test('the server offers pull diagnostics to a client that declares them', () => {
  assert.ok(client.initialize.capabilities.diagnosticProvider);
});

test('a pull report has a result id; pulling again with it answers unchanged', async () => {
  const uri = 'file:///ws/pull-a.agent.3md';
  client.open(uri, AGENT);
  const first = await pull(uri);
  assert.equal(first.kind, 'full');
  assert.ok(first.resultId, 'a full report carries a result id');
  assert.deepEqual(
    (first as { items: Diagnostic[] }).items.map((d) => d.code),
    ['dead-link'],
  );
  const again = await pull(uri, first.resultId);
  assert.deepEqual(again, { kind: 'unchanged', resultId: first.resultId });
  // Without the id (or with a stale one) the client gets the whole report, with the same id.
  const fresh = await pull(uri, 'not-an-id');
  assert.equal(fresh.kind, 'full');
  assert.equal(fresh.resultId, first.resultId);
});

test('an edit that changes the diagnostics gives a new result id; one that does not keeps it', async () => {
  const uri = 'file:///ws/pull-b.agent.3md';
  client.open(uri, AGENT);
  const first = await pull(uri);
  // Typing in a body without touching a link: same diagnostics, same id, nothing resent.
  client.change(uri, 2, [{ range: { start: { line: 5, character: 6 }, end: { line: 5, character: 6 } }, text: ' Hi.' }]);
  const typed = await pull(uri, first.resultId);
  assert.deepEqual(typed, { kind: 'unchanged', resultId: first.resultId });
  // Fixing the dead link changes the report.
  client.change(uri, 3, [{ range: { start: { line: 8, character: 9 }, end: { line: 8, character: 10 } }, text: '0' }]);
  const fixed = await pull(uri, first.resultId);
  assert.equal(fixed.kind, 'full');
  assert.notEqual(fixed.resultId, first.resultId);
  assert.deepEqual((fixed as { items: Diagnostic[] }).items, []);
  // Undoing it brings back the first report, and its id: the id is made from the content.
  client.change(uri, 4, [{ range: { start: { line: 8, character: 9 }, end: { line: 8, character: 10 } }, text: '7' }]);
  const undone = await pull(uri, fixed.resultId);
  assert.equal(undone.kind, 'full');
  assert.equal(undone.resultId, first.resultId);
});

test('a document that is not open pulls an empty report', async () => {
  const report = await pull('file:///ws/never-opened.agent.3md');
  assert.equal(report.kind, 'full');
  assert.deepEqual((report as { items: Diagnostic[] }).items, []);
});

test('a long cycle sends the first 20 links of its chain and says how many more there are', async () => {
  const uri = 'file:///ws/pull-cycle.agent.3md';
  const n = 500;
  const parts = ['---\n3md: 1.0\ntitle: C\n---\n@plane z=0 label="C" kind=identity\nStart.\n'];
  for (let z = 1; z <= n; z++) parts.push(`@plane z=${z} label="s${z}" kind=skill triggers="step ${z}"\n[[z=${z < n ? z + 1 : 1}]]\n`);
  client.open(uri, parts.join(''));
  const report = (await pull(uri)) as { items: Diagnostic[] };
  const cycle = report.items.find((d) => d.code === 'cycle')!;
  const related = cycle.relatedInformation!;
  assert.equal(related.length, 21);
  assert.equal(related[0]!.message, 'z=1 "s1" depends on z=2');
  assert.equal(related[19]!.message, 'z=20 "s20" depends on z=21');
  assert.equal(related[20]!.message, `… and ${n - 20} more planes on this cycle (${n} in all), back to z=1`);
});
