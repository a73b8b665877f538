/** Claude Code settings files (`.claude/settings.json`, `.claude/settings.local.json`): hooks and permissions; a plugin's hooks file (`hooks/hooks.json`) shares the hooks rules. */
import { ruleMaker, type RuleInfo } from './types';

const rule = ruleMaker('claude-settings');

export const CLAUDE_SETTINGS_RULES: readonly RuleInfo[] = [
  rule('settings-json-invalid', 'error'),
  rule('settings-shape', 'error', { also: ['warning'] }),
  rule('settings-permission-tool-unknown', 'warning'),
  rule('hooks-event-unknown', 'warning'),
  rule('hooks-handler-type-unknown', 'warning'),
  rule('hooks-handler-incomplete', 'warning'),
  rule('hooks-timeout-invalid', 'warning'),
  rule('hooks-matcher-ignored', 'information'),
  rule('hooks-matcher-invalid', 'warning'),
  rule('hooks-script-missing', 'warning'),
];
