/**
 * A Claude Code plugin's agents, commands and hooks over stdio: opened, they get the diagnostics the
 * CLI gives them, whether opened before the workspace scan has read the manifests or after.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import { openForDiagnostics, startClient, type TestClient } from '../helpers/lspClient';
import { shutdown } from '../fixtures/workspace-formats/lsp';
import { waitForLog } from '../helpers/lspWorkspace';
import type { WorkspaceIndexResult } from '../../server/src/core/workspace/indexTypes';

let root: string;
let client: TestClient;
const fileUri = (rel: string) => URI.file(path.join(root, rel)).toString();
const read = (rel: string) => fs.readFileSync(path.join(root, rel), 'utf8');

before(async () => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'af-plugin-parts-')));
  fs.cpSync(path.resolve(__dirname, '../fixtures/plugin-parts'), root, { recursive: true });
  fs.mkdirSync(path.join(root, '.git'));
  client = await startClient({ rootUri: URI.file(root).toString() });
});
after(async () => {
  await shutdown(client);
  fs.rmSync(root, { recursive: true, force: true });
});

test("a plugin's agent opened at once gets its diagnostics once the manifests are read", async () => {
  const uri = fileUri('plugins/ops/agents/release-checker.md');
  // Opened before (or while) the scan reads the manifests: the diagnostics come when it knows the file is a plugin's agent.
  assert.deepEqual(
    (await openForDiagnostics(client, uri, read('plugins/ops/agents/release-checker.md'), 'markdown', (p) => p.diagnostics.length > 0)).map((d) => [d.code, d.severity]),
    [['subagent-tool-unknown', 2]],
  );
});

test("a plugin's hooks file and command opened after the scan get the hooks and command rules", async () => {
  await waitForLog(client, /^indexed \d+ file/);
  const hooks = fileUri('plugins/ops/hooks/hooks.json');
  assert.deepEqual(
    (await openForDiagnostics(client, hooks, read('plugins/ops/hooks/hooks.json'), 'json')).map((d) => d.code),
    ['hooks-script-missing', 'hooks-event-unknown', 'hooks-handler-type-unknown'],
  );
  const command = fileUri('plugins/ops/commands/git/tag.md');
  assert.deepEqual(
    (await openForDiagnostics(client, command, read('plugins/ops/commands/git/tag.md'), 'markdown')).map((d) => d.code),
    ['command-tool-unknown', 'command-model-unknown'],
  );
});

test("the workspace index gives a plugin's agents and commands their plugin, for the view to list them under it", async () => {
  await waitForLog(client, /^indexed \d+ file/);
  const { files } = await client.request<WorkspaceIndexResult>('agentFiles/workspaceIndex', {});
  const plugin = (rel: string) => files.find((f) => f.uri === fileUri(rel))?.source?.plugin?.uri;
  assert.equal(plugin('plugins/ops/agents/release-checker.md'), fileUri('plugins/ops/.claude-plugin/plugin.json'));
  assert.equal(plugin('plugins/ops/commands/git/tag.md'), fileUri('plugins/ops/.claude-plugin/plugin.json'));
  // A plugin without plugin.json is no group in the view: its agents keep no plugin.
  assert.equal(plugin('plugins/lite/agents/tidy.md'), undefined);
});

test('two agents of one name in one plugin: the opened one gets the clash with the other, read from the index', async () => {
  const uri = fileUri('plugins/lite/agents/tidy-whitespace.md');
  const ds = await openForDiagnostics(client, uri, read('plugins/lite/agents/tidy-whitespace.md'), 'markdown', (p) =>
    p.diagnostics.some((d) => d.code === 'subagent-name-duplicate'),
  );
  const clash = ds.find((d) => d.code === 'subagent-name-duplicate')!;
  assert.equal(clash.severity, 2);
  assert.match(String(clash.message), /also used by agents\/tidy\.md in this plugin/);
});
