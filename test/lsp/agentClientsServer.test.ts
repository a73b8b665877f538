/**
 * OpenCode agents, Gemini CLI subagents and Codex marketplaces over stdio: each opened file gets
 * what its client does with it, and hover names that client.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import type { Hover } from 'vscode-languageserver-protocol';
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

const OPENCODE = joinLines('---', 'description: Plans work.', 'mode: background', '---', 'Plan.', '');
const GEMINI = joinLines('---', 'name: worker', 'description: Does work.', 'color: blue', '---', 'Work.', '');
const MARKET = joinLines('{', '  "name": "tools",', '  "plugins": [', '    { "name": "pdf", "source": { "source": "local", "path": "./pdf" } }', '  ]', '}', '');

before(async () => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'af-agent-clients-')));
  write('.opencode/agents/planner.md', OPENCODE);
  write('.gemini/agents/worker.md', GEMINI);
  write('.agents/plugins/marketplace.json', MARKET);
  write('.agents/plugins/pdf/.codex-plugin/plugin.json', '{ "name": "pdf" }\n');
  client = await startClient({ rootUri: URI.file(root).toString() });
  await waitForIndex(client, (files) => files.filter((f) => f.kind === 'subagent').length >= 2);
});
after(async () => {
  await shutdown(client);
  fs.rmSync(root, { recursive: true, force: true });
});

test('an OpenCode agent with a mode OpenCode rejects is an error naming OpenCode; hover names OpenCode', async () => {
  const uri = fileUri('.opencode/agents/planner.md');
  const got = await openForDiagnostics(client, uri, OPENCODE, 'markdown');
  assert.deepEqual(
    got.map((d) => [d.code, d.severity, d.range.start.line]),
    [['subagent-value-invalid', 1, 2]],
  );
  assert.match(String(got[0]!.message), /^OpenCode will not load this agent/);
  const { position } = cursor(joinLines('---', 'description: Plans work.', 'mo$0de: background', '---', 'Plan.', ''));
  const hover = await client.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position });
  assert.match(JSON.stringify(hover?.contents), /\*\*mode\*\* \(OpenCode\)/);
});

test('a Gemini CLI subagent with a key its strict schema does not know is an error', async () => {
  const uri = fileUri('.gemini/agents/worker.md');
  const got = await openForDiagnostics(client, uri, GEMINI, 'markdown');
  assert.deepEqual(
    got.map((d) => [d.code, d.severity, d.range.start.line]),
    [['subagent-key-unknown', 1, 3]],
  );
});

test('a Codex marketplace whose source is written from .agents/plugins/ is an error that says where Codex looks', async () => {
  const uri = fileUri('.agents/plugins/marketplace.json');
  const got = await openForDiagnostics(client, uri, MARKET, 'json');
  assert.deepEqual(
    got.map((d) => [d.code, d.severity, d.range.start.line]),
    [['plugin-source-not-found', 1, 3]],
  );
  assert.match(String(got[0]!.message), /\.\/\.agents\/plugins\/pdf/);
});
