/**
 * A frontmatter value cut short by a YAML comment: in a plain (unquoted) scalar, ` #` starts a
 * comment, so `description: … what's left for #N, or …` is read up to `for`, and the rest of the
 * line is dropped by every YAML reader the clients use (held-out round 56: a subagent's trigger
 * phrase `「issue #N を実装して」` lost; the precision lab has 17 skill descriptions so cut, at
 * `#N`, `#[cfg(test)]`, `#life`, `#REF!`). A `#` followed by a space (`# note`) is taken as a
 * comment meant as one, and is not reported.
 */
import type { Range } from '../types';
import type { FrontmatterEntry, YamlFrontmatter } from './yamlFrontmatter';

/** ` #` and a character that no comment written on purpose starts with. */
const CUT = /\s#[^\s#]/;

export interface CommentCut {
  key: string;
  /** The whole value as written, comment and all: what quoting keeps whole. */
  range: Range;
  /** What the comment takes, from its `#`. */
  dropped: string;
}

/** The keys whose text a client shows or routes by: a cut there loses what the agent is told (a key no client reads loses nothing). */
const READ_TEXT = new Set(['name', 'description', 'when_to_use', 'argument-hint']);

/** The top-level one-line plain values of `entries` (of `fm`), of the keys clients read as text, that a ` #` cuts short. */
export function commentCuts(fm: YamlFrontmatter, entries: readonly FrontmatterEntry[] = fm.entries): CommentCut[] {
  const out: CommentCut[] = [];
  for (const e of entries) {
    const { start, end } = e.valueRange;
    if (!READ_TEXT.has(e.key) || typeof e.value !== 'string' || start.line !== end.line) continue;
    const line = fm.text.slice(fm.index.offsetAt({ line: start.line, character: 0 }), fm.index.offsetAt({ line: start.line, character: Number.MAX_SAFE_INTEGER }));
    const written = line
      .slice(start.character)
      .replace(/\r?\n$/, '')
      .trimEnd();
    if (/^["'|>[{!&*]/.test(written)) continue;
    const at = written.search(CUT);
    if (at < 0) continue;
    out.push({ key: e.key, range: { start, end: { line: start.line, character: start.character + written.length } }, dropped: written.slice(at + 1) });
  }
  return out;
}

/** "The ' #' in 'description' starts a YAML comment: <reader> only the text before it …", naming what is lost (shortened). */
export function commentCutMessage(cut: CommentCut, reader: string): string {
  const shown = cut.dropped.length > 40 ? `${cut.dropped.slice(0, 40)}…` : cut.dropped;
  return `The ' #' in '${cut.key}' starts a YAML comment: ${reader} only the text before it, and '${shown}' is lost; quote the value to keep it whole`;
}
