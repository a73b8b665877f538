/**
 * The lines a directive scan has to look at: after the frontmatter, those that can open or close
 * a fence or hold a directive. A document keeps them as an ascending list that incremental
 * re-parses update, so a structural edit's re-scan steps from mark to mark instead of reading
 * every line (a generated skill of 40 lines has four).
 */
import { isStructuralLine } from './parser';

/** Index of the first mark on line `line` or after it. */
export function firstMarkFrom(marks: Int32Array, line: number): number {
  let lo = 0;
  let hi = marks.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (marks[mid]! < line) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The marks after lines `at` up to `at + count` were replaced by `replacement`: earlier marks are
 * kept, the new lines are marked anew, later marks move with their lines. Updated in place when
 * the number of marks stays the same (the previous document is consumed).
 */
export function spliceMarks(marks: Int32Array, at: number, count: number, replacement: readonly string[]): Int32Array {
  const delta = replacement.length - count;
  const lo = firstMarkFrom(marks, at);
  const hi = firstMarkFrom(marks, at + count);
  const fresh: number[] = [];
  for (let j = 0; j < replacement.length; j++) if (isStructuralLine(replacement[j]!)) fresh.push(at + j);
  if (fresh.length === hi - lo) {
    for (let k = 0; k < fresh.length; k++) marks[lo + k] = fresh[k]!;
    if (delta !== 0) for (let k = hi; k < marks.length; k++) marks[k]! += delta;
    return marks;
  }
  const out = new Int32Array(marks.length - (hi - lo) + fresh.length);
  out.set(marks.subarray(0, lo));
  out.set(fresh, lo);
  const base = lo + fresh.length - hi;
  for (let k = hi; k < marks.length; k++) out[base + k] = marks[k]! + delta;
  return out;
}
