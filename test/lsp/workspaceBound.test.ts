/**
 * The write bound over stdio, with real symlinks: a workspace whose skill `references/`, Agent
 * World `prompts/` and shared agents folder are links to a folder outside it. Every diagnostic
 * (and forged ones aimed outside) is answered with code actions; no edit may leave the workspace.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import type { CodeAction, Diagnostic, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { startClient, type TestClient } from '../helpers/lspClient';
import { waitForIndex } from '../helpers/lspWorkspace';
import { shutdown } from '../fixtures/workspace-formats/lsp';

let dir: string;
let root: string;
let outside: string;
let client: TestClient;
const inWs = (...p: string[]) => URI.file(path.join(root, ...p)).toString();

function write(p: string, text: string): void {
  fs.mkdirSync(path.dirname(p), { recursive: true });
  fs.writeFileSync(p, text);
}

/** Independent of the server: the real folder a URI would be created in (nearest existing ancestor, links followed). */
function realParent(uri: string): string {
  let p = URI.parse(uri).fsPath;
  while (!fs.existsSync(p)) p = path.dirname(p);
  return fs.realpathSync(p);
}

function targets(edit: WorkspaceEdit): string[] {
  const out = Object.keys(edit.changes ?? {});
  for (const c of edit.documentChanges ?? []) {
    if ('kind' in c) out.push(c.kind === 'rename' ? c.newUri : c.uri);
    else out.push(c.textDocument.uri);
  }
  return out;
}

before(async () => {
  dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'af-bound-')));
  root = path.join(dir, 'ws');
  outside = path.join(dir, 'outside');
  write(path.join(outside, 'refs', 'secret.md'), '# Secret\n');
  write(path.join(outside, 'prompts', 'pm.md'), 'OUTSIDE PROMPT\n');
  write(path.join(outside, 'agents', 'base', 'AGENT.md'), '---\nname: base\ndescription: Base\n---\nBase.\n');
  write(path.join(root, 'skills', 's', 'SKILL.md'), '');
  write(path.join(root, '.agent-world', 'world.json'), '');
  write(path.join(root, 'agents', 'child', 'AGENT.md'), '');
  fs.symlinkSync(path.join(outside, 'refs'), path.join(root, 'skills', 's', 'references'));
  fs.symlinkSync(path.join(outside, 'prompts'), path.join(root, '.agent-world', 'prompts'));
  fs.symlinkSync(path.join(outside, 'agents'), path.join(root, 'agents', 'shared'));
  client = await startClient({ rootUri: URI.file(root).toString() });
  await waitForIndex(client, (files) => files.length >= 3);
});
after(async () => {
  await shutdown(client);
  fs.rmSync(dir, { recursive: true, force: true });
});

async function open(uri: string, text: string, languageId: string): Promise<Diagnostic[]> {
  const pending = client.diagnostics(uri);
  client.open(uri, text, languageId, 1);
  return pending;
}

/** Code actions for each diagnostic alone; every edit target is checked against the workspace. */
async function actionsFor(uri: string, ds: Diagnostic[]): Promise<CodeAction[]> {
  const all: CodeAction[] = [];
  for (const d of ds) {
    const actions = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: d.range, context: { diagnostics: [d] } });
    for (const a of actions) {
      for (const t of a.edit ? targets(a.edit) : []) {
        const real = realParent(t);
        assert.ok(real === root || real.startsWith(root + path.sep), `'${a.title}' writes ${t}, really in ${real}, outside the workspace`);
      }
    }
    // Suppression and turn-off fixes (checked against the bound above) are not the fixes these tests are about.
    for (const a of actions) if (!/^(Suppress|Turn off) '/.test(a.title)) all.push(a);
  }
  return all;
}

const SKILL =
  '---\nname: s\ndescription: Does s. Use when s is asked for.\n---\n# S\nSee [a](references/secret.md), [b](references/new.md), [c](here.md) and [d](/etc/hostname).\n';

