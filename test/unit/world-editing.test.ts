import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyEdit } from '../../server/src/core/text/text';
import { InMemoryHost } from '../../server/src/core/workspace/host';
import { analyzeWorld } from '../../server/src/core/world/analyzeWorld';
import { evalCompletion, promptCompletion, worldCompletion } from '../../server/src/core/world/completion';
import { promptCodeActions, promptTemplate, worldCodeActions } from '../../server/src/core/world/codeActions';
import { worldHover } from '../../server/src/core/world/hover';
import { parseWorld } from '../../server/src/core/world/model';
import { analyzePrompt } from '../../server/src/core/world/prompt';
import { WORKFLOW_PATTERNS } from '../../server/src/core/world/patterns';
import { BASE_URI, baseHost, baseWorld, cursor, fixtureHost, posOf, worldUri } from '../fixtures/world/helpers';

const URI = worldUri('app-builder');
const host = fixtureHost('app-builder');
const TEXT = host.readText(URI)!;
const world = parseWorld(TEXT, URI);
const labels = (items: { label: string }[]) => items.map((i) => i.label);

function completeAt(marked: string) {
  const { text, position } = cursor(marked);
  return worldCompletion(parseWorld(text, URI), position, host);
}

test('workflow.type completion lists the 10 defaults first and custom-dag last, replacing the string', () => {
  const items = worldCompletion(world, posOf(TEXT, '"sequential-pipeline"', 3), host);
  assert.deepEqual(
    labels(items),
    WORKFLOW_PATTERNS.map((p) => p.id),
  );
  assert.equal(items.length, 11);
  assert.equal(items[10]!.label, 'custom-dag');
  assert.equal(items[10]!.detail, 'explicit custom only');
  assert.deepEqual((items[0]!.textEdit as any).range, { start: posOf(TEXT, '"sequential-pipeline"'), end: posOf(TEXT, '"sequential-pipeline"', 21) });
  assert.equal((items[0]!.textEdit as any).newText, '"broadcast"');
});

test('agent ids complete in node agents and entryAgent; node ids in entry, requires and edge values', () => {
  const agents = ['pm', 'architect', 'dev', 'qa', 'sec'];
  const nodes = ['requirements', 'architecture', 'implementation', 'qa_review', 'security_review', 'final'];
  assert.deepEqual(labels(worldCompletion(world, posOf(TEXT, '"agent": "dev"', 11), host)), agents);
  assert.deepEqual(labels(worldCompletion(world, posOf(TEXT, '"entryAgent": "pm"', 15), host)), agents);
  assert.deepEqual(labels(worldCompletion(world, posOf(TEXT, '"entry": "requirements"', 11), host)), nodes);
  assert.deepEqual(labels(worldCompletion(world, posOf(TEXT, '["qa_review", "security_review"]', 3, 1), host)), nodes);
  assert.deepEqual(labels(worldCompletion(world, posOf(TEXT, '"implementation": ["qa_review"', 20), host)), nodes);
});

test('edge keys complete unused node ids plus human', () => {
  const items = completeAt('{ "workflow": { "nodes": { "a": {"agent": "x"}, "b": {"agent": "x"} }, "edges": { "a": ["b"], | } } }');
  assert.deepEqual(labels(items), ['b', 'human']);
});

test('contextScope, world.mode and promptPath values', () => {
  assert.deepEqual(labels(completeAt('{ "agents": { "a": { "contextScope": | } } }')), ['global', 'agent']);
  assert.deepEqual(labels(completeAt('{ "world": { "mode": "|" } }')), ['host_driven_router_only', 'host_delegated']);
  assert.deepEqual(labels(completeAt('{ "agents": { "a": { "promptPath": "pr|" } } }')), [
    'prompts/architect.md',
    'prompts/dev.md',
    'prompts/pm.md',
    'prompts/qa.md',
    'prompts/sec.md',
  ]);
});

test('@ in a prompt completes agent ids and display names, replacing the typed word', () => {
  const { text, position } = cursor('Intro\n\n@arc|');
  const items = promptCompletion(text, position, world);
  assert.deepEqual(labels(items), ['pm', 'architect', 'Software Architect', 'dev', 'qa', 'sec']);
  assert.deepEqual((items[0]!.textEdit as any).range, { start: { line: 2, character: 1 }, end: { line: 2, character: 4 } });
  const snippets = labels(promptCompletion('x', { line: 0, character: 1 }, world));
  assert.ok(snippets.includes('<world>pass</world>') && snippets.includes('agent-world-host-action'));
});

test('eval completion offers result types, blocked codes, agents and nodes', () => {
  const c = (m: string) => {
    const { text, position } = cursor('# e\n\n```json\n' + m + '\n```\n');
    return labels(evalCompletion(text, position, world));
  };
  assert.deepEqual(c('{ "expect": { "type": "|" } }'), ['agent_instruction', 'agent_instruction_batch', 'host_action', 'blocked', 'done', 'idle']);
  assert.deepEqual(c('[{ "expect": { "code": | } }]'), ['workflow_edge_blocked', 'unknown_mention_target', 'turn_limit_reached']);
  assert.deepEqual(c('{ "complete": { "agent": "|" } }'), ['pm', 'architect', 'dev', 'qa', 'sec']);
  assert.equal(c('{ "expect": { "workflowNode": "|" } }').length, 6);
  assert.deepEqual(c('{ "given": [{ "command": "|" }] }'), ['user', 'ingest', 'complete']);
});

