/**
 * The template lint: a `tool="…"` placeholder that no quoting makes safe, one inside quotes
 * (safe with Agent Files' fill, an injection with any runtime that quotes values as whole words, as
 * the agent3md reference does), and a control or bidi character in the template (which the fill
 * refuses). Each has a quick fix where one exists, and a placeholder where a
 * value could become an option gets a suggestion to insert `--` (a code action, not a diagnostic:
 * nearly every template has such an argument). Fixes are computed from the current plane, never
 * carried in diagnostics.
 */
import type { Attribute } from '../threemd/syntax';
import type { Plane } from '../threemd/plane';
import { lineRange, type Diagnostic, type Range } from '../types';
import { sitesOf, TEMPLATE_CHARACTER } from './command';
import { attributeOf, valueColumn, type Skill } from './model';
import { AgentRule } from './rules';
import type { PlaceholderSite } from './shellSites';

export const TOOL_UNSAFE_PLACEHOLDER = AgentRule.toolUnsafePlaceholder;
export const TOOL_QUOTED_PLACEHOLDER = AgentRule.toolQuotedPlaceholder;
export const TOOL_CONTROL_CHARACTER = AgentRule.toolControlCharacter;

const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** Where template offsets are in the attribute's value (the template is the trimmed value). */
function offsets(attr: Attribute): (o: number) => number {
  const lead = attr.value.length - attr.value.trimStart().length;
  return (o) => valueColumn(attr, lead + o);
}

function siteRange(attr: Attribute, site: PlaceholderSite): Range {
  const col = offsets(attr);
  return lineRange(attr.line, col(site.start), col(site.end));
}

