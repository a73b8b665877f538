/**
 * MCP configurations over stdio: an opened .mcp.json gets its findings, hover explains a key, and
 * in .vscode/mcp.json the shape findings VS Code's own schema reports follow `schemaDiagnostics`
 * while `${input:…}` naming no input is reported either way; Cursor's .cursor/mcp.json is checked too.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Hover } from 'vscode-languageserver-protocol';
import { startClient, type TestClient } from '../helpers/lspClient';
import { shutdown } from '../fixtures/workspace-formats/lsp';
import { cursor } from '../helpers/markers';

const CLAUDE = 'file:///mcp-ws/.mcp.json';
const VSCODE = 'file:///mcp-ws/.vscode/mcp.json';
const VS_TEXT = '{\n  // c\n  "servers": {"db": {"type": "websocket", "url": "wss://x", "env": {"K": "${input:key}"}}}\n}\n';

async function codesOf(c: TestClient, uri: string, text: string): Promise<string[]> {
  const pending = c.diagnostics(uri);
  c.open(uri, text, 'json');
  return (await pending).map((d) => `${String(d.code)}/${d.severity}`).sort();
}

test('an opened .mcp.json gets its findings, and hover on a key says how Claude Code starts the server', async () => {
  const c = await startClient({ initializationOptions: { diagnosticDelay: 0 } });
  try {
    const { text, position } = cursor('{"mcpServers": {"db": {"comm$0and": "npx", "url": "https://x"}, "x": {"type": "htp", "url": "u"}},}');
    assert.deepEqual(await codesOf(c, CLAUDE, text), ['mcp-invalid-json/1']);
    const fixed = text.replace('}},}', '}}}');
    const pending = c.diagnostics(CLAUDE);
    c.change(CLAUDE, 2, [{ text: fixed }]);
    assert.deepEqual((await pending).map((d) => `${String(d.code)}/${d.severity}`).sort(), ['mcp-key-ignored/2', 'mcp-type-unknown/1']);
    const hover = await c.request<Hover>('textDocument/hover', { textDocument: { uri: CLAUDE }, position });
    assert.match(JSON.stringify(hover.contents), /starts/);
  } finally {
    await shutdown(c);
  }
});

test('in .vscode/mcp.json the schema-shape findings follow schemaDiagnostics; an unknown input shows either way', async () => {
  const on = await startClient({ initializationOptions: { diagnosticDelay: 0 } });
  const off = await startClient({ initializationOptions: { diagnosticDelay: 0, schemaDiagnostics: false } });
  try {
    assert.deepEqual(await codesOf(on, VSCODE, VS_TEXT), ['mcp-input-unknown/2', 'mcp-type-unknown/1']);
    assert.deepEqual(await codesOf(off, VSCODE, VS_TEXT), ['mcp-input-unknown/2']);
  } finally {
    await shutdown(on);
    await shutdown(off);
  }
});

test("an opened .cursor/mcp.json gets Cursor's findings, whatever schemaDiagnostics says (no editor schema checks it)", async () => {
  const off = await startClient({ initializationOptions: { diagnosticDelay: 0, schemaDiagnostics: false } });
  try {
    const text = '{\n  // c\n  "mcpServers": {"db": {"env": {}}, "ok": {"url": "https://x/mcp"}}\n}\n';
    assert.deepEqual(await codesOf(off, 'file:///mcp-ws/.cursor/mcp.json', text), ['mcp-server-incomplete/1']);
  } finally {
    await shutdown(off);
  }
});
