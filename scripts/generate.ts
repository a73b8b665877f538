// Writes the files made from the code: the index of codes, the quick-fix table and the SKILL.md
// per-target table of docs/rules.md (from the rule registries, server/src/core/rules), and the JSON
// Schemas contributed for plugin files (schemas/, from the key tables: core/analysis/contributedSchemas.ts), and
// the world.json validator compiled by ajv (scripts/worldValidator.ts).
// Usage: npm run generate (test/docs/ruleRegistry.test.ts and test/unit/contributedSchemas.test.ts fail, naming the part, when they are stale).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { regenerate } from '../server/src/core/rules/doc';
import { CONTRIBUTED_SCHEMAS } from '../server/src/core/analysis/contributedSchemas';
import { WORLD_VALIDATOR_FILE, worldValidatorSource } from './worldValidator';

const root = join(__dirname, '..');

function write(rel: string, after: string): void {
  const file = join(root, rel);
  let before = '';
  try {
    before = readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  if (after !== before) {
    writeFileSync(file, after);
    console.log(`${rel}: regenerated`);
  } else console.log(`${rel}: up to date`);
}

async function main(): Promise<void> {
  write('docs/rules.md', regenerate(readFileSync(join(root, 'docs', 'rules.md'), 'utf8')));
  for (const s of CONTRIBUTED_SCHEMAS) {
    const file = join(root, s.file);
    const options = { ...((await resolveConfig(file)) ?? {}), filepath: file };
    write(s.file, await format(JSON.stringify(s.build(), null, 2), options));
  }
  const validator = join(root, WORLD_VALIDATOR_FILE);
  write(WORLD_VALIDATOR_FILE, await format(worldValidatorSource(), { ...((await resolveConfig(validator)) ?? {}), filepath: validator }));
}

void main();
