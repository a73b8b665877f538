/**
 * Where each `{placeholder}` of a command template stands, as a POSIX shell (dash, bash, zsh)
 * reads the template: a bare word, inside double quotes, inside single quotes, or somewhere no
 * quoting of a value is safe (a comment, after a backslash or `$`, in a here-document, inside
 * backquotes or `${…}`/`$((…))`, or in a string that another program parses again as code, such
 * as the argument of `sh -c`). The filler (command.ts) and the template lint (toolLint.ts) both
 * read these sites; docs/security.md lists the contexts and what is refused.
 *
 * The scanner follows the shell's own tokenising rules (quotes, escapes, substitutions, operators,
 * comments, here-documents) closely enough to know the quoting context of every offset; it does
 * not build a full syntax tree. Its verdicts are checked against real shells by
 * test/unit/commandShells.test.ts.
 */

/** How a value is quoted for its site. */
export type FillContext = 'bare' | 'double' | 'single';

/** Why no quoting can make a value safe at a site. */
export type RefusalKind = 'comment' | 'escaped' | 'after-dollar' | 'backquote' | 'expansion' | 'arithmetic' | 'ansi-c' | 'heredoc' | 'reparsed' | 'command-name' | 'unclosed';

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
}

const PLACEHOLDER = /\{([a-zA-Z_]\w*)\}/y;

/** Shells whose `-c` option takes a whole new command line. */
const SHELLS = new Set(['sh', 'bash', 'dash', 'zsh', 'ksh', 'mksh', 'ash', 'yash', 'fish', 'csh', 'tcsh', 'busybox']);
/** Interpreters whose `-c` / `-e` / `-r` option takes program text. */
const INTERPRETERS = new Set(['python', 'python2', 'python3', 'node', 'nodejs', 'deno', 'bun', 'perl', 'ruby', 'php', 'lua', 'Rscript', 'osascript']);
/** Programs whose first operand is a program in their own language (unless `-f` names a file). */
const SCRIPT_OPERAND = new Set(['awk', 'gawk', 'mawk', 'nawk', 'sed', 'gsed', 'jq']);
/** Programs that join their arguments into one command line for a shell. */
const JOINERS = new Map([
  ['eval', 'eval runs its arguments as a new command line'],
  ['ssh', 'ssh sends its arguments to the remote shell as one command line'],
  ['watch', 'watch runs its arguments through sh -c'],
  ['trap', 'trap runs its argument as a command line'],
]);
/** Words that can stand before a simple command's name. */
const PREFIX_WORDS = new Set(['!', 'if', 'then', 'else', 'elif', 'do', 'while', 'until', '{', '}', 'time', 'exec', 'command', 'builtin', 'nohup']);

const DYNAMIC = '\u0000';

interface Word {
  start: number;
  /** The word's text with quotes removed; placeholders and substitutions as DYNAMIC. */
  text: string;
  /** The sites that belong to this word. */
  sites: PlaceholderSite[];
  /** The word's value begins with a placeholder. */
  startsWithSite: PlaceholderSite | null;
  redirectTarget: boolean;
}

interface Heredoc {
  delimiter: string;
  stripTabs: boolean;
}

class Scanner {
  readonly sites: PlaceholderSite[] = [];
  i = 0;

  constructor(readonly t: string) {}

  placeholderAt(i: number): RegExpExecArray | null {
    if (this.t.charCodeAt(i) !== 123 /* { */) return null;
    PLACEHOLDER.lastIndex = i;
    return PLACEHOLDER.exec(this.t);
  }

  addSite(m: RegExpExecArray, context: FillContext, refusal: Refusal | null): PlaceholderSite {
    const site: PlaceholderSite = { name: m[1]!, start: m.index, end: m.index + m[0].length, context, refusal, optionPosition: false, wordStart: m.index };
    this.sites.push(site);
    return site;
  }

  /** Refuses every site recorded since `from` that has no refusal yet. */
  refuseSince(from: number, refusal: Refusal): void {
    for (let k = from; k < this.sites.length; k++) this.sites[k]!.refusal ??= refusal;
  }

