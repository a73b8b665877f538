/**
 * SKILL.md rules, from the per-target table of skills/rules.ts (the checks apply it through
 * `resolveFindings`): a rule's severity here is the one under `spec`, or its worst under the
 * targets that report it; the others are in `also`.
 */
import type { Severity } from '../types';
import { RETIRED_SKILL_RULES, SKILL_RULES, SKILL_RULES_OUTSIDE_TARGETS, type SkillRule } from '../skills/rules';
import { ruleMaker, type RuleInfo } from './types';

const skill = ruleMaker('skill');
const RANK: Record<Severity, number> = { error: 4, warning: 3, information: 2, hint: 1 };

function severities(r: SkillRule): { severity: Severity; also: Severity[] } {
  const levels = [...new Set(Object.values(r.levels))].filter((l): l is Severity => l !== 'off').sort((a, b) => RANK[b] - RANK[a]);
  const severity = r.levels.spec !== 'off' ? r.levels.spec : levels[0]!;
  return { severity, also: levels.filter((l) => l !== severity) };
}

export const SKILL_RULE_INFO: readonly RuleInfo[] = [
  ...SKILL_RULES.map((r) => {
    const { severity, also } = severities(r);
    return skill(r.code, severity, { ...(also.length ? { also } : {}), ...(r.fix ? { fix: r.fix } : {}) });
  }),
  ...Object.entries(SKILL_RULES_OUTSIDE_TARGETS).map(([code, r]) => skill(code, r.severity, { also: r.also })),
  ...RETIRED_SKILL_RULES.map((code) => skill(code, 'retired')),
];
