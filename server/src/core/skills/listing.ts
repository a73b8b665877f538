/**
 * The skill listing each client puts in the model's context (every skill's name and
 * description), and what its budget cuts. Facts and sources: docs/clients-fields.md#skill-listing.
 *
 * - Claude Code: 1% of the context window (`skillListingBudgetFraction`), counted as 4 characters
 *   per token; each entry's description (with `when_to_use`) cut at 1,536 characters. Over budget it
 *   keeps every name and drops descriptions, the least-used skills first: usage is unknown here,
 *   so which ones is never certain.
 * - Codex: 2% of the context window in tokens (about 4 bytes each), or 8,000 characters when the
 *   window is unknown. Over budget it shortens every description evenly (round-robin), and when
 *   even the bare lines do not fit it leaves skills out, in order of scope, name and path.
 * - VS Code / Copilot: full entries up to 15,000 characters, then bare names up to 5,000, then
 *   "and N more". The order it lists skills in is not documented: path order is taken, uncertain.
 */
import { CLAUDE_LISTING_CUT } from './limits';
import { htmlEscape } from './workspace';

export const LISTING_CLIENTS = ['claude-code', 'codex', 'copilot'] as const;
export type ListingClient = (typeof LISTING_CLIENTS)[number];

/** Claude Code's default: 200,000 tokens × 4 characters × 1%. */
export const CLAUDE_DEFAULT_CONTEXT_TOKENS = 200_000;
export const CLAUDE_CHARS_PER_TOKEN = 4;
export const CLAUDE_LISTING_FRACTION = 0.01;
/** Codex: 2% of the context window (tokens), or 8,000 characters when the window is unknown. */
export const CODEX_LISTING_PERCENT = 2;
export const CODEX_FALLBACK_CHARS = 8_000;
/** The window of Codex's usual models (openai/codex#24299 logs `budget_limit=5440`, 2% of it). */
export const CODEX_COMMON_CONTEXT_TOKENS = 272_000;
const CODEX_BYTES_PER_TOKEN = 4;
/** VS Code: full entries, then bare names. */
export const COPILOT_FULL_BUDGET = 15_000;
export const COPILOT_NAMES_BUDGET = 5_000;

export interface ListingSkill {
  uri: string;
  /** The SKILL.md path as the client prints it in the listing (its absolute path). */
  path: string;
  name: string;
  description: string;
  /** Claude Code appends it to the description. */
  whenToUse?: string;
  /** Clients that keep the skill out of the listing (`disable-model-invocation: true`). */
  notListedBy?: readonly ListingClient[];
}

/** The context window per client, in tokens (absent: the client's default, see above). */
export interface ListingSettings {
  contextTokens?: Partial<Record<ListingClient, number>>;
}

export type ListingState = 'full' | 'shortened' | 'name-only' | 'left-out';

export interface ListingEntry {
  uri: string;
  name: string;
  /** Characters of the description as the client would list it in full. */
  fullChars: number;
  /** Characters of the description it keeps. */
  keptChars: number;
  state: ListingState;
  /** False when the state depends on what is not known here (usage, the client's order, the window). */
  certain: boolean;
  /** What the entry as listed costs of the listing budget, in the listing's unit (0 when left out). */
  cost: number;
  /** Codex: the state certain to happen whatever the model's window (272,000 tokens or less) and path form, when milder than `state`. */
  atLeast?: ListingState;
}

export interface SkillListing {
  client: ListingClient;
  budget: number;
  unit: 'characters' | 'tokens';
  /** Where the budget comes from, in words. */
  budgetNote: string;
  /** What the listing spends of the budget, and what it would need to list every skill in full. */
  used: number;
  needed: number;
  entries: ListingEntry[];
  /** How the client orders the listing, in words. */
  order: string;
}

const cps = (s: string) => [...s].length;
const utf8 = (s: string) => new TextEncoder().encode(s).length;

/** The listing one client builds from the skills it loads. */
export function skillListing(client: ListingClient, skills: readonly ListingSkill[], settings: ListingSettings = {}): SkillListing {
  const tokens = settings.contextTokens?.[client];
  if (client === 'claude-code') return claudeListing(skills, tokens);
  if (client === 'codex') return codexListing(skills, tokens);
  return copilotListing(skills);
}

/** Claude Code's description of a skill: `description` and `when_to_use`, cut at 1,536 characters. */
function claudeDescription(s: ListingSkill): string {
  const full = s.whenToUse ? (s.description ? `${s.description} ${s.whenToUse}` : s.whenToUse) : s.description;
  return [...full].slice(0, CLAUDE_LISTING_CUT).join('');
}

