import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import { startClient, type TestClient } from '../helpers/inProcessClient';
import { waitForIndex } from '../helpers/lspWorkspace';
import { shutdown } from '../fixtures/workspace-formats/lsp';
import type { CheckWorldResult, WorkspaceIndexResult } from '../../server/src/lsp/protocol';

/** An orchestrator-worker world: orchestrator → two workers → synthesizer. */
const TEAM = JSON.stringify(
  {
    world: { id: 'team', name: 'team', turnLimit: 12 },
    workflow: {
      type: 'orchestrator-worker',
      entry: 'plan',
      entryAgent: 'orchestrator',
      nodes: {
        plan: { agent: 'orchestrator' },
        a: { agent: 'worker_a' },
        b: { agent: 'worker_b' },
        merge: { agent: 'synthesizer', requires: ['a', 'b'] },
      },
      edges: { plan: ['a', 'b'], a: ['merge'], b: ['merge'], merge: [] },
    },
    agents: {
      orchestrator: { name: 'Lead', promptPath: 'prompts/orchestrator.md', contextScope: 'global' },
      worker_a: { promptPath: 'prompts/worker_a.md', contextScope: 'agent' },
      worker_b: { promptPath: 'prompts/worker_b.md', contextScope: 'agent' },
      synthesizer: { promptPath: 'prompts/synthesizer.md', contextScope: 'global' },
    },
  },
  null,
  2,
);
const PROMPT = 'Put handoff @mentions at the start of a paragraph.\nDo not call tools yourself; request host actions only.\nEnd final responses with <world>pass</world>.\n';
const EVAL = [
  '# Eval',
  '',
  '```json',
  '{ "name": "entry", "input": { "command": "user", "content": "go" }, "expect": { "type": "agent_instruction", "agent": "orchestrator" } }',
  '```',
  '',
  '```json',
  '{ "name": "stop", "given": [{ "command": "user", "content": "go" }], "complete": { "agent": "orchestrator", "content": "<world>pass</world>" }, "expect": { "type": "done" } }',
  '```',
  '',
].join('\n');

/** A broken world in a second project: an edge to a missing node, a prompt without the protocol, no eval. */
const BROKEN = JSON.stringify(
  {
    world: { id: 'broken', name: 'broken' },
    workflow: { type: 'direct-handoff', entry: 'send', entryAgent: 'sender', nodes: { send: { agent: 'sender' } }, edges: { send: ['biuld'] } },
    agents: { sender: { promptPath: 'prompts/sender.md', contextScope: 'agent' } },
  },
  null,
  2,
);

let root: string;
let client: TestClient;
const fileUri = (...p: string[]) => URI.file(path.join(root, ...p)).toString();
const teamUri = () => fileUri('team', '.agent-world', 'world.json');
const brokenUri = () => fileUri('broken', '.agent-world', 'world.json');
const keyRange = (text: string, key: string, nth = 0) => {
  const lines = text.split('\n');
  let seen = 0;
  for (let line = 0; line < lines.length; line++) {
    const character = lines[line]!.indexOf(`"${key}":`);
    if (character >= 0 && seen++ === nth) return { start: { line, character }, end: { line, character: character + key.length + 2 } };
  }
  throw new Error(`no key ${key}`);
};

before(async () => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'af-world-tree-')));
  const write = (rel: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  };
  write('team/.agent-world/world.json', TEAM);
  for (const id of ['orchestrator', 'worker_a', 'worker_b', 'synthesizer']) write(`team/.agent-world/prompts/${id}.md`, PROMPT);
  write('team/.agent-world/world.eval.md', EVAL);
  write('broken/.agent-world/world.json', BROKEN);
  write('broken/.agent-world/prompts/sender.md', 'You are the sender.\n\n@nobody take this.\n');
  write('broken/.agent-world/prompts/orphan.md', 'Nobody uses this prompt.\n');
  client = await startClient({ rootUri: URI.file(root).toString() });
  await waitForIndex(client, (files) => files.filter((f) => f.kind === 'world').length >= 2);
});
after(async () => {
  await shutdown(client);
  fs.rmSync(root, { recursive: true, force: true });
});

