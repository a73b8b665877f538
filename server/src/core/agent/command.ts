/**
 * Filling a skill's command template. Each value is quoted for the shell context its placeholder
 * stands in (shellSites.ts): a bare word gets the reference's POSIX single-quoting (so ordinary
 * templates fill exactly as the reference runtime fills them), a placeholder inside `"…"` or `'…'`
 * gets that quoting's escapes, and where no quoting is safe the fill is refused with a reason.
 */
import { tooDeep, tooDeepMessage } from '../jsonDepth';
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

/** How a typed input value becomes one shell word: numbers and booleans as written, objects and arrays as JSON. */
export function stringifyValue(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  if (v === null || v === undefined) return '';
  if (tooDeep(v)) throw new FillRefused([{ placeholder: '', offset: 0, kind: 'too-deep', reason: tooDeepMessage('the value') }]);
  return JSON.stringify(v) ?? String(v);
}

export type FillProblemKind = RefusalKind | 'option' | 'nul' | 'control' | 'too-deep';

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
   * characters (Tab completes, Escape starts key sequences, CR accepts the line): refuse values
   * holding any control character but the newline.
   */
  terminal?: boolean;
}

/** Control characters a terminal's line editor would act on (everything but LF). */
const TERMINAL_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

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
export function sitesOf(template: string): readonly PlaceholderSite[] {
  let sites = siteCache.get(template);
  if (!sites) {
    sites = Object.freeze(placeholderSites(template).map((s) => Object.freeze(s)));
    if (siteCache.size >= 256) siteCache.delete(siteCache.keys().next().value!);
    siteCache.set(template, sites);
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
  const problems: FillProblem[] = [];
  const parts: string[] = [];
  let last = 0;
  const words = new Map<string, string>();
  for (const site of sitesOf(template)) {
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
    parts.push(template.slice(last, site.start), quoteFor(site.context, value));
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
    const c = TERMINAL_CONTROL.exec(value)![0].codePointAt(0)!;
    return {
      ...at,
      kind: 'control',
      reason: `the value holds the control character U+${c.toString(16).toUpperCase().padStart(4, '0')}, which a terminal's line editor would act on instead of typing it`,
    };
  }
  if (site.refusal) return { ...at, kind: site.refusal.kind, reason: site.refusal.reason };
  if (site.optionPosition && value.startsWith('-') && !options.allowOptions) {
    return { ...at, kind: 'option', reason: `the value starts with "-" and the command would read it as an option (the template has no \`--\` before it)` };
  }
  return null;
}

function quoteFor(context: PlaceholderSite['context'], value: string): string {
  switch (context) {
    case 'bare':
      return shQuote(value);
    case 'double':
      return doubleQuoteEscape(value);
    case 'single':
      return singleQuoteEscape(value);
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
