import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeWorld } from '../../server/src/core/world/analyzeWorld';
import { emptyHost } from '../../server/src/core/workspace/host';
import { BASE_URI, baseHost, baseWorld, fixtureHost, rangeOf, worldUri } from '../fixtures/world/helpers';

function run(obj: unknown, host = baseHost()) {
  const text = JSON.stringify(obj, null, 2);
  return { text, ...analyzeWorld(text, BASE_URI, host) };
}
const codes = (r: { diagnostics: { code: string }[] }) => r.diagnostics.map((d) => d.code);

test('the §3.14 app-builder example world gives no diagnostics', () => {
  const host = fixtureHost('app-builder');
  const r = analyzeWorld(host.readText(worldUri('app-builder'))!, worldUri('app-builder'), host);
  assert.deepEqual(r.diagnostics, []);
  assert.equal(r.world.nodes.size, 6);
  assert.equal(r.world.agents.get('architect')?.prompt?.kind, 'ok');
});

test('the §3.14 free-mention world gives no diagnostics', () => {
  const host = fixtureHost('free-mention');
  const r = analyzeWorld(host.readText(worldUri('free-mention'))!, worldUri('free-mention'), host);
  assert.deepEqual(r.diagnostics, []);
});

test('the minimal base world gives no diagnostics', () => {
  assert.deepEqual(run(baseWorld()).diagnostics, []);
});

test('W1: a JSON syntax error is reported at its position', () => {
  const text = '{\n  "world": {,\n}';
  const r = analyzeWorld(text, BASE_URI, emptyHost);
  assert.equal(r.diagnostics[0]!.code, 'world-invalid-json');
  assert.equal(r.diagnostics[0]!.severity, 'error');
  assert.deepEqual(r.diagnostics[0]!.range, { start: { line: 1, character: 12 }, end: { line: 1, character: 13 } });
  assert.match(r.diagnostics[0]!.message, /^Invalid JSON: value expected at line 2 column 13$/);
});

test('W1: comments are not allowed in strict JSON', () => {
  const r = analyzeWorld('{ // c\n}', BASE_URI, emptyHost);
  assert.ok(codes(r).includes('world-invalid-json'));
});

test('W1: a duplicate key is flagged on its second occurrence', () => {
  const text = '{ "world": {}, "world": {} }';
  const r = analyzeWorld(text, BASE_URI, emptyHost);
  const d = r.diagnostics.find((x) => x.code === 'world-duplicate-key')!;
  assert.deepEqual(d.range, rangeOf(text, '"world"', 1));
  assert.equal(d.message, 'Duplicate key "world": JSON.parse keeps only the last value');
});

test('W3: a node agent not defined in agents uses the router text on the value', () => {
  const w = baseWorld();
  w.workflow.nodes.receive.agent = 'missing_agent';
  const r = run(w);
  const d = r.diagnostics.find((x) => x.code === 'world-unknown-agent')!;
  assert.equal(d.message, 'workflow.nodes.receive.agent "missing_agent" is not defined in agents');
  assert.deepEqual(d.range, rangeOf(r.text, '"missing_agent"'));
});

test('W3: missing requires node, edge target, edge source and entry', () => {
  const w = baseWorld();
  w.workflow.nodes.receive.requires = ['missing'];
  w.workflow.edges.send = ['nowhere'];
  w.workflow.edges.ghost = ['receive'];
  w.workflow.entry = 'start';
  const r = run(w);
  const msg = (c: string) => r.diagnostics.filter((d) => d.code === c).map((d) => d.message);
  assert.deepEqual(msg('world-unknown-required-node'), ['workflow.nodes.receive.requires references missing node "missing"']);
  assert.deepEqual(msg('world-unknown-edge-target'), ['workflow.edges.send references missing target node "nowhere"']);
  assert.deepEqual(msg('world-unknown-edge-source'), ['workflow.edges.ghost references missing source node "ghost"']);
  assert.deepEqual(msg('world-unknown-entry-node'), ['workflow.entry "start" does not match a workflow node']);
  assert.deepEqual(r.diagnostics.find((d) => d.code === 'world-unknown-edge-source')!.range, rangeOf(r.text, '"ghost"'));
  assert.deepEqual(r.diagnostics.find((d) => d.code === 'world-unknown-entry-node')!.range, rangeOf(r.text, '"start"'));
});

