/**
 * The command-fill enumeration: 45 quoting fragments paired around a placeholder (`rec A{q}B`,
 * 2,025 templates) and a generated set that nests the placeholder in quotes, substitutions and
 * command lists, each filled with hostile values and run in real shells (shellRunners.ts).
 *
 * There is no hand-written expectation per template: the oracle is the template filled with a
 * harmless marker, run in the same shell. A value is filled exactly right when every `rec` call
 * gets the marker run's argv with the marker replaced by the value; a value ran when the case's
 * folder is not empty afterwards. A refusal is always allowed (counted, never a failure).
 */
import { fillTemplate } from '../../server/src/core/agent/command';
import { runCases, type Case, type CaseResult, type ShellRunner } from './shellRunners';
import { prng } from './prng';

/** Self-contained pieces of shell syntax, each a place where a scanner could lose track of the quoting. */
export const FRAGMENTS: readonly string[] = [
  '',
  ' ',
  'x',
  "'a b'",
  '"a b"',
  '"TODO$"',
  '"$"',
  '$',
  '"a\\"b"',
  '\\"',
  "\\'",
  '\\\\',
  "'it'\\''s'",
  "$'a\\'b'",
  "$'\\\\'",
  '$"l10n"',
  '${X:-"}"}',
  "${X:-'}'}",
  `"\${X:-'}'}"`,
  '${X:-{a}b}',
  '"${X:-"}"}"',
  '${X:-\\}}',
  '$HOME',
  '"$HOME"',
  '`printf x`',
  "'\\'",
  '$(printf x)',
  '"$(printf %s \\))"',
  '$((1+(2)))',
  '$[1]',
  " #it's ",
  ' ; ',
  ' | rec ',
  ' && rec ',
  ' >/dev/null ',
  ' <<E\nE\n',
  ` <<'E'\n'"\nE\n`,
  '\\\n',
  '\n rec ',
  '"a\\\nb"',
  '(x)',
  '{a,b}',
  '!',
  '"!"',
  '~',
];

/** The 2,025 pairings: `rec A{q}B` for every fragment A and B. */
export function pairedTemplates(): string[] {
  return FRAGMENTS.flatMap((a) => FRAGMENTS.map((b) => `rec ${a}{q}${b}`));
}

/** Wrappers that put a piece of template inside a context. */
const WRAPS: readonly ((s: string) => string)[] = [
  (s) => `"${s}"`,
  (s) => `'${s}'`,
  (s) => `$(rec ${s})`,
  (s) => `"$(rec ${s})"`,
  (s) => `"x $(rec -- ${s}) y"`,
  (s) => `\${X:-${s}}`,
  (s) => `"\${X:-${s}}"`,
  (s) => `\`rec ${s}\``,
  (s) => `(rec ${s})`,
  (s) => `{ rec ${s}; }`,
  (s) => `if true; then rec ${s}; fi`,
  (s) => `rec <<<${s}`,
  (s) => `sh -c 'rec "$1"' sh ${s}`,
  // Read whole by cat, so that the process substitution has ended before the case does.
  (s) => `"$(cat <(rec ${s}))"`,
  (s) => `$((${s}))`,
  (s) => `$'${s}'`,
  (s) => `$"${s}"`,
  (s) => `X=${s} rec`,
  (s) => `rec -- ${s}`,
  (s) => `rec ${s} # c`,
];

