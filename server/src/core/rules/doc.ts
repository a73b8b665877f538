/**
 * The parts of docs/rules.md made from the rule registries: the index of every code, the
 * quick-fix table and the SKILL.md per-target table. `npm run generate` writes them;
 * test/docs/ruleRegistry.test.ts fails when the doc differs.
 */
import { skillTargetsTable, TABLE_END, TABLE_START } from '../skills/rulesDoc';
import { RULES, type RuleFormat, type RuleInfo } from './index';
import type { FixTier } from './types';

export interface GeneratedPart {
  name: string;
  start: string;
  end: string;
  /** The whole part, markers included. */
  render(): string;
}

const FORMAT: Record<RuleFormat, string> = {
  '3md': '3md',
  agent3md: 'agent.3md',
  skill: 'SKILL.md',
  'agent-md': 'AGENT.md',
  world: 'Agent World',
  instructions: 'instruction files',
  subagent: 'agents and commands',
  plugin: 'plugins and marketplaces',
  'claude-settings': 'Claude Code settings',
  config: '.agent-files.json',
  mcp: 'MCP configurations',
  'skill-evals': 'skill eval files',
  any: 'any file',
};

function severityText(r: RuleInfo): string {
  if (r.severity === 'retired') return 'retired';
  if (r.format === 'skill' && r.also) return `per target ([table](#skill-targets))`;
  return r.also ? `${r.severity} (or ${r.also.join(', ')})` : r.severity;
}

const INDEX_START = '<!-- rule-index:start (generated from server/src/core/rules by npm run generate) -->';
const INDEX_END = '<!-- rule-index:end -->';
const FIXES_START = '<!-- quick-fixes:start (generated from server/src/core/rules by npm run generate) -->';
const FIXES_END = '<!-- quick-fixes:end -->';

/** The index's quick-fix column: who applies the fix. */
const FIX_TIER_TEXT: Record<FixTier, string> = { safe: 'safe', unsafe: 'unsafe', manual: 'offered' };
/** The quick-fix table's column: what applies it. */
const FIX_TIER_COLUMN: Record<FixTier, string> = { safe: '`--fix`', unsafe: '`--fix-unsafe`', manual: 'the editor' };

export const GENERATED_PARTS: readonly GeneratedPart[] = [
  {
    name: 'the index of codes',
    start: INDEX_START,
    end: INDEX_END,
    render: () =>
      [
        INDEX_START,
        '| Code | Format | Severity | Quick fix |',
        '| --- | --- | --- | --- |',
        ...RULES.map((r) => `| [${r.code}](#${r.anchor}) | ${FORMAT[r.format]} | ${severityText(r)} | ${r.fix ? FIX_TIER_TEXT[r.fix.tier] : ''} |`),
        INDEX_END,
      ].join('\n'),
  },
  {
    name: 'the quick-fix table',
    start: FIXES_START,
    end: FIXES_END,
    render: () => {
      const fixed = RULES.filter((r) => r.fix);
      const order = ['safe', 'unsafe', 'manual'];
      const rows = [...fixed]
        .sort((a, b) => order.indexOf(a.fix!.tier) - order.indexOf(b.fix!.tier))
        .map((r) => `| ${r.code} | ${r.fix!.title} | ${FIX_TIER_COLUMN[r.fix!.tier]} | ${r.fix!.why} |`);
      return [
        FIXES_START,
        '| Code | Fix | Applied by | Why |',
        '| --- | --- | --- | --- |',
        ...rows,
        '| any code | Suppress on this line / Turn off in .agent-files.json | the editor | hides a finding |',
        FIXES_END,
      ].join('\n');
    },
  },
  { name: 'the SKILL.md per-target table', start: TABLE_START, end: TABLE_END, render: skillTargetsTable },
];

/** The doc with every generated part made again; throws naming a part whose markers are missing. */
export function regenerate(doc: string): string {
  let out = doc;
  for (const part of GENERATED_PARTS) {
    const a = out.indexOf(part.start);
    const b = out.indexOf(part.end);
    if (a < 0 || b < a) throw new Error(`docs/rules.md has no markers for ${part.name} (${part.start} … ${part.end})`);
    out = out.slice(0, a) + part.render() + out.slice(b + part.end.length);
  }
  return out;
}
