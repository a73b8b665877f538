/**
 * The quoted strings and substitutions of a POSIX template, as one dialect reads them
 * (posixScanner.ts reads the command lists around them): `'…'`, `"…"`, `$…` in all its forms, and
 * the constructs where no value is safe (`${…}`, arithmetic, backquotes, `$'…'`, glob qualifiers,
 * here-documents, comments), skipped whole with their placeholders refused.
 */
import type { PosixDialect } from './shellDialect';
import { DYNAMIC, SiteRecorder, type PlaceholderSite, type Refusal, type Word } from './shellWords';

export const REFUSE = {
  comment: { kind: 'comment', reason: 'it stands in a shell comment, which never reaches the command' },
  escaped: { kind: 'escaped', reason: 'a backslash stands before it, so the shell would not read the quoting of the value' },
  afterDollar: { kind: 'after-dollar', reason: 'a `$` stands before it, so the shell would read `${…}` as a parameter expansion' },
  backquote: { kind: 'backquote', reason: 'it stands inside backquotes, whose text the shell parses again' },
  expansion: { kind: 'expansion', reason: 'it stands inside a `${…}` parameter expansion' },
  arithmetic: {
    kind: 'arithmetic',
    reason: 'it stands inside arithmetic (`$((…))`, `((…))`, `$[…]`), where the shell evaluates the value (and bash runs `$(…)` in array subscripts)',
  },
  ansiC: { kind: 'ansi-c', reason: "it stands inside a `$'…'` string, where backslash escapes are decoded" },
  locale: {
    kind: 'locale',
    reason: 'it stands inside a `$"…"` string, which bash translates through the locale’s message catalog (and other shells read as `$` and a quoted string)',
  },
  heredoc: { kind: 'heredoc', reason: 'it stands in a here-document, where no quoting is possible and a line of the value could end the document' },
  glob: { kind: 'glob', reason: 'it stands inside `word(…)`, which zsh reads as glob qualifiers (`(e:…:)` runs code) and bash as an extended glob' },
} satisfies Record<string, Refusal>;

export class Scanner extends SiteRecorder {
  i = 0;
  /** Offset of a `!` the interactive shell would expand as a history reference, or -1. */
  bang = -1;

  constructor(
    t: string,
    readonly d: PosixDialect,
    /** Reads a command list up to `)` (posixScanner.ts), for `$(…)` inside the constructs here. */
    readonly list: (end: ')') => string | null,
  ) {
    super(t);
  }

