/**
 * The one table of SKILL.md rules: per rule and per target, whether it applies and at which
 * severity. It drives the checks (through `resolveFindings`), the hover and docs/rules.md
 * (test/docs/skillTargetsDocumented.test.ts keeps the doc equal to it).
 *
 * Severity follows the consequence for that target: error = it will not load the skill or will
 * misread it; warning = it loads, but something is ignored, cut or rejected; information = advice.
 * The reasons and sources per client are in docs/clients-fields.md.
 */
import type { Diagnostic, Severity } from '../types';
import type { QuickFix } from '../rules/types';
import { labelList, TARGETS, type Target } from './targets';

export type Level = Severity | 'off';

const L: Record<string, Level> = { E: 'error', W: 'warning', I: 'information', H: 'hint', '-': 'off' };

/** Levels in TARGETS order: spec, skills-ref, claude-code, codex, copilot, gemini-cli, opencode, cursor. */
function lv(spec: string): Record<Target, Level> {
  const cells = spec.split(/\s+/);
  if (cells.length !== TARGETS.length) throw new Error(`rule table row has ${cells.length} cells: ${spec}`);
  return Object.fromEntries(TARGETS.map((t, i) => [t, L[cells[i]!]!])) as Record<Target, Level>;
}

export interface SkillRule {
  code: string;
  levels: Record<Target, Level>;
  /** Its quick fix (docs/rules.md#quick-fixes). */
  fix?: QuickFix;
  /** The message says the same for every target: it never names the clients it speaks for. */
  plainMessage?: true;
}

const FIX: Record<string, QuickFix> = {
  'skill-yaml-colon-in-value': { title: 'Quote the value', tier: 'safe', why: 'the string clients read stays the same; strict YAML can now parse it' },
  'skill-yaml-comment-in-value': { title: 'Quote the value', tier: 'unsafe', why: 'clients start reading the text after the #, which the comment dropped' },
  'skill-metadata-unquoted': { title: 'Quote the value', tier: 'safe', why: 'the value was already read as this text; quoting makes it a string for every reader' },
  'skill-name-not-lowercase': { title: 'Lowercase the name', tier: 'unsafe', why: 'renames the skill' },
  'skill-name-directory-mismatch': { title: 'Set name to the folder name', tier: 'unsafe', why: 'renames the skill' },
  'skill-field-typo': { title: 'Rename the key', tier: 'unsafe', why: 'a key that was ignored starts being read' },
  'skill-unexpected-field': { title: 'Move under `metadata:`', tier: 'unsafe', why: 'a client that reads the key at the top level stops seeing it' },
  'skill-file-missing': {
    title: 'Point the link at the file where it is, or create the file',
    tier: 'manual',
    why: 'the link may have meant another file; creating one makes an empty file, which is not a text fix',
  },
};

/** Rules the per-target table leaves out on purpose, and why (each is reported as the check says, for every target). */
export const SKILL_RULES_OUTSIDE_TARGETS: Readonly<Record<string, { severity: Severity; also: Severity[]; why: string }>> = {};

/** Codes no longer reported, still accepted in .agent-files.json. */
export const RETIRED_SKILL_RULES: readonly string[] = ['skill-argument-hint-unused', 'skill-name-vscode-skipped'];

