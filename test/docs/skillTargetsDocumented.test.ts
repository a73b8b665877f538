// docs/rules.md shows each SKILL.md rule's severity per target exactly as the rule table says,
// and docs/clients-fields.md lists the allowed values the checks use.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SKILL_RULES } from '../../server/src/core/skills';
import { skillTargetsTable, TABLE_END, TABLE_START } from '../../server/src/core/skills/rulesDoc';
import { CLAUDE_BOOLEANS, CONTEXT_VALUES, EFFORT_LEVELS, MODEL_ALIASES, SHELLS } from '../../server/src/core/skills/clientFields';

const ROOT = join(__dirname, '../..');
const RULES = readFileSync(join(ROOT, 'docs/rules.md'), 'utf8');
const CLIENTS = readFileSync(join(ROOT, 'docs/clients-fields.md'), 'utf8');

test('the per-target table in docs/rules.md is the rule table (regenerate: node --import tsx scripts/skillTargetsDoc.ts)', () => {
  const a = RULES.indexOf(TABLE_START);
  const b = RULES.indexOf(TABLE_END);
  assert.ok(a >= 0 && b > a, 'markers missing');
  assert.equal(RULES.slice(a, b + TABLE_END.length), skillTargetsTable());
});

test('every rule of the table has its own section', () => {
  const headings = new Set([...RULES.matchAll(/^## (\S+)\s*$/gm)].map((m) => m[1]!));
  assert.deepEqual(
    SKILL_RULES.map((r) => r.code).filter((c) => !headings.has(c)),
    [],
  );
});

test('docs/clients-fields.md lists every allowed value the checks accept', () => {
  const section = CLIENTS.slice(CLIENTS.indexOf('## Allowed values'));
  for (const v of [...CLAUDE_BOOLEANS, ...CONTEXT_VALUES, ...EFFORT_LEVELS, ...SHELLS, ...MODEL_ALIASES]) {
    assert.ok(section.includes(`\`${v}\``), `${v} is missing from the allowed values table`);
  }
});