function claudeListing(skills: readonly ListingSkill[], tokens: number | undefined): SkillListing {
  const window = tokens ?? CLAUDE_DEFAULT_CONTEXT_TOKENS;
  const budget = Math.max(1, Math.floor(window * CLAUDE_CHARS_PER_TOKEN * CLAUDE_LISTING_FRACTION));
  const rows = skills.map((s) => {
    const d = claudeDescription(s);
    const whole = cps(s.description) + (s.whenToUse ? cps(s.whenToUse) + (s.description ? 1 : 0) : 0);
    // The entry's format is not documented: "- name: description" and a line break is taken.
    return { s, d, whole, bare: cps(`- ${s.name}\n`), full: cps(`- ${s.name}: ${d}\n`) };
  });
  const needed = rows.reduce((n, r) => n + r.full, 0);
  const bare = rows.reduce((n, r) => n + r.bare, 0);
  const fits = needed <= budget;
  // Which descriptions go depends on usage; the fewest it must drop is found by dropping the longest first.
  let mustDrop = 0;
  if (!fits) {
    let over = needed - budget;
    for (const r of [...rows].sort((a, b) => b.full - b.bare - (a.full - a.bare))) {
      if (over <= 0) break;
      over -= r.full - r.bare;
      mustDrop++;
    }
  }
  const entries: ListingEntry[] = rows.map((r) => {
    const cut = cps(r.d) < r.whole;
    if (fits) return { uri: r.s.uri, name: r.s.name, fullChars: r.whole, keptChars: cps(r.d), state: cut ? 'shortened' : 'full', certain: true, cost: r.full };
    // Every description may be the one dropped: none is certain.
    return { uri: r.s.uri, name: r.s.name, fullChars: r.whole, keptChars: 0, state: 'name-only', certain: mustDrop === rows.length, cost: r.bare };
  });
  return {
    client: 'claude-code',
    budget,
    unit: 'characters',
    budgetNote: `1% of ${window.toLocaleString('en-US')} tokens at 4 characters per token${tokens === undefined ? ' (the default window)' : ''}`,
    used: fits ? needed : Math.max(bare, budget),
    needed,
    entries,
    order: fits
      ? 'every name and description'
      : `over budget: every name is kept and at least ${mustDrop} of ${rows.length} descriptions are dropped, the least-used skills first (usage is not known here)`,
  };
}

/** Codex's line for a skill: `- name: description (file: path)`, its cost counted with the line break. */
function codexLine(s: ListingSkill, description: string): string {
  return description ? `- ${s.name}: ${description} (file: ${s.path})\n` : `- ${s.name}: (file: ${s.path})\n`;
}

const STATE_RANK: Record<ListingState, number> = { full: 0, shortened: 1, 'name-only': 2, 'left-out': 3 };

function codexListing(skills: readonly ListingSkill[], tokens: number | undefined): SkillListing {
  const main = codexRender(skills, tokens);
  // A cut is certain when it happens also with the window of Codex's usual models and the
  // shortest paths (newer Codex prints paths under short aliases).
  const common = codexRender(
    skills.map((s) => ({ ...s, path: '' })),
    tokens ?? CODEX_COMMON_CONTEXT_TOKENS,
  );
  const commonState = new Map(common.entries.map((e) => [e.uri, e.state]));
  return {
    ...main,
    entries: main.entries.map((e) => {
      const sure = commonState.get(e.uri) ?? 'full';
      return STATE_RANK[sure] >= STATE_RANK[e.state] ? e : { ...e, certain: false, ...(sure !== 'full' ? { atLeast: sure } : {}) };
    }),
  };
}

