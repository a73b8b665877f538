/**
 * Reads a command template the way fish does, for a command typed into a fish terminal. fish is
 * not a POSIX shell: inside `'…'` the sequences `\'` and `\\` are escapes, `"…"` expands only
 * `$variables` and `$(…)`, `(…)` is a command substitution anywhere outside quotes, `{a,b}` is a
 * brace expansion, and there are no backquotes, `${…}`, `$'…'` or here-documents (a `$` that
 * starts no variable is a syntax error, so nothing runs). Placeholders get fish's own quoting
 * (command.ts); the program rules are the POSIX ones (programRules.ts).
 */
import { finishPipeline } from './programRules';
import { DYNAMIC, SiteRecorder, type PlaceholderSite, type Refusal, type Word } from './shellWords';

const REFUSE = {
  comment: { kind: 'comment', reason: 'it stands in a fish comment, which never reaches the command' },
  escaped: { kind: 'escaped', reason: 'a backslash stands before it, so fish would not read the quoting of the value' },
  afterDollar: { kind: 'after-dollar', reason: 'a `$` stands before it, so fish would read a variable name' },
  index: { kind: 'expansion', reason: 'it stands inside a fish variable index `$name[…]`' },
  brace: { kind: 'brace', reason: 'it stands inside a fish brace expansion `{…}`' },
} satisfies Record<string, Refusal>;

const newWord = (start: number, redirect: string | null): Word => ({ start, text: '', sites: [], nested: [], split: [], startsWithSite: null, redirect });

class Scanner extends SiteRecorder {
  i = 0;
}

/** The placeholder sites of a template as fish reads it. */
export function scanFish(template: string): PlaceholderSite[] {
  const s = new Scanner(template);
  const problem = scanList(s, false);
  if (problem) for (const site of s.sites) if (site.refusal?.kind !== 'unclosed') site.refusal = { kind: 'unclosed', reason: problem };
  return s.sites;
}

/** A fish command list, up to the `)` of a command substitution when `inner`. */
function scanList(s: Scanner, inner: boolean): string | null {
  const t = s.t;
  let words: Word[] = [];
  let pipeline: Word[][] = [];
  let word: Word | null = null;
  let redirectNext: string | null = null;
  let problem: string | null = null;
  const cur = () => word as Word | null;
  const begin = (at: number): Word => (word ??= newWord(at, redirectNext));
  const endWord = () => {
    const w = cur();
    if (!w) return;
    words.push(w);
    if (w.redirect) redirectNext = null;
    word = null;
  };
  const endCommand = (pipe = false) => {
    endWord();
    pipeline.push(words);
    words = [];
    redirectNext = null;
    if (pipe) return;
    finishPipeline(pipeline, 'fish');
    pipeline = [];
  };
  const fail = (p: string | null) => {
    problem ??= p;
  };

  while (s.i < t.length) {
    const at = s.i;
    const m = s.placeholderAt(at);
    const c = t[at]!;
    if (m) {
      s.addWordSite(m, 'bare', null, begin(at));
      s.i += m[0].length;
    } else if (c === '\\') {
      if (t[at + 1] === '\n') s.i += 2;
      else {
        const w = begin(at);
        const next = s.placeholderAt(at + 1);
        if (next) {
          w.sites.push(s.add(next, 'bare', REFUSE.escaped));
          w.text += DYNAMIC;
          s.i = at + 1 + next[0].length;
        } else {
          w.text += t[at + 1] ?? '\\';
          s.i += 2;
        }
      }
    } else if (c === "'" || c === '"') fail(scanQuoted(s, begin(at), c));
    else if (c === '$') fail(scanDollar(s, begin(at)));
    else if (c === '(') {
      const w = begin(at);
      w.text += DYNAMIC;
      s.i++;
      fail(substitution(s, w));
    } else if (c === '{') fail(skipBraces(s, begin(at)));
    else if (c === '#' && !cur()) {
      while (s.i < t.length && t[s.i] !== '\n') {
        const pm = s.placeholderAt(s.i);
        if (pm) {
          s.add(pm, 'bare', REFUSE.comment);
          s.i += pm[0].length;
        } else s.i++;
      }
    } else if (c === ' ' || c === '\t') {
      endWord();
      s.i++;
    } else if (c === '\n' || c === ';') {
      endCommand();
      s.i++;
    } else if (c === ')') {
      endCommand();
      s.i++;
      if (inner) return problem;
      fail(`the template has an unmatched \`)\` at offset ${at}`);
    } else if (c === '&' && t[at + 1] === '>') {
      endWord();
      s.i += t[at + 2] === '>' ? 3 : 2;
      redirectNext = '>';
    } else if (c === '|' || c === '&') {
      // `|` and `&|` pipe; `||`, `&&` and `&` end the command.
      const pipe = (c === '|' && t[at + 1] !== '|') || (c === '&' && t[at + 1] === '|');
      endCommand(pipe);
      s.i += t[at + 1] === c || (c === '&' && t[at + 1] === '|') ? 2 : 1;
    } else if (c === '<' || c === '>') {
      const fd = cur();
      if (fd && /^\d+$/.test(fd.text) && fd.sites.length === 0) word = null;
      else endWord();
      let op = c;
      s.i++;
      if (t[s.i] === '>' || t[s.i] === '&' || t[s.i] === '?' || t[s.i] === '|') op += t[s.i++];
      redirectNext = op;
    } else {
      begin(at).text += c;
      s.i++;
    }
  }
  endCommand();
  if (inner) return problem ?? 'the template has an unclosed `(`';
  return problem;
}