test('the index entry of world.json carries the workflow type, entry, nodes with agent and next nodes, and agents with prompt files', async () => {
  const { files } = await client.request<WorkspaceIndexResult>('agentFiles/workspaceIndex', {});
  const team = files.find((f) => f.uri === teamUri())!;
  assert.deepEqual(team.world, {
    type: 'orchestrator-worker',
    entry: 'plan',
    nodes: [
      { id: 'plan', agent: 'orchestrator', next: ['a', 'b'], range: keyRange(TEAM, 'plan') },
      { id: 'a', agent: 'worker_a', next: ['merge'], range: keyRange(TEAM, 'a') },
      { id: 'b', agent: 'worker_b', next: ['merge'], range: keyRange(TEAM, 'b') },
      { id: 'merge', agent: 'synthesizer', next: [], range: keyRange(TEAM, 'merge') },
    ],
    agents: [
      {
        id: 'orchestrator',
        name: 'Lead',
        promptPath: 'prompts/orchestrator.md',
        promptUri: fileUri('team', '.agent-world', 'prompts', 'orchestrator.md'),
        range: keyRange(TEAM, 'orchestrator'),
      },
      { id: 'worker_a', promptPath: 'prompts/worker_a.md', promptUri: fileUri('team', '.agent-world', 'prompts', 'worker_a.md'), range: keyRange(TEAM, 'worker_a') },
      { id: 'worker_b', promptPath: 'prompts/worker_b.md', promptUri: fileUri('team', '.agent-world', 'prompts', 'worker_b.md'), range: keyRange(TEAM, 'worker_b') },
      { id: 'synthesizer', promptPath: 'prompts/synthesizer.md', promptUri: fileUri('team', '.agent-world', 'prompts', 'synthesizer.md'), range: keyRange(TEAM, 'synthesizer') },
    ],
  });
});

test('a node with no agent and a prompt path that escapes the project are indexed without an agent or a prompt URI', async () => {
  const uri = teamUri();
  const edited = TEAM.replace('"plan": {\n        "agent": "orchestrator"\n      }', '"plan": {}').replace('prompts/worker_b.md', '../../outside.md');
  assert.notEqual(edited, TEAM);
  client.open(uri, edited, 'json', 1);
  const files = await waitForIndex(client, (fs) => fs.find((f) => f.uri === uri)?.world?.nodes[0]?.agent === null, 'the open world.json in the index');
  const world = files.find((f) => f.uri === uri)?.world;
  assert.deepEqual(world?.nodes[0], { id: 'plan', agent: null, next: ['a', 'b'], range: keyRange(edited, 'plan') });
  assert.deepEqual(world?.agents[2], { id: 'worker_b', promptPath: '../../outside.md', range: keyRange(edited, 'worker_b') });
  client.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
});

test('agentFiles/checkWorld runs the eval checks of every world: the clean one passes all eleven', async () => {
  const r = await client.request<CheckWorldResult>('agentFiles/checkWorld', {});
  assert.deepEqual(
    r.worlds.map((w) => [w.uri, w.name, w.passed]),
    [
      [brokenUri(), 'broken', false],
      [teamUri(), 'team', true],
    ],
  );
  const team = r.worlds[1]!;
  assert.deepEqual(
    team.checks.map((c) => `${c.status} ${c.category}: ${c.name}`),
    [
      'PASS config: world.json is valid JSON',
      'PASS config: router config loads and graph references validate',
      'PASS config: all agents use promptPath',
      'PASS config: every promptPath exists',
      'PASS config: workflow.entry exists',
      'PASS config: workflow.entryAgent matches entry node agent',
      'PASS prompt: prompts mention paragraph-start @mentions',
      'PASS prompt: prompts tell agents not to call tools directly',
      'PASS prompt: final prompts mention the stop token',
      'PASS eval: world.eval.md exists',
      'PASS eval: world.eval.md contains routing cases',
    ],
  );
  assert.deepEqual(team.cases, [
    { name: 'entry', status: 'PASS', actual: 'type=agent_instruction, agent=Lead, workflowNode=plan' },
    { name: 'stop', status: 'PASS', actual: 'type=done' },
  ]);
  assert.deepEqual(
    team.files.map((f) => [path.relative(root, URI.parse(f.uri).fsPath), f.diagnostics.length]),
    [
      ['team/.agent-world/world.json', 0],
      ['team/.agent-world/prompts/orchestrator.md', 0],
      ['team/.agent-world/prompts/synthesizer.md', 0],
      ['team/.agent-world/prompts/worker_a.md', 0],
      ['team/.agent-world/prompts/worker_b.md', 0],
      ['team/.agent-world/world.eval.md', 0],
    ],
  );
});

