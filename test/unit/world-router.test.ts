import { test } from 'node:test';
import assert from 'node:assert/strict';
import { routerStep } from '../../server/src/core/world/router/router';
import { routerStateProblem } from '../../server/src/core/world/router/stateShape';
import type { AgentInstruction, AgentInstructionBatch, BlockedResult, DoneResult, HostActionResult, IdleResult } from '../../server/src/core/world/router/types';
import { brief, configOf, deepFreeze, makeWorld, Run } from '../fixtures/world/routerHelpers';

const handoff = () => makeWorld('direct-handoff', { send: 'sender', receive: 'receiver' }, { send: ['receive'], receive: [] });
const pipeline = () =>
  makeWorld(
    'sequential-pipeline',
    { intake: 'intake', design: 'architect', build: 'builder', final: 'final' },
    { intake: ['design'], design: ['build'], build: ['final'], final: [] },
    { global: ['final'] },
  );
const started = (world: any, message = 'Build a todo app') => {
  const run = new Run(configOf(world));
  run.user(message);
  return run;
};

// --- mentions (§3.6) ---

test('a paragraph-start mention hands off along the edge; a mid-line mention does not', () => {
  const run = started(handoff());
  assert.equal(brief(run.last), 'agent_instruction sender@send entry_workflow_node');
  const r2 = started(handoff());
  assert.equal(brief(r2.complete('Done with my part.\n\n@receiver please take it from here.')), 'agent_instruction receiver@receive workflow_edge');
});

test('a mid-line-only mention auto-replies to no one from the entry and leaves the run idle', () => {
  const run = started(handoff());
  assert.equal(brief(run.complete('I think @receiver should look at this.')), 'idle');
});

test('a greeting before the mention still routes, a fenced mention does not', () => {
  assert.equal(brief(started(handoff()).complete('Hi, @receiver: over to you')), 'agent_instruction receiver@receive workflow_edge');
  assert.equal(brief(started(handoff()).complete('To: @receiver here it is')), 'agent_instruction receiver@receive workflow_edge');
  assert.equal(brief(started(handoff()).complete('```\n@receiver\n```\nnothing else')), 'idle');
});

test('display names with two words, separators and trailing punctuation resolve to the agent', () => {
  const w = makeWorld('direct-handoff', { send: 'sender', receive: 'review_captain' }, { send: ['receive'], receive: [] }, { names: { review_captain: 'Review Captain' } });
  for (const text of ['@Review Captain take it', '@review_captain take it', '@Review-Captain take it', '@review_captain.']) {
    const run = new Run(configOf(w));
    run.user('go');
    const r = run.complete(text) as AgentInstruction;
    assert.equal(brief(r), 'agent_instruction Review Captain@receive workflow_edge', text);
  }
});

test('an id wins over a display name that normalizes the same, and a later id takes over an earlier one', () => {
  const w = makeWorld('direct-handoff', { send: 'sender', a: 'worker_a', b: 'worker-a' }, { send: ['a', 'b'], a: [], b: [] }, { names: { sender: 'worker a' } });
  const run = started(w);
  assert.equal(brief(run.complete('@worker_a go')), 'agent_instruction worker-a@b workflow_edge');
});

test('each line routes to at most one agent, repeats collapse, and fan-out takes one line per lane', () => {
  const w = makeWorld('multi-agent-fan-out', { lead: 'lead', qa: 'qa', sec: 'security', c: 'collector' }, { lead: ['qa', 'sec'], qa: ['c'], sec: ['c'], c: [] });
  const run = started(w);
  run.complete('@qa @security both of you\n@qa again');
  const ids = run.state.pendingTurns.filter((t) => t.status === 'pending').map((t) => `${t.agent}@${t.workflowNode}`);
  assert.deepEqual(ids, ['qa@qa']);
  const run2 = started(w);
  run2.complete('@qa check it\n@security check it');
  assert.deepEqual(
    run2.state.pendingTurns.filter((t) => t.status === 'pending').map((t) => `${t.agent}@${t.workflowNode}`),
    ['qa@qa', 'security@sec'],
  );
});

