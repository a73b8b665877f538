// What the run simulator's page is sent (client/src/worldRun/view.ts): a row per step and per
// result, as the router reports it, and the open turns a completion can go to.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { initialState, routerStep } from '../../server/src/core/world/router/router';
import { EMPTY_RUN, openItemFor, withStep, type SimCommand, type SimRun } from '../../server/src/core/world/router/simRun';
import type { RouterConfig } from '../../server/src/core/world/router/types';
import { resultRows, runView } from '../../client/src/worldRun/view';
import { configOf, makeWorld } from '../fixtures/world/routerHelpers';

const NOW = '2026-01-01T00:00:00.000Z';
const world = configOf(makeWorld('direct-handoff', { send: 'sender', receive: 'receiver' }, { human: ['send'], send: ['receive'], receive: [] }));
function step(config: RouterConfig, run: SimRun, command: SimCommand): SimRun {
  return withStep(run, command, routerStep(config, run.state ?? initialState(NOW), command, NOW));
}
const completeOpen = (run: SimRun, content: string): SimCommand => ({ command: 'complete', turnId: String(openItemFor(run)!.id), content });
const o = { world: 'w/.agent-world/world.json', stopToken: '<world>pass</world>', canGraph: false, busy: false };
const text = (run: SimRun) => runView(run, o).rows.map((r) => [r.heading, ...r.lines].join(' | '));

test('a handoff to done: the message, the instruction (turn, reason, ignored mentions, next nodes, context), the completion, done', () => {
  let run = step(world, EMPTY_RUN, { command: 'user', content: '@receiver Build it' });
  run = step(world, run, completeOpen(run, '@receiver over to you'));
  run = step(world, run, completeOpen(run, 'Built. <world>pass</world>'));
  assert.deepEqual(text(run), [
    'user message | @receiver Build it',
    'agent_instruction: @sender at send | turn: turn_0001 | reason: entry_workflow_node | ignored mentions: @receiver | allowed next: receive (@receiver) | routed from: human (message_0001) | context: 1 message (scope agent, limit 18)',
    '@sender completes turn_0001 | @receiver over to you',
    'agent_instruction: @receiver at receive | turn: turn_0002 | reason: workflow_edge | allowed next: (none) | routed from: sender (message_0002) | context: 2 messages (scope agent, limit 18)',
    '@receiver completes turn_0002 | Built. <world>pass</world>',
    'done | final: Built. <world>pass</world>',
  ]);
  const v = runView(run, o);
  assert.deepEqual([v.targets, v.canSave], [[], true]);
  assert.match(runView(step(world, EMPTY_RUN, { command: 'user', content: 'Go' }), o).rows[1]!.details[1]!.text, /^Run one Agent World turn as @sender/);
});

test('an open turn is a target with its suggestions; a blocked handoff shows its code and reason; a refused step shows the refusal', () => {
  const first = step(world, EMPTY_RUN, { command: 'user', content: 'Go' });
  assert.deepEqual(
    runView(first, o).targets.map((t) => [t.key, t.label, t.suggestions.map((s) => s.text)]),
    [['turn:"turn_0001"', '@sender turn_0001 at send', ['@receiver Over to you.', 'Done. <world>pass</world>', runView(first, o).targets[0]!.suggestions[2]!.text]]],
  );
  const blocked = step(world, first, completeOpen(first, '@sender myself\n@nobody there'));
  assert.equal(
    text(blocked).at(-1),
    'blocked: unknown_mention_target | Agent @sender used a paragraph-start mention of @nobody, which matches no agent in this world. | unresolved mentions: @nobody | allowed next: receive',
  );
  assert.deepEqual(resultRows({ type: 'error', error: 'Unknown turn: turn_0042' }), [{ kind: 'refused', heading: 'refused: Unknown turn: turn_0042', lines: [], details: [] }]);
  assert.equal(runView(withStep(EMPTY_RUN, { command: 'user', content: ' ' }, { state: null, result: { type: 'error', error: 'No user message provided.' } }), o).canSave, false);
});
