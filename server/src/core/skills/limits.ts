/**
 * Limits that clients apply beyond the specification: Claude Code's 1,536-character cut of
 * `description` + `when_to_use`, VS Code's name characters, the skill-creator validators' ban
 * on `<` and `>` in descriptions. Sources: docs/clients-fields.md.
 */
import type { Range } from '../types';
import type { FrontmatterEntry, YamlFrontmatter } from '../text/yamlFrontmatter';
import type { Finding } from './rules';
import type { Target } from './targets';
import { splitUri } from '../workspace/uriPath';

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

/** Whether VS Code loads a skill of this name: only one made of a-z, 0-9 and '-'; it skips any other silently. */
export function vsCodeLoadsName(name: string): boolean {
  return /^[a-z0-9-]+$/.test(name);
}

/** VS Code loads a skill only when its name is made of a-z, 0-9 and '-'; otherwise it skips it silently. */
export function checkCopilotName(name: string, range: Range, out: Finding[]): void {
  if (vsCodeLoadsName(name)) return;
  if (!/^[\p{L}\p{N}-]+$/u.test(name) || name !== name.toLowerCase()) return; // the reference rules already say so
  out.push({
    code: 'skill-name-invalid-chars',
    severity: 'error',
    message: `Skill name '${name}' has characters outside a-z, 0-9 and '-': VS Code skips such a skill without a word`,
    range,
    only: ['copilot'],
  });
}

/** True when the SKILL.md sits in `.claude/skills/<n>/`, a folder VS Code reads too. */
function inClaudeSkills(uri: string): boolean {
  const segs = splitUri(uri).path.split(/[?#]/)[0]!.split('/');
  return segs.length >= 4 && segs[segs.length - 3] === 'skills' && segs[segs.length - 4] === '.claude';
}

/**
 * VS Code also loads `.claude/skills/` and skips a skill whose name has characters outside
 * a-z, 0-9 and '-', without a word (clients-fields.md). For a skill not checked for VS Code, that
 * is a warning where the user runs VS Code and information elsewhere. `uris`: the SKILL.md's
 * paths (more than one when links show its folder in several places).
 */
export function checkVsCodeSkipsName(name: string, range: Range, uris: readonly string[], targets: readonly Target[], inVsCode: boolean, out: Finding[]): void {
  if (targets.includes('copilot') || vsCodeLoadsName(name) || !uris.some(inClaudeSkills)) return;
  out.push({
    code: 'skill-name-vscode-skipped',
    severity: inVsCode ? 'warning' : 'information',
    message: `VS Code also loads .claude/skills/ but skips a skill whose name has characters outside a-z, 0-9 and '-' ('${name}'): this skill is missing in VS Code, without a word (VS Code / Copilot)`,
    range,
  });
}
