import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inlineDefs, worldSchemaDiagnostics } from '../../server/src/core/world/schemaCheck';
import { baseWorld } from '../fixtures/world/helpers';
import { ranges } from '../helpers/markers';

test('a valid world has no schema diagnostics', () => {
  assert.deepEqual(worldSchemaDiagnostics(JSON.stringify(baseWorld(), null, 2)), []);
});

test('a property the schema does not allow is flagged on its key', () => {
  const { text, ranges: r } = ranges(
    '{\n  "world": { "id": "w", "name": "w", «"colour»": "red" },\n  "workflow": { "type": "direct-handoff", "entry": "a", "nodes": { "a": { "agent": "a" } }, "edges": { "a": [] } },\n  "agents": { "a": { "role": "r", "promptPath": "prompts/a.md" } }\n}',
  );
  // The marker sits inside the key's quotes: the range is the whole key token.
  const d = worldSchemaDiagnostics(text).filter((x) => x.message.includes('colour'));
  assert.equal(d.length, 1);
  assert.equal(d[0]!.code, 'world-schema');
  assert.equal(d[0]!.message, '/world must not have the property "colour"');
  assert.deepEqual(d[0]!.range.start, { line: r[0]!.start.line, character: r[0]!.start.character });
});

test('a value of the wrong type is flagged on the value, with the schema message', () => {
  const world = baseWorld();
  world.world.turnLimit = 'ten';
  const text = JSON.stringify(world, null, 2);
  const d = worldSchemaDiagnostics(text);
  const hit = d.find((x) => x.message.startsWith('/world/turnLimit'));
  assert.ok(hit, JSON.stringify(d));
  const line = text.split('\n')[hit.range.start.line]!;
  assert.equal(line.slice(hit.range.start.character, hit.range.end.character), '"ten"');
});

test('a missing required property is flagged on the object that lacks it', () => {
  const world = baseWorld();
  delete world.agents;
  const d = worldSchemaDiagnostics(JSON.stringify(world, null, 2));
  assert.ok(
    d.some((x) => x.message === "(root) must have required property 'agents'"),
    JSON.stringify(d),
  );
});

test('text that is not JSON gets no schema diagnostics (the JSON error is reported elsewhere)', () => {
  assert.deepEqual(worldSchemaDiagnostics('{ "world": '), []);
});

test('inlining the schema definitions keeps a definition that refers to itself as a $ref', () => {
  const schema = {
    $defs: { id: { type: 'string' }, tree: { type: 'object', properties: { kids: { items: { $ref: '#/$defs/tree' } } } } },
    properties: { a: { $ref: '#/$defs/id', description: 'x' }, t: { $ref: '#/$defs/tree' } },
  };
  const out = inlineDefs(schema) as { properties: { a: unknown; t: { properties: { kids: { items: unknown } } } } };
  assert.deepEqual(out.properties.a, { type: 'string', description: 'x' });
  assert.deepEqual(out.properties.t.properties.kids.items, { $ref: '#/$defs/tree' });
});