test('SKILL.md: references through the symlinked folder are outside; only the file inside gets a Create fix', async () => {
  const uri = inWs('skills', 's', 'SKILL.md');
  const ds = await open(uri, SKILL, 'markdown');
  assert.deepEqual(
    ds.map((d) => [d.code, d.message]),
    [
      ['skill-reference-outside', "Reference 'references/secret.md' leads outside the workspace through the symbolic link 'references'; it is not read"],
      ['skill-reference-outside', "Reference 'references/new.md' leads outside the workspace through the symbolic link 'references'; it is not read"],
      ['skill-file-missing', "Referenced file 'here.md' does not exist in the skill folder"],
      [
        'skill-reference-absolute',
        "Reference '/etc/hostname' is an absolute path outside any home folder: it names a file of the machine the agent runs on (a server's or a container's layout), found only where that layout is",
      ],
    ],
  );
  const actions = await actionsFor(uri, ds);
  assert.deepEqual(
    actions.filter((a) => !/^(Suppress|Turn off) '/.test(a.title)).map((a) => a.title),
    ["Create 'here.md'"],
  );
});

test('SKILL.md: a forged skill-file-missing aimed through the link (or straight outside) gets no fix', async () => {
  const uri = inWs('skills', 's', 'SKILL.md');
  const range = { start: { line: 5, character: 8 }, end: { line: 5, character: 28 } };
  const forged = (target: string): Diagnostic => ({ range, code: 'skill-file-missing', source: 'agent-files', message: 'x', data: { target, path: 'x' } });
  const ds = [forged(inWs('skills', 's', 'references', 'new.md')), forged(inWs('skills', 's', 'references', 'secret.md')), forged(URI.file(path.join(outside, 'x.md')).toString())];
  assert.deepEqual(await actionsFor(uri, ds), []);
});

const WORLD = JSON.stringify(
  {
    world: { name: 'w' },
    agents: { pm: { role: 'pm', promptPath: 'prompts/pm.md' }, qa: { role: 'qa', promptPath: 'prompts/qa.md' }, dev: { role: 'dev', promptPath: 'local/dev.md' } },
    workflow: { type: 'sequential', entry: 'a', nodes: { a: { agent: 'pm' }, b: { agent: 'qa' }, c: { agent: 'dev' } }, edges: { a: ['b'], b: ['c'] } },
  },
  null,
  2,
);

test('world.json: an existing and a missing prompt behind the symlinked prompts folder are outside; no fix edits them', async () => {
  const uri = inWs('.agent-world', 'world.json');
  const ds = await open(uri, WORLD, 'json');
  const prompts = ds.filter((d) => String(d.code).startsWith('world-prompt'));
  assert.deepEqual(
    prompts.map((d) => [d.code, d.message]),
    [
      [
        'world-prompt-outside-workspace',
        "agents.pm.promptPath leads outside the workspace through the symbolic link 'prompts', so its prompt is not read or checked: prompts/pm.md",
      ],
      [
        'world-prompt-outside-workspace',
        "agents.qa.promptPath leads outside the workspace through the symbolic link 'prompts', so its prompt is not read or checked: prompts/qa.md",
      ],
      ['world-prompt-not-found', 'agents.dev.promptPath not found: local/dev.md'],
    ],
  );
  const actions = await actionsFor(uri, ds);
  assert.deepEqual(
    actions.filter((a) => !/^(Suppress|Turn off) '/.test(a.title)).map((a) => a.title),
    ['Create local/dev.md from the prompt template'],
  );
  // A forged "not found" for the existing outside prompt: creating is ignored there, and the template would be written into it.
  const forged: Diagnostic = { ...prompts[0]!, code: 'world-prompt-not-found', data: { agentId: 'pm', promptUri: inWs('.agent-world', 'prompts', 'pm.md') } };
  assert.deepEqual(await actionsFor(uri, [forged]), []);
});

test('AGENT.md: a parent behind the symlinked folder is outside, an absolute parent is reported', async () => {
  const uri = inWs('agents', 'child', 'AGENT.md');
  const ds = await open(uri, '---\nname: child\ndescription: Child\nextends: ../shared/base/AGENT.md\n---\nChild.\n', 'markdown');
  assert.deepEqual(
    ds.map((d) => [d.code, d.message]),
    [['agent-extends-outside', "Parent agent '../shared/base/AGENT.md' leads outside the workspace through the symbolic link '../shared'; it is not read"]],
  );
  assert.deepEqual(await actionsFor(uri, ds), []);
  const v2 = client.diagnostics(uri, (p) => p.version === 2);
  client.change(uri, 2, [{ text: '---\nname: child\ndescription: Child\nextends: file:///etc/AGENT.md\n---\nChild.\n' }]);
  assert.deepEqual(
    (await v2).map((d) => d.code),
    ['agent-extends-absolute'],
  );
});

test('rename: an agent rename that would edit a prompt opened through the outside link is refused, naming the file', async () => {
  const world = inWs('.agent-world', 'world.json');
  const prompt = inWs('.agent-world', 'prompts', 'qa.md');
  client.open(prompt, 'You are @qa.\n\n@pm please look.\n', 'markdown', 1);
  const key = WORLD.split('\n').findIndex((l) => l.includes('"pm": {'));
  const at = { line: key, character: WORLD.split('\n')[key]!.indexOf('"pm"') + 2 };
  await assert.rejects(
    client.request('textDocument/rename', { textDocument: { uri: world }, position: at, newName: 'lead' }),
    (e: Error) => e.message.startsWith('Rename refused: it would change files outside the workspace folders (') && e.message.includes(prompt),
  );
  // Closed again, the prompt is not read at all: the rename stays inside and goes ahead.
  client.connection.sendNotification('textDocument/didClose', { textDocument: { uri: prompt } });
  const edit = await client.request<WorkspaceEdit>('textDocument/rename', { textDocument: { uri: world }, position: at, newName: 'lead' });
  assert.deepEqual(Object.keys(edit.changes!), [world]);
});
