/**
 * SKILL.md diagnostics: every rule of the Python reference validator (`skills-ref`), with its
 * message text, plus the spec-only checks as warnings and information.
 *
 * Verdicts follow the Python reference: the frontmatter ends at the first `---` anywhere,
 * every scalar is a string (strictyaml), names are compared after NFKC and lengths count
 * code points.
 */
import type { IWorkspaceHost } from '../host';
import { isScalar } from 'yaml';
import { splitLines } from '../text';
import type { Diagnostic, Range, Severity } from '../types';
import { entriesOf, nodeRange, parseYamlFrontmatter, type FrontmatterEntry, type YamlFrontmatter } from '../yamlFrontmatter';
import { headingAnchors } from './markdown';
import { fileNameOf, parentDirName, skillDirOf } from './paths';
import { checkReferences, collectReferences, type SkillReference } from './references';
import { checkLicenseMentions } from './licenseFile';
import { checkClientValues, checkKeys } from './clientFields';
import { checkCopilotName, checkLimits } from './limits';
import { readers, resolveFindings, type Finding } from './rules';
import { resolveTargets, type Target, type TargetSet } from './targets';
import { withoutEditorCheckedLinks } from '../editorChecks';

export const ALLOWED_FIELDS = ['allowed-tools', 'compatibility', 'description', 'license', 'metadata', 'name'] as const;
const ALLOWED = new Set<string>(ALLOWED_FIELDS);
const ONLY = "Only ['allowed-tools', 'compatibility', 'description', 'license', 'metadata', 'name'] are allowed.";

export interface SkillAnalysisOptions {
  /** The targets to check for; inferred from the path when absent or empty. */
  targets?: readonly Target[];
  /** Who named `targets`, for the hover ("the --target option"). */
  targetsSource?: string;
  /** Report descriptions that do not say when to use the skill (default true). */
  descriptionHeuristic?: boolean;
  /** Check relative file references through the host (default true). */
  checkReferences?: boolean;
  /**
   * The editor validates SKILL.md for VS Code itself (VS Code's prompt-file validator): findings
   * it reports for its own skills are not repeated for the copilot target (see docs/rules.md).
   */
  editorValidates?: boolean;
}

/**
 * What VS Code's validator reports as a hint for a VS Code skill (an unsupported attribute): left
 * out for the copilot target only, as the other targets' verdicts say more than its faded text.
 */
export const EDITOR_REPORTED_SKILL_CODES: ReadonlySet<string> = new Set(['skill-unexpected-field']);

/**
 * What VS Code's validator reports in the Problems panel for every SKILL.md, whichever client the
 * skill is for (core/editorChecks.ts): a missing or empty name or description, a name with other
 * than lowercase letters, digits and hyphens, a name that is not its folder's. In VS Code these
 * are left to it, as are missing files on the links it checks.
 */
export const EDITOR_REPORTED_SKILL_PROBLEMS: ReadonlySet<string> = new Set([
  'skill-name-missing',
  'skill-name-empty',
  'skill-name-invalid-chars',
  'skill-name-not-lowercase',
  'skill-name-directory-mismatch',
  'skill-description-missing',
  'skill-description-empty',
]);
const MISSING_FILE: ReadonlySet<string> = new Set(['skill-file-missing']);

export interface SkillKeyInfo {
  keyRange: Range;
  valueRange: Range;
}

export interface SkillInfo {
  uri: string;
  /** Decoded name of the folder holding the SKILL.md. */
  dirName: string;
  name?: string;
  description?: string;
  license?: string;
  compatibility?: string;
  allowedTools?: string;
  /** `metadata` coerced to strings, as the reference's `read-properties` does. */
  metadata?: Record<string, string>;
  nameRange?: Range;
  descriptionRange?: Range;
  /** Every top-level key as written, with its ranges. */
  keys: Record<string, SkillKeyInfo>;
  references: SkillReference[];
  /** First line of the body (after the closing `---`). */
  bodyStartLine: number;
  /** Who the file is checked for, and why. */
  targets: TargetSet;
}

