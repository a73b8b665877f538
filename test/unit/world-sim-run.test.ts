// The run simulator's pure parts: a run as a value (open turns, suggestions, the path walked) and
// a run written as a routing case of world.eval.md that the eval's own case runner passes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { initialState, routerStep } from '../../server/src/core/world/router/router';
import { completionSuggestions, EMPTY_RUN, openItemFor, openItems, visitedNodes, withStep, type SimCommand, type SimRun } from '../../server/src/core/world/router/simRun';
import { caseFromRun, caseInsertion, caseNameProblem } from '../../server/src/core/world/router/caseFromRun';
import { parseRoutingCases, runRoutingCase } from '../../server/src/core/world/router/cases';
import type { AgentInstruction, RouterConfig } from '../../server/src/core/world/router/types';
import { configOf, makeWorld } from '../fixtures/world/routerHelpers';

const NOW = '2026-01-01T00:00:00.000Z';
const pipeline = configOf(
  makeWorld(
    'sequential-pipeline',
    { intake: 'intake', design: 'architect', build: 'builder' },
    { intake: ['design'], design: ['build'], build: [] },
    { names: { architect: 'Software Architect' } },
  ),
);
const fanOut = configOf(
  makeWorld(
    'orchestrator-worker',
    { plan: 'orchestrator', a: 'worker_a', b: 'worker_b', merge: ['synth', ['a', 'b']] },
    { plan: ['a', 'b'], a: ['merge'], b: ['merge'], merge: [] },
    { parallelDispatch: true },
  ),
);

/** Steps a simulated run as the editor does: the state travels with the run. */
function step(config: RouterConfig, run: SimRun, command: SimCommand): SimRun {
  return withStep(run, command, routerStep(config, run.state ?? initialState(NOW), command, NOW));
}
const user = (content: string): SimCommand => ({ command: 'user', content });
/** Completes the open turn of `agent` (the first open one when absent). */
function complete(run: SimRun, content: string, agent?: string): SimCommand {
  const item = openItemFor(run, agent);
  assert.ok(item?.kind === 'turn', `no open turn of ${agent ?? 'any agent'}`);
  return { command: 'complete', turnId: item.id, content };
}
function walk(config: RouterConfig, moves: (string | [string, string?])[]): SimRun {
  let run = EMPTY_RUN;
  for (const m of moves) run = step(config, run, typeof m === 'string' ? user(m) : complete(run, m[0], m[1]));
  return run;
}
const replay = (config: RouterConfig, value: Record<string, unknown>) => runRoutingCase(config, value, NOW);

test('a handoff run to done: the open turn follows the last result, the path lists the nodes walked', () => {
  const first = walk(pipeline, ['Build a todo app']);
  assert.deepEqual(
    openItems(first).map((i) => i.label),
    ['@intake turn_0001 at intake'],
  );
  const run = walk(pipeline, ['Build a todo app', ['@architect Design it.'], ['Designed. <world>pass</world>']]);
  assert.deepEqual(
    run.steps.map((s) => s.result.type),
    ['agent_instruction', 'agent_instruction', 'done'],
  );
  assert.deepEqual([run.steps[1]!.agent, run.steps[1]!.resultAgent], ['intake', 'architect']);
  assert.deepEqual(openItems(run), []);
  assert.deepEqual(visitedNodes(run), ['intake', 'design']);
});

test('a refused step is kept in the transcript and leaves the state as it was', () => {
  const run = walk(pipeline, ['Build it']);
  const refused = withStep(
    run,
    { command: 'complete', turnId: 'turn_0042', content: 'x' },
    routerStep(pipeline, run.state!, { command: 'complete', turnId: 'turn_0042', content: 'x' }, NOW),
  );
  assert.equal(refused.steps.at(-1)!.result.type, 'error');
  assert.equal(refused.state, run.state);
});

