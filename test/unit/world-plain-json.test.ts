// The plain-JSON fast path of world.json (jsonTape.ts) against jsonc-parser, the path every other
// text takes: the same tree, and the same model, diagnostics, occurrences and code actions.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { parseTree, type Node } from 'jsonc-parser';
import { strictTape, tapeOfTree } from '../../server/src/core/world/jsonTape';
import { analyzeWorldModel } from '../../server/src/core/world/analyzeWorld';
import { migratedWorkflow, worldCodeActions } from '../../server/src/core/world/codeActions';
import { parseWorld, type Field, type WorldModel } from '../../server/src/core/world/model';
import { worldJsonOccurrences } from '../../server/src/core/world/symbols';
import { worldRing } from '../../scripts/genHostile';
import { BASE_URI, baseHost, baseWorld, fixtureHost, worldUri } from '../fixtures/world/helpers';
import { runs } from '../helpers/runs';

/** A tree as plain data (parent links as the path of the parent), for deepEqual. */
function plainTree(n: Node | undefined, path = ''): unknown {
  if (!n) return undefined;
  const out: Record<string, unknown> = { type: n.type, offset: n.offset, length: n.length, parent: n.parent === undefined ? null : 'set' };
  if (n.value !== undefined) out['value'] = Object.is(n.value, -0) ? '-0' : n.value;
  if (n.colonOffset !== undefined) out['colonOffset'] = n.colonOffset;
  if (n.children) {
    out['children'] = n.children.map((c, i) => {
      assert.equal(c.parent, n, `${path}/${i}: parent link`);
      return plainTree(c, `${path}/${i}`);
    });
  }
  return out;
}

/** A value as data, its prototype included (a `__proto__` key sets it when a value is copied by assignment). */
function canon(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canon);
  if (!v || typeof v !== 'object') return Object.is(v, -0) ? '-0' : v;
  const proto = Object.getPrototypeOf(v) as unknown;
  return { own: Object.entries(v).map(([k, x]) => [k, canon(x)]), proto: proto === Object.prototype ? null : canon(proto) };
}

const field = (f: Field) => ({ keyRange: f.keyRange, range: f.range, type: f.type, nodeType: f.node.type, value: canon(f.value) });
const fields = (m: Map<string, Field>) => [...m].map(([k, f]) => [k, field(f)]);

/** Everything a feature reads from the model, as plain data. */
function project(w: WorldModel, host = baseHost()) {
  const analysis = analyzeWorldModel(w, host);
  return {
    root: plainTree(w.root),
    syntaxErrors: w.syntaxErrors,
    duplicateKeys: w.duplicateKeys,
    top: fields(w.top),
    world: fields(w.world),
    workflow: fields(w.workflow),
    routing: fields(w.routing),
    refs: (['type', 'entry', 'entryAgent', 'worldEntryAgent', 'mainAgent', 'noMentionFromHumanGoesTo'] as const).map((k) => w[k] && [w[k].value, w[k].range, w[k].inner]),
    stopToken: w.stopToken,
    nodes: [...w.nodes.values()].map((n) => ({
      id: n.id,
      keyRange: n.keyRange,
      keyInner: n.keyInner,
      range: n.range,
      agent: n.agent && [n.agent.value, n.agent.range],
      requires: n.requires.map((r) => [r.value, r.range, r.inner]),
      instruction: n.instruction,
      fields: fields(n.fields),
    })),
    edges: [...w.edges.values()].map((e) => ({ source: e.source, keyRange: e.keyRange, field: field(e.field), targets: e.targets.map((t) => [t.value, t.range]) })),
    agents: [...w.agents.values()].map((a) => ({
      id: a.id,
      keyRange: a.keyRange,
      range: a.range,
      name: a.name && [a.name.value, a.name.range],
      role: a.role,
      promptPath: a.promptPath && [a.promptPath.value, a.promptPath.range],
      prompt: a.prompt,
      fields: fields(a.fields),
    })),
    agentsIsArray: w.agentsIsArray,
    aliases: [...w.aliases],
    diagnostics: analysis.diagnostics,
    occurrences: worldJsonOccurrences(w),
    codeActions: worldCodeActions(w, analysis.diagnostics),
    migrated: JSON.stringify(migratedWorkflow(w)),
  };
}

const pretty = (v: unknown) => JSON.stringify(v, null, 2);
const fixture = (name: string) => fixtureHost(name).readText(worldUri(name))!;