test('W3: human is an allowed edge source', () => {
  const w = baseWorld();
  w.workflow.edges.human = ['send'];
  assert.deepEqual(run(w).diagnostics, []);
});

test('W3: node missing agent, bad contextScope, contextLimit and tools, missing promptPath', () => {
  const w = baseWorld();
  delete w.workflow.nodes.receive.agent;
  w.agents.sender.contextScope = 'causal';
  w.agents.sender.contextLimit = 0;
  w.agents.sender.tools = 'Read';
  delete w.agents.receiver.promptPath;
  const r = run(w);
  const by = (c: string) => r.diagnostics.find((d) => d.code === c)!;
  assert.equal(by('world-missing-node-agent').message, 'workflow.nodes.receive is missing agent');
  assert.deepEqual(by('world-missing-node-agent').range, rangeOf(r.text, '"receive"'));
  assert.equal(by('world-invalid-context-scope').message, 'agents.sender.contextScope must be one of: global, agent');
  assert.deepEqual(by('world-invalid-context-scope').range, rangeOf(r.text, '"causal"'));
  assert.equal(by('world-invalid-context-limit').message, 'agents.sender.contextLimit must be an integer greater than 0');
  assert.equal(by('world-invalid-tools').message, 'agents.sender.tools must be an array of tool names');
  assert.equal(by('world-missing-prompt-path').message, 'agents.receiver is missing promptPath');
});

test('W4: unknown workflow type and a missing one', () => {
  const w = baseWorld();
  w.workflow.type = 'Free Mention';
  let r = run(w);
  const d = r.diagnostics.find((x) => x.code === 'world-unknown-workflow-type')!;
  assert.equal(d.message, 'workflow.type must be one of the canonical workflow pattern ids, got "Free Mention"');
  assert.deepEqual(d.range, rangeOf(r.text, '"Free Mention"'));
  delete w.workflow.type;
  r = run(w);
  assert.equal(r.diagnostics.find((x) => x.code === 'world-unknown-workflow-type')!.message, 'workflow.type must be one of the canonical workflow pattern ids, got (none)');
});

test('W4: enforceEdges must equal the derived value; W19 flags it being written at all', () => {
  const w = baseWorld();
  w.workflow.enforceEdges = false;
  const r = run(w);
  const d = r.diagnostics.find((x) => x.code === 'world-enforce-edges-mismatch')!;
  assert.equal(d.message, 'workflow.enforceEdges must be true for workflow.type "direct-handoff", or omitted; edge enforcement is derived from the pattern');
  assert.deepEqual(d.range, rangeOf(r.text, 'false'));
  w.workflow.enforceEdges = true;
  const r2 = run(w);
  assert.deepEqual(codes(r2), ['world-enforce-edges-written']);
  assert.equal(r2.diagnostics[0]!.severity, 'information');
  assert.deepEqual(r2.diagnostics[0]!.range, rangeOf(r2.text, '"enforceEdges"'));
});

function freeMention(): any {
  const w = baseWorld();
  w.workflow.type = 'free-mention';
  w.workflow.edges = {};
  w.world.turnLimit = 8;
  return w;
}

