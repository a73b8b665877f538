/** An Agent World drawn as Mermaid or DOT: nodes with their agents, edges, requires joins, the entry; hostile names stay labels. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseWorld } from '../../server/src/core/world/model';
import { renderWorldGraph } from '../../server/src/core/world/graphExport';

const world = (json: unknown) => parseWorld(JSON.stringify(json), 'file:///p/.agent-world/world.json');

const JOIN = world({
  world: { id: 'w', name: 'review' },
  workflow: {
    type: 'parallel-fanout',
    entry: 'plan',
    nodes: { plan: { agent: 'lead' }, a: { agent: 'qa' }, b: { agent: 'sec' }, done: { agent: 'lead', requires: ['a', 'b'] } },
    edges: { human: ['plan'], plan: ['a', 'b'], a: ['done'], b: ['done'], done: [] },
  },
  agents: { lead: { name: 'Lead', promptPath: 'prompts/lead.md' }, qa: { promptPath: 'prompts/qa.md' }, sec: { promptPath: 'prompts/sec.md' } },
});

test('Mermaid: the entry as a stadium, final nodes as subroutines, each node with its agent name, edges, and requires as dotted links', () => {
  assert.equal(
    renderWorldGraph(JOIN, 'mermaid'),
    [
      'flowchart TD',
      '  %% review (parallel-fanout)',
      '  n0["human"]',
      '  n1(["plan<br/>Lead"])',
      '  n2["a<br/>qa"]',
      '  n3["b<br/>sec"]',
      '  n4[["done<br/>Lead"]]',
      '  n0 --> n1',
      '  n1 --> n2',
      '  n1 --> n3',
      '  n2 --> n4',
      '  n3 --> n4',
      '  n2 -. requires .-> n4',
      '  n3 -. requires .-> n4',
      '',
    ].join('\n'),
  );
});

test('DOT: quoted ids, the entry with a double border, requires dashed', () => {
  const dot = renderWorldGraph(JOIN, 'dot');
  assert.match(dot, /^digraph "review" \{\n {2}rankdir=TB;/);
  assert.match(dot, /\n {2}"plan" \[label="plan\\nLead", peripheries=2\];\n/);
  assert.match(dot, /\n {2}"a" -> "done" \[style=dashed, label="requires"\];\n/);
});

test('names that would end a statement are escaped in both languages; an undefined edge target is drawn and named so', () => {
  const hostile = world({
    world: { name: 'x"] --> evil' },
    workflow: { type: 'direct-handoff', entry: 'a"b', nodes: { 'a"b': { agent: 'p' } }, edges: { 'a"b': ['ghost\n#1'] } },
    agents: { p: { name: 'P "quoted" <b>#1</b>', promptPath: 'prompts/p.md' } },
  });
  const m = renderWorldGraph(hostile, 'mermaid');
  assert.match(m, /^ {2}%% x#quot;\] --#gt; evil \(direct-handoff\)$/m);
  assert.match(m, /^ {2}n0\(\["a#quot;b<br\/>P #quot;quoted#quot; #lt;b#gt;#35;1#lt;\/b#gt;"\]\)$/m);
  assert.match(m, /^ {2}n1\["ghost<br\/>#35;1<br\/>\(undefined\)"\]$/m);
  assert.equal(m.split('\n').filter((l) => l.trim() !== '').length, 5, 'one line per statement: no label spills onto its own line');
  const d = renderWorldGraph(hostile, 'dot');
  assert.match(d, /^digraph "x\\"\] --> evil" \{$/m);
  assert.match(d, /^ {2}"a\\"b" -> "ghost\\n#1";$/m);
});

test('a world without nodes (free mention) shows its agents, the entry agent marked', () => {
  const free = world({
    world: { name: 'chat' },
    workflow: { type: 'free-mention', entryAgent: 'host' },
    agents: { host: { promptPath: 'p.md' }, guest: { name: 'Guest', promptPath: 'g.md' } },
  });
  assert.equal(renderWorldGraph(free, 'mermaid'), ['flowchart TD', '  %% chat (free-mention)', '  n0(["host"])', '  n1["Guest"]', ''].join('\n'));
});
