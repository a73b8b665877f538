/**
 * Incremental re-parse. An edit inside one plane's body (or the preamble) that neither adds nor
 * removes a fence or directive line re-reads only that plane; an edit of a directive line that
 * keeps its z re-reads only that directive. Other edits after the frontmatter re-scan for
 * directives from the last one before the edit until the old ones line up again (resync.ts).
 * The frontmatter, a BOM and lone CRs fall back to a full parse.
 * The previous document is consumed: its line array is reused.
 */
import type { TextEdit } from '../types';
import { applyEdit, splitLines } from '../text';
import { collapseLines, parseDirective, type BodySource } from './directive';
import { EditedBody, LONG_BODY } from './pieces';
import { firstDirectiveFrom, firstPlaneFrom, shiftDirective } from './moves';
import { headerZ, resyncDirectives } from './resync';
import { spliceMarks } from './marks';
import { isDirectiveLine } from './frontmatter';
import { buildPlane, directiveAtLine, isStructuralLine, markDuplicate, parseThreeMd } from './parser';
import type { Directive, Plane, PlaneSplice, ThreeMdDocument } from './syntax';

/** Statistics for tests and the benchmark: which path the last reparse took. */
export const reparseStats = { full: 0, body: 0, directive: 0, preamble: 0, structural: 0 };

/**
 * Applies one edit. `newText` (the whole text after the edit) may be omitted: the incremental
 * paths never need it, and the full path then applies the edit to the previous text itself.
 */
export function reparse(prev: ThreeMdDocument, edit: TextEdit, newText?: string): ThreeMdDocument {
  // Fast paths keep the text as lines; a given text is kept as is (never a chain of closures).
  const fast = tryIncremental(prev, edit, newText === undefined ? undefined : () => newText);
  if (fast) return fast;
  reparseStats.full++;
  return parseThreeMd(newText ?? applyEdit(prev.getText(), edit));
}

/** Text of a document from its current lines (LF breaks, BOM restored), computed once when asked. */
function textFromLines(lines: string[], bom: boolean): () => string {
  let memo: string | undefined;
  return () => (memo ??= (bom ? '\uFEFF' : '') + lines.join('\n'));
}

function tryIncremental(prev: ThreeMdDocument, edit: TextEdit, given: (() => string) | undefined): ThreeMdDocument | null {
  const newText = given ?? textFromLines(prev.lines, prev.bom);
  const fm = prev.frontmatter;
  if (prev.bom || prev.loneCr || edit.text.includes('\r') || fm.closeLine === null || prev.directives.length === 0) return null;
  const { start, end } = edit.range;
  const lines = prev.lines;
  if (start.line <= fm.endLine || end.line >= lines.length || end.line < start.line) return null;
  const first = lines[start.line]!;
  const last = lines[end.line]!;
  if (start.character > first.length || end.character > last.length || (start.line === end.line && end.character < start.character)) return null;
  const replaced = splitLines(first.slice(0, start.character) + edit.text + last.slice(end.character));
  const oldCount = end.line - start.line + 1;

  const firstDirective = prev.directives[0]!;
  const delta = replaced.length - oldCount;
  let removedChars = 0;
  for (let i = start.line; i <= end.line; i++) removedChars += lines[i]!.length + 1;
  const structural = () => {
    spliceLines(prev, start.line, oldCount, replaced);
    reparseStats.structural++;
    return resyncDirectives(prev, start.line, end.line, delta, newText, { inserted: replaced.length, removedChars }) ?? parseThreeMd(newText());
  };
  if (start.line === end.line && replaced.length === 1 && start.line >= firstDirective.line) {
    const d = directiveAtLine(prev, start.line);
    if (d && d.line === start.line) return directiveEdit(prev, d, replaced[0]!, newText) ?? structural();
  }
  for (let i = start.line; i <= end.line; i++) if (isStructuralLine(lines[i]!)) return structural();
  for (const l of replaced) if (isStructuralLine(l)) return structural();

  if (end.line < firstDirective.line) {
    spliceLines(prev, start.line, oldCount, replaced);
    reparseStats.preamble++;
    const doc: ThreeMdDocument = { ...prev, getText: newText, splice: undefined, revision: prev.revision + 1, preambleEndLine: prev.preambleEndLine + delta };
    const pre = collapseLines(lines, doc.preambleStartLine, doc.preambleEndLine);
    doc.preamble = pre ? pre.text : null;
    if (delta !== 0) {
      doc.directives = prev.directives.map((x) => shiftDirective(x, delta));
      doc.planes = planesOf(doc.directives);
    }
    doc.splice = spliceOf(prev, 0, 0, delta, 0, 0);
    return doc;
  }
  const d = directiveAtLine(prev, start.line);
  if (!d || start.line <= d.line || end.line >= d.endLine) return structural();
  // A long body is cut from the old one around the edit rather than joined from every line.
  const long = d.plane && d.endLine - d.line > LONG_BODY && EditedBody.fits(d.plane, start.line, oldCount);
  spliceLines(prev, start.line, oldCount, replaced);
  reparseStats.body++;
  const doc: ThreeMdDocument = { ...prev, getText: newText, splice: undefined, revision: prev.revision + 1 };
  const at = firstDirectiveFrom(prev.directives, d.line);
  const source = long ? new EditedBody(doc, d.plane!, start.line, oldCount, replaced.length, removedChars) : undefined;
  const fresh = reread(doc, lines[d.line]!, d, d.endLine + delta, source);
  // The directive keeps its status (a duplicate stays one), so it holds a plane when it did.
  const index = d.plane ? firstPlaneFrom(prev.planes, d.plane.bodyStartLine) : 0;
  const n = d.plane ? 1 : 0;
  doc.splice = spliceOf(prev, index, n, delta, at, 1);
  if (delta === 0) {
    // Typing within lines: one directive and one plane change places; nothing moves. The
    // arrays are the consumed previous document's, updated where they are (no copy per keystroke).
    doc.directives[at] = fresh;
    if (d.plane) doc.planes[index] = fresh.plane!;
    return doc;
  }
  doc.directives = prev.directives.map((x, i) => (i < at ? x : i === at ? fresh : shiftDirective(x, delta)));
  doc.planes = planesOf(doc.directives);
  return doc;
}

