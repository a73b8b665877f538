/**
 * Limits that clients apply beyond the specification: Claude Code's 1,536-character cut of
 * `description` + `when_to_use` and the skill-creator validators' ban on `<` and `>` in
 * descriptions. Sources: docs/clients-fields.md.
 */
import type { Range } from '../types';
import type { FrontmatterEntry, YamlFrontmatter } from '../text/yamlFrontmatter';
import type { Finding } from './rules';

export const CLAUDE_LISTING_CUT = 1536;

/**
 * The source position of the value's `n`-th character (code points), for plain, quoted and
 * block scalars alike: line breaks and continuation indentation count as one folded space.
 */
function positionOfChar(fm: YamlFrontmatter, e: FrontmatterEntry, n: number): Range['start'] {
  const a = fm.index.offsetAt(e.valueRange.start);
  const b = fm.index.offsetAt(e.valueRange.end);
  const src = fm.text.slice(a, b);
  let i = 0;
  let count = 0;
  // Skip a block indicator line (`>-`, `|`) and an opening quote.
  const header = /^[|>][-+0-9]*[^\n]*\n/.exec(src);
  if (header) {
    i = header[0].length;
    while (i < src.length && (src[i] === ' ' || src[i] === '\t')) i++;
  } else if (src[0] === '"' || src[0] === "'") i = 1;
  while (i < src.length && count < n) {
    if (src[i] === '\n') {
      i++;
      while (i < src.length && (src[i] === ' ' || src[i] === '\t')) i++;
      count++;
      continue;
    }
    const cp = src.codePointAt(i)!;
    i += cp > 0xffff ? 2 : 1;
    count++;
  }
  return fm.index.positionAt(a + i);
}

const cps = (s: string) => [...s].length;

/** 1536 → "1,536". */
const thousands = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

export function checkLimits(fields: Map<string, FrontmatterEntry>, fm: YamlFrontmatter, out: Finding[]): void {
  const desc = fields.get('description');
  const when = fields.get('when_to_use');
  const d = typeof desc?.value === 'string' ? desc.value : '';
  const w = typeof when?.value === 'string' ? when.value : '';
  const total = cps(d) + (w ? cps(w) + (d ? 1 : 0) : 0);
  if (total > CLAUDE_LISTING_CUT) {
    const inDesc = cps(d) > CLAUDE_LISTING_CUT;
    const e = inDesc ? desc! : when!;
    const from = inDesc ? CLAUDE_LISTING_CUT : CLAUDE_LISTING_CUT - (d ? cps(d) + 1 : 0);
    const range = { start: positionOfChar(fm, e, from), end: e.valueRange.end };
    out.push({
      code: 'skill-description-cut',
      severity: 'warning',
      message: `Claude Code shortens description and when_to_use together to ${thousands(CLAUDE_LISTING_CUT)} characters in its skill listing (these have ${thousands(total)}); the text from here on is not listed`,
      range,
      only: ['claude-code'],
    });
  }
  if (d && /[<>]/.test(d)) {
    out.push({
      code: 'skill-description-angle-brackets',
      severity: 'information',
      message: "The skill-creator validators (quick_validate.py) reject '<' and '>' in a description; packaging such a skill fails",
      range: desc!.valueRange,
      only: ['claude-code', 'codex'],
    });
  }
}