/** `(…)` after its `(`: a command list whose output becomes part of the word (split at newlines). */
function substitution(s: Scanner, w: Word): string | null {
  const nested = nestedSubstitution(s);
  if (nested) return nested;
  const from = s.sites.length;
  const problem = scanList(s, true);
  const inner = s.sites.slice(from);
  w.nested.push(...inner);
  w.split.push(...inner);
  return problem;
}

/** fish rejects a command substitution as the command of another (`$((1+2))`), when it parses the line or when it runs it. */
function nestedSubstitution(s: Scanner): string | null {
  let k = s.i;
  while (s.t[k] === ' ' || s.t[k] === '\t') k++;
  return s.t[k] === '(' ? `fish cannot run the command substitution at offset ${k} as a command` : null;
}

/** `'…'` or `"…"`: sites in them are single- or double-quoted; `"…"` holds `$var` and `$(…)`. */
function scanQuoted(s: Scanner, w: Word, q: "'" | '"'): string | null {
  const t = s.t;
  const open = s.i;
  s.i++;
  const from = s.sites.length;
  const mine: PlaceholderSite[] = [];
  while (s.i < t.length && t[s.i] !== q) {
    const at = s.i;
    const m = s.placeholderAt(at);
    if (m) {
      mine.push(s.addWordSite(m, q === "'" ? 'single' : 'double', null, w, q === '"' ? open : undefined));
      s.i += m[0].length;
      continue;
    }
    const c = t[at]!;
    const escapes = q === "'" ? "\\'" : '\\"$\n';
    if (c === '\\' && s.placeholderAt(at + 1)) {
      const next = s.placeholderAt(at + 1)!;
      const site = s.add(next, q === "'" ? 'single' : 'double', REFUSE.escaped);
      w.sites.push(site);
      mine.push(site);
      w.text += DYNAMIC;
      s.i = at + 1 + next[0].length;
    } else if (c === '\\' && escapes.includes(t[at + 1] ?? '')) {
      w.text += t[at + 1] === '\n' ? '' : t[at + 1];
      s.i += 2;
    } else if (c === '$' && q === '"') {
      const problem = scanDollar(s, w);
      if (problem) return problem;
    } else {
      w.text += c;
      s.i++;
    }
  }
  const closed = s.i < t.length;
  for (const site of mine) site.quotes = { open, close: closed ? s.i : t.length };
  if (!closed) {
    const reason = `the template has an unclosed \`${q}\` at offset ${open}`;
    s.refuseSince(from, { kind: 'unclosed', reason });
    return reason;
  }
  s.i++;
  return null;
}

/** `$name`, `$name[…]`, `$(…)`; a placeholder right after `$` is refused. */
function scanDollar(s: Scanner, w: Word): string | null {
  const t = s.t;
  const at = s.i;
  const m = s.placeholderAt(at + 1);
  w.text += DYNAMIC;
  if (m) {
    w.sites.push(s.add(m, 'bare', REFUSE.afterDollar));
    s.i = at + 1 + m[0].length;
    return null;
  }
  if (t[at + 1] === '(') {
    s.i += 2;
    const nested = nestedSubstitution(s);
    if (nested) return nested;
    const from = s.sites.length;
    const problem = scanList(s, true);
    w.nested.push(...s.sites.slice(from));
    return problem;
  }
  s.i++;
  while (s.i < t.length && (t[s.i] === '$' || /\w/.test(t[s.i]!))) s.i++;
  if (t[s.i] !== '[') return null;
  // An index: fish evaluates what is inside (it may hold command substitutions).
  const from = s.sites.length;
  const problem = skipUntil(s, ']', REFUSE.index);
  s.refuseSince(from, REFUSE.index);
  return problem;
}

/** `{…}` that is not a placeholder: a brace expansion whose items fish quotes and splits itself. */
function skipBraces(s: Scanner, w: Word): string | null {
  w.text += DYNAMIC;
  const from = s.sites.length;
  const problem = skipUntil(s, '}', REFUSE.brace);
  s.refuseSince(from, REFUSE.brace);
  return problem;
}

/** From the opening character at s.i to its matching `close`, nested pairs and quotes skipped whole. */
function skipUntil(s: Scanner, close: ']' | '}', refusal: Refusal): string | null {
  const t = s.t;
  const open = t[s.i]!;
  const start = s.i;
  let depth = 0;
  while (s.i < t.length) {
    const m = s.placeholderAt(s.i);
    if (m) {
      s.add(m, 'bare', refusal);
      s.i += m[0].length;
      continue;
    }
    const c = t[s.i]!;
    if (c === '\\') s.i += 2;
    else if (c === "'" || c === '"') {
      const problem = scanQuoted(s, newWord(s.i, null), c);
      if (problem) return problem;
    } else if (c === '$' || c === '(') {
      const w = newWord(s.i, null);
      const problem = c === '$' ? scanDollar(s, w) : (s.i++, substitution(s, w));
      if (problem) return problem;
    } else if (c === open) {
      depth++;
      s.i++;
    } else if (c === close) {
      s.i++;
      if (--depth === 0) return null;
    } else s.i++;
  }
  return `the template has an unclosed \`${open}\` at offset ${start}`;
}
