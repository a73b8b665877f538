/**
 * A rule's documentation: its `## <code>` section of docs/rules.md, from the heading to the next
 * heading of level 1 or 2 outside a code block (examples in the sections hold `# …` lines).
 */
import { fencesOf } from '../text/markdownBlocks';

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

/** The one-word `## ` headings: the rule codes and the few sections that look like one. */
export function ruleSectionNames(markdown: string): string[] {
  return headingsOf(markdown.split(/\r?\n/))
    .filter((h) => h.level === 2 && /^\S+$/.test(h.text))
    .map((h) => h.text);
}