export interface SkillAnalysis {
  diagnostics: Diagnostic[];
  skill: SkillInfo;
  /** The frontmatter split at its closing line, when it has one (what hover reads). */
  frontmatter?: YamlFrontmatter;
}

/** Code-point length, as Python's `len`. */
export function cpLength(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

function byCodePoint(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i]!.codePointAt(0)! - y[i]!.codePointAt(0)!;
    if (d) return d;
  }
  return x.length - y.length;
}

/** The severity given here is a placeholder: the rule table (./rules.ts) sets it per target. */
function diag(code: string, severity: Severity, message: string, range: Range, data?: Record<string, unknown>, clientMessage?: Finding['clientMessage']): Finding {
  const d: Finding = data ? { code, severity, message, range, data } : { code, severity, message, range };
  if (clientMessage) d.clientMessage = clientMessage;
  return d;
}

/** The Python `str.strip()` whitespace set is close enough to JS `trim()` for names. */
function firstLineRange(text: string): Range {
  const first = splitLines(text)[0] ?? '';
  return { start: { line: 0, character: 0 }, end: { line: 0, character: first.length } };
}

/** Validates one SKILL.md. Never throws. */
export function analyzeSkill(text: string, uri: string, host: IWorkspaceHost, options: SkillAnalysisOptions = {}): SkillAnalysis {
  const diagnostics: Finding[] = [];
  const dirName = parentDirName(uri);
  const targets = resolveTargets(uri, host, options.targets, options.targetsSource);
  const skill: SkillInfo = { uri, dirName, keys: {}, references: [], bodyStartLine: 0, targets };
  const parsed: { frontmatter?: YamlFrontmatter } = {};
  const fileName = fileNameOf(uri);
  if (fileName !== 'SKILL.md' && fileName.toLowerCase() === 'skill.md') {
    diagnostics.push(diag('skill-file-name-case', 'hint', `The file is named '${fileName}'; clients scan for a file named exactly 'SKILL.md'`, firstLineRange(text)));
  }
  try {
    analyzeInto(text, uri, host, options, skill, diagnostics, parsed);
  } catch (e) {
    // A bug in one rule must not take the editor down; the diagnostics so far still stand.
    diagnostics.push(diag('internal-error', 'error', `Agent Files could not finish checking this SKILL.md: ${e instanceof Error ? e.message : String(e)}`, firstLineRange(text)));
  }
  const findings = options.editorValidates
    ? diagnostics.map((f) => (EDITOR_REPORTED_SKILL_CODES.has(f.code) ? { ...f, only: (f.only ?? targets.targets).filter((t) => t !== 'copilot') } : f))
    : diagnostics;
  const resolved = resolveFindings(findings, targets.targets);
  // VS Code validates a file named exactly SKILL.md; what it reports there is left to it.
  const shown =
    options.editorValidates && fileName === 'SKILL.md'
      ? withoutEditorCheckedLinks(
          resolved.filter((d) => !EDITOR_REPORTED_SKILL_PROBLEMS.has(d.code)),
          text,
          MISSING_FILE,
        )
      : resolved;
  const out: SkillAnalysis = { diagnostics: shown, skill };
  if (parsed.frontmatter) out.frontmatter = parsed.frontmatter;
  return out;
}

