import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkLine, runWorldChecks, type WorldCheck } from '../../server/src/core/world/checks';
import { InMemoryHost } from '../../server/src/core/workspace/host';
import { BASE_URI, GOOD_PROMPT, baseHost, baseWorld, fixtureHost, worldUri } from '../fixtures/world/helpers';

const EVAL_URI = 'file:///p/.agent-world/world.eval.md';
const EVAL = '# Eval\n\n```json\n{ "name": "entry", "input": { "command": "user", "content": "go" }, "expect": { "type": "agent_instruction", "agent": "sender" } }\n```\n';
const SENDER = 'file:///p/.agent-world/prompts/sender.md';
const RECEIVER = 'file:///p/.agent-world/prompts/receiver.md';
/** The shared good prompt plus an `@mention` (the harness's mention check needs one). */
const PROMPT = GOOD_PROMPT + 'Address a peer as @name.\n';

/** The report as harness lines, e.g. `- FAIL config: …: reason`. */
function lines(checks: WorldCheck[]): string[] {
  return checks.map(checkLine);
}

function run(world: unknown, files: Record<string, string> = { [EVAL_URI]: EVAL }) {
  const text = typeof world === 'string' ? world : JSON.stringify(world, null, 2);
  return runWorldChecks(text, BASE_URI, baseHost({ [SENDER]: PROMPT, [RECEIVER]: PROMPT, ...files }));
}

const ALL_PASS = [
  '- PASS config: world.json is valid JSON',
  '- PASS config: router config loads and graph references validate',
  '- PASS config: all agents use promptPath',
  '- PASS config: every promptPath exists',
  '- PASS config: workflow.entry exists',
  '- PASS config: workflow.entryAgent matches entry node agent',
  '- PASS prompt: prompts mention paragraph-start @mentions',
  '- PASS prompt: prompts tell agents not to call tools directly',
  '- PASS prompt: final prompts mention the stop token',
  '- PASS eval: world.eval.md exists',
  '- PASS eval: world.eval.md contains routing cases',
];

test('a valid world with an eval contract passes every check, in the harness order', () => {
  const r = run(baseWorld());
  assert.deepEqual(lines(r.checks), ALL_PASS);
  assert.equal(r.passed, true);
  assert.equal(r.evalUri, EVAL_URI);
  assert.equal(r.worldUri, BASE_URI);
});

test('the app-builder fixture world passes every config and prompt check', () => {
  const host = fixtureHost('app-builder');
  const uri = worldUri('app-builder');
  const r = runWorldChecks(host.readText(uri)!, uri, host);
  assert.deepEqual(
    lines(r.checks).filter((l) => !l.includes(' eval: ')),
    ALL_PASS.slice(0, 9),
  );
});

test('invalid JSON fails the first two checks with JSON.parse text and skips the contract checks', () => {
  const text = '{ "world": ';
  let parseMessage = '';
  try {
    JSON.parse(text);
  } catch (e) {
    parseMessage = (e as Error).message;
  }
  const r = run(text);
  assert.deepEqual(lines(r.checks), [
    `- FAIL config: world.json is valid JSON: ${parseMessage}`,
    `- FAIL config: router config loads and graph references validate: Invalid Agent World JSON config at /p/.agent-world/world.json: ${parseMessage}`,
    '- PASS eval: world.eval.md exists',
    '- PASS eval: world.eval.md contains routing cases',
  ]);
  assert.equal(r.passed, false);
  assert.equal(r.checks[0]!.uri, BASE_URI);
});

test('graph errors are aggregated in the router order and the contract checks do not run', () => {
  const w = baseWorld();
  w.workflow.type = 'pipeline';
  w.workflow.nodes.receive.agent = 'ghost';
  w.workflow.nodes.receive.requires = ['nowhere'];
  w.workflow.edges = { send: ['receive', 'biuld'], gone: [] };
  w.agents.sender.contextScope = 'team';
  const r = run(w);
  assert.deepEqual(r.checks[1], {
    category: 'config',
    name: 'router config loads and graph references validate',
    status: 'FAIL',
    reason: [
      'Invalid Agent World config:',
      '- workflow.type must be one of the canonical workflow pattern ids, got "pipeline"',
      '- agents.sender.contextScope must be one of: global, agent',
      '- workflow.nodes.receive.agent "ghost" is not defined in agents',
      '- workflow.nodes.receive.requires references missing node "nowhere"',
      '- workflow.edges.send references missing target node "biuld"',
      '- workflow.edges.gone references missing source node "gone"',
    ].join('\n'),
    uri: BASE_URI,
  });
  assert.deepEqual(
    r.checks.map((c) => c.name),
    ['world.json is valid JSON', 'router config loads and graph references validate', 'world.eval.md exists', 'world.eval.md contains routing cases'],
  );
});

