/**
 * Filling a skill's command template. Each value is quoted for the shell context its placeholder
 * stands in (shellSites.ts): a bare word gets the reference's POSIX single-quoting (so ordinary
 * templates fill exactly as the reference runtime fills them), a placeholder inside `"…"` or `'…'`
 * gets that quoting's escapes, and where no quoting is safe the fill is refused with a reason. For
 * a fish terminal the template is read as fish reads it and quoted with fish's rules; any other
 * shell is refused (shellDialect.ts).
 */
import { tooDeep, tooDeepMessage } from '../text/jsonDepth';
import { shellVerdict, type ShellFamily } from './shellDialect';
import { placeholderSites, type PlaceholderSite, type RefusalKind } from './shellSites';

const PLACEHOLDER = /\{([a-zA-Z_]\w*)\}/g;

/** Wraps in single quotes; each `'` becomes `'\''`. Nothing else needs escaping in sh. */
export function shQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** Inside `"…"`: `\`, `"`, `$` and backquote are escaped; `!` leaves the quotes (history expansion in interactive shells). */
export function doubleQuoteEscape(s: string): string {
  return s.replace(/[\\"$`]/g, '\\$&').replace(/!/g, `"'!'"`);
}

/** Inside `'…'`: close the quote, write an escaped `'`, reopen. */
export function singleQuoteEscape(s: string): string {
  return s.replace(/'/g, `'\\''`);
}

/** fish: inside `'…'` only `\\` and `\'` are escapes. */
export function fishSingleQuoteEscape(s: string): string {
  return s.replace(/[\\']/g, '\\$&');
}

/** fish: one word in single quotes. */
export function fishQuote(s: string): string {
  return `'${fishSingleQuoteEscape(s)}'`;
}

/** fish: inside `"…"` the escapes are `\\`, `\"` and `\$` (fish has no history expansion and no backquotes). */
export function fishDoubleQuoteEscape(s: string): string {
  return s.replace(/[\\"$]/g, '\\$&');
}

/** How a typed input value becomes one shell word: numbers and booleans as written, objects and arrays as JSON. */
export function stringifyValue(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  if (v === null || v === undefined) return '';
  if (tooDeep(v)) throw new FillRefused([{ placeholder: '', offset: 0, kind: 'too-deep', reason: tooDeepMessage('the value') }]);
  return JSON.stringify(v) ?? String(v);
}

export type FillProblemKind = RefusalKind | 'option' | 'nul' | 'control' | 'too-deep' | 'template-character' | 'shell' | 'replaced';

/** Why one placeholder could not be filled. */
export interface FillProblem {
  placeholder: string;
  /** Offset of the placeholder's `{` in the template. */
  offset: number;
  kind: FillProblemKind;
  reason: string;
}

export interface FillOptions {
  /** Fill values that start with `-` where the command would read them as options. */
  allowOptions?: boolean;
  /**
   * The command will be typed into an interactive terminal, whose line editor acts on control
   * characters (Tab completes, Escape starts key sequences, CR and LF end the line): refuse values
   * holding any control or bidi character.
   */
  terminal?: boolean;
  /**
   * The shell that will run the command, by name or path (`bash`, `/usr/bin/fish`): the POSIX
   * family (the default) or fish; any other shell is refused.
   */
  shell?: string;
}

/**
 * Control characters a terminal's line editor would act on, the newline included (an interactive
 * shell that rejects the line before it reads the lines after it as new commands), and the bidi
 * controls that would reorder the command line shown in the confirmation.
 */
const TERMINAL_CONTROL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/**
 * Characters a template may not hold: C0 and C1 controls but the tab and the newline (a CR or an
 * escape acts on the terminal, and the shells disagree on what a lone CR is), and the bidi
 * controls (U+061C, U+200E/F, U+202A–E, U+2066–9), which make the command read differently from
 * how it runs.
 */
export const TEMPLATE_CHARACTER = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

const codePoint = (c: string) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** Why the template itself cannot be filled: a control or bidi character, at its offset. */
export function templateCharacterProblem(template: string, terminal = false): FillProblem | null {
  TEMPLATE_CHARACTER.lastIndex = 0;
  const m = TEMPLATE_CHARACTER.exec(template) ?? (terminal ? /\t/.exec(template) : null);
  if (!m) return null;
  const what =
    m[0] === '\t' ? 'a tab, which a terminal would complete on' : /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/.test(m[0]) ? 'a bidi control character' : 'a control character';
  return { placeholder: '', offset: m.index, kind: 'template-character', reason: `the template holds ${what} (${codePoint(m[0])}) at offset ${m.index}` };
}

export type FillOutcome = { ok: true; command: string } | { ok: false; problems: FillProblem[] };

/** Thrown by `fillCommand` when a value cannot be filled safely. */
export class FillRefused extends Error {
  constructor(readonly problems: FillProblem[]) {
    super(problems.map(describeProblem).join('; '));
  }
}

export function describeProblem(p: FillProblem): string {
  return p.placeholder ? `cannot fill {${p.placeholder}}: ${p.reason}` : `cannot fill the command: ${p.reason}`;
}

const siteCache = new Map<string, readonly PlaceholderSite[]>();

/** The sites of a template, kept for the last few hundred templates (they are immutable once made). */
export function sitesOf(template: string, family: ShellFamily = 'posix'): readonly PlaceholderSite[] {
  const key = family + '\u0000' + template;
  let sites = siteCache.get(key);
  if (!sites) {
    sites = Object.freeze(placeholderSites(template, family).map((s) => Object.freeze(s)));
    if (siteCache.size >= 256) siteCache.delete(siteCache.keys().next().value!);
    siteCache.set(key, sites);
  }
  return sites;
}

/**
 * Fills every placeholder that has a value, quoted for its context; placeholders without a value
 * stay as written (as the reference leaves them). Refuses, with every reason, when a value cannot
 * be made safe: its placeholder stands where no quoting works, it holds NUL, or it would be read
 * as an option.
 */
export function fillTemplate(template: string, values: Record<string, unknown> = {}, options: FillOptions = {}): FillOutcome {
  const shell = shellVerdict(options.shell ?? 'sh');
  if (!shell.ok) return { ok: false, problems: [{ placeholder: '', offset: 0, kind: 'shell', reason: shell.reason }] };
  const character = templateCharacterProblem(template, options.terminal);
  if (character) return { ok: false, problems: [character] };
  const problems: FillProblem[] = [];
  const parts: string[] = [];
  let last = 0;
  const words = new Map<string, string>();
  for (const site of sitesOf(template, shell.family)) {
    if (!Object.prototype.hasOwnProperty.call(values, site.name)) continue;
    let value = words.get(site.name);
    if (value === undefined) {
      try {
        value = stringifyValue(values[site.name]);
      } catch (e) {
        if (!(e instanceof FillRefused)) throw e;
        problems.push({ ...e.problems[0]!, placeholder: site.name, offset: site.start });
        continue;
      }
      words.set(site.name, value);
    }
    const problem = siteProblem(site, value, options);
    if (problem) {
      problems.push(problem);
      continue;
    }
    // After an unbraced expansion inside "…", close and reopen the quotes so the value cannot extend it.
    parts.push(template.slice(last, site.start), site.afterExpansion ? '""' : '', quoteFor(shell.family, site.context, value));
    last = site.end;
  }
  if (problems.length) return { ok: false, problems };
  parts.push(template.slice(last));
  return { ok: true, command: parts.join('') };
}

function siteProblem(site: PlaceholderSite, value: string, options: FillOptions): FillProblem | null {
  const at = { placeholder: site.name, offset: site.start };
  if (value.includes('\0')) return { ...at, kind: 'nul', reason: 'the value holds a NUL character, which no shell argument can carry' };
  if (options.terminal && TERMINAL_CONTROL.test(value)) {
    const c = TERMINAL_CONTROL.exec(value)![0];
    return {
      ...at,
      kind: 'control',
      reason: /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/.test(c)
        ? `the value holds the bidi control character ${codePoint(c)}, which would make the command shown for confirmation read differently from how it runs`
        : c === '\n'
          ? "the value holds a newline, which ends the line a terminal's shell reads (if the shell rejects that line, it runs the next ones as new commands)"
          : `the value holds the control character ${codePoint(c)}, which a terminal's line editor would act on instead of typing it`,
    };
  }
  if (site.refusal) return { ...at, kind: site.refusal.kind, reason: site.refusal.reason };
  if (site.replaced && value.includes(site.replaced.text)) return { ...at, kind: 'replaced', reason: `the value holds "${site.replaced.text}", and ${site.replaced.by}` };
  if (site.optionPosition && value.startsWith('-') && !options.allowOptions) {
    return { ...at, kind: 'option', reason: `the value starts with "-" and the command would read it as an option (the template has no \`--\` before it)` };
  }
  return null;
}

function quoteFor(family: ShellFamily, context: PlaceholderSite['context'], value: string): string {
  switch (context) {
    case 'bare':
      return family === 'fish' ? fishQuote(value) : shQuote(value);
    case 'double':
      return family === 'fish' ? fishDoubleQuoteEscape(value) : doubleQuoteEscape(value);
    case 'single':
      return family === 'fish' ? fishSingleQuoteEscape(value) : singleQuoteEscape(value);
  }
}

/** `fillTemplate` for callers that treat a refusal as an error (it throws `FillRefused`). */
export function fillCommand(template: string, values: Record<string, unknown> = {}, options: FillOptions = {}): string {
  const r = fillTemplate(template, values, options);
  if (!r.ok) throw new FillRefused(r.problems);
  return r.command;
}

/** Distinct placeholder names in first-occurrence order. */
export function commandPlaceholders(template: string): string[] {
  return [...new Set([...template.matchAll(PLACEHOLDER)].map((m) => m[1]!))];
}