  /** Skips to the end of a construct where no value is safe, refusing the placeholders in it. */
  skipRefused(close: string, refusal: Refusal, nested?: string): boolean {
    const from = this.sites.length;
    let depth = 1;
    const t = this.t;
    while (this.i < t.length) {
      const m = this.placeholderAt(this.i);
      if (m) {
        this.addSite(m, 'bare', refusal);
        this.i += m[0].length;
        continue;
      }
      const c = t[this.i]!;
      if (c === '\\') {
        this.i += 2;
        continue;
      }
      if (nested && t.startsWith(nested, this.i)) {
        depth++;
        this.i += nested.length;
        continue;
      }
      if (t.startsWith(close, this.i)) {
        this.i += close.length;
        if (--depth === 0) return true;
        continue;
      }
      this.i++;
    }
    this.refuseSince(from, refusal);
    return false;
  }
}

const REFUSE = {
  comment: { kind: 'comment', reason: 'it stands in a shell comment, which never reaches the command' },
  escaped: { kind: 'escaped', reason: 'a backslash stands before it, so the shell would not read the quoting of the value' },
  afterDollar: { kind: 'after-dollar', reason: 'a `$` stands before it, so the shell would read `${…}` as a parameter expansion' },
  backquote: { kind: 'backquote', reason: 'it stands inside backquotes, whose text the shell parses again' },
  expansion: { kind: 'expansion', reason: 'it stands inside a `${…}` parameter expansion' },
  arithmetic: { kind: 'arithmetic', reason: 'it stands inside `$((…))`, where the shell evaluates the value as arithmetic (and bash runs `$(…)` in array subscripts)' },
  ansiC: { kind: 'ansi-c', reason: "it stands inside a `$'…'` string, where backslash escapes are decoded" },
  heredoc: { kind: 'heredoc', reason: 'it stands in a here-document, where no quoting is possible and a line of the value could end the document' },
  commandName: { kind: 'command-name', reason: 'it stands where the shell expects the name of the program to run' },
} satisfies Record<string, Refusal>;

/** The placeholder sites of a template, in order (every occurrence, as the filler sees them). */
export function placeholderSites(template: string): PlaceholderSite[] {
  const s = new Scanner(template);
  const closed = scanList(s, null);
  if (!closed.ok) {
    // An unclosed quote or substitution: a shell rejects the whole line, or reads its end differently.
    for (const site of s.sites) site.refusal ??= { kind: 'unclosed', reason: closed.reason };
  }
  return s.sites;
}

type Closed = { ok: true } | { ok: false; reason: string };

/**
 * A command list up to `end` (`)` for a subshell or `$(…)`, null for the whole template). Tracks
 * the words of each simple command to find option positions and re-parsed arguments.
 */