test('a stated enforceEdges that contradicts the pattern fails; a free-mention world is checked for its shape', () => {
  const w = baseWorld();
  w.workflow.enforceEdges = false;
  assert.equal(
    run(w).checks[1]!.reason,
    'Invalid Agent World config:\n- workflow.enforceEdges must be true for workflow.type "direct-handoff", or omitted; edge enforcement is derived from the pattern',
  );
  const f = baseWorld();
  f.workflow.type = 'free-mention';
  f.world.turnLimit = 0;
  f.workflow.nodes.receive.requires = ['send'];
  assert.equal(
    run(f).checks[1]!.reason,
    [
      'Invalid Agent World config:',
      '- workflow.edges.send is not allowed in a free-mention world; workflow.edges must be {}',
      '- workflow.edges.receive is not allowed in a free-mention world; workflow.edges must be {}',
      '- workflow.nodes.receive.requires is not allowed in a free-mention world; there are no edges to order prerequisites against',
      '- world.turnLimit must be an integer greater than 0 in a free-mention world; it is the only structural stop the pattern has, got 0',
    ].join('\n'),
  );
});

test('the router stops at the first agent whose prompt is missing', () => {
  const w = baseWorld();
  w.agents.sender.promptPath = 'prompts/nope.md';
  w.agents.receiver.promptPath = 'prompts/also-nope.md';
  const r = run(w);
  assert.equal(r.checks[1]!.reason, 'Invalid Agent World config:\n- agents.sender.promptPath not found: prompts/nope.md');
  const m = baseWorld();
  delete m.agents.receiver.promptPath;
  assert.equal(run(m).checks[1]!.reason, 'Invalid Agent World config:\n- agents.receiver is missing promptPath');
});

test('legacy workflow shapes fail with the router text and its migration help', () => {
  const w = baseWorld();
  w.workflow.edges = [{ from: 'send', to: 'receive', join: true }];
  const reason = run(w).checks[1]!.reason!;
  assert.ok(
    reason.startsWith(
      'Invalid Agent World config:\n- workflow.edges must be an object, not an array of from/to entries\n- workflow edges no longer support a "join" key\n\nDefine workflow.nodes as an object',
    ),
    reason,
  );
});

test('entryAgent that differs from the entry node agent fails the agreement check only', () => {
  const w = baseWorld();
  w.workflow.entryAgent = 'receiver';
  const r = run(w);
  const failed = r.checks.filter((c) => c.status === 'FAIL');
  assert.deepEqual(lines(failed), ['- FAIL config: workflow.entryAgent matches entry node agent: entryAgent receiver does not match send.agent sender']);
});

test('a missing entryAgent falls back to the entry node agent, as the router normalises it', () => {
  const w = baseWorld();
  delete w.workflow.entryAgent;
  assert.deepEqual(lines(run(w).checks), ALL_PASS);
});

test('prompt checks list every failing agent and point at the first failing prompt file', () => {
  const r = run(baseWorld(), { [EVAL_URI]: EVAL, [SENDER]: 'You are the sender.\n', [RECEIVER]: 'You are the receiver.\n' });
  const failed = r.checks.filter((c) => c.status === 'FAIL');
  assert.deepEqual(lines(failed), [
    '- FAIL prompt: prompts mention paragraph-start @mentions: prompts missing paragraph-start @mention protocol: sender, receiver',
    '- FAIL prompt: prompts tell agents not to call tools directly: prompts missing direct-tool prohibition: sender, receiver',
    '- FAIL prompt: final prompts mention the stop token: final nodes missing stop-token prompt guidance: receive',
  ]);
  assert.deepEqual(
    failed.map((c) => c.uri),
    [SENDER, SENDER, RECEIVER],
  );
});

test('the stop-token check uses routing.stopToken over world.stopToken, and every node is final in free-mention', () => {
  const w = baseWorld();
  w.routing = { stopToken: '<<END>>' };
  w.world.stopToken = '<world>pass</world>';
  const plain = PROMPT.replace('<world>pass</world>', 'the token');
  const withEnd = plain + 'Finish with <<END>>.\n';
  assert.deepEqual(lines(run(w, { [EVAL_URI]: EVAL, [RECEIVER]: withEnd }).checks), ALL_PASS);
  const f = baseWorld();
  f.workflow.type = 'free-mention';
  f.workflow.edges = {};
  const r = run(f, { [EVAL_URI]: EVAL, [SENDER]: plain, [RECEIVER]: plain });
  assert.deepEqual(lines(r.checks.filter((c) => c.status === 'FAIL')), [
    '- FAIL prompt: final prompts mention the stop token: final nodes missing stop-token prompt guidance: send, receive',
  ]);
});

