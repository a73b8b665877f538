/** Frontmatter extraction (the 3md mini-format, not YAML), tolerant of every error. */
import { lineRange, range } from '../types';
import { isBlank, leadingWs, trailingWsStart, trimWs } from '../text/text';
import { unquote } from './lexical';
import type { Frontmatter, FrontmatterField, ParseIssue } from './syntax';

const MISSING = "3md documents must begin with a '---' frontmatter block.";
const UNCLOSED = "frontmatter block was not closed with '---'";

/** True for a line the body scanner would take as a `@plane` directive (fences aside). */
export function isDirectiveLine(raw: string): boolean {
  if (!raw.startsWith('@plane')) return false;
  const c = raw.charCodeAt(6);
  return raw.length === 6 || c === 32 || c === 9;
}

/**
 * Reads the frontmatter block. `col0` is added to characters on line 0 (a BOM).
 * An unclosed block reports the error at its opening fence and, to keep the rest of the
 * document useful, ends at the first line that cannot be frontmatter.
 */
export function scanFrontmatter(lines: string[], col0: number): Frontmatter {
  const c = (line: number) => (line === 0 ? col0 : 0);
  let open = 0;
  while (open < lines.length && isBlank(lines[open]!)) open++;
  if (open >= lines.length || trimWs(lines[open]!) !== '---') {
    const at = open < lines.length ? open : 0;
    const text = lines[at] ?? '';
    const issue: ParseIssue = {
      code: 'missingFrontmatter',
      message: MISSING,
      range: lineRange(at, c(at) + leadingWs(text), c(at) + Math.max(leadingWs(text), trailingWsStart(text))),
    };
    return { present: false, openLine: -1, closeLine: null, endLine: -1, fields: [], issues: [issue] };
  }

  const fields: FrontmatterField[] = [];
  const issues: ParseIssue[] = [];
  let closeLine: number | null = null;
  let firstBadLine = -1;
  let firstDirective = -1;
  for (let i = open + 1; i < lines.length; i++) {
    const raw = lines[i]!;
    const t = trimWs(raw);
    if (t === '---') {
      closeLine = i;
      break;
    }
    if (firstDirective < 0 && isDirectiveLine(raw)) firstDirective = i;
    if (t === '' || t.startsWith('#')) continue;
    const lead = leadingWs(raw) + c(i);
    const colon = raw.indexOf(':');
    if (colon < 0) {
      if (firstBadLine < 0) firstBadLine = i;
      const detail = `expected 'key: value', found '${t}'`;
      issues.push({
        code: 'invalidFrontmatter',
        message: `Invalid frontmatter: ${detail}`,
        range: lineRange(i, lead, lead + t.length),
        detail,
      });
      continue;
    }
    const before = raw.slice(0, colon);
    const after = raw.slice(colon + 1);
    const key = trimWs(before);
    const rawValue = trimWs(after);
    const keyStart = leadingWs(before) + c(i);
    const valueStart = colon + 1 + leadingWs(after) + c(i);
    fields.push({
      key,
      value: unquote(rawValue),
      raw: rawValue,
      line: i,
      keyRange: lineRange(i, keyStart, keyStart + key.length),
      valueRange: lineRange(i, valueStart, valueStart + rawValue.length),
    });
  }

  if (closeLine === null) {
    const o = lines[open]!;
    // The reference reports a colon-less line before the missing fence; keep only the first.
    const kept = issues.filter((x) => x.range.start.line === firstBadLine);
    kept.push({
      code: 'invalidFrontmatter',
      message: `Invalid frontmatter: ${UNCLOSED}`,
      range: range(open, c(open) + leadingWs(o), open, c(open) + trailingWsStart(o)),
      detail: UNCLOSED,
    });
    // Recovery: the block ends before the first line that cannot belong to it.
    const stops = [firstBadLine, firstDirective].filter((n) => n >= 0);
    const endLine = stops.length ? Math.min(...stops) - 1 : lines.length - 1;
    return { present: true, openLine: open, closeLine, endLine, fields: fields.filter((f) => f.line <= endLine), issues: kept };
  }
  return { present: true, openLine: open, closeLine, endLine: closeLine, fields, issues };
}
