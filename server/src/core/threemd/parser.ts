/**
 * The tolerant 3md parser: the reference grammar (3md 1.0) with ranges, error recovery and
 * every error reported. `strictResult` gives the reference's own answer (first error or document).
 * A document is made of segments (segment.ts), one per directive-looking line, and a head.
 */
import { lineRange } from '../types';
import { leadingWs, splitLines, trimWs } from '../text/text';
import { isDirectiveLine, scanFrontmatter } from './frontmatter';
import { bareRecord, type Frontmatter, type ParseIssue } from './syntax';
import type { Link } from './link';
import { Directive, Plane, PlaneSource } from './plane';
import { fenceTransition, Segment, type FenceState } from './segment';
import { structureOf, type DocumentStructure, type Head } from './structure';
import type { ThreeMdDocument } from './document';
import { Vec } from './vector';

/** Parses a whole text. Never throws. */
export function parseThreeMd(text: string): ThreeMdDocument {
  const bom = text.charCodeAt(0) === 0xfeff;
  const body = bom ? text.slice(1) : text;
  const hasCr = body.includes('\r');
  const lines = hasCr ? splitLines(body) : body.split('\n');
  // With LF line breaks only, a segment's text is a slice of the text itself rather than a copy.
  let cut: ((first: number, end: number) => string) | undefined;
  if (!hasCr) {
    const starts = new Int32Array(lines.length + 1);
    let at = 0;
    for (let i = 0; i < lines.length; i++) {
      starts[i] = at;
      at += lines[i]!.length + 1;
    }
    starts[lines.length] = at;
    cut = (first, end) => body.slice(starts[first]!, starts[end]! - 1);
  }
  const frontmatter = scanFrontmatter(lines, bom ? 1 : 0);
  const bodyStart = frontmatter.present ? frontmatter.endLine + 1 : 0;
  const cuts: number[] = [];
  for (let i = bodyStart; i < lines.length; i++) if (lines[i]!.charCodeAt(0) === 64 && isDirectiveLine(lines[i]!)) cuts.push(i);
  const headEnd = cuts.length ? cuts[0]! : lines.length;
  // The segments share the line array.
  const head = headOf(new Segment(lines, 0, headEnd, cut?.(0, headEnd)), frontmatter, bodyStart, bom);
  const segments = cuts.map((a, k) => {
    const b = k + 1 < cuts.length ? cuts[k + 1]! : lines.length;
    return new Segment(lines, a, b - a, cut?.(a, b));
  });
  const loneCr = hasCr && /\r(?!\n)/.test(text);
  const structure = structureOf(head, segments);
  if (structure.tops.length === 0) return shorthand(head, lines, text, loneCr);
  return documentOf(structure, () => text, loneCr);
}

/** The head of a document: its frontmatter read, the fence state its preamble leaves. */
export function headOf(segment: Segment, frontmatter: Frontmatter, bodyStart: number, bom: boolean): Head {
  let fence: FenceState = '';
  for (let i = bodyStart; i < segment.lineCount; i++) {
    const change = fenceTransition(segment.line(i), fence);
    if (change !== null) fence = change;
  }
  return { segment, frontmatter, ...interpretFrontmatter(frontmatter), bodyStart, fence, bom };
}

/** Drops leading and trailing blank lines of lines `from`..`to` (exclusive); the text of the rest, or null. */
function collapsed(line: (i: number) => string, from: number, to: number): string | null {
  let a = from;
  let b = to - 1;
  while (a <= b && isBlankText(line(a))) a++;
  while (b >= a && isBlankText(line(b))) b--;
  if (a > b) return null;
  const parts: string[] = [];
  for (let i = a; i <= b; i++) parts.push(line(i));
  return parts.join('\n');
}

function isBlankText(s: string): boolean {
  return leadingWs(s) === s.length;
}

/** Joins lines once, when first asked. */
function lazyLines(make: () => readonly string[]): () => readonly string[] {
  let memo: readonly string[] | undefined;
  return () => (memo ??= make());
}

/** The document without any directive: the single-plane shorthand (one implicit plane z=0). */
function shorthand(head: Head, lines: string[], text: string, loneCr: boolean): ThreeMdDocument {
  const from = head.bodyStart;
  const planes: Plane[] = [];
  const zs = new Set<number>();
  if (collapsed((i) => lines[i]!, from, lines.length) !== null) {
    const source = new PlaneSource([new Segment(['', ...lines.slice(from)])], { z: 0, label: null, x: null, y: null, attributes: bareRecord() });
    zs.add(0);
    planes.push(new Plane(source, from - 1, null, zs, { bom: head.bom }));
  }
  const planeList = Vec.adopt(planes);
  return {
    getText: () => text,
    lines,
    line: (i) => lines[i],
    lineCount: lines.length,
    ...headFields(head),
    preamble: null,
    preambleStartLine: from,
    preambleEndLine: lines.length,
    directiveList: Vec.EMPTY,
    planeList,
    directives: [],
    get planes() {
      return planeList.toArray();
    },
    zs,
    loneCr,
    structure: null,
    memo: {},
  };
}

