/** What every rule registry says about a rule (one registry per format, gathered in ./index.ts). */
import type { Severity } from '../types';

/** The format a rule speaks about; `any` for the notes every format may get. */
export type RuleFormat =
  '3md' | 'agent3md' | 'skill' | 'agent-md' | 'world' | 'instructions' | 'subagent' | 'plugin' | 'claude-settings' | 'config' | 'mcp' | 'skill-evals' | 'any';

/** A quick fix the editor offers for a rule, and whether `check --fix` applies it. */
export type FixTier = 'safe' | 'unsafe' | 'manual';

export interface QuickFix {
  /** What the fix does, as docs/rules.md#quick-fixes names it. */
  title: string;
  /**
   * `safe`: it cannot change what the file means to the clients that read it (`check --fix` applies
   * it). `unsafe`: a certain text edit of the file that changes what it means (a key renamed, the
   * skill renamed): `check --fix-unsafe` applies it after printing the diff. `manual`: a person must
   * choose (another file, a new file, a new instruction); only the editor offers it.
   */
  tier: FixTier;
  /** Why it is safe, or why a person should look. */
  why: string;
}

export interface RuleInfo {
  /** The diagnostic `code`, stable. */
  code: string;
  format: RuleFormat;
  /**
   * The severity it is reported at; `retired` for a code no longer reported (still accepted in
   * `.agent-files.json`). A SKILL.md rule's severity depends on the target: see skills/rules.ts.
   */
  severity: Severity | 'retired';
  /** The other severities it takes in some cases (weaker evidence, a setting, the client); docs/rules.md says when. */
  also?: readonly Severity[];
  /** Its quick fix, if it has one. */
  fix?: QuickFix;
  /** Its section of docs/rules.md: `docs/rules.md#<anchor>` (the LSP code description links there). */
  anchor: string;
}

type Extra = Pick<RuleInfo, 'also' | 'fix'>;

/** A registry's entry maker: `rule('code', 'warning', { fix })` with the format filled in and the anchor GitHub makes of the code's heading. */
export function ruleMaker(format: RuleFormat): (code: string, severity: RuleInfo['severity'], extra?: Extra) => RuleInfo {
  return (code, severity, extra = {}) => ({ code, format, severity, anchor: code.toLowerCase(), ...extra });
}
