/**
 * The Markdown facts a skill or an instruction file needs, in one linear pass over the body:
 * file references (links, and bare `scripts/…`-style paths with where they stand), paths on one
 * machine, fenced blocks, headings with GitHub's anchors and the ids written by hand.
 */
import { sharedLines, trimEndWhere } from '../text/text';
import type { Range } from '../types';
import { codeSpans, inSpan, type CodeSpan } from '../text/markdownSpans';
import { closesFence, IndentedCode, leadCode, leadMarks, mayLeadWith, openingFence, type Fence, type OpenFence } from '../text/markdownBlocks';
import { decodeTarget } from './paths';
import { attributeId, headingText, htmlIds, Slugger } from './anchors';
import { classifyTarget, exampleCueEnd, homePaths, isPlaceholderPath, pathVariable, type PathBase } from './linkTargets';
import { headingOf, inlineLinks, inSpans, mergedSpans } from './markdownInline';

export { githubSlug, headingText } from './anchors';
export { headingOf, inlineLinks } from './markdownInline';

/** Where a reference stands: a Markdown link, plain prose, an inline code span or a fenced block. */
export type RefContext = 'link' | 'prose' | 'span' | 'block';

export interface MdReference {
  /** `link`: a Markdown link or image target; `path`: a path named in text (`scripts/…`, `${CLAUDE_SKILL_DIR}/…`). */
  kind: 'link' | 'path';
  context: RefContext;
  /** The decoded path as written ('' for a same-file `#anchor`). */
  path: string;
  /** The anchor after `#`, when present. */
  fragment?: string;
  /** The range of the whole target text (path and anchor). */
  range: Range;
  /** What `rest` is relative to, when not the file's own folder. */
  base?: PathBase;
  /** The path below `base` (`path` without its `/` or its variable). */
  rest?: string;
  /** The variable the path starts with, as written (`${CLAUDE_SKILL_DIR}`). */
  variable?: string;
  /** A `/`-rooted path whose first folder is a machine's own (`/etc`, `/Users`). */
  system?: boolean;
  /** The file name is a pattern with `*` (`assets/template-*.md`): some file of the folder must match it. */
  glob?: boolean;
}

export interface MdHeading {
  level: number;
  text: string;
  /** The GitHub anchor, with `-1`, `-2` suffixes for repeats. */
  slug: string;
  line: number;
  range: Range;
}

/** An anchor written by hand: an HTML `id`/`name`, or a heading's `{#id}`. */
export interface MdAnchor {
  id: string;
  line: number;
  range: Range;
}

export interface MdScan {
  refs: MdReference[];
  headings: MdHeading[];
  anchors: MdAnchor[];
  /** Paths on one machine: link targets (`file:`, `C:\…`, `~/…`, `/Users/…`) and, outside links, home-folder paths. */
  absolute: MdReference[];
  fences: Fence[];
  lines: readonly string[];
}

/** A reference definition (`[x]: target`); a footnote (`[^1]: text`) is not one. */
const DEFINITION = /^ {0,3}\[(?!\^)([^\]]+)\]:\s*(<[^>\n]*>|\S+)/;
/** The label of a TypeScript index signature or mapped type (`[key: string]`, `[P in keyof T]`). */
const TYPE_LABEL = /^\s*[\w$]+\??\s*:\s*\S|^\s*[\w$]+\s+in\s+keyof\s|^\s*[A-Z]\s+in\s+\S/;
const BARE = /(?<![\w./\\@:~$}-])(?:scripts|references|assets)\/[\w./-]*[\w-]/g;
/** A path on the skill folder or the plugin root through a variable, wherever it stands. */
const VARIABLE_PATH = /(?:\$\{(?:CLAUDE_SKILL_DIR|CLAUDE_PLUGIN_ROOT)\}|\$(?:CLAUDE_SKILL_DIR|CLAUDE_PLUGIN_ROOT)(?!\w)|\{baseDir\})\/[\w./@+-]*/g;
const SETEXT = /^ {0,3}(=+|-+)[ \t]*$/;
/** A line that cannot be the text of a setext heading: a list item, a quote, a table row, HTML, a thematic break. */
const NOT_PARAGRAPH = /^\s*(?:[-*+]\s|\d+[.)]\s|>|\||<|(?:[-*_]\s*){3,}$)/;
/** What such a line starts with. */
export const NOT_PARAGRAPH_MARKS = leadMarks('-*+0123456789>|<_');

