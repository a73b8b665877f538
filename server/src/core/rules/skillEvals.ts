/** A skill's eval files: `evals/evals.json` and trigger query sets (docs/rules.md#skill-eval-files). */
import { ruleMaker, type RuleInfo } from './types';

const evals = ruleMaker('skill-evals');

export const SKILL_EVAL_RULES: readonly RuleInfo[] = [
  evals('evals-invalid-json', 'warning'),
  evals('evals-shape', 'warning', { also: ['information'] }),
  evals('evals-duplicate-id', 'warning'),
  evals('evals-file-missing', 'warning', { also: ['information'] }),
  evals('evals-skill-name', 'information'),
  evals('evals-queries-shape', 'warning'),
  evals('evals-query-duplicate', 'warning'),
  evals('evals-queries-one-sided', 'information'),
  evals('evals-query-better-match', 'information'),
];
