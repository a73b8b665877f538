// Routing cases of world.eval.md run on the router with the eval harness's step semantics and failure texts (spec §3.9).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { InMemoryHost } from '../../server/src/core/workspace/host';
import { parseRoutingCases, runRoutingCase } from '../../server/src/core/world/router/cases';
import { renderEvalReport, runWorldEval } from '../../server/src/core/world/router/evalReport';
import { routingCaseFindings } from '../../server/src/core/world/router/caseFindings';
import { routingCaseHover } from '../../server/src/core/world/router/caseHover';
import { fixtureHost, worldUri } from '../fixtures/world/helpers';
import { configOf, makeWorld, WORLD_URI, worldFiles } from '../fixtures/world/routerHelpers';

const NOW = '2026-01-01T00:00:00.000Z';
const pipeline = makeWorld(
  'sequential-pipeline',
  { intake: 'intake', design: 'architect', build: 'builder' },
  { intake: ['design'], design: ['build'], build: [] },
  { names: { architect: 'Software Architect' } },
);
const run = (item: unknown, world: any = pipeline) => runRoutingCase(configOf(world), item as Record<string, unknown>, NOW);
const user = { command: 'user', content: 'Build a todo app' };

test('a case passes when the last result matches expect (agent by id or display name)', () => {
  const r = run({
    name: 'n',
    given: [user],
    complete: { agent: 'intake', content: '@architect go' },
    expect: { type: 'agent_instruction', agent: 'Software Architect', workflowNode: 'design' },
  });
  assert.deepEqual([r.status, r.actual], ['PASS', 'type=agent_instruction, agent=Software Architect, workflowNode=design']);
  assert.equal(run({ name: 'n', input: user, expect: { agent: 'INTAKE' } }).status, 'PASS');
});

test('each expect mismatch fails with the harness text and points at its field', () => {
  const cases: [unknown, string, unknown][] = [
    [{ type: 'blocked' }, 'expected type blocked, got agent_instruction', { expect: 'type' }],
    [{ agent: 'builder' }, 'expected agent builder, got Software Architect', { expect: 'agent' }],
    [{ workflowNode: 'build' }, 'expected workflowNode build, got design', { expect: 'workflowNode' }],
    [{ code: 'workflow_edge_blocked' }, 'expected code workflow_edge_blocked, got (none)', { expect: 'code' }],
  ];
  for (const [expect, reason, at] of cases) {
    const r = run({ name: 'n', given: [user], complete: { content: '@architect go' }, expect });
    assert.deepEqual([r.status, r.reason, r.at], ['FAIL', reason, at]);
  }
});

test('step failures: no pending instruction, wrong pending agent, missing content, unknown command, nothing run', () => {
  const cases: [unknown, string, unknown][] = [
    [{ name: 'n', complete: { content: 'x' }, expect: { type: 'done' } }, 'complete step requires a pending agent_instruction, got (no result)', { step: 'complete' }],
    [
      { name: 'n', given: [user, { agent: 'intake', content: '@builder skip' }], complete: { content: 'x' }, expect: { type: 'done' } },
      'complete step requires a pending agent_instruction, got type=blocked, code=workflow_edge_blocked',
      { step: 'complete' },
    ],
    [{ name: 'n', given: [user], complete: { agent: 'builder', content: 'x' }, expect: { type: 'done' } }, 'expected agent builder, got intake', { step: 'complete' }],
    [{ name: 'n', given: [{ command: 'user' }], expect: { type: 'done' } }, 'user step is missing content', { step: 'given', index: 0 }],
    [{ name: 'n', given: [user], complete: { agent: 'intake' }, expect: { type: 'done' } }, 'complete step is missing content', { step: 'complete' }],
    [{ name: 'n', input: { command: 'reset', content: 'x' }, expect: { type: 'done' } }, 'unsupported eval step command: reset', { step: 'input' }],
    [{ name: 'n', given: [], expect: { type: 'done' } }, 'case did not execute any routing step', { case: true }],
    [{ name: 'n', given: [user, { turnId: 'turn_0042', content: 'x' }], expect: { type: 'done' } }, 'Unknown turn: turn_0042', { step: 'given', index: 1 }],
  ];
  for (const [item, reason, at] of cases) {
    const r = run(item);
    assert.deepEqual([r.status, r.reason, r.at], ['FAIL', reason, at], reason);
  }
});

