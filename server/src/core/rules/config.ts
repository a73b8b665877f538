/** Rules of .agent-files.json and of suppression comments, and the notes any file may get. */
import { ruleMaker, type RuleInfo } from './types';

const config = ruleMaker('config');

export const CONFIG_RULES: readonly RuleInfo[] = [
  config('unused-suppression', 'hint'),
  config('config-invalid-json', 'error'),
  config('config-bad-value', 'error'),
  config('config-unknown-key', 'warning'),
  config('config-unknown-rule', 'warning', { also: ['error'] }),
  config('config-bad-severity', 'error'),
  config('config-ignore-too-costly', 'warning'),
  config('config-unknown-target', 'warning'),
];

const general = ruleMaker('any');

export const GENERAL_RULES: readonly RuleInfo[] = [
  general('too-many-diagnostics', 'information'),
  general('internal-error', 'error'),
  general('file-too-large', 'error'),
  general('file-link-broken', 'error', { also: ['information'] }),
];