// Cursor's column: what Cursor does about a name or a description's length is documented only as
// following the specification, unverified (effects.ts `CURSOR_SPEC`): advice, not a warning.
//                                          spec ref  cc  codex cop gem  oc  cur
const ROWS: [string, string][] = [
  ['skill-file-name-case', '                  H    H    H    H    H    H    H    H'],
  ['skill-not-in-folder', '                   E    -    E    E    E    E    E    E'],
  ['skill-frontmatter-missing', '             E    E    I    E    W    E    E    E'],
  ['skill-frontmatter-unclosed', '            E    E    W    E    E    E    E    E'],
  ['skill-frontmatter-dashes', '              W    W    -    -    -    -    -    -'],
  ['skill-yaml-invalid', '                    E    E    W    E    E    W    E    E'],
  ['skill-yaml-colon-in-value', '             E    E    I    E    E    I    I    E'],
  ['skill-yaml-strict', '                     I    E    I    I    I    I    I    I'],
  ['skill-yaml-comment-in-value', '           W    W    W    W    W    W    W    W'],
  ['skill-frontmatter-not-mapping', '         E    E    W    E    E    E    E    E'],
  ['skill-unexpected-field', '                W    E    -    -    W    -    -    -'],
  ['skill-field-ignored', '                   -    -    I    I    -    I    I    I'],
  ['skill-field-not-in-spec', '               I    -    -    -    -    -    -    -'],
  ['skill-field-typo', '                      W    -    W    W    W    W    W    W'],
  ['skill-name-missing', '                    E    E    -    -    I    E    E    E'],
  ['skill-name-empty', '                      E    E    W    W    E    E    E    E'],
  ['skill-name-too-long', '                   W    E    -    E    W    -    I    I'],
  ['skill-name-not-lowercase', '              W    E    -    -    I    -    I    I'],
  ['skill-name-hyphen-edge', '                W    E    -    -    I    -    I    I'],
  ['skill-name-consecutive-hyphens', '        W    E    -    -    I    -    I    I'],
  ['skill-name-invalid-chars', '              W    E    -    -    I    I    I    I'],
  ['skill-name-directory-mismatch', '         I    E    -    -    W    -    I    I'],
  ['skill-description-missing', '             E    E    I    E    W    E    E    E'],
  ['skill-description-empty', '               E    E    I    E    W    E    E    E'],
  ['skill-description-too-long', '            W    E    -    E    W    -    I    I'],
  ['skill-description-cut', '                 -    -    W    -    -    -    -    -'],
  ['skill-listing-cut', '                     -    -    W    W    W    -    -    -'],
  ['skill-description-similar', '             -    -    I    I    I    -    -    -'],
  ['skill-description-angle-brackets', '      -    -    I    I    -    -    -    -'],
  ['skill-description-when', '                I    I    I    I    I    I    I    I'],
  ['skill-compatibility-not-string', '        I    E    -    -    I    -    I    I'],
  ['skill-compatibility-too-long', '          I    E    I    -    -    -    -    -'],
  ['skill-compatibility-empty', '             W    W    -    -    -    -    -    -'],
  ['skill-metadata-not-map', '                I    W    I    E    -    -    I    I'],
  ['skill-metadata-unquoted', '               I    I    -    I    -    -    I    I'],
  ['skill-allowed-tools-not-string', '        I    -    -    -    -    -    -    -'],
  ['skill-license-format', '                  I    I    I    I    I    I    I    I'],
  ['skill-boolean-value', '                   -    -    W    -    W    -    -    W'],
  ['skill-context-value', '                   -    -    W    -    W    -    -    -'],
  ['skill-agent-without-fork', '              -    -    W    -    -    -    -    -'],
  ['skill-model-value', '                     -    -    W    -    -    -    -    -'],
  ['skill-effort-value', '                    -    -    W    -    -    -    -    -'],
  ['skill-shell-value', '                     -    -    W    -    -    -    -    -'],
  ['skill-paths-value', '                     -    -    W    -    -    -    -    -'],
  ['skill-hooks-value', '                     -    -    W    -    -    -    -    -'],
  ['skill-hooks-variable-unset', '            -    -    W    -    -    -    -    -'],
  ['skill-tools-value', '                     -    -    W    -    -    -    -    -'],
  ['skill-body-too-long', '                   I    I    I    I    I    I    I    I'],
  ['skill-body-tokens', '                     I    I    I    I    I    I    I    I'],
  ['skill-reference-deep', '                  I    I    I    I    I    I    I    I'],
  ['skill-file-missing', '                    W    W    W    W    W    W    W    W'],
  ['skill-anchor-missing', '                  I    I    I    I    I    I    I    I'],
  ['skill-reference-outside', '               I    I    I    I    I    I    I    I'],
  ['skill-reference-absolute', '              W    W    W    W    W    W    W    W'],
  ['skill-fence-unclosed', '                  W    W    W    W    W    W    W    W'],
  ['skill-duplicate-name', '                  -    -    I    I    -    W    W    -'],
];

/** Rules whose message is the same for every target. */
const PLAIN_MESSAGE = new Set(['skill-reference-absolute']);

export const SKILL_RULES: SkillRule[] = ROWS.map(([code, cells]) => ({
  code,
  levels: lv(cells.trim()),
  ...(FIX[code] ? { fix: FIX[code] } : {}),
  ...(PLAIN_MESSAGE.has(code) ? { plainMessage: true as const } : {}),
}));
export const SKILL_RULE_BY_CODE = new Map(SKILL_RULES.map((r) => [r.code, r]));

/** What a target does with a frontmatter key. */
export type FieldStatus = 'read' | 'ignored' | 'rejected' | 'cut';

export interface FieldCell {
  status: FieldStatus;
  /** A limit the target applies ("1-64 chars, [a-z0-9-]"). */
  limit?: string;
}

export interface FieldRow {
  key: string;
  cells: Record<Target, FieldCell>;
  /** Where the facts come from (docs/clients-fields.md lists the sources in full). */
  source: string;
}