  /** At a `!` outside single quotes: interactive bash and zsh expand it unless a blank, `=`, `(` or the end follows. */
  checkBang(at: number): void {
    if (this.d.history && this.bang < 0 && !/^[ \t\n=(]?$/.test(this.t[at + 1] ?? '')) this.bang = at;
  }

  /** A site inside a construct where no value is safe. */
  refused(m: RegExpExecArray, refusal: Refusal): void {
    this.add(m, 'bare', refusal);
    this.i += m[0].length;
  }
}

export const newWord = (start: number, redirect: string | null): Word => ({ start, text: '', sites: [], nested: [], split: [], startsWithSite: null, redirect });
/** A word for constructs skipped inside others, whose words no rule reads. */
const scratch = (at: number) => newWord(at, null);

/** `'…'`: every placeholder inside is a single-quoted site. Returns why it is not closed, or null. */
export function scanSingle(s: Scanner, w: Word): string | null {
  const t = s.t;
  const open = s.i;
  s.i++;
  const from = s.sites.length;
  while (s.i < t.length && t[s.i] !== "'") {
    const m = s.placeholderAt(s.i);
    if (m) {
      s.addWordSite(m, 'single', null, w);
      s.i += m[0].length;
    } else {
      w.text += t[s.i];
      s.i++;
    }
  }
  const closed = s.i < t.length;
  for (let k = from; k < s.sites.length; k++) s.sites[k]!.quotes = { open, close: closed ? s.i : t.length };
  if (closed) {
    s.i++;
    return null;
  }
  const reason = `the template has an unclosed \`'\` at offset ${open}`;
  s.refuseSince(from, { kind: 'unclosed', reason });
  return reason;
}

/** Skips a `'…'` where its text does not matter (inside a construct that is refused). */
function skipSingle(s: Scanner, refusal: Refusal): string | null {
  const open = s.i;
  s.i++;
  while (s.i < s.t.length && s.t[s.i] !== "'") {
    const m = s.placeholderAt(s.i);
    if (m) s.refused(m, refusal);
    else s.i++;
  }
  if (s.i >= s.t.length) return `the template has an unclosed \`'\` at offset ${open}`;
  s.i++;
  return null;
}

/**
 * `"…"` at s.i: placeholders are double-quoted sites (refused with `refusal` when given); `$(…)`
 * inside starts a new command list. Returns why it is not closed, or null.
 */
export function scanDouble(s: Scanner, w: Word, refusal: Refusal | null): string | null {
  const t = s.t;
  const open = s.i;
  s.i++;
  const from = s.sites.length;
  const mine: PlaceholderSite[] = [];
  while (s.i < t.length && t[s.i] !== '"') {
    const at = s.i;
    const m = s.placeholderAt(at);
    if (m) {
      mine.push(s.addWordSite(m, 'double', refusal, w, open));
      s.i += m[0].length;
      continue;
    }
    const c = t[at]!;
    let problem: string | null = null;
    if (c === '\\') {
      const next = s.placeholderAt(at + 1);
      if (next) {
        const site = s.add(next, 'double', REFUSE.escaped);
        w.sites.push(site);
        mine.push(site);
        w.text += DYNAMIC;
        s.i = at + 1 + next[0].length;
        continue;
      }
      const e = t[at + 1] ?? '';
      w.text += '$`"\\'.includes(e) && e ? e : e === '\n' ? '' : '\\' + e;
      s.i += 2;
    } else if (c === '`') {
      w.text += DYNAMIC;
      s.i++;
      problem = skipBackquote(s);
    } else if (c === '$' && (t[at + 1] === '"' || t[at + 1] === "'")) {
      // Inside double quotes `$"` and `$'` are a literal `$` (only outside are they strings of their own).
      w.text += '$';
      s.i++;
    } else if (c === '$') {
      problem = scanDollar(s, w, true);
    } else {
      if (c === '!') s.checkBang(at);
      w.text += c;
      s.i++;
    }
    if (problem) {
      s.refuseSince(from, { kind: 'unclosed', reason: problem });
      return problem;
    }
  }
  const closed = s.i < t.length;
  for (const site of mine) site.quotes = { open, close: closed ? s.i : t.length };
  if (!closed) {
    const reason = `the template has an unclosed \`"\` at offset ${open}`;
    s.refuseSince(from, { kind: 'unclosed', reason });
    return reason;
  }
  s.i++;
  return null;
}

/** `$…` at s.i: a substitution, an expansion or a literal `$`. Returns why it is not closed, or null. */
export function scanDollar(s: Scanner, w: Word, inDouble: boolean): string | null {
  const t = s.t;
  const at = s.i;
  const next = t[at + 1];
  const from = s.sites.length;
  const refused = (problem: string | null, refusal: Refusal) => {
    s.refuseSince(from, refusal);
    return problem;
  };
  if (next === '{') {
    w.text += DYNAMIC;
    const m = s.placeholderAt(at + 1);
    if (m) {
      w.sites.push(s.add(m, 'bare', REFUSE.afterDollar));
      s.i = at + 1 + m[0].length;
      return null;
    }
    s.i += 2;
    return refused(skipExpansion(s, inDouble), REFUSE.expansion);
  }
  if (next === '(' && t[at + 2] === '(') {
    w.text += DYNAMIC;
    s.i += 3;
    return refused(skipArithmetic(s, at), REFUSE.arithmetic);
  }
  if (next === '(') {
    w.text += DYNAMIC;
    s.i += 2;
    const problem = s.list(')');
    const inner = s.sites.slice(from);
    w.nested.push(...inner);
    if (!inDouble) w.split.push(...inner);
    return problem;
  }
  if (next === "'" && !inDouble && s.d.ansiC) {
    w.text += DYNAMIC;
    s.i += 2;
    return refused(skipAnsiC(s), REFUSE.ansiC);
  }
  if (next === '"' && !inDouble && s.d.localeStrings) {
    s.i++;
    return scanDouble(s, w, REFUSE.locale);
  }
  if (next === '[' && s.d.bashisms) {
    w.text += DYNAMIC;
    s.i += 2;
    return refused(skipBrackets(s, at), REFUSE.arithmetic);
  }
  w.text += next !== undefined && /[A-Za-z_0-9@*#?$!-]/.test(next) ? DYNAMIC : '$';
  s.i++;
  return null;
}

/**
 * The inside of `${…}` after `${`, up to its `}`: quotes, escapes and nested substitutions as the
 * dialect reads them there (bash lets `'…'` hide a `}` even inside `"${…}"`; zsh nests bare braces).
 */
function skipExpansion(s: Scanner, inDouble: boolean): string | null {
  const t = s.t;
  const open = s.i - 2;
  const quotesWork = !inDouble || s.d.quotesInQuotedExpansion;
  let depth = 0;
  while (s.i < t.length) {
    const m = s.placeholderAt(s.i);
    if (m) {
      s.refused(m, REFUSE.expansion);
      continue;
    }
    const c = t[s.i]!;
    let problem: string | null = null;
    if (c === '\\') s.i += 2;
    else if (c === "'" && quotesWork) problem = skipSingle(s, REFUSE.expansion);
    else if (c === '"') problem = scanDouble(s, scratch(s.i), REFUSE.expansion);
    else if (c === '`') {
      s.i++;
      problem = skipBackquote(s);
    } else if (c === '$') problem = scanDollar(s, scratch(s.i), !quotesWork);
    else if (c === '{' && s.d.nestedBraces && !inDouble) {
      depth++;
      s.i++;
    } else if (c === '}') {
      s.i++;
      if (depth-- === 0) return null;
    } else {
      if (c === '!') s.checkBang(s.i);
      s.i++;
    }
    if (problem) return problem;
  }
  return `the template has an unclosed \`\${\` at offset ${open}`;
}

/**
 * Text where no value is safe, up to its closing character: quotes and substitutions are skipped
 * whole, `open`…`close` pairs counted; `atClose` decides at a closing character at depth 0.
 */
function skipNested(s: Scanner, refusal: Refusal, open: string, close: string, atClose: () => string | null, unclosed: string): string | null {
  const t = s.t;
  let depth = 0;
  while (s.i < t.length) {
    const m = s.placeholderAt(s.i);
    if (m) {
      s.refused(m, refusal);
      continue;
    }
    const c = t[s.i]!;
    let problem: string | null = null;
    if (c === '\\') s.i += 2;
    else if (c === "'") problem = skipSingle(s, refusal);
    else if (c === '"') problem = scanDouble(s, scratch(s.i), refusal);
    else if (c === '`') {
      s.i++;
      problem = skipBackquote(s);
    } else if (c === '$') problem = scanDollar(s, scratch(s.i), false);
    else if (c === open) {
      depth++;
      s.i++;
    } else if (c === close && depth > 0) {
      depth--;
      s.i++;
    } else if (c === close) return atClose();
    else {
      if (c === '!') s.checkBang(s.i);
      s.i++;
    }
    if (problem) return problem;
  }
  return unclosed;
}

/** After `$((` or `((` (at `open`): up to the `))` that closes it. */
export function skipArithmetic(s: Scanner, open: number): string | null {
  const atClose = () => {
    if (s.t[s.i + 1] !== ')')
      return `the template's \`((\` at offset ${open} is closed by one \`)\`, which bash and zsh read as a subshell in a command substitution and dash as arithmetic`;
    s.i += 2;
    return null;
  };
  return skipNested(s, REFUSE.arithmetic, '(', ')', atClose, `the template has an unclosed arithmetic expression at offset ${open}`);
}

const closeOne = (s: Scanner) => () => {
  s.i++;
  return null;
};

/** After bash's `$[` (at `open`): up to its `]`. */
function skipBrackets(s: Scanner, open: number): string | null {
  return skipNested(s, REFUSE.arithmetic, '[', ']', closeOne(s), `the template has an unclosed \`$[\` at offset ${open}`);
}

/** After zsh's `word(` (at `open`): up to its `)`. */
export function skipGroup(s: Scanner, open: number): string | null {
  return skipNested(s, REFUSE.glob, '(', ')', closeOne(s), `the template has an unclosed \`(\` at offset ${open}`);
}

/** After an opening backquote: up to the first unescaped backquote (quotes do not hide one). */
export function skipBackquote(s: Scanner): string | null {
  const open = s.i - 1;
  while (s.i < s.t.length) {
    const m = s.placeholderAt(s.i);
    if (m) {
      s.refused(m, REFUSE.backquote);
      continue;
    }
    const c = s.t[s.i]!;
    if (c === '\\') s.i += 2;
    else if (c === '`') {
      s.i++;
      return null;
    } else {
      if (c === '!') s.checkBang(s.i);
      s.i++;
    }
  }
  return `the template has an unclosed backquote at offset ${open}`;
}

/** After `$'`: up to the `'` that ends it (`\'` does not). */
function skipAnsiC(s: Scanner): string | null {
  const open = s.i - 2;
  while (s.i < s.t.length) {
    const m = s.placeholderAt(s.i);
    if (m) {
      s.refused(m, REFUSE.ansiC);
      continue;
    }
    const c = s.t[s.i]!;
    if (c === '\\') s.i += 2;
    else if (c === "'") {
      s.i++;
      return null;
    } else {
      if (c === '!') s.checkBang(s.i);
      s.i++;
    }
  }
  return `the template has an unclosed \`$'\` at offset ${open}`;
}
