// The rule registries (server/src/core/rules) are the one list of rules: every code the checks
// report is in one, every rule has its section in docs/rules.md, every SKILL.md rule has its row
// in the per-target table, and the generated parts of the doc are up to date. Each failure names
// what is missing and where it goes (CONTRIBUTING.md, "Adding a rule").
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { AgentRule, DANGLING_LINK } from '../../server/src/core/agent/rules';
import { NOT_RULE_SECTIONS, RULES, RULE_BY_CODE } from '../../server/src/core/rules';
import { GENERATED_PARTS, regenerate } from '../../server/src/core/rules/doc';
import { RETIRED_SKILL_RULES, SKILL_RULE_BY_CODE, SKILL_RULES_OUTSIDE_TARGETS } from '../../server/src/core/skills/rules';

const ROOT = join(__dirname, '../..');
const DOC = readFileSync(join(ROOT, 'docs/rules.md'), 'utf8');
/** Headings that look like a code (one word): rule sections, and the few sections that are no rule. */
const headings = [...DOC.matchAll(/^## (\S+)\s*$/gm)].map((m) => m[1]!);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? sources(p) : p.endsWith('.ts') ? [p] : [];
  });
}

/** `code:` keys that are data, not diagnostic codes (the intent-router example's agent map, the Agent World router's blocked codes). */
const IGNORED = new Set(['agent', 'workflow_edge_blocked', 'unknown_mention_target', 'turn_limit_reached']);

/** Codes written as literals in the cores (diag('code', …), code: 'code', codes: { x: 'code' }), with the file that writes each. */
function literalCodes(): Map<string, string> {
  const out = new Map<string, string>();
  for (const f of sources(join(ROOT, 'server/src/core'))) {
    if (f.includes(join('core', 'rules')) || f.endsWith(join('skills', 'rules.ts'))) continue;
    const text = readFileSync(f, 'utf8');
    const found = [
      ...[...text.matchAll(/(?:diag\w*\(\s*|\bcode:\s*)'([a-zA-Z][\w-]*)'(?=\s*[,)}])/g)].map((m) => m[1]!),
      ...[...text.matchAll(/codes: \{([^}]*)\}/g)].flatMap((m) => [...m[1]!.matchAll(/'([a-z][\w-]*)'/g)].map((x) => x[1]!)),
    ];
    for (const c of found) if (!IGNORED.has(c) && !out.has(c)) out.set(c, relative(ROOT, f));
  }
  for (const c of [...Object.values(AgentRule), DANGLING_LINK]) if (!out.has(c)) out.set(c, 'server/src/core/agent/rules.ts');
  return out;
}

test('every code the checks report is in a rule registry, and every SKILL.md code has its per-target row', () => {
  const codes = literalCodes();
  assert.ok(codes.size > 100, `found only ${codes.size} codes: the scan is broken`);
  const missing = [...codes]
    .filter(([c]) => !RULE_BY_CODE.has(c))
    .map(([c, file]) =>
      c.startsWith('skill-')
        ? `${c} (reported in ${file}) has no row in the per-target table of server/src/core/skills/rules.ts`
        : `${c} (reported in ${file}) is in no registry of server/src/core/rules`,
    );
  assert.deepEqual(missing, []);
});

test('every SKILL.md rule of the registry has a per-target row, or says why it has none', () => {
  const skill = RULES.filter((r) => r.format === 'skill');
  assert.deepEqual(
    skill.filter((r) => !SKILL_RULE_BY_CODE.has(r.code) && !(r.code in SKILL_RULES_OUTSIDE_TARGETS) && !RETIRED_SKILL_RULES.includes(r.code)).map((r) => r.code),
    [],
  );
});

test('every rule has its own section in docs/rules.md, where its anchor leads', () => {
  const slugs = new Set(headings.map((h) => h.toLowerCase()));
  assert.deepEqual(
    RULES.filter((r) => !headings.includes(r.code) || !slugs.has(r.anchor)).map((r) => `${r.code}: add a section '## ${r.code}' to docs/rules.md`),
    [],
  );
});

test('a heading of docs/rules.md that looks like a code is a rule of a registry, or one of the sections that are no rule', () => {
  assert.deepEqual(
    headings
      .filter((h) => !RULE_BY_CODE.has(h) && !NOT_RULE_SECTIONS.includes(h))
      .map((h) => `## ${h} is no rule: add it to a registry in server/src/core/rules, or to NOT_RULE_SECTIONS`),
    [],
  );
  assert.deepEqual(
    NOT_RULE_SECTIONS.filter((s) => RULE_BY_CODE.has(s)),
    [],
  );
});

test('rule headings are unique, so every link lands on one section', () => {
  assert.deepEqual(
    headings.filter((h, i) => headings.indexOf(h) !== i),
    [],
  );
  assert.deepEqual(
    RULES.map((r) => r.code).filter((c, i, all) => all.indexOf(c) !== i),
    [],
  );
});

test('the generated parts of docs/rules.md are up to date (npm run generate)', () => {
  const fresh = regenerate(DOC);
  const stale = GENERATED_PARTS.filter((p) => {
    const slice = (t: string) => t.slice(t.indexOf(p.start), t.indexOf(p.end) + p.end.length);
    return slice(DOC) !== slice(fresh);
  }).map((p) => `${p.name} is stale: run npm run generate`);
  assert.deepEqual(stale, []);
});
