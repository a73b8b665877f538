/**
 * `.codex/hooks.json` over stdio: an opened file gets Codex's findings (a script without its
 * executable bit, an event Codex does not have, a flat group), hover says when Codex fires an
 * event, completion offers Codex's events, and a mis-cased event gets its quick fix.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import type { CodeAction, CompletionItem, Diagnostic, Hover } from 'vscode-languageserver-protocol';
import { startClient, type TestClient } from '../helpers/lspClient';
import { shutdown } from '../fixtures/workspace-formats/lsp';
import { cursor } from '../helpers/markers';

let root: string;
let client: TestClient;
const fileUri = (rel: string) => URI.file(path.join(root, rel)).toString();

before(async () => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'af-codexhooks-')));
  fs.mkdirSync(path.join(root, '.codex/hooks'), { recursive: true });
  fs.writeFileSync(path.join(root, '.codex/hooks/guard.sh'), '#!/bin/sh\nexit 0\n', { mode: 0o644 });
  client = await startClient({ rootUri: URI.file(root).toString() });
});
after(async () => {
  await shutdown(client);
  fs.rmSync(root, { recursive: true, force: true });
});

test('an opened .codex/hooks.json gets its findings, hover on an event, completion of Codex events and the fix of a mis-cased event', async () => {
  const uri = fileUri('.codex/hooks.json');
  const { text, position } = cursor(
    '{"hooks": {"Pre$0ToolUse": [{"hooks": [{"type": "command", "command": ".codex/hooks/guard.sh"}]}], "stop": [], "Notification": [], "SessionStart": [{"command": "x"}], "": []}}\n',
  );
  const ds = client.diagnostics(uri);
  client.open(uri, text, 'json', 1);
  const got = (await ds) as Diagnostic[];
  assert.deepEqual(got.map((d) => [d.code, d.severity]).sort(), [
    ['codex-hooks-event-unknown', 2],
    ['codex-hooks-event-unknown', 2],
    ['codex-hooks-script-not-executable', 2],
    ['codex-hooks-shape', 2],
  ]);
  const hover = await client.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position });
  assert.match(JSON.stringify(hover?.contents), /Codex fires it before a tool call runs/);
  const items = await client.request<CompletionItem[] | { items: CompletionItem[] }>('textDocument/completion', {
    textDocument: { uri },
    position: { line: 0, character: text.indexOf('""') + 1 },
  });
  const labels = (Array.isArray(items) ? items : items.items).map((i) => i.label);
  assert.ok(labels.includes('Interrupt') && !labels.includes('Notification'), labels.join());
  const stop = got.find((d) => String(d.message).includes("'stop'"))!;
  const actions = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: stop.range, context: { diagnostics: [stop] } });
  assert.deepEqual(
    actions.map((a) => [a.title, a.edit?.changes?.[uri]?.[0]?.newText]),
    [["Change to 'Stop'", '"Stop"']],
  );
});