function scanList(s: Scanner, end: ')' | null): Closed {
  const t = s.t;
  let words: Word[] = [];
  let word: Word | null = null;
  let redirectNext = false;
  const pendingHeredocs: Heredoc[] = [];
  let heredocDelimiterWord: Heredoc | null = null;
  let problem: string | null = null;

  const begin = (at: number): Word => (word ??= { start: at, text: '', sites: [], startsWithSite: null, redirectTarget: redirectNext });
  const endWord = () => {
    if (!word) return;
    if (heredocDelimiterWord) {
      heredocDelimiterWord.delimiter = word.text;
      for (const site of word.sites) site.refusal ??= REFUSE.heredoc;
      heredocDelimiterWord = null;
    } else words.push(word);
    if (word.redirectTarget) redirectNext = false;
    word = null;
  };
  const endCommand = () => {
    endWord();
    finishCommand(words);
    words = [];
    redirectNext = false;
  };

  while (s.i < t.length) {
    const at = s.i;
    const m = s.placeholderAt(at);
    if (m) {
      const w = begin(at);
      const site = s.addSite(m, 'bare', null);
      site.wordStart = w.start;
      if (w.text === '' && !w.startsWithSite) w.startsWithSite = site;
      w.sites.push(site);
      w.text += DYNAMIC;
      s.i += m[0].length;
      continue;
    }
    const c = t[at]!;
    if (c === '\\') {
      if (t[at + 1] === '\n') {
        s.i += 2;
        continue;
      }
      const next = s.placeholderAt(at + 1);
      const w = begin(at);
      if (next) {
        const site = s.addSite(next, 'bare', REFUSE.escaped);
        w.sites.push(site);
        w.text += DYNAMIC;
        s.i = at + 1 + next[0].length;
        continue;
      }
      w.text += t[at + 1] ?? '\\';
      s.i += 2;
      continue;
    }
    if (c === "'") {
      const w = begin(at);
      scanSingle(s, w);
      continue;
    }
    if (c === '"') {
      const w = begin(at);
      if (!scanDouble(s, w)) problem ??= `the template has an unclosed \`"\` at offset ${at}`;
      continue;
    }
    if (c === '`') {
      const w = begin(at);
      w.text += DYNAMIC;
      s.i++;
      if (!s.skipRefused('`', REFUSE.backquote)) problem ??= `the template has an unclosed backquote at offset ${at}`;
      continue;
    }
    if (c === '$') {
      const w = begin(at);
      if (!scanDollar(s, w)) problem ??= `the template has an unclosed \`$\` construct at offset ${at}`;
      continue;
    }
    if (c === '#' && !word) {
      const from = s.sites.length;
      while (s.i < t.length && t[s.i] !== '\n') {
        const pm = s.placeholderAt(s.i);
        if (pm) {
          s.addSite(pm, 'bare', REFUSE.comment);
          s.i += pm[0].length;
        } else s.i++;
      }
      s.refuseSince(from, REFUSE.comment);
      continue;
    }
    if (c === ' ' || c === '\t') {
      endWord();
      s.i++;
      continue;
    }
    if (c === '\n' || c === '\r') {
      endCommand();
      s.i++;
      if (c === '\n' && pendingHeredocs.length) skipHeredocs(s, pendingHeredocs.splice(0));
      continue;
    }
    if (c === ')') {
      endCommand();
      if (end === ')') {
        s.i++;
        return problem ? { ok: false, reason: problem } : { ok: true };
      }
      problem ??= `the template has an unmatched \`)\` at offset ${at}`;
      s.i++;
      continue;
    }
    if (c === '(') {
      if (word) {
        // `f()` or `a(b`: a syntax error or a function definition; either way a new list.
        endWord();
      }
      endCommand();
      s.i++;
      const inner = scanList(s, ')');
      if (!inner.ok) problem ??= inner.reason;
      continue;
    }
    if (c === ';' || c === '&' || c === '|') {
      endCommand();
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
        redirectNext = true;
      } else if (t.startsWith('<<', at)) {
        const stripTabs = t[at + 2] === '-';
        s.i += stripTabs ? 3 : 2;
        heredocDelimiterWord = { delimiter: '', stripTabs };
        pendingHeredocs.push(heredocDelimiterWord);
      } else {
        s.i += 1;
        if (t[s.i] === '>' || t[s.i] === '&' || t[s.i] === '|' || (c === '<' && t[s.i] === '>')) s.i++;
        if (t[s.i] === '(') {
          // Process substitution `<(…)` / `>(…)`: a command list of its own.
          const w = begin(at);
          w.text += DYNAMIC;
          s.i++;
          const inner = scanList(s, ')');
          if (!inner.ok) problem ??= inner.reason;
          continue;
        }
        redirectNext = true;
      }
      continue;
    }
    const w = begin(at);
    w.text += c;
    s.i++;
  }
  endCommand();
  if (end === ')') return { ok: false, reason: problem ?? 'the template has an unclosed `(`' };
  return problem ? { ok: false, reason: problem } : { ok: true };
}

/** `'…'`: every placeholder inside is a single-quoted site. */
function scanSingle(s: Scanner, w: Word): void {
  const t = s.t;
  const open = s.i;
  s.i++;
  const from = s.sites.length;
  let first = true;
  while (s.i < t.length && t[s.i] !== "'") {
    const m = s.placeholderAt(s.i);
    if (m) {
      const site = s.addSite(m, 'single', null);
      site.wordStart = w.start;
      if (first && w.text === '' && !w.startsWithSite) w.startsWithSite = site;
      w.sites.push(site);
      w.text += DYNAMIC;
      s.i += m[0].length;
    } else {
      w.text += t[s.i];
      s.i++;
    }
    first = false;
  }
  const closed = s.i < t.length;
  const close = closed ? s.i : t.length;
  for (let k = from; k < s.sites.length; k++) s.sites[k]!.quotes = { open, close };
  if (closed) s.i++;
  else s.refuseSince(from, { kind: 'unclosed', reason: `the template has an unclosed \`'\` at offset ${open}` });
}