const r = (limit?: string): FieldCell => (limit ? { status: 'read', limit } : { status: 'read' });
const ig: FieldCell = { status: 'ignored' };
const rej: FieldCell = { status: 'rejected' };
const cut = (limit: string): FieldCell => ({ status: 'cut', limit });

/** A key no target documents: the specification, skills-ref and VS Code reject it, the other clients ignore it. */
function unknownCell(target: Target): FieldCell {
  return target === 'spec' || target === 'skills-ref' || target === 'copilot' ? rej : ig;
}

function row(key: string, source: string, cells: Partial<Record<Target, FieldCell>>, otherwise?: FieldCell): FieldRow {
  return { key, source, cells: Object.fromEntries(TARGETS.map((t) => [t, cells[t] ?? otherwise ?? unknownCell(t)])) as Record<Target, FieldCell> };
}

const SPEC_SRC = 'Agent Skills specification; skills-ref validator.py';
const CC_SRC = 'Claude Code docs/skills.md (frontmatter reference)';
const CC_LOG = 'Claude Code CHANGELOG 2.1.186 (kebab-case, snake_case and camelCase spellings)';
const VSC_RENAME = 'microsoft/vscode#295058 (user-invokable renamed user-invocable, the old name kept as deprecated)';

/**
 * Keys each target documents. A key absent from this table is rejected by skills-ref and the
 * specification (unexpected), reported by VS Code as unsupported, and ignored by the others.
 */
export const SKILL_FIELDS: FieldRow[] = [
  row(
    'name',
    SPEC_SRC,
    {
      spec: r('1-64 chars, lowercase letters, digits, hyphens; = folder'),
      'skills-ref': r('1-64 chars after NFKC; = folder'),
      'claude-code': r('optional, defaults to the folder'),
      codex: r('optional, defaults to the folder; ≤64'),
      copilot: r('required, [a-z0-9-], = folder, ≤64'),
      'gemini-cli': r('string'),
      opencode: r('1-64, = folder (docs)'),
    },
    r(),
  ),
  row(
    'description',
    SPEC_SRC,
    {
      spec: r('1-1024 chars'),
      'skills-ref': r('1-1024 chars'),
      'claude-code': cut('with when_to_use, cut at 1,536 chars'),
      codex: r('required, ≤1024'),
      copilot: r('required, ≤1024'),
      'gemini-cli': r('string'),
      opencode: r('1-1024'),
    },
    r(),
  ),
  row('license', SPEC_SRC, { 'gemini-cli': ig, 'claude-code': r('accepted, no effect') }, r()),
  row('compatibility', SPEC_SRC, { 'gemini-cli': ig, codex: ig, 'claude-code': r('≤500 chars, no effect') }, r('1-500 chars')),
  row('metadata', SPEC_SRC, { 'gemini-cli': ig, codex: r('metadata.short-description ≤1024'), 'claude-code': r('a map; no effect') }, r('string → string map')),
  row(
    'allowed-tools',
    SPEC_SRC,
    { copilot: rej, 'gemini-cli': ig, codex: ig, opencode: ig, 'claude-code': r('space/comma string or list') },
    r('space-separated string (experimental)'),
  ),
  row('when_to_use', CC_SRC, { 'claude-code': cut('appended to description; 1,536-char cap') }),
  ...['display-name', 'display_name', 'displayName'].map((k) => row(k, CC_LOG, { 'claude-code': r('the name shown in listings') })),
  ...['default-enabled', 'default_enabled', 'defaultEnabled'].map((k) => row(k, CC_LOG, { 'claude-code': r('boolean') })),
  row('fallback', CC_LOG, { 'claude-code': r() }),
  row('argument-hint', CC_SRC, { 'claude-code': r(), copilot: r() }),
  row('arguments', CC_SRC, { 'claude-code': r('string or list') }),
  row('disable-model-invocation', CC_SRC, { 'claude-code': r('true/false, yes/no, on/off, 1/0'), copilot: r('true/false'), cursor: r('boolean (unverified)') }),
  row('user-invocable', CC_SRC, { 'claude-code': r('true/false, yes/no, on/off, 1/0'), copilot: r('true/false') }),
  // VS Code's first name for it, kept as a deprecated alias when it took Claude Code's spelling; Claude Code never read it (anthropics/claude-code#23723).
  row('user-invokable', VSC_RENAME, { copilot: r('true/false: the old name of user-invocable (deprecated)') }),
  row('disallowed-tools', CC_SRC, { 'claude-code': r('space/comma string or list') }),
  row('model', CC_SRC, { 'claude-code': r('a /model alias or id, or inherit') }),
  row('effort', CC_SRC, { 'claude-code': r('low, medium, high, xhigh, max') }),
  row('context', CC_SRC, { 'claude-code': r('fork'), copilot: r('fork (experimental)') }),
  row('agent', CC_SRC, { 'claude-code': r('with context: fork') }),
  row('background', CC_SRC, { 'claude-code': r('boolean, with context: fork') }),
  row('hooks', CC_SRC, { 'claude-code': r('event → [{matcher, hooks: [{type, command}]}]') }),
  row('paths', CC_SRC, { 'claude-code': r('glob list or comma string') }),
  row('shell', CC_SRC, { 'claude-code': r('bash or powershell') }),
];

