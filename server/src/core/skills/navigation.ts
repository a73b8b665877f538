/** SKILL.md go to definition, document links and the outline. */
import { SymbolKind, type DocumentLink, type DocumentSymbol, type Location } from 'vscode-languageserver-types';
import type { IWorkspaceHost } from '../workspace/host';
import { splitLines } from '../text/text';
import { rangeContains, type Position, type Range } from '../types';
import { parseYamlFrontmatter, type YamlFrontmatter } from '../text/yamlFrontmatter';
import { headingAnchors, scanMarkdown, type MdHeading } from './markdown';
import { skillDirOf } from './paths';
import { AnchorCache, collectReferences, type SkillReference } from './references';

/**
 * What navigation reads from one version of a SKILL.md: its frontmatter split at the closing line
 * and its file references. The server caches one per document version, so go to definition
 * (asked on every ctrl-hover), document links and the outline parse the text once between them.
 * Built whether or not the frontmatter is valid YAML: navigation works in a file with errors.
 */
export interface SkillNavigation {
  readonly text: string;
  readonly uri: string;
  readonly frontmatter: YamlFrontmatter;
  readonly references: readonly SkillReference[];
}

export function skillNavigation(text: string, uri: string): SkillNavigation {
  const fm = parseYamlFrontmatter(text, { split: 'lines' });
  const license = fm.entries.find((e) => e.key === 'license');
  const references = collectReferences(
    text,
    fm.closed ? fm.bodyStartLine : 0,
    skillDirOf(uri),
    license && typeof license.value === 'string' ? { value: license.value, range: license.valueRange } : undefined,
  );
  return Object.freeze({ text, uri, frontmatter: fm, references: Object.freeze(references) });
}

function headingLocation(uri: string, h: MdHeading | undefined): Location {
  const at = h ? h.range : { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
  return { uri, range: at };
}

/** Anchors of a reference's target; the cache keeps this linear when many links share a target. */
function anchorsOf(text: string, r: SkillReference, cache: AnchorCache, own: { map?: Map<string, MdHeading> }): Map<string, MdHeading> | undefined {
  if (r.path === '') return (own.map ??= headingAnchors(text));
  return r.uri ? cache.get(r.uri) : undefined;
}

/** Go to definition on a file reference (and to the heading for `#fragment`). */
export function skillDefinition(nav: SkillNavigation, position: Position, host: IWorkspaceHost): Location | null {
  const { text, uri } = nav;
  const r = nav.references.find((x) => rangeContains(x.range, position));
  if (!r || r.escapes) return null;
  const target = r.path === '' ? uri : r.uri;
  if (!target) return null;
  if (r.path !== '' && !host.exists(target)) return null;
  const h = r.fragment ? anchorsOf(text, r, new AnchorCache(host), {})?.get(r.fragment.toLowerCase()) : undefined;
  return headingLocation(target, h);
}

/** Links for every reference whose target exists (bare paths only then, never as errors). */
export function skillDocumentLinks(nav: SkillNavigation, host: IWorkspaceHost): DocumentLink[] {
  const { text, uri } = nav;
  const out: DocumentLink[] = [];
  const cache = new AnchorCache(host);
  const own: { map?: Map<string, MdHeading> } = {};
  const known = new Map<string, boolean>();
  for (const r of nav.references) {
    if (r.escapes) continue;
    const target = r.path === '' ? uri : r.uri;
    if (!target) continue;
    if (r.path !== '') {
      if (!known.has(target)) known.set(target, host.exists(target));
      if (!known.get(target)) continue;
    }
    const h = r.fragment ? anchorsOf(text, r, cache, own)?.get(r.fragment.toLowerCase()) : undefined;
    out.push({ range: r.range, target: h ? `${target}#L${h.line + 1}` : target, tooltip: r.path || `#${r.fragment ?? ''}` });
  }
  return out;
}

/** The outline: the skill (with its frontmatter keys) and the body's headings as a tree. */
export function skillDocumentSymbols(nav: SkillNavigation): DocumentSymbol[] {
  const { text, frontmatter: fm } = nav;
  const lines = splitLines(text);
  const out: DocumentSymbol[] = [];
  if (fm.present) {
    const endLine = fm.closeRange ? fm.closeRange.end.line : lines.length - 1;
    const range: Range = { start: { line: 0, character: 0 }, end: { line: endLine, character: (lines[endLine] ?? '').length } };
    const name = fm.entries.find((e) => e.key === 'name');
    const desc = fm.entries.find((e) => e.key === 'description');
    const sym: DocumentSymbol = {
      name: typeof name?.value === 'string' && name.value.trim() ? name.value.trim() : 'SKILL.md',
      kind: SymbolKind.Package,
      range,
      selectionRange: name?.valueRange ?? fm.openRange,
      children: fm.entries.map((e) => ({ name: e.key, kind: SymbolKind.Property, range: e.pairRange, selectionRange: e.keyRange })),
    };
    if (typeof desc?.value === 'string') sym.detail = desc.value.length > 80 ? desc.value.slice(0, 79) + '…' : desc.value;
    out.push(sym);
  }
  for (const x of headingTree(scanMarkdown(text, fm.closed ? fm.bodyStartLine : 0).headings, lines)) out.push(x);
  return out;
}

/** Nests headings by level; each section runs to the line before the next heading of the same or a higher level. */
export function headingTree(headings: MdHeading[], lines: string[]): DocumentSymbol[] {
  const roots: DocumentSymbol[] = [];
  const stack: { level: number; sym: DocumentSymbol }[] = [];
  const last = Math.max(0, lines.length - 1);
  const close = (sym: DocumentSymbol, line: number): void => {
    const l = Math.max(sym.range.start.line, line);
    sym.range = { start: sym.range.start, end: { line: l, character: (lines[l] ?? '').length } };
  };
  for (const h of headings) {
    while (stack.length && stack[stack.length - 1]!.level >= h.level) close(stack.pop()!.sym, h.line - 1);
    const sym: DocumentSymbol = { name: h.text || '#', kind: SymbolKind.String, range: h.range, selectionRange: h.range, children: [] };
    if (stack.length) stack[stack.length - 1]!.sym.children!.push(sym);
    else roots.push(sym);
    stack.push({ level: h.level, sym });
  }
  while (stack.length) close(stack.pop()!.sym, last);
  return roots;
}
