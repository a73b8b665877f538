/**
 * The list of workspace files that instruction globs match follows the client's file events over
 * stdio: the server watches every path for creations and deletions, and a glob that matched no
 * file is judged again when a folder of matching files is created, and when it is deleted.
 */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import { FileChangeType, WatchKind } from 'vscode-languageserver';
import { startClient, type TestClient } from '../helpers/lspClient';
import { waitForLog } from '../helpers/lspWorkspace';
import { shutdown } from '../fixtures/workspace-formats/lsp';

const INSTRUCTIONS = '---\napplyTo: "**/*.go"\n---\n\nUse gofmt.\n';

const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'af-files-events-')));
const uri = (rel: string) => URI.file(path.join(root, rel)).toString();
let client: TestClient | undefined;

after(async () => {
  if (client) await shutdown(client);
  fs.rmSync(root, { recursive: true, force: true });
});

test('a glob that matches no file is judged again when a folder of matching files is created, and when it is deleted', async () => {
  fs.mkdirSync(path.join(root, '.github', 'instructions'), { recursive: true });
  fs.writeFileSync(path.join(root, '.github', 'instructions', 'go.instructions.md'), INSTRUCTIONS);
  client = await startClient({
    rootUri: uri(''),
    capabilities: { workspace: { workspaceFolders: true, didChangeWatchedFiles: { dynamicRegistration: true } }, window: { workDoneProgress: true } },
  });
  await waitForLog(client, /^indexed \d+ file/);
  const watched = client.registrations.filter((r) => r.method === 'workspace/didChangeWatchedFiles');
  const catchAll = watched.flatMap((r) => (r.registerOptions as { watchers: { globPattern: string; kind?: number }[] }).watchers).filter((w) => w.globPattern === '**/*');
  assert.deepEqual(catchAll, [{ globPattern: '**/*', kind: WatchKind.Create | WatchKind.Delete }]);

  const doc = uri('.github/instructions/go.instructions.md');
  const codes = (p: { diagnostics: { code?: unknown }[] }) => p.diagnostics.map((d) => d.code);
  const first = client.diagnostics(doc, (p) => p.version === 1);
  client.open(doc, INSTRUCTIONS, 'markdown');
  assert.ok((await first).some((d) => d.code === 'instructions-glob-no-match'));

  // A folder arrives (a checkout, a move): the client reports the folder alone.
  fs.mkdirSync(path.join(root, 'cmd', 'tool'), { recursive: true });
  fs.writeFileSync(path.join(root, 'cmd', 'tool', 'main.go'), 'package main\n');
  const matched = client.diagnostics(doc, (p) => !codes(p).includes('instructions-glob-no-match'));
  await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: uri('cmd'), type: FileChangeType.Created }] });
  await matched;

  fs.rmSync(path.join(root, 'cmd'), { recursive: true, force: true });
  const unmatched = client.diagnostics(doc, (p) => codes(p).includes('instructions-glob-no-match'));
  await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: uri('cmd'), type: FileChangeType.Deleted }] });
  await unmatched;
});
