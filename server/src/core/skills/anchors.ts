/**
 * Anchors a Markdown file offers to `#fragment` links, as GitHub makes them: a slug per heading
 * (from the heading's rendered text, repeats numbered), and ids written by hand, in HTML
 * (`<a id="x">`, `<a name="x">`, any tag with an `id`) or as a `{#x}` attribute after a heading.
 */
import { codeSpans } from '../markdownSpans';

/**
 * Characters a heading slug keeps: letters, marks, decimal and letter numbers, connector
 * punctuation (`_`), anything alphabetic in another category, space and `-`. GitHub drops the
 * rest: other numbers, punctuation, symbols (emoji), controls, format characters, other spaces.
 */
const DROPPED = /[^\p{L}\p{M}\p{Nd}\p{Nl}\p{Pc}\p{Alphabetic} -]/gu;

/** GitHub's slug of a heading's text: lowercased, dropped characters removed, each space a `-`. */
export function githubSlug(text: string): string {
  return text.toLowerCase().replace(DROPPED, '').replace(/ /g, '-');
}

/** Numbers repeated slugs as GitHub does: `a`, `a-1`, `a-2`; a slug already taken by a numbered one moves on. */
export class Slugger {
  readonly #taken = new Map<string, number>();

  slug(text: string): string {
    const base = githubSlug(text);
    let out = base;
    while (this.#taken.has(out)) {
      const n = (this.#taken.get(base) ?? 0) + 1;
      this.#taken.set(base, n);
      out = `${base}-${n}`;
    }
    this.#taken.set(out, 0);
    return out;
  }
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** Text outside code spans, as a reader sees it: escapes resolved, HTML tags and emphasis markers gone. */
function plainText(s: string): string {
  const out = s
    .replace(/\\([!-/:-@[-`{-~])/g, '$1')
    .replace(/<((?:https?|mailto):[^>\s]*)>/gi, '$1')
    .replace(/<\/?[A-Za-z][^>]*>/g, '')
    .replace(/&[#\w]+;/g, '')
    .replace(/\*+/g, '');
  // `_` delimits emphasis at a word's edge and is kept inside a word (`snake_case`).
  return out.replace(/_+/g, (run, at: number) => {
    const before = out[at - 1];
    const after = out[at + run.length];
    return before && after && LETTER_OR_DIGIT.test(before) && LETTER_OR_DIGIT.test(after) ? run : '';
  });
}

/** A heading's text as GitHub renders it: images gone, links to their text, code spans kept as written, the rest as plain text. */
export function headingText(heading: string): string {
  const raw = heading
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\[[^\]]*\]/g, '$1');
  let out = '';
  let at = 0;
  for (const s of codeSpans(raw)) {
    out += plainText(raw.slice(at, s.from)) + raw.slice(s.textFrom, s.textTo);
    at = s.to;
  }
  return out + plainText(raw.slice(at));
}

const HTML_ID = /<[A-Za-z][\w-]*\s[^>]*?\b(?:id|name)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+))/g;
const ATTRIBUTE_ID = /\{:?\s*#([\w:.-]+)[^}]*\}\s*$/;

/** Ids written by hand in a line outside code spans: HTML `id`/`name` attributes. */
export function htmlIds(line: string): { id: string; index: number }[] {
  const spans = codeSpans(line);
  const out: { id: string; index: number }[] = [];
  for (const m of line.matchAll(HTML_ID)) {
    const at = m.index!;
    if (spans.some((s) => at >= s.from && at < s.to)) continue;
    const id = m[1] ?? m[2] ?? m[3] ?? '';
    if (id) out.push({ id, index: at });
  }
  return out;
}

/** The `{#id}` attribute at the end of a heading's text (Pandoc, kramdown and many site generators). */
export function attributeId(raw: string): string | undefined {
  return ATTRIBUTE_ID.exec(raw)?.[1];
}