const NO_SPANS: CodeSpan[] = [];
/** The rest of a file-name pattern after a bare path (`*.md`, `-*`, `.*`). */
const GLOB_TAIL = /[\w.-]*\*[\w.*-]*/y;

/** The path part of a bare mention continues with a placeholder (`scripts/run_<name>.py`). */
function continuesAsPlaceholder(line: string, end: number): boolean {
  return /^(?:[<{$*[…]|\.\.\.|\.\*)/.test(line.slice(end, end + 3));
}

/** Scans Markdown from `startLine` on. Linear in the text size. */
export function scanMarkdown(text: string, startLine = 0): MdScan {
  const lines = sharedLines(text);
  const out: MdScan = { refs: [], headings: [], anchors: [], absolute: [], fences: [], lines };
  const known = new Map<string, LinkFacts>();
  let open: OpenFence | undefined;
  let paragraph: number | undefined;
  const indented = new IndentedCode();
  for (let i = Math.max(0, startLine); i < lines.length; i++) {
    const line = lines[i]!;
    if (open) {
      if (closesFence(line, open)) {
        open.fence.closeLine = i;
        open = undefined;
        indented.blockEnded();
      } else scanCode(out, line, i, 'block', []);
      continue;
    }
    // An example indented four columns (a SKILL.md shown inside a SKILL.md, fences and all) is code, not links.
    if (indented.takes(line)) {
      scanCode(out, line, i, 'block', []);
      paragraph = undefined;
      continue;
    }
    const opening = openingFence(line, i);
    if (opening) {
      out.fences.push(opening.fence);
      open = opening;
      paragraph = undefined;
      continue;
    }
    const lead = leadCode(line);
    const setext = paragraph !== undefined && (lead === 0x3d || lead === 0x2d) ? SETEXT.exec(line) : null;
    if (setext && paragraph !== undefined) {
      addHeading(out, setext[1]![0] === '=' ? 1 : 2, lines.slice(paragraph, i).join(' ').trim(), paragraph, i - 1);
      paragraph = undefined;
      continue;
    }
    const h = headingOf(line);
    if (h) addHeading(out, h[0].length, h[1] ?? '', i, i);
    if (h || lead === -1 || (mayLeadWith(lead, NOT_PARAGRAPH_MARKS) && (line.trim() === '' || NOT_PARAGRAPH.test(line)))) paragraph = undefined;
    else paragraph ??= i;
    scanLine(out, line, i, known);
  }
  return out;
}

/**
 * A heading whose text and anchor are made when first read: most checks of a file read neither
 * (its anchors matter only to links with a `#fragment` into it). The anchors of all the headings
 * of a scan are made together, in order, since a repeated one takes the next `-N` suffix.
 */
class ScannedHeading implements MdHeading {
  #text: string | undefined;
  #slug: string | undefined;

  constructor(
    readonly level: number,
    private readonly raw: string,
    readonly line: number,
    readonly range: Range,
    /** Every heading of the scan, in order (this one among them). */
    private readonly all: readonly ScannedHeading[],
  ) {}

  get text(): string {
    return (this.#text ??= headingText(this.raw));
  }

  get slug(): string {
    if (this.#slug === undefined) {
      const slugger = new Slugger();
      for (const h of this.all) h.#slug = slugger.slug(h.text);
    }
    return this.#slug!;
  }
}

function addHeading(out: MdScan, level: number, raw: string, first: number, last: number): void {
  const range = { start: { line: first, character: 0 }, end: { line: last, character: out.lines[last]!.length } };
  out.headings.push(new ScannedHeading(level, raw, first, range, out.headings as ScannedHeading[]));
  const id = attributeId(raw);
  if (id) out.anchors.push({ id, line: first, range });
}

/**
 * For a line's spans met left to right: whether each sits between a pair of double quotes (an
 * odd number of them before it, and one after). The quotes are found once, and counted as the
 * spans move on: a line of 150,000 links stays linear.
 */
function quotedSpans(line: string): (start: number, end: number) => boolean {
  const at: number[] = [];
  for (let k = line.indexOf('"'); k >= 0; k = line.indexOf('"', k + 1)) at.push(k);
  let before = 0;
  return (start, end) => {
    while (before < at.length && at[before]! < start) before++;
    return before % 2 === 1 && at.length > 0 && at[at.length - 1]! >= end;
  };
}

/** One line outside fenced blocks: links, hand-written ids, and paths in code spans and prose. */
function scanLine(out: MdScan, line: string, i: number, known: Map<string, LinkFacts>): void {
  const spans = line.includes('`') ? codeSpans(line) : NO_SPANS;
  const taken: [number, number][] = [];
  // Each pattern runs only on lines that hold its mark: most lines of a long file hold none.
  const quoted = line.includes('"') ? quotedSpans(line) : undefined;
  if (line.includes(']('))
    for (const m of inlineLinks(line)) {
      // A link written inside a code span is text (`[text](URL)` shown as syntax).
      if (inSpan(spans, m.index)) continue;
      // A link inside a quoted phrase (`"See [auth config](./auth.md)"`) shows how to write one: an example, not a link of this file (held-out round 73).
      if (quoted?.(m.index, m.end)) {
        taken.push([m.index, m.end]);
        continue;
      }
      addLink(out, taken, i, m.targetAt, m.target, known);
      // The link's text names the same file: it is not a second reference.
      taken.push([m.index, m.end]);
    }
  const d = line.includes(']:') ? DEFINITION.exec(line) : null;
  if (d && !inSpan(spans, d.index) && definesLink(d[1]!, d[2]!)) addLink(out, taken, i, d.index + d[0].length - d[2]!.length, d[2]!, known);
  if (line.includes('<')) for (const a of htmlIds(line)) out.anchors.push({ id: a.id, line: i, range: lr(i, a.index, a.index) });
  scanCode(out, line, i, 'prose', spans, taken);
}

/**
 * Whether a line shaped as a reference definition defines a link. A TypeScript index signature or
 * mapped type that stands outside a fence (an example whose fences do not pair) has that shape,
 * `[key: string]: any` or `[P in keyof T]: T[P];`, but its label declares a type and its
 * "destination" (`any`, `string;`) is no file or address a reader could open; nor is a blank
 * of a template to fill in.
 */
function definesLink(label: string, target: string): boolean {
  // A blank to fill in (`[Hook type]: ______`) is a template's line, not a destination either.
  return !TYPE_LABEL.test(label) && !target.endsWith(';') && !/^[_.…-]+$/.test(target);
}

/**
 * Paths named in text: bare `scripts/…` paths and variable paths, told apart by where they stand
 * (a code span or fenced block, or prose), and home-folder paths of one machine.
 */
function scanCode(out: MdScan, line: string, i: number, context: 'block' | 'prose', spans: CodeSpan[], taken: [number, number][] = []): void {
  // Every path below holds a slash or a backslash; most lines of prose hold neither.
  if (!line.includes('/') && !line.includes('\\')) return;
  // Plain substring tests first: most lines name no path, and a pattern with alternatives tries every position.
  const variablePaths = line.includes('CLAUDE_') || line.includes('{baseDir}');
  // The three folders' names all end in `s/`: one search settles most lines.
  const barePaths = line.includes('s/') && (line.includes('scripts/') || line.includes('references/') || line.includes('assets/'));
  const homeFolders = line.includes('Users') || line.includes('home');
  if (!variablePaths && !barePaths && !homeFolders) return;
  const where = (at: number): RefContext => (context === 'block' ? 'block' : inSpan(spans, at) ? 'span' : 'prose');
  // The spans links take, merged and sorted once; variable paths add theirs in reading order.
  let links: [number, number][] | undefined;
  const variables: [number, number][] = [];
  const free = (at: number) => !inSpans((links ??= mergedSpans(taken)), at) && !inSpans(variables, at);
  if (variablePaths)
    for (const m of line.matchAll(VARIABLE_PATH)) {
      const at = m.index!;
      const v = pathVariable(m[0]);
      const rest = v ? trimEndWhere(v.rest, (c) => c === '.' || c === '/') : '';
      if (!v || !free(at) || rest === '' || continuesAsPlaceholder(line, at + m[0].length) || isPlaceholderPath(rest)) continue;
      const written = m[0].slice(0, m[0].length - (v.rest.length - rest.length));
      variables.push([at, at + written.length]);
      out.refs.push({ kind: 'path', context: where(at), path: written, range: lr(i, at, at + written.length), base: v.base, rest, variable: v.variable });
    }
  if (barePaths) {
    const cueEnd = exampleCueEnd(line);
    for (const m of line.matchAll(BARE)) {
      const at = m.index!;
      if (!free(at)) continue;
      // A `*` in the file name makes a pattern (`assets/template-*.md`): checked against the folder's files.
      GLOB_TAIL.lastIndex = at + m[0].length;
      const glob = GLOB_TAIL.exec(line)?.[0] ?? '';
      const path = m[0] + glob;
      // A pattern over folders (`references/*/x.md`) is not checked.
      if (continuesAsPlaceholder(line, at + path.length) || (glob && line[at + path.length] === '/')) continue;
      const context = where(at);
      // `Examples: `references/finance.md`` teaches a layout; it names no file of this skill.
      if (context === 'span' && cueEnd <= at) continue;
      const ref: MdReference = { kind: 'path', context, path, range: lr(i, at, at + path.length) };
      if (glob) ref.glob = true;
      out.refs.push(ref);
    }
  }
  if (homeFolders)
    for (const h of homePaths(line)) {
      if (!free(h.index)) continue;
      out.absolute.push({ kind: 'path', context: where(h.index), path: h.path, range: lr(i, h.index, h.index + h.path.length) });
    }
}

/** What one link target names, without its range: the same target written many times is read once. */
type LinkFacts = { ignore: true } | { ignore: false; machine: boolean; ref: Omit<MdReference, 'range'> };

function linkFacts(target: string): LinkFacts {
  const c = classifyTarget(target);
  if (c.kind === 'web' || c.kind === 'placeholder' || c.kind === 'client-home') return { ignore: true };
  const hash = target.indexOf('#');
  const path = decodeTarget(hash < 0 ? target : target.slice(0, hash));
  const ref: Omit<MdReference, 'range'> = { kind: 'link', context: 'link', path };
  if (c.kind === 'machine') return { ignore: false, machine: true, ref };
  if (hash >= 0) ref.fragment = decodeTarget(target.slice(hash + 1));
  if (c.kind === 'rooted') {
    ref.base = 'root';
    ref.rest = decodeTarget(c.rest);
    ref.system = c.system;
  } else if (c.kind === 'variable') {
    ref.base = c.base;
    ref.rest = decodeTarget(c.rest);
    ref.variable = c.variable;
  }
  return { ignore: false, machine: false, ref };
}

function addLink(out: MdScan, taken: [number, number][], line: number, at: number, raw: string, known: Map<string, LinkFacts>): void {
  let target = raw;
  let start = at;
  if (target.startsWith('<') && target.endsWith('>')) {
    target = target.slice(1, -1);
    start++;
  }
  taken.push([start, start + target.length]);
  if (target === '') return;
  let facts = known.get(target);
  if (!facts) known.set(target, (facts = linkFacts(target)));
  if (facts.ignore) return;
  // Built field by field in one order, as the scanner's other references: a spread copy per link
  // was most of the time for 150,000 links.
  const f = facts.ref;
  const ref: MdReference = { kind: 'link', context: 'link', path: f.path, range: lr(line, start, start + target.length) };
  if (f.fragment !== undefined) ref.fragment = f.fragment;
  if (f.base !== undefined) ref.base = f.base;
  if (f.rest !== undefined) ref.rest = f.rest;
  if (f.system !== undefined) ref.system = f.system;
  if (f.variable !== undefined) ref.variable = f.variable;
  (facts.machine ? out.absolute : out.refs).push(ref);
}

function lr(line: number, a: number, b: number): Range {
  return { start: { line, character: a }, end: { line, character: b } };
}

/**
 * Anchors of a Markdown text (a leading `---` frontmatter skipped): each heading's slug and each
 * id written by hand. `scanned` is a scan of the same text the caller made already, used when it
 * starts where the frontmatter ends.
 */
export function headingAnchors(text: string, scanned?: { scan: MdScan; startLine: number }): Map<string, MdHeading> {
  const out = new Map<string, MdHeading>();
  const start = frontmatterEndLine(text);
  const scan = scanned?.startLine === start ? scanned.scan : scanMarkdown(text, start);
  for (const a of scan.anchors) {
    const key = a.id.toLowerCase();
    if (!out.has(key)) out.set(key, { level: 0, text: a.id, slug: a.id, line: a.line, range: a.range });
  }
  for (const h of scan.headings) out.set(h.slug, h);
  return out;
}

/** The line after a leading `---` … `---` block (0 when there is none), so YAML comments are not headings. */
export function frontmatterEndLine(text: string): number {
  if (!/^---[ \t]*\r?(\n|$)/.test(text)) return 0;
  const lines = sharedLines(text);
  for (let i = 1; i < lines.length; i++) if (lines[i]!.trimEnd() === '---') return i + 1;
  return 0;
}
