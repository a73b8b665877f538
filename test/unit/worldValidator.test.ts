/**
 * The world.json validator the bundles carry is ajv's standalone code for schemas/world.schema.json,
 * made by `npm run generate` (scripts/worldValidator.ts): the committed file must be what ajv makes
 * of today's schema, and it must judge like ajv compiling the schema at run time.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import Ajv2020 from 'ajv/dist/2020';
import schema from '../../schemas/world.schema.json';
import { WORLD_VALIDATOR_FILE, worldValidatorSource } from '../../scripts/worldValidator';
import { inlineDefs } from '../../server/src/core/world/schemaCheck';
import { validate } from '../../server/src/core/world/worldValidator.generated';

const ROOT = join(__dirname, '..', '..');

test('the committed world.json validator is the one npm run generate makes from the schema', async () => {
  const file = join(ROOT, WORLD_VALIDATOR_FILE);
  const made = await format(worldValidatorSource(), { ...((await resolveConfig(file)) ?? {}), filepath: file });
  assert.equal(readFileSync(file, 'utf8'), made, 'stale: run npm run generate');
});

test('the generated validator reports what ajv compiling the schema at run time reports', () => {
  const compiled = new Ajv2020({ allErrors: true, strict: false, validateSchema: false }).compile(inlineDefs(schema) as object);
  const worlds: unknown[] = [
    {},
    { world: 'w', workflow: {}, agents: {} },
    { world: 3, workflow: { entry: 'a', edges: [{ from: 'a', to: 7 }] }, agents: { a: { prompt: 1 } }, extra: true },
    JSON.parse(readFileSync(join(ROOT, 'test', 'fixtures', 'world', 'app-builder', '.agent-world', 'world.json'), 'utf8')),
    JSON.parse(readFileSync(join(ROOT, 'test', 'fixtures', 'workspace-formats', 'broken', '.agent-world', 'world.json'), 'utf8')),
  ];
  for (const w of worlds) {
    const ok = (validate as (d: unknown) => boolean)(w);
    assert.equal(ok, compiled(w), JSON.stringify(w).slice(0, 80));
    const errs = (validate as unknown as { errors: unknown[] | null }).errors ?? [];
    assert.deepEqual(errs, compiled.errors ?? []);
  }
});