/** `"…"`: placeholders are double-quoted sites; `$(…)` inside starts a new command list. */
function scanDouble(s: Scanner, w: Word): boolean {
  const t = s.t;
  const open = s.i;
  s.i++;
  const from = s.sites.length;
  const mine: PlaceholderSite[] = [];
  let first = true;
  while (s.i < t.length && t[s.i] !== '"') {
    const at = s.i;
    const m = s.placeholderAt(at);
    if (m) {
      const site = s.addSite(m, 'double', null);
      site.wordStart = w.start;
      if (first && w.text === '' && !w.startsWithSite) w.startsWithSite = site;
      w.sites.push(site);
      mine.push(site);
      w.text += DYNAMIC;
      s.i += m[0].length;
      first = false;
      continue;
    }
    first = false;
    const c = t[at]!;
    if (c === '\\') {
      const next = s.placeholderAt(at + 1);
      if (next) {
        const site = s.addSite(next, 'double', REFUSE.escaped);
        w.sites.push(site);
        mine.push(site);
        w.text += DYNAMIC;
        s.i = at + 1 + next[0].length;
        continue;
      }
      w.text += '$`"\\\n'.includes(t[at + 1] ?? '') ? (t[at + 1] === '\n' ? '' : t[at + 1]!) : '\\' + (t[at + 1] ?? '');
      s.i += 2;
      continue;
    }
    if (c === '`') {
      w.text += DYNAMIC;
      s.i++;
      if (!s.skipRefused('`', REFUSE.backquote)) return false;
      continue;
    }
    if (c === '$') {
      if (t[at + 1] === "'") {
        // `$'` has no special meaning inside double quotes.
        w.text += '$';
        s.i++;
        continue;
      }
      if (!scanDollar(s, w)) return false;
      continue;
    }
    w.text += c;
    s.i++;
  }
  const closed = s.i < t.length;
  for (const site of mine) site.quotes = { open, close: closed ? s.i : t.length };
  if (!closed) {
    s.refuseSince(from, { kind: 'unclosed', reason: `the template has an unclosed \`"\` at offset ${open}` });
    return false;
  }
  s.i++;
  return true;
}

