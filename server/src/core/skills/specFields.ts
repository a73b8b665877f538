/**
 * The specification's own fields and body, checked the reference's way (`name`, `description`,
 * `compatibility`, `metadata`, `allowed-tools`, `license`, body length): each finding carries the
 * reference's text and, for the clients, what each of them does (./effects.ts).
 */
import { isScalar } from 'yaml';
import { sharedLines } from '../text/text';
import type { Range, Severity } from '../types';
import { entriesOf, type FrontmatterEntry, type YamlFrontmatter } from '../text/yamlFrontmatter';
import type { SkillReference } from './references';
import type { TargetSet } from './targets';
import { effectMessage } from './effects';
import { readers, type Finding } from './rules';
import { metadataToolOf } from './keyReaders';

export interface SkillKeyInfo {
  keyRange: Range;
  valueRange: Range;
}

export interface SkillInfo {
  uri: string;
  /** Decoded name of the folder holding the SKILL.md. */
  dirName: string;
  /**
   * The folder holding the SKILL.md is a workspace folder: its name is the checkout's, not the
   * repository's (`git clone … any-name`), so the name is not compared with it.
   */
  dirIsWorkspaceRoot?: boolean;
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
  /** `textFingerprint` of the whole text (byte-identical copies are not name clashes). */
  fingerprint: string;
}

/** The most characters the specification (and Codex, which refuses the skill past them) allows a name and a description. */
export const NAME_MAX = 64;
export const DESCRIPTION_MAX = 1024;

/** A description's length as Codex counts it: its whitespace runs one space each. */
export function codexLength(description: string): number {
  return cpLength(description.trim().split(/\s+/).join(' '));
}

