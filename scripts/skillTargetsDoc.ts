// Rewrites the SKILL.md per-target severity table in docs/rules.md from the rule table.
// Usage: node --import tsx scripts/skillTargetsDoc.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { skillTargetsTable, TABLE_END, TABLE_START } from '../server/src/core/skills/rulesDoc';

const file = join(__dirname, '..', 'docs', 'rules.md');
const text = readFileSync(file, 'utf8');
const a = text.indexOf(TABLE_START);
const b = text.indexOf(TABLE_END);
if (a < 0 || b < a) throw new Error('docs/rules.md has no skill-targets table markers');
writeFileSync(file, text.slice(0, a) + skillTargetsTable() + text.slice(b + TABLE_END.length));