function analyzeInto(
  text: string,
  uri: string,
  host: IWorkspaceHost,
  options: SkillAnalysisOptions,
  skill: SkillInfo,
  out: Finding[],
  parsed: { frontmatter?: YamlFrontmatter },
): void {
  const ref = parseYamlFrontmatter(text, { split: 'reference' });
  if (!ref.present) {
    out.push(diag('skill-frontmatter-missing', 'error', 'SKILL.md must start with YAML frontmatter (---)', firstLineRange(text)));
    return;
  }
  if (!ref.closed) {
    out.push(diag('skill-frontmatter-unclosed', 'error', 'SKILL.md frontmatter not properly closed with ---', ref.openRange));
    return;
  }
  const byLines = parseYamlFrontmatter(text, { split: 'lines' });
  parsed.frontmatter = byLines;
  skill.bodyStartLine = byLines.closed ? byLines.bodyStartLine : ref.bodyStartLine;
  if (!byLines.closed || byLines.yamlEnd !== ref.yamlEnd) {
    out.push(
      diag(
        'skill-frontmatter-dashes',
        'warning',
        "This '---' ends the frontmatter for the reference validator, which splits on the first '---' anywhere; everything after it is not read as frontmatter",
        ref.closeRange!,
      ),
    );
  }

  let syntaxError = false;
  for (const e of ref.syntaxErrors) {
    if (e.code === 'DUPLICATE_KEY') continue;
    syntaxError = true;
    const colon = colonInValue(ref, e.range);
    if (colon) {
      out.push(
        diag(
          'skill-yaml-colon-in-value',
          'error',
          "Invalid YAML in frontmatter: mapping values are not allowed here (quote the value or use 'description: >-')",
          colon.valueRange,
          { key: colon.key },
        ),
      );
    } else {
      out.push(diag('skill-yaml-invalid', 'error', `Invalid YAML in frontmatter: ${e.message}`, e.range));
    }
  }
  for (const s of ref.strictIssues) {
    const client = `Only skills-ref (strictyaml) rejects this YAML; clients read it: ${s.message}`;
    out.push(diag('skill-yaml-strict', 'error', `Invalid YAML in frontmatter: ${s.message}`, s.range, { kind: s.kind }, client));
  }
  // The reference stops at the first YAML error; so do the field rules, which would only echo it.
  if (syntaxError) return;
  if (!ref.map) {
    const contents = ref.doc?.contents as { range?: [number, number, number] } | null | undefined;
    const range = (contents?.range && nodeRange(ref, contents as never)) || ref.openRange;
    out.push(diag('skill-frontmatter-not-mapping', 'error', 'SKILL.md frontmatter must be a YAML mapping', range));
    return;
  }

  const fields = new Map<string, FrontmatterEntry>();
  for (const e of ref.entries) {
    if (!fields.has(e.key)) fields.set(e.key, e);
    skill.keys[e.key] ??= { keyRange: e.keyRange, valueRange: e.valueRange };
  }
  checkKeys(ref.entries, skill.targets.targets, out, unexpectedMessage(ref.entries));
  checkName(fields.get('name'), skill, ref, out);
  checkDescription(fields.get('description'), skill, ref, out, options.descriptionHeuristic !== false);
  checkOptional(fields, skill, ref, out);
  const lines = splitLines(text);
  checkClientValues(fields, ref, lines.slice(skill.bodyStartLine).join('\n'), out);
  checkLimits(fields, ref, out);
  checkBody(text, skill.bodyStartLine, byLines.closeRange ?? ref.closeRange!, out);

  const license = fields.get('license');
  const refs = collectReferences(
    text,
    skill.bodyStartLine,
    skillDirOf(uri),
    license && typeof license.value === 'string' ? { value: license.value, range: license.valueRange } : undefined,
  );
  skill.references = refs;
  if (options.checkReferences !== false) for (const x of checkReferences(refs, headingAnchors(text), host, skillDirOf(uri))) out.push(x);
  if (options.checkReferences !== false) for (const x of checkLicenseMentions(refs, host, skillDirOf(uri))) out.push(x);
}

