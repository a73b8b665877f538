/**
 * Claude Code plugin manifests and marketplaces over stdio: a marketplace entry whose folder is
 * missing is an error as soon as the file is opened, creating the folder clears it, hover explains
 * a key, and definition goes from a `source` to the plugin's plugin.json.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import type { Hover, Location } from 'vscode-languageserver-protocol';
import { openForDiagnostics, startClient, type TestClient } from '../helpers/lspClient';
import { shutdown } from '../fixtures/workspace-formats/lsp';
import { cursor, joinLines } from '../helpers/markers';

let root: string;
let client: TestClient;
const fileUri = (rel: string) => URI.file(path.join(root, rel)).toString();
const write = (rel: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  fs.writeFileSync(path.join(root, rel), text);
};

const MARKET = joinLines(
  '{',
  '  "name": "team-tools",',
  '  "owner": { "name": "Team" },',
  '  "plugins": [',
  '    { "name": "pdf", "source": "./plugins/pdf" },',
  '    { "name": "fmt", "source": "./plugins/fmt" }',
  '  ]',
  '}',
  '',
);

before(async () => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'af-plugins-')));
  write('.claude-plugin/marketplace.json', MARKET);
  write('plugins/pdf/.claude-plugin/plugin.json', '{ "name": "pdf" }\n');
  client = await startClient({ rootUri: URI.file(root).toString() });
});
after(async () => {
  await shutdown(client);
  fs.rmSync(root, { recursive: true, force: true });
});

test('a marketplace entry whose source folder is missing is an error that says the install fails', async () => {
  const uri = fileUri('.claude-plugin/marketplace.json');
  const got = await openForDiagnostics(client, uri, MARKET, 'json');
  assert.deepEqual(
    got.map((d) => [d.code, d.severity, d.range.start.line]),
    [['plugin-source-not-found', 1, 5]],
  );
  assert.match(String(got[0]!.message), /Claude Code cannot install this plugin/);
});

test('hover on a marketplace key says what Claude Code does with it; definition goes from a source to plugin.json', async () => {
  const uri = fileUri('.claude-plugin/marketplace.json');
  const { position } = cursor(MARKET.replace('"own', '"own$0'));
  const hover = await client.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position });
  assert.match(JSON.stringify(hover?.contents), /maintainer/);
  const at = cursor(MARKET.replace('./plugins/pdf', './plugins/p$0df')).position;
  const defs = await client.request<Location[] | Location | null>('textDocument/definition', { textDocument: { uri }, position: at });
  const list = Array.isArray(defs) ? defs : defs ? [defs] : [];
  assert.deepEqual(
    list.map((l) => l.uri),
    [fileUri('plugins/pdf/.claude-plugin/plugin.json')],
  );
});
