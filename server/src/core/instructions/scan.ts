/**
 * One pass over an instruction file's Markdown: fenced blocks (and one left open), code spans,
 * `@path` imports outside code, and the code a file tells agents to run (shell blocks and code
 * spans). Linear in the text size.
 */
import { splitLines, trimEndWhere } from '../text/text';
import type { Range } from '../types';
import { codeSpans } from '../text/markdownSpans';
import { closesFence, IndentedCode, openingFence, type Fence, type OpenFence } from '../text/markdownBlocks';

export type { Fence } from '../text/markdownBlocks';

export interface ImportMention {
  /** The path as written after `@`. */
  path: string;
  /** The range of `@path`. */
  range: Range;
}

export interface CodeText {
  /** One line of code: a code span's text or a line of a fenced block. */
  text: string;
  line: number;
  /** Where `text` starts on its line. */
  character: number;
  /** 'span' for inline code, else the fenced block's language ('' when none). */
  source: 'span' | { lang: string };
}

export interface InstructionScan {
  lines: string[];
  fences: Fence[];
  imports: ImportMention[];
  code: CodeText[];
}

/** `@` at the start or after a space or bracket, then a path without spaces or quotes. */
const IMPORT = /(?<=^|[\s([{>])@([^\s`'"<>()[\]{}]+)/g;
/** Sentence punctuation after an import (`see @a.md.`), not part of its path. */
const isTrailing = (c: string) => '.,;:!?'.includes(c);

/**
 * Extensions a bare `@name.ext` (no folder) must end in to read as a file: without a `/`, prose
 * mentions like `@agent.tool` (a Python decorator) or `@user.name` are names, not imports.
 */
const FILE_EXTENSIONS = new Set(
  (
    'md mdx markdown txt text rst adoc org json jsonc json5 yaml yml toml ini cfg conf env xml html htm css scss sass less ' +
    'js mjs cjs jsx ts tsx mts cts py pyi ipynb rb go rs java kt kts swift c h cc cpp cxx hpp cs fs php pl lua r sql ' +
    'sh bash zsh fish ps1 bat cmd dart scala clj ex exs erl hs ml vue svelte astro graphql gql proto tf hcl lock csv tsv ' +
    'gradle properties mk cmake nix zig jl sol vim el 3md log pdf png jpg jpeg gif svg webp'
  ).split(' '),
);

/**
 * True when an `@mention` reads as a file: it starts like a path (`./`, `../`, `~/`, `/`), or its
 * last segment has an extension (any, after a folder: `@docs/api.spec`; a known file extension
 * when it names no folder: `@notes.md`, not `@agent.tool`). `@claude`, `@types/node` and `@1.2`
 * are not files.
 */
export function looksLikeImport(path: string): boolean {
  if (/^(?:\.{1,2}\/|~\/|\/)/.test(path)) return true;
  const last = path.split('/').pop() ?? '';
  const m = /^[^.].*\.([A-Za-z][A-Za-z0-9]{0,9})$/.exec(last);
  if (!m || /^\d/.test(last)) return false;
  return path.includes('/') || FILE_EXTENSIONS.has(m[1]!.toLowerCase());
}

export function scanInstructions(text: string, startLine = 0): InstructionScan {
  const lines = splitLines(text);
  const fences: Fence[] = [];
  const imports: ImportMention[] = [];
  const code: CodeText[] = [];
  let open: OpenFence | undefined;
  const indented = new IndentedCode();
  // HTML comments hide imports from Claude Code too.
  let inComment = false;
  for (let i = Math.max(0, startLine); i < lines.length; i++) {
    const line = lines[i]!;
    if (open) {
      if (closesFence(line, open)) {
        open.fence.closeLine = i;
        open = undefined;
        indented.blockEnded();
      } else code.push({ text: line, line: i, character: 0, source: { lang: open.fence.lang } });
      continue;
    }
    // Text of an indented code block is code: it imports nothing and holds no code spans.
    if (!inComment && indented.takes(line)) continue;
    const opening = openingFence(line, i);
    if (opening) {
      fences.push(opening.fence);
      open = opening;
      continue;
    }
    const spans = codeSpans(line);
    for (const s of spans) code.push({ text: line.slice(s.textFrom, s.textTo), line: i, character: s.textFrom, source: 'span' });
    // Text outside code spans and HTML comments: where imports are read.
    let visible = '';
    let pos = 0;
    for (const s of spans) {
      visible += line.slice(pos, s.from) + ' '.repeat(s.to - s.from);
      pos = s.to;
    }
    visible += line.slice(pos);
    let masked = '';
    let k = 0;
    while (k < visible.length) {
      if (inComment) {
        const end = visible.indexOf('-->', k);
        if (end < 0) {
          masked += ' '.repeat(visible.length - k);
          k = visible.length;
        } else {
          masked += ' '.repeat(end + 3 - k);
          k = end + 3;
          inComment = false;
        }
      } else {
        const start = visible.indexOf('<!--', k);
        if (start < 0) {
          masked += visible.slice(k);
          k = visible.length;
        } else {
          masked += visible.slice(k, start);
          k = start;
          inComment = true;
        }
      }
    }
    for (const m of masked.matchAll(IMPORT)) {
      const path = trimEndWhere(m[1]!, isTrailing);
      if (!path || !looksLikeImport(path)) continue;
      const a = m.index!;
      imports.push({ path, range: { start: { line: i, character: a }, end: { line: i, character: a + 1 + path.length } } });
    }
  }
  return { lines, fences, imports, code };
}
