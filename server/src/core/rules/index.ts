/**
 * Every rule, from the registry of each format: its code, format, severity, quick fix and the
 * section of docs/rules.md that documents it. The known codes of `.agent-files.json`, the quick
 * fixes of `check --fix` and the generated parts of docs/rules.md (`npm run generate`) come from
 * here; test/docs/ruleRegistry.test.ts checks the docs and the checks against it.
 */
import { THREEMD_RULES, AGENT3MD_RULES } from './threemd';
import { SKILL_RULE_INFO } from './skill';
import { AGENT_MD_RULES } from './agentMd';
import { WORLD_RULES } from './world';
import { INSTRUCTIONS_RULES } from './instructions';
import { SUBAGENT_RULES } from './subagents';
import { PLUGIN_RULES } from './plugins';
import { CLAUDE_SETTINGS_RULES } from './claudeSettings';
import { MCP_RULES } from './mcpConfig';
import { SKILL_EVAL_RULES } from './skillEvals';
import { CONFIG_RULES, GENERAL_RULES } from './config';
import type { QuickFix, RuleInfo } from './types';

export type { QuickFix, RuleFormat, RuleInfo } from './types';

export const RULES: readonly RuleInfo[] = [
  ...THREEMD_RULES,
  ...AGENT3MD_RULES,
  ...SKILL_RULE_INFO,
  ...AGENT_MD_RULES,
  ...WORLD_RULES,
  ...INSTRUCTIONS_RULES,
  ...SUBAGENT_RULES,
  ...PLUGIN_RULES,
  ...CLAUDE_SETTINGS_RULES,
  ...MCP_RULES,
  ...SKILL_EVAL_RULES,
  ...CONFIG_RULES,
  ...GENERAL_RULES,
];

export const RULE_BY_CODE: ReadonlyMap<string, RuleInfo> = new Map(RULES.map((r) => [r.code, r]));

/** Every rule code `.agent-files.json` may name (retired ones too, so an old setting is not reported). */
export const RULE_CODES: ReadonlySet<string> = new Set(RULES.map((r) => r.code));

/** Sections of docs/rules.md whose heading looks like a code but that are no rule. */
export const NOT_RULE_SECTIONS: readonly string[] = ['agent-detection', 'runtime-decisions', 'skill-targets', 'quick-fixes'];

/** Every quick fix, by the code it fixes. */
export const QUICK_FIXES: Readonly<Record<string, QuickFix>> = Object.fromEntries(RULES.filter((r) => r.fix).map((r) => [r.code, r.fix!]));
