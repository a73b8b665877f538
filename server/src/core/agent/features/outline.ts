/** Document symbols, folding ranges, document links and the "N links" code lens of a 3md document. */
import { SymbolKind, type DocumentLink, type DocumentSymbol, type FoldingRange } from 'vscode-languageserver-types';
import type { Range } from '../../types';
import type { ThreeMdAnalysis } from '../threemdAnalysis';
import { ownDependencyLinks, skillOf, type Dependency } from '../model';
import type { Plane } from '../../threemd/plane';
import type { Link } from '../../threemd/link';
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

/**
 * What one plane's links and dependencies point at, in the order a lens lists them: each 3md
 * link, then each dependency that is not also a 3md link (both lists are in text order: one merge
 * finds them). The two lists are in one frame (the plane's or its source's own lines): which
 * dependency is a link does not depend on where the plane is.
 */
function eachSource(links: readonly Link[], deps: readonly Dependency[], visit: (z: number, link: Link | null, dep: Dependency | null) => void): void {
  for (const l of links) visit(l.targetZ, l, null);
  let k = 0;
  for (const d of deps) {
    // A link's target starts 4 columns after its `[[`, as a dependency's does: the `[[` are compared.
    while (k < links.length && (links[k]!.line < d.line || (links[k]!.line === d.line && links[k]!.start < d.start))) k++;
    const l = links[k];
    if (l && l.line === d.line && l.start === d.start) continue;
    visit(d.z, null, d);
  }
}

/** Every link source of a document as two parallel lists: the z it points at and the index of its plane, in lens order. */
interface SourceList {
  zs: number[];
  planes: number[];
}

const listOf = new WeakMap<ThreeMdAnalysis, SourceList>();

/**
 * The targets of every link source, made once per analysis from what each plane source already
 * holds (its links and dependencies at its own lines): no range and no per-plane copy is made.
 */
function sourceList(a: ThreeMdAnalysis): SourceList {
  const known = listOf.get(a);
  if (known) return known;
  const list: SourceList = { zs: [], planes: [] };
  const planes = a.doc.planes;
  for (let i = 0; i < planes.length; i++) {
    const p = planes[i]!;
    const push = (z: number) => {
      list.zs.push(z);
      list.planes.push(i);
    };
    // A directive's plane reads its source's lists; the shorthand's implicit plane is read where it is.
    if (p.directive) eachSource(p.source.links, ownDependencyLinks(p), push);
    else eachSource(p.links, skillOf(p).deps, push);
  }
  listOf.set(a, list);
  return list;
}

/**
 * The links pointing at z (what its code lens shows) without finding them for every z: the count from the list of targets, the
 * ranges (the first `LENS_LOCATIONS`) only from the planes that hold them. One code lens resolved
 * in a 200,000-plane document reads one list of numbers and one or two planes.
 */
export function linkSourcesTo(a: ThreeMdAnalysis, z: number): { count: number; ranges: Range[] } | undefined {
  const { zs, planes } = sourceList(a);
  let count = 0;
  const ranges: Range[] = [];
  let read = -1;
  for (let k = 0; k < zs.length; k++) {
    if (zs[k] !== z) continue;
    count++;
    const i = planes[k]!;
    if (i === read || ranges.length >= LENS_LOCATIONS) continue;
    read = i;
    const p = a.doc.planes[i]!;
    eachSource(p.links, skillOf(p).deps, (t, l, d) => {
      if (t === z && ranges.length < LENS_LOCATIONS) ranges.push((l ?? d)!.targetRange);
    });
  }
  return count ? { count, ranges } : undefined;
}
