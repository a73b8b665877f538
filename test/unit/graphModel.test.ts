/** The graphs the editor draws and the CLI prints: a world's workflow and an agent.3md's skill dependencies, each node and edge with its range. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseWorld } from '../../server/src/core/world/model';
import { worldGraphModel } from '../../server/src/core/world/graphModel';
import { agentGraphModel } from '../../server/src/core/agent/graphModel';
import { parseThreeMd } from '../../server/src/core/threemd/parser';
import { renderGraph } from '../../server/src/core/graph/render';
import type { GraphModel } from '../../server/src/core/graph/types';
import { joinLines, textAt } from '../helpers/markers';

const URI = 'file:///p/.agent-world/world.json';

const REVIEW = JSON.stringify(
  {
    world: { id: 'w', name: 'review' },
    workflow: {
      type: 'custom-dag',
      entry: 'plan',
      nodes: { plan: { agent: 'lead' }, qa: { agent: 'qa' }, sec: { agent: 'sec' }, final: { agent: 'lead', requires: ['qa', 'sec'] } },
      edges: { human: ['plan', 'qa'], plan: ['qa', 'sec'], qa: ['final'], sec: ['final', 'ghost'] },
    },
    agents: { lead: { name: 'Lead', promptPath: 'prompts/lead.md' }, qa: { promptPath: 'prompts/qa.md' }, sec: { promptPath: 'prompts/sec.md' } },
  },
  null,
  2,
);

const nodeSummary = (g: GraphModel) => g.nodes.map((n) => [n.id, n.kind, n.detail ?? '', n.entry, n.final, n.join]);
const edgeSummary = (g: GraphModel) =>
  g.edges.map((e) => `${e.from}${e.kind === 'requires' ? ' =requires=> ' : e.implicit ? ' ~> ' : ' -> '}${e.to}${e.dangling ? ' (dangling)' : ''}`);

test('a world: nodes with their agents, the human entries, the edges, the requires joins, the entry and the final nodes', () => {
  const g = worldGraphModel(parseWorld(REVIEW, URI));
  assert.equal(g.kind, 'world');
  assert.equal(g.title, 'review');
  assert.equal(g.subtitle, 'custom-dag');
  assert.deepEqual(nodeSummary(g), [
    ['human', 'human', '', false, false, false],
    ['plan', 'node', 'Lead', true, false, false],
    ['qa', 'node', 'qa', false, false, false],
    ['sec', 'node', 'sec', false, false, false],
    ['final', 'node', 'Lead', false, true, true],
    ['ghost', 'missing', '(undefined)', false, false, false],
  ]);
  assert.deepEqual(edgeSummary(g), [
    'human -> plan',
    'human -> qa',
    'plan -> qa',
    'plan -> sec',
    'qa -> final',
    'sec -> final',
    'sec -> ghost (dangling)',
    'qa =requires=> final',
    'sec =requires=> final',
  ]);
  assert.deepEqual(
    g.edges.filter((e) => e.kind === 'human').map((e) => e.kind),
    ['human', 'human'],
  );
});

test("each world node's range is its key in workflow.nodes, each edge's range the target as written", () => {
  const g = worldGraphModel(parseWorld(REVIEW, URI));
  const at = (r: GraphModel['nodes'][number]['range']) => (r ? textAt(REVIEW, r) : undefined);
  assert.equal(at(g.nodes.find((n) => n.id === 'final')!.range), '"final"');
  // `final` is written as a key first under workflow.nodes (not in edges): the range is on that line.
  assert.match(REVIEW.split('\n')[g.nodes.find((n) => n.id === 'final')!.range!.start.line]!, /"final": \{/);
  assert.match(REVIEW.split('\n')[g.nodes.find((n) => n.id === 'human')!.range!.start.line]!, /"human": \[/);
  const ghost = g.edges.find((e) => e.to === 'ghost')!;
  assert.equal(at(ghost.range), '"ghost"');
  assert.deepEqual(g.nodes.find((n) => n.id === 'ghost')!.range, ghost.range);
  const requires = g.edges.filter((e) => e.kind === 'requires');
  assert.deepEqual(
    requires.map((e) => at(e.range)),
    ['"qa"', '"sec"'],
  );
});

test('without workflow.edges.human, human messages enter at the entry: an implicit edge, left out of the text', () => {
  const text = JSON.stringify({
    world: { name: 'pipe' },
    workflow: { type: 'sequential-pipeline', entry: 'a', nodes: { a: { agent: 'x' }, b: { agent: 'y' } }, edges: { a: ['b'], b: [] } },
    agents: { x: { promptPath: 'x.md' }, y: { promptPath: 'y.md' } },
  });
  const g = worldGraphModel(parseWorld(text, URI));
  assert.deepEqual(edgeSummary(g), ['a -> b', 'human ~> a']);
  assert.equal(g.nodes[0]!.id, 'human');
  assert.equal(g.nodes[0]!.range, undefined);
  assert.equal(textAt(text, g.edges[1]!.range!), '"a"');
  assert.deepEqual(
    g.nodes.map((n) => [n.id, n.final]),
    [
      ['human', false],
      ['a', false],
      ['b', true],
    ],
  );
  assert.equal(renderGraph(g, 'mermaid'), ['flowchart TD', '  %% pipe (sequential-pipeline)', '  n0(["a<br/>x"])', '  n1[["b<br/>y"]]', '  n0 --> n1', ''].join('\n'));
});

test('a free-mention world: every node is final; a world without nodes shows its agents, the entry agent marked', () => {
  const free = worldGraphModel(
    parseWorld(
      JSON.stringify({
        workflow: { type: 'free-mention', entry: 'a', nodes: { a: { agent: 'x' }, b: { agent: 'y' } }, edges: {} },
        agents: { x: { promptPath: 'x.md' }, y: { promptPath: 'y.md' } },
      }),
      URI,
    ),
  );
  assert.deepEqual(
    free.nodes.filter((n) => n.kind === 'node').map((n) => n.final),
    [true, true],
  );
  const agents = worldGraphModel(
    parseWorld(
      JSON.stringify({ workflow: { type: 'free-mention', entryAgent: 'host' }, agents: { host: { promptPath: 'p.md' }, guest: { name: 'Guest', promptPath: 'g.md' } } }),
      URI,
    ),
  );
  assert.deepEqual(nodeSummary(agents), [
    ['host', 'agent', '', true, false, false],
    ['guest', 'agent', '', false, false, false],
  ]);
  assert.equal(agents.nodes[1]!.label, 'Guest');
  assert.deepEqual(agents.edges, []);
});

const AGENT = joinLines(
  '---',
  '3md: 1.0',
  'title: Dev',
  'agent: dev',
  'entry: 0',
  '---',
  '@plane z=0 label="dev" kind=identity',
  'You are a developer.',
  '@plane z=1 label="search" kind=skill triggers="find" tool="rg {pattern}"',
  'Find code. See [[z=2|files]] and again [[z=2]].',
  '@plane z=2 label="files" kind=skill triggers="files" tool="fd {glob}"',
  'List files, then [[z=9]].',
  '@plane z=3 kind=skill triggers="x" tool="echo"',
  'Uses [[z=1]].',
);

test('an agent.3md: one node per plane (z, name, identity, entry), one edge per [[z=N]] pair, a dangling link to a missing node', () => {
  const g = agentGraphModel(parseThreeMd(AGENT), 'file:///p/agent.3md');
  assert.equal(g.kind, 'agent');
  assert.equal(g.title, 'Dev');
  assert.deepEqual(nodeSummary(g), [
    ['0', 'identity', 'z=0', true, false, false],
    ['1', 'skill', 'z=1', false, false, false],
    ['2', 'skill', 'z=2', false, false, false],
    ['3', 'skill', 'z=3', false, false, false],
    ['9', 'missing', '(no such plane)', false, false, false],
  ]);
  assert.deepEqual(
    g.nodes.map((n) => n.label),
    ['dev', 'search', 'files', 'skill-3', 'z=9'],
  );
  assert.deepEqual(edgeSummary(g), ['1 -> 2', '2 -> 9 (dangling)', '3 -> 1']);
});

test("an agent.3md's ranges: a plane at its @plane directive, an edge at its first [[z=N]] link", () => {
  const g = agentGraphModel(parseThreeMd(AGENT), 'file:///p/agent.3md');
  assert.equal(textAt(AGENT, g.nodes.find((n) => n.id === '2')!.range!), '@plane');
  assert.equal(g.nodes.find((n) => n.id === '2')!.range!.start.line, 10);
  assert.deepEqual(
    g.edges.map((e) => textAt(AGENT, e.range!)),
    ['[[z=2|files]]', '[[z=9]]', '[[z=1]]'],
  );
  assert.equal(
    renderGraph(g, 'mermaid'),
    [
      'flowchart TD',
      '  %% Dev (agent.3md)',
      '  n0(["dev<br/>z=0"])',
      '  n1["search<br/>z=1"]',
      '  n2["files<br/>z=2"]',
      '  n3["skill-3<br/>z=3"]',
      '  n4["z=9<br/>(no such plane)"]',
      '  n1 --> n2',
      '  n2 --> n4',
      '  n3 --> n1',
      '',
    ].join('\n'),
  );
});

test('an agent without an entry field starts at its identity plane; a plain 3md file still draws its planes', () => {
  const g = agentGraphModel(parseThreeMd(joinLines('---', '3md: 1.0', '---', '@plane z=0', 'a [[z=1]]', '@plane z=1', 'b')), 'file:///p/notes.3md');
  assert.deepEqual(nodeSummary(g), [
    ['0', 'identity', 'z=0', true, false, false],
    ['1', 'skill', 'z=1', false, false, false],
  ]);
  assert.deepEqual(edgeSummary(g), ['0 -> 1']);
  assert.equal(g.title, 'agent');
});
