// The minimum case of every workflow pattern (spec §3.5 "Pattern Minimums"), run on the router.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { brief, configOf, makeWorld, Run } from '../fixtures/world/routerHelpers';

const pending = (run: Run) =>
  run.state.pendingTurns
    .filter((t) => t.status === 'pending' && t.runId === run.state.currentRunId)
    .map((t) => `${t.agent}@${t.workflowNode}`)
    .sort();

test('broadcast: a human message wakes the lanes it names; the collector waits for them', () => {
  const w = makeWorld(
    'broadcast',
    { b: 'broadcaster', r: 'researcher', k: 'critic', c: ['collector', ['r', 'k']] },
    { human: ['b', 'r', 'k'], b: ['r', 'k'], r: ['c'], k: ['c'], c: [] },
    { global: ['collector'] },
  );
  const run = new Run(configOf(w));
  run.user('@researcher look\n@critic look');
  assert.deepEqual(pending(run), ['critic@k', 'researcher@r']);
  const critic = run.state.pendingTurns.find((t) => t.agent === 'critic')!.id;
  assert.equal(brief(run.complete('@collector done researching')), 'agent_instruction critic@k human_mention_workflow_node');
  assert.deepEqual(pending(run), ['critic@k'], 'the collector is not queued before the critic completes');
  assert.equal(brief(run.complete('@collector done critiquing', critic)), 'agent_instruction collector@c workflow_edge');
});

test('direct-handoff: the sender routes only to the receiver; an off-edge mention blocks', () => {
  const w = makeWorld('direct-handoff', { send: 'sender', receive: 'receiver', other: 'other' }, { human: ['send'], send: ['receive'], receive: [], other: [] });
  const ok = new Run(configOf(w));
  ok.user('go');
  assert.equal(brief(ok.complete('@receiver yours')), 'agent_instruction receiver@receive workflow_edge');
  const bad = new Run(configOf(w));
  bad.user('go');
  assert.equal(brief(bad.complete('@other yours')), 'blocked workflow_edge_blocked');
});

test('multi-agent-fan-out: one message queues several lanes', () => {
  const w = makeWorld('multi-agent-fan-out', { lead: 'lead', qa: 'qa', sec: 'security', c: 'collector' }, { lead: ['qa', 'sec'], qa: ['c'], sec: ['c'], c: [] });
  const run = new Run(configOf(w));
  run.user('ship it');
  run.complete('@qa test it\n@security audit it');
  assert.deepEqual(pending(run), ['qa@qa', 'security@sec']);
});

test('fan-in-collector: the collector runs only after its required nodes', () => {
  const w = makeWorld(
    'fan-in-collector',
    { r: 'researcher', a: 'analyst', c: ['collector', ['r', 'a']] },
    { human: ['r', 'a'], r: ['c'], a: ['c'], c: [] },
    { parallelDispatch: true },
  );
  const run = new Run(configOf(w));
  assert.equal(brief(run.user('@researcher go\n@analyst go')), 'agent_instruction_batch researcher@r,analyst@a');
  assert.equal(brief(run.complete('@collector first', 'turn_0001')), 'idle awaiting turn_0002');
  assert.equal(brief(run.complete('@collector second', 'turn_0002')), 'agent_instruction collector@c workflow_edge');
});

test('sequential-pipeline: each step routes to the next; skipping one blocks', () => {
  const w = makeWorld(
    'sequential-pipeline',
    { intake: 'intake', design: 'architect', build: 'builder', review: 'reviewer' },
    { intake: ['design'], design: ['build'], build: ['review'], review: [] },
  );
  const run = new Run(configOf(w));
  run.user('todo app');
  assert.equal(brief(run.complete('@architect design it')), 'agent_instruction architect@design workflow_edge');
  assert.equal(brief(run.complete('@builder build it')), 'agent_instruction builder@build workflow_edge');
  assert.equal(brief(run.complete('@reviewer review it')), 'agent_instruction reviewer@review workflow_edge');
  assert.equal(brief(run.complete('LGTM <world>pass</world>')), 'done');
  const skip = new Run(configOf(w));
  skip.user('todo app');
  assert.equal(brief(skip.complete('@builder just build it')), 'blocked workflow_edge_blocked');
});

test('intent-router: the router reaches one specialist; a second mention to a non-edge blocks', () => {
  const w = makeWorld('intent-router', { route: 'router', docs: 'docs', code: 'code', ops: 'ops' }, { route: ['docs', 'code', 'ops'], docs: [], code: [], ops: [] });
  const run = new Run(configOf(w));
  run.user('how do I deploy?');
  assert.equal(brief(run.complete('@ops this is yours')), 'agent_instruction ops@ops workflow_edge');
  assert.equal(brief(run.complete('@docs write it up')), 'blocked workflow_edge_blocked');
});

