/**
 * The checks at scale: worlds of 30,000 nodes and agents, 2.6 million findings in one file. Run
 * by `npm run test:stress` (slow by design, so not in `npm test`).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { worldSchemaDiagnostics } from '../../server/src/core/world/schemaCheck';
import { startClient } from '../helpers/inProcessClient';
import { joins, world } from '../helpers/worldGraphs';

test('a world whose 30,000 nodes form one cycle, each requiring the one before, is checked at once', { timeout: 15_000 }, () => {
  const n = 30_000;
  const edges: [number, number][] = Array.from({ length: n }, (_, i) => [i, (i + 1) % n]);
  const requires: [number, number][] = Array.from({ length: n }, (_, i) => [i, (i + n - 1) % n]);
  assert.deepEqual(joins(world(n, edges, requires)), []);
});

test('30,000 agents that each fail the schema get every finding without quadratic cost (a $ref call copied the error list: 12 s)', () => {
  const agents: Record<string, unknown> = {};
  for (let i = 0; i < 30_000; i++) agents[`a${i}`] = { promptPath: `prompts/a${i}.md`, bogus: 1 };
  const text = JSON.stringify({ world: { id: 'w', name: 'w' }, workflow: { type: 'sequential-pipeline', entry: 'n', entryAgent: 'a0', nodes: {}, edges: {} }, agents });
  const started = performance.now();
  const ds = worldSchemaDiagnostics(text);
  assert.ok(performance.now() - started < 10_000, 'finishes well inside 10 s');
  assert.equal(ds.filter((d) => d.message.includes('bogus')).length, 30_000);
});

test('2.6 million dead links on one 20 MB line publish 1,000 diagnostics and a count of the rest', { timeout: 120_000 }, async () => {
  const client = await startClient();
  const uri = 'file:///ws/big.3md';
  const text = '---\n3md: 1\n---\n@plane z=0\n' + '[[z=9]] '.repeat(2_600_000) + '\n';
  const pending = client.diagnostics(uri, () => true, 110_000);
  client.open(uri, text, '3md');
  const ds = await pending;
  assert.equal(ds.length, 1001);
  const last = ds[ds.length - 1]!;
  assert.equal(last.code, 'too-many-diagnostics');
  assert.match(String(last.message), /^2599000 more diagnostics not shown/);
  await client.stop();
});
