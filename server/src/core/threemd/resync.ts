/**
 * Structural edits: a directive line added, removed or renumbered, a fence opened or closed.
 * Every directive line is outside any fence, so the directive scan can restart, exactly, at the
 * last directive before the edit. It stops at the first directive of the previous document,
 * after the edited lines, that the new scan also reaches outside a fence: from there on the
 * lines and the fence state are the old ones, so the old directives hold, moved by the edit's
 * line delta. Whether a plane is a duplicate depends on every plane before it, so that is
 * re-decided along the whole list (only directives whose status flips are read again), and link
 * targets are re-resolved when the set of z values changes.
 */
import { collapseLines, lastAttribute, parseDirective } from './directive';
import { parseFiniteDecimal } from './lexical';
import { isDirectiveLine } from './frontmatter';
import { firstDirectiveFrom, shiftDirective } from './moves';
import { buildPlane, fenceTransition, markDuplicate, mayBeStructural } from './parser';
import type { Directive, Plane, ThreeMdDocument } from './syntax';

/**
 * The document after an edit of lines `first`..`last` (previous numbering) that moved later
 * lines by `delta`. `prev.lines` already holds the new lines; `prev` is consumed. Returns null
 * when no directive is left (the document becomes the single-plane shorthand).
 */
export function resyncDirectives(prev: ThreeMdDocument, first: number, last: number, delta: number, newText: () => string): ThreeMdDocument | null {
  const lines = prev.lines;
  const old = prev.directives;
  // The last directive before the edit (its line and everything above it are unchanged).
  const restart = firstDirectiveFrom(old, first) - 1;
  const scanFrom = restart >= 0 ? old[restart]!.line : prev.preambleStartLine;
  let candidate = firstDirectiveFrom(old, last + 1);
  const found: number[] = [];
  let fence = '';
  let stop = lines.length;
  let keepFrom = old.length;
  for (let i = scanFrom; i < lines.length; i++) {
    while (candidate < old.length && old[candidate]!.line + delta < i) candidate++;
    if (!fence && candidate < old.length && old[candidate]!.line + delta === i) {
      stop = i;
      keepFrom = candidate;
      break;
    }
    const raw = lines[i]!;
    if (!mayBeStructural(raw)) continue;
    const change = fenceTransition(raw, fence);
    if (change !== null) fence = change;
    else if (!fence && isDirectiveLine(raw)) found.push(i);
  }
  const prefix = old.slice(0, Math.max(restart, 0));
  if (prefix.length + found.length + old.length - keepFrom === 0) return null;

  const doc: ThreeMdDocument = { ...prev, getText: newText, change: undefined, revision: prev.revision + 1, shape: {}, directives: [], planes: [] };
  const seen = new Set<number>();
  for (const d of prefix) if (d.plane) seen.add(d.plane.z);
  const directives = prefix;
  found.forEach((line, k) => {
    const d = parseDirective(lines[line]!, line, k + 1 < found.length ? found[k + 1]! : stop);
    const plane = buildPlane(doc, d);
    if (plane) settle(d, plane, seen);
    directives.push(d);
  });
  for (let k = keepFrom; k < old.length; k++) {
    let d = shiftDirective(old[k]!, delta);
    const z = headerZ(d);
    if (z !== null && seen.has(z) !== d.duplicate) {
      // Its duplicate status flips: read it again, as a full parse would.
      d = parseDirective(lines[d.line]!, d.line, d.endLine);
      settle(d, buildPlane(doc, d)!, seen);
    } else if (z !== null) seen.add(z);
    directives.push(d);
  }
  doc.directives = directives;
  doc.planes = directives.flatMap((d) => (d.plane ? [d.plane] : []));
  if (restart < 0) {
    doc.preambleEndLine = directives[0]!.line;
    const pre = collapseLines(lines, doc.preambleStartLine, doc.preambleEndLine);
    doc.preamble = pre ? pre.text : null;
  }
  // The z set in plane order (as a full parse builds it); the old one is kept when equal, so caches keyed on it still hit.
  doc.zs = sameOrder(prev.zs, seen) ? prev.zs : seen;
  const retarget = doc.zs !== prev.zs;
  for (const p of doc.planes) for (const l of p.links) if (retarget || !p.origin) l.targetExists = doc.zs.has(l.targetZ);
  return doc;
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

function sameOrder(a: Set<number>, b: Set<number>): boolean {
  if (a.size !== b.size) return false;
  const it = b.values();
  for (const x of a) if (x !== it.next().value) return false;
  return true;
}
