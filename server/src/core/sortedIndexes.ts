/** Sorted lists of indexes, kept sorted under single insertions and removals. */

/** Adds (`member`) or removes `i` in an ascending list of indexes. */
export function setMember(sorted: number[], i: number, member: boolean): void {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < i) lo = mid + 1;
    else hi = mid;
  }
  const present = sorted[lo] === i;
  if (member && !present) sorted.splice(lo, 0, i);
  else if (!member && present) sorted.splice(lo, 1);
}