/** `$…` at s.i: a substitution, an expansion or a literal `$`. False when it is not closed. */
function scanDollar(s: Scanner, w: Word): boolean {
  const t = s.t;
  const at = s.i;
  const next = t[at + 1];
  if (next === '{') {
    const m = s.placeholderAt(at + 1);
    w.text += DYNAMIC;
    if (m) {
      const site = s.addSite(m, 'bare', REFUSE.afterDollar);
      w.sites.push(site);
      s.i = at + 1 + m[0].length;
      return true;
    }
    s.i += 2;
    return s.skipRefused('}', REFUSE.expansion, '{');
  }
  if (next === '(' && t[at + 2] === '(') {
    w.text += DYNAMIC;
    s.i += 3;
    return s.skipRefused('))', REFUSE.arithmetic, '((');
  }
  if (next === '(') {
    w.text += DYNAMIC;
    s.i += 2;
    return scanList(s, ')').ok;
  }
  if (next === "'") {
    w.text += DYNAMIC;
    s.i += 2;
    return s.skipRefused("'", REFUSE.ansiC);
  }
  if (next === '"') {
    // `$"…"` is a locale-translated double-quoted string.
    s.i++;
    return scanDouble(s, w);
  }
  if (next !== undefined && /[A-Za-z_0-9@*#?$!-]/.test(next)) w.text += DYNAMIC;
  else w.text += '$';
  s.i++;
  return true;
}

/** Skips here-document bodies after a newline, refusing every placeholder in them. */
function skipHeredocs(s: Scanner, docs: Heredoc[]): void {
  const t = s.t;
  for (const doc of docs) {
    while (s.i < t.length) {
      const nl = t.indexOf('\n', s.i);
      const lineEnd = nl < 0 ? t.length : nl;
      const line = t.slice(s.i, lineEnd);
      const from = s.i;
      for (let k = from; k < lineEnd; k++) {
        const m = s.placeholderAt(k);
        if (m) {
          s.addSite(m, 'bare', REFUSE.heredoc);
          k += m[0].length - 1;
        }
      }
      s.i = nl < 0 ? t.length : nl + 1;
      if ((doc.stripTabs ? line.replace(/^\t+/, '') : line) === doc.delimiter) break;
    }
  }
}

const basename = (w: string) => w.slice(w.lastIndexOf('/') + 1);

/** Commands that run the command named by their first operand. */
const WRAPPERS = new Set(['sudo', 'doas', 'env', 'nice', 'nohup', 'stdbuf', 'xargs', 'time', 'exec', 'command', 'builtin', 'timeout', 'ionice']);

/** Decides option positions, command-name sites and re-parsed arguments for one simple command. */
function finishCommand(words: Word[]): void {
  const args = words.filter((w) => !w.redirectTarget);
  let k = 0;
  // Assignments (`X=1 cmd`) and reserved words before the command name.
  while (k < args.length && (/^[A-Za-z_]\w*=/.test(args[k]!.text) || PREFIX_WORDS.has(args[k]!.text))) k++;
  if (k >= args.length) return;
  for (;;) {
    for (const site of args[k]!.sites) site.refusal ??= REFUSE.commandName;
    const wrapper = basename(args[k]!.text);
    if (!WRAPPERS.has(wrapper)) break;
    let j = k + 1;
    while (j < args.length && (args[j]!.text.startsWith('-') || /^[A-Za-z_]\w*=/.test(args[j]!.text))) j++;
    if (wrapper === 'timeout' && j < args.length && /^\d/.test(args[j]!.text)) j++;
    if (j >= args.length) break;
    k = j;
  }
  const name = basename(args[k]!.text);
  const joiner = JOINERS.get(name);
  let dashDash = false;
  // sed, awk and jq read their first operand (or the argument of -e) as a program.
  let program = SCRIPT_OPERAND.has(name) ? name : null;
  let skipTo = refuseCodeArgument(args, k);
  for (let j = k + 1; j < args.length; j++) {
    const w = args[j]!;
    if (joiner) for (const site of w.sites) site.refusal ??= { kind: 'reparsed', reason: joiner };
    const literal = !w.text.includes(DYNAMIC);
    if (literal && w.text === '--') dashDash = true;
    if (j <= skipTo) continue;
    // A shell or interpreter later in the command (`env bash -lc`, `find … -exec sh -c`).
    skipTo = refuseCodeArgument(args, j);
    if (skipTo > j) continue;
    const isOption = !dashDash && literal && w.text.startsWith('-') && w.text !== '-';
    if (program) {
      if (literal && (w.text === '-f' || w.text === '--file' || w.text === '--from-file')) program = null;
      else if (literal && (w.text === '-e' || w.text === '--expression') && args[j + 1]) {
        for (const site of args[j + 1]!.sites) site.refusal ??= { kind: 'reparsed', reason: `${program} reads this argument as a program of its own` };
        program = null;
        j++;
        continue;
      } else if (!isOption) {
        for (const site of w.sites) site.refusal ??= { kind: 'reparsed', reason: `${program} reads this argument as a program of its own` };
        program = null;
        continue;
      }
    }
    if (w.startsWithSite && !dashDash) w.startsWithSite.optionPosition = true;
  }
}

/**
 * When `args[at]` is a shell or an interpreter given code by an option (`sh -c`, `bash -lc`,
 * `python3 -c`, `node -e`), refuses the placeholders of the code argument and returns its index;
 * otherwise returns `at`.
 */
function refuseCodeArgument(args: Word[], at: number): number {
  const w = args[at]!;
  if (w.text.includes(DYNAMIC)) return at;
  const base = basename(w.text);
  const shell = SHELLS.has(base);
  if (!shell && !INTERPRETERS.has(base)) return at;
  const flag = findCodeFlag(args, at + 1, shell ? /^-[A-Za-z]*c[A-Za-z]*$/ : /^-(-eval|[A-Za-z]*[cer])$/);
  const code = flag === null ? undefined : args[flag + 1];
  if (!code) return at;
  const reason = shell ? `${base} ${args[flag!]!.text} parses this argument again as a new command line` : `${base} ${args[flag!]!.text} runs this argument as ${base} code`;
  for (const site of code.sites) site.refusal ??= { kind: 'reparsed', reason };
  return flag! + 1;
}

/** The index of the first word from `from` on that passes code to a shell or interpreter (up to `--`). */
function findCodeFlag(words: Word[], from: number, flag: RegExp): number | null {
  for (let j = from; j < words.length; j++) {
    const w = words[j]!.text;
    if (w === '--') return null;
    if (!w.includes(DYNAMIC) && flag.test(w)) return j;
  }
  return null;
}