test('W5: free-mention shape errors carry the router text', () => {
  assert.deepEqual(run(freeMention()).diagnostics, []);
  const w = freeMention();
  w.workflow.edges = { human: [] };
  w.workflow.nodes.receive.requires = ['send'];
  w.world.turnLimit = 0;
  w.workflow.nodes.extra = { agent: 'sender' };
  const r = run(w);
  const msgs = r.diagnostics.filter((d) => d.code.startsWith('world-free-mention')).map((d) => d.message);
  assert.deepEqual(msgs, [
    'workflow.edges.human is not allowed in a free-mention world; workflow.edges must be {}',
    'workflow.nodes.receive.requires is not allowed in a free-mention world; there are no edges to order prerequisites against',
    'agents.sender is referenced by 2 workflow nodes; every agent in a free-mention world must map to exactly one node',
    'world.turnLimit must be an integer greater than 0 in a free-mention world; it is the only structural stop the pattern has, got 0',
  ]);
});

test('W5: an empty requires list is accepted in a free-mention world, as the router accepts it', () => {
  const w = freeMention();
  w.workflow.nodes.receive.requires = [];
  assert.deepEqual(run(w).diagnostics, []);
  w.workflow.nodes.receive.requires = null;
  assert.deepEqual(run(w).diagnostics, []);
  w.workflow.nodes.receive.requires = 'send';
  const r = run(w);
  assert.deepEqual(codes(r), ['world-free-mention-requires']);
  assert.deepEqual(r.diagnostics[0]!.range, rangeOf(r.text, '"requires"'));
});

test('W5: a free-mention agent with no node, and a lone agent', () => {
  const w = freeMention();
  delete w.workflow.nodes.receive;
  let r = run(w);
  assert.equal(
    r.diagnostics.find((d) => d.code === 'world-free-mention-agent-nodes')!.message,
    'agents.receiver has no workflow node; every agent in a free-mention world must map to exactly one node',
  );
  delete w.agents.receiver;
  r = run(w);
  const d = r.diagnostics.find((x) => x.code === 'world-free-mention-too-few-agents')!;
  assert.match(d.message, /^agents must contain at least two agents in a free-mention world/);
  assert.deepEqual(d.range, rangeOf(r.text, '"agents"'));
});

test('W6: a missing prompt file and a path escaping the project', () => {
  const w = baseWorld();
  w.agents.sender.promptPath = 'prompts/nope.md';
  w.agents.receiver.promptPath = '../../etc/passwd';
  let read = 0;
  const host = baseHost();
  const orig = host.readText.bind(host);
  host.readText = (u: string) => (read++, orig(u));
  const r = run(w, host);
  const nf = r.diagnostics.find((d) => d.code === 'world-prompt-not-found')!;
  assert.equal(nf.message, 'agents.sender.promptPath not found: prompts/nope.md');
  assert.deepEqual(nf.range, rangeOf(r.text, '"prompts/nope.md"'));
  assert.deepEqual(nf.data, { agentId: 'sender', promptUri: 'file:///p/.agent-world/prompts/nope.md' });
  const esc = r.diagnostics.find((d) => d.code === 'world-prompt-path-escapes')!;
  assert.equal(esc.message, 'agents.receiver.promptPath escapes the project and skill directories: ../../etc/passwd');
  assert.equal(read, 0);
});

test('W6: absolute prompt paths escape; ../prompts inside the project is fine', () => {
  const w = baseWorld();
  w.agents.sender.promptPath = '/abs/sender.md';
  w.agents.receiver.promptPath = '../receiver.md';
  const r = run(w, baseHost({ 'file:///p/receiver.md': 'x' }));
  assert.deepEqual(codes(r), ['world-prompt-path-escapes']);
});

test('W7: legacy array edges with join and no nodes', () => {
  const w = baseWorld();
  delete w.workflow.nodes;
  w.workflow.edges = [
    { from: 'sender', to: ['receiver'] },
    { from: ['receiver'], to: ['sender'], join: 'all' },
  ];
  const r = run(w);
  const legacy = r.diagnostics.filter((d) => d.code === 'world-legacy-dialect');
  assert.deepEqual(
    legacy.map((d) => d.message.split('\n')[0]),
    [
      'workflow.edges must be an object, not an array of from/to entries',
      'workflow edges no longer support a "join" key',
      'workflow.nodes is required and must be an object keyed by node id',
    ],
  );
  assert.match(legacy[0]!.message, /\n\nDefine workflow\.nodes as an object keyed by node id/);
  assert.deepEqual(legacy[0]!.range, rangeOf(r.text, '"edges"'));
  assert.ok(!codes(r).includes('world-unknown-edge-source'));
});

