/** Moving directives and planes to other lines, and finding a directive by line. */
import { shiftRange, type Range } from '../types';
import type { Directive, Link, ParseIssue } from './syntax';

/** Directive messages name their 1-based line ("on line N"), so a move rewrites that number. */
const shiftIssue = (i: ParseIssue, n: number): ParseIssue => {
  const line = i.range.start.line;
  const message = i.message.replace(/^(Invalid @plane directive|The @plane directive) on line \d+/, `$1 on line ${line + n + 1}`);
  return { ...i, message, range: shiftRange(i.range, n) };
};
const shiftLink = (l: Link, n: number): Link => ({ ...l, range: shiftRange(l.range, n), targetRange: shiftRange(l.targetRange, n) });

/** A copy of a directive (and its plane) moved down by `n` lines. */
export function shiftDirective(d: Directive, n: number): Directive {
  if (n === 0) return d;
  const r = (x: Range) => shiftRange(x, n);
  const moved = d.movedBy(n, d.issues.length ? d.issues.map((i) => shiftIssue(i, n)) : []);
  moved.duplicate = d.duplicate;
  if (d.plane) {
    moved.plane = {
      ...d.plane,
      directive: moved,
      bodyStartLine: d.plane.bodyStartLine + n,
      endLine: d.plane.endLine + n,
      bodyRange: d.plane.bodyRange && r(d.plane.bodyRange),
      links: d.plane.links.map((l) => shiftLink(l, n)),
      origin: d.plane.origin ?? d.plane,
      memo: undefined,
    };
  }
  return moved;
}

/** Index of the first directive on line `line` or after it (`directives.length` when none). */
export function firstDirectiveFrom(directives: Directive[], line: number): number {
  let lo = 0;
  let hi = directives.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (directives[mid]!.line < line) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