/** Templates beyond the pairings: fragments around the placeholder, wrapped in one or two contexts, in a command. */
export function generatedTemplates(count: number, seed = 1): string[] {
  const rnd = prng(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const out = new Set<string>();
  while (out.size < count) {
    let s = `${pick(FRAGMENTS)}{q}${pick(FRAGMENTS)}`;
    const depth = 1 + Math.floor(rnd() * 2);
    for (let d = 0; d < depth; d++) s = rnd() < 0.5 ? pick(WRAPS)(s) : `${pick(FRAGMENTS)}${pick(WRAPS)(s)}${pick(FRAGMENTS)}`;
    out.add(s.startsWith('rec ') || /^(sh|X=|if|\{|\()/.test(s) ? s : `rec ${s}`);
  }
  return [...out];
}

/** Values that each try one way out of a context; every one that runs leaves a file behind. */
export const ENUMERATION_VALUES: readonly string[] = [
  '; touch PWNED; #',
  '$(touch PWNED)',
  '`touch PWNED`',
  "'; touch PWNED; '",
  "'$(touch PWNED)'",
  '"; touch PWNED; "',
  '"$(touch PWNED)"',
  '\\"; touch PWNED; \\"',
  "\\'; touch PWNED; echo \\'",
  "\\\\'; touch PWNED; echo '",
  '}; touch PWNED; #',
  '"}"; touch PWNED; #',
  "'}'; touch PWNED; #",
  ")'; touch PWNED; #",
  '\ntouch PWNED\n',
  'a[$(touch PWNED)]',
  '(touch PWNED)',
  '{$(touch PWNED)}',
  'E\ntouch PWNED\n',
  '>PWNED',
  '\\',
  "it's !! $HOME ~ * {a,b}",
  '!#:gs/x/y/',
];

/** The marker the oracle fills in: no shell reads anything in it. */
export const MARK = 'VAL0';

export interface EnumerationResult {
  templates: number;
  /** Templates whose fill is refused for every value (the marker included). */
  refusedTemplates: number;
  cases: number;
  refused: number;
  run: number;
  /** `shell: template with value` for each value that ran (a file appeared). */
  ran: string[];
  /** Values filled but not exactly right (no file appeared). */
  wrong: string[];
}

const show = (s: string) => JSON.stringify(s);

/**
 * Fills every template with the marker and every value (or `perTemplate` of them, rotating) for
 * each shell, with the shell's name as the fill's `shell` option, runs them, and compares.
 */
export function runEnumeration(templates: readonly string[], values: readonly string[], shells: readonly ShellRunner[], opts: { perTemplate?: number } = {}): EnumerationResult {
  const result: EnumerationResult = { templates: templates.length, refusedTemplates: 0, cases: 0, refused: 0, run: 0, ran: [], wrong: [] };
  const refusedTemplates = new Set<number>();
  for (const shell of shells) {
    const fill = (t: string, v: string) => fillTemplate(t, { q: v }, { terminal: shell.terminal, shell: shell.fillShell });
    // Typed shells read one stream: small chunks, and a chunk that goes wrong is run again one template at a time.
    const chunkSize = shell.kind === 'typed' ? 40 : 400;
    for (let from = 0; from < templates.length; from += chunkSize) {
      const chunk: { ti: number; ref: string; values: { vi: number; command: string }[] }[] = [];
      for (let ti = from; ti < Math.min(templates.length, from + chunkSize); ti++) {
        const t = templates[ti]!;
        const ref = fill(t, MARK);
        const filled: { vi: number; command: string }[] = [];
        values.forEach((v, vi) => {
          // With `perTemplate`, template t gets values t, t+1, … (mod the count): every value meets every fragment over the set.
          if (opts.perTemplate && (((vi - ti) % values.length) + values.length) % values.length >= opts.perTemplate) return;
          result.cases++;
          const r = fill(t, v);
          if (!r.ok) result.refused++;
          else filled.push({ vi, command: r.command });
        });
        if (!ref.ok) {
          refusedTemplates.add(ti);
          for (const f of filled) result.wrong.push(`${shell.name}: ${show(t)} refuses the marker but fills ${show(values[f.vi]!)} as ${show(f.command)}`);
          continue;
        }
        if (filled.length) chunk.push({ ti, ref: ref.command, values: filled });
      }
      const casesOf = (items: typeof chunk): Case[] =>
        items.flatMap((c) => [{ id: `${c.ti}-r`, command: c.ref }, ...c.values.map((v) => ({ id: `${c.ti}-${v.vi}`, command: v.command }))]);
      let outcome = runCases(shell, casesOf(chunk));
      const verdicts = (items: typeof chunk, got: Map<string, CaseResult>) => items.map((c) => ({ c, bad: judge(c, got, values) }));
      let judged = verdicts(chunk, outcome);
      if (shell.kind === 'typed' && judged.some((j) => j.bad.length)) {
        judged = judged.map((j) => {
          if (!j.bad.length) return j;
          outcome = runCases(shell, casesOf([j.c]));
          return { c: j.c, bad: judge(j.c, outcome, values) };
        });
      }
      for (const { c, bad } of judged) {
        result.run += c.values.length;
        for (const b of bad) (b.ran ? result.ran : result.wrong).push(`${shell.name}: ${show(templates[c.ti]!)} with ${b.vi < 0 ? 'the marker' : show(values[b.vi]!)}: ${b.why}`);
      }
    }
  }
  result.refusedTemplates = refusedTemplates.size;
  return result;
}

function judge(c: { ti: number; values: { vi: number; command: string }[] }, got: Map<string, CaseResult>, values: readonly string[]): { vi: number; ran: boolean; why: string }[] {
  const ref = got.get(`${c.ti}-r`)!;
  const bad: { vi: number; ran: boolean; why: string }[] = [];
  if (ref.canaries.length) bad.push({ vi: -1, ran: true, why: `the marker run left ${show(ref.canaries.join(','))}` });
  for (const { vi, command } of c.values) {
    const r = got.get(`${c.ti}-${vi}`)!;
    const v = values[vi]!;
    if (r.canaries.length) {
      bad.push({ vi, ran: true, why: `ran (left ${r.canaries.join(',')}) as ${show(command)}` });
      continue;
    }
    // The commands of a pipeline run at the same time: the calls are compared in any order.
    const expected = ref.calls.map((argv) => argv.map((a) => a.split(MARK).join(v)));
    const key = (calls: string[][]) => JSON.stringify(calls.map((c) => JSON.stringify(c)).sort());
    if (key(expected) !== key(r.calls)) bad.push({ vi, ran: false, why: `argv ${JSON.stringify(r.calls)}, expected ${JSON.stringify(expected)} (filled as ${show(command)})` });
  }
  return bad;
}
