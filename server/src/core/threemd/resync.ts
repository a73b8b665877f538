/**
 * Structural edits: a directive line added, removed or renumbered, a fence opened or closed.
 * Every directive line is outside any fence, so the directive scan can restart, exactly, at the
 * last directive before the edit. It stops at the first directive of the previous document,
 * after the edited lines, that the new scan also reaches outside a fence: from there on the
 * lines and the fence state are the old ones, so the old directives hold, moved by the edit's
 * line delta. Whether a plane is a duplicate depends on every plane before it: when each z the
 * edit removed or added is held by at most one directive before and after, no other directive's
 * status can change; otherwise it is re-decided along the whole list.
 */
import { collapseLines, lastAttribute, parseDirective, type BodySource } from './directive';
import { parseFiniteDecimal } from './lexical';
import { isDirectiveLine } from './frontmatter';
import { bury, revive } from './dropped';
import { BodyPieces, EditedBody, LONG_BODY } from './pieces';
import { firstDirectiveFrom, firstPlaneFrom, shiftDirective } from './moves';
import { buildPlane, fenceTransition, markDuplicate } from './parser';
import { firstMarkFrom } from './marks';
import type { Directive, Plane, ThreeMdDocument } from './syntax';
import { spliced } from '../planeTable';

/**
 * The document after an edit of lines `first`..`last` (previous numbering) that moved later
 * lines by `delta`. `prev.lines` already holds the new lines; `prev` is consumed. Returns null
 * when no directive is left (the document becomes the single-plane shorthand).
 */
export function resyncDirectives(prev: ThreeMdDocument, first: number, last: number, delta: number, newText: () => string, edit?: InsertedLines): ThreeMdDocument | null {
  const lines = prev.lines;
  const old = prev.directives;
  // The last directive before the edit (its line and everything above it are unchanged).
  const restart = firstDirectiveFrom(old, first) - 1;
  const from = Math.max(restart, 0);
  const scanFrom = restart >= 0 ? old[restart]!.line : prev.preambleStartLine;
  let candidate = firstDirectiveFrom(old, last + 1);
  const found: number[] = [];
  let fence = '';
  let stop = lines.length;
  let keepFrom = old.length;
  // Only marked lines can open or close a fence or hold a directive, and every old directive line is marked.
  const marks = prev.marks;
  for (let m = firstMarkFrom(marks, scanFrom); m < marks.length; m++) {
    const i = marks[m]!;
    while (candidate < old.length && old[candidate]!.line + delta < i) candidate++;
    if (!fence && candidate < old.length && old[candidate]!.line + delta === i) {
      stop = i;
      keepFrom = candidate;
      break;
    }
    const raw = lines[i]!;
    const change = fenceTransition(raw, fence);
    if (change !== null) fence = change;
    else if (!fence && isDirectiveLine(raw)) found.push(i);
  }
  if (from + found.length + old.length - keepFrom === 0) return null;

  const doc: ThreeMdDocument = { ...prev, getText: newText, splice: undefined, revision: prev.revision + 1, shape: {}, directives: [], planes: [] };
  // Planes an earlier edit dropped come back as they were when their lines are the same again.
  const revived = new Set<Directive>();
  const ends = found.map((line, k) => (k + 1 < found.length ? found[k + 1]! : stop));
  // A long new span may hold whole planes of the old document (a fence swallowed their directives).
  const pieces = ends.some((end, k) => end - found[k]! > LONG_BODY) ? swallowed(doc, prev, from, keepFrom, last, delta) : undefined;
  const fresh = found.map((line, k) => {
    const again = revive(prev.dropped, lines, line, ends[k]!);
    if (again) {
      revived.add(again);
      return again;
    }
    // The directive before the edit keeps its span: its long body is the old one with the edit.
    const own = k === 0 && restart >= 0 && edit ? editedSpan(prev.directives[restart]!, line, ends[k]!, first, last, delta) : undefined;
    return parsed(doc, line, ends[k]!, own ? new EditedBody(doc, own, first, last - first + 1, edit!.inserted, edit!.removedChars) : pieces);
  });
  const counts = prev.zCount ?? countZs(old);
  const touched = recount(counts, old, from, keepFrom, fresh);
  doc.zCount = counts;
  let simple = true;
  for (const [z, before] of touched) if (before > 1 || (counts.get(z) ?? 0) > 1) simple = false;
  doc.dropped = bury(prev, from, keepFrom, last, delta, lines);
  if (simple) spliceDirectives(doc, prev, from, keepFrom, fresh, delta, touched);
  else {
    // Duplicates are decided again, on directives of this document's own.
    for (let k = 0; k < fresh.length; k++) if (revived.has(fresh[k]!)) fresh[k] = parsed(doc, fresh[k]!.line, fresh[k]!.endLine);
    redecide(doc, prev, from, keepFrom, fresh, delta);
  }
  if (restart < 0) {
    doc.preambleEndLine = doc.directives[0]!.line;
    const pre = collapseLines(lines, doc.preambleStartLine, doc.preambleEndLine);
    doc.preamble = pre ? pre.text : null;
  }
  doc.linkTargets.zs = doc.zs;
  return doc;
}

