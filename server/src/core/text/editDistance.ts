/** Edit distance bounded by the caller's threshold: typo suggestions across the rule registry, client fields and hooks. */

/**
 * The edit distance of `a` and `b` when it is at most `max`, else `max + 1`: only the band of
 * cells within `max` of the diagonal is filled, and the walk stops once a row is past `max`.
 */
export function distanceWithin(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const big = max + 1;
  let prev = new Array<number>(b.length + 1);
  let cur = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j <= max ? j : big;
  for (let i = 1; i <= a.length; i++) {
    const from = Math.max(1, i - max);
    const to = Math.min(b.length, i + max);
    cur.fill(big);
    cur[0] = i <= max ? i : big;
    let best = cur[0]!;
    for (let j = from; j <= to; j++) {
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1), big);
      best = Math.min(best, cur[j]!);
    }
    if (best > max) return big;
    [prev, cur] = [cur, prev];
  }
  return prev[b.length]!;
}
