// The skill listing each client builds (name + description of every skill it loads) and what
// its budget cuts: Claude Code 1% of the window, Codex 2% or 8,000 characters, VS Code 15,000 + 5,000.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { skillListing, type ListingSkill } from '../../server/src/core/skills/listing';
import { listingDiagnostics, listedSkillOf, listingsOf } from '../../server/src/core/skills/listingRule';
import { analyzeSkill } from '../../server/src/core/skills';
import { InMemoryHost } from '../../server/src/core/workspace/host';
import { skillHover } from '../../server/src/core/skills/hover';
import { cursor } from '../helpers/markers';

const skill = (i: number, chars: number, dir = 'skills'): ListingSkill => ({
  uri: `file:///ws/${dir}/s${String(i).padStart(3, '0')}/SKILL.md`,
  path: `/ws/${dir}/s${String(i).padStart(3, '0')}/SKILL.md`,
  name: `s${String(i).padStart(3, '0')}`,
  description: 'd'.repeat(chars),
});
const many = (n: number, chars: number) => Array.from({ length: n }, (_, i) => skill(i, chars));

test('a few short skills fit every client in full', () => {
  for (const c of ['claude-code', 'codex', 'copilot'] as const) {
    const l = skillListing(c, many(3, 100));
    assert.deepEqual(
      l.entries.map((e) => e.state),
      ['full', 'full', 'full'],
      c,
    );
    assert.ok(l.used <= l.budget, c);
  }
});

test('Claude Code: 8,000 characters by default; over it every description may be dropped, none certain', () => {
  const l = skillListing('claude-code', many(40, 300));
  assert.equal(l.budget, 8000);
  assert.ok(l.needed > 8000);
  assert.ok(l.entries.every((e) => e.state === 'name-only' && !e.certain));
  assert.match(l.order, /least-used/);
  // A bigger window fits them.
  assert.ok(skillListing('claude-code', many(40, 300), { contextTokens: { 'claude-code': 1_000_000 } }).entries.every((e) => e.state === 'full'));
});

test('Claude Code cuts one entry at 1,536 characters, description and when_to_use together', () => {
  const l = skillListing('claude-code', [{ ...skill(1, 1000), whenToUse: 'w'.repeat(700) }]);
  assert.equal(l.entries[0]!.state, 'shortened');
  assert.equal(l.entries[0]!.keptChars, 1536);
  assert.equal(l.entries[0]!.fullChars, 1701);
});

test('Codex without a window: 8,000 characters, descriptions shortened evenly before any skill is left out', () => {
  const l = skillListing('codex', many(40, 300));
  assert.equal(l.budget, 8000);
  assert.equal(l.unit, 'characters');
  const kept = new Set(l.entries.map((e) => e.keptChars));
  assert.ok(l.entries.every((e) => e.state === 'shortened'));
  assert.ok(Math.max(...kept) - Math.min(...kept) <= 1, 'round-robin: equal shares');
  assert.equal(l.used, 8000);
});

test('Codex leaves skills out when even the bare lines do not fit, the last by name', () => {
  const l = skillListing('codex', many(300, 50));
  const states = l.entries.map((e) => e.state);
  assert.equal(states[0], 'name-only');
  assert.equal(states.at(-1), 'left-out');
  assert.ok(states.indexOf('left-out') > 0 && states.slice(states.indexOf('left-out')).every((s) => s === 'left-out'));
});

test('Codex with a window: 2% of it in tokens', () => {
  const l = skillListing('codex', many(3, 100), { contextTokens: { codex: 272_000 } });
  assert.equal(l.budget, 5440);
  assert.equal(l.unit, 'tokens');
});

test('Codex: a cut only the 8,000-character fallback makes is uncertain; one a 272,000-token window makes too is certain', () => {
  const mild = skillListing('codex', many(30, 300));
  assert.ok(mild.entries.every((e) => e.state === 'shortened' && !e.certain && !e.atLeast));
  const heavy = skillListing('codex', many(120, 400));
  assert.ok(heavy.entries.every((e) => e.certain || e.atLeast === 'shortened'));
});

test('VS Code: full entries up to 15,000 characters, then names up to 5,000, then left out; the order is unknown', () => {
  const l = skillListing('copilot', many(60, 400));
  const states = l.entries.map((e) => e.state);
  assert.ok(l.used <= 15000);
  assert.ok(states.includes('full') && states.includes('name-only'));
  assert.ok(l.entries.filter((e) => e.state !== 'full').every((e) => !e.certain));
  const names = skillListing('copilot', many(1200, 400)).entries.map((e) => e.state);
  assert.equal(names.at(-1), 'left-out');
});

const H = new InMemoryHost();
const summaries = (files: Record<string, string>) =>
  Object.entries(files).map(([p, t]) => {
    const uri = `file:///ws/${p}`;
    const a = analyzeSkill(t, uri, H, { checkReferences: false });
    return listedSkillOf(uri, a.skill, undefined, a.frontmatter?.entries.find((e) => e.key === 'disable-model-invocation')?.value)!;
  });
const md = (name: string, chars: number) => `---\nname: ${name}\ndescription: ${'x'.repeat(chars)}\n---\nBody\n`;

test('skill-listing-cut: a warning on the description of Codex skills the listing certainly shortens', () => {
  const files = Object.fromEntries(Array.from({ length: 120 }, (_, i) => [`.agents/skills/s${i}/SKILL.md`, md(`s${i}`, 400)]));
  const ds = listingDiagnostics(summaries(files)).get('file:///ws/.agents/skills/s5/SKILL.md') ?? [];
  const codex = ds.find((d) => d.message.startsWith('Codex'));
  assert.equal(codex?.code, 'skill-listing-cut');
  assert.equal(codex?.severity, 'warning');
  assert.equal(codex?.range.start.line, 2);
  // VS Code's order is unknown: information.
  assert.equal(ds.find((d) => d.message.startsWith('VS Code'))?.severity, 'information');
});

