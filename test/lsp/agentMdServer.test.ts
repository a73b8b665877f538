import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import type { CodeAction, CompletionItem, Diagnostic, DocumentSymbol, Hover, Location } from 'vscode-languageserver-protocol';
import { startClient, type TestClient } from '../helpers/inProcessClient';
import { closeOpenedAfterEach, waitForIndex } from '../helpers/lspWorkspace';
import { shutdown } from '../fixtures/workspace-formats/lsp';
import { cursor, joinLines } from '../helpers/markers';
import type { WorkspaceIndexResult } from '../../server/src/core/workspace/indexTypes';

const CHILD = joinLines(
  '---',
  'name: child',
  'description: Reviews code',
  'version: 1.0',
  'extends: parent',
  'annotations:',
  '  whenToUse:',
  '    - reviewing',
  '---',
  '# Child',
  'Be precise.',
  '',
);

let root: string;
let client: TestClient;
const fileUri = (...p: string[]) => URI.file(path.join(root, ...p)).toString();
const brief = (ds: Diagnostic[]) => ds.map((d) => [d.code, d.source, d.range.start.line, d.range.start.character, d.range.end.line, d.range.end.character]);

before(async () => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'af-agentmd-')));
  fs.mkdirSync(path.join(root, 'base'));
  fs.writeFileSync(path.join(root, 'base', 'AGENT.md'), '---\nname: base\ndescription: The base reviewer\nextends: root\n---\nBase rules.\n');
  fs.mkdirSync(path.join(root, 'root'));
  fs.writeFileSync(path.join(root, 'root', 'AGENT.md'), '---\nname: root\ndescription: The root agent\n---\nRoot rules.\n');
  client = await startClient({ rootUri: URI.file(root).toString() });
  await waitForIndex(client, (files) => files.length >= 2);
  closeOpened = closeOpenedAfterEach(client);
});
let closeOpened: () => Promise<void>;
afterEach(() => closeOpened());
after(async () => {
  await shutdown(client);
  fs.rmSync(root, { recursive: true, force: true });
});

test('the index entry of an AGENT.md carries its name, description, identity and extends', async () => {
  const { files } = await client.request<WorkspaceIndexResult>('agentFiles/workspaceIndex', {});
  const base = files.find((f) => f.uri === fileUri('base', 'AGENT.md'))!;
  assert.deepEqual(
    { kind: base.kind, name: base.name, description: base.description, isAgent: base.isAgent, identity: base.identity, extends: base.extends, skills: base.skills },
    {
      kind: 'agent-md',
      name: 'base',
      description: 'The base reviewer',
      isAgent: false,
      identity: { name: 'base', z: 0, range: { start: { line: 1, character: 6 }, end: { line: 1, character: 10 } } },
      extends: { value: 'root', range: { start: { line: 3, character: 9 }, end: { line: 3, character: 13 } } },
      skills: [],
    },
  );
});

test('diagnostics after didOpen: a numeric version and an unknown parent, on their values', async () => {
  const uri = fileUri('child-open', 'AGENT.md');
  const pending = client.diagnostics(uri);
  client.open(uri, CHILD, 'markdown', 1);
  const ds = await pending;
  assert.deepEqual(brief(ds), [
    ['agent-type-string', 'agent-files', 3, 9, 3, 12],
    ['agent-extends-unresolved', 'agent-files', 4, 9, 4, 15],
  ]);
  assert.equal(ds[1]!.message, "Unknown parent agent 'parent'");
  for (const d of ds) assert.match(d.codeDescription!.href, new RegExp(`docs/rules\\.md#${d.code}$`));
});

test('an incremental didChange to an indexed parent name clears the unresolved extends', async () => {
  const uri = fileUri('child-edit', 'AGENT.md');
  const v1 = client.diagnostics(uri);
  client.open(uri, CHILD, 'markdown', 1);
  await v1;
  const v2 = client.diagnostics(uri, (p) => p.version === 2);
  client.change(uri, 2, [{ range: { start: { line: 4, character: 9 }, end: { line: 4, character: 15 } }, text: 'base' }]);
  assert.deepEqual(
    (await v2).map((d) => d.code),
    ['agent-type-string'],
  );
});