/** The lint diagnostics of one skill's tool template. */
export function lintTool(s: Skill, plane: Plane, out: Diagnostic[]): void {
  if (!s.tool) return;
  const sname = s.name;
  // The attribute (its columns: a second read of the directive line) only for a site with something to show.
  let attr: Attribute | undefined;
  for (const m of s.tool.matchAll(TEMPLATE_CHARACTER)) {
    const a = (attr ??= attributeOf(plane, 'tool')!);
    const col = offsets(a);
    const code = `U+${m[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
    const what = BIDI.test(m[0])
      ? `the bidi control character ${code}, which makes the command read differently from how it runs`
      : `the control character ${code}, which a terminal acts on`;
    out.push({
      code: TOOL_CONTROL_CHARACTER,
      severity: 'warning',
      message: `skill "${sname}" has ${what}, in its tool template: Agent Files refuses to fill the command; remove it`,
      range: lineRange(a.line, col(m.index), col(m.index + m[0].length)),
      data: { character: code },
    });
  }
  for (const site of sitesOf(s.tool)) {
    if (!site.refusal && !site.quotes) continue;
    const range = siteRange((attr ??= attributeOf(plane, 'tool')!), site);
    if (site.refusal) {
      out.push({
        code: TOOL_UNSAFE_PLACEHOLDER,
        severity: 'warning',
        message: `skill "${sname}" cannot have {${site.name}} filled safely: ${site.refusal.reason}`,
        range,
        data: { placeholder: site.name, kind: site.refusal.kind },
      });
      continue;
    }
    if (site.quotes) {
      const q = site.context === 'double' ? '"…"' : "'…'";
      out.push({
        code: TOOL_QUOTED_PLACEHOLDER,
        severity: 'warning',
        message: `skill "${sname}" has {${site.name}} inside ${q} quotes: a runtime that quotes each value as a whole word (as the agent3md reference does) lets a value end the quotes and run as code; leave the placeholder outside the quotes`,
        range,
        data: { placeholder: site.name },
      });
    }
  }
}

export interface ToolFix {
  title: string;
  edits: { range: Range; newText: string }[];
  /** A fix that cannot change what the command does for ordinary values. */
  preferred: boolean;
}

/** The tool attribute and the site whose range is exactly `range`, when they still exist. */
function siteAt(plane: Plane, range: Range, exact: boolean): { attr: Attribute; template: string; site: PlaceholderSite } | null {
  const attr = attributeOf(plane, 'tool');
  if (!attr || !attr.quoted || attr.line !== range.start.line || range.end.line !== range.start.line) return null;
  const template = attr.value.trim();
  const site = sitesOf(template).find((s) => {
    const r = siteRange(attr, s);
    return exact
      ? r.start.character === range.start.character && r.end.character === range.end.character
      : r.start.character <= range.start.character && range.end.character <= r.end.character;
  });
  return site ? { attr, template, site } : null;
}

/** Edits of the attribute's value at template offsets, escaped for its quotes. */
function editor(attr: Attribute) {
  const col = offsets(attr);
  const at = (o: number) => ({ line: attr.line, character: col(o) });
  const delimiter = attr.raw[0];
  return {
    del: (o: number) => ({ range: { start: at(o), end: at(o + 1) }, newText: '' }),
    ins: (o: number, text: string) => ({ range: { start: at(o), end: at(o) }, newText: [...text].map((c) => (c === delimiter || c === '\\' ? '\\' + c : c)).join('') }),
  };
}

/** The quick fixes for a lint diagnostic at `range` on this plane (empty when it no longer applies). */
export function toolFixes(plane: Plane, code: string, range: Range): ToolFix[] {
  if (code === TOOL_CONTROL_CHARACTER) return characterFix(plane, range);
  const found = siteAt(plane, range, true);
  if (!found) return [];
  const { attr, template, site } = found;
  const { del, ins } = editor(attr);
  const name = `{${site.name}}`;
  if (code === TOOL_QUOTED_PLACEHOLDER && site.quotes) {
    const { open, close } = site.quotes;
    const q = template[open]!;
    const edits = [site.start === open + 1 ? del(open) : ins(site.start, q), site.end === close ? del(close) : ins(site.end, q)];
    return [{ title: `Move ${name} out of the quotes`, edits, preferred: true }];
  }
  if (code === TOOL_UNSAFE_PLACEHOLDER && site.refusal?.kind === 'escaped' && template[site.start - 1] === '\\') {
    return [{ title: `Remove the backslash before ${name}`, edits: [del(site.start - 1)], preferred: true }];
  }
  if (code === TOOL_UNSAFE_PLACEHOLDER && site.refusal?.kind === 'after-dollar' && template[site.start - 1] === '$') {
    return [{ title: `Remove the \`$\` before ${name}`, edits: [del(site.start - 1)], preferred: false }];
  }
  return [];
}

/** The quick fix for a control or bidi character at `range`: remove it. */
function characterFix(plane: Plane, range: Range): ToolFix[] {
  const attr = attributeOf(plane, 'tool');
  if (!attr || attr.line !== range.start.line || range.end.line !== range.start.line) return [];
  const template = attr.value.trim();
  const col = offsets(attr);
  for (const m of template.matchAll(TEMPLATE_CHARACTER)) {
    if (col(m.index) !== range.start.character || col(m.index + m[0].length) !== range.end.character) continue;
    return [{ title: `Remove the character U+${m[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`, edits: [{ range, newText: '' }], preferred: true }];
  }
  return [];
}

/**
 * The suggestion for a placeholder under the cursor where a value starting with `-` would be read
 * as an option (Agent Files refuses such values): insert `--` before its argument.
 */
export function toolSuggestions(plane: Plane, range: Range): ToolFix[] {
  const found = siteAt(plane, range, false);
  if (!found || !found.site.optionPosition || found.site.refusal) return [];
  const { ins } = editor(found.attr);
  const name = `{${found.site.name}}`;
  return [{ title: `Insert \`--\` before ${name}, so a value starting with "-" is not read as an option`, edits: [ins(found.site.wordStart, '-- ')], preferred: false }];
}
