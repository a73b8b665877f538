import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CodeLens, DocumentSymbol, FoldingRange, WorkspaceSymbol } from 'vscode-languageserver-protocol';
import { startClient, type TestClient } from '../helpers/inProcessClient';
import { closeOpenedAfterEach, waitFor, waitForIndex } from '../helpers/lspWorkspace';
import { joinLines } from '../helpers/markers';
import type { IndexedFile, RouteCandidate } from '../../server/src/core/workspace/indexTypes';

const AGENT = joinLines(
  '---',
  '3md: 1.0',
  'title: Ops',
  '---',
  '@plane z=0 label="Ops" kind=identity',
  'You run ops.',
  '@plane z=1 label="deploy" kind=skill triggers="deploy, ship it" inputs="env, dry:boolean?" tool="./deploy.sh --env={env} --dry-run={dry}"',
  'Check [[z=2]] first.',
  '@plane z=2 label="status" kind=skill triggers="status, health"',
  'Report status.',
);

let dir: string;
let client: TestClient;
let progress: unknown[];
/** Resolves when the first scan's progress has ended. */
let scanEnded: Promise<void>;
let closeOpened: () => Promise<void>;
afterEach(() => closeOpened());
before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'agent-files-ws-'));
  mkdirSync(join(dir, 'agents'));
  writeFileSync(join(dir, 'agents', 'ops.agent.3md'), AGENT);
  writeFileSync(join(dir, 'notes.3md'), joinLines('---', '3md: 1', '---', 'plain notes'));
  client = await startClient({ rootUri: pathToFileURL(dir).href });
  closeOpened = closeOpenedAfterEach(client);
  progress = [];
  let ended: () => void;
  scanEnded = new Promise((resolve) => (ended = resolve));
  client.connection.onNotification('$/progress', (p: { value: { kind: string } }) => {
    progress.push(p);
    if (p.value.kind === 'end') ended();
  });
});
after(async () => {
  await client.stop();
  rmSync(dir, { recursive: true, force: true });
});

const opsUri = () => pathToFileURL(join(dir, 'agents', 'ops.agent.3md')).href;

async function indexed(pred: (files: IndexedFile[]) => boolean): Promise<IndexedFile[]> {
  return (await waitForIndex(client, (files) => pred(files as IndexedFile[]))) as IndexedFile[];
}

test('the background scan indexes agents from disk with their skills and dependencies', async () => {
  const files = await indexed((f) => f.some((x) => x.isAgent));
  const ops = files.find((f) => f.uri === opsUri())!;
  assert.equal(ops.name, 'Ops');
  assert.deepEqual(ops.identity, { name: 'Ops', z: 0, range: { start: { line: 4, character: 0 }, end: { line: 4, character: 36 } } });
  assert.deepEqual(
    ops.skills.map((s) => [s.name, s.z, s.triggers, s.deps.map((d) => d.name)]),
    [
      ['deploy', 1, ['deploy', 'ship it'], ['status']],
      ['status', 2, ['status', 'health'], []],
    ],
  );
  assert.equal(files.find((f) => f.uri.endsWith('notes.3md'))?.isAgent, false);
});

test('route over the workspace ranks skills of every agent; fillCommand quotes the values', async () => {
  await indexed((f) => f.some((x) => x.isAgent));
  const ranked = await client.request<RouteCandidate[]>('agentFiles/route', { text: 'please ship it to staging and deploy' });
  assert.deepEqual(
    ranked.map((c) => [c.agent, c.name, c.score, c.hits]),
    [['Ops', 'deploy', 2, ['deploy', 'ship it']]],
  );
  assert.deepEqual(ranked[0]!.inputs, [
    { name: 'env', type: 'string', required: true },
    { name: 'dry', type: 'boolean', required: false },
  ]);
  const filled = await client.request<{ command: string | null }>('agentFiles/fillCommand', { uri: opsUri(), z: 1, values: { env: 'prod; rm -rf /', dry: true } });
  assert.equal(filled.command, "./deploy.sh --env='prod; rm -rf /' --dry-run='true'");
});

test('an open buffer is ahead of disk in the index and a change notifies the client', async () => {
  const announced = client.indexChanges();
  client.open(opsUri(), AGENT.replace('label="status"', 'label="health-check"'));
  await waitFor(
    client,
    () => client.indexChanges(),
    (n) => n > announced,
    'an agentFiles/workspaceIndexChanged notification',
  );
  const files = await indexed((f) => f.some((x) => x.skills.some((s) => s.name === 'health-check')));
  assert.ok(files.find((f) => f.uri === opsUri())!.skills.some((s) => s.name === 'health-check'));
});

test('workspace symbols find skills across agents by subsequence', async () => {
  await indexed((f) => f.some((x) => x.isAgent));
  const symbols = await client.request<WorkspaceSymbol[]>('workspace/symbol', { query: 'dpl' });
  assert.deepEqual(
    symbols.map((s) => [s.name, s.containerName]),
    [['deploy', 'Ops']],
  );
});

test('document symbols, folding ranges and the links code lens', async () => {
  client.open(opsUri(), AGENT, '3md', 2);
  const symbols = await client.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri: opsUri() } });
  assert.deepEqual(
    symbols.map((s) => [s.name, s.detail]),
    [
      ['Ops', 'identity · z=0'],
      ['deploy', 'z=1 · deploy, ship it'],
      ['status', 'z=2 · status, health'],
    ],
  );
  const folds = await client.request<FoldingRange[]>('textDocument/foldingRange', { textDocument: { uri: opsUri() } });
  assert.deepEqual(
    folds.map((f) => [f.startLine, f.endLine]),
    [
      [0, 3],
      [4, 5],
      [6, 7],
      [8, 9],
    ],
  );
  const unresolved = await client.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri: opsUri() } });
  assert.ok(client.initialize.capabilities.codeLensProvider?.resolveProvider);
  assert.ok(
    unresolved.every((l) => !l.command),
    'commands are filled in by codeLens/resolve',
  );
  const lenses = await Promise.all(unresolved.map((l) => client.request<CodeLens>('codeLens/resolve', l)));
  assert.deepEqual(
    lenses.map((l) => [l.range.start.line, l.command?.title]),
    [
      [4, '0 links'],
      [6, '0 links'],
      [8, '1 link'],
    ],
  );
  assert.equal(lenses[2]!.command!.command, 'agentFiles.showLinks');
  assert.deepEqual(lenses[2]!.command!.arguments![2], [{ uri: opsUri(), range: { start: { line: 7, character: 10 }, end: { line: 7, character: 11 } } }]);
});

test('indexing reports progress to a client that supports it', async () => {
  await scanEnded;
  const kinds = progress.map((p) => (p as { value: { kind: string } }).value.kind);
  assert.equal(kinds[0], 'begin');
  assert.equal(kinds[kinds.length - 1], 'end');
});

test('a client with pull diagnostics gets them on request, not pushed', async () => {
  const pull = await startClient({ capabilities: { textDocument: { diagnostic: { dynamicRegistration: false } } } });
  try {
    assert.ok(pull.initialize.capabilities.diagnosticProvider);
    const uri = 'file:///pull/agent.3md';
    pull.open(uri, AGENT.replace('[[z=2]]', '[[z=5]]'));
    const report = await pull.request<{ kind: string; items: { code: string }[] }>('textDocument/diagnostic', { textDocument: { uri } });
    assert.deepEqual([report.kind, report.items.map((d) => d.code)], ['full', ['dead-link']]);
  } finally {
    await pull.stop();
  }
});
