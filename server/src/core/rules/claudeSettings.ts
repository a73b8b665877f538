/**
 * Claude Code settings files (`.claude/settings.json`, `.claude/settings.local.json`): hooks and
 * permissions; a plugin's hooks file (`hooks/hooks.json`) shares the hooks rules. The hooks files
 * of VS Code, Copilot CLI and the Copilot cloud agent (`.github/hooks/*.json`) and Codex's
 * project hooks (`.codex/hooks.json`) have their own.
 */
import { ruleMaker, type QuickFix, type RuleInfo } from './types';

const rule = ruleMaker('claude-settings');

/** A name in another case (or, for events and handler types, one letter off) from exactly one Claude Code knows. */
const RENAME = (what: string): QuickFix => ({
  title: `Change to the ${what} name Claude Code knows`,
  tier: 'unsafe',
  why: `offered only when one ${what} name is certain; it makes Claude Code apply what it ignored`,
});

/** The same rename in a `.github/hooks/*.json` file, among the names of the file's own format. */
const GITHUB_RENAME = (what: string): QuickFix => ({
  title: `Change to the ${what} name of the file's format`,
  tier: 'unsafe',
  why: `offered only when one ${what} name of the file's format (Copilot CLI's or VS Code's) is certain; it makes the clients run what they ignored`,
});

/** An event name of a `.codex/hooks.json` in another case, or one letter off, from exactly one Codex dispatches. */
const CODEX_RENAME: QuickFix = {
  title: 'Change to the event name Codex knows',
  tier: 'unsafe',
  why: 'offered only when one Codex event name is certain; it makes Codex run hooks it ignored',
};

export const CLAUDE_SETTINGS_RULES: readonly RuleInfo[] = [
  rule('settings-json-invalid', 'error'),
  rule('settings-shape', 'error', { also: ['warning'] }),
  rule('settings-permission-tool-unknown', 'warning', { fix: RENAME('tool') }),
  rule('settings-permission-rule-malformed', 'warning'),
  rule('settings-permission-write-path', 'warning', {
    fix: {
      title: "Change to 'Edit'",
      tier: 'unsafe',
      why: 'it makes Claude Code apply a rule it ignored: a deny rule starts protecting the path, an allow rule starts letting changes there through without asking',
    },
    also: ['information'],
  }),
  rule('settings-permission-path-anchor', 'warning', {
    fix: {
      title: "Change to the '//' path",
      tier: 'unsafe',
      why: 'it makes Claude Code apply the rule to the absolute path: a deny rule starts protecting it, an allow rule starts letting reads or changes there through without asking',
    },
  }),
  rule('settings-env-misplaced', 'warning'),
  rule('settings-mcp-ignored', 'warning', { also: ['information'] }),
  rule('hooks-event-unknown', 'warning', { fix: RENAME('event'), also: ['information'] }),
  rule('hooks-handler-type-unknown', 'warning', { fix: RENAME('handler type') }),
  rule('hooks-handler-incomplete', 'warning'),
  rule('hooks-timeout-invalid', 'warning'),
  rule('hooks-timeout-large', 'information'),
  rule('hooks-matcher-ignored', 'information'),
  rule('hooks-matcher-invalid', 'warning'),
  rule('hooks-matcher-no-tool', 'warning'),
  rule('hooks-script-missing', 'warning', { also: ['information'] }),
  rule('hooks-script-not-executable', 'warning'),
  rule('hooks-path-machine', 'warning'),
  rule('hooks-variable-unset', 'warning'),
  rule('hooks-exit-not-blocking', 'warning', {
    fix: { title: "Change to 'exit 2'", tier: 'unsafe', why: 'the hook starts blocking what it guards: a tool call, a prompt or a permission it let through' },
  }),
  rule('hooks-file-unread', 'warning'),
  // `.github/hooks/*.json`, read by VS Code, Copilot CLI and the Copilot cloud agent.
  rule('github-hooks-json-invalid', 'error'),
  rule('github-hooks-shape', 'error', { also: ['warning'] }),
  rule('github-hooks-event-unknown', 'warning', { fix: GITHUB_RENAME('event') }),
  rule('github-hooks-handler-type-unknown', 'warning', { fix: GITHUB_RENAME('handler type') }),
  rule('github-hooks-handler-incomplete', 'warning'),
  rule('github-hooks-handler-ignored', 'information', { also: ['warning'] }),
  rule('github-hooks-timeout-invalid', 'warning'),
  rule('github-hooks-timeout-conflict', 'information'),
  rule('github-hooks-matcher-invalid', 'warning'),
  rule('github-hooks-script-missing', 'warning'),
  rule('codex-hooks-json-invalid', 'error'),
  rule('codex-hooks-shape', 'error', { also: ['warning'] }),
  rule('codex-hooks-event-unknown', 'warning', { fix: CODEX_RENAME }),
  rule('codex-hooks-script-missing', 'warning', { also: ['information'] }),
  rule('codex-hooks-script-not-executable', 'warning'),
  rule('codex-hooks-variable-unset', 'warning'),
  rule('codex-hooks-path-machine', 'warning'),
];