test("agentFiles/checkWorld reports the broken world's failing checks with their reasons and the diagnostics of files nobody opened", async () => {
  const r = await client.request<CheckWorldResult>('agentFiles/checkWorld', { uri: brokenUri() });
  assert.equal(r.worlds.length, 1);
  const w = r.worlds[0]!;
  const evalPath = path.join(root, 'broken', '.agent-world', 'world.eval.md');
  assert.deepEqual(
    w.checks.map((c) => [c.status, c.name, c.reason]),
    [
      ['PASS', 'world.json is valid JSON', undefined],
      ['FAIL', 'router config loads and graph references validate', 'Invalid Agent World config:\n- workflow.edges.send references missing target node "biuld"'],
      ['FAIL', 'world.eval.md exists', `missing eval contract: ${evalPath}`],
    ],
  );
  assert.deepEqual(w.cases, [], 'the router does not load the world, so no case runs');
  const byFile = Object.fromEntries(
    w.files.map((f) => [path.relative(root, URI.parse(f.uri).fsPath), f.diagnostics.map((d) => [d.code, d.range.start.line, d.range.start.character, d.source])]),
  );
  assert.deepEqual(Object.keys(byFile), ['broken/.agent-world/world.json', 'broken/.agent-world/prompts/orphan.md', 'broken/.agent-world/prompts/sender.md']);
  const biuld = BROKEN.split('\n').findIndex((l) => l.includes('"biuld"'));
  assert.deepEqual(byFile['broken/.agent-world/world.json'], [['world-unknown-edge-target', biuld, BROKEN.split('\n')[biuld]!.indexOf('"biuld"'), 'agent-files']]);
  assert.deepEqual(byFile['broken/.agent-world/prompts/sender.md'], [
    ['world-missing-mention-protocol', 0, 0, 'agent-files'],
    ['world-missing-tool-prohibition', 0, 0, 'agent-files'],
    ['world-unknown-mention', 2, 0, 'agent-files'],
  ]);
});

test('checkWorld gives a prompt the same diagnostics the editor publishes once it is opened', async () => {
  const uri = fileUri('broken', '.agent-world', 'prompts', 'sender.md');
  const r = await client.request<CheckWorldResult>('agentFiles/checkWorld', { uri: brokenUri() });
  const fromCheck = r.worlds[0]!.files.find((f) => f.uri === uri)!.diagnostics;
  const published = client.diagnostics(uri, (p) => p.diagnostics.length > 0);
  client.open(uri, fs.readFileSync(URI.parse(uri).fsPath, 'utf8'), 'markdown', 1);
  assert.deepEqual(await published, fromCheck);
  client.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
});

test('checkWorld reads an open, unsaved world.json and answers nothing for a world that does not exist', async () => {
  const uri = brokenUri();
  client.open(uri, BROKEN.replace('"biuld"', '"send"'), 'json', 1);
  const r = await client.request<CheckWorldResult>('agentFiles/checkWorld', { uri });
  assert.deepEqual(r.worlds[0]!.checks[1], { category: 'config', name: 'router config loads and graph references validate', status: 'PASS' });
  client.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
  const none = await client.request<CheckWorldResult>('agentFiles/checkWorld', { uri: fileUri('nowhere', '.agent-world', 'world.json') });
  assert.deepEqual(none, { worlds: [] });
});
