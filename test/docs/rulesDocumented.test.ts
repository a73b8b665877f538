import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { AgentRule, DANGLING_LINK } from '../../server/src/core/agent/rules';

const ROOT = join(__dirname, '../..');
const RULES = readFileSync(join(ROOT, 'docs/rules.md'), 'utf8');
const headings = new Set([...RULES.matchAll(/^## (\S+)\s*$/gm)].map((m) => m[1]!));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? sources(p) : p.endsWith('.ts') ? [p] : [];
  });
}

/** `code:` keys that are data, not diagnostic codes (the intent-router example's agent map, the Agent World router's blocked codes). */
const IGNORED = new Set(['agent', 'workflow_edge_blocked', 'unknown_mention_target', 'turn_limit_reached']);

/** Codes written as literals in the format cores: diag('code', …) or code: 'code'. */
function literalCodes(): Set<string> {
  const out = new Set<string>();
  for (const f of sources(join(ROOT, 'server/src/core'))) {
    const text = readFileSync(f, 'utf8');
    for (const m of text.matchAll(/(?:diag\w*\(\s*|\bcode:\s*)'([a-zA-Z][\w-]*)'(?=\s*[,)}])/g)) if (!IGNORED.has(m[1]!)) out.add(m[1]!);
  }
  return out;
}

test('every diagnostic code has its own section in docs/rules.md', () => {
  const codes = new Set([
    ...Object.values(AgentRule),
    DANGLING_LINK,
    'missingFrontmatter',
    'invalidFrontmatter',
    'missingVersion',
    'missingPlanePosition',
    'invalidPlaneDirective',
    'duplicatePlane',
    'internal-error',
    ...literalCodes(),
  ]);
  const missing = [...codes].filter((c) => !headings.has(c));
  assert.deepEqual(missing, []);
  assert.ok(codes.size > 100, `found only ${codes.size} codes: the scan is broken`);
});

test('rule headings are unique, so every link lands on one section', () => {
  const all = [...RULES.matchAll(/^## (\S+)\s*$/gm)].map((m) => m[1]!);
  assert.deepEqual(
    all.filter((h, i) => all.indexOf(h) !== i),
    [],
  );
});