/** What a new document may take from the one it was re-parsed from: its views before directive `changed`, and after it when nothing moved. */
export interface ViewReuse {
  prev: ThreeMdDocument;
  /** The one directive whose views are made anew (-1: the edit was in the preamble). */
  changed: number;
  /** How far the directives after it moved. */
  delta: number;
}

/** The document of a structure with directives. */
export function documentOf(st: DocumentStructure, text: (() => string) | undefined, loneCr: boolean, reuse?: ViewReuse): ThreeMdDocument {
  const kept = reuse && reuse.changed >= 0 ? keptViews(st, reuse) : null;
  if (kept) return assemble(st, kept.directives, kept.planes, text, loneCr, reuse);
  const directives: Directive[] = [];
  const planes: Plane[] = [];
  for (let t = 0; t < st.tops.length; t++) {
    const d = view(st, t);
    directives.push(d);
    if (d.plane) planes.push(d.plane);
  }
  return assemble(st, Vec.adopt(directives), Vec.adopt(planes), text, loneCr, reuse);
}

/** The most views kept from the previous document that are made anew one by one (more: every view is made anew). */
const MOST_STALE_VIEWS = 64;

/** The most sets other than the document's that kept views may have been made against (each one kept alive by them). */
const MOST_OLD_SETS = 4;

/**
 * The views of a re-parsed document, from the previous one's: those before the edited directive,
 * and after it too when nothing moved (same lines, same directives); the edited directive and the
 * ones after it that moved are made anew. When the z set changed (a z renumbered, a directive
 * added or removed, a fence that swallows planes), a kept view's links resolve against the set it
 * was made with, so it is kept only when each of them finds its target there exactly when it does
 * in the new set. Null when too many views would be made anew one by one.
 */
function keptViews(st: DocumentStructure, reuse: ViewReuse): { directives: Vec<Directive>; planes: Vec<Plane> } | null {
  const prev = reuse.prev;
  const inPlace = reuse.delta === 0 && prev.directiveList.length === st.tops.length;
  const stale = prev.zs === st.zs ? [] : staleViews(st, prev, inPlace ? st.tops.length : reuse.changed);
  if (!stale) return null;
  let directives = prev.directiveList;
  let planes = prev.planeList;
  if (inPlace) {
    if (!stale.includes(reuse.changed)) stale.push(reuse.changed);
  } else {
    const fresh: Directive[] = [];
    const freshPlanes: Plane[] = [];
    for (let t = reuse.changed; t < st.tops.length; t++) {
      const d = view(st, t);
      fresh.push(d);
      if (d.plane) freshPlanes.push(d.plane);
    }
    const firstPlane = planesBefore(prev.planeList, prev.directiveList.get(reuse.changed)!.line);
    directives = Vec.kept(prev.directiveList, reuse.changed, fresh);
    planes = Vec.kept(prev.planeList, firstPlane, freshPlanes);
  }
  for (const t of stale) {
    const d = view(st, t);
    // Whether a directive makes a plane is the same for a kept one (its duplicate verdict holds: structure.ts).
    if ((d.plane === null) !== (directives.get(t)!.plane === null)) return null;
    if (d.plane) planes = planes.with(planesBefore(planes, d.line), d.plane);
    directives = directives.with(t, d);
  }
  return { directives, planes };
}

/**
 * Which of the previous document's first `n` views cannot be kept under the new z set: those
 * whose plane has a link that resolves otherwise in it, or was made against a set beyond the few
 * that kept views may hold on to. Null when there are more than `MOST_STALE_VIEWS`.
 */
function staleViews(st: DocumentStructure, prev: ThreeMdDocument, n: number): number[] | null {
  const sets: ReadonlySet<number>[] = [];
  const out: number[] = [];
  for (let t = 0; t < n; t++) {
    const plane = prev.directiveList.get(t)!.plane;
    if (!plane || plane.zs === st.zs) continue;
    let known = sets.includes(plane.zs);
    if (!known && sets.length < MOST_OLD_SETS) {
      sets.push(plane.zs);
      known = true;
    }
    if (!known || !resolvesAlike(plane, st.zs)) {
      out.push(t);
      if (out.length > MOST_STALE_VIEWS) return null;
    }
  }
  return out;
}

/** Whether each link of a plane finds its target in `zs` exactly when it does in the set its view was made with. */
function resolvesAlike(plane: Plane, zs: ReadonlySet<number>): boolean {
  for (const l of plane.source.links) if (plane.zs.has(l.targetZ) !== zs.has(l.targetZ)) return false;
  return true;
}

