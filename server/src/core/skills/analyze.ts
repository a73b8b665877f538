/**
 * SKILL.md diagnostics: every rule of the Python reference validator (`skills-ref`), with its
 * message text, plus the spec-only checks as warnings and information.
 *
 * Verdicts follow the Python reference: the frontmatter ends at the first `---` anywhere,
 * every scalar is a string (strictyaml), names are compared after NFKC and lengths count
 * code points.
 */
import type { IWorkspaceHost } from '../workspace/host';
import { sharedLines, splitLines } from '../text/text';
import type { Diagnostic, Range } from '../types';
import { entriesOf, nodeRange, parseYamlFrontmatterBothWays, type FrontmatterEntry, type YamlFrontmatter } from '../text/yamlFrontmatter';
import { headingAnchors, scanMarkdown } from './markdown';
import { fileNameOf, parentDirName, skillDirOf } from './paths';
import { collectReferences, SKILL_REFERENCES } from './references';
import { checkReferences } from './referenceCheck';
import { ReferenceBases } from './referenceBases';
import { fencesOf, strandedAt, strandedByNestedFence, strandedNote, unclosedFence, unclosedFenceMessage, type Fence, type StrandedLines } from '../text/markdownBlocks';
import { claudeYamlOutcome } from '../subagents/claudeYaml';
import { checkLicenseMentions } from './licenseFile';
import { checkClientValues, checkKeys } from './clientFields';
import { checkLimits } from './limits';
import { checkCommentCuts } from './commentCut';
import { checkBody, checkDescription, checkName, checkOptional, diag, type SkillInfo } from './specFields';
import { resolveFindings, type Finding } from './rules';
import { labelList, resolveTargets, type Target, type TargetSet } from './targets';
import {
  clientsNotSetUp,
  insideAnotherSkill,
  loaderDecides,
  loadersAtDepth,
  mirrorOfClientSkill,
  notLoaded,
  openedByPath,
  placeBelowSkills,
  sourceOfClientCopy,
  unmodelledClient,
} from './liveness';
import { eitherReader, keyReaderOf } from './keyReaders';
import { ownKeyReader } from './ownKeyReaders';
import { schemaReadmeReader } from './schemaReadme';
import { copyReader } from './copyReader';
import type { RepositoryFacts } from './plugins';
import { textFingerprint } from '../text/fingerprint';
import { CATEGORY_FOLDER, effectMessage } from './effects';
import { analyzeLooseSkillFile } from './looseFile';
import { looseSkillFile } from './looseFilePath';
import { withoutEditorCheckedLinks } from '../analysis/editorChecks';

export { cpLength, type SkillInfo, type SkillKeyInfo } from './specFields';

export const ALLOWED_FIELDS = ['allowed-tools', 'compatibility', 'description', 'license', 'metadata', 'name'] as const;
const ALLOWED = new Set<string>(ALLOWED_FIELDS);
const ONLY = "Only ['allowed-tools', 'compatibility', 'description', 'license', 'metadata', 'name'] are allowed.";

