/** Rules of Claude Code plugin manifests (`.claude-plugin/plugin.json`) and marketplace files (`.claude-plugin/marketplace.json`). */
import { ruleMaker, type RuleInfo } from './types';

const plugin = ruleMaker('plugin');

export const PLUGIN_RULES: readonly RuleInfo[] = [
  plugin('plugin-invalid-json', 'error'),
  plugin('plugin-missing-key', 'error'),
  plugin('plugin-name-has-spaces', 'error'),
  plugin('plugin-name-not-kebab-case', 'information'),
  plugin('plugin-duplicate-name', 'error'),
  plugin('plugin-source-not-found', 'error'),
  plugin('plugin-source-outside', 'error'),
  plugin('plugin-path-not-found', 'warning'),
  plugin('plugin-unknown-key', 'information'),
];
