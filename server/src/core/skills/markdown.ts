/**
 * The Markdown facts a skill needs, in one linear pass over the body: relative file references
 * (links and bare `scripts/…`-style paths) and headings with GitHub-style anchors.
 */
import { splitLines } from '../text';
import type { Range } from '../types';
import { decodeTarget } from './paths';

export interface MdReference {
  /** `link`: a Markdown link or image target; `path`: a bare `scripts/…`, `references/…` or `assets/…` mention. */
  kind: 'link' | 'path';
  /** The decoded path ('' for a same-file `#anchor`). */
  path: string;
  /** The anchor after `#`, when present. */
  fragment?: string;
  /** The range of the whole target text (path and anchor). */
  range: Range;
  /** True inside a fenced code block. */
  inCode: boolean;
}

export interface MdHeading {
  level: number;
  text: string;
  /** The GitHub anchor, with `-1`, `-2` suffixes for repeats. */
  slug: string;
  line: number;
  range: Range;
}

const LINK = /!?\[(?:[^\]\\]|\\.)*\]\(\s*(<[^>\n]*>|[^()\s]+)(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g;
const DEFINITION = /^ {0,3}\[[^\]]+\]:\s*(<[^>\n]*>|\S+)/;
const BARE = /(?<![\w./\\@:~-])(?:scripts|references|assets)\/[\w./-]*[\w-]/g;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;

/**
 * True for a link target that names a file by an absolute path or a `file:` URI (`/home/…`,
 * `\\share\…`, `C:\…`, `C:/…`, `file:///…`): the same file on no other machine.
 */
export function isAbsoluteFileTarget(t: string): boolean {
  return /^file:/i.test(t) || /^[A-Za-z]:[\\/]/.test(t) || (/^[\\/]/.test(t) && !t.startsWith('//'));
}

/** True for a link target that points at a file relative to the document. */
export function isRelativeTarget(t: string): boolean {
  return !/^[a-z][a-z0-9+.-]*:/i.test(t) && !t.startsWith('/') && !t.startsWith('\\');
}

/** GitHub's heading anchor: lowercase, punctuation dropped (except `-` and `_`), spaces to `-`. */
export function githubSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Plain heading text: links reduced to their text, emphasis and code markers removed. */
function headingText(raw: string): string {
  return raw.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[*`]/g, '');
}

/** Scans Markdown from `startLine` on. Linear in the text size. */
export function scanMarkdown(text: string, startLine = 0): { refs: MdReference[]; headings: MdHeading[]; absolute: MdReference[] } {
  const lines = splitLines(text);
  const refs: MdReference[] = [];
  /** Link targets written as absolute paths or `file:` URIs (never resolved). */
  const absolute: MdReference[] = [];
  const headings: MdHeading[] = [];
  const seen = new Map<string, number>();
  let fence: string | undefined;
  for (let i = Math.max(0, startLine); i < lines.length; i++) {
    const line = lines[i]!;
    const f = FENCE.exec(line);
    if (f) {
      const mark = f[1]!;
      if (fence === undefined) {
        fence = mark;
        continue;
      }
      if (mark[0] === fence[0] && mark.length >= fence.length && line.trim() === mark) {
        fence = undefined;
        continue;
      }
    }
    const inCode = fence !== undefined;
    const taken: [number, number][] = [];
    if (!inCode) {
      const h = HEADING.exec(line);
      if (h) {
        const text = headingText(h[2] ?? '');
        const base = githubSlug(text);
        const n = seen.get(base) ?? 0;
        seen.set(base, n + 1);
        headings.push({
          level: h[1]!.length,
          text,
          slug: n ? `${base}-${n}` : base,
          line: i,
          range: { start: { line: i, character: 0 }, end: { line: i, character: line.length } },
        });
      }
      for (const m of line.matchAll(LINK)) addLink(refs, absolute, taken, i, m.index! + m[0].indexOf(m[1]!, m[0].indexOf('](')), m[1]!);
      const d = DEFINITION.exec(line);
      if (d) addLink(refs, absolute, taken, i, d.index + d[0].length - d[1]!.length, d[1]!);
    }
    for (const m of line.matchAll(BARE)) {
      const a = m.index!;
      if (taken.some(([x, y]) => a >= x && a < y)) continue;
      refs.push({ kind: 'path', path: m[0], range: lr(i, a, a + m[0].length), inCode });
    }
  }
  return { refs, headings, absolute };
}

function addLink(refs: MdReference[], absolute: MdReference[], taken: [number, number][], line: number, at: number, raw: string): void {
  let target = raw;
  let start = at;
  if (target.startsWith('<') && target.endsWith('>')) {
    target = target.slice(1, -1);
    start++;
  }
  taken.push([start, start + target.length]);
  if (isAbsoluteFileTarget(target)) {
    absolute.push({ kind: 'link', path: target, range: lr(line, start, start + target.length), inCode: false });
    return;
  }
  if (!isRelativeTarget(target) || target === '') return;
  const hash = target.indexOf('#');
  const path = decodeTarget(hash < 0 ? target : target.slice(0, hash));
  const ref: MdReference = { kind: 'link', path, range: lr(line, start, start + target.length), inCode: false };
  if (hash >= 0) ref.fragment = decodeTarget(target.slice(hash + 1));
  refs.push(ref);
}

function lr(line: number, a: number, b: number): Range {
  return { start: { line, character: a }, end: { line, character: b } };
}

/** Heading anchors of a Markdown text (a leading `---` frontmatter skipped), slug → heading. */
export function headingAnchors(text: string): Map<string, MdHeading> {
  const out = new Map<string, MdHeading>();
  for (const h of scanMarkdown(text, frontmatterEndLine(text)).headings) out.set(h.slug, h);
  return out;
}

/** The line after a leading `---` … `---` block (0 when there is none), so YAML comments are not headings. */
export function frontmatterEndLine(text: string): number {
  if (!/^---[ \t]*\r?(\n|$)/.test(text)) return 0;
  const lines = splitLines(text);
  for (let i = 1; i < lines.length; i++) if (lines[i]!.trimEnd() === '---') return i + 1;
  return 0;
}