/** The directive on `line`, parsed, with its plane (not yet checked for duplicates). */
function parsed(doc: ThreeMdDocument, line: number, end: number, source?: BodySource): Directive {
  const d = parseDirective(doc.lines[line]!, line, end);
  d.plane = buildPlane(doc, d, source);
  return d;
}

/** The lines an edit put in place of lines `first`..`last`: how many, and the removed lines' length (line breaks included). */
export interface InsertedLines {
  inserted: number;
  removedChars: number;
}

/** The plane of directive `d` when it is found again on `line` with the same (long) span, the edit within its body text. */
function editedSpan(d: Directive, line: number, end: number, first: number, last: number, delta: number): Plane | undefined {
  if (!d.plane || d.line !== line || d.endLine + delta !== end || end - line <= LONG_BODY) return undefined;
  return EditedBody.fits(d.plane, first, last - first + 1) ? d.plane : undefined;
}

/** The old planes of directives `from`..`to` whose lines the edit left as they were (after line `last`). */
function swallowed(doc: ThreeMdDocument, prev: ThreeMdDocument, from: number, to: number, last: number, delta: number): BodyPieces {
  const pieces = new BodyPieces(doc, delta);
  for (let k = from; k < to; k++) {
    const d = prev.directives[k]!;
    if (d.plane && d.line > last) pieces.add(d.plane);
  }
  return pieces;
}

/** How many directives have each z (`headerZ`). */
function countZs(directives: Directive[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const d of directives) {
    const z = headerZ(d);
    if (z !== null) counts.set(z, (counts.get(z) ?? 0) + 1);
  }
  return counts;
}

/**
 * Updates the counts for directives `from`..`to` of `old` replaced by `fresh`; returns each z
 * the edit removed or added with how many directives had it before the edit.
 */
function recount(counts: Map<number, number>, old: Directive[], from: number, to: number, fresh: Directive[]): Map<number, number> {
  const touched = new Map<number, number>();
  const touch = (z: number, by: number) => {
    const n = counts.get(z) ?? 0;
    // The first touch of a z sees its count ahead of the edit.
    if (!touched.has(z)) touched.set(z, n);
    if (n + by === 0) counts.delete(z);
    else counts.set(z, n + by);
  };
  for (let k = from; k < to; k++) {
    const z = headerZ(old[k]!);
    if (z !== null) touch(z, -1);
  }
  for (const d of fresh) if (d.plane) touch(d.plane.z, 1);
  return touched;
}

/**
 * Every z the edit touched is held by at most one directive before and after it, so no other
 * directive changes status: the new directives hold their planes, later ones only move, and
 * the change is recorded as a splice of the plane array.
 */
