import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeEval, evalReferences } from '../../server/src/core/world/evalContract';
import { parseWorld } from '../../server/src/core/world/model';
import { BASE_URI, baseWorld, fixtureHost, rangeOf, worldUri } from '../fixtures/world/helpers';

const world = (obj: unknown = baseWorld()) => parseWorld(JSON.stringify(obj, null, 2), BASE_URI);
const fence = (json: string) => '# eval\n\n```json\n' + json + '\n```\n';
const DONE = '{ "name": "d", "given": [{"command":"user","content":"x"}], "complete": {"agent":"sender","content":"ok <world>pass</world>"}, "expect": {"type":"done"} }';
const BLOCK =
  '{ "name": "b", "given": [{"command":"user","content":"x"}], "complete": {"agent":"sender","content":"@nobody"}, "expect": {"type":"blocked","code":"workflow_edge_blocked"} }';

test('the app-builder eval contract gives no diagnostics', () => {
  const host = fixtureHost('app-builder');
  const w = parseWorld(host.readText(worldUri('app-builder'))!, worldUri('app-builder'));
  assert.deepEqual(analyzeEval(host.readText('file:///app-builder/.agent-world/world.eval.md')!, w), []);
});

test('the §3.14 routing-case example is a valid case', () => {
  const w = baseWorld();
  w.agents.intake = { promptPath: 'prompts/sender.md', contextScope: 'agent' };
  const text = fence(`[${DONE}, { "name": "invalid edge is blocked",
  "given": [{ "command": "user", "content": "Build a small todo app" }],
  "complete": { "agent": "intake", "content": "@final\\nSkip the workflow." },
  "expect": { "type": "blocked", "code": "workflow_edge_blocked" } }]`);
  assert.deepEqual(analyzeEval(text, world(w)), []);
});

test('V1: a block that does not parse is reported with its number', () => {
  const text = fence(`[${DONE}, ${BLOCK}]`) + '\n```json\n{ "name": \n```\n';
  const d = analyzeEval(text, world());
  assert.equal(d.length, 1);
  assert.equal(d[0]!.code, 'world-eval-invalid-json');
  assert.match(d[0]!.message, /^json block 2: ValueExpected at line 9 column 1$/);
});

test('V2: no routing case at all', () => {
  const d = analyzeEval('# eval\n\n```json\n{ "name": "x" }\n```\n', world());
  assert.deepEqual(
    d.map((x) => [x.code, x.message, x.severity]),
    [['world-eval-no-routing-cases', 'no fenced json routing cases with name and expect were found', 'error']],
  );
  assert.deepEqual(d[0]!.range, { start: { line: 0, character: 0 }, end: { line: 0, character: 6 } });
});

test('V3: unknown type, code, agent, node, command and missing content', () => {
  const c = `{ "name": "c", "given": [{"command":"shout","content":"x"}, {"command":"user"}], "input": {"content":"hi"},
 "complete": {"agent":"ghost"}, "expect": {"type":"routed","code":"nope","agent":"Receiver","workflowNode":"nowhere"} }`;
  const text = fence(`[${DONE}, ${BLOCK}, ${c}]`);
  const d = analyzeEval(text, world());
  assert.deepEqual(
    d.map((x) => [x.code, x.message]),
    [
      ['world-eval-unknown-type', 'expect.type "routed" is not a router result type: agent_instruction, agent_instruction_batch, host_action, blocked, done, idle'],
      ['world-eval-unknown-code', 'expect.code "nope" is not a blocked code: workflow_edge_blocked, unknown_mention_target, turn_limit_reached'],
      ['world-eval-unknown-node', 'expect.workflowNode "nowhere" does not match a workflow node'],
      ['world-eval-unsupported-command', 'unsupported eval step command: shout'],
      ['world-eval-missing-content', 'user step is missing content'],
      ['world-eval-missing-content', 'complete step is missing content'],
      ['world-eval-unknown-agent', 'complete step agent "ghost" matches no agent in this world'],
    ],
  );
  assert.deepEqual(d[0]!.range, rangeOf(text, '"routed"'));
  assert.deepEqual(d[6]!.range, rangeOf(text, '"ghost"'));
});

test('W18: a non-final message with both a handoff and the stop token', () => {
  const c =
    '{ "name": "w", "given": [{"command":"user","content":"x"}], "complete": {"agent":"sender","content":"@receiver go <world>pass</world>"}, "expect": {"type":"agent_instruction"} }';
  const text = fence(`[${DONE}, ${BLOCK}, ${c}]`);
  const d = analyzeEval(text, world());
  assert.deepEqual(
    d.map((x) => [x.code, x.severity]),
    [['world-handoff-with-stop-token', 'information']],
  );
  assert.deepEqual(d[0]!.range, rangeOf(text, '"@receiver go <world>pass</world>"'));
});

test('V4: pattern minimums missing from the cases', () => {
  const d = analyzeEval(fence(DONE), world());
  assert.deepEqual(
    d.map((x) => x.message),
    ['world.eval.md has no case for the direct-handoff pattern minimum: a blocked workflow_edge_blocked case (an invalid handoff blocks)'],
  );
  const w = baseWorld();
  w.workflow.type = 'free-mention';
  assert.deepEqual(
    analyzeEval(fence(BLOCK), world(w)).map((x) => x.code),
    ['world-eval-pattern-coverage', 'world-eval-pattern-coverage', 'world-eval-pattern-coverage'],
  );
});

test('evalReferences lists agent and node fields with inner ranges', () => {
  const text = fence('{ "name": "n", "input": {"content":"x"}, "complete": {"completeAgent":"sender","content":"y"}, "expect": {"agent":"receiver","workflowNode":"receive"} }');
  const refs = evalReferences(text);
  assert.deepEqual(
    refs.map((r) => [r.kind, r.field, r.value]),
    [
      ['agent', 'expect.agent', 'receiver'],
      ['node', 'expect.workflowNode', 'receive'],
      ['agent', 'completeAgent', 'sender'],
    ],
  );
  assert.deepEqual(refs[2]!.inner, rangeOf(text, 'sender'));
});