test('fsm-state-token: the state token travels with the handoff to the node for that state', () => {
  const w = makeWorld(
    'fsm-state-token',
    { state: 'state_router', plan: 'planner', exec: 'executor', review: 'reviewer' },
    { state: ['plan', 'exec', 'review'], plan: ['state'], exec: ['state'], review: [] },
    { global: ['state_router', 'reviewer'] },
  );
  const run = new Run(configOf(w));
  run.user('[STATE=PLAN] migrate the db');
  const r = run.complete('[STATE=EXECUTE]\n@executor run the plan');
  assert.equal(brief(r), 'agent_instruction executor@exec workflow_edge');
  assert.match(JSON.stringify(r), /\[STATE=EXECUTE\]/);
});

test('debate-ping-pong-loop: pro and con alternate, the judge stops, the turn limit blocks a runaway', () => {
  const w = makeWorld(
    'debate-ping-pong-loop',
    { pro: 'pro', con: 'con', judge: 'judge' },
    { pro: ['con', 'judge'], con: ['pro', 'judge'], judge: [] },
    { turnLimit: 4, global: ['judge'] },
  );
  const run = new Run(configOf(w));
  run.user('tabs or spaces');
  assert.equal(brief(run.complete('@con tabs')), 'agent_instruction con@con workflow_edge');
  assert.equal(brief(run.complete('@pro spaces')), 'agent_instruction pro@pro workflow_edge');
  assert.equal(brief(run.complete('@judge decide')), 'agent_instruction judge@judge workflow_edge');
  assert.equal(brief(run.complete('Spaces win. <world>pass</world>')), 'done');
  const loop = new Run(configOf(w));
  loop.user('tabs or spaces');
  for (let i = 0; i < 3; i++) loop.complete(i % 2 === 0 ? '@con no' : '@pro yes');
  assert.equal(brief(loop.complete('@con no')), 'blocked turn_limit_reached');
});

test('orchestrator-worker: the orchestrator delegates, the synthesizer merges after the workers', () => {
  const w = makeWorld(
    'orchestrator-worker',
    { orch: 'orchestrator', wa: 'worker_a', wb: 'worker_b', syn: ['synthesizer', ['wa', 'wb']] },
    { orch: ['wa', 'wb'], wa: ['syn'], wb: ['syn'], syn: [] },
    { global: ['orchestrator', 'synthesizer'] },
  );
  const run = new Run(configOf(w));
  run.user('write a report');
  assert.equal(brief(run.complete('@worker_a part 1\n@worker_b part 2')), 'agent_instruction worker_a@wa workflow_edge');
  assert.equal(brief(run.complete('@synthesizer part 1 done')), 'agent_instruction worker_b@wb workflow_edge');
  assert.equal(brief(run.complete('@synthesizer part 2 done')), 'agent_instruction synthesizer@syn workflow_edge');
});

test('custom-dag: entry, edges, a required join, an invalid handoff and stop-token completion', () => {
  const w = makeWorld('custom-dag', { a: 'alpha', b: 'beta', c: 'gamma', d: ['delta', ['b', 'c']] }, { a: ['b', 'c'], b: ['d'], c: ['d'], d: [] });
  const run = new Run(configOf(w));
  assert.equal(brief(run.user('start')), 'agent_instruction alpha@a entry_workflow_node');
  assert.equal(brief(run.complete('@delta now')), 'blocked workflow_edge_blocked');
  const ok = new Run(configOf(w));
  ok.user('start');
  ok.complete('@beta one\n@gamma two');
  assert.equal(brief(ok.complete('@delta from beta')), 'agent_instruction gamma@c workflow_edge');
  assert.equal(brief(ok.complete('@delta from gamma')), 'agent_instruction delta@d workflow_edge');
  assert.equal(brief(ok.complete('merged <world>pass</world>')), 'done');
});

test('free-mention: any agent reaches any peer, an unresolved mention blocks, the turn limit bounds the exchange', () => {
  const w = makeWorld('free-mention', { coord: 'coordinator', res: 'researcher', crit: 'critic' }, {}, { turnLimit: 3, global: ['coordinator'] });
  const run = new Run(configOf(w));
  run.user('explore');
  assert.equal(brief(run.complete('@critic check this first')), 'agent_instruction critic@crit agent_mention');
  assert.equal(brief(run.complete('@researcher dig deeper')), 'agent_instruction researcher@res agent_mention');
  assert.equal(brief(run.complete('@coordinator done')), 'blocked turn_limit_reached');
  const typo = new Run(configOf(w));
  typo.user('explore');
  assert.equal(brief(typo.complete('@reseacher go')), 'blocked unknown_mention_target');
});
