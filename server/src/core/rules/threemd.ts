/** 3md documents: the grammar errors of plain 3md and the agent3md/1 rules (docs/rules.md#3md-grammar-errors, #agent3md1-rules). */
import { ruleMaker, type RuleInfo } from './types';

const threemd = ruleMaker('3md');

export const THREEMD_RULES: readonly RuleInfo[] = [
  threemd('missingFrontmatter', 'error'),
  threemd('invalidFrontmatter', 'error'),
  threemd('missingVersion', 'error'),
  threemd('missingPlanePosition', 'error'),
  threemd('invalidPlaneDirective', 'error'),
  threemd('duplicatePlane', 'error'),
  threemd('dangling-link', 'warning'),
];

const agent3md = ruleMaker('agent3md');

export const AGENT3MD_RULES: readonly RuleInfo[] = [
  agent3md('parse', 'error'),
  agent3md('frontmatter', 'error'),
  agent3md('identity', 'error'),
  agent3md('missing-label', 'error'),
  agent3md('unique-skill', 'error'),
  agent3md('dead-link', 'error'),
  agent3md('entry', 'error'),
  agent3md('cycle', 'error'),
  agent3md('triggers', 'warning'),
  agent3md('dup-input', 'error'),
  agent3md('input-type', 'error'),
  agent3md('tool', 'warning'),
  agent3md('tool-input', 'error'),
  agent3md('unused-input', 'warning'),
  agent3md('undeclared-tool', 'warning'),
  agent3md('tool-unsafe-placeholder', 'warning', { fix: { title: 'Remove the backslash or `$`, or insert `--`', tier: 'manual', why: 'changes the command line' } }),
  agent3md('tool-quoted-placeholder', 'warning', { fix: { title: 'Move the placeholder out of the quotes', tier: 'manual', why: 'changes the command line' } }),
  agent3md('tool-control-character', 'warning', { fix: { title: 'Remove the character', tier: 'manual', why: 'changes the command line' } }),
  agent3md('route-assertion', 'warning'),
  agent3md('link-not-dependency', 'information'),
  agent3md('agent-version', 'information'),
  agent3md('unknown-kind', 'hint'),
  agent3md('label-whitespace', 'warning'),
];