/** An unquoted `key: a: b` line: the parse error falls on a top-level value that sits on one line. */
function colonInValue(fm: YamlFrontmatter, at: Range): { key: string; valueRange: Range } | undefined {
  const line = at.start.line;
  const e = fm.entries.find((x) => x.keyRange.start.line === line && x.valueRange.start.line === line);
  if (!e) return undefined;
  const a = fm.index.offsetAt({ line, character: 0 });
  const b = fm.index.offsetAt({ line, character: Number.MAX_SAFE_INTEGER });
  const valueText = fm.text
    .slice(a, b)
    .slice(e.valueRange.start.character)
    .replace(/\s+#.*$/, '')
    .trimEnd();
  if (!valueText.includes(': ') || /^["'|>[{]/.test(valueText)) return undefined;
  return { key: e.key, valueRange: { start: e.valueRange.start, end: { line, character: e.valueRange.start.character + valueText.length } } };
}

/** The reference's message for a key outside the six (undefined for the six). */
function unexpectedMessage(entries: FrontmatterEntry[]): (key: string) => string | undefined {
  const extra = [...new Set(entries.map((e) => e.key).filter((k) => !ALLOWED.has(k)))].sort(byCodePoint);
  const message = `Unexpected fields in frontmatter: ${extra.join(', ')}. ${ONLY}`;
  return (key) => (ALLOWED.has(key) ? undefined : message);
}

function where(e: FrontmatterEntry): Range {
  return e.valueRange.start.line === e.valueRange.end.line && e.valueRange.start.character === e.valueRange.end.character ? e.keyRange : e.valueRange;
}

function checkName(e: FrontmatterEntry | undefined, skill: SkillInfo, fm: YamlFrontmatter, out: Finding[]): void {
  if (!e) {
    out.push(diag('skill-name-missing', 'error', 'Missing required field in frontmatter: name', fm.openRange));
    return;
  }
  skill.nameRange = e.valueRange;
  if (typeof e.value !== 'string' || !e.value.trim()) {
    out.push(diag('skill-name-empty', 'error', "Field 'name' must be a non-empty string", where(e)));
    return;
  }
  const name = e.value.trim().normalize('NFKC');
  skill.name = name;
  const r = e.valueRange;
  const len = cpLength(name);
  if (len > 64) out.push(diag('skill-name-too-long', 'error', `Skill name '${name}' exceeds 64 character limit (${len} chars)`, r));
  if (name !== name.toLowerCase()) out.push(diag('skill-name-not-lowercase', 'error', `Skill name '${name}' must be lowercase`, r, { lower: name.toLowerCase() }));
  if (name.startsWith('-') || name.endsWith('-')) out.push(diag('skill-name-hyphen-edge', 'error', 'Skill name cannot start or end with a hyphen', r));
  if (name.includes('--')) out.push(diag('skill-name-consecutive-hyphens', 'error', 'Skill name cannot contain consecutive hyphens', r));
  if (!/^[\p{L}\p{N}-]+$/u.test(name)) {
    out.push(diag('skill-name-invalid-chars', 'error', `Skill name '${name}' contains invalid characters. Only letters, digits, and hyphens are allowed.`, r));
  }
  checkCopilotName(name, r, out);
  if (skill.dirName && skill.dirName.normalize('NFKC') !== name) {
    out.push(diag('skill-name-directory-mismatch', 'error', `Directory name '${skill.dirName}' must match skill name '${name}'`, r, { dirName: skill.dirName }));
  }
}

function checkDescription(e: FrontmatterEntry | undefined, skill: SkillInfo, fm: YamlFrontmatter, out: Finding[], heuristic: boolean): void {
  if (!e) {
    out.push(
      diag('skill-description-missing', 'error', 'Missing required field in frontmatter: description', fm.openRange, undefined, (who) =>
        who.includes('claude-code') ? "No 'description': Claude Code uses the body's first paragraph instead" : "No 'description': the skill is not loaded or not listed",
      ),
    );
    return;
  }
  skill.descriptionRange = e.valueRange;
  if (typeof e.value !== 'string' || !e.value.trim()) {
    out.push(diag('skill-description-empty', 'error', "Field 'description' must be a non-empty string", where(e)));
    return;
  }
  skill.description = e.value;
  const len = cpLength(e.value);
  if (len > 1024) out.push(diag('skill-description-too-long', 'error', `Description exceeds 1024 character limit (${len} chars)`, e.valueRange));
  if (heuristic && !/\b(when|whenever|use (?:it |this (?:skill )?)?(?:for|to|if|on))\b/i.test(e.value)) {
    const d = diag('skill-description-when', 'information', 'The description should say what the skill does and when to use it (e.g. "Use when …")', e.valueRange);
    // A target that reads `when_to_use` finds the "when" there.
    const when = fm.entries.find((x) => x.key === 'when_to_use');
    if (when && typeof when.value === 'string' && when.value.trim()) d.only = skill.targets.targets.filter((t) => readers('when_to_use', [t]).length === 0);
    out.push(d);
  }
}

function checkOptional(fields: Map<string, FrontmatterEntry>, skill: SkillInfo, fm: YamlFrontmatter, out: Finding[]): void {
  const compat = fields.get('compatibility');
  if (compat) {
    if (typeof compat.value !== 'string') {
      out.push(diag('skill-compatibility-not-string', 'error', "Field 'compatibility' must be a string", where(compat)));
    } else {
      skill.compatibility = compat.value;
      const len = cpLength(compat.value);
      if (len > 500) out.push(diag('skill-compatibility-too-long', 'error', `Compatibility exceeds 500 character limit (${len} chars)`, compat.valueRange));
      if (len === 0)
        out.push(diag('skill-compatibility-empty', 'warning', "Field 'compatibility' must be 1-500 characters (omit it when there are no requirements)", where(compat)));
    }
  }
  const meta = fields.get('metadata');
  if (meta) {
    const entries = entriesOf(fm, meta.node);
    if (entries.length === 0 && !(meta.value && typeof meta.value === 'object' && !Array.isArray(meta.value))) {
      out.push(diag('skill-metadata-not-map', 'warning', "Field 'metadata' should be a map from string keys to string values", where(meta)));
    } else {
      const m: Record<string, string> = {};
      for (const x of entries) {
        if (typeof x.value !== 'string') {
          out.push(
            diag(
              'skill-metadata-not-map',
              'warning',
              `Metadata value '${x.key}' should be a string, not a ${Array.isArray(x.value) ? 'list' : x.value === null ? 'empty value' : 'map'}`,
              where(x),
            ),
          );
        } else if (
          isScalar(x.node) &&
          x.node.type === 'PLAIN' &&
          /^[-+]?(?:\d[\d_]*(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$|^0[xo][0-9a-f]+$|^(?:true|false|yes|no|null|~)$/i.test(x.value)
        ) {
          out.push(
            diag('skill-metadata-unquoted', 'information', `Quote the metadata value '${x.value}': other YAML readers turn it into a number or boolean`, x.valueRange, {
              quote: true,
            }),
          );
        }
        m[x.key] = typeof x.value === 'string' ? x.value : JSON.stringify(x.value);
      }
      skill.metadata = m;
    }
  }
  const tools = fields.get('allowed-tools');
  if (tools) {
    if (typeof tools.value !== 'string') {
      out.push(diag('skill-allowed-tools-not-string', 'warning', "Field 'allowed-tools' should be a space-separated string (e.g. 'Bash(git:*) Read'), not a list", where(tools)));
    } else skill.allowedTools = tools.value;
  }
  const license = fields.get('license');
  if (license) {
    if (typeof license.value !== 'string') {
      out.push(diag('skill-license-format', 'information', "Field 'license' should be a short string: a license name or the name of a bundled license file", where(license)));
    } else {
      skill.license = license.value;
      if (cpLength(license.value) > 100)
        out.push(diag('skill-license-format', 'information', "Field 'license' should be short: a license name or the name of a bundled license file", license.valueRange));
    }
  }
}

function checkBody(text: string, bodyStartLine: number, close: Range, out: Finding[]): void {
  const lines = splitLines(text);
  let count = lines.length;
  if (count > 0 && lines[count - 1] === '') count--;
  if (count > 500) {
    const line = lines[500] ?? '';
    out.push(
      diag('skill-body-too-long', 'warning', `SKILL.md has ${count} lines; keep it under 500 and move detail into references/`, {
        start: { line: 500, character: 0 },
        end: { line: 500, character: line.length },
      }),
    );
  }
  let chars = 0;
  for (let i = bodyStartLine; i < lines.length; i++) chars += lines[i]!.length + 1;
  const tokens = Math.round(chars / 4);
  if (tokens > 5000) out.push(diag('skill-body-tokens', 'information', `The body is about ${tokens} tokens; under 5000 is recommended`, close));
}
