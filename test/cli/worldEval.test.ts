// `agent-files world eval`: the Agent World eval (checks + routing cases) from the command line.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import { join, resolve } from 'node:path';
import { GOOD_PROMPT } from '../fixtures/world/helpers';
import { makeWorld } from '../fixtures/world/routerHelpers';

const ROOT = resolve(__dirname, '../..');
const PROMPT = `${GOOD_PROMPT}Hand off with an @mention at the start of a paragraph.\n`;
let tmp: string;
function cli(cwd: string, ...args: string[]) {
  const r = spawnSync(process.execPath, [join(ROOT, 'dist/cli.js'), ...args], { cwd, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** Writes a project: world.json, a protocol-following prompt per agent, world.eval.md with these cases. */
function project(name: string, world: any, cases: unknown[]): string {
  const dir = join(tmp, name);
  fs.mkdirSync(join(dir, '.agent-world', 'prompts'), { recursive: true });
  fs.writeFileSync(join(dir, '.agent-world', 'world.json'), JSON.stringify(world, null, 2));
  for (const a of Object.values<any>(world.agents)) fs.writeFileSync(join(dir, '.agent-world', a.promptPath), PROMPT);
  fs.writeFileSync(join(dir, '.agent-world', 'world.eval.md'), `# ${name}\n\n\`\`\`json\n${JSON.stringify(cases, null, 2)}\n\`\`\`\n`);
  return dir;
}

before(() => {
  tmp = fs.realpathSync(fs.mkdtempSync(join(os.tmpdir(), 'af-world-eval-')));
});
after(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** For each pattern: a world, the agent its entry runs and a handoff from the entry that its graph allows. */
const PATTERNS: [string, any, string, string, string][] = [
  [
    'broadcast',
    makeWorld('broadcast', { b: 'broadcaster', r: 'researcher', c: ['collector', ['r']] }, { b: ['r'], r: ['c'], c: [] }),
    'broadcaster',
    '@researcher go',
    'researcher',
  ],
  ['direct-handoff', makeWorld('direct-handoff', { s: 'sender', r: 'receiver' }, { s: ['r'], r: [] }), 'sender', '@receiver go', 'receiver'],
  ['multi-agent-fan-out', makeWorld('multi-agent-fan-out', { l: 'lead', q: 'qa', s: 'security' }, { l: ['q', 's'], q: [], s: [] }), 'lead', '@qa go\n@security go', 'qa'],
  ['fan-in-collector', makeWorld('fan-in-collector', { r: 'researcher', c: ['collector', ['r']] }, { r: ['c'], c: [] }), 'researcher', '@collector done', 'collector'],
  ['sequential-pipeline', makeWorld('sequential-pipeline', { i: 'intake', a: 'architect', b: 'builder' }, { i: ['a'], a: ['b'], b: [] }), 'intake', '@architect go', 'architect'],
  ['intent-router', makeWorld('intent-router', { r: 'router', d: 'docs', c: 'code' }, { r: ['d', 'c'], d: [], c: [] }), 'router', '@code yours', 'code'],
  ['fsm-state-token', makeWorld('fsm-state-token', { s: 'state_router', p: 'planner' }, { s: ['p'], p: ['s'] }), 'state_router', '[STATE=PLAN]\n@planner plan', 'planner'],
  ['debate-ping-pong-loop', makeWorld('debate-ping-pong-loop', { p: 'pro', c: 'con' }, { p: ['c'], c: ['p'] }, { turnLimit: 4 }), 'pro', '@con your turn', 'con'],
  [
    'orchestrator-worker',
    makeWorld('orchestrator-worker', { o: 'orchestrator', a: 'worker_a', s: ['synthesizer', ['a']] }, { o: ['a'], a: ['s'], s: [] }),
    'orchestrator',
    '@worker_a go',
    'worker_a',
  ],
  ['custom-dag', makeWorld('custom-dag', { a: 'alpha', b: 'beta' }, { a: ['b'], b: [] }), 'alpha', '@beta go', 'beta'],
  ['free-mention', makeWorld('free-mention', { c: 'coordinator', r: 'researcher' }, {}, { turnLimit: 6 }), 'coordinator', '@researcher go', 'researcher'],
];

test('every pattern: passing cases give PASS and exit 0; each failure reason gives its FAIL line and exit 1', () => {
  for (const [type, world, entry, handoff, next] of PATTERNS) {
    const user = { command: 'user', content: 'start' };
    const passing = [
      { name: 'entry', input: user, expect: { type: 'agent_instruction', agent: entry } },
      { name: 'handoff', given: [user], complete: { agent: entry, content: handoff }, expect: { agent: next } },
      { name: 'stop', given: [user], complete: { agent: entry, content: 'done <world>pass</world>' }, expect: { type: 'done' } },
      { name: 'unknown', given: [user], complete: { agent: entry, content: '@nobody go' }, expect: { type: 'blocked', code: 'unknown_mention_target' } },
    ];
    const ok = cli(project(`${type}-ok`, world, passing), 'world', 'eval');
    assert.equal(ok.code, 0, `${type}: ${ok.out}`);
    assert.match(ok.out, /^# Agent World Eval Report\n\nResult: PASS\n/);
    assert.match(ok.out, /\n- PASS entry\n- PASS handoff\n- PASS stop\n- PASS unknown\n\nAgent World eval PASS: \.agent-world\/world\.json\n$/);
    const failing = [
      { name: 'type', input: user, expect: { type: 'done' } },
      { name: 'agent', input: user, expect: { agent: next } },
      { name: 'node', input: user, expect: { workflowNode: 'nowhere' } },
      { name: 'code', given: [user], complete: { content: 'done <world>pass</world>' }, expect: { code: 'turn_limit_reached' } },
      { name: 'pending', given: [user, { agent: entry, content: '<world>pass</world>' }], complete: { content: 'x' }, expect: { type: 'done' } },
      { name: 'pending agent', given: [user], complete: { agent: next, content: 'x' }, expect: { type: 'done' } },
      { name: 'user content', given: [{ command: 'user', content: ' ' }], expect: { type: 'done' } },
      { name: 'complete content', given: [user], complete: { agent: entry }, expect: { type: 'done' } },
      { name: 'command', input: { command: 'shout', content: 'x' }, expect: { type: 'done' } },
      { name: 'nothing', given: [], expect: { type: 'done' } },
    ];
    const bad = cli(project(`${type}-bad`, world, failing), 'world', 'eval');
    assert.equal(bad.code, 1, type);
    const lines = bad.out.split('## Routing Cases\n\n')[1]!.split('\n\n')[0]!.split('\n');
    assert.deepEqual(
      lines,
      [
        '- FAIL type: expected type done, got agent_instruction',
        `- FAIL agent: expected agent ${next}, got ${entry}`,
        `- FAIL node: expected workflowNode nowhere, got ${world.workflow.entry}`,
        '- FAIL code: expected code turn_limit_reached, got (none)',
        '- FAIL pending: complete step requires a pending agent_instruction, got type=done',
        `- FAIL pending agent: expected agent ${next}, got ${entry}`,
        '- FAIL user content: user step is missing content',
        '- FAIL complete content: complete step is missing content',
        '- FAIL command: unsupported eval step command: shout',
        '- FAIL nothing: case did not execute any routing step',
      ],
      type,
    );
  }
});

test('JSON and SARIF carry the same verdicts; a failing case is located in world.eval.md', () => {
  const world = PATTERNS[1]![1];
  const dir = project('formats', world, [{ name: 'wrong', input: { content: 'go' }, expect: { agent: 'receiver' } }]);
  const j = cli(dir, 'world', 'eval', '--format', 'json');
  assert.equal(j.code, 1);
  const parsed = JSON.parse(j.out);
  assert.equal(parsed.result, 'FAIL');
  assert.deepEqual(parsed.cases, [
    { name: 'wrong', status: 'FAIL', reason: 'expected agent receiver, got sender', actual: 'type=agent_instruction, agent=sender, workflowNode=s' },
  ]);
  assert.equal(parsed.checks.length, 11);
  const s = cli(tmp, 'world', 'eval', 'formats', '-f', 'sarif');
  assert.equal(s.code, 1);
  const results = JSON.parse(s.out).runs[0].results;
  assert.deepEqual(
    results.map((r: any) => [r.ruleId, r.level, r.message.text, r.locations[0].physicalLocation.artifactLocation.uri, r.locations[0].physicalLocation.region.startLine]),
    [['world-eval-case-fails', 'warning', 'The Agent World eval fails routing case "wrong": expected agent receiver, got sender', 'formats/.agent-world/world.eval.md', 11]],
  );
});

test('no world is exit 2; a failing check fails the eval with its reason', () => {
  const none = cli(tmp, 'world', 'eval', 'nowhere');
  assert.equal(none.code, 2);
  assert.match(none.err, /no Agent World in .*nowhere: \.agent-world\/world\.json not found/);
  const world = PATTERNS[1]![1];
  const dir = project('bad-entry', { ...world, workflow: { ...world.workflow, entryAgent: 'receiver' } }, [
    { name: 'x', input: { content: 'go' }, expect: { type: 'agent_instruction' } },
  ]);
  const r = cli(dir, 'world', 'eval');
  assert.equal(r.code, 1);
  assert.match(r.out, /\n- FAIL config: workflow\.entryAgent matches entry node agent: entryAgent receiver does not match s\.agent sender\n/);
  assert.equal(cli(tmp, 'world', 'launch').code, 2);
});

test('world graph prints the workflow as Mermaid (default) or DOT; another format or a broken world.json is exit 2', () => {
  const dir = join(ROOT, 'test/fixtures/world/app-builder');
  const m = cli(dir, 'world', 'graph');
  assert.equal(m.code, 0, m.err);
  assert.match(m.out, /^flowchart TD\n {2}%% app-builder \(sequential-pipeline\)\n {2}n0\(\["requirements<br\/>pm"\]\)\n/);
  assert.match(m.out, /\n {2}n3 -\. requires \.-> n5\n/);
  const d = cli(ROOT, 'world', 'graph', '--format', 'dot', 'test/fixtures/world/app-builder');
  assert.match(d.out, /^digraph "app-builder" \{/);
  assert.equal(cli(dir, 'world', 'graph', '--format', 'svg').code, 2);
  const broken = join(tmp, 'graph-broken');
  fs.mkdirSync(join(broken, '.agent-world'), { recursive: true });
  fs.writeFileSync(join(broken, '.agent-world', 'world.json'), '{ "workflow": ');
  const b = cli(broken, 'world', 'graph');
  assert.equal(b.code, 2);
  assert.match(b.err, /world\.json is not valid JSON/);
});
