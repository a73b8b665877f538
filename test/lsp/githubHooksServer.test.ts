/**
 * `.github/hooks/*.json` over stdio: a file on disk is indexed with its events and hooks, an opened
 * one gets its findings, hover says who runs an event, completion offers the events of the file's
 * format, and the wrong case of an event gets its quick fix.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import type { CodeAction, CompletionItem, Diagnostic, Hover } from 'vscode-languageserver-protocol';
import { startClient, type TestClient } from '../helpers/lspClient';
import { waitForIndex } from '../helpers/lspWorkspace';
import { shutdown } from '../fixtures/workspace-formats/lsp';
import { cursor } from '../helpers/markers';
import type { WorkspaceIndexResult } from '../../server/src/core/workspace/indexTypes';

let root: string;
let client: TestClient;
const fileUri = (rel: string) => URI.file(path.join(root, rel)).toString();

before(async () => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'af-ghhooks-')));
  fs.mkdirSync(path.join(root, '.github/hooks'), { recursive: true });
  fs.writeFileSync(
    path.join(root, '.github/hooks/session.json'),
    JSON.stringify({ version: 1, hooks: { sessionStart: [{ type: 'command', bash: 'echo start', timeoutSec: 10 }], postToolUse: [{ bash: 'npm run lint' }] } }, null, 2),
  );
  client = await startClient({ rootUri: URI.file(root).toString() });
  await waitForIndex(client, (files) => files.some((f) => f.kind === 'github-hooks'));
});
after(async () => {
  await shutdown(client);
  fs.rmSync(root, { recursive: true, force: true });
});

test('a hooks file on disk is indexed with its events and the hooks under them', async () => {
  const { files } = await client.request<WorkspaceIndexResult>('agentFiles/workspaceIndex', {});
  const f = files.find((x) => x.uri === fileUri('.github/hooks/session.json'))!;
  assert.equal(f.kind, 'github-hooks');
  assert.deepEqual(
    f.hooks?.map((e) => [e.event, e.handlers.map((h) => h.label)]),
    [
      ['sessionStart', ['echo start']],
      ['postToolUse', ['npm run lint']],
    ],
  );
});

test('an opened hooks file gets its findings, hover on an event, completion in its format and the quick fix of a mis-cased event', async () => {
  const uri = fileUri('.github/hooks/guard.json');
  const { text, position } = cursor('{"version": 1, "hooks": {"preCom$0pact": [], "PreToolUSE": [{"bash": "echo"}], "": []}}\n');
  const ds = client.diagnostics(uri);
  client.open(uri, text, 'json', 1);
  const got = (await ds) as Diagnostic[];
  assert.deepEqual(
    got.map((d) => [d.code, d.severity]),
    [['github-hooks-event-unknown', 2]],
  );
  const hover = await client.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position });
  assert.match(JSON.stringify(hover?.contents), /VS Code ignores this name/);
  const items = await client.request<CompletionItem[] | { items: CompletionItem[] }>('textDocument/completion', {
    textDocument: { uri },
    position: { line: 0, character: text.indexOf('""') + 1 },
  });
  const labels = (Array.isArray(items) ? items : items.items).map((i) => i.label);
  assert.ok(labels.includes('preToolUse') && !labels.includes('PreToolUse'), labels.join());
  const actions = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: got[0]!.range, context: { diagnostics: got } });
  assert.deepEqual(
    actions.map((a) => [a.title, a.edit?.changes?.[uri]?.[0]?.newText]),
    [["Change to 'preToolUse'", '"preToolUse"']],
  );
});

test("in VS Code (schemaDiagnostics off) a hook with no command and a timeout that is not a number are left to VS Code's own hooks schema; other findings stay", async () => {
  const vscodeLike = await startClient({ rootUri: URI.file(root).toString(), initializationOptions: { diagnosticDelay: 0, schemaDiagnostics: false } });
  try {
    const uri = fileUri('.github/hooks/split.json');
    const text = JSON.stringify(
      {
        hooks: {
          PreToolUse: [
            { type: 'command', timeout: 'ten' },
            { command: 'echo hi', timeout: -5 },
          ],
          PostSession: [{ command: 'echo bye' }],
        },
      },
      null,
      2,
    );
    const codes = async (c: TestClient) => {
      const pending = c.diagnostics(uri);
      c.open(uri, text, 'json', 1);
      return (await pending).map((d) => d.code).sort();
    };
    assert.deepEqual(await codes(client), ['github-hooks-event-unknown', 'github-hooks-handler-incomplete', 'github-hooks-timeout-invalid', 'github-hooks-timeout-invalid']);
    // What VS Code's schema reports ("Missing property", "Incorrect type") is not repeated; a negative timeout and an unknown event are ours.
    assert.deepEqual(await codes(vscodeLike), ['github-hooks-event-unknown', 'github-hooks-timeout-invalid']);
  } finally {
    await shutdown(vscodeLike);
  }
});
