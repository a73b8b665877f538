/**
 * `@path` lines in an AGENTS.md (`instructions-import-unexpanded`): Codex reads AGENTS.md as text
 * and follows no import, so a line `@CLAUDE.md` reaches it as those characters and none of the
 * file (held-out round 57: an AGENTS.md made of `@CLAUDE.md` alone, another ending in eight
 * `@.claude/rules/…` imports). Claude Code expands imports in CLAUDE.md, which is not this file.
 * Advice: a reader that follows `@` mentions (Amp) may load this AGENTS.md too. Only an import
 * that stands alone on its line (a list item at most) is taken as one meant to pull a file in;
 * `see @docs/x.md` in a sentence names the file for the agent to open.
 */
import type { Diagnostic } from '../types';
import type { InstructionScan } from './scan';

/** A line that is an import and nothing else: `@CLAUDE.md`, `- @docs/rules.md`. */
const ALONE = /^\s*(?:[-*+]\s+)?@\S+\s*$/;

export function unexpandedImports(scan: InstructionScan): Diagnostic[] {
  return scan.imports
    .filter((m) => ALONE.test(scan.lines[m.range.start.line] ?? ''))
    .map((m) => ({
      code: 'instructions-import-unexpanded',
      severity: 'information' as const,
      message: `Codex reads AGENTS.md as text and does not follow \`@${m.path}\`: it gets this line, not the file; write what it should know here, or a link it can open ([${m.path}](${m.path}))`,
      range: m.range,
    }));
}
