/**
 * A rule's documentation: its `## <code>` section of docs/rules.md, from the heading to the next
 * heading of level 1 or 2 outside a code block (examples in the sections hold `# …` lines).
 */
import { fencesOf } from '../text/markdownBlocks';
import { suggestCode } from '../config/config';
import { RULES } from './index';

/** The headings of level 1 and 2 outside code blocks: their line and text. */
function headingsOf(lines: readonly string[]): { line: number; level: number; text: string }[] {
  const inFence = new Set<number>();
  for (const f of fencesOf(lines)) for (let i = f.line; i <= (f.closeLine ?? lines.length - 1); i++) inFence.add(i);
  const out: { line: number; level: number; text: string }[] = [];
  lines.forEach((l, i) => {
    const m = /^(#{1,2}) +(.*?)\s*$/.exec(l);
    if (m && !inFence.has(i)) out.push({ line: i, level: m[1]!.length, text: m[2]! });
  });
  return out;
}

/** The section documenting `code` (heading included, trailing blank lines cut), or undefined. */
export function ruleSection(markdown: string, code: string): string | undefined {
  const lines = markdown.split(/\r?\n/);
  const headings = headingsOf(lines);
  const i = headings.findIndex((h) => h.level === 2 && h.text === code);
  if (i < 0) return undefined;
  const end = headings[i + 1]?.line ?? lines.length;
  return lines.slice(headings[i]!.line, end).join('\n').trimEnd();
}

/**
 * What `--explain CODE` and the MCP `explain_rule` tool answer: the rule's section of the
 * documentation, or why there is none (an unknown code, with the nearest known one).
 */
export function explainRule(markdown: string | undefined, code: string, rulesUrl: string): { text: string } | { error: string } {
  const wanted = code.trim();
  const rule = RULES.find((r) => r.code === wanted);
  if (!rule) {
    const near = suggestCode(wanted);
    return { error: `no rule '${code}'${near ? ` (did you mean '${near}'?)` : ''}; every rule is listed in ${rulesUrl}` };
  }
  if (markdown === undefined) return { error: `the rule documentation is not installed with this copy; read ${rulesUrl}#${rule.anchor}` };
  const section = ruleSection(markdown, wanted);
  return section === undefined ? { error: `docs/rules.md has no section for '${wanted}'; read ${rulesUrl}#${rule.anchor}` } : { text: section };
}
