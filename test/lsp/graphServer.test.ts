/** `agentFiles/graph` over stdio: a world's workflow and an agent.3md's dependencies, read as the editor sees them (open buffers first). */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import { startClient, type TestClient } from '../helpers/lspClient';
import { baseWorld, GOOD_PROMPT } from '../fixtures/world/helpers';
import type { GraphResult } from '../../server/src/lsp/protocol';

const WORLD = JSON.stringify({ ...baseWorld(), world: { id: 'w', name: 'handoff', turnLimit: 10 } }, null, 2);
const AGENT = [
  '---',
  '3md: 1.0',
  'title: Dev',
  '---',
  '@plane z=0 label="dev" kind=identity',
  'Rules.',
  '@plane z=1 label="search" kind=skill triggers="find" tool="rg {p}"',
  'See [[z=2]].',
  '',
].join('\n');

let root: string;
let client: TestClient;
const uriOf = (...p: string[]) => URI.file(path.join(root, ...p)).toString();
const graph = (uri: string) => client.request<GraphResult>('agentFiles/graph', { uri });
const ids = (g: GraphResult) => g?.nodes.map((n) => n.id);

before(async () => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'af-graph-')));
  fs.mkdirSync(path.join(root, '.agent-world', 'prompts'), { recursive: true });
  fs.writeFileSync(path.join(root, '.agent-world', 'world.json'), WORLD);
  for (const a of ['sender', 'receiver']) fs.writeFileSync(path.join(root, '.agent-world', 'prompts', `${a}.md`), GOOD_PROMPT);
  fs.writeFileSync(path.join(root, 'agent.3md'), AGENT);
  fs.writeFileSync(path.join(root, 'README.md'), '# readme\n');
  client = await startClient({ rootUri: URI.file(root).toString() });
});
after(async () => {
  await client.stop();
  fs.rmSync(root, { recursive: true, force: true });
});

test("agentFiles/graph answers a world's workflow for world.json and for a prompt of the world", async () => {
  const g = await graph(uriOf('.agent-world', 'world.json'));
  assert.equal(g?.kind, 'world');
  assert.equal(g?.uri, uriOf('.agent-world', 'world.json'));
  assert.deepEqual(ids(g), ['human', 'send', 'receive']);
  assert.deepEqual(
    g?.edges.map((e) => [e.from, e.to, e.kind]),
    [
      ['send', 'receive', 'edge'],
      ['human', 'send', 'human'],
    ],
  );
  const viaPrompt = await graph(uriOf('.agent-world', 'prompts', 'sender.md'));
  assert.deepEqual(viaPrompt, g);
});

test('agentFiles/graph reads the open buffer of world.json, not the disk', async () => {
  const uri = uriOf('.agent-world', 'world.json');
  const edited = JSON.parse(WORLD) as { workflow: { nodes: Record<string, unknown>; edges: Record<string, string[]> } };
  edited.workflow.nodes['review'] = { agent: 'receiver' };
  edited.workflow.edges['receive'] = ['review'];
  client.open(uri, JSON.stringify(edited, null, 2), 'json');
  const g = await graph(uri);
  assert.deepEqual(ids(g), ['human', 'send', 'receive', 'review']);
  assert.deepEqual(
    g?.nodes.filter((n) => n.final).map((n) => n.id),
    ['review'],
  );
});

test("agentFiles/graph answers an agent.3md's planes and links, the dangling one marked; another file is null", async () => {
  const g = await graph(uriOf('agent.3md'));
  assert.equal(g?.kind, 'agent');
  assert.deepEqual(
    g?.nodes.map((n) => [n.id, n.kind, n.label]),
    [
      ['0', 'identity', 'dev'],
      ['1', 'skill', 'search'],
      ['2', 'missing', 'z=2'],
    ],
  );
  assert.deepEqual(
    g?.edges.map((e) => [e.from, e.to, e.dangling, e.range?.start.line]),
    [['1', '2', true, 7]],
  );
  assert.equal(await graph(uriOf('README.md')), null);
  assert.equal(await graph(uriOf('missing.3md')), null);
  await assert.rejects(client.request('agentFiles/graph', { uri: 3 }), /uri must be a string/);
});