test('W7: a non-array edge value and array agents', () => {
  const w = baseWorld();
  w.workflow.edges.send = 'receive';
  w.agents = [
    { id: 'sender', promptPath: 'prompts/sender.md', contextScope: 'agent' },
    { id: 'receiver', promptPath: 'prompts/receiver.md', contextScope: 'agent' },
  ];
  const r = run(w);
  assert.deepEqual(
    r.diagnostics.filter((d) => d.code === 'world-legacy-dialect').map((d) => d.message.split('\n')[0]),
    ['workflow.edges.send must be an array of target node ids', 'agents must be an object keyed by agent id, not an array of {id, …} entries'],
  );
  assert.ok(!codes(r).includes('world-unknown-agent'), 'agents were still read from the array');
});

test('W8: entryAgent must match the entry node agent', () => {
  const w = baseWorld();
  w.workflow.entryAgent = 'receiver';
  const r = run(w);
  const d = r.diagnostics.find((x) => x.code === 'world-entry-agent-mismatch')!;
  assert.equal(d.severity, 'warning');
  assert.equal(d.message, 'entryAgent receiver does not match send.agent sender');
  assert.deepEqual(d.range, rangeOf(r.text, '"receiver"'));
});

test('W9: unresolvable mainAgent, world.entryAgent and routing fallback', () => {
  const w = baseWorld();
  w.world.mainAgent = 'Receiver';
  assert.deepEqual(run(w).diagnostics, [], 'mainAgent resolves through mention normalization');
  w.world.mainAgent = 'boss';
  w.world.entryAgent = 'ghost';
  w.routing = { noMentionFromHumanGoesTo: 'nobody' };
  const r = run(w);
  assert.deepEqual(
    r.diagnostics.filter((d) => d.code === 'world-unresolved-agent-reference').map((d) => d.message),
    [
      'world.entryAgent "ghost" is not defined in agents',
      'routing.noMentionFromHumanGoesTo "nobody" is not defined in agents',
      'world.mainAgent "boss" does not resolve to an agent; the router silently ignores it and unaddressed human messages go to workflow.entry',
    ],
  );
});

test('W10: an agent id starting with a digit can never be mentioned', () => {
  const w = baseWorld();
  w.agents['1qa'] = { promptPath: 'prompts/sender.md', contextScope: 'agent' };
  w.workflow.nodes.qa = { agent: '1qa' };
  w.workflow.edges.receive = ['qa'];
  const r = run(w);
  const d = r.diagnostics.find((x) => x.code === 'world-unmentionable-agent-id')!;
  assert.equal(d.message, "agent id '1qa' can never be addressed: mentions must start with a letter");
  assert.deepEqual(d.range, rangeOf(r.text, '"1qa"', 1));
});

test('W11: ids and names that normalize to the same alias collide, first wins', () => {
  const w = baseWorld();
  w.agents.worker_a = { promptPath: 'prompts/sender.md', contextScope: 'agent' };
  w.agents['worker-a'] = { promptPath: 'prompts/sender.md', contextScope: 'agent' };
  w.agents.receiver.name = 'Sender';
  w.workflow.nodes.a = { agent: 'worker_a' };
  w.workflow.nodes.b = { agent: 'worker-a' };
  w.workflow.edges.receive = ['a', 'b'];
  const r = run(w);
  assert.deepEqual(
    r.diagnostics.filter((d) => d.code === 'world-mention-alias-collision').map((d) => d.message),
    [
      'agents.worker-a and agents.worker_a share the mention alias "@worker-a"; mentions resolve to worker_a',
      'agents.receiver.name "Sender" shares the mention alias "@sender" with agents.sender; mentions resolve to sender',
    ],
  );
});