function spliceDirectives(doc: ThreeMdDocument, prev: ThreeMdDocument, from: number, keepFrom: number, fresh: Directive[], delta: number, touched: Map<number, number>): void {
  const old = prev.directives;
  // The planes held by the directives before `from` are those whose body starts up to its line.
  const at = from < old.length ? firstPlaneFrom(prev.planes, old[from]!.line + 1) : prev.planes.length;
  let removed = 0;
  for (let k = from; k < keepFrom; k++) if (old[k]!.plane) removed++;
  const freshPlanes: Plane[] = [];
  for (const d of fresh) if (d.plane) freshPlanes.push(d.plane);
  const added = freshPlanes.length;
  if (delta === 0) {
    // Nothing moves: the arrays are spliced (copies of the old ones, no directive is touched).
    doc.directives = spliced(old, from, keepFrom - from, fresh);
    doc.planes = spliced(prev.planes, at, removed, freshPlanes);
  } else {
    const directives = old.slice(0, from).concat(fresh);
    const planes = prev.planes.slice(0, at).concat(freshPlanes);
    for (let k = keepFrom; k < old.length; k++) {
      const d = shiftDirective(old[k]!, delta);
      directives.push(d);
      if (d.plane) planes.push(d.plane);
    }
    doc.directives = directives;
    doc.planes = planes;
  }
  // The z set changes when a z lost its last holder or gained its first.
  let zs: Set<number> | undefined;
  const zsChanged: number[] = [];
  for (const [z, before] of touched) {
    const now = doc.zCount!.has(z);
    if (now === before > 0) continue;
    zs ??= new Set(prev.zs);
    if (now) zs.add(z);
    else zs.delete(z);
    zsChanged.push(z);
  }
  if (zs) doc.zs = zs;
  doc.splice = {
    base: prev.planes,
    revision: prev.revision,
    shape: prev.shape,
    zsChanged,
    at,
    removed,
    added,
    lines: delta,
    directives: { at: from, removed: keepFrom - from, added: fresh.length },
  };
}

/** Some z is shared: duplicates are re-decided along the whole list (only flipped directives are read again). */
function redecide(doc: ThreeMdDocument, prev: ThreeMdDocument, from: number, keepFrom: number, fresh: Directive[], delta: number): void {
  const old = prev.directives;
  const seen = new Set<number>();
  const directives = old.slice(0, from);
  for (const d of directives) if (d.plane) seen.add(d.plane.z);
  for (const d of fresh) {
    if (d.plane) settle(d, d.plane, seen);
    directives.push(d);
  }
  for (let k = keepFrom; k < old.length; k++) {
    let d = shiftDirective(old[k]!, delta);
    const z = headerZ(d);
    if (z !== null && seen.has(z) !== d.duplicate) {
      // Its duplicate status flips: read it again, as a full parse would.
      d = parseDirective(doc.lines[d.line]!, d.line, d.endLine);
      settle(d, buildPlane(doc, d)!, seen);
    } else if (z !== null) seen.add(z);
    directives.push(d);
  }
  const planes: Plane[] = [];
  for (const d of directives) if (d.plane) planes.push(d.plane);
  doc.directives = directives;
  doc.planes = planes;
  // The old set is kept when equal, so caches keyed on it still hit.
  doc.zs = sameSet(prev.zs, seen) ? prev.zs : seen;
}

/** Attaches the plane, or marks the directive a duplicate of an earlier z. */
function settle(d: Directive, plane: Plane, seen: Set<number>): void {
  if (seen.has(plane.z)) markDuplicate(d, plane.z);
  else {
    seen.add(plane.z);
    d.plane = plane;
  }
}

/** The z a directive's plane has (duplicates included), or null when the directive was rejected. */
export function headerZ(d: Directive): number | null {
  if (d.plane) return d.plane.z;
  if (!d.duplicate) return null;
  const z = lastAttribute(d, 'z');
  return z ? parseFiniteDecimal(z.value) : null;
}

function sameSet(a: ReadonlySet<number>, b: ReadonlySet<number>): boolean {
  if (a.size !== b.size) return false;
  for (const x of a) if (!b.has(x)) return false;
  return true;
}
