// Writes the files made from the rule registries (server/src/core/rules): the index of codes,
// the quick-fix table and the SKILL.md per-target table of docs/rules.md.
// Usage: npm run generate (test/docs/ruleRegistry.test.ts fails, naming the part, when they are stale).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { regenerate } from '../server/src/core/rules/doc';

const file = join(__dirname, '..', 'docs', 'rules.md');
const before = readFileSync(file, 'utf8');
const after = regenerate(before);
if (after !== before) {
  writeFileSync(file, after);
  console.log('docs/rules.md: regenerated');
} else console.log('docs/rules.md: up to date');
