/**
 * The parts of docs/rules.md made from the rule registries: the index of every code, the
 * quick-fix table and the SKILL.md per-target table. `npm run generate` writes them;
 * test/docs/ruleRegistry.test.ts fails when the doc differs.
 */
import { skillTargetsTable, TABLE_END, TABLE_START } from '../skills/rulesDoc';
import { RULES, type RuleFormat, type RuleInfo } from './index';

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
  config: '.agent-files.json',
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
        ...RULES.map((r) => `| [${r.code}](#${r.anchor}) | ${FORMAT[r.format]} | ${severityText(r)} | ${r.fix ? (r.fix.safe ? 'safe' : 'offered') : ''} |`),
        INDEX_END,
      ].join('\n'),
  },
  {
    name: 'the quick-fix table',
    start: FIXES_START,
    end: FIXES_END,
    render: () => {
      const fixed = RULES.filter((r) => r.fix);
      const rows = [...fixed.filter((r) => r.fix!.safe), ...fixed.filter((r) => !r.fix!.safe)].map(
        (r) => `| ${r.code} | ${r.fix!.title} | ${r.fix!.safe ? 'safe' : 'no'} | ${r.fix!.why} |`,
      );
      return [
        FIXES_START,
        '| Code | Fix | `--fix` | Why |',
        '| --- | --- | --- | --- |',
        ...rows,
        '| any code | Suppress on this line / Turn off in .agent-files.json | no | hides a finding |',
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