test('a self-mention is dropped and leaves the run idle', () => {
  assert.equal(brief(started(handoff()).complete('@sender note to self')), 'idle');
});

test('<world>TO: …</world> replaces the paragraph mentions; unresolvable targets are dropped', () => {
  const w = makeWorld('multi-agent-fan-out', { lead: 'lead', qa: 'qa', sec: 'security' }, { lead: ['qa', 'sec'], qa: [], sec: [] });
  const run = started(w);
  run.complete('@qa ignore this line\n<world>TO: security, nobody</world>');
  assert.deepEqual(
    run.state.pendingTurns.filter((t) => t.status === 'pending').map((t) => t.agent),
    ['security'],
  );
  assert.equal(brief(started(w).complete('<world>TO: nobody</world>')), 'idle');
});

// --- completion and host actions ---

test('the stop token ends the run before any mention, and the final text drops the handoff lines', () => {
  const run = started(handoff());
  const r = run.complete('@receiver take it\nAll done. <world>pass</world>') as DoneResult;
  assert.equal(r.type, 'done');
  assert.equal(r.final, 'All done. <world>pass</world>');
  assert.equal(brief(started(handoff()).complete('finished <world> DONE </world>')), 'done');
});

test('a stop token inside a fence does not end the run; routing.stopToken overrides world.stopToken', () => {
  assert.equal(brief(started(handoff()).complete('Example:\n```\n<world>pass</world>\n```\n@receiver go')), 'agent_instruction receiver@receive workflow_edge');
  const w = handoff();
  w.world.stopToken = 'WORLD-END';
  w.routing = { stopToken: 'ROUTING-END' };
  assert.equal(brief(started(w).complete('bye WORLD-END')), 'idle');
  assert.equal(brief(started(w).complete('bye ROUTING-END')), 'done');
});

test('a host-action block wins over mentions; its result goes back to the agent that asked', () => {
  const run = started(handoff());
  const r = run.complete('@receiver later\n```agent-world-host-action\n{"kind":"shell","reason":"list","payload":{"cmd":"ls"}}\n```') as HostActionResult;
  assert.equal(brief(r), 'host_action shell by sender');
  assert.equal(r.actionId, 'action_0001');
  assert.equal(r.approval, 'ask_if_risky');
  assert.deepEqual(r.payload, { cmd: 'ls' });
  assert.equal(r.workflowNode, 'send');
  const back = run.step({ command: 'complete', actionId: 'action_0001', content: '{"status":"succeeded"}' }) as AgentInstruction;
  assert.equal(brief(back), 'agent_instruction sender@send host_action_result');
  assert.equal(back.routedFrom?.content, '@sender\n[HOST_ACTION_RESULT action_0001]\n{"status":"succeeded"}');
});

test('a host-action block that is not JSON becomes invalid_host_action; meta keys leave the payload', () => {
  const r = started(handoff()).complete('```agent-world-host-action\n{oops\n```') as HostActionResult;
  assert.equal(r.kind, 'invalid_host_action');
  assert.equal(r.approval, 'none');
  const r2 = started(handoff()).complete('```agent-world-host-action\n{"kind":"read","path":"a.txt","approval":"always"}\n```') as HostActionResult;
  assert.deepEqual([r2.kind, r2.approval, r2.reason, r2.payload], ['read', 'always', '', { path: 'a.txt' }]);
});

// --- human messages ---

test('a human message without a mention goes to the entry; with one, to a node of that agent', () => {
  const w = handoff();
  assert.equal(brief(started(w, 'hello').last), 'agent_instruction sender@send entry_workflow_node');
  assert.equal(brief(started(w, '@receiver do it').last), 'agent_instruction receiver@receive human_mention_workflow_node');
});