test('a step that is null fails with the TypeError the harness reports', () => {
  const r = run({ name: 'n', given: [null], expect: { type: 'done' } });
  assert.equal(r.reason, "Cannot read properties of null (reading 'command')");
});

test('the step command is inferred: complete when it names an agent or turn, user otherwise; message stands for content in a user step', () => {
  assert.equal(run({ name: 'n', given: [{ message: 'Build it' }, { completeAgent: 'intake', content: 'ok <world>pass</world>' }], expect: { type: 'done' } }).status, 'PASS');
  assert.equal(run({ name: 'n', given: [user, { turnId: 'turn_0001', content: '@architect go' }], expect: { agent: 'architect' } }).status, 'PASS');
});

test('fenced json blocks: numbered from 1, parse errors named, objects that are not cases skipped and reported', () => {
  const md =
    '# e\n\n```json\n\n```\n\n```json\n{ "name": \n```\n\n```json\n[{ "name": "a", "input": {"content": "x"}, "expect": {} }, { "input": {"content":"x"}, "expect": {} }, 5]\n```\n';
  const p = parseRoutingCases(md);
  assert.equal(p.cases.length, 1);
  assert.equal(p.cases[0]!.block, 3);
  assert.equal(md.slice(p.cases[0]!.node.offset, p.cases[0]!.node.offset + 5), '{ "na');
  assert.equal(p.errors.length, 1);
  assert.match(p.errors[0]!.message, /^json block 2: /);
  assert.deepEqual(
    p.skipped.map((s) => s.missing),
    [['name']],
  );
});