test('code actions: quote a numeric version; use the schema workflow id', async () => {
  const uri = fileUri('child-fix', 'AGENT.md');
  const opened = client.diagnostics(uri, (p) => p.version === 10);
  client.open(uri, CHILD.replace('extends: parent', 'extends: base\nworkflows:\n  - orchestrator-worker'), 'markdown', 10);
  const ds = await opened;
  assert.deepEqual(
    ds.map((d) => d.code),
    ['agent-type-string', 'agent-workflow-not-schema'],
  );
  const actions = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: ds[0]!.range, context: { diagnostics: ds } });
  assert.deepEqual(
    actions.filter((a) => !/^(Suppress|Turn off) '/.test(a.title)).map((a) => [a.title, a.kind, a.edit!.changes![uri]]),
    [
      ['Quote the value: "1.0"', 'quickfix', [{ range: ds[0]!.range, newText: '"1.0"' }]],
      ["Replace with 'orchestrator-workers'", 'quickfix', [{ range: ds[1]!.range, newText: 'orchestrator-workers' }]],
    ],
  );
  assert.deepEqual(actions[0]!.diagnostics, [ds[0]]);
});

test('definition on extends jumps to the parent name in its AGENT.md', async () => {
  const uri = fileUri('child-definition', 'AGENT.md');
  client.open(uri, CHILD.replace('parent', 'base'), 'markdown', 20);
  const locs = await client.request<Location[]>('textDocument/definition', { textDocument: { uri }, position: { line: 4, character: 10 } });
  assert.deepEqual(locs, [{ uri: fileUri('base', 'AGENT.md'), range: { start: { line: 1, character: 6 }, end: { line: 1, character: 10 } } }]);
});

test('completion after extends: offers the indexed agents', async () => {
  const uri = fileUri('child-completion', 'AGENT.md');
  const { text, position } = cursor(CHILD.replace('extends: parent', 'extends: $0'));
  client.open(uri, text, 'markdown', 30);
  const items = await client.request<CompletionItem[]>('textDocument/completion', { textDocument: { uri }, position });
  assert.deepEqual(items.map((i) => i.label).sort(), ['base', 'root']);
});

test('hover on extends shows the inheritance chain from the index', async () => {
  const uri = fileUri('child-hover', 'AGENT.md');
  client.open(uri, CHILD.replace('parent', 'base'), 'markdown', 40);
  const h = await client.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 4, character: 10 } });
  assert.equal((h.contents as { value: string }).value, 'Inherits from: `child` → `base` → `root`');
});

test('document symbols: the agent with its keys, then the body headings', async () => {
  const uri = fileUri('child-symbols', 'AGENT.md');
  client.open(uri, CHILD, 'markdown', 50);
  const syms = await client.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri } });
  assert.deepEqual(
    syms.map((s) => [s.name, s.kind, (s.children ?? []).map((c) => c.name)]),
    [
      ['child', 5, ['name', 'description', 'version', 'extends', 'annotations']],
      ['Child', 15, []],
    ],
  );
});

test('an extends cycle across two open buffers is reported on both, and breaking it re-checks the other', async () => {
  const a = fileUri('cyc-a', 'AGENT.md');
  const b = fileUri('cyc-b', 'AGENT.md');
  const agent = (name: string, parent: string) => `---\nname: ${name}\ndescription: d\nextends: ${parent}\nannotations:\n  whenToUse:\n    - x\n---\nBody.\n`;
  const firstA = client.diagnostics(a);
  client.open(a, agent('cyc-a', 'cyc-b'), 'markdown', 1);
  assert.deepEqual(
    (await firstA).map((d) => d.code),
    ['agent-extends-unresolved'],
  );
  const cycleA = client.diagnostics(a, (p) => p.diagnostics.some((d) => d.code === 'agent-extends-cycle'));
  const cycleB = client.diagnostics(b, (p) => p.diagnostics.some((d) => d.code === 'agent-extends-cycle'));
  client.open(b, agent('cyc-b', 'cyc-a'), 'markdown', 1);
  const [da, db] = await Promise.all([cycleA, cycleB]);
  assert.deepEqual(brief(da), [['agent-extends-cycle', 'agent-files', 3, 9, 3, 14]]);
  assert.equal(da[0]!.message, 'Agent inheritance cycle: cyc-a → cyc-b → cyc-a');
  assert.equal(db[0]!.message, 'Agent inheritance cycle: cyc-b → cyc-a → cyc-b');
  const clearA = client.diagnostics(a, (p) => p.diagnostics.length === 0);
  client.change(b, 2, [{ range: { start: { line: 3, character: 9 }, end: { line: 3, character: 14 } }, text: 'root' }]);
  assert.deepEqual(await clearA, []);
});
