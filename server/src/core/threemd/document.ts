/** The parsed 3md document: a persistent value made of shared segments. */
import type { Directive, Plane } from './plane';
import type { Frontmatter, ParseIssue } from './syntax';
import type { DocumentStructure } from './structure';
import type { Vec } from './vector';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by module augmentation in the analysis layers
export interface DocumentMemo {}

/**
 * A parsed 3md document: a persistent value. Its segments are shared with the documents
 * re-parsed from it, and nothing in it changes once made (an incremental re-parse makes a new
 * document and leaves this one as it was).
 */
export interface ThreeMdDocument {
  /** The text (made from the lines on first use after an incremental edit, with LF line breaks). */
  getText(): string;
  /** Physical lines, split on LF/CRLF; the first line has any BOM removed (joined on first use). */
  readonly lines: readonly string[];
  /** Line `i` (undefined past the end), without joining the lines. */
  line(i: number): string | undefined;
  readonly lineCount: number;
  /** True when the text starts with U+FEFF (then line 0 characters are offset by one). */
  bom: boolean;
  frontmatter: Frontmatter;
  version: string | null;
  axis: string;
  title: string | null;
  metadata: Record<string, string>;
  preamble: string | null;
  /** The lines before the first directive (after the frontmatter). */
  preambleStartLine: number;
  preambleEndLine: number;
  /** The directives and the planes as persistent lists (what an edit's analysis reads: no array of 10,000 made per keystroke). */
  readonly directiveList: Vec<Directive>;
  readonly planeList: Vec<Plane>;
  /** The same as arrays, made on first use (never to be changed). */
  readonly directives: readonly Directive[];
  readonly planes: readonly Plane[];
  /** Document-level issues not owned by a directive: frontmatter errors and missingVersion. */
  headIssues: ParseIssue[];
  /** The z of every plane. */
  zs: ReadonlySet<number>;
  /** True when the text has a CR that is not part of CRLF (line numbering then differs from LSP's). */
  loneCr: boolean;
  /** The segments and how they make planes (structure.ts); null for a document without directives (the single-plane shorthand). */
  structure: DocumentStructure | null;
  /** What the analysis layers derive from this document alone (it never changes). */
  readonly memo: DocumentMemo;
}
