/**
 * What each client does about a SKILL.md finding, in words: the message a finding carries when it
 * speaks for clients (the reference's own text stays for `skills-ref`). `resolveFindings` then
 * appends the clients it speaks for, e.g. "(Codex)". Facts and sources: docs/clients-fields.md.
 */
import type { Finding } from './rules';
import type { Target } from './targets';

/** The specification's client guide: clients warn about a name problem and still load the skill. */
const SPEC_NAME = 'skills-ref rejects it; clients that follow the specification warn and still load the skill';
const NOT_LOADED: Partial<Record<Target, string>> = {
  spec: 'clients that follow the specification skip the skill',
  codex: 'Codex does not load the skill',
  copilot: 'VS Code does not load the skill',
  'gemini-cli': 'Gemini CLI does not load the skill',
  opencode: 'OpenCode does not load the skill',
  cursor: 'Cursor does not load the skill',
};
const UNREAD_FIELDS: Partial<Record<Target, string>> = {
  'claude-code': 'Claude Code loads the body with no frontmatter fields',
  'gemini-cli': "Gemini CLI's fallback line parser still reads name and description",
};
/**
 * VS Code's skill loader (microsoft/vscode, promptsServiceImpl.ts `computeSkillDiscoveryInfo`) takes
 * the folder name for a missing `name` and for one that differs from the folder, cuts the name at 64
 * characters and the description at 1,024, and checks no characters: its documentation's
 * `[a-z0-9-]` and "required" are not what it does. Releases before the folder-name fallback skipped
 * a skill with no `name`.
 */
const VS_CODE_NAME_CHARS = "VS Code's documentation allows only a-z, 0-9 and '-' (its loader does not check, and loads the skill)";
/** No description (missing or empty): Claude Code takes the body's first paragraph, VS Code lists the skill without one. */
const NO_DESCRIPTION: Partial<Record<Target, string>> = {
  ...NOT_LOADED,
  'claude-code': "Claude Code uses the body's first paragraph instead",
  copilot: 'VS Code lists the skill with no description, so the model has only its name to go by',
};
const OPENCODE_NAME = "OpenCode's documentation allows only lowercase letters, digits and single hyphens (its loader does not check)";
const CURSOR_SPEC = 'Cursor is documented to follow the specification (unverified)';