test('completion suggestions: a handoff per allowed next agent, the stop token, a host-action block for an agent that uses them', () => {
  const run = walk(pipeline, ['Build it']);
  const i = run.steps[0]!.result as AgentInstruction;
  assert.deepEqual(completionSuggestions(i, '<world>pass</world>'), [
    { label: 'Hand off to @architect (design)', text: '@architect Over to you.' },
    { label: 'Finish: <world>pass</world>', text: 'Done. <world>pass</world>' },
    {
      label: 'Request a host action',
      text: '```agent-world-host-action\n{\n  "kind": "run_command",\n  "reason": "Run the tests.",\n  "approval": "ask_if_risky",\n  "payload": {\n    "command": "npm test"\n  }\n}\n```',
    },
  ]);
  const quiet = { ...i, systemPrompt: 'You design.', dispatch: {} };
  assert.deepEqual(
    completionSuggestions(quiet, '').map((s) => s.text),
    ['@architect Over to you.', 'Done. <world>DONE</world>'],
  );
});

test('each suggestion does what it says on the router: the handoff routes to its node, the stop token ends the run, the host-action block asks the host', () => {
  const run = walk(pipeline, ['Build it']);
  const [handoff, stop, action] = completionSuggestions(run.steps[0]!.result as AgentInstruction, pipeline.world.stopToken);
  const after = (text: string) => step(pipeline, run, complete(run, text)).steps.at(-1)!.result;
  const routed = after(handoff!.text);
  assert.deepEqual([routed.type, routed.type === 'agent_instruction' && routed.workflow.node], ['agent_instruction', 'design']);
  assert.equal(after(stop!.text).type, 'done');
  assert.equal(after(action!.text).type, 'host_action');
});

test('a batch opens one turn per lane; a turn is completed by its agent, in any order', () => {
  const run = walk(fanOut, ['Go', ['@worker_a\n@worker_b']]);
  assert.equal(run.steps.at(-1)!.result.type, 'agent_instruction_batch');
  assert.deepEqual(
    openItems(run).map((i) => i.label),
    ['@worker_a turn_0002 at a', '@worker_b turn_0003 at b'],
  );
  const b = step(fanOut, run, complete(run, '@synth B done', 'worker_b'));
  assert.deepEqual(b.steps.at(-1)!.result, { ...b.steps.at(-1)!.result, type: 'idle', awaitingTurns: ['turn_0002'] });
  assert.deepEqual(visitedNodes(b), ['plan', 'a', 'b']);
});

test('a run becomes a routing case: given steps, the last as complete, expect from the last result (agent by id)', () => {
  const run = walk(pipeline, ['Build a todo app', ['@architect Design it.']]);
  const c = caseFromRun(run, 'intake hands off to the architect');
  assert.ok(c.ok);
  assert.equal(
    c.text,
    `{
  "name": "intake hands off to the architect",
  "given": [
    {
      "command": "user",
      "content": "Build a todo app"
    }
  ],
  "complete": {
    "agent": "intake",
    "content": "@architect Design it."
  },
  "expect": {
    "type": "agent_instruction",
    "agent": "architect",
    "workflowNode": "design"
  }
}`,
  );
  assert.equal(replay(pipeline, c.value).status, 'PASS');
});

test('a run ending on a user message is written with input; a blocked run expects its code; both pass the eval', () => {
  const one = caseFromRun(walk(pipeline, ['Build it']), 'entry');
  assert.ok(one.ok);
  assert.deepEqual(one.value, { name: 'entry', input: { command: 'user', content: 'Build it' }, expect: { type: 'agent_instruction', agent: 'intake', workflowNode: 'intake' } });
  const blocked = caseFromRun(walk(pipeline, ['Build it', ['@builder skip the design']]), 'skipping blocks');
  assert.ok(blocked.ok);
  assert.deepEqual(blocked.value.expect, { type: 'blocked', code: 'workflow_edge_blocked' });
  for (const c of [one, blocked]) assert.equal(replay(pipeline, c.value).status, 'PASS');
});