test('skill-listing-cut: skills of other projects in one repository are not counted together', () => {
  const files = Object.fromEntries(Array.from({ length: 120 }, (_, i) => [`p${i}/.agents/skills/s${i}/SKILL.md`, md(`s${i}`, 400)]));
  assert.equal(listingDiagnostics(summaries(files)).size, 0);
});

test('skill-listing-cut: nothing when Claude Code’s listing is within its budget and only the 1,536-character cap of one entry cuts (skill-description-cut says that)', () => {
  const files = { '.claude/skills/long/SKILL.md': md('long', 2000), '.claude/skills/b/SKILL.md': md('b', 200) };
  const listing = listingsOf(summaries(files)).find((l) => l.client === 'claude-code')!;
  assert.equal(listing.entries.find((e) => e.name === 'long')?.state, 'shortened');
  assert.equal(listingDiagnostics(summaries(files)).size, 0);
  const cut = analyzeSkill(files['.claude/skills/long/SKILL.md'], 'file:///ws/.claude/skills/long/SKILL.md', H, { checkReferences: false });
  assert.ok(cut.diagnostics.some((d) => d.code === 'skill-description-cut'));
});

test('skill-listing-cut: nothing for a few skills', () => {
  assert.equal(listingDiagnostics(summaries({ '.agents/skills/a/SKILL.md': md('a', 200), '.claude/skills/b/SKILL.md': md('b', 200) })).size, 0);
});

test('hover on description: its length against Claude Code’s 1,536 cut and each listing budget', () => {
  const { text, position } = cursor(`---\nname: tidy\ndesc$0ription: ${'y'.repeat(2000)}\n---\nBody\n`);
  const h = skillHover(text, position, 'file:///ws/.claude/skills/tidy/SKILL.md');
  const value = (h?.contents as { value: string }).value;
  assert.match(value, /this description has 2,000 characters/);
  assert.match(value, /\| Claude Code \| cut at 1,536 of 2,000 \|/);
  assert.match(value, /\| Codex \| no cut of its own \| [\d,]+ of 8,000 when the window is unknown/);
  assert.match(value, /\| VS Code \| no cut of its own \| [\d,]+ of 15,000 for full entries/);
  // Other keys say nothing of the listing.
  const other = cursor(`---\nna$0me: tidy\ndescription: Tidies. Use when messy.\n---\n`);
  assert.doesNotMatch((skillHover(other.text, other.position, 'file:///ws/.claude/skills/tidy/SKILL.md')?.contents as { value: string }).value, /skill listing/);
});

test('hover on description with the context windows set: the budgets of those windows', () => {
  const { text, position } = cursor(`---\nname: tidy\ndesc$0ription: ${'y'.repeat(2000)}\n---\nBody\n`);
  const h = skillHover(text, position, 'file:///ws/.claude/skills/tidy/SKILL.md', undefined, undefined, { contextTokens: { 'claude-code': 1_000_000, codex: 272_000 } });
  const value = (h?.contents as { value: string }).value;
  assert.match(value, /\| Claude Code \| cut at 1,536 of 2,000 \| [\d,]+ of 40,000 /);
  assert.match(value, /\| Codex \| no cut of its own \| [\d,]+ of 5,440 tokens \(2% of 272,000 tokens: /);
});

test('a skill with disable-model-invocation: true is not in Claude Code’s or VS Code’s listing, and takes none of its budget', () => {
  const hidden = (i: number) => `---\nname: h${i}\ndescription: ${'z'.repeat(400)}\ndisable-model-invocation: true\n---\n`;
  const files = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`.claude/skills/h${i}/SKILL.md`, hidden(i)]));
  const all = summaries({ ...files, '.claude/skills/tidy/SKILL.md': md('tidy', 300) });
  assert.equal(listingDiagnostics(all).size, 0);
  const shown = summaries(Object.fromEntries(Object.entries(files).map(([p, t]) => [p, t.replace('disable-model-invocation: true\n', '')])));
  assert.ok(listingDiagnostics(shown).size > 0, 'the same skills listed are over budget');
});

test('a skill Codex refuses to load (a description over 1,024 characters, a name over 64) is not in its listing and takes none of its budget', () => {
  const files = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`.codex/skills/s${i}/SKILL.md`, md(`s${i}`, 1100)]));
  const all = summaries({ ...files, '.codex/skills/tidy/SKILL.md': md('tidy', 300) });
  assert.equal(listingDiagnostics(all).size, 0);
  assert.ok(all.slice(0, 40).every((s) => s.notListedBy?.includes('codex')));
  // The same skills with descriptions Codex takes are over its budget.
  const taken = summaries(Object.fromEntries(Object.entries(files).map(([p, t]) => [p, t.replace('x'.repeat(1100), 'x'.repeat(1000))])));
  assert.ok(listingDiagnostics(taken).size > 0, 'the same number of skills Codex loads is over budget');
  // Whitespace runs count as one space, as Codex counts them.
  const spaced = summaries({ '.codex/skills/wide/SKILL.md': `---\nname: wide\ndescription: "${'x '.repeat(500)}${' '.repeat(200)}y"\n---\n` });
  assert.equal(spaced[0]!.notListedBy, undefined);
});
