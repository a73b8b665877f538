/** The per-target severity table of docs/rules.md, rendered from the rule table (./rules.ts). */
import { SKILL_RULES, type Level } from './rules';
import { TARGETS } from './targets';

export const TABLE_START = '<!-- skill-targets-table:start (generated from server/src/core/skills/rules.ts by npm run generate) -->';
export const TABLE_END = '<!-- skill-targets-table:end -->';

const CELL: Record<Level, string> = { error: 'error', warning: 'warning', information: 'info', hint: 'hint', off: '·' };

export function skillTargetsTable(): string {
  const head = `| Rule | ${TARGETS.map((t) => `\`${t}\``).join(' | ')} |`;
  const sep = `| --- | ${TARGETS.map(() => '---').join(' | ')} |`;
  const rows = SKILL_RULES.map((r) => `| [${r.code}](#${r.code}) | ${TARGETS.map((t) => CELL[r.levels[t]]).join(' | ')} |`);
  return [TABLE_START, head, sep, ...rows, TABLE_END].join('\n');
}