test('the whole eval of the app-builder fixture passes, and its report has the harness lines', () => {
  const host = fixtureHost('app-builder');
  const uri = worldUri('app-builder');
  const r = runWorldEval(host.readText(uri)!, uri, host, NOW);
  assert.equal(r.result, 'PASS', JSON.stringify(r.cases.filter((c) => c.status === 'FAIL')));
  const text = renderEvalReport(r, { config: '/app-builder/.agent-world/world.json', eval: '/app-builder/.agent-world/world.eval.md' }, NOW);
  assert.match(text, /^# Agent World Eval Report\n\nResult: PASS\nGenerated: 2026-01-01T00:00:00.000Z\n/);
  assert.match(text, /\n## Routing Cases\n\n- PASS entry goes to requirements\n- PASS pm hands off to the architect\n/);
});

test('a failing case fails the eval; no case at all is "no routing cases found"', () => {
  const files = worldFiles(pipeline);
  files['file:///p/.agent-world/world.eval.md'] =
    '```json\n{ "name": "skip", "given": [{"content":"x"}], "complete": {"content":"@builder go"}, "expect": {"type":"agent_instruction"} }\n```\n';
  const r = runWorldEval(files[WORLD_URI]!, WORLD_URI, new InMemoryHost(files), NOW);
  assert.equal(r.result, 'FAIL');
  assert.equal(r.cases[0]!.reason, 'expected type agent_instruction, got blocked');
  files['file:///p/.agent-world/world.eval.md'] = '# nothing\n';
  const r2 = runWorldEval(files[WORLD_URI]!, WORLD_URI, new InMemoryHost(files), NOW);
  assert.equal(r2.result, 'FAIL');
  assert.match(
    renderEvalReport(r2, { config: 'c', eval: 'e' }, NOW),
    /- FAIL eval: world\.eval\.md contains routing cases: no fenced json routing cases with name and expect were found\n\n## Routing Cases\n\n- FAIL routing: no routing cases found\n$/,
  );
});

test('when the router config does not load, no case runs', () => {
  const w = JSON.parse(JSON.stringify(pipeline));
  w.workflow.type = 'dag';
  const files = worldFiles(w);
  files['file:///p/.agent-world/world.eval.md'] = '```json\n{ "name": "a", "input": {"content":"x"}, "expect": {"type":"agent_instruction"} }\n```\n';
  const r = runWorldEval(files[WORLD_URI]!, WORLD_URI, new InMemoryHost(files), NOW);
  assert.deepEqual([r.result, r.cases.length], ['FAIL', 0]);
});

test('editor findings: a lens per case, the failure on its expect field, not-run lenses when world.json does not load', () => {
  const files = worldFiles(pipeline);
  const md =
    '```json\n[{ "name": "ok", "input": {"content":"x"}, "expect": {"agent":"intake"} },\n { "name": "bad", "input": {"content":"x"}, "expect": {"agent":"builder"} }]\n```\n';
  const f = routingCaseFindings(md, WORLD_URI, new InMemoryHost(files), NOW);
  assert.deepEqual(
    f.lenses.map((l) => [l.range.start.line, l.status, l.title]),
    [
      [1, 'PASS', '✓ passes (type=agent_instruction, agent=intake, workflowNode=intake)'],
      [2, 'FAIL', '✗ expected agent builder, got intake'],
    ],
  );
  assert.equal(f.diagnostics.length, 1);
  const d = f.diagnostics[0]!;
  assert.equal(md.split('\n')[2]!.slice(d.range.start.character, d.range.end.character), '"builder"');
  const broken = routingCaseFindings(md, WORLD_URI, new InMemoryHost({ ...files, [WORLD_URI]: '{' }), NOW);
  assert.deepEqual(
    broken.lenses.map((l) => l.status),
    ['NOT_RUN', 'NOT_RUN'],
  );
  assert.match(broken.lenses[0]!.title, /^routing case not run: the router does not load world\.json: Invalid Agent World JSON config at /);
});

test('hover in a case: its verdict on the name, the meaning of expect.type, expect.code and command values', () => {
  const md =
    '```json\n[{ "name": "ok", "input": {"command":"user","content":"x"}, "expect": {"type":"agent_instruction"} },\n { "name": "bad", "input": {"content":"x"}, "expect": {"type":"blocked","code":"turn_limit_reached"} }]\n```\n';
  const f = routingCaseFindings(md, WORLD_URI, new InMemoryHost(worldFiles(pipeline)), NOW);
  const at = (line: number, needle: string) => ({ line, character: md.split('\n')[line]!.indexOf(needle) + 1 });
  const value = (h: ReturnType<typeof routingCaseHover>) => (h?.contents as { value: string } | undefined)?.value;
  assert.equal(value(routingCaseHover(md, at(1, '"ok"'), f)), '**Routing case** ✓ passes\n\nLast router result: `type=agent_instruction, agent=intake, workflowNode=intake`');
  assert.equal(
    value(routingCaseHover(md, at(2, '"bad"'), f)),
    '**Routing case** ✗ fails: expected type blocked, got agent_instruction\n\nLast router result: `type=agent_instruction, agent=intake, workflowNode=intake`',
  );
  assert.match(value(routingCaseHover(md, at(2, '"turn_limit_reached"'), f))!, /^`turn_limit_reached`: The run has completed `world\.turnLimit` turns/);
  assert.match(value(routingCaseHover(md, at(1, '"agent_instruction"'), f))!, /^`agent_instruction`: one agent turn/);
  assert.match(value(routingCaseHover(md, at(1, '"user"'), f))!, /^`user`: a top-level human message/);
  assert.equal(routingCaseHover(md, at(1, '"input"'), f), undefined);
});
