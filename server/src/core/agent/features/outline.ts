/** Document symbols, folding ranges, document links and the "N links" code lens of a 3md document. */
import { SymbolKind, type CodeLens, type DocumentLink, type DocumentSymbol, type FoldingRange } from 'vscode-languageserver-types';
import type { Range } from '../../types';
import type { ThreeMdAnalysis } from '../../threemdAnalysis';
import { skillOf } from '../model';
import type { Plane } from '../../threemd/plane';
import { planeDeclarationRange } from './navigation';

function planeExtent(a: ThreeMdAnalysis, p: Plane): Range {
  const start = planeDeclarationRange(p).start;
  let last = p.endLine - 1;
  while (last > start.line && !a.doc.line(last)!.trim()) last--;
  return { start, end: { line: last, character: a.doc.line(last)?.length ?? 0 } };
}

export function documentSymbols(a: ThreeMdAnalysis): DocumentSymbol[] {
  const out: DocumentSymbol[] = [];
  for (const p of a.doc.planes) {
    const isIdentity = a.isAgent && p === a.model.identity;
    const skill = skillOf(p);
    const name = p.label?.trim() || (a.isAgent && !isIdentity ? skill.name : `z=${p.z}`);
    const detail = a.isAgent ? (isIdentity ? `identity · z=${p.z}` : `z=${p.z}${skill.triggers.length ? ' · ' + skill.triggers.map((t) => t.text).join(', ') : ''}`) : `z=${p.z}`;
    const range = planeExtent(a, p);
    out.push({
      name,
      detail,
      kind: isIdentity ? SymbolKind.Class : a.isAgent ? SymbolKind.Function : SymbolKind.Namespace,
      range,
      selectionRange: p.directive ? p.directive.keywordRange : range,
    });
  }
  return out;
}

export function foldingRanges(a: ThreeMdAnalysis): FoldingRange[] {
  const out: FoldingRange[] = [];
  const fm = a.doc.frontmatter;
  if (fm.present && fm.endLine > fm.openLine) out.push({ startLine: fm.openLine, endLine: fm.endLine });
  for (const p of a.doc.planes) {
    if (!p.directive) continue;
    const end = planeExtent(a, p).end.line;
    if (end > p.directive.line) out.push({ startLine: p.directive.line, endLine: end });
  }
  return out;
}

/** `[[z=N]]` links to existing planes, as document links to the plane's line (`file#L<n>`). */
export function documentLinks(a: ThreeMdAnalysis, uri: string): DocumentLink[] {
  const out: DocumentLink[] = [];
  const byZ = new Map(a.doc.planes.map((p) => [p.z, p] as const));
  for (const p of a.doc.planes) {
    for (const l of p.links) {
      const target = byZ.get(l.targetZ);
      if (!target) continue;
      const line = planeDeclarationRange(target).start.line + 1;
      out.push({ range: l.range, target: `${uri}#L${line}`, tooltip: `Go to ${target.label ?? `plane z=${target.z}`} (z=${target.z})` });
    }
  }
  return out;
}

/** How many link locations one "N links" lens carries (the count in its title is the full one). */
export const LENS_LOCATIONS = 1000;

/** Which links point at each z: how many, and where the first `LENS_LOCATIONS` are. */
export type LinkSources = Map<number, { count: number; ranges: Range[] }>;

const sourcesOf = new WeakMap<ThreeMdAnalysis, LinkSources>();

/**
 * The links pointing at each z, made once per analysis: one pass over every link, so a document
 * of any size costs linear time.
 */
export function linkSources(a: ThreeMdAnalysis): LinkSources {
  const known = sourcesOf.get(a);
  if (known) return known;
  const sources: LinkSources = new Map();
  const add = (z: number, r: Range) => {
    const entry = sources.get(z);
    if (!entry) sources.set(z, { count: 1, ranges: [r] });
    else if (entry.count++ < LENS_LOCATIONS) entry.ranges.push(r);
  };
  const before = (x: Range, y: Range) => x.start.line < y.start.line || (x.start.line === y.start.line && x.start.character < y.start.character);
  for (const p of a.doc.planes) {
    for (const l of p.links) add(l.targetZ, l.targetRange);
    // A dependency that is not also a 3md link (both lists are in text order: one merge finds them).
    const links = p.links;
    let k = 0;
    for (const d of skillOf(p).deps) {
      while (k < links.length && before(links[k]!.targetRange, d.targetRange)) k++;
      const l = links[k];
      if (l && l.targetRange.start.line === d.targetRange.start.line && l.targetRange.start.character === d.targetRange.start.character) continue;
      add(d.z, d.targetRange);
    }
  }
  sourcesOf.set(a, sources);
  return sources;
}

/** "N links" above each plane, with where the links are (the first `LENS_LOCATIONS`). The command is filled in by the server. */
export function linkCounts(a: ThreeMdAnalysis): { plane: Plane; count: number; lens: CodeLens; sources: Range[] }[] {
  const sources = linkSources(a);
  return a.doc.planes
    .filter((p) => p.directive)
    .map((p) => {
      const from = sources.get(p.z);
      return { plane: p, count: from?.count ?? 0, lens: { range: p.directive!.keywordRange }, sources: from?.ranges ?? [] };
    });
}
