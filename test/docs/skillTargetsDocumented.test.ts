// Every SKILL.md rule of the table has its section, and docs/clients-fields.md lists the allowed
// values the checks use (the per-target table itself is checked in ruleRegistry.test.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SKILL_RULES, TARGETS } from '../../server/src/core/skills';
import { CLAUDE_BOOLEANS, CONTEXT_VALUES, EFFORT_LEVELS, MODEL_ALIASES, SHELLS } from '../../server/src/core/skills/clientFields';

const ROOT = join(__dirname, '../..');
const RULES = readFileSync(join(ROOT, 'docs/rules.md'), 'utf8');
const CLIENTS = readFileSync(join(ROOT, 'docs/clients-fields.md'), 'utf8');

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

test('the agentFiles.targets setting and the .agent-files.json schema offer exactly the targets of the code', () => {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const schema = JSON.parse(readFileSync(join(ROOT, 'schemas/agent-files.schema.json'), 'utf8'));
  assert.deepEqual(pkg.contributes.configuration.properties['agentFiles.targets'].items.enum, [...TARGETS], 'package.json agentFiles.targets');
  assert.deepEqual(schema.properties.targets.items.enum, [...TARGETS], 'schemas/agent-files.schema.json targets');
});