test('human edges restrict where a mention may enter; the overridden mention is reported', () => {
  const w = handoff();
  w.workflow.edges.human = ['send'];
  const r = started(w, '@receiver do it').last as AgentInstruction;
  assert.equal(brief(r), 'agent_instruction sender@send entry_workflow_node');
  assert.deepEqual(r.ignoredMentions, ['receiver']);
  assert.match(r.hostInstruction, /Overridden mentions:\nThe human addressed @receiver/);
});

test('world.mainAgent takes a message without a mention; unknown human mentions fall back to the entry', () => {
  const w = makeWorld('direct-handoff', { send: 'sender', receive: 'receiver' }, { send: ['receive'], receive: [] }, { mainAgent: 'receiver' });
  const r = started(w, 'no mention here').last as AgentInstruction;
  assert.equal(brief(r), 'agent_instruction receiver@receive human_mention_workflow_node');
  assert.deepEqual(r.ignoredMentions, []);
  assert.equal(brief(started(handoff(), '@nobody hi').last), 'agent_instruction sender@send entry_workflow_node');
});

// --- agent messages: edges, blocks, auto-reply ---

test('an off-edge mention blocks with workflow_edge_blocked and the exact reason', () => {
  const run = started(pipeline());
  const r = run.complete('@final\nSkip the workflow.') as BlockedResult;
  assert.equal(r.code, 'workflow_edge_blocked');
  assert.equal(r.reason, 'Agent @intake mentioned @final, but no workflow edge allows intake -> final.');
  assert.deepEqual([r.sourceAgent, r.sourceNode, r.mentions, r.targetNodes, r.allowedNext], ['intake', 'intake', ['final'], [{ agent: 'final', nodes: ['final'] }], ['design']]);
});

test('a mention of no agent blocks with unknown_mention_target where the node has edges, and is idle at a final node', () => {
  const run = started(handoff());
  const r = run.complete('@recevier over to you') as BlockedResult;
  assert.equal(r.code, 'unknown_mention_target');
  assert.equal(r.reason, 'Agent @sender used a paragraph-start mention of @recevier, which matches no agent in this world.');
  assert.deepEqual(r.unresolvedMentions, ['recevier']);
  const run2 = started(handoff());
  run2.complete('@receiver go');
  assert.equal(brief(run2.complete('@nobody thanks')), 'idle');
});

test('without a mention an agent replies to the agent it answered, where an edge allows it', () => {
  const w = makeWorld('debate-ping-pong-loop', { pro: 'pro', con: 'con' }, { pro: ['con'], con: ['pro'] });
  const run = started(w);
  run.complete('@con your turn');
  assert.equal(brief(run.complete('I disagree, for three reasons.')), 'agent_instruction pro@pro workflow_edge');
});

test('the default blocked code is routing_blocked for a block without code', () => {
  const r = started(pipeline()).complete('@final skip') as BlockedResult;
  assert.notEqual(r.code, 'routing_blocked');
});

// --- joins, batches, turn limit, superseded blocks ---

test('a requires join runs only after every required node has completed in the run', () => {
  const w = makeWorld(
    'fan-in-collector',
    { r: 'researcher', a: 'analyst', c: ['collector', ['r', 'a']] },
    { human: ['r', 'a'], r: ['c'], a: ['c'], c: [] },
    { global: ['collector'] },
  );
  const run = new Run(configOf(w));
  run.user('@researcher dig\n@analyst model');
  assert.equal(brief(run.last), 'agent_instruction researcher@r human_mention_workflow_node');
  const analyst = run.state.pendingTurns.find((t) => t.agent === 'analyst')!.id;
  assert.equal(brief(run.complete('@collector found it')), 'agent_instruction analyst@a human_mention_workflow_node');
  const r = run.complete('@collector modelled it', analyst) as AgentInstruction;
  assert.equal(brief(r), 'agent_instruction collector@c workflow_edge');
});

