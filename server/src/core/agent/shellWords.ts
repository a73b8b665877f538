/**
 * What the template scanners (posixScanner.ts, fishScanner.ts) record and the program rules
 * (programRules.ts) read: placeholder sites, and the words of each simple command with the sites
 * each word holds.
 */

/** How a value is quoted for its site. */
export type FillContext = 'bare' | 'double' | 'single';

/** Why no quoting can make a value safe at a site. */
export type RefusalKind =
  | 'comment'
  | 'escaped'
  | 'after-dollar'
  | 'backquote'
  | 'expansion'
  | 'arithmetic'
  | 'ansi-c'
  | 'locale'
  | 'heredoc'
  | 'glob'
  | 'brace'
  | 'split'
  | 'tilde'
  | 'history'
  | 'dialect'
  | 'reparsed'
  | 'command-name'
  | 'unclosed';

export interface Refusal {
  kind: RefusalKind;
  /** Says why, in words a template author can act on. */
  reason: string;
}

export interface PlaceholderSite {
  name: string;
  /** Offset of the `{` in the template. */
  start: number;
  /** Offset after the `}`. */
  end: number;
  context: FillContext;
  /** Set when no quoting is safe here: the filler refuses any value. */
  refusal: Refusal | null;
  /**
   * The value would begin an argument of a command that has no `--` before it, so a value
   * starting with `-` would be read as an option.
   */
  optionPosition: boolean;
  /** Offset where the placeholder's shell word begins (where a `-- ` would go). */
  wordStart: number;
  /** For a site inside quotes: the offsets of the opening and closing quote. */
  quotes?: { open: number; close: number };
  /**
   * Inside `"…"` right after an unbraced expansion (`"$HOME{q}"`): the value's first characters
   * would extend it (`$HOMEx`, zsh's `$HOME[1]` and `$HOME:h`, fish's `$HOME[1]`), so the filler
   * closes and reopens the quotes first (`"$HOME""value"`).
   */
  afterExpansion?: boolean;
  /**
   * Text the program that receives the argument replaces (`{}` for `find -exec` and `xargs -I {}`):
   * a value holding it would not arrive as written.
   */
  replaced?: { text: string; by: string };
}

/** Stands in a word's text for a placeholder or a substitution: text no program name or option holds. */
export const DYNAMIC = '\u0000';

export interface Word {
  start: number;
  /** The word's text with quotes removed; placeholders and substitutions as DYNAMIC. */
  text: string;
  /** The sites that are this word's own text. */
  sites: PlaceholderSite[];
  /** The sites inside substitutions in this word (`$(…)`, `<(…)`): their output becomes part of the word. */
  nested: PlaceholderSite[];
  /** The nested sites of unquoted `$(…)`, whose output the shell splits into words. */
  split: PlaceholderSite[];
  /** The word's value begins with a placeholder. */
  startsWithSite: PlaceholderSite | null;
  /** The redirection operator this word is the target of (`<`, `<<<`, `>`…), or null for an argument. */
  redirect: string | null;
}

/** Every site of a word, its own and those inside its substitutions. */
export const allSites = (w: Word): PlaceholderSite[] => (w.nested.length ? [...w.sites, ...w.nested] : w.sites);

export const PLACEHOLDER = /\{([a-zA-Z_]\w*)\}/y;

/** Text ending in an unbraced, unescaped expansion (`$HOME`, `$1`, `$#`). */
const AFTER_EXPANSION = /(?:^|[^\\])(?:\\\\)*\$(?:\w+|[@*#?$!-])$/;

const TILDE: Refusal = {
  kind: 'tilde',
  reason: "it follows a `~` at the start of a word, and zsh and fish read the value after it as a user name or named directory even when it is quoted (`~'root'` is /root)",
};

/** The sites found so far, in template order, and the refusals given to them. */
export class SiteRecorder {
  readonly sites: PlaceholderSite[] = [];

  constructor(readonly t: string) {}

  /** The placeholder at `i`, if one starts there. */
  placeholderAt(i: number): RegExpExecArray | null {
    if (this.t.charCodeAt(i) !== 123 /* { */) return null;
    PLACEHOLDER.lastIndex = i;
    return PLACEHOLDER.exec(this.t);
  }

  add(m: RegExpExecArray, context: FillContext, refusal: Refusal | null): PlaceholderSite {
    const site: PlaceholderSite = { name: m[1]!, start: m.index, end: m.index + m[0].length, context, refusal, optionPosition: false, wordStart: m.index };
    this.sites.push(site);
    return site;
  }

  /**
   * A site that is part of word `w`'s own text (not inside a substitution); `quoteOpen` is the
   * offset of the `"` a double-quoted site stands in.
   */
  addWordSite(m: RegExpExecArray, context: FillContext, refusal: Refusal | null, w: Word, quoteOpen?: number): PlaceholderSite {
    const site = this.add(m, context, refusal);
    site.wordStart = w.start;
    if (w.text === '' && !w.startsWithSite) w.startsWithSite = site;
    if (w.text === '~' || /^[A-Za-z_]\w*=~$/.test(w.text)) site.refusal ??= TILDE;
    if (quoteOpen !== undefined && AFTER_EXPANSION.test(this.t.slice(quoteOpen + 1, m.index))) site.afterExpansion = true;
    w.sites.push(site);
    w.text += DYNAMIC;
    return site;
  }

  /** Refuses every site recorded since `from` that has no refusal yet. */
  refuseSince(from: number, refusal: Refusal): void {
    for (let k = from; k < this.sites.length; k++) this.sites[k]!.refusal ??= refusal;
  }
}

/** Gives each site the refusal unless it already has one. */
export function refuse(sites: readonly PlaceholderSite[], refusal: Refusal): void {
  for (const s of sites) s.refusal ??= refusal;
}
