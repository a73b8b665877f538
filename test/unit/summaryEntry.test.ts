/**
 * The index entry of a .3md agent (core/agent/features/summary.ts) reads names, triggers, inputs
 * and dependencies from each plane's header and source, not through the skill view: it must say
 * what the skill view says. And the entry of an open document, made from its incremental parse,
 * must be the one a fresh parse of its text gives.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseThreeMd } from '../../server/src/core/threemd/parser';
import { analyzeThreeMd } from '../../server/src/core/agent/threemdAnalysis';
import { summarize } from '../../server/src/core/agent/features/summary';
import { InMemoryHost } from '../../server/src/core/workspace/host';
import { DocumentStore } from '../../server/src/lsp/documents';
import { createProviders } from '../../server/src/lsp/formats/registry';
import { formatContext } from '../helpers/formatContext';

const URI = 'file:///ws/ops.agent.3md';

const AGENT = [
  '---',
  '3md: 1.0',
  'title: Ops',
  'tools: rg, gh',
  '---',
  '@plane z=0 kind=identity label="Ops"',
  'You run things. See [[z=1]].',
  '',
  '@plane z=1 label="deploy" triggers="deploy, ship it,, " inputs="env, count:Number?, flag : boolean, :bad, x:" tool="gh run {env}"',
  'Needs [[z=2]] and [[z=2]] and [[z=1]] and [[z=9]] and [[z=3|label',
  'on two lines]].',
  '```',
  '@plane z=5 label="swallowed" triggers="never"',
  '[[z=0]]',
  '```',
  '@plane z=2 label="status" TRIGGERS="status" triggers="health, \\"up\\"" inputs="q?" inputs="a: String , b"',
  'text',
  '@plane z=3 label="deploy" triggers="again"',
  '[[z=1]]',
  '@plane z=4',
  'no label, no triggers: [[z=4]] [[z=2]] [[z=4]] [[z=2]]',
  '@plane z=6 label="many" triggers="m"',
  Array.from({ length: 40 }, (_, i) => `[[z=${i % 7}]]`).join(' '),
].join('\n');

test('the index entry of an agent says what its skill view says: names, triggers, inputs, dependencies', () => {
  const a = analyzeThreeMd(parseThreeMd(AGENT), { fileName: URI });
  const entry = summarize(a, URI);
  assert.equal(entry.name, a.runtime.manifest().name);
  const view = a.runtime.skills.map((s) => {
    const seen = new Set<number>([s.z]);
    const deps: { name: string; z: number }[] = [];
    for (const d of s.deps) {
      if (seen.has(d.z)) continue;
      seen.add(d.z);
      const dep = a.runtime.get(d.z);
      if (dep) deps.push({ name: dep.name, z: dep.z });
    }
    return {
      name: s.name,
      z: s.z,
      triggers: s.triggers.map((t) => t.text),
      inputs: s.inputs.map((i) => ({ name: i.name, type: i.type, required: i.required })),
      tool: s.tool,
      deps,
    };
  });
  assert.deepEqual(
    entry.skills.map(({ name, z, triggers, inputs, tool, deps }) => ({ name, z, triggers, inputs, tool, deps })),
    view,
  );
  // The fixture has what the comparison is about.
  const deploy = entry.skills.find((s) => s.z === 3)!;
  assert.deepEqual(entry.skills.find((s) => s.z === 2)!.inputs, [
    { name: 'a', type: 'string', required: true },
    { name: 'b', type: 'string', required: true },
  ]);
  assert.deepEqual(deploy.deps, [{ name: 'deploy', z: 1 }]);
  assert.deepEqual(
    entry.skills.find((s) => s.z === 6)!.deps.map((d) => d.z),
    [1, 2, 3, 4],
    'a long list: each once, not itself, not the identity',
  );
});

test('the index entry of an open agent, after edits, is the entry of a fresh parse of its text', () => {
  const host = new InMemoryHost({});
  const store = new DocumentStore();
  const provider = createProviders(store)['3md']!;
  const ctx = formatContext(host, store);
  const doc = store.open(URI, '3md', 1, AGENT);
  const same = (what: string) => assert.deepEqual(provider.summarizeOpen!(doc, ctx), summarize(analyzeThreeMd(parseThreeMd(doc.doc.getText()), { fileName: URI }), URI), what);
  same('on open');
  const at = (line: number, character: number) => ({ line, character });
  const edits: [string, { start: { line: number; character: number }; end: { line: number; character: number } }, string][] = [
    ['a trigger added', { start: at(8, 48), end: at(8, 48) }, ', roll out'],
    ['an input made optional', { start: at(8, 64), end: at(8, 64) }, '?'],
    ['a dependency added', { start: at(16, 4), end: at(16, 4) }, ' [[z=4]]'],
    ['a plane added', { start: at(19, 0), end: at(19, 0) }, '@plane z=7 label="new" triggers="n" inputs="k: number"\n[[z=2]]\n'],
    ['a fence closed early', { start: at(11, 0), end: at(11, 3) }, ''],
  ];
  let version = 1;
  for (const [what, range, text] of edits) {
    store.change(URI, ++version, [{ range, text }]);
    same(what);
  }
});

test("a closed agent's index entry is an open one's without the checks: the same planes, triggers, inputs and dependencies, and no counts", () => {
  const store = new DocumentStore();
  const provider = createProviders(store)['3md']!;
  const ctx = formatContext(new InMemoryHost({}), store);
  const closed = provider.summarize!(URI, AGENT, ctx)!;
  const open = summarize(analyzeThreeMd(parseThreeMd(AGENT), { fileName: URI }), URI);
  const uncounted = { ...open, errors: 0, warnings: 0, skills: open.skills.map((s) => ({ ...s, errors: 0, warnings: 0 })) };
  assert.deepEqual(closed, uncounted);
  assert.ok(open.errors + open.warnings > 0, 'the agent has findings an open file counts');
});