test('parallelDispatch hands out pending turns as a batch, then idle with awaitingTurns', () => {
  const w = makeWorld('multi-agent-fan-out', { lead: 'lead', qa: 'qa', sec: 'security' }, { lead: ['qa', 'sec'], qa: [], sec: [] }, { parallelDispatch: true });
  const run = started(w);
  const b = run.complete('@qa test\n@security audit') as AgentInstructionBatch;
  assert.equal(brief(b), 'agent_instruction_batch qa@qa,security@sec');
  assert.deepEqual(
    b.turns.map((t) => t.turnId),
    ['turn_0002', 'turn_0003'],
  );
  assert.equal(brief(run.step({ command: 'next' })), 'idle awaiting turn_0002,turn_0003');
  assert.equal(brief(run.complete('ok <world>pass</world>', 'turn_0003')), 'done');
});

test('the turn limit blocks with turn_limit_reached and the exact reason', () => {
  const w = makeWorld('debate-ping-pong-loop', { pro: 'pro', con: 'con' }, { pro: ['con'], con: ['pro'] }, { turnLimit: 2 });
  const run = started(w);
  run.complete('@con go');
  const r = run.complete('@pro go') as BlockedResult;
  assert.equal(r.code, 'turn_limit_reached');
  assert.equal(r.reason, 'Workflow stopped: turn limit 2 reached.');
  assert.deepEqual([r.limit, r.completedTurns], [2, 2]);
});

test('a new human message supersedes a pending block and the run resumes its pending turns', () => {
  const w = makeWorld('multi-agent-fan-out', { lead: 'lead', qa: 'qa', sec: 'security' }, { lead: ['qa', 'sec'], qa: [], sec: ['qa'] });
  const run = started(w);
  run.complete('@qa test\n@security audit');
  assert.equal(brief(run.complete('@lead back to you')), 'blocked workflow_edge_blocked');
  assert.equal(brief(run.step({ command: 'next' })), 'blocked workflow_edge_blocked', 'the block stays until a new request');
  assert.equal(brief(run.user('carry on')), 'agent_instruction security@sec workflow_edge');
  assert.equal(run.state.currentRunId, 'run_0001', 'pending work keeps the run');
  assert.deepEqual(
    run.state.pendingRoutingErrors.map((e) => e.status),
    ['superseded'],
  );
  // The human message itself entered at the entry too.
  assert.deepEqual(
    run.state.pendingTurns.filter((t) => t.status === 'pending').map((t) => `${t.agent}@${t.workflowNode}`),
    ['security@sec', 'lead@lead'],
  );
});

// --- ids, context, instruction ---

test('ids count per kind: runs, messages, turns', () => {
  const run = started(handoff());
  const r = run.last as AgentInstruction;
  assert.deepEqual([r.runId, r.turnId, r.routedFrom?.id], ['run_0001', 'turn_0001', 'message_0001']);
  const r2 = run.complete('@receiver go') as AgentInstruction;
  assert.deepEqual([r2.turnId, r2.routedFrom?.id], ['turn_0002', 'message_0002']);
  assert.equal(r2.responseContract.requestPath, '.agent-world/handoffs/requests/request-20260101T000002000Z-turn-turn_0002.json');
  assert.equal(r2.responseContract.completeByRunning, `node "$ROUTER" file --request ${r2.responseContract.requestPath} --result ${r2.responseContract.resultPath}`);
});

test('global context is the run’s last contextLimit messages', () => {
  const w = makeWorld('debate-ping-pong-loop', { pro: 'pro', con: 'con' }, { pro: ['con'], con: ['pro'] }, { global: ['pro', 'con'], limits: { pro: 2 } });
  const run = started(w, 'topic');
  run.complete('@con one');
  const r = run.complete('@pro two') as AgentInstruction;
  assert.equal(r.contextLimit, 2);
  assert.deepEqual(
    r.context.map((m) => m.content),
    ['@con one', '@pro two'],
  );
  assert.deepEqual(r.dispatch, { contextLimit: 2 });
});