export const SKILL_FIELD_BY_KEY = new Map(SKILL_FIELDS.map((f) => [f.key, f]));

/** What a target does with `key`, for a key in the table or not. */
export function fieldCell(key: string, target: Target): FieldCell {
  const row = SKILL_FIELD_BY_KEY.get(key);
  return row ? row.cells[target] : unknownCell(target);
}

/** The targets among `targets` that read `key` (status read or cut). */
export function readers(key: string, targets: readonly Target[]): Target[] {
  return targets.filter((t) => {
    const s = fieldCell(key, t).status;
    return s === 'read' || s === 'cut';
  });
}

/** A diagnostic before targets are applied. */
export interface Finding extends Diagnostic {
  /** Only these targets can see it (e.g. the targets that ignore this key); all when absent. */
  only?: readonly Target[];
  /** The message when it does not speak for skills-ref (nor for the specification judging alike); the reference's text otherwise. */
  clientMessage?: string | ((who: readonly Target[]) => string);
  /** The highest severity this finding may have, below the rule's level: weaker evidence than the rule's usual case. */
  atMost?: Severity;
  /** This finding's level for some targets, instead of the rule's (a client that copes with this case). */
  levels?: Partial<Record<Target, Severity>>;
}

const RANK: Record<Severity, number> = { error: 4, warning: 3, information: 2, hint: 1 };
const NONE: ReadonlySet<Target> = new Set();

/**
 * Applies the table: a finding's severity is the worst among the file's targets it applies to,
 * and it is dropped when it applies to none. Unless the file is checked for skills-ref or the
 * specification alone, the message names the clients it speaks for. A target in `notSetUp` (a
 * client that reads the skill's folder but that nothing in the repository sets up) gives at most
 * information, and the message says so when that is what lowers it.
 */
export function resolveFindings(findings: readonly Finding[], targets: readonly Target[], notSetUp: ReadonlySet<Target> = NONE): Diagnostic[] {
  const out: Diagnostic[] = [];
  const onlyBaseline = targets.every((t) => t === 'skills-ref' || t === 'spec');
  for (const f of findings) {
    const rule = SKILL_RULE_BY_CODE.get(f.code);
    const { only, clientMessage, atMost, levels, ...d } = f;
    if (!rule) {
      out.push(d);
      continue;
    }
    const levelOf = (t: Target) => levels?.[t] ?? rule.levels[t];
    const worstOf = (level: (t: Target) => Severity | 'off') => {
      let worst: Severity | undefined;
      let who: Target[] = [];
      for (const t of targets) {
        const l = only && !only.includes(t) ? 'off' : level(t);
        if (l === 'off') continue;
        if (!worst || RANK[l] > RANK[worst]) {
          worst = l;
          who = [t];
        } else if (l === worst) who.push(t);
      }
      return { worst, who };
    };
    const capped = (t: Target) => {
      const l = levelOf(t);
      return l !== 'off' && notSetUp.has(t) && RANK[l] > RANK.information ? 'information' : l;
    };
    const { worst: found, who } = worstOf(capped);
    if (!found) continue;
    const lowered = notSetUp.size > 0 && RANK[worstOf(levelOf).worst!] > RANK[found];
    const worst = atMost && RANK[found] > RANK[atMost] ? atMost : found;
    // The reference's text where it speaks: for skills-ref, and for the specification where it judges alike.
    const reference = who.includes('skills-ref') || (who.includes('spec') && rule.levels.spec === rule.levels['skills-ref']);
    let message = !reference && clientMessage ? (typeof clientMessage === 'string' ? clientMessage : clientMessage(who)) : d.message;
    if (lowered) {
      const unused = who.filter((t) => notSetUp.has(t));
      message += `; nothing in this repository sets up ${labelList(unused)}, so this is advice for those who use ${unused.length > 1 ? 'them' : 'it'}`;
    }
    if (!onlyBaseline && !reference && !rule.plainMessage) message += ` (${labelList(who)})`;
    out.push({ ...d, severity: worst, message });
  }
  return out;
}
