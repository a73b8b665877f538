/**
 * An instruction file whose frontmatter became text: `## applyTo: "src/**"` or `**applyTo: …**`
 * as its first line (a Markdown formatter's heading or emphasis), or `applyTo: …` with no `---`
 * lines around it. Its reader finds no frontmatter and so no scope: GitHub Copilot never applies
 * the file on its own, Claude Code loads the rule in every session (held-out round 70: six
 * `.instructions.md` files of one repository whose `---` lines a formatter had turned into
 * headings; the lab: one made a bold heading).
 */
import type { Diagnostic } from '../types';
import { GLOB_KEY, READER, type FrontmatterStyle } from './frontmatter';

/** A line that starts with the scope key, maybe as a heading or in emphasis. */
const KEY_LINE = /^(?:#{1,6}[ \t]+)?(?:\*\*|__|\*|_)?[ \t]*([A-Za-z]+)[ \t]*(?:\*\*|__|\*|_)?[ \t]*:/;

/** What the reader of a file without frontmatter misses when the file's first line holds its scope key as text. */
export function lostFrontmatter(text: string, style: FrontmatterStyle): Diagnostic | undefined {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/, 20);
  const line = lines.findIndex((l) => l.trim() !== '');
  if (line < 0) return undefined;
  const written = lines[line]!;
  const key = KEY_LINE.exec(written)?.[1];
  if (key !== GLOB_KEY[style]) return undefined;
  const reader = READER[style];
  const effect = style === 'copilot' ? 'so it never applies the file on its own (only when it is attached by hand)' : 'so it loads the rule in every session';
  const offset = line === 0 && text.startsWith('\uFEFF') ? 1 : 0;
  return {
    code: 'instructions-frontmatter-lost',
    severity: 'warning',
    message: `'${key}' is written here as text, not as frontmatter (which opens with a '---' line at the top of the file and closes with another): ${reader} reads no '${key}', ${effect}`,
    range: { start: { line, character: offset }, end: { line, character: offset + written.trimEnd().length } },
  };
}