test('W12: an agent no node uses', () => {
  const w = baseWorld();
  w.agents.idle = { promptPath: 'prompts/sender.md', contextScope: 'agent' };
  const r = run(w);
  const d = r.diagnostics.find((x) => x.code === 'world-unused-agent')!;
  assert.equal(d.message, 'agents.idle is not used by any workflow node');
  assert.deepEqual(d.range, rangeOf(r.text, '"idle"'));
});

test('W13: unreachable node and a join that can never fire', () => {
  const w = baseWorld();
  w.workflow.nodes.island = { agent: 'receiver' };
  w.workflow.nodes.receive.requires = ['island'];
  const r = run(w);
  assert.deepEqual(
    r.diagnostics.filter((d) => d.code.startsWith('world-unreachable')).map((d) => [d.code, d.message]),
    [
      ['world-unreachable-node', 'workflow.nodes.island is unreachable: no edge leads to it from workflow.entry "send" or workflow.edges.human'],
      ['world-unreachable-join', 'workflow.nodes.receive.requires "island" can never complete before receive; the join can never fire'],
    ],
  );
});

test('W13: human edges make a node reachable; a sibling requirement is not upstream', () => {
  const w = baseWorld();
  w.workflow.nodes.side = { agent: 'receiver' };
  w.workflow.edges.human = ['send', 'side'];
  assert.deepEqual(run(w).diagnostics, []);
  w.workflow.nodes.receive.requires = ['side'];
  const r = run(w);
  assert.deepEqual(
    r.diagnostics.map((d) => d.message),
    ['workflow.nodes.receive.requires "side" is not upstream of receive; no edge path leads from side to receive, so the join fires only by timing'],
  );
});

test('W20, W21, W23: $schema, parallelDispatch on a non-lane pattern, forbidden node field', () => {
  const w = baseWorld();
  w.$schema = './world.schema.json';
  w.workflow.parallelDispatch = true;
  w.workflow.nodes.send.role = 'x';
  const r = run(w);
  assert.deepEqual(
    r.diagnostics.map((d) => [d.code, d.severity]),
    [
      ['world-schema-property', 'information'],
      ['world-parallel-dispatch-pattern', 'information'],
      ['world-forbidden-node-field', 'error'],
    ],
  );
  assert.match(r.diagnostics[2]!.message, /^workflow\.nodes\.send\.role must NOT have additional properties \(role\)/);
  w.workflow.type = 'broadcast';
  w.agents.sender.contextScope = 'agent';
  assert.ok(!codes(run(w)).includes('world-parallel-dispatch-pattern'));
});

test('W22: contextScope omitted or differing from the pattern default for a sample id', () => {
  const w = baseWorld();
  delete w.agents.receiver.contextScope;
  w.agents.sender.contextScope = 'global';
  const r = run(w);
  assert.deepEqual(
    r.diagnostics.map((d) => d.message),
    [
      'agents.sender.contextScope is "global", but the direct-handoff pattern uses "agent" for sender',
      'agents.receiver.contextScope is omitted (the router uses global); state it explicitly: the direct-handoff pattern uses "agent" for receiver',
    ],
  );
});

test('W24: loop patterns want a conservative turn limit', () => {
  const w = freeMention();
  w.world.turnLimit = 40;
  let r = run(w);
  assert.deepEqual(
    r.diagnostics.map((d) => d.message),
    ['world.turnLimit 40 is not conservative for the free-mention loop pattern (init uses 8)'],
  );
  delete w.world.turnLimit;
  r = run(w);
  assert.deepEqual(codes(r), ['world-loop-turn-limit']);
});

test('analyzeWorld never throws on garbage', () => {
  for (const t of ['', 'null', '[]', '{"workflow": 3}', '{"agents": {"a": 1}, "workflow": {"nodes": {"n": 2}, "edges": {"n": [1]}}}', '{"']) {
    assert.doesNotThrow(() => analyzeWorld(t, BASE_URI, emptyHost));
  }
});
