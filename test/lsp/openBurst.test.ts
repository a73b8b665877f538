/**
 * A burst of documents opened at once (issue 31: 10,000 open SKILL.md held the server for
 * minutes): the server answers a request sent after the burst before it has checked most of the
 * burst, then publishes every document's diagnostics, those that depend on each other included.
 * Order is asserted, never time: the whole burst reaches the server in one write, as from a client
 * that opens a folder of files at once.
 */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Diagnostic, DocumentSymbol } from 'vscode-languageserver-protocol';
import { startClient, type TestClient } from '../helpers/lspClient';

const N = 2000;
const clients: TestClient[] = [];
after(async () => {
  for (const c of clients) await c.stop();
});

const skill = (name: string, body: string) => `---\nname: ${name}\ndescription: Skill ${name}. Use when testing.\n---\n\n${body}\n`;
const frame = (message: object) => {
  const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', ...message }), 'utf8');
  return Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, 'ascii'), body]);
};
const didOpen = (uri: string, text: string) => frame({ method: 'textDocument/didOpen', params: { textDocument: { uri, languageId: 'markdown', version: 1, text } } });

test(`a request sent right after ${N.toLocaleString('en')} didOpen is answered before most of their diagnostics are published; then every document gets its own`, async () => {
  const client = await startClient();
  clients.push(client);
  const uris = Array.from({ length: N }, (_, i) => `file:///burst/s${i}/SKILL.md`);
  let published = 0;
  const all = Promise.all(uris.map((u) => client.diagnostics(u, undefined, 120_000).then((d) => (published++, d))));
  const probe = 'file:///burst/probe/SKILL.md';
  client.process.stdin!.write(Buffer.concat([...uris.map((u, i) => didOpen(u, skill(`s${i}`, `Body ${i}.`))), didOpen(probe, skill('probe', '# Probe'))]));
  let publishedWhenAnswered = -1;
  const symbols = await client.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri: probe } }).then((s) => {
    publishedWhenAnswered = published;
    return s;
  });
  assert.equal(symbols[0]!.name, 'probe');
  assert.ok(publishedWhenAnswered < N / 2, `${publishedWhenAnswered} of ${N} documents had their diagnostics published before the request was answered`);
  const diagnostics = await all;
  assert.equal(diagnostics.length, N);
});

test('two skills of one name opened in a burst of others both warn of each other; a rename read by a hover before its turn still clears the other', async () => {
  const client = await startClient({ initializationOptions: { diagnosticDelay: 200 } });
  clients.push(client);
  const a = 'file:///dup/.agents/skills/one/SKILL.md';
  const b = 'file:///dup/.gemini/skills/two/SKILL.md';
  const others = Array.from({ length: 500 }, (_, i) => `file:///dup/x${i}/SKILL.md`);
  const dup = (u: string) => client.diagnostics(u, (p) => p.diagnostics.some((d) => d.code === 'skill-duplicate-name'), 120_000);
  const both = Promise.all([dup(a), dup(b)]);
  client.process.stdin!.write(
    Buffer.concat([didOpen(a, skill('shared', 'One.')), ...others.map((u, i) => didOpen(u, skill(`x${i}`, 'Body.'))), didOpen(b, skill('shared', 'Two.'))]),
  );
  const [da, db] = (await both) as [Diagnostic[], Diagnostic[]];
  assert.match(String(da.find((d) => d.code === 'skill-duplicate-name')!.message), /also used by .*\.gemini\/skills\/two\/SKILL\.md/);
  assert.match(String(db.find((d) => d.code === 'skill-duplicate-name')!.message), /also used by .*\.agents\/skills\/one\/SKILL\.md/);
  // The hover analyses b's new version before its turn in the queue comes: a must be checked again all the same.
  const aClear = client.diagnostics(a, (p) => !p.diagnostics.some((d) => d.code === 'skill-duplicate-name'), 60_000);
  client.change(b, 2, [{ range: { start: { line: 1, character: 6 }, end: { line: 1, character: 12 } }, text: 'other' }]);
  await client.request('textDocument/hover', { textDocument: { uri: b }, position: { line: 1, character: 7 } });
  assert.ok(!(await aClear).some((d) => d.code === 'skill-duplicate-name'));
});
