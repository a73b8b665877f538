/**
 * Reads a command template the way one POSIX-family shell does (shellDialect.ts says where dash,
 * bash and zsh, interactive or not, differ): quotes, escapes, `$(…)`, backquotes, `${…}`,
 * `$((…))`, `$'…'`, `$"…"`, comments, operators, redirections and here-documents, to find the
 * quoting context of every placeholder and the words of every command (programRules.ts decides
 * what the programs do with them). It follows the shells' tokenising rules closely enough to know
 * where each construct ends; it does not build a syntax tree. test/unit/commandShells.test.ts and
 * the enumeration (test/helpers/fillEnumeration.ts) check its verdicts against the real shells.
 */
import type { PosixDialect } from './shellDialect';
import { finishPipeline } from './programRules';
import { newWord, REFUSE, scanDollar, scanDouble, Scanner, scanSingle, skipArithmetic, skipBackquote, skipGroup } from './posixConstructs';
import { allSites, DYNAMIC, refuse, type PlaceholderSite, type Word } from './shellWords';

/** Characters that mean nothing to the scanner here: none of blanks, quotes, `$`, `\\`, operators, parentheses, `{` or `!`. */
const PLAIN = /[^ \t\n'"`$\\;&|<>(){!]+|[^]/y;

interface Heredoc {
  delimiter: string;
  stripTabs: boolean;
}

/** The placeholder sites of a template as one shell reads it, each with its refusal if any. */
export function scanPosix(template: string, dialect: PosixDialect): PlaceholderSite[] {
  const s: Scanner = new Scanner(template, dialect, (end) => scanList(s, end));
  const problem = scanList(s, null);
  // An unclosed quote or substitution: a shell rejects the whole line, or reads its end differently
  // (so this reading's other verdicts do not hold either).
  if (problem) for (const site of s.sites) if (site.refusal?.kind !== 'unclosed') site.refusal = { kind: 'unclosed', reason: problem };
  if (s.bang >= 0) {
    const reason = `${dialect.name} expands the \`!\` at offset ${s.bang} as a history reference, which can rewrite the line around the value`;
    for (const site of s.sites) site.refusal ??= { kind: 'history', reason };
  }
  return s.sites;
}

/**
 * A command list up to `end` (`)` for a subshell or `$(…)`, null for the whole template); returns
 * why it is not closed, or null. Collects the words of each pipeline for the program rules.
 */
function scanList(s: Scanner, end: ')' | null): string | null {
  const t = s.t;
  let words: Word[] = [];
  let pipeline: Word[][] = [];
  let word: Word | null = null;
  let redirectNext: string | null = null;
  const pendingHeredocs: Heredoc[] = [];
  let heredocWord: Heredoc | null = null;
  let problem: string | null = null;

  const begin = (at: number): Word => (word ??= newWord(at, redirectNext));
  const endWord = () => {
    if (!word) return;
    if (heredocWord) {
      heredocWord.delimiter = word.text;
      refuse(allSites(word), REFUSE.heredoc);
      heredocWord = null;
    } else words.push(word);
    if (word.redirect) redirectNext = null;
    word = null;
  };
  const endCommand = (pipe = false) => {
    endWord();
    pipeline.push(words);
    words = [];
    redirectNext = null;
    if (pipe) return;
    finishPipeline(pipeline, 'posix');
    pipeline = [];
  };
  const fail = (p: string | null) => {
    problem ??= p;
  };

  while (s.i < t.length) {
    const at = s.i;
    const m = s.placeholderAt(at);
    if (m) {
      s.addWordSite(m, 'bare', null, begin(at));
      s.i += m[0].length;
      continue;
    }
    const c = t[at]!;
    if (c === '\\') {
      if (t[at + 1] === '\n') {
        s.i += 2;
        continue;
      }
      const w = begin(at);
      const next = s.placeholderAt(at + 1);
      if (next) {
        w.sites.push(s.add(next, 'bare', REFUSE.escaped));
        w.text += DYNAMIC;
        s.i = at + 1 + next[0].length;
        continue;
      }
      w.text += t[at + 1] ?? '\\';
      s.i += 2;
      continue;
    }
    if (c === "'") {
      fail(scanSingle(s, begin(at)));
      continue;
    }
    if (c === '"') {
      fail(scanDouble(s, begin(at), null));
      continue;
    }
    if (c === '`') {
      begin(at).text += DYNAMIC;
      s.i++;
      fail(skipBackquote(s));
      continue;
    }
    if (c === '$') {
      fail(scanDollar(s, begin(at), false));
      continue;
    }
    if (c === '#' && !(word as Word | null) && s.d.comments) {
      skipComment(s);
      continue;
    }
    if (c === ' ' || c === '\t') {
      endWord();
      s.i++;
      continue;
    }
    if (c === '\n') {
      endCommand();
      s.i++;
      if (pendingHeredocs.length) skipHeredocs(s, pendingHeredocs.splice(0));
      continue;
    }
    if (c === ')') {
      endCommand();
      s.i++;
      if (end === ')') return problem;
      fail(`the template has an unmatched \`)\` at offset ${at}`);
      continue;
    }
    if (c === '(') {
      const current = word as Word | null;
      if (current && s.d.globGroups && t[at + 1] !== ')') {
        // zsh: `word(…)` is one word, a glob with qualifiers.
        current.text += DYNAMIC;
        s.i++;
        fail(skipGroup(s, at));
        continue;
      }
      const arithmetic = !current && words.length === 0 && s.d.bashisms && t[at + 1] === '(';
      // `f()` or `a(b`: a function definition or a syntax error; either way a new list.
      endCommand();
      s.i += arithmetic ? 2 : 1;
      fail(arithmetic ? skipArithmetic(s, at) : scanList(s, ')'));
      continue;
    }
    if (c === '&' && t[at + 1] === '>') {
      // `&>file`, `&>>file` (bash, zsh): a redirection, not the end of the command.
      endWord();
      s.i += t[at + 2] === '>' ? 3 : 2;
      redirectNext = '>';
      continue;
    }
    if (c === ';' || c === '&' || c === '|') {
      const pipe = c === '|' && t[at + 1] !== '|';
      endCommand(pipe);
      s.i += t[at + 1] === c || (c === '|' && t[at + 1] === '&') ? 2 : 1;
      continue;
    }
    if (c === '<' || c === '>') {
      // A word of digits right before the operator is the file descriptor, not an argument.
      const fd = word as Word | null;
      if (fd && /^\d+$/.test(fd.text) && fd.sites.length === 0) word = null;
      else endWord();
      if (t.startsWith('<<<', at)) {
        s.i += 3;
        redirectNext = '<<<';
      } else if (t.startsWith('<<', at)) {
        const stripTabs = t[at + 2] === '-';
        s.i += stripTabs ? 3 : 2;
        heredocWord = { delimiter: '', stripTabs };
        pendingHeredocs.push(heredocWord);
      } else {
        let op = c;
        s.i += 1;
        if (t[s.i] === '>' || t[s.i] === '&' || t[s.i] === '|' || (c === '<' && t[s.i] === '>')) op += t[s.i++];
        if (t[s.i] === '(') {
          // Process substitution `<(…)` / `>(…)`: a command list of its own, whose output is a file name.
          const w = begin(at);
          w.text += DYNAMIC;
          s.i++;
          const from = s.sites.length;
          fail(scanList(s, ')'));
          w.nested.push(...s.sites.slice(from));
          continue;
        }
        redirectNext = op;
      }
      continue;
    }
    if (c === '!') {
      s.checkBang(at);
      begin(at).text += c;
      s.i++;
      continue;
    }
    // A run of ordinary characters (a `#` inside a word is one).
    PLAIN.lastIndex = at;
    const plain = PLAIN.exec(t)![0];
    begin(at).text += plain;
    s.i += plain.length;
  }
  endCommand();
  if (end === ')') return problem ?? 'the template has an unclosed `(`';
  return problem;
}

function skipComment(s: Scanner): void {
  const from = s.sites.length;
  while (s.i < s.t.length && s.t[s.i] !== '\n') {
    const m = s.placeholderAt(s.i);
    if (m) s.refused(m, REFUSE.comment);
    else s.i++;
  }
  s.refuseSince(from, REFUSE.comment);
}

/** Skips here-document bodies after a newline, refusing every placeholder in them. */
function skipHeredocs(s: Scanner, docs: Heredoc[]): void {
  const t = s.t;
  for (const doc of docs) {
    while (s.i < t.length) {
      const nl = t.indexOf('\n', s.i);
      const lineEnd = nl < 0 ? t.length : nl;
      const line = t.slice(s.i, lineEnd);
      for (let k = s.i; k < lineEnd; k++) {
        const m = s.placeholderAt(k);
        if (m) {
          s.add(m, 'bare', REFUSE.heredoc);
          k += m[0].length - 1;
        } else if (t[k] === '!') s.checkBang(k);
      }
      s.i = nl < 0 ? t.length : nl + 1;
      if ((doc.stripTabs ? line.replace(/^\t+/, '') : line) === doc.delimiter) break;
    }
  }
}
