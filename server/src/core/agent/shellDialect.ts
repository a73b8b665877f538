/**
 * The shells a filled command may run in, and how each reads a template where they differ. A POSIX
 * template is read once per dialect below (posixScanner.ts) and a value is filled only where every
 * reading agrees; fish reads its own syntax (fishScanner.ts) and gets its own quoting. Which shell
 * a name or path means (`/usr/bin/zsh`, `pwsh.exe`) is decided here too, for the CLI, the server
 * and the editor's terminal alike.
 */

/** How a POSIX-family shell reads the places where dash, bash and zsh differ. */
export interface PosixDialect {
  readonly name: string;
  /** `$'…'` is an ANSI-C string (bash, zsh); dash reads `$` and then a single-quoted string. */
  readonly ansiC: boolean;
  /** `$"…"` is a string translated through the locale's message catalog (bash). */
  readonly localeStrings: boolean;
  /** `{` and `}` nest inside an unquoted `${…}` (zsh). */
  readonly nestedBraces: boolean;
  /** `'…'` quotes a `}` inside a double-quoted `"${…}"` (bash); dash and zsh read a literal `'`. */
  readonly quotesInQuotedExpansion: boolean;
  /** `#` starts a comment (all but interactive zsh, where interactivecomments is off by default). */
  readonly comments: boolean;
  /** `!` expands history (interactive bash and zsh). */
  readonly history: boolean;
  /** `word(…)` is one word: glob qualifiers (zsh, where `(e:…:)` runs code) or extglob groups. */
  readonly globGroups: boolean;
  /** `$[…]` is arithmetic, and `[[ … ]]` and `(( … ))` are keywords (bash, zsh). */
  readonly bashisms: boolean;
}

const BASE = { ansiC: true, localeStrings: false, nestedBraces: false, quotesInQuotedExpansion: false, comments: true, history: false, globGroups: false, bashisms: true };

/**
 * Every POSIX-family reading a filled command must survive: it may be pasted into any of them.
 * bash first: where the readings refuse for different reasons, bash's reason is the one shown.
 */
export const POSIX_DIALECTS: readonly PosixDialect[] = [
  { ...BASE, name: 'bash', localeStrings: true, quotesInQuotedExpansion: true },
  { ...BASE, name: 'zsh', nestedBraces: true, globGroups: true },
  { ...BASE, name: 'dash', ansiC: false, bashisms: false },
  { ...BASE, name: 'interactive bash', localeStrings: true, quotesInQuotedExpansion: true, history: true, globGroups: true },
  { ...BASE, name: 'interactive zsh', nestedBraces: true, globGroups: true, comments: false, history: true },
];

export type ShellFamily = 'posix' | 'fish';

export type ShellVerdict = { ok: true; family: ShellFamily; name: string } | { ok: false; name: string; reason: string };

const POSIX_NAMES = new Set(['sh', 'dash', 'bash', 'zsh', 'ksh', 'ksh93', 'mksh', 'pdksh', 'oksh', 'ash', 'yash', 'posh']);
const REFUSED: Record<string, string> = {
  pwsh: 'PowerShell',
  powershell: 'PowerShell',
  cmd: 'cmd',
  nu: 'nushell',
  nushell: 'nushell',
  csh: 'csh',
  tcsh: 'tcsh',
  xonsh: 'xonsh',
  elvish: 'elvish',
  wsl: 'WSL',
};

/**
 * The shell a name or path (`bash`, `/usr/local/bin/fish`, `C:\…\pwsh.exe`) stands for: the POSIX
 * family and fish are filled for; every other shell is refused, with its name.
 */
export function shellVerdict(nameOrPath: string): ShellVerdict {
  const base = nameOrPath
    .trim()
    .replace(/^.*[\\/]/, '')
    .replace(/\.exe$/i, '')
    .toLowerCase();
  if (POSIX_NAMES.has(base)) return { ok: true, family: 'posix', name: base };
  if (base === 'fish') return { ok: true, family: 'fish', name: base };
  const known = REFUSED[base];
  const what = known ?? (base ? `"${base}"` : 'unknown');
  return {
    ok: false,
    name: known ?? base,
    reason: `the shell is ${what}: Agent Files quotes values only for POSIX shells (sh, dash, bash, zsh, ksh) and fish`,
  };
}
