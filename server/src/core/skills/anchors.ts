/**
 * Anchors a Markdown file offers to `#fragment` links, as GitHub makes them: a slug per heading
 * (from the heading's rendered text, repeats numbered), and ids written by hand, in HTML
 * (`<a id="x">`, `<a name="x">`, any tag with an `id`) or as a `{#x}` attribute after a heading.
 */
import { codeSpans, inSpan } from '../text/markdownSpans';
import { replaceBracketed } from './markdownInline';

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

const AUTOLINK = /<((?:https?|mailto):[^>\s]*)>/gi;
const TAG = /<\/?[A-Za-z][^>]*>/g;

/**
 * `text.replace(pattern, …)` for a pattern ending in `[^>]*>`: applied only up to the last `>`
 * (from a `<` after it the pattern tried the rest of the text, quadratic on a text of many `<`).
 */
function beforeLastGt(text: string, replace: (head: string) => string): string {
  const last = text.lastIndexOf('>');
  return last < 0 ? text : replace(text.slice(0, last + 1)) + text.slice(last + 1);
}

/** Text outside code spans, as a reader sees it: escapes resolved, HTML tags and emphasis markers gone. */
function plainText(s: string): string {
  const unescaped = s.replace(/\\([!-/:-@[-`{-~])/g, '$1');
  // An autolink holds no space: each word is read on its own, up to its last `>`.
  const linked = unescaped.includes('<') ? unescaped.replace(/\S+/g, (word) => (word.includes('<') ? beforeLastGt(word, (t) => t.replace(AUTOLINK, '$1')) : word)) : unescaped;
  const out = beforeLastGt(linked, (t) => t.replace(TAG, ''))
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
  // `![alt](x)` removed, then `[text](x)` and `[text][ref]` to their text, each pass in linear time.
  const raw = replaceBracketed(replaceBracketed(replaceBracketed(heading, '(', ')', false, true), '(', ')', true, false), '[', ']', true, false);
  let out = '';
  let at = 0;
  for (const s of codeSpans(raw)) {
    out += plainText(raw.slice(at, s.from)) + raw.slice(s.textFrom, s.textTo);
    at = s.to;
  }
  return out + plainText(raw.slice(at));
}

/** An `id` or `name` attribute in a tag; the attributes before it hold no `<` (so each start reads up to the next tag only). */
const HTML_ID = /<[A-Za-z][\w-]*\s[^<>]*?\b(?:id|name)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+))/g;
/** `{#id}` from its `{`, read where it starts. */
const ATTRIBUTE_ID = /\{:?\s*#([\w:.-]+)[^}]*\}\s*$/y;

/** Ids written by hand in a line outside code spans: HTML `id`/`name` attributes. */
export function htmlIds(line: string): { id: string; index: number }[] {
  const spans = codeSpans(line);
  const out: { id: string; index: number }[] = [];
  for (const m of line.matchAll(HTML_ID)) {
    const at = m.index!;
    if (inSpan(spans, at)) continue;
    const id = m[1] ?? m[2] ?? m[3] ?? '';
    if (id) out.push({ id, index: at });
  }
  return out;
}

/** The `{#id}` attribute at the end of a heading's text (Pandoc, kramdown and many site generators). */
export function attributeId(raw: string): string | undefined {
  // The attribute holds no `}` and only blanks follow it: it starts after the `}` before the last one.
  const end = raw.trimEnd().length;
  if (raw[end - 1] !== '}') return undefined;
  for (let at = raw.indexOf('{', raw.lastIndexOf('}', end - 2) + 1); at >= 0 && at < end; at = raw.indexOf('{', at + 1)) {
    ATTRIBUTE_ID.lastIndex = at;
    const m = ATTRIBUTE_ID.exec(raw);
    if (m) return m[1];
  }
  return undefined;
}
