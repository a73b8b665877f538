/** Rules of plugin manifests and marketplace files: Claude Code's (`.claude-plugin/`) and Codex's (`.codex-plugin/plugin.json`, `.agents/plugins/marketplace.json`). */
import { ruleMaker, type RuleInfo } from './types';

const plugin = ruleMaker('plugin');

export const PLUGIN_RULES: readonly RuleInfo[] = [
  plugin('plugin-invalid-json', 'error'),
  plugin('plugin-missing-key', 'error'),
  plugin('plugin-name-has-spaces', 'error'),
  plugin('plugin-name-not-kebab-case', 'information'),
  plugin('plugin-duplicate-name', 'error', { also: ['warning'] }),
  plugin('plugin-value-invalid', 'error', { also: ['warning'] }),
  plugin('plugin-path-invalid', 'warning'),
  plugin('plugin-source-not-found', 'error'),
  plugin('plugin-source-outside', 'error'),
  plugin('plugin-path-not-found', 'warning', { also: ['information'] }),
  plugin('plugin-component-unlisted', 'information'),
  plugin('plugin-hooks-duplicate', 'warning'),
  plugin('plugin-unknown-key', 'information'),
];