/** Code-point length, as Python's `len`. */
export function cpLength(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/** The severity given here is a placeholder: the rule table (./rules.ts) sets it per target. */
export function diag(code: string, severity: Severity, message: string, range: Range, data?: Record<string, unknown>, clientMessage?: Finding['clientMessage']): Finding {
  const d: Finding = data ? { code, severity, message, range, data } : { code, severity, message, range };
  if (clientMessage) d.clientMessage = clientMessage;
  return d;
}

/** A name with `/` that is the skill's folder path below the nearest `skills/` (`ai-core/adapter-configuration`). */
function namesOwnPath(name: string, uri: string): boolean {
  return name.includes('/') && uri.endsWith(`/skills/${name}/SKILL.md`);
}

function where(e: FrontmatterEntry): Range {
  return e.valueRange.start.line === e.valueRange.end.line && e.valueRange.start.character === e.valueRange.end.character ? e.keyRange : e.valueRange;
}

export function checkName(e: FrontmatterEntry | undefined, skill: SkillInfo, fm: YamlFrontmatter, out: Finding[]): void {
  if (!e) {
    out.push(diag('skill-name-missing', 'error', 'Missing required field in frontmatter: name', fm.openRange, undefined, effectMessage('skill-name-missing', "No 'name'")));
    return;
  }
  skill.nameRange = e.valueRange;
  if (typeof e.value !== 'string' || !e.value.trim()) {
    out.push(diag('skill-name-empty', 'error', "Field 'name' must be a non-empty string", where(e), undefined, effectMessage('skill-name-empty', "'name' is empty or not text")));
    return;
  }
  const name = e.value.trim().normalize('NFKC');
  skill.name = name;
  const r = e.valueRange;
  const len = cpLength(name);
  const said = (code: string, problem: string) => effectMessage(code, problem);
  if (len > NAME_MAX)
    out.push(
      diag(
        'skill-name-too-long',
        'error',
        `Skill name '${name}' exceeds 64 character limit (${len} chars)`,
        r,
        undefined,
        said('skill-name-too-long', `Skill name '${name}' has ${len} characters, more than 64`),
      ),
    );
  if (name !== name.toLowerCase())
    out.push(
      diag(
        'skill-name-not-lowercase',
        'error',
        `Skill name '${name}' must be lowercase`,
        r,
        { lower: name.toLowerCase() },
        said('skill-name-not-lowercase', `Skill name '${name}' is not lowercase`),
      ),
    );
  if (name.startsWith('-') || name.endsWith('-'))
    out.push(
      diag(
        'skill-name-hyphen-edge',
        'error',
        'Skill name cannot start or end with a hyphen',
        r,
        undefined,
        said('skill-name-hyphen-edge', `Skill name '${name}' starts or ends with a hyphen`),
      ),
    );
  if (name.includes('--'))
    out.push(
      diag(
        'skill-name-consecutive-hyphens',
        'error',
        'Skill name cannot contain consecutive hyphens',
        r,
        undefined,
        said('skill-name-consecutive-hyphens', `Skill name '${name}' has consecutive hyphens`),
      ),
    );
  if (!/^[\p{L}\p{N}-]+$/u.test(name)) {
    const problem = `Skill name '${name}' has characters other than letters, digits and hyphens`;
    const d = diag(
      'skill-name-invalid-chars',
      'error',
      `Skill name '${name}' contains invalid characters. Only letters, digits, and hyphens are allowed.`,
      r,
      undefined,
      said('skill-name-invalid-chars', problem),
    );
    // `name: ai-core/adapter-configuration` in `…/skills/ai-core/adapter-configuration/` outside every client's folder:
    // the name is the skill's path, the convention of the tool that ships it (TanStack Intent requires it), not a slip.
    if (skill.targets.fallback && namesOwnPath(name, skill.uri)) {
      d.atMost = 'information';
      d.clientMessage = `${problem}: it is the skill's path below skills/, as a tool that ships skills by path names them; no client's skill folder holds it, and one that did would need a name of letters, digits and hyphens`;
    }
    out.push(d);
  }
  if (skill.dirName && !skill.dirIsWorkspaceRoot && skill.dirName.normalize('NFKC') !== name) {
    const problem = `Skill name '${name}' differs from its folder name '${skill.dirName}'`;
    const d = diag(
      'skill-name-directory-mismatch',
      'error',
      `Directory name '${skill.dirName}' must match skill name '${name}'`,
      r,
      { dirName: skill.dirName },
      effectMessage('skill-name-directory-mismatch', problem),
    );
    out.push(d);
  }
}

export function checkDescription(e: FrontmatterEntry | undefined, skill: SkillInfo, fm: YamlFrontmatter, out: Finding[], heuristic: boolean): void {
  if (!e) {
    out.push(
      diag(
        'skill-description-missing',
        'error',
        'Missing required field in frontmatter: description',
        fm.openRange,
        undefined,
        effectMessage('skill-description-missing', "No 'description'"),
      ),
    );
    return;
  }
  skill.descriptionRange = e.valueRange;
  if (typeof e.value !== 'string' || !e.value.trim()) {
    out.push(
      diag(
        'skill-description-empty',
        'error',
        "Field 'description' must be a non-empty string",
        where(e),
        undefined,
        effectMessage('skill-description-empty', "'description' is empty or not text"),
      ),
    );
    return;
  }
  skill.description = e.value;
  const len = cpLength(e.value);
  if (len > DESCRIPTION_MAX) {
    const problem = `The description has ${len} characters, more than 1,024`;
    const d = diag(
      'skill-description-too-long',
      'error',
      `Description exceeds 1024 character limit (${len} chars)`,
      e.valueRange,
      undefined,
      effectMessage('skill-description-too-long', problem),
    );
    // Codex counts after collapsing whitespace runs to one space; the clients that cut the text at 1,024 (VS Code) lose nothing when only trailing whitespace (the newline a `>` block keeps) is past it; skills-ref counts every character.
    const collapsed = codexLength(e.value) <= DESCRIPTION_MAX;
    const trailing = cpLength(e.value.trimEnd()) <= DESCRIPTION_MAX;
    if (collapsed || trailing) d.only = skill.targets.targets.filter((t) => (t === 'codex' ? !collapsed : !trailing || t === 'spec' || t === 'skills-ref'));
    out.push(d);
  }
  if (heuristic && !/\b(when|whenever|use (?:it |this (?:skill )?)?(?:for|to|if|on))\b/i.test(e.value)) {
    const d = diag('skill-description-when', 'information', 'The description should say what the skill does and when to use it (e.g. "Use when …")', e.valueRange);
    // A target that reads `when_to_use` finds the "when" there.
    const when = fm.entries.find((x) => x.key === 'when_to_use');
    if (when && typeof when.value === 'string' && when.value.trim()) d.only = skill.targets.targets.filter((t) => readers('when_to_use', [t]).length === 0);
    out.push(d);
  }
}

export function checkOptional(fields: Map<string, FrontmatterEntry>, skill: SkillInfo, fm: YamlFrontmatter, out: Finding[]): void {
  const compat = fields.get('compatibility');
  if (compat) {
    if (typeof compat.value !== 'string') {
      const problem = `'compatibility' is a ${Array.isArray(compat.value) ? 'list' : compat.value === null ? 'empty value' : 'map'}, not text`;
      const d = diag(
        'skill-compatibility-not-string',
        'error',
        "Field 'compatibility' must be a string",
        where(compat),
        undefined,
        effectMessage('skill-compatibility-not-string', problem),
      );
      // VS Code takes a map here too: only a list is its problem.
      if (!Array.isArray(compat.value)) d.only = skill.targets.targets.filter((t) => t !== 'copilot');
      out.push(d);
    } else {
      skill.compatibility = compat.value;
      const len = cpLength(compat.value);
      if (len > 500) {
        const problem = `'compatibility' has ${len} characters, more than 500`;
        out.push(
          diag(
            'skill-compatibility-too-long',
            'error',
            `Compatibility exceeds 500 character limit (${len} chars)`,
            compat.valueRange,
            undefined,
            effectMessage('skill-compatibility-too-long', problem),
          ),
        );
      }
      if (len === 0)
        out.push(diag('skill-compatibility-empty', 'warning', "Field 'compatibility' must be 1-500 characters (omit it when there are no requirements)", where(compat)));
    }
  }
  const meta = fields.get('metadata');
  if (meta) {
    const entries = entriesOf(fm, meta.node);
    if (entries.length === 0 && !(meta.value && typeof meta.value === 'object' && !Array.isArray(meta.value))) {
      const problem = "'metadata' is not a map";
      out.push(
        diag(
          'skill-metadata-not-map',
          'warning',
          "Field 'metadata' should be a map from string keys to string values",
          where(meta),
          undefined,
          effectMessage('skill-metadata-not-map', problem),
        ),
      );
    } else {
      const m: Record<string, string> = {};
      for (const x of entries) {
        if (typeof x.value !== 'string') {
          const message = `Metadata value '${x.key}' should be a string, not a ${Array.isArray(x.value) ? 'list' : x.value === null ? 'empty value' : 'map'}`;
          // Claude Code keeps the map as it is; Codex reads only metadata.short-description.
          const only = skill.targets.targets.filter((t) => t !== 'claude-code' && (t !== 'codex' || x.key === 'short-description'));
          // OpenClaw reads a skill's runtime requirements from this map (docs.openclaw.ai, ClawHub skill format), Hermes Agent its own tags and
          // related skills (hermes-agent docs): the specification's rule is advice there.
          const owner = metadataToolOf(x);
          const tool =
            owner && `${message}: ${owner.reader.label} reads ${owner.what} from metadata.${x.key} as a map (its documented skill format); the specification wants strings`;
          out.push(
            tool
              ? { ...diag('skill-metadata-not-map', 'warning', tool, where(x)), only, atMost: 'information' }
              : { ...diag('skill-metadata-not-map', 'warning', message, where(x), undefined, effectMessage('skill-metadata-not-map', message)), only },
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
      out.push(
        diag(
          'skill-allowed-tools-not-string',
          'warning',
          "Field 'allowed-tools' should be a space-separated string (e.g. 'Bash(git:*) Read'), not a list",
          where(tools),
          undefined,
          effectMessage('skill-allowed-tools-not-string', "'allowed-tools' is a list"),
        ),
      );
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

export function checkBody(text: string, bodyStartLine: number, close: Range, out: Finding[]): void {
  const lines = sharedLines(text);
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
