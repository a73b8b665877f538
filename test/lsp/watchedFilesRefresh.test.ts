/**
 * What a file event asks of a client that pulls diagnostics (VS Code), over stdio: the server
 * watches every path for creations and deletions, so `npm install` or a git command sends it
 * batches of events under node_modules and .git. Those change nothing an open document's
 * diagnostics depend on, and the client is not asked to pull again; a file an open SKILL.md
 * links to appearing is, and the pulled report no longer says it is missing.
 */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { FileChangeType } from 'vscode-languageserver';
import { startClient, type TestClient } from '../helpers/lspClient';
import { tempWorkspace, waitForLog } from '../helpers/lspWorkspace';
import { shutdown } from '../fixtures/workspace-formats/lsp';

const SKILL = '---\nname: demo\ndescription: Runs the demo script. Use when the user asks for the demo.\n---\n\nRun [the script](scripts/run.py).\n';

const ws = tempWorkspace('watched-refresh', { '.claude/skills/demo/SKILL.md': SKILL, 'package.json': '{"name":"w"}\n' });
let client: TestClient | undefined;

after(async () => {
  if (client) await shutdown(client);
  ws.dispose();
});

type Report = { kind: 'full'; items: { code?: unknown }[] } | { kind: 'unchanged' };

test('events under node_modules and .git ask the client for nothing; a linked file that appears makes it pull again, and the report follows', async () => {
  let refreshes = 0;
  client = await startClient({
    rootUri: ws.rootUri,
    capabilities: {
      textDocument: { diagnostic: { dynamicRegistration: false } },
      workspace: { workspaceFolders: true, didChangeWatchedFiles: { dynamicRegistration: true }, diagnostics: { refreshSupport: true } },
    },
  });
  const c = client;
  c.connection.onRequest('workspace/diagnostic/refresh', () => {
    refreshes++;
    return null;
  });
  await waitForLog(c, /^indexed \d+ file/);
  const doc = ws.uri('.claude', 'skills', 'demo', 'SKILL.md');
  c.open(doc, SKILL, 'markdown');
  const pull = () => c.request<Report>('textDocument/diagnostic', { textDocument: { uri: doc } });
  const codes = (r: Report) => (r.kind === 'full' ? r.items.map((d) => d.code) : []);
  assert.ok(codes(await pull()).includes('skill-file-missing'));
  const before = refreshes;

  // An install and a commit: files created and deleted where no analysis looks.
  ws.write('node_modules/left-pad/index.js', 'module.exports = 1;\n');
  ws.write('.git/objects/ab/cdef', 'x');
  const created = (rel: string[]) => ({ uri: ws.uri(...rel), type: FileChangeType.Created });
  await c.connection.sendNotification('workspace/didChangeWatchedFiles', {
    changes: [created(['node_modules', 'left-pad']), created(['node_modules', 'left-pad', 'index.js']), created(['.git', 'objects', 'ab', 'cdef'])],
  });
  await c.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: ws.uri('.git', 'objects', 'ab', 'cdef'), type: FileChangeType.Deleted }] });

  // The linked script appears: the one refresh comes from this event, after the two before it were handled.
  ws.write('.claude/skills/demo/scripts/run.py', 'print("demo")\n');
  const asked = new Promise<void>((resolve) => {
    const tick = setInterval(() => refreshes > before && (clearInterval(tick), resolve()), 10);
  });
  await c.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [created(['.claude', 'skills', 'demo', 'scripts', 'run.py'])] });
  await asked;
  assert.ok(!codes(await pull()).includes('skill-file-missing'));
  assert.equal(refreshes - before, 1, 'one refresh: the events under node_modules and .git asked for none');
});