test('agent context keeps the routed-from and required messages and caps only the rest', () => {
  const w = makeWorld(
    'fan-in-collector',
    { r: 'researcher', a: 'analyst', c: ['collector', ['r', 'a']] },
    { human: ['r', 'a'], r: ['c'], a: ['c'], c: [] },
    { limits: { collector: 1 } },
  );
  const run = new Run(configOf(w));
  run.user('@researcher dig\n@analyst model');
  const analyst = run.state.pendingTurns.find((t) => t.agent === 'analyst')!.id;
  run.complete('@collector found it');
  const r = run.complete('@collector modelled it', analyst) as AgentInstruction;
  assert.deepEqual(
    r.context.map((m) => m.content),
    ['@collector found it', '@collector modelled it'],
  );
  assert.match(r.hostInstruction, /Allowed next workflow nodes:\n\(none\)/);
  assert.match(r.hostInstruction, /Conversation context:\n---\nfrom: researcher\nid: message_0002\n@collector found it/);
});

test('agent context of a worker leaves out what was not addressed to it', () => {
  const run = started(pipeline(), 'spec it');
  run.complete('@architect design');
  const r = run.complete('@builder build') as AgentInstruction;
  assert.deepEqual(
    r.context.map((m) => m.sender),
    ['architect'],
  );
  assert.match(r.hostInstruction, /Workflow node:\nbuild\n\nWorkflow instruction:\n\(none\)\n\nAllowed next workflow nodes:\n- final: @final/);
});

// --- commands and purity ---

test('refused commands answer an error and keep the state', () => {
  const run = started(handoff());
  const before = run.state;
  assert.equal(brief(run.step({ command: 'complete', turnId: 'turn_0099', content: 'x' })), 'error Unknown turn: turn_0099');
  assert.equal(brief(run.step({ command: 'complete', content: 'x' })), 'error complete requires turnId/turn or actionId/action.');
  assert.equal(brief(run.step({ command: 'user', content: '   ' })), 'error No user message provided.');
  assert.equal(brief(run.step({ command: 'launch' })), 'error Unknown command: launch');
  assert.equal(run.state, before);
  run.complete('@receiver go', 'turn_0001');
  assert.equal(brief(run.step({ command: 'complete', turnId: 'turn_0001', content: 'x' })), 'error Turn is not pending: turn_0001');
});

test('a step never writes to the state it is given', () => {
  const config = configOf(handoff());
  const run = started(handoff());
  const frozen = deepFreeze(run.state);
  const r = routerStep(config, frozen, { command: 'complete', turnId: 'turn_0001', content: '@receiver go' }, '2026-01-01T00:00:09.000Z');
  assert.equal(brief(r.result), 'agent_instruction receiver@receive workflow_edge');
  assert.notEqual(r.state, frozen);
});

test('reset answers the reset shape with an idle next instruction', () => {
  const run = started(handoff());
  const r = run.step({ command: 'reset' });
  assert.equal(r.type, 'reset');
  assert.equal((r as { next: IdleResult }).next.type, 'idle');
  assert.equal(run.state.messages.length, 0);
});

test('a state from outside is read only when it has the router’s shape', () => {
  const run = started(handoff());
  assert.equal(routerStateProblem(run.state), undefined);
  assert.equal(routerStateProblem(JSON.parse(JSON.stringify(run.state))), undefined);
  assert.equal(routerStateProblem([]), 'the state is not an object');
  assert.equal(routerStateProblem({ ...run.state, messages: [{ ...run.state.messages[0], metadata: null }] }), 'state.messages[0].metadata has the wrong type');
  assert.equal(routerStateProblem({ ...run.state, pendingTurns: 'x' }), 'state.pendingTurns must be an array');
  assert.equal(
    routerStateProblem({ ...run.state, counters: { ...run.state.counters, turn: -1 } }),
    'state.counters must hold non-negative integers message, turn, action, run and blocked',
  );
});

test('a host-action block nested past the document bound is refused like text that is not JSON', () => {
  const deep = '['.repeat(300) + ']'.repeat(300);
  const r = started(handoff()).complete('```agent-world-host-action\n' + deep + '\n```') as HostActionResult;
  assert.equal(r.kind, 'invalid_host_action');
  assert.deepEqual(r.payload, { raw: deep, parseError: 'nested deeper than 256 levels of arrays and objects' });
});
