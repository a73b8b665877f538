/** Moving directives and planes to other lines, and finding a directive by line. */
import { shiftRange } from '../types';
import type { Directive, ParseIssue, Plane } from './syntax';

/** Directive messages name their 1-based line ("on line N"), so a move rewrites that number. */
const shiftIssue = (i: ParseIssue, n: number): ParseIssue => {
  const line = i.range.start.line;
  const message = i.message.replace(/^(Invalid @plane directive|The @plane directive) on line \d+/, `$1 on line ${line + n + 1}`);
  return { ...i, message, range: shiftRange(i.range, n) };
};

/** Shared by moved directives without issues (frozen: a moved directive is never marked again). */
const NO_ISSUES = Object.freeze([]) as unknown as ParseIssue[];

/** A copy of a directive (and its plane) moved down by `n` lines. Attributes, body range and links are moved when first read. */
export function shiftDirective(d: Directive, n: number): Directive {
  if (n === 0) return d;
  const moved = d.movedBy(n, d.issues.length ? d.issues.map((i) => shiftIssue(i, n)) : NO_ISSUES);
  moved.duplicate = d.duplicate;
  if (d.plane) moved.plane = d.plane.movedBy(n, moved);
  return moved;
}

/** Index of the first directive on line `line` or after it (`directives.length` when none). */
export function firstDirectiveFrom(directives: Directive[], line: number): number {
  return firstFrom(directives, line, (d) => d.line);
}

/** Index of the first plane whose body starts on line `line` or after it (`planes.length` when none). */
export function firstPlaneFrom(planes: Plane[], line: number): number {
  return firstFrom(planes, line, (p) => p.bodyStartLine);
}

/** Binary search over items in line order: the first whose line is `line` or later. */
function firstFrom<T>(items: T[], line: number, lineOf: (item: T) => number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (lineOf(items[mid]!) < line) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
