/** Claude Code settings files (`.claude/settings.json`, `.claude/settings.local.json`): hooks and permissions; a plugin's hooks file (`hooks/hooks.json`) shares the hooks rules. */
import { ruleMaker, type QuickFix, type RuleInfo } from './types';

const rule = ruleMaker('claude-settings');

/** A name in another case (or, for events and handler types, one letter off) from exactly one Claude Code knows. */
const RENAME = (what: string): QuickFix => ({
  title: `Change to the ${what} name Claude Code knows`,
  tier: 'unsafe',
  why: `offered only when one ${what} name is certain; it makes Claude Code apply what it ignored`,
});

export const CLAUDE_SETTINGS_RULES: readonly RuleInfo[] = [
  rule('settings-json-invalid', 'error'),
  rule('settings-shape', 'error', { also: ['warning'] }),
  rule('settings-permission-tool-unknown', 'warning', { fix: RENAME('tool') }),
  rule('hooks-event-unknown', 'warning', { fix: RENAME('event') }),
  rule('hooks-handler-type-unknown', 'warning', { fix: RENAME('handler type') }),
  rule('hooks-handler-incomplete', 'warning'),
  rule('hooks-timeout-invalid', 'warning'),
  rule('hooks-matcher-ignored', 'information'),
  rule('hooks-matcher-invalid', 'warning'),
  rule('hooks-script-missing', 'warning', { also: ['information'] }),
];