/** world.json texts of every kind: valid, commented, trailing commas, duplicate keys, wrong types, deep, escaped, `__proto__`, invalid. */
function worlds(): string[] {
  const base = pretty(baseWorld());
  const legacy = baseWorld();
  legacy.workflow.edges = [{ from: 'send', to: 'receive', join: true }];
  delete legacy.workflow.nodes;
  const wrongTypes = baseWorld();
  wrongTypes.workflow.nodes.send = { agent: 5, requires: 'receive', instruction: [1], forbidden: true };
  wrongTypes.workflow.edges.receive = 'send';
  wrongTypes.agents.receiver.contextScope = 7;
  const arrayAgents = baseWorld();
  arrayAgents.agents = [{ id: 'sender', promptPath: 'prompts/sender.md' }, { name: 'receiver' }, 3, {}];
  const deep = (n: number) => base.replace('"turnLimit": 10', `"turnLimit": ${'['.repeat(n)}${']'.repeat(n)}`);
  const texts = [
    base,
    JSON.stringify(baseWorld()),
    base.replace(/\n/g, '\r\n'),
    fixture('app-builder'),
    fixture('free-mention'),
    worldRing(20),
    base.replace('{', '{ // a comment\n'),
    base.replace('"receive": []', '"receive": [],'),
    base.replace('"receiver": {', '"receiver": {"role": "first", "role": 3, '),
    base.replace('"agents": {', '"agents": {"sender": {"role": "dup"}, '),
    pretty(legacy),
    pretty(wrongTypes),
    pretty(arrayAgents),
    deep(200),
    deep(254),
    deep(255),
    deep(300),
    '['.repeat(10_000) + ']'.repeat(10_000),
    base.replace('"send": {', '"s\\u0065nd": {').replace('"sender"', '"\\u0073ender \\"q\\" \\ud83d\\ude00 \\u00e9"'),
    base.replace('"agents": {', '"agents": {"__proto__": {"role": "p", "promptPath": "prompts/p.md"}, ').replace('"nodes": {', '"nodes": {"__proto__": {"agent": "__proto__"}, '),
    pretty({ ...baseWorld(), workflow: { ...baseWorld().workflow, edges: [{ from: 'send', to: 'receive' }], __proto__x: 1 } }).replace('"__proto__x"', '"__proto__"'),
    base.replace('"nodes": {', '"nodes": {"1": {"agent": "sender"}, "0": {"agent": "receiver"}, '),
    base.replace('10', '-0.5e+3'),
    base.replace('10', '1e999'),
    base.replace('"w"', '"\\u0000"'),
    '\ufeff' + base,
    '',
    '   ',
    'null',
    '"world"',
    '[]',
    '{}',
    '{"a":1}x',
    '{"a":tru}',
    '{"a":"\\x"}',
    '{"a":"\\u00g0"}',
    '{"a":"' + '\u0001' + '"}',
    '{"a":01}',
    '{"a":1.}',
    '{"a":-}',
    '{"a" "b"}',
    '{"a":}',
  ];
  for (let n = 0; n < base.length; n += 37) texts.push(base.slice(0, n));
  return texts;
}

test('plain JSON read as rows gives the tree jsonc-parser gives; other text is copied from jsonc-parser as it is', () => {
  for (const text of worlds()) {
    const errors: unknown[] = [];
    const tree = text.startsWith('['.repeat(300)) ? undefined : parseTree(text, errors as never, { disallowComments: true });
    const tape = strictTape(text, 256);
    if (tape) {
      assert.equal(errors.length, 0, `accepted a text jsonc-parser reports: ${JSON.stringify(text.slice(0, 60))}`);
      assert.deepEqual(plainTree(tape.node(0)), plainTree(tree), JSON.stringify(text.slice(0, 60)));
    } else if (tree) {
      assert.deepEqual(plainTree(tapeOfTree(text, tree).node(0)), plainTree(tree), JSON.stringify(text.slice(0, 60)));
    }
  }
});

test('the plain-JSON rows accept exactly the texts jsonc-parser parses without an error, on random JSON', () => {
  const text = fc.oneof(
    fc.json().map((t) => t),
    fc.jsonValue().map((v) => JSON.stringify(v, null, 2)),
    fc
      .tuple(fc.json(), fc.nat(), fc.constantFrom('', ',', '//', '"', '\\', '\u0001', ' ', '\t', '}', ']', 'e', '-', '.', '0'))
      .map(([t, n, s]) => t.slice(0, n % (t.length + 1)) + s + t.slice(n % (t.length + 1))),
  );
  fc.assert(
    fc.property(text, (t) => {
      const errors: unknown[] = [];
      const tree = parseTree(t, errors as never, { disallowComments: true });
      const tape = strictTape(t, 256);
      assert.equal(tape !== undefined, errors.length === 0 && tree !== undefined, JSON.stringify(t));
      if (tape) assert.deepEqual(plainTree(tape.node(0)), plainTree(tree));
    }),
    { numRuns: runs(2000) },
  );
});

test('the world model, its diagnostics, occurrences and code actions are the same through the plain-JSON path and through jsonc-parser', () => {
  for (const text of worlds()) {
    const fast = parseWorld(text, BASE_URI);
    const slow = parseWorld(text, BASE_URI, true);
    assert.deepEqual(project(fast), project(slow), JSON.stringify(text.slice(0, 60)));
  }
});

test('the 10,000-deep world.json keeps its one depth diagnostic through the plain-JSON path', () => {
  const w = parseWorld('['.repeat(10_000) + ']'.repeat(10_000), BASE_URI);
  assert.equal(w.root, undefined);
  assert.deepEqual(
    w.syntaxErrors.map((e) => [e.message, e.range.start.character]),
    [['nested deeper than 256 levels of arrays and objects: the file is not analysed', 256]],
  );
});
