import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import type { CodeAction, Diagnostic } from 'vscode-languageserver-protocol';
import { startClient, type TestClient } from '../helpers/inProcessClient';
import { shutdown } from '../fixtures/workspace-formats/lsp';

let root: string;
let client: TestClient;
const fileUri = (...p: string[]) => URI.file(path.join(root, ...p)).toString();
function write(rel: string, text: string): void {
  const p = path.join(root, rel);
  fs.mkdirSync(path.dirname(p), { recursive: true });
  fs.writeFileSync(p, text);
}
const SKILL = '---\nname: a\ndescription: Does a thing\n---\n\nSee [x](nope.md).\n<!-- agent-files-disable-next-line skill-file-missing -->\nSee [y](nope2.md).\n';
const codes = (ds: Diagnostic[]) => ds.map((d) => `${d.range.start.line}:${d.code}:${d.severity}`);

before(async () => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'af-config-lsp-')));
  write('skills/a/SKILL.md', SKILL);
  client = await startClient({ rootUri: URI.file(root).toString() });
});
after(async () => {
  await shutdown(client);
  fs.rmSync(root, { recursive: true, force: true });
});

test('suppression comments silence a line; a config written later is picked up on the watched-file event', async () => {
  const uri = fileUri('skills/a/SKILL.md');
  const first = client.diagnostics(uri);
  client.open(uri, SKILL, 'markdown');
  assert.deepEqual(codes(await first), ['2:skill-description-when:3', '5:skill-file-missing:2']);

  write('.agent-files.json', '{ "rules": { "skill-description-when": "off", "skill-file-missing": "error" } }');
  const next = client.diagnostics(uri, (p) => !p.diagnostics.some((d) => d.code === 'skill-description-when'));
  void client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: fileUri('.agent-files.json'), type: 1 }] });
  assert.deepEqual(codes(await next), ['5:skill-file-missing:1']);
});

test('an open config file gets its own diagnostics, and editing it re-checks open documents', async () => {
  const cfg = fileUri('.agent-files.json');
  const skill = fileUri('skills/a/SKILL.md');
  const own = client.diagnostics(cfg, (p) => p.diagnostics.length > 0);
  const recheck = client.diagnostics(skill, (p) => p.diagnostics.some((d) => d.code === 'skill-file-missing' && d.severity === 2));
  client.open(cfg, '{ "rules": { "skill-fle-missing": "off" } }', 'json');
  const ds = await own;
  assert.deepEqual(codes(ds), ['0:config-unknown-rule:2']);
  assert.match(String(ds[0]!.message), /did you mean 'skill-file-missing'/);
  await recheck;
});

test('quick fixes: suppress on this line, and turn the rule off in the nearest config', async () => {
  const uri = fileUri('skills/a/SKILL.md');
  // The diagnostic as the client holds it (published in the tests above).
  const d: Diagnostic = {
    range: { start: { line: 5, character: 8 }, end: { line: 5, character: 15 } },
    code: 'skill-file-missing',
    source: 'agent-files',
    message: 'm',
    severity: 2,
  };
  const actions = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: d.range, context: { diagnostics: [d] } });
  const suppress = actions.find((a) => a.title === "Suppress 'skill-file-missing' on this line");
  assert.deepEqual(suppress?.edit?.changes?.[uri], [
    { range: { start: { line: 5, character: 0 }, end: { line: 5, character: 0 } }, newText: '<!-- agent-files-disable-next-line skill-file-missing -->\n' },
  ]);
  const off = actions.find((a) => a.title === "Turn off 'skill-file-missing' in .agent-files.json");
  const edit = off?.edit?.changes?.[fileUri('.agent-files.json')];
  assert.ok(edit, 'the fix edits the nearest config');
  assert.match(edit[0]!.newText, /"skill-file-missing": "off"/);
});

test('source.fixAll.agentFiles applies the safe fixes of the document as one edit', async () => {
  assert.ok(JSON.stringify(client.initialize.capabilities.codeActionProvider).includes('source.fixAll.agentFiles'));
  const uri = fileUri('skills/q/SKILL.md');
  const text = '---\nname: q\ndescription: Does a thing. Use when asked.\nmetadata:\n  version: 1.0\n---\nBody.\n';
  const opened = client.diagnostics(uri);
  client.open(uri, text, 'markdown');
  await opened;
  const actions = await client.request<CodeAction[]>('textDocument/codeAction', {
    textDocument: { uri },
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    context: { diagnostics: [], only: ['source.fixAll'] },
  });
  assert.deepEqual(
    actions.map((a) => [a.title, a.kind]),
    [['Fix 1 safe problem (Agent Files)', 'source.fixAll.agentFiles']],
  );
  assert.equal(actions[0]!.edit!.changes![uri]![0]!.newText, text.replace('1.0', '"1.0"'));
});

test('a suppression comment typed into a .3md agent, and deleted again, takes effect on each incremental edit', async () => {
  const uri = fileUri('agents/ops.agent.3md');
  const text = '---\n3md: 1.0\ntitle: Ops\n---\n@plane z=0 label="Ops" kind=identity\nYou run ops.\n@plane z=1 label="s" kind=skill triggers="go"\nSee [[z=9]].\n';
  const opened = client.diagnostics(uri);
  client.open(uri, text, '3md');
  assert.ok((await opened).some((d) => d.code === 'dead-link'));
  const comment = '<!-- agent-files-disable-next-line dead-link -->\n';
  const at = { line: 7, character: 0 };
  // Typed in two pieces, so the mark appears only with the second edit.
  const silenced = client.diagnostics(uri, (p) => p.version === 3);
  client.change(uri, 2, [{ range: { start: at, end: at }, text: comment.slice(0, 10) }]);
  client.change(uri, 3, [{ range: { start: { line: 7, character: 10 }, end: { line: 7, character: 10 } }, text: comment.slice(10) }]);
  assert.ok(!(await silenced).some((d) => d.code === 'dead-link'), 'the comment silences the link on the next line');
  const back = client.diagnostics(uri, (p) => p.version === 4);
  client.change(uri, 4, [{ range: { start: at, end: { line: 8, character: 0 } }, text: '' }]);
  assert.ok(
    (await back).some((d) => d.code === 'dead-link'),
    'deleting the comment brings the diagnostic back',
  );
});