test('a run to done, with a refused step in it, passes the eval without the refused step', () => {
  let run = walk(pipeline, ['Build it', ['@architect Design it.']]);
  run = withStep(run, { command: 'user', content: '  ' }, routerStep(pipeline, run.state!, { command: 'user', content: '  ' }, NOW));
  run = step(pipeline, run, complete(run, 'Designed. <world>pass</world>'));
  const c = caseFromRun(run, 'to done');
  assert.ok(c.ok);
  assert.deepEqual(c.value.given, [
    { command: 'user', content: 'Build it' },
    { command: 'complete', agent: 'intake', content: '@architect Design it.' },
  ]);
  assert.deepEqual(c.value.expect, { type: 'done' });
  assert.equal(replay(pipeline, c.value).status, 'PASS');
});

test('a run the eval cannot replay is refused with the reason: a turn completed after a batch, a host action completed, nothing run', () => {
  const batch = walk(fanOut, ['Go', ['@worker_a\n@worker_b'], ['A done', 'worker_a']]);
  assert.deepEqual(caseFromRun(batch, 'x'), {
    ok: false,
    reason: 'step 3 completes turn_0002 after an agent_instruction_batch result: the eval completes a turn only after an agent_instruction',
  });
  const asked = walk(pipeline, ['Build it', ['```agent-world-host-action\n{"kind":"run"}\n```']]);
  const action = openItems(asked)[0]!;
  assert.equal(action.kind, 'action');
  const cmd: SimCommand = { command: 'complete', actionId: action.id, content: '{"status":"succeeded"}' };
  const done = withStep(asked, cmd, routerStep(pipeline, asked.state!, cmd, NOW));
  assert.deepEqual(caseFromRun(done, 'x'), { ok: false, reason: 'step 3 completes host action action_0001: the eval completes agent turns only' });
  assert.deepEqual(caseFromRun(EMPTY_RUN, 'x'), { ok: false, reason: 'the run has no step the router accepted yet' });
});

test('the case is appended as a fenced json block after a blank line, and the eval reads it back as passing', () => {
  const run = walk(pipeline, ['Build it', ['@architect Design it.']]);
  const c = caseFromRun(run, 'saved');
  assert.ok(c.ok);
  for (const [before, sep] of [
    ['# Eval\n\nIntro.\n', '\n'],
    ['# Eval\n\nIntro.', '\n\n'],
    ['# Eval\n\n', ''],
    ['', ''],
  ] as const) {
    const ins = caseInsertion(before, c.text, 'w');
    assert.deepEqual([ins.offset, ins.create, ins.text], [before.length, false, `${sep}\`\`\`json\n${c.text}\n\`\`\`\n`]);
  }
  const existing = '# Eval\n\n```json\n{ "name": "entry", "input": { "content": "Build it" }, "expect": { "type": "agent_instruction" } }\n```\n';
  const ins = caseInsertion(existing, c.text, 'w');
  const md = existing.slice(0, ins.offset) + ins.text + existing.slice(ins.offset);
  const cases = parseRoutingCases(md).cases;
  assert.deepEqual(
    cases.map((x) => [x.value.name, replay(pipeline, x.value).status]),
    [
      ['entry', 'PASS'],
      ['saved', 'PASS'],
    ],
  );
});

test('a missing world.eval.md is created with a title and the case', () => {
  const ins = caseInsertion(undefined, '{ "name": "n" }', 'team');
  assert.deepEqual(
    [ins.offset, ins.create, ins.text],
    [0, true, '# team eval\n\nRouting cases: each fenced json block is run on the router by the Agent World eval.\n\n```json\n{ "name": "n" }\n```\n'],
  );
});

test('a case name must be new and not empty', () => {
  const md = '```json\n{ "name": "entry", "input": { "content": "x" }, "expect": {} }\n```\n';
  assert.equal(caseNameProblem(md, ' '), 'A routing case needs a name.');
  assert.equal(caseNameProblem(md, 'entry'), 'world.eval.md already has a routing case named "entry".');
  assert.equal(caseNameProblem(md, 'other'), undefined);
  assert.equal(caseNameProblem(undefined, 'entry'), undefined);
});
