// Routing cases of world.eval.md, run live by the server over stdio: a lens per case, a diagnostic on a failing one, re-run when world.json changes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import type { CodeLens, Diagnostic } from 'vscode-languageserver-protocol';
import { startClient, type TestClient } from '../helpers/lspClient';
import { baseWorld, GOOD_PROMPT } from '../fixtures/world/helpers';

const WORLD = JSON.stringify(baseWorld(), null, 2);
const EVAL = [
  '# eval',
  '',
  '```json',
  '[',
  '  { "name": "sender hands off",',
  '    "given": [{ "command": "user", "content": "go" }],',
  '    "complete": { "agent": "sender", "content": "@receiver yours" },',
  '    "expect": { "type": "agent_instruction", "agent": "receiver" } },',
  '  { "name": "wrong expectation",',
  '    "given": [{ "command": "user", "content": "go" }],',
  '    "complete": { "agent": "sender", "content": "@receiver yours" },',
  '    "expect": { "type": "agent_instruction", "agent": "sender" } },',
  '  { "given": [{ "content": "no name" }], "expect": { "type": "done" } }',
  ']',
  '```',
  '',
].join('\n');

let root: string;
let client: TestClient;
/** The eval's first case diagnostics, published when it was opened. */
let opened: Diagnostic[];
const uriOf = (...p: string[]) => URI.file(path.join(root, '.agent-world', ...p)).toString();
const caseCodes = (ds: Diagnostic[]) => ds.filter((d) => d.code === 'world-eval-case-fails' || d.code === 'world-eval-not-a-case');

before(async () => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'af-world-cases-')));
  fs.mkdirSync(path.join(root, '.agent-world', 'prompts'), { recursive: true });
  fs.writeFileSync(path.join(root, '.agent-world', 'world.json'), WORLD);
  fs.writeFileSync(path.join(root, '.agent-world', 'world.eval.md'), EVAL);
  for (const a of ['sender', 'receiver']) fs.writeFileSync(path.join(root, '.agent-world', 'prompts', `${a}.md`), GOOD_PROMPT);
  client = await startClient({ rootUri: URI.file(root).toString() });
  const uri = uriOf('world.eval.md');
  const got = client.diagnostics(uri, (p) => caseCodes(p.diagnostics).length > 0);
  client.open(uri, EVAL, 'markdown');
  opened = caseCodes(await got);
});
after(async () => {
  await client.stop();
  fs.rmSync(root, { recursive: true, force: true });
});

test('a failing routing case gets a diagnostic on its expect field and every case a lens', async () => {
  const uri = uriOf('world.eval.md');
  const ds = opened;
  assert.deepEqual(
    ds.map((d) => [d.code, d.severity, d.message, d.range.start.line]),
    [
      ['world-eval-not-a-case', 2, 'The Agent World eval skips this object: a routing case needs name, expect and one of given, input or complete, and it has no name', 12],
      ['world-eval-case-fails', 2, 'The Agent World eval fails routing case "wrong expectation": expected agent sender, got receiver', 11],
    ],
  );
  const line = EVAL.split('\n')[11]!;
  assert.equal(line.slice(ds[1]!.range.start.character, ds[1]!.range.end.character), '"sender"');
  const lenses = await client.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri } });
  assert.deepEqual(
    lenses.map((l) => [l.range.start.line, l.command?.title]),
    [
      [4, '✓ passes (type=agent_instruction, agent=receiver, workflowNode=receive)'],
      [8, '✗ expected agent sender, got receiver'],
    ],
  );
});

test('hover on a case name shows its verdict and last result', async () => {
  const uri = uriOf('world.eval.md');
  const line = 8;
  const character = EVAL.split('\n')[line]!.indexOf('"wrong expectation"') + 2;
  const h = await client.request<{ contents: { value: string } }>('textDocument/hover', { textDocument: { uri }, position: { line, character } });
  assert.equal(
    h.contents.value,
    '**Routing case** ✗ fails: expected agent sender, got receiver\n\nLast router result: `type=agent_instruction, agent=receiver, workflowNode=receive`',
  );
});

test('the cases run again when world.json changes', async () => {
  const evalUri = uriOf('world.eval.md');
  const worldUri = uriOf('world.json');
  client.open(worldUri, WORLD, 'json');
  const changed = WORLD.replace('"send": [\n        "receive"\n      ]', '"send": []');
  assert.notEqual(changed, WORLD);
  const got = client.diagnostics(evalUri, (p) => caseCodes(p.diagnostics).length === 3);
  client.change(worldUri, 2, [{ text: changed }]);
  const ds = caseCodes(await got);
  assert.equal(ds[1]!.message, 'The Agent World eval fails routing case "sender hands off": expected type agent_instruction, got blocked');
  const lenses = await client.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri: evalUri } });
  assert.equal(lenses[0]!.command?.title, '✗ expected type agent_instruction, got blocked');
  // Back as it was, for the tests after this one.
  const restored = client.diagnostics(evalUri, (p) => caseCodes(p.diagnostics).length === 2);
  client.change(worldUri, 3, [{ text: WORLD }]);
  await restored;
});

test('agentFiles/worldStep steps a two-agent handoff to done, the client carrying the state', async () => {
  const uri = uriOf('world.json');
  type Step = { state: any; result: any; stopToken?: string };
  const step = (state: unknown, command: unknown) => client.request<Step>('agentFiles/worldStep', { uri, state, command });
  const a = await step(null, { command: 'user', content: 'Build it' });
  assert.deepEqual([a.result.type, a.result.agent, a.result.turnId, a.result.workflow.node], ['agent_instruction', 'sender', 'turn_0001', 'send']);
  assert.match(a.result.hostInstruction, /Allowed next workflow nodes:\n- receive: @receiver/);
  assert.equal(a.stopToken, '<world>pass</world>', 'the stop token comes with each step, for completion suggestions');
  const b = await step(a.state, { command: 'complete', turnId: a.result.turnId, content: 'Spec ready.\n\n@receiver over to you' });
  assert.deepEqual([b.result.type, b.result.agent, b.result.reason], ['agent_instruction', 'receiver', 'workflow_edge']);
  const c = await step(b.state, { command: 'complete', turnId: b.result.turnId, content: 'Built. <world>pass</world>' });
  assert.deepEqual([c.result.type, c.result.final], ['done', 'Built. <world>pass</world>']);
  const again = await step(b.state, { command: 'complete', turnId: 'turn_0001', content: 'x' });
  assert.deepEqual(again.result, { type: 'error', error: 'Turn is not pending: turn_0001' });
});

test('agentFiles/worldStep refuses a state it cannot read and answers a world it cannot load with the router error', async () => {
  const uri = uriOf('world.json');
  await assert.rejects(client.request('agentFiles/worldStep', { uri, state: { counters: {} }, command: { command: 'next' } }), /state\.counters must hold/);
  await assert.rejects(client.request('agentFiles/worldStep', { uri, state: null, command: 'user' }), /command must be an object/);
  const missing = await client.request<{ state: unknown; result: any }>('agentFiles/worldStep', {
    uri: URI.file(path.join(root, 'nowhere', 'world.json')).toString(),
    command: { command: 'next' },
  });
  assert.equal(missing.state, null);
  assert.match(missing.result.error, /^Missing Agent World config: /);
});
