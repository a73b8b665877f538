/**
 * Claude Code settings files over stdio: an opened `.claude/settings.json` gets its hooks findings,
 * hover explains an event, and completion offers the event names.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import type { CompletionItem, Hover } from 'vscode-languageserver-protocol';
import { startClient, type TestClient } from '../helpers/lspClient';
import { shutdown } from '../fixtures/workspace-formats/lsp';
import { cursor } from '../helpers/markers';

let root: string;
let client: TestClient;
const fileUri = (rel: string) => URI.file(path.join(root, rel)).toString();

before(async () => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'af-settings-')));
  fs.mkdirSync(path.join(root, '.claude'), { recursive: true });
  client = await startClient({ rootUri: URI.file(root).toString() });
});
after(async () => {
  await shutdown(client);
  fs.rmSync(root, { recursive: true, force: true });
});

test('an opened settings file gets its hooks findings, with the event typo warned and the ignored matcher noted', async () => {
  const uri = fileUri('.claude/settings.json');
  const text = '{"hooks": {"PreToolUSe": [], "Stop": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "echo"}]}]}}\n';
  const ds = client.diagnostics(uri);
  client.open(uri, text, 'json', 1);
  const got = await ds;
  assert.deepEqual(
    got.map((d) => [d.code, d.severity]),
    [
      ['hooks-event-unknown', 2],
      ['hooks-matcher-ignored', 3],
    ],
  );
});

test('hover on an event and completion of event names', async () => {
  const uri = fileUri('.claude/settings.local.json');
  const { text, position } = cursor('{"hooks": {"Session$0Start": [], "": []}}\n');
  const ds = client.diagnostics(uri);
  client.open(uri, text, 'json', 1);
  await ds;
  const hover = await client.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position });
  assert.match(JSON.stringify(hover?.contents), /when a session starts or resumes/);
  const items = await client.request<CompletionItem[] | { items: CompletionItem[] }>('textDocument/completion', {
    textDocument: { uri },
    position: { line: 0, character: text.indexOf('""') + 1 },
  });
  const labels = (Array.isArray(items) ? items : items.items).map((i) => i.label);
  assert.ok(labels.includes('PreToolUse') && labels.includes('UserPromptSubmit'), labels.join());
});

test(
  'a hook script the command runs as a program is read for its mode: without an executable bit a warning, and none once the bit is set',
  { skip: process.platform === 'win32' && 'Windows files have no executable bit' },
  async () => {
    const script = path.join(root, '.claude', 'guard.sh');
    fs.writeFileSync(script, '#!/bin/sh\nexit 0\n');
    fs.chmodSync(script, 0o644);
    const uri = fileUri('.claude/settings.json');
    const text = JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: '"$CLAUDE_PROJECT_DIR"/.claude/guard.sh' }] }] } });
    const first = client.diagnostics(uri);
    client.open(uri, text, 'json', 1);
    assert.deepEqual(
      (await first).map((d) => [d.code, d.severity]),
      [['hooks-script-not-executable', 2]],
    );
    fs.chmodSync(script, 0o755);
    const second = client.diagnostics(uri);
    client.change(uri, 2, [{ text: `${text}\n` }]);
    assert.deepEqual(await second, []);
  },
);