export interface SkillAnalysisOptions {
  /** The targets to check for; inferred from the path when absent or empty. */
  targets?: readonly Target[];
  /** Who named `targets`, for the hover ("the --target option"). */
  targetsSource?: string;
  /** The repository's plugin and marketplace manifests, as the host found them (targets of plugin skills). */
  repository?: RepositoryFacts;
  /** Report descriptions that do not say when to use the skill (default true). */
  descriptionHeuristic?: boolean;
  /** Check relative file references through the host (default true). */
  checkReferences?: boolean;
  /** Collect the body's references at all (default true; false leaves `skill.references` empty and checks none). */
  collectReferences?: boolean;
  /**
   * Only what the skill says of itself, no checks (the workspace index's reading of a closed file):
   * its name, description and their ranges, its targets, its fingerprint and its frontmatter, as a
   * full analysis finds them, and no diagnostics. The values only the checks read (`allowed-tools`,
   * `license`, `compatibility`, `metadata`) and the references are left out. The checks are made
   * when the file's own diagnostics are asked for.
   */
  factsOnly?: boolean;
  /** Workspace folders as URIs: `/`-rooted links resolve from them (or from the repository root below them). */
  workspaceRoots?: readonly string[];
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
 * skill is for (core/analysis/editorChecks.ts): a missing or empty name or description, a name with other
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

export interface SkillAnalysis {
  diagnostics: Diagnostic[];
  skill: SkillInfo;
  /** The frontmatter split at its closing line, when it has one (what hover reads). */
  frontmatter?: YamlFrontmatter;
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

/** The Python `str.strip()` whitespace set is close enough to JS `trim()` for names. */
function firstLineRange(text: string): Range {
  const first = splitLines(text)[0] ?? '';
  return { start: { line: 0, character: 0 }, end: { line: 0, character: first.length } };
}

/** A finding capped at information, its message (and each client's) ending with `note`. */
function withNote(f: Finding, note: string): Finding {
  const m = f.clientMessage;
  const clientMessage = m === undefined ? undefined : typeof m === 'string' ? m + note : (who: readonly Target[]) => m(who) + note;
  return { ...f, atMost: 'information', message: f.message + note, ...(clientMessage ? { clientMessage } : {}) };
}

/**
 * A finding on a skill no client loads from where it is: advice, in the words that say what is
 * wrong with the file, not what a client would do with it (a client's message may say it loads
 * the skill, which it does not; held-out round 54).
 */
function unloadedAdvice(f: Finding): Finding {
  if (f.atMost === 'hint') return f;
  const { clientMessage: _said, ...plain } = f;
  return { ...plain, atMost: 'information' };
}

/** The note for a skill whose frontmatter is that of its namesake in a client skills folder (`mirrorOfClientSkill`). */
function mirrorNote(folder: string): { note: string } {
  return { note: ` (this frontmatter is that of ${folder}/SKILL.md, which its clients load and which is checked for them; this copy is in no client's folder, so it is advice)` };
}

/** The note for a skill the repository installs for a client Agent Files does not model (OpenClaw). */
function installedElsewhere(e: NonNullable<TargetSet['elsewhere']>): { client: string; note: string } {
  return {
    client: e.client,
    note: ` (${e.source} installs this skill into ${e.folder}, which ${e.client} reads; what its loader does with this is not documented here, so it is advice)`,
  };
}

/** Validates one SKILL.md. Never throws. */
export function analyzeSkill(text: string, uri: string, host: IWorkspaceHost, options: SkillAnalysisOptions = {}): SkillAnalysis {
  const loose = looseSkillFile(uri);
  if (loose) return analyzeLooseSkillFile(text, uri, host, loose, options);
  const diagnostics: Finding[] = [];
  const dirName = parentDirName(uri);
  const targets = loadersAtDepth(uri, resolveTargets(uri, host, options.targets, options.targetsSource, options.repository), options.repository?.skillLocations);
  const skill: SkillInfo = { uri, dirName, keys: {}, references: [], bodyStartLine: 0, targets, fingerprint: textFingerprint(text) };
  // Both sides through one normalisation of the URI (encoding, a trailing slash).
  if (options.workspaceRoots?.some((r) => skillDirOf(`${r.replace(/\/+$/, '')}/SKILL.md`) === skillDirOf(uri))) skill.dirIsWorkspaceRoot = true;
  const parsed: { frontmatter?: YamlFrontmatter } = {};
  const fileName = fileNameOf(uri);
  if (fileName !== 'SKILL.md' && fileName.toLowerCase() === 'skill.md') {
    diagnostics.push(diag('skill-file-name-case', 'hint', `The file is named '${fileName}'; clients scan for a file named exactly 'SKILL.md'`, firstLineRange(text)));
  }
  if (options.factsOnly) return skillFacts(text, uri, host, options, skill, parsed);
  try {
    analyzeInto(text, uri, host, options, skill, diagnostics, parsed);
  } catch (e) {
    // A bug in one rule must not take the editor down; the diagnostics so far still stand.
    diagnostics.push(diag('internal-error', 'error', `Agent Files could not finish checking this SKILL.md: ${e instanceof Error ? e.message : String(e)}`, firstLineRange(text)));
  }
  const edited = options.editorValidates
    ? diagnostics.map((f) => (EDITOR_REPORTED_SKILL_CODES.has(f.code) ? { ...f, only: (f.only ?? targets.targets).filter((t) => t !== 'copilot') } : f))
    : diagnostics;
  // The note for the findings a loader decides, in a skill no modelled client loads from here.
  const mirror = mirrorOfClientSkill(uri, text, host, targets, options.repository);
  const loaderNote = targets.fallback
    ? targets.elsewhere
      ? installedElsewhere(targets.elsewhere)
      : (unmodelledClient(uri, host) ?? openedByPath(uri, targets, options.repository) ?? (mirror && mirrorNote(mirror.folder)))
    : undefined;
  const place = placeBelowSkills(uri, host, targets, options.repository?.skillLocations);
  const findings =
    notLoaded(uri, fileName, targets, skill.name, options.repository?.roots) ||
    place ||
    insideAnotherSkill(uri, host, targets, options.repository) ||
    sourceOfClientCopy(uri, text, host, targets, options.repository) ||
    mirror?.whole
      ? edited.map(unloadedAdvice)
      : loaderNote
        ? edited.map((f) => (f.atMost === 'hint' || !loaderDecides(f.code) ? f : withNote(f, loaderNote.note)))
        : edited;
  if (place?.kind === 'category') findings.push(categoryFinding(uri, place.folder, skill, text));
  const resolved = resolveFindings(findings, targets.targets, clientsNotSetUp(uri, targets.targets, options.repository));
  // VS Code validates a file named exactly SKILL.md; what it reports there is left to it.
  const shown =
    options.editorValidates && fileName === 'SKILL.md'
      ? withoutEditorCheckedLinks(
          resolved.filter((d) => !EDITOR_REPORTED_SKILL_PROBLEMS.has(d.code)),
          text,
          MISSING_FILE,
        )
      : resolved;
  // A skill its clients never look for is in no listing and no name clash.
  const out: SkillAnalysis = { diagnostics: shown, skill: place && place.kind !== 'inside-skill' ? { ...skill, targets: unloaded(targets, place.folder) } : skill };
  if (parsed.frontmatter) out.frontmatter = parsed.frontmatter;
  return out;
}

/**
 * The facts of `analyzeSkill` without its checks: the frontmatter read as the full analysis reads
 * it (a YAML error leaves the name and description unread there too), the targets as its place
 * leaves them.
 */
function skillFacts(text: string, uri: string, host: IWorkspaceHost, options: SkillAnalysisOptions, skill: SkillInfo, parsed: { frontmatter?: YamlFrontmatter }): SkillAnalysis {
  const { reference: ref, lines: byLines } = parseYamlFrontmatterBothWays(text);
  if (ref.present && ref.closed) {
    parsed.frontmatter = byLines;
    skill.bodyStartLine = byLines.closed ? byLines.bodyStartLine : ref.bodyStartLine;
    const fm = readerOf(skill, ref, byLines);
    if (fm.map && !fm.syntaxErrors.some((e) => e.code !== 'DUPLICATE_KEY')) {
      const first = (key: string) => fm.entries.find((e) => e.key === key);
      const ignored: Finding[] = [];
      checkName(first('name'), skill, fm, ignored);
      checkDescription(first('description'), skill, fm, ignored, false);
    }
  }
  const place = placeBelowSkills(uri, host, skill.targets, options.repository?.skillLocations);
  const out: SkillAnalysis = { diagnostics: [], skill: place && place.kind !== 'inside-skill' ? { ...skill, targets: unloaded(skill.targets, place.folder) } : skill };
  if (parsed.frontmatter) out.frontmatter = parsed.frontmatter;
  return out;
}

/**
 * A client splits at the first line that is only '---' (gray-matter, line readers); skills-ref, and
 * the specification after it, at the first '---' anywhere. Where the two differ, each is checked as it reads.
 */
function readerOf(skill: SkillInfo, ref: YamlFrontmatter, byLines: YamlFrontmatter): YamlFrontmatter {
  return skill.targets.targets.every((t) => t === 'skills-ref' || t === 'spec') || !byLines.closed ? ref : byLines;
}

/**
 * A skill in a folder that groups skills (`.claude/skills/debugging/root-cause-tracing/SKILL.md`):
 * the clients that load skills one folder down never look there.
 */
function categoryFinding(uri: string, folder: string, skill: SkillInfo, text: string): Finding {
  const own = skill.dirName ?? '';
  const problem = `This skill sits in '${folder}/', a folder that groups skills; move '${own}/' up next to '${folder.split('/')[0]}/'`;
  return diag(
    'skill-not-in-folder',
    'error',
    `${problem}: clients load skills one folder below their skills folder`,
    skill.nameRange ?? firstLineRange(text),
    undefined,
    effectMessage('skill-not-in-folder', problem, CATEGORY_FOLDER),
  );
}

function unloaded(targets: TargetSet, folder: string): TargetSet {
  return { targets: [], explicit: false, fallback: true, reason: `it sits in ${folder}/, a folder that groups skills, where ${labelList(targets.targets)} do not look` };
}

/** What VS Code does with a byte-order mark before the frontmatter (its file service's text decoding drops it). */
const VS_CODE_BOM = 'VS Code most likely reads the frontmatter all the same: its text decoding drops the mark';

function analyzeInto(
  text: string,
  uri: string,
  host: IWorkspaceHost,
  options: SkillAnalysisOptions,
  skill: SkillInfo,
  out: Finding[],
  parsed: { frontmatter?: YamlFrontmatter },
): void {
  const { reference: ref, lines: byLines } = parseYamlFrontmatterBothWays(text);
  if (!ref.present) {
    // A byte-order mark before the '---' is invisible in most editors: say so.
    const bom = text.startsWith('\uFEFF') && /^\uFEFF---[ \t]*\r?\n/.test(text);
    const problem = `SKILL.md does not start with YAML frontmatter (---)${bom ? ': a byte-order mark (U+FEFF) comes before it; save the file as UTF-8 without one' : ''}`;
    const d = diag(
      'skill-frontmatter-missing',
      'error',
      'SKILL.md must start with YAML frontmatter (---)',
      firstLineRange(text),
      undefined,
      effectMessage('skill-frontmatter-missing', problem, bom ? { copilot: VS_CODE_BOM } : {}),
    );
    // VS Code decodes the file with a TextDecoder, which drops the mark: most likely the frontmatter reads there.
    if (bom) d.levels = { copilot: 'information' };
    // In no client folder and no plugin, a SKILL.md without frontmatter is most likely not meant as a skill (a translated copy, a plan, an archive).
    if (skill.targets.fallback) {
      d.atMost = 'information';
      d.message += '; no client folder or plugin loads this file, so if it is meant as a skill, move it where a client looks for skills';
    }
    out.push(d);
    return;
  }
  if (!ref.closed) {
    const problem = 'The frontmatter is not closed with ---';
    out.push(
      diag(
        'skill-frontmatter-unclosed',
        'error',
        'SKILL.md frontmatter not properly closed with ---',
        ref.openRange,
        undefined,
        effectMessage('skill-frontmatter-unclosed', problem),
      ),
    );
    return;
  }
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

  const fm = readerOf(skill, ref, byLines);
  let syntaxError = false;
  // One finding per value with an unquoted ': ' (the parser reports each colon of it); after any
  // other error, nothing more: the parse stops there, and what follows it is mostly its echo.
  const colonValues = new Set<string>();
  let firstColonLine: number | undefined;
  for (const e of fm.syntaxErrors) {
    if (e.code === 'DUPLICATE_KEY') continue;
    syntaxError = true;
    if (out.some((d) => d.code === 'skill-yaml-invalid')) break;
    const colon = colonInValue(fm, e.range);
    const at = colon && `${colon.valueRange.start.line}:${colon.valueRange.start.character}`;
    if (colon && colonValues.has(at!)) continue;
    if (colon) {
      colonValues.add(at!);
      // VS Code stops reading at the first such line.
      firstColonLine ??= colon.valueRange.start.line;
      const vsCode = vsCodeReadsUpTo(fm, firstColonLine);
      const d = diag(
        'skill-yaml-colon-in-value',
        'error',
        "Invalid YAML in frontmatter: mapping values are not allowed here (quote the value or use 'description: >-')",
        colon.valueRange,
        { key: colon.key },
        effectMessage('skill-yaml-colon-in-value', `The unquoted ': ' in '${colon.key}' is not valid YAML (quote the value or use '>-')`, vsCode ? { copilot: VS_CODE_COLON } : {}),
      );
      // VS Code's own YAML reader stops at the colon without an error: with name and description read by then, the skill loads.
      if (vsCode) d.levels = { copilot: 'warning' };
      out.push(d);
    } else {
      const message = `Invalid YAML in frontmatter: ${e.message}`;
      const invalid = diag('skill-yaml-invalid', 'error', message, e.range, undefined, effectMessage('skill-yaml-invalid', message));
      // Claude Code quotes such values itself and parses again (2.1.69): for it the frontmatter reads (advice), for the others it does not.
      const claude = skill.targets.targets.includes('claude-code') && claudeYamlOutcome(text.slice(fm.yamlStart, fm.yamlEnd)).kind === 'quoted';
      if (claude) {
        const others = skill.targets.targets.filter((t) => t !== 'claude-code');
        if (others.length) out.push({ ...invalid, only: others });
        out.push({
          ...diag(
            'skill-yaml-invalid',
            'information',
            `${message} (Claude Code quotes the value itself and reads it; other YAML readers, and Claude Code before 2.1.69, reject the frontmatter: quote the value)`,
            e.range,
          ),
          only: ['claude-code'],
          atMost: 'information',
        });
      } else out.push(invalid);
    }
  }
  // Text no YAML reader takes says nothing more about what only strictyaml refuses.
  for (const s of syntaxError ? [] : fm.strictIssues) {
    const client = `Only skills-ref (strictyaml) rejects this YAML; clients read it: ${s.message}`;
    out.push(diag('skill-yaml-strict', 'error', `Invalid YAML in frontmatter: ${s.message}`, s.range, { kind: s.kind }, client));
  }
  // The reference stops at the first YAML error; so do the field rules, which would only echo it.
  if (syntaxError) return;
  if (!fm.map) {
    const contents = fm.doc?.contents as { range?: [number, number, number] } | null | undefined;
    const range = (contents?.range && nodeRange(fm, contents as never)) || fm.openRange;
    const problem = 'The frontmatter is not a YAML mapping of keys to values';
    out.push(
      diag('skill-frontmatter-not-mapping', 'error', 'SKILL.md frontmatter must be a YAML mapping', range, undefined, effectMessage('skill-frontmatter-not-mapping', problem)),
    );
    return;
  }

  const fields = new Map<string, FrontmatterEntry>();
  for (const e of fm.entries) {
    if (!fields.has(e.key)) fields.set(e.key, e);
    skill.keys[e.key] ??= { keyRange: e.keyRange, valueRange: e.valueRange };
  }
  const metadata = fields.get('metadata');
  checkKeys(
    fm.entries,
    skill.targets.targets,
    out,
    unexpectedMessage(fm.entries),
    keyReaderOf(fm.entries, metadata ? entriesOf(fm, metadata.node) : [], uri) ??
      eitherReader(ownKeyReader(uri, options.repository?.ownKeyReaders), copyReader(uri, host, options.repository), schemaReadmeReader(uri, host, options.repository?.roots)),
  );
  checkName(fields.get('name'), skill, fm, out);
  checkDescription(fields.get('description'), skill, fm, out, options.descriptionHeuristic !== false);
  checkOptional(fields, skill, fm, out);
  checkClientValues(fields, fm, out);
  checkLimits(fields, fm, out);
  checkCommentCuts(fm, out);
  checkBody(text, skill.bodyStartLine, byLines.closeRange ?? fm.closeRange!, out);
  // The body's one scan finds its fences and its references; without references, the fences alone are looked for.
  const scanned = options.collectReferences === false ? undefined : scanMarkdown(text, skill.bodyStartLine);
  checkFences(text, scanned?.fences ?? fencesOf(sharedLines(text), skill.bodyStartLine), out);

  if (!scanned) return;
  const license = fields.get('license');
  const refs = collectReferences(
    text,
    skill.bodyStartLine,
    skillDirOf(uri),
    license && typeof license.value === 'string' ? { value: license.value, range: license.valueRange } : undefined,
    scanned,
  );
  skill.references = refs;
  if (options.checkReferences === false) return;
  const skillDir = skillDirOf(uri);
  const bases = new ReferenceBases(host, skillDir, options.workspaceRoots, skillDir, uri);
  const lineOf = (line: number) => sharedLines(text)[line] ?? '';
  const ownAnchors = () => headingAnchors(text, { scan: scanned, startLine: skill.bodyStartLine });
  const stranded = strandedByNestedFence(scanned.fences, sharedLines(text));
  for (const x of checkReferences(refs, ownAnchors, host, bases, SKILL_REFERENCES, lineOf)) out.push(strandedAsAdvice(x, stranded));
  for (const x of checkLicenseMentions(refs, host, skillDir)) out.push(x);
}

/**
 * VS Code reads skill frontmatter with a YAML reader of its own (microsoft/vscode
 * src/vs/base/common/yaml.ts): an unquoted value ends at its first `: `, and the mapping ends
 * there too, without an error; the keys after that line are never read. So the skill still loads
 * when `name` and `description` stand on that line or above it.
 */
function vsCodeReadsUpTo(fm: YamlFrontmatter, line: number): boolean {
  const at = (key: string) => fm.entries.find((e) => e.key === key)?.keyRange.start.line;
  const name = at('name');
  const description = at('description');
  return name !== undefined && description !== undefined && name <= line && description <= line;
}

const VS_CODE_COLON = "VS Code loads the skill, reading the value only up to the ': ' and none of the keys below it";

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

/** A reference on a line a nested fence left outside its example block: advice, with a note saying why. */
function strandedAsAdvice(x: Finding, stranded: readonly StrandedLines[]): Finding {
  const s = strandedAt(stranded, x.range.start.line);
  if (!s || x.severity === 'information' || x.severity === 'hint') return x;
  const note = strandedNote(s);
  const cm = x.clientMessage;
  const clientMessage = cm === undefined ? undefined : typeof cm === 'string' ? `${cm} ${note}` : (who: readonly Target[]) => `${cm(who)} ${note}`;
  return { ...x, atMost: 'information', message: `${x.message} ${note}`, ...(clientMessage ? { clientMessage } : {}) };
}

/** A code fence in the body never closed (often a block holding a fenced block of its own): the rest of the body reads as code. */
function checkFences(text: string, fences: readonly Fence[], out: Finding[]): void {
  const u = unclosedFence(fences, sharedLines(text));
  if (u) out.push(diag('skill-fence-unclosed', 'warning', unclosedFenceMessage(u), u.fence.range));
}