function codexRender(skills: readonly ListingSkill[], tokens: number | undefined): SkillListing {
  const unit: SkillListing['unit'] = tokens !== undefined && tokens > 0 ? 'tokens' : 'characters';
  const budget = unit === 'tokens' ? Math.max(1, Math.floor((tokens! * CODEX_LISTING_PERCENT) / 100)) : CODEX_FALLBACK_CHARS;
  // In tokens Codex counts about 4 bytes a token; the budget is compared in bytes here.
  const size = unit === 'tokens' ? utf8 : cps;
  const limit = unit === 'tokens' ? budget * CODEX_BYTES_PER_TOKEN : budget;
  const toUnit = (n: number) => (unit === 'tokens' ? Math.ceil(n / CODEX_BYTES_PER_TOKEN) : n);
  // Ordered by scope (all the repository's), then name, then path.
  const ordered = [...skills].sort((a, b) => cmp(a.name, b.name) || cmp(a.path, b.path));
  const rows = ordered.map((s) => ({ s, len: cps(s.description), min: size(codexLine(s, '')), full: size(codexLine(s, s.description)) }));
  const needed = rows.reduce((n, r) => n + r.full, 0);
  const minimum = rows.reduce((n, r) => n + r.min, 0);
  const note = unit === 'tokens' ? `2% of ${tokens!.toLocaleString('en-US')} tokens` : 'the 8,000 characters Codex uses when the context window is unknown';
  const base = { client: 'codex' as const, budget, unit, budgetNote: note, needed: toUnit(needed), order: 'by scope, then name, then path' };
  const entry = (r: (typeof rows)[number], kept: number, state: ListingState): ListingEntry => ({
    uri: r.s.uri,
    name: r.s.name,
    fullChars: r.len,
    keptChars: kept,
    state,
    certain: true,
    cost: state === 'left-out' ? 0 : toUnit(size(codexLine(r.s, [...r.s.description].slice(0, kept).join('')))),
  });
  if (needed <= limit) return { ...base, used: toUnit(needed), entries: rows.map((r) => entry(r, r.len, 'full')) };
  if (minimum <= limit) {
    // Description characters are handed out one at a time to each skill in turn.
    const kept = waterFill(
      rows.map((r) => r.len),
      limit - minimum,
      rows.map((r) => (unit === 'tokens' ? utf8(r.s.description) / Math.max(1, r.len) : 1)),
    );
    return { ...base, used: toUnit(limit), entries: rows.map((r, i) => entry(r, kept[i]!, kept[i]! === r.len ? 'full' : kept[i] ? 'shortened' : 'name-only')) };
  }
  let used = 0;
  const entries = rows.map((r) => {
    if (used + r.min <= limit) {
      used += r.min;
      return entry(r, 0, r.len ? 'name-only' : 'full');
    }
    return entry(r, 0, 'left-out');
  });
  return { ...base, used: toUnit(used), entries };
}

/**
 * Round-robin: each of `lengths` gets one more unit in turn while `room` lasts (each costs
 * `weight[i]`, the bytes per character of its description in token mode). Computed by levels, not
 * one character at a time, so 10,000 long descriptions cost no more than sorting them.
 */
function waterFill(lengths: readonly number[], room: number, weight: readonly number[]): number[] {
  const kept = lengths.map(() => 0);
  let left = room;
  let active = lengths.map((_, i) => i).filter((i) => lengths[i]! > 0);
  while (active.length && left > 0) {
    const step = Math.min(...active.map((i) => lengths[i]! - kept[i]!));
    const perRound = active.reduce((n, i) => n + weight[i]!, 0);
    const rounds = Math.min(step, Math.floor(left / perRound));
    for (const i of active) kept[i]! += rounds;
    left -= rounds * perRound;
    if (rounds < step) {
      // Not a full round more: the first in order get one more each while it lasts.
      for (const i of active) {
        if (weight[i]! > left) break;
        kept[i]! += 1;
        left -= weight[i]!;
      }
      break;
    }
    active = active.filter((i) => kept[i]! < lengths[i]!);
  }
  return kept;
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function copilotListing(skills: readonly ListingSkill[]): SkillListing {
  const ordered = [...skills].sort((a, b) => cmp(a.path, b.path));
  const entryLength = (s: ListingSkill) =>
    [
      '<skill>',
      `<name>${htmlEscape(s.name)}</name>`,
      ...(s.description ? [`<description>${htmlEscape(s.description)}</description>`] : []),
      `<file>${s.path}</file>`,
      '</skill>',
    ].join('\n').length + 1;
  const lengths = ordered.map(entryLength);
  const needed = lengths.reduce((n, l) => n + l, 0);
  const fits = needed <= COPILOT_FULL_BUDGET;
  let used = 0;
  let cutAt = ordered.length;
  for (let i = 0; i < ordered.length; i++) {
    if (used + lengths[i]! > COPILOT_FULL_BUDGET) {
      cutAt = i;
      break;
    }
    used += lengths[i]!;
  }
  let names = 0;
  let listed = 0;
  const entries: ListingEntry[] = ordered.map((s, i) => {
    const len = cps(s.description);
    if (i < cutAt) return { uri: s.uri, name: s.name, fullChars: len, keptChars: len, state: 'full', certain: fits, cost: lengths[i]! };
    const add = (listed > 0 ? 2 : 0) + s.name.length;
    if (listed === i - cutAt && names + add <= COPILOT_NAMES_BUDGET) {
      names += add;
      listed++;
      return { uri: s.uri, name: s.name, fullChars: len, keptChars: 0, state: len ? 'name-only' : 'full', certain: false, cost: add };
    }
    return { uri: s.uri, name: s.name, fullChars: len, keptChars: 0, state: 'left-out', certain: false, cost: 0 };
  });
  return {
    client: 'copilot',
    budget: COPILOT_FULL_BUDGET,
    unit: 'characters',
    budgetNote: '15,000 characters of full entries, then 5,000 of bare names',
    used,
    needed,
    entries,
    order: 'in the order VS Code finds the skills, which is not documented (path order is taken here)',
  };
}
