/**
 * Skill eval files (clients.md §4; agentskills docs, skill-creation/evaluating-skills and
 * optimizing-descriptions; anthropics/skills skill-creator `references/schemas.md` and
 * `scripts/run_eval.py`):
 *
 * - `evals/evals.json` in a skill folder: `{skill_name, evals: [{id, prompt, expected_output,
 *   files, assertions | expectations}]}`, the test cases the eval workflow runs with and without
 *   the skill. Read by the agent that runs the workflow (skill-creator), not by a strict parser.
 * - A trigger query set (`eval_queries.json`, `trigger_eval.json`, `train_queries.json`,
 *   `validation_queries.json`…): `[{query, should_trigger}]`, read by `run_eval.py --eval-set`,
 *   which indexes `item["query"]` and `item["should_trigger"]` and keys its results by query text.
 */
export type SkillEvalVariant = 'evals' | 'queries';

/** Which eval file a path is, by its name (and `evals/` folder for evals.json). */
export function skillEvalVariantOf(path: string): SkillEvalVariant | undefined {
  const parts = path.split(/[\\/]/);
  const base = parts[parts.length - 1] ?? '';
  const parent = parts[parts.length - 2] ?? '';
  if (base === 'evals.json' && parent === 'evals') return 'evals';
  if (/^(eval_queries|train_queries|validation_queries|trigger[-_]evals?(?:[-_][\w-]+)?)\.json$/.test(base)) return 'queries';
  return undefined;
}
