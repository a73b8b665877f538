/** The rows of "What the Agent Sees": Codex's bar and cut point on its rows, the listing under its client with each skill's share. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { effectRows, type EffectRow } from '../../client/src/effectRows';
import { budgetBar } from '../../server/src/core/effect/bar';
import { effectReport } from '../../server/src/core/effect/report';
import { InMemoryHost } from '../../server/src/core/workspace/host';
import type { ListedSkillSummary } from '../../server/src/core/skills/listingRule';

const W = 'file:///ws';
const rel = (u: string) => u.slice(W.length + 1);
const flat = (rows: readonly EffectRow[], depth = 0): string[] =>
  rows.flatMap((r) => [`${'  '.repeat(depth)}${r.label}${r.description ? ` | ${r.description}` : ''}`, ...flat(r.children ?? [], depth + 1)]);

test('the budget bar: five cells, one lit once anything is spent, KiB from 1 KiB up', () => {
  assert.equal(budgetBar(20_582, 32_768, 'bytes'), '▰▰▰▱▱ 20.1 of 32 KiB');
  assert.equal(budgetBar(0, 8000, 'characters'), '▱▱▱▱▱ 0 of 8,000 characters');
  assert.equal(budgetBar(10, 8000, 'characters'), '▰▱▱▱▱ 10 of 8,000 characters');
  assert.equal(budgetBar(900, 800, 'characters'), '▰▰▰▰▰ 900 of 800 characters');
});

test("Codex's row has its bar, a cut file its stop row opening at the line; Claude Code's row holds its skill listing with shares", () => {
  const host = new InMemoryHost({ [`${W}/.git/HEAD`]: 'ref', [`${W}/.codex/config.toml`]: 'project_doc_max_bytes = 25\n', [`${W}/AGENTS.md`]: `${'a'.repeat(9)}\n`.repeat(4) });
  const skill = (name: string): ListedSkillSummary => ({
    uri: `${W}/.claude/skills/${name}/SKILL.md`,
    path: `/ws/.claude/skills/${name}/SKILL.md`,
    name,
    description: 'Does it.',
    targets: ['claude-code'],
    range: { start: { line: 2, character: 13 }, end: { line: 2, character: 21 } },
  });
  const r = effectReport(`${W}/src/a.ts`, W, [{ uri: `${W}/AGENTS.md`, variant: 'agents-md' }], [skill('pdf')], host);
  const rows = effectRows(r, rel);
  const lines = flat(rows);
  assert.deepEqual(lines.slice(0, 5), [
    'Codex (AGENTS.md) | ▰▰▰▰▰ 25 of 25 bytes',
    '  1. AGENTS.md | 25 bytes of 40 bytes: cut at the 25 bytes limit',
    '    Codex stops here at line 3 | the last 15 bytes never reach it',
    '  .codex/config.toml | settings: fallback names, cap',
    'Claude Code | 1 file, 40 bytes',
  ]);
  // A chain without a cap gives each file's size before why it is loaded.
  assert.equal(
    flat(rows.find((x) => x.label === 'Claude Code')!.children!.slice(0, 1))[0],
    '1. AGENTS.md | 40 bytes · AGENTS.md, read because no CLAUDE.md is on the way (Claude Code 2.1.277+, unless /config turns it off)',
  );
  const stop = rows[0]!.children![0]!.children![0]!;
  assert.deepEqual(stop.open, { uri: `${W}/AGENTS.md`, line: 2, character: 5 });
  const claude = rows.find((x) => x.label === 'Claude Code')!;
  assert.deepEqual(flat(claude.children!.filter((c) => c.label.startsWith('Skill listing'))), [
    'Skill listing: 1 skill | ▰▱▱▱▱ 16 of 8,000 characters',
    '  pdf | 0.2% · listed in full',
  ]);
});
