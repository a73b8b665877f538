import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import type { Diagnostic, DocumentSymbol, Hover } from 'vscode-languageserver-protocol';
import { startClient, type TestClient } from '../helpers/inProcessClient';
import { waitForIndex } from '../helpers/lspWorkspace';
import { shutdown } from '../fixtures/workspace-formats/lsp';
import type { WorkspaceIndexResult } from '../../server/src/core/workspace/indexTypes';

const FIX = path.join(__dirname, '../fixtures/agent-md');
let root: string;
let client: TestClient;
const fileUri = (name: string) => URI.file(path.join(root, name, 'AGENT.md')).toString();
const textOf = (name: string) => fs.readFileSync(path.join(root, name, 'AGENT.md'), 'utf8');
const codes = (ds: Diagnostic[]) => ds.map((d) => d.code);

/** The first diagnostics of a file opened as it is on disk; opened once, by whichever test needs it first. */
const opened = new Map<string, Promise<Diagnostic[]>>();
function openAndWait(name: string): Promise<Diagnostic[]> {
  let pending = opened.get(name);
  if (!pending) {
    pending = client.diagnostics(fileUri(name));
    client.open(fileUri(name), textOf(name), 'markdown', 1);
    opened.set(name, pending);
  }
  return pending;
}
let plainVersion = 1;

before(async () => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'af-agentmd-kinds-')));
  fs.cpSync(FIX, root, { recursive: true });
  client = await startClient({ rootUri: URI.file(root).toString() });
  await waitForIndex(client, (files) => files.length >= 6);
});
after(async () => {
  await shutdown(client);
  fs.rmSync(root, { recursive: true, force: true });
});

test('a plain Markdown AGENT.md opened in the editor gets no diagnostics at all', async () => {
  assert.deepEqual(await openAndWait('plain'), []);
  assert.deepEqual(await openAndWait('metadata'), []);
});

test('an OS Protocol AGENT.md opened in the editor still gets its errors, on their lines', async () => {
  const ds = await openAndWait('agent-invalid');
  assert.deepEqual(
    ds.map((d) => [d.code, d.severity, d.range.start.line]),
    [
      ['agent-unknown-field', 1, 4],
      ['agent-description-missing', 1, 0],
      ['agent-type-string', 1, 2],
      ['agent-type-array', 1, 3],
    ],
  );
  // Keys OS Protocol does not define (a Cursor rule's globs) make another tool's file: no OS Protocol errors.
  assert.deepEqual(codes(await openAndWait('mixed')), []);
});

test('the index says which kind each AGENT.md is; an instruction file is not an agent', async () => {
  const { files } = await client.request<WorkspaceIndexResult>('agentFiles/workspaceIndex', {});
  const pick = (name: string) => files.find((f) => f.uri === fileUri(name))!;
  assert.deepEqual(
    ['plain', 'metadata', 'agent-valid', 'mixed'].map((n) => [n, pick(n).agentMdKind, pick(n).name, pick(n).identity?.name ?? null, pick(n).errors]),
    [
      ['plain', 'instructions', 'AGENT.md', null, 0],
      ['metadata', 'instructions', 'AGENT.md', null, 0],
      ['agent-valid', 'os-protocol', 'tide-forecaster', 'tide-forecaster', 0],
      ['mixed', 'instructions', 'AGENT.md', null, 0],
    ],
  );
});

test('the hover on the first line says which kind the file is', async () => {
  await openAndWait('plain');
  await openAndWait('metadata');
  const h = await client.request<Hover>('textDocument/hover', { textDocument: { uri: fileUri('plain') }, position: { line: 0, character: 2 } });
  assert.match((h.contents as { value: string }).value, /^\*\*AGENT\.md: instruction file\*\*.*It has no frontmatter/);
  const syms = await client.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri: fileUri('metadata') } });
  assert.deepEqual(
    syms.map((s) => s.name),
    ['Greenhouse controller'],
  );
});

test('extends to an instruction file is reported, and clears when that file becomes an agent', async () => {
  const child = fileUri('child');
  await openAndWait('plain');
  const ds = await openAndWait('child');
  assert.deepEqual(
    ds.map((d) => [d.code, d.range.start.line, d.range.start.character, d.range.end.character]),
    [['agent-extends-not-agent', 3, 9, 26]],
  );
  // The parent (already open) gains OS Protocol frontmatter: the child is checked again.
  const cleared = client.diagnostics(child, (p) => p.diagnostics.length === 0);
  client.change(fileUri('plain'), ++plainVersion, [{ text: `---\nname: lighthouse\ndescription: Keeps the logs\n---\n${textOf('plain')}` }]);
  assert.deepEqual(await cleared, []);
  // The parent is an instruction file again for the other tests.
  const back = client.diagnostics(child, (p) => p.diagnostics.length === 1);
  client.change(fileUri('plain'), ++plainVersion, [{ text: textOf('plain') }]);
  await back;
});