/** How many of `planes` (in line order) start before `line`. */
function planesBefore(planes: Vec<Plane>, line: number): number {
  let lo = 0;
  let hi = planes.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (planes.get(mid)!.line < line) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The view of directive `t` of a structure, with its plane unless it is rejected or a duplicate. */
function view(st: DocumentStructure, t: number): Directive {
  const { tops, starts, sources, duplicate, zs } = st;
  const k = tops[t]!;
  const line = starts[k]!;
  const end = t + 1 < tops.length ? starts[tops[t + 1]!]! : st.lineCount;
  const d = new Directive(st.segments.get(k)!, line, end, duplicate[t] === 1);
  const src = sources.get(t);
  if (src && !d.duplicate) d.plane = new Plane(src, line, d, zs);
  return d;
}

function assemble(st: DocumentStructure, directives: Vec<Directive>, planes: Vec<Plane>, text: (() => string) | undefined, loneCr: boolean, reuse?: ViewReuse): ThreeMdDocument {
  const { head, tops, starts, zs } = st;
  const preambleEnd = starts[tops[0]!]!;
  // An edit within a directive's span leaves the lines before the first directive as they were.
  const keepPreamble = reuse && reuse.changed >= 0 && reuse.prev.preambleEndLine === preambleEnd;
  const line = (i: number) => st.line(i);
  const all = lazyLines(() => {
    const out = head.segment.lines.slice();
    for (const s of st.segments) for (let i = 0; i < s.lineCount; i++) out.push(s.line(i));
    return out;
  });
  let joined: string | undefined;
  return {
    getText: text ?? (() => (joined ??= (head.bom ? '\uFEFF' : '') + all().join('\n'))),
    get lines() {
      return all();
    },
    line,
    lineCount: st.lineCount,
    ...headFields(head),
    preamble: keepPreamble ? reuse.prev.preamble : collapsed((i) => st.line(i)!, head.bodyStart, preambleEnd),
    preambleStartLine: head.bodyStart,
    preambleEndLine: preambleEnd,
    directiveList: directives,
    planeList: planes,
    get directives() {
      return directives.toArray();
    },
    get planes() {
      return planes.toArray();
    },
    zs,
    loneCr,
    structure: st,
    memo: {},
  };
}

function interpretFrontmatter(fm: Frontmatter): Pick<ThreeMdDocument, 'version' | 'axis' | 'title' | 'metadata' | 'headIssues'> {
  const metadata: Record<string, string> = bareRecord();
  let version: string | null = null;
  let axis = 'layer';
  let title: string | null = null;
  for (const f of fm.fields) {
    const k = f.key.toLowerCase();
    if (k === '3md') version = f.value;
    else if (k === 'axis') axis = trimWs(f.value).toLowerCase();
    else if (k === 'title') title = f.value;
    else metadata[f.key] = f.value;
  }
  const headIssues = [...fm.issues];
  if (fm.present && !version) {
    const r = lineRange(fm.openLine, 0, 3);
    const versionField = fm.fields.filter((f) => f.key.toLowerCase() === '3md').pop();
    headIssues.push({
      code: 'missingVersion',
      message: "Frontmatter is missing the required '3md' version key.",
      range: versionField ? versionField.valueRange : r,
    });
  }
  return { version, axis, title, metadata, headIssues };
}

/** Every issue in the reference's order: frontmatter, version, then directives by line. */
export function documentIssues(doc: ThreeMdDocument): ParseIssue[] {
  const out = [...doc.headIssues];
  for (const d of doc.directives) for (const x of d.issues) out.push(x);
  return out;
}

/** Every link, planes in source order, then left to right. */
export function documentLinks(doc: ThreeMdDocument): Link[] {
  return doc.planes.flatMap((p) => p.links);
}

/** The plane whose span contains `line`, if any (binary search over directive lines). */
export function directiveAtLine(doc: ThreeMdDocument, line: number): Directive | undefined {
  const ds = doc.directiveList;
  let lo = 0;
  let hi = ds.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const d = ds.get(mid)!;
    if (line < d.line) hi = mid - 1;
    else if (line >= d.endLine) lo = mid + 1;
    else return d;
  }
  return undefined;
}

/** What a document shows of its head (the frontmatter's reading and the BOM). */
function headFields(head: Head): Pick<ThreeMdDocument, 'bom' | 'frontmatter' | 'version' | 'axis' | 'title' | 'metadata' | 'headIssues'> {
  return { bom: head.bom, frontmatter: head.frontmatter, version: head.version, axis: head.axis, title: head.title, metadata: head.metadata, headIssues: head.headIssues };
}
