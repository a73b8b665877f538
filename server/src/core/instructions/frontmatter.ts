/**
 * Frontmatter of Copilot's `.instructions.md` files (`applyTo`, `excludeAgent`, …) and of
 * Claude Code's `.claude/rules/*.md` (`paths`): known keys, typos with a suggestion, and the
 * glob patterns (syntax, and whether any workspace file matches).
 */
import type { Diagnostic, Range } from '../types';
import { parseYamlFrontmatter, type FrontmatterEntry, type YamlFrontmatter } from '../text/yamlFrontmatter';
import { claudeYamlOutcome } from '../subagents/claudeYaml';
import { sharedLines } from '../text/text';
import { suggestAmong } from '../skills/clientFields';
import { countMatches, globProblem, globTooCostly, splitGlobList } from './globs';

export type FrontmatterStyle = 'copilot' | 'claude-rule';

/** The keys each reader documents (VS Code's prompt-file attributes; Claude Code's memory docs). */
export const INSTRUCTION_KEYS: Record<FrontmatterStyle, readonly string[]> = {
  copilot: ['applyTo', 'description', 'name', 'excludeAgent'],
  'claude-rule': ['paths', 'description'],
};

/**
 * Keys other tools scope or switch on a rule with, and the tool that reads each (`trigger`:
 * Windsurf's, read by Antigravity too): in a Claude Code rule they do not do what they say, a
 * warning. Any other unknown key there is the author's own metadata (`title`, `impact`), which
 * VS Code's validator does not see: information.
 */
const SCOPING_KEY_READER: ReadonlyMap<string, string> = new Map([
  ['applyTo', 'GitHub Copilot'],
  ['excludeAgent', 'GitHub Copilot'],
  ['globs', 'Cursor'],
  ['alwaysApply', 'Cursor'],
  ['trigger', 'Windsurf'],
  ['inclusion', 'Kiro'],
  ['fileMatchPattern', 'Kiro'],
]);

/** Whether a scoping key of another tool asks for the rule in every session (Cursor's `alwaysApply: true`, Windsurf's `trigger: always_on`, Kiro's `inclusion: always`). */
function asksAlways(e: FrontmatterEntry, raw: string): boolean {
  const v = typeof e.value === 'string' ? e.value.trim().toLowerCase() : e.value;
  return (
    (e.key === 'alwaysApply' && (v === true || v === 'true')) ||
    (e.key === 'trigger' && v === 'always_on') ||
    (e.key === 'inclusion' && v === 'always') ||
    // `globs: **/*` unquoted is no YAML value (a `*` starts an alias): its text says it all the same.
    (GLOB_SCOPING_KEYS.has(e.key) && (matchesEverything(e.value) || matchesEverything(raw)))
  );
}

/** Those of them that take globs. */
const GLOB_SCOPING_KEYS: ReadonlySet<string> = new Set(['applyTo', 'globs', 'fileMatchPattern']);

