/** The hover paragraph on a SKILL.md `description`: its length against each client's per-entry cut and listing budget. */
import type { YamlFrontmatter } from '../text/yamlFrontmatter';
import { CLAUDE_LISTING_CUT } from './limits';
import { CODEX_FALLBACK_CHARS, COPILOT_FULL_BUDGET, COPILOT_NAMES_BUDGET, skillListing, type ListingSettings } from './listing';
import { listedPath } from './listingRule';

const n = (x: number) => x.toLocaleString('en-US');
const share = (part: number, whole: number) => `${Math.round((part / whole) * 1000) / 10}%`;

export function listingHover(fm: YamlFrontmatter, uri: string, settings: ListingSettings = {}): string {
  const value = (key: string) => {
    const v = fm.entries.find((e) => e.key === key)?.value;
    return typeof v === 'string' ? v : '';
  };
  const description = value('description');
  const whenToUse = value('when_to_use');
  const name = value('name') || 'skill';
  const one = [{ uri, path: listedPath(uri), name, description, ...(whenToUse ? { whenToUse } : {}) }];
  const claude = skillListing('claude-code', one, settings);
  const codex = skillListing('codex', one, settings);
  const copilot = skillListing('copilot', one);
  const len = [...description].length;
  const claudeChars = claude.entries[0]!.fullChars;
  const rows = [
    `| Claude Code | ${claudeChars > CLAUDE_LISTING_CUT ? `cut at ${n(CLAUDE_LISTING_CUT)} of ${n(claudeChars)}` : `${n(claudeChars)} of ${n(CLAUDE_LISTING_CUT)}`}${whenToUse ? ' (with when_to_use)' : ''} | ${n(claude.needed)} of ${n(claude.budget)} (${share(claude.needed, claude.budget)}) |`,
    settings.contextTokens?.codex
      ? `| Codex | no cut of its own | ${n(codex.needed)} of ${n(codex.budget)} ${codex.unit} (${codex.budgetNote}: ${share(codex.needed, codex.budget)}) |`
      : `| Codex | no cut of its own | ${n(codex.needed)} of ${n(CODEX_FALLBACK_CHARS)} when the window is unknown (${share(codex.needed, CODEX_FALLBACK_CHARS)}), else 2% of the window in tokens |`,
    `| VS Code | no cut of its own | ${n(copilot.needed)} of ${n(COPILOT_FULL_BUDGET)} for full entries (${share(copilot.needed, COPILOT_FULL_BUDGET)}), then ${n(COPILOT_NAMES_BUDGET)} for names |`,
  ];
  return [
    '',
    '',
    `**In the skill listing** (every skill's name and description, in the model's context): this description has ${n(len)} characters; this entry's share of each client's listing budget, which all the skills it loads share:`,
    '',
    '| Client | Per-entry cut | This entry of the listing budget (characters) |',
    '| --- | --- | --- |',
    ...rows,
  ].join('\n');
}