test('eval checks: a missing contract, numbered JSON errors and no routing cases', () => {
  const missing = run(baseWorld(), {});
  assert.deepEqual(lines(missing.checks.slice(9)), ['- FAIL eval: world.eval.md exists: missing eval contract: /p/.agent-world/world.eval.md']);
  assert.equal(missing.checks[9]!.uri, BASE_URI);
  const broken = '```json\n{ "name": "a", }\n```\n\n```json\n\n```\n\n```json\n{ "name": "no expect", "input": {} }\n```\n\n```json\n[1, 2\n```\n';
  let e1 = '';
  let e4 = '';
  try {
    JSON.parse('{ "name": "a", }');
  } catch (e) {
    e1 = (e as Error).message;
  }
  try {
    JSON.parse('[1, 2');
  } catch (e) {
    e4 = (e as Error).message;
  }
  const r = run(baseWorld(), { [EVAL_URI]: broken });
  assert.deepEqual(lines(r.checks.slice(9)), [
    '- PASS eval: world.eval.md exists',
    `- FAIL eval: parse routing case JSON: json block 1: ${e1}`,
    `- FAIL eval: parse routing case JSON: json block 4: ${e4}`,
    '- FAIL eval: world.eval.md contains routing cases: no fenced json routing cases with name and expect were found',
  ]);
  assert.ok(r.checks.slice(10).every((c) => c.uri === EVAL_URI));
});

test('an empty eval file exists but has no routing-case checks (the harness skips an empty contract)', () => {
  const r = run(baseWorld(), { [EVAL_URI]: '' });
  assert.deepEqual(lines(r.checks.slice(9)), ['- PASS eval: world.eval.md exists']);
});

test('the legacy array form of agents loads with ids or names', () => {
  const w = baseWorld();
  w.agents = [
    { id: 'sender', promptPath: 'prompts/sender.md', contextScope: 'agent' },
    { name: 'receiver', promptPath: 'prompts/receiver.md', contextScope: 'agent' },
  ];
  assert.deepEqual(lines(run(w).checks), ALL_PASS);
  w.agents.push({ promptPath: 'prompts/x.md' });
  assert.equal(run(w).checks[1]!.reason, 'Agent entry is missing id/name in /p/.agent-world/world.json');
});

test('any JSON value is checked without throwing, with the router error as the reason', () => {
  assert.equal(run('null').checks[1]!.reason, "Cannot read properties of null (reading 'agents')");
  assert.equal(run('[]').checks[1]!.reason!.split('\n\n')[0], 'Invalid Agent World config:\n- workflow.nodes is required and must be an object keyed by node id');
  const w = baseWorld();
  w.agents.sender.promptPath = 5;
  assert.equal(run(w).checks[1]!.reason, 'The "paths[1]" argument must be of type string. Received type number (5)');
  for (const text of [
    '',
    '"x"',
    '1',
    '{"agents": 3, "workflow": []}',
    '{"workflow": {"nodes": {"a": null}, "edges": {"a": "b"}}, "agents": {"x": {"promptPath": "prompts/sender.md"}}}',
  ]) {
    const r = run(text);
    assert.ok(r.checks.length >= 3, text);
    assert.equal(r.passed, false, text);
  }
});

test('a prompt behind a symbolic link out of the workspace is reported as not read, not as missing', () => {
  const host = new InMemoryHost({ [RECEIVER]: PROMPT, [EVAL_URI]: EVAL });
  const link = 'file:///p/.agent-world/prompts';
  const bounded = Object.assign(host, { linkOutside: (uri: string) => (uri === SENDER ? link : undefined) });
  const r = runWorldChecks(JSON.stringify(baseWorld(), null, 2), BASE_URI, bounded);
  const reasons = r.checks.filter((c) => c.status === 'FAIL').map((c) => c.reason);
  assert.deepEqual(reasons, [
    "agents.sender.promptPath is not read (outside the workspace through the symbolic link 'prompts'), so the world cannot be checked: prompts/sender.md",
  ]);
  assert.equal(r.passed, false);
});
