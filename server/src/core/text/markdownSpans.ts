/** Inline code spans of one Markdown line: what is text, not links or paths, in a line. */

export interface CodeSpan {
  /** Start of the opening backquote run. */
  from: number;
  /** End of the closing backquote run. */
  to: number;
  /** Where the code inside starts and ends. */
  textFrom: number;
  textTo: number;
}

/** Inline code spans of one line, in order; a backquote run closes at the next run of the same length. */
export function codeSpans(line: string): CodeSpan[] {
  const out: CodeSpan[] = [];
  let i = 0;
  while (i < line.length) {
    const at = line.indexOf('`', i);
    if (at < 0) break;
    let n = at;
    while (line[n] === '`') n++;
    const run = n - at;
    let j = n;
    let close = -1;
    while (j < line.length) {
      const k = line.indexOf('`', j);
      if (k < 0) break;
      let m = k;
      while (line[m] === '`') m++;
      if (m - k === run) {
        close = k;
        break;
      }
      j = m;
    }
    if (close < 0) {
      i = n;
      continue;
    }
    out.push({ from: at, to: close + run, textFrom: n, textTo: close });
    i = close + run;
  }
  return out;
}

/** True when offset `at` lies inside one of `spans` (backquotes included). */
export function inSpan(spans: readonly CodeSpan[], at: number): boolean {
  // A binary search: the spans are in order and do not overlap.
  let lo = 0;
  let hi = spans.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const s = spans[mid]!;
    if (at < s.from) hi = mid;
    else if (at >= s.to) lo = mid + 1;
    else return true;
  }
  return false;
}
