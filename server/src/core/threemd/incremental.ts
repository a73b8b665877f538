/**
 * Incremental re-parse of a persistent document. The edited lines are cut out of the segments
 * that hold them and split again at directive-looking lines; every other segment is shared with
 * the previous document, unchanged (its lines are numbered from its own start, so moving it is
 * free). When the new segment plays the part the old one did (same fence effect, same z), the
 * rest of the structure is the previous one; otherwise it is walked again over the segments'
 * own facts, which each segment computed once. The previous document is never changed.
 * The frontmatter, a BOM, lone CRs and documents without directives fall back to a full parse.
 */
import type { TextEdit } from '../types';
import { applyEdit, splitLines } from '../text/text';
import { isDirectiveLine } from './frontmatter';
import { documentOf, headOf, parseThreeMd } from './parser';
import { Segment } from './segment';
import { replacedSegment, structureOf, topIndex, type DocumentStructure } from './structure';
import type { ThreeMdDocument } from './document';

/** Applies one edit. `newText` (the whole text after the edit) may be omitted: it is then made from the lines when asked. */
export function reparse(prev: ThreeMdDocument, edit: TextEdit, newText?: string): ThreeMdDocument {
  return tryIncremental(prev, edit, newText) ?? parseThreeMd(newText ?? applyEdit(prev.getText(), edit));
}

function tryIncremental(prev: ThreeMdDocument, edit: TextEdit, newText: string | undefined): ThreeMdDocument | null {
  const st = prev.structure;
  if (!st || prev.bom || prev.loneCr || edit.text.includes('\r')) return null;
  const fm = st.head.frontmatter;
  const { start, end } = edit.range;
  if (fm.closeLine === null || start.line <= fm.endLine || end.line >= st.lineCount || end.line < start.line) return null;
  const first = st.line(start.line)!;
  const last = st.line(end.line)!;
  if (start.character > first.length || end.character > last.length || (start.line === end.line && end.character < start.character)) return null;
  const text = newText === undefined ? undefined : () => newText;
  const replaced = splitLines(first.slice(0, start.character) + edit.text + last.slice(end.character));
  if (end.line < st.starts[0]!) return headEdit(st, start.line, end.line, replaced, text, prev.loneCr);

  let a = st.segmentAt(start.line);
  const b = st.segmentAt(end.line);
  // An edit from the preamble into the segments re-reads the head: a full parse.
  if (a < 0) return null;
  // The new lines of segments a..b; a first line that is no longer a directive joins the segment before.
  const aSeg = st.segments.get(a)!;
  let lines: string[] = [];
  for (let i = 0; i < start.line - st.starts[a]!; i++) lines.push(aSeg.line(i));
  for (const l of replaced) lines.push(l);
  const bSeg = st.segments.get(b)!;
  for (let i = end.line - st.starts[b]! + 1; i < bSeg.lineCount; i++) lines.push(bSeg.line(i));
  while (!(lines.length && isDirectiveLine(lines[0]!))) {
    if (a === 0) return null;
    a--;
    lines = st.segments.get(a)!.lines.concat(lines);
  }
  const fresh = split(lines);
  const delta = lines.length - (st.starts[b]! + bSeg.lineCount - st.starts[a]!);
  const changed = topIndex(st, a);
  if (a === b && fresh.length === 1) {
    const next = replacedSegment(st, a, fresh[0]!);
    if (next) return documentOf(next, text, false, { prev, changed, delta });
  }
  const segments = st.segments.slice(0, a).concat(fresh, st.segments.slice(b + 1));
  const next = structureOf(st.head, segments, st);
  if (next.tops.length === 0) return null;
  return documentOf(next, text, false, { prev, changed, delta: Number.NaN });
}

/** Lines split into segments, each starting at a directive-looking line (the first is one). */
function split(lines: string[]): Segment[] {
  const out: Segment[] = [];
  let from = 0;
  for (let i = 1; i <= lines.length; i++) {
    if (i < lines.length && !(lines[i]!.charCodeAt(0) === 64 && isDirectiveLine(lines[i]!))) continue;
    out.push(new Segment(from === 0 && i === lines.length ? lines : lines.slice(from, i)));
    from = i;
  }
  return out;
}

/** An edit of the preamble (after a closed frontmatter) that adds no directive-looking line: a new head, every segment kept. */
function headEdit(st: DocumentStructure, from: number, to: number, replaced: string[], text: (() => string) | undefined, loneCr: boolean): ThreeMdDocument | null {
  const old = st.head;
  const lines = old.segment.lines.slice(0, from).concat(replaced, old.segment.lines.slice(to + 1));
  for (let i = old.bodyStart; i < lines.length; i++) if (isDirectiveLine(lines[i]!)) return null;
  const head = headOf(new Segment(lines), old.frontmatter, old.bodyStart, old.bom);
  const next = structureOf(head, st.segments, st);
  if (next.tops.length === 0) return null;
  return documentOf(next, text, loneCr);
}
