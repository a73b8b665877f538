/**
 * Planes that structural edits dropped, kept so that a later edit which brings the same lines
 * back revives them instead of parsing them again. A fence opened in a body hides every later
 * plane (the next fences pair up the other way) and closing it brings them all back; a cut
 * directive comes back with undo. An entry is found by its directive line's text and revived
 * only when every line of its span is the same again; its plane keeps its content (`origin`), so
 * the analysis caches keyed on it still hit.
 */
import { shiftDirective } from './moves';
import type { Directive, ThreeMdDocument } from './syntax';

interface Entry {
  directive: Directive;
  /** The lines of its span when it was dropped, the directive line first: `length` lines of `block` from `at`. */
  block: string[];
  at: number;
  length: number;
}

export type DroppedPlanes = Map<string, Entry[]>;

/** Entries kept at most, beyond the document's own directive count (the rest are forgotten). */
const SPARE = 256;

/** A dropped directive whose span is exactly `lines[line]` up to `end`, moved there, or undefined. */
export function revive(dropped: DroppedPlanes | undefined, lines: string[], line: number, end: number): Directive | undefined {
  const entries = dropped?.get(lines[line]!);
  if (!entries) return undefined;
  for (let e = 0; e < entries.length; e++) {
    const { block, at, length } = entries[e]!;
    if (length !== end - line) continue;
    let k = 1;
    while (k < length && block[at + k] === lines[line + k]) k++;
    if (k < length) continue;
    const { directive } = entries[e]!;
    entries.splice(e, 1);
    if (entries.length === 0) dropped!.delete(lines[line]!);
    return shiftDirective(directive, line - directive.line);
  }
  return undefined;
}

/**
 * Keeps the planes of `prev.directives[from]` up to `to` that lie wholly after line `last`
 * (previous numbering: their lines are unchanged, `delta` lines down in `lines`). Returns the
 * set for the next document: the previous one with these added, or these alone when it grew
 * past the document's size.
 */
export function bury(prev: ThreeMdDocument, from: number, to: number, last: number, delta: number, lines: string[]): DroppedPlanes | undefined {
  let dropped = prev.dropped;
  let size = 0;
  if (dropped) for (const entries of dropped.values()) size += entries.length;
  if (!dropped || size + to - from > prev.directives.length + SPARE) dropped = new Map();
  // One copy of the lines of every span kept (they are consecutive), shared by the entries.
  let k = from;
  while (k < to && (!prev.directives[k]!.plane || prev.directives[k]!.line <= last)) k++;
  if (k === to) return dropped.size ? dropped : undefined;
  const base = prev.directives[k]!.line + delta;
  const block = lines.slice(base, prev.directives[to - 1]!.endLine + delta);
  for (; k < to; k++) {
    const d = prev.directives[k]!;
    if (!d.plane) continue;
    const entry = { directive: d, block, at: d.line + delta - base, length: d.endLine - d.line };
    const key = lines[d.line + delta]!;
    const entries = dropped.get(key);
    if (entries) entries.push(entry);
    else dropped.set(key, [entry]);
  }
  return dropped;
}