const EFFECTS: Record<string, Partial<Record<Target, string>>> = {
  'skill-frontmatter-missing': {
    ...NOT_LOADED,
    'claude-code': 'Claude Code loads the skill under its folder name, with the first paragraph as its description',
    copilot: 'VS Code lists the skill under its folder name with no description (older releases skipped it)',
  },
  'skill-frontmatter-unclosed': { ...NOT_LOADED, 'claude-code': 'Claude Code reads no frontmatter fields and takes the lines as body' },
  'skill-yaml-invalid': { ...NOT_LOADED, ...UNREAD_FIELDS },
  // Claude Code 2.1.69: "Fixed skill descriptions with colons (e.g., "Triggers include: X, Y, Z") failing to load from SKILL.md frontmatter".
  // OpenCode's markdown reader parses again after turning such values into `|-` blocks (anomalyco/opencode config/markdown.ts, fallbackSanitization).
  'skill-yaml-colon-in-value': {
    ...NOT_LOADED,
    ...UNREAD_FIELDS,
    'claude-code': 'Claude Code reads the value as text (since 2.1.69); parsers of strict YAML do not',
    opencode: 'OpenCode reads the value as text (it rewrites such values and parses again)',
  },
  'skill-frontmatter-not-mapping': { ...NOT_LOADED, ...UNREAD_FIELDS },
  'skill-name-missing': { ...NOT_LOADED, copilot: 'VS Code uses the folder name (older releases skipped the skill)' },
  'skill-name-empty': { ...NOT_LOADED, 'claude-code': 'Claude Code uses the folder name', codex: 'Codex uses the folder name' },
  'skill-name-too-long': {
    spec: SPEC_NAME,
    codex: 'Codex does not load the skill',
    copilot: 'VS Code cuts it at 64 characters',
    opencode: "OpenCode's documentation allows at most 64 characters",
    cursor: CURSOR_SPEC,
  },
  'skill-name-not-lowercase': { spec: SPEC_NAME, copilot: VS_CODE_NAME_CHARS, opencode: OPENCODE_NAME, cursor: CURSOR_SPEC },
  'skill-name-hyphen-edge': { spec: SPEC_NAME, copilot: 'VS Code loads it (its loader checks no characters)', opencode: OPENCODE_NAME, cursor: CURSOR_SPEC },
  'skill-name-consecutive-hyphens': { spec: SPEC_NAME, copilot: 'VS Code loads it (its loader checks no characters)', opencode: OPENCODE_NAME, cursor: CURSOR_SPEC },
  'skill-name-invalid-chars': {
    spec: SPEC_NAME,
    copilot: VS_CODE_NAME_CHARS,
    'gemini-cli': "Gemini CLI turns characters that file names cannot hold into '-'",
    opencode: OPENCODE_NAME,
    cursor: CURSOR_SPEC,
  },
  'skill-name-directory-mismatch': {
    spec: 'skills-ref rejects it; clients that follow the specification warn and load it under its name',
    copilot: "VS Code lists the skill under its folder's name, not this one",
    opencode: "OpenCode's documentation asks for the folder name (its loader does not check)",
    cursor: CURSOR_SPEC,
  },
  'skill-description-missing': NO_DESCRIPTION,
  'skill-description-empty': NO_DESCRIPTION,
  'skill-description-too-long': {
    spec: 'skills-ref rejects it and Codex does not load such a skill',
    codex: 'Codex does not load the skill',
    copilot: 'VS Code cuts it at 1,024 characters',
    opencode: "OpenCode's documentation allows at most 1,024 characters",
    cursor: CURSOR_SPEC,
  },
  'skill-compatibility-not-string': {
    spec: 'skills-ref rejects it; the specification defines a string of 1-500 characters',
    copilot: 'VS Code neither checks nor acts on it (its validator reads the key as text or a map, and its loader reads only name and description)',
    opencode: "OpenCode's documentation defines it as text",
    cursor: CURSOR_SPEC,
  },
  'skill-metadata-not-map': {
    'claude-code': 'Claude Code drops it (it does not act on metadata)',
    codex: 'Codex does not load the skill (it reads metadata as a map of text)',
    opencode: "OpenCode's documentation defines a map of text (its loader reads only name and description)",
    cursor: CURSOR_SPEC,
  },
  'skill-allowed-tools-not-string': { spec: 'the specification defines one space-separated string; skills-ref and Claude Code also read a list' },
  'skill-compatibility-too-long': {
    spec: 'skills-ref rejects it; the specification allows 1-500 characters',
    'claude-code': 'Claude Code documents at most 500 characters (it does not act on the field)',
  },
};

/**
 * What the clients that load skills one folder down do with a skill in a folder that groups
 * skills: they never look there (anthropics/claude-code#39138, #20979, #18192; microsoft/vscode#324646,
 * open; Gemini CLI's loader reads a SKILL.md under a skills folder or one folder below it, clients.md §1).
 */
export const CATEGORY_FOLDER: Partial<Record<Target, string>> = {
  'claude-code': 'Claude Code loads skills only one folder below .claude/skills/ and does not load this one',
  copilot: 'VS Code finds skills only one folder below its skills folders and does not load this one',
  'gemini-cli': 'Gemini CLI reads SKILL.md only one folder below its skills folders and does not load this one',
};

/** The message of a finding that speaks for clients: the problem, then what each of them does. */
export function effectMessage(code: string, problem: string, instead: Partial<Record<Target, string>> = {}): Exclude<Finding['clientMessage'], string | undefined> {
  return (who) => {
    const table = { ...EFFECTS[code], ...instead };
    const parts = [...new Set(who.map((t) => table[t]).filter((x): x is string => !!x))];
    return parts.length ? `${problem}: ${parts.join('; ')}` : problem;
  };
}