/** A directive line edited in place: cheap when its plane keeps the same z (or stays rejected). */
function directiveEdit(prev: ThreeMdDocument, d: Directive, line: string, newText: () => string): ThreeMdDocument | null {
  if (!isDirectiveLine(line)) return null;
  const probe = { ...prev, lines: prev.lines };
  const fresh = reread(probe, line, d, d.endLine);
  // Same z (and same validity) keeps the plane set, so duplicate status and link targets hold.
  if (headerZ(d) !== headerZ(fresh)) return null;
  prev.lines[d.line] = line;
  reparseStats.directive++;
  const doc: ThreeMdDocument = { ...prev, getText: newText, splice: undefined, revision: prev.revision + 1, shape: {} };
  const at = firstDirectiveFrom(prev.directives, d.line);
  const index = d.plane ? firstPlaneFrom(prev.planes, d.plane.bodyStartLine) : 0;
  doc.splice = spliceOf(prev, index, d.plane ? 1 : 0, 0, at, 1);
  doc.directives = prev.directives.slice();
  doc.directives[at] = fresh;
  doc.planes = prev.planes.slice();
  if (d.plane) doc.planes[index] = fresh.plane!;
  return doc;
}

/** Re-reads one directive and its body; keeps its duplicate status (z is known not to change). */
function reread(doc: ThreeMdDocument, line: string, old: Directive, endLine: number, source?: BodySource): Directive {
  const fresh = parseDirective(line, old.line, endLine);
  const saved = doc.lines[old.line];
  doc.lines[old.line] = line;
  const plane = buildPlane(doc, fresh, source);
  doc.lines[old.line] = saved!;
  if (plane && old.duplicate) markDuplicate(fresh, plane.z);
  else fresh.plane = plane;
  return fresh;
}

/** The splice of an edit that replaced `count` planes at `at` (and one directive at `directive`, or none) and moved the rest by `lines`. */
function spliceOf(prev: ThreeMdDocument, at: number, count: number, lines: number, directive: number, directives: number): PlaneSplice {
  return {
    base: prev.planes,
    revision: prev.revision,
    shape: prev.shape,
    zsChanged: [],
    at,
    removed: count,
    added: count,
    lines,
    directives: { at: directive, removed: directives, added: directives },
  };
}

/** Replaces lines of the consumed previous document, and moves its marks with them. */
function spliceLines(prev: ThreeMdDocument, at: number, count: number, replacement: string[]): void {
  const lines = prev.lines;
  prev.marks = spliceMarks(prev.marks, at, count, replacement);
  if (count === replacement.length) {
    for (let i = 0; i < count; i++) lines[at + i] = replacement[i]!;
  } else lines.splice(at, count, ...replacement);
}

function planesOf(directives: Directive[]): Plane[] {
  const out: Plane[] = [];
  for (const d of directives) if (d.plane) out.push(d.plane);
  return out;
}