test('hover on workflow.type shows the pattern description; on an agent its settings', () => {
  const h = worldHover(world, URI, TEXT, posOf(TEXT, '"sequential-pipeline"', 2))!;
  assert.match((h.contents as any).value, /^\*\*Sequential pipeline\*\* \(`sequential-pipeline`\)\n\nAgents proceed in order/);
  const a = worldHover(world, URI, TEXT, posOf(TEXT, '"agent": "qa"', 11))!;
  assert.equal(
    (a.contents as any).value,
    '**agent `qa`**\n\n- role: qa_reviewer\n- contextScope: agent\n- contextLimit: 18 (default)\n- prompt: `prompts/qa.md`\n- nodes: qa_review',
  );
});

test('quick fix: create a missing prompt from a template that passes the prompt checks', () => {
  const w = baseWorld();
  const text = JSON.stringify(w, null, 2);
  const r = analyzeWorld(text, BASE_URI, new InMemoryHost({ 'file:///p/.agent-world/prompts/sender.md': 'x' }));
  const d = r.diagnostics.filter((x) => x.code === 'world-prompt-not-found');
  assert.equal(d.length, 1);
  const [action] = worldCodeActions(r.world, d);
  assert.equal(action!.title, 'Create prompts/receiver.md from the prompt template');
  const changes = action!.edit!.documentChanges as any[];
  assert.deepEqual(changes[0], { kind: 'create', uri: 'file:///p/.agent-world/prompts/receiver.md', options: { ignoreIfExists: true } });
  const body = changes[1].edits[0].newText as string;
  assert.equal(body, promptTemplate(r.world, 'receiver'));
  assert.deepEqual(analyzePrompt(body, 'file:///p/.agent-world/prompts/receiver.md', r.world), []);
  assert.deepEqual(analyzePrompt(promptTemplate(r.world, 'sender'), 'file:///p/.agent-world/prompts/sender.md', r.world), []);
});

test('quick fix: migrate the §3.14 legacy edges to nodes, edges and requires', () => {
  const legacy = {
    world: { id: 'w', name: 'w' },
    workflow: {
      type: 'custom-dag',
      edges: [
        { from: 'pm', to: ['qa', 'sec'] },
        { from: ['qa', 'sec'], to: ['architect'], join: 'all' },
      ],
    },
    agents: [
      { id: 'pm', promptPath: 'prompts/pm.md' },
      { id: 'qa', promptPath: 'prompts/qa.md' },
      { id: 'sec', promptPath: 'prompts/sec.md' },
      { id: 'architect', promptPath: 'prompts/architect.md' },
    ],
  };
  const text = JSON.stringify(legacy, null, 2);
  const r = analyzeWorld(text, BASE_URI, baseHost());
  const actions = worldCodeActions(r.world, r.diagnostics);
  const migrate = actions.find((a) => a.title.startsWith('Migrate'))!;
  const edits = migrate.edit!.changes![BASE_URI]!;
  const sorted = [...edits].sort((a, b) => b.range.start.line - a.range.start.line);
  const out = sorted.reduce((t, e) => applyEdit(t, { range: e.range, text: e.newText }), text);
  const migrated = JSON.parse(out);
  assert.deepEqual(migrated.workflow, {
    type: 'custom-dag',
    nodes: { pm: { agent: 'pm' }, qa: { agent: 'qa' }, sec: { agent: 'sec' }, architect: { agent: 'architect', requires: ['qa', 'sec'] } },
    edges: { pm: ['qa', 'sec'], qa: ['architect'], sec: ['architect'] },
    entry: 'pm',
    entryAgent: 'pm',
  });
  assert.deepEqual(Object.keys(migrated.agents), ['pm', 'qa', 'sec', 'architect']);
  const after = analyzeWorld(out, BASE_URI, baseHost());
  assert.ok(!after.diagnostics.some((d) => d.code === 'world-legacy-dialect'));
});

test('quick fix: a prompt missing a rule gets the rule line appended', () => {
  const text = 'You help.\nHandoff paragraphs start with @receiver.';
  const uri = 'file:///p/.agent-world/prompts/sender.md';
  const w = parseWorld(JSON.stringify(baseWorld()), BASE_URI);
  const ds = analyzePrompt(text, uri, w);
  const [a] = promptCodeActions(text, uri, ds);
  assert.equal(a!.title, 'Add "Do not call tools yourself; request host actions only."');
  const e = a!.edit!.changes![uri]![0]!;
  const fixed = applyEdit(text, { range: e.range, text: e.newText });
  assert.deepEqual(analyzePrompt(fixed, uri, w), []);
});

test('the schema lists the same 11 workflow types and describes every property', () => {
  const schema = JSON.parse(readFileSync(join(__dirname, '..', '..', 'schemas', 'world.schema.json'), 'utf8'));
  assert.equal(schema.$schema, 'https://json-schema.org/draft/2020-12/schema');
  assert.deepEqual(
    schema.properties.workflow.properties.type.enum,
    WORKFLOW_PATTERNS.map((p) => p.id),
  );
  const missing: string[] = [];
  const walk = (s: any, where: string) => {
    for (const [k, v] of Object.entries<any>(s.properties ?? {})) {
      if (!v.description) missing.push(`${where}.${k}`);
      walk(v, `${where}.${k}`);
    }
    if (s.additionalProperties && typeof s.additionalProperties === 'object') walk(s.additionalProperties, `${where}.*`);
  };
  walk(schema, '(root)');
  for (const [k, v] of Object.entries<any>(schema.$defs)) walk(v, `$defs.${k}`);
  assert.deepEqual(missing, []);
});