// A glob value that names every file (`**`, `**/*`, alone or in a list): the rule applies everywhere, as Claude Code loads a rule without `paths`.
function matchesEverything(value: unknown): boolean {
  const items = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : [];
  return items.some((x) => typeof x === 'string' && /^(?:\*\*|\*\*\/\*)$/.test(x.trim().replace(/^["']|["']$/g, '')));
}

/** Whether a scoping key of another tool asks for the rule where its files are (Cursor's `alwaysApply: false`, Windsurf's `trigger: glob`, Kiro's `inclusion: fileMatch`). */
function asksScoped(e: FrontmatterEntry): boolean {
  const v = typeof e.value === 'string' ? e.value.trim().toLowerCase() : e.value;
  return (e.key === 'alwaysApply' && (v === false || v === 'false')) || (e.key === 'trigger' && v === 'glob') || (e.key === 'inclusion' && v === 'filematch');
}

export const READER: Record<FrontmatterStyle, string> = { copilot: 'GitHub Copilot', 'claude-rule': 'Claude Code' };
export const GLOB_KEY: Record<FrontmatterStyle, string> = { copilot: 'applyTo', 'claude-rule': 'paths' };

export interface GlobEntry {
  glob: string;
  range: Range;
}

export interface InstructionFrontmatter {
  fm: YamlFrontmatter;
  /** The patterns of `applyTo` (split at commas) or `paths`, each with its range. */
  globs: GlobEntry[];
  /** The key that holds them, when present. */
  globKey?: FrontmatterEntry;
  excludeAgent?: string[];
}

/**
 * The patterns of the glob key, each with the range of its own text where it can be found. A
 * string is a comma-separated list, split outside braces as VS Code splits `applyTo` (Claude
 * Code documents `paths` strings the same way); `applyTo` list items are split too, `paths` list
 * items are one pattern each. An empty list is one empty pattern (VS Code reports it).
 */
function globsOf(e: FrontmatterEntry, fm: YamlFrontmatter, style: FrontmatterStyle): GlobEntry[] {
  const src = fm.text.slice(fm.index.offsetAt(e.valueRange.start), fm.index.offsetAt(e.valueRange.end));
  const base = fm.index.offsetAt(e.valueRange.start);
  const out: GlobEntry[] = [];
  const values: string[] = typeof e.value === 'string' ? [e.value] : Array.isArray(e.value) ? e.value.filter((v): v is string => typeof v === 'string') : [];
  const split = (v: string) => {
    if (style === 'claude-rule' && typeof e.value !== 'string') return [v];
    const parts = splitGlobList(v);
    return parts.length ? parts : [''];
  };
  let from = 0;
  for (const v of values) {
    for (const raw of split(v)) {
      const glob = raw.trim();
      const at = glob ? src.indexOf(glob, from) : -1;
      if (at >= 0) from = at + glob.length;
      const range = at >= 0 ? { start: fm.index.positionAt(base + at), end: fm.index.positionAt(base + at + glob.length) } : e.valueRange;
      out.push({ glob, range });
    }
  }
  return out;
}

/**
 * The glob key as its reader reads it when the YAML fails on its line. Claude Code's own docs
 * write `paths:` globs unquoted, starting with `**` or `{src,lib}`, which YAML refuses (`*` starts
 * an alias, `{` a mapping): Claude Code then quotes such lines and parses again
 * (`claudeYamlOutcome`), so the value is the line's text (anthropics/claude-code#17204: the
 * unquoted form loads). VS Code's reader has no aliases or flow mappings: an unquoted value is
 * the text up to its first `: `. A value that parses as written is read as it parses.
 */
function asReaderReadsIt(e: FrontmatterEntry, fm: YamlFrontmatter, style: FrontmatterStyle): FrontmatterEntry {
  if (typeof e.value === 'string' || e.keyRange.start.line !== e.valueRange.start.line) return e;
  const line = e.keyRange.start.line;
  const lineText = sharedLines(fm.text)[line] ?? '';
  const m = /^([A-Za-z]+):[ \t]+(.*?)\s*$/.exec(lineText);
  // Only a value YAML cannot take as text: an alias mark or a flow mapping that does not close the value.
  if (!m || m[1] !== e.key || !/^[*{]/.test(m[2]!)) return e;
  // Claude Code reads no field at all when even its quoted retry fails.
  if (style === 'claude-rule' && claudeYamlOutcome(fm.text.slice(fm.yamlStart, fm.yamlEnd)).kind === 'failed') return e;
  const colon = m[2]!.indexOf(': ');
  const raw = style === 'copilot' && colon >= 0 ? m[2]!.slice(0, colon) : m[2]!;
  const start = lineText.length - lineText.slice(m[1]!.length + 1).trimStart().length;
  return { ...e, value: raw, valueRange: { start: { line, character: start }, end: { line, character: start + raw.length } } };
}

export function readInstructionFrontmatter(text: string, style: FrontmatterStyle): InstructionFrontmatter {
  const fm = parseYamlFrontmatter(text, { split: 'lines' });
  const written = fm.entries.find((e) => e.key === GLOB_KEY[style]);
  const globKey = written && asReaderReadsIt(written, fm, style);
  const out: InstructionFrontmatter = { fm, globs: globKey ? globsOf(globKey, fm, style) : [] };
  if (globKey) out.globKey = globKey;
  const ex = fm.entries.find((e) => e.key === 'excludeAgent');
  if (ex) out.excludeAgent = typeof ex.value === 'string' ? [ex.value] : Array.isArray(ex.value) ? ex.value.map(String) : [];
  return out;
}

export interface FrontmatterCheckOptions {
  /** Workspace files as paths relative to the workspace folder; without it, "matches nothing" is not checked. */
  workspaceFiles?: readonly string[];
  /** Leave out what VS Code's own prompt-file validator reports (unknown keys without a suggestion). */
  editorValidates?: boolean;
  /** The Cursor rule with the same text as this Claude Code rule (`.cursor/rules/go.mdc`): Cursor reads its `globs`. */
  cursorTwin?: string;
}

export function checkInstructionFrontmatter(f: InstructionFrontmatter, style: FrontmatterStyle, options: FrontmatterCheckOptions = {}): Diagnostic[] {
  const out: Diagnostic[] = [];
  const { fm } = f;
  if (!fm.present || !fm.closed) return out;
  const known = INSTRUCTION_KEYS[style];
  const reader = READER[style];
  for (const e of fm.entries) {
    if (known.includes(e.key)) continue;
    const suggestion = suggestAmong(e.key, known);
    if (suggestion) {
      out.push({
        code: 'instructions-key-typo',
        severity: 'warning',
        message: `Unknown key '${e.key}': did you mean '${suggestion}'? ${reader} ignores '${e.key}'`,
        range: e.keyRange,
        data: { key: e.key, suggestion },
      });
    } else if (!options.editorValidates) {
      const metadata = style === 'claude-rule' && !SCOPING_KEY_READER.has(e.key);
      if (style === 'claude-rule' && e.key === 'globs' && options.cursorTwin) {
        out.push({
          code: 'instructions-key-unknown',
          severity: 'information',
          message: `Unknown key 'globs': ${reader} reads ${known.map((k) => `'${k}'`).join(', ')} and ignores the rest; Cursor reads it from the same rule in ${options.cursorTwin}, so keep it for that${f.globKey ? '' : `, and add 'paths' to scope the rule in ${reader} too`}`,
          range: e.keyRange,
          data: { key: e.key },
        });
        continue;
      }
      // `alwaysApply: true` in a rule without `paths` asks for what Claude Code does anyway: it loads such a rule in every session;
      // `alwaysApply: false` beside `paths` asks for the rule where its files are, as `paths` does.
      const always =
        style === 'claude-rule' && (f.globKey ? asksScoped(e) : asksAlways(e, fm.text.slice(fm.index.offsetAt(e.valueRange.start), fm.index.offsetAt(e.valueRange.end))));
      // Another tool's scoping key beside `paths`: Claude Code scopes the rule with `paths`, and the key is kept for the tool that reads it (one rule file shared by several).
      const otherTool = style === 'claude-rule' && f.globKey !== undefined && !always ? SCOPING_KEY_READER.get(e.key) : undefined;
      const ignored = `Unknown key '${e.key}': ${reader} reads ${known.map((k) => `'${k}'`).join(', ')} and ignores the rest`;
      out.push({
        code: 'instructions-key-unknown',
        severity: metadata || always || otherTool ? 'information' : 'warning',
        message: metadata
          ? `${ignored}; kept as your own metadata, it neither scopes nor describes the rule`
          : always
            ? `${ignored}; ${f.globKey ? "it loads the rule where 'paths' matches, as this asks" : "it loads a rule without 'paths' in every session, as this asks"}`
            : otherTool
              ? `${ignored}; it scopes this rule with 'paths', and '${e.key}' is ${otherTool}'s key, for where ${otherTool} reads this file`
              : ignored,
        range: e.keyRange,
        data: { key: e.key },
      });
    }
  }
  const key = f.globKey;
  if (key) {
    const okShape =
      style === 'copilot' ? typeof key.value === 'string' : typeof key.value === 'string' || (Array.isArray(key.value) && key.value.every((v) => typeof v === 'string'));
    if (!okShape) {
      out.push({
        code: 'instructions-glob-invalid',
        severity: 'warning',
        message:
          style === 'copilot' ? `'applyTo' must be a string of comma-separated glob patterns ('src/**/*.ts, test/**')` : `'paths' must be a list of glob patterns (or one pattern)`,
        range: key.valueRange,
      });
    }
    for (const g of f.globs) {
      const problem = globProblem(g.glob);
      if (problem) {
        out.push({
          code: 'instructions-glob-invalid',
          severity: 'warning',
          message: `Glob pattern '${g.glob}' cannot be used: ${problem}; ${reader} matches no file with it`,
          range: g.range,
        });
        continue;
      }
      const costly = globTooCostly(g.glob, style);
      if (costly) {
        out.push({
          code: 'instructions-glob-too-costly',
          severity: 'information',
          message: `Glob pattern '${g.glob}' is too costly for Agent Files to match: ${costly}. ${reader} still applies it; Agent Files treats it as matching no file (no match count, not in the instructions in effect)`,
          range: g.range,
          data: { glob: g.glob },
        });
        continue;
      }
      if (options.workspaceFiles && countMatches(g.glob, options.workspaceFiles, 1, style) === 0) {
        out.push({
          code: 'instructions-glob-no-match',
          severity: 'information',
          message: `Glob pattern '${g.glob}' matches no file in the workspace`,
          range: g.range,
          data: { glob: g.glob },
        });
      }
    }
  }
  return out;
}
