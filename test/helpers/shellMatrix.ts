/**
 * The command-fill attack matrix: every template shape × every hostile value × real shells
 * (shellRunners.ts). A shape either has an expected argv for each value or is refused by the filler
 * for every value. The expected argv holds for the POSIX shells (interactive zsh, which reads `#`
 * as a word, has its own where it differs); in fish, which reads its own syntax, a filled value
 * must instead give the argv of the template filled with a harmless marker, with the marker
 * replaced by the value, and a shape refused for POSIX shells may be filled when fish reads it as
 * plain words.
 */
import { fillTemplate } from '../../server/src/core/agent/command';
import { FIXED_HOME, runCases, SHELLS, type Case, type CaseResult, type ShellRunner } from './shellRunners';

export { FIXED_HOME, SHELLS, type ShellRunner };

export interface Shape {
  template: string;
  /** The argv `rec` must receive for the value (calls separated by a NUL entry), or null when the filler must refuse every value. */
  argv: ((v: string) => string[]) | null;
  /** A value starting with `-` stands where it would be read as an option (refused unless allowed). */
  option?: boolean;
  /** Text the program replaces in the argument (`find -exec`'s `{}`): a value holding it is refused. */
  replaces?: string;
  /** The argv in interactive zsh, where it differs (`#` is not a comment there). */
  zshInteractive?: (v: string) => string[];
  /** Not run in fish, whose `$(…)` strips trailing newlines its own way (the enumeration covers fish). */
  posixOnly?: boolean;
}

const stripTrailingNewlines = (v: string) => v.replace(/\n+$/, '');

/** Every template shape the filler supports, and the ones it must refuse. */
export const SHAPES: readonly Shape[] = [
  { template: 'rec {q}', argv: (v) => [v], option: true },
  { template: 'rec -- {q}', argv: (v) => ['--', v] },
  { template: 'rec "{q}"', argv: (v) => [v], option: true },
  { template: "rec '{q}'", argv: (v) => [v], option: true },
  { template: 'rec "a {q} b"', argv: (v) => [`a ${v} b`] },
  { template: "rec 'a {q} b'", argv: (v) => [`a ${v} b`] },
  { template: 'rec --opt={q}', argv: (v) => [`--opt=${v}`] },
  { template: 'rec "--opt={q}"', argv: (v) => [`--opt=${v}`] },
  { template: 'rec pre{q}post', argv: (v) => [`pre${v}post`] },
  { template: `rec "pre"{q}'post'`, argv: (v) => [`pre${v}post`] },
  { template: 'rec {q} {q}', argv: (v) => [v, v], option: true },
  { template: `rec -- {q} "{q}" '{q}'`, argv: (v) => ['--', v, v, v] },
  { template: 'rec "{q}"x"{q}"', argv: (v) => [`${v}x${v}`], option: true },
  { template: `rec 'it''s {q}'`, argv: (v) => [`its ${v}`] },
  { template: 'rec "$HOME/{q}"', argv: (v) => [`${FIXED_HOME}/${v}`] },
  { template: 'rec -- "$HOME{q}" "$1{q}"', argv: (v) => ['--', `${FIXED_HOME}${v}`, v] },
  { template: 'rec -- ~/{q}', argv: (v) => ['--', `${FIXED_HOME}/${v}`] },
  { template: 'rec -- "${HOME}" {q}', argv: (v) => ['--', FIXED_HOME, v] },
  { template: `rec "$(printf '%s' {q})"`, argv: (v) => [stripTrailingNewlines(v)], option: true, posixOnly: true },
  { template: 'rec -- "x $(printf %s "{q}") y"', argv: (v) => ['--', `x ${stripTrailingNewlines(v)} y`], option: true, posixOnly: true },
  { template: 'true && rec {q} | cat >/dev/null', argv: (v) => [v], option: true },
  { template: 'rec {q} >/dev/null 2>&1', argv: (v) => [v], option: true },
  { template: 'X={q} rec -- x', argv: () => ['--', 'x'] },
  { template: '(rec -- {q})', argv: (v) => ['--', v] },
  { template: 'if true; then rec -- {q}; fi', argv: (v) => ['--', v] },
  { template: 'rec {q} # trailing comment', argv: (v) => [v], option: true, zshInteractive: (v) => [v, '#', 'trailing', 'comment'] },
  { template: 'rec -- {q}\nrec -- "{q}"', argv: (v) => ['--', v, '\u0000', '--', v] },
  // The quoting before the placeholder ends where the shells end it.
  { template: 'rec -- "TODO$" {q} "*.md"', argv: (v) => ['--', 'TODO$', v, '*.md'] },
  { template: 'rec -- "a$"{q}', argv: (v) => ['--', `a$${v}`] },
  { template: 'rec -- "$\'"{q}', argv: (v) => ['--', `$'${v}`] },
  { template: 'rec -- ${X:-"}"}{q}', argv: (v) => ['--', `}${v}`] },
  { template: "rec -- ${X:-'}'}{q}", argv: (v) => ['--', `}${v}`] },
  { template: 'rec -- "${X:-"}"}"{q}', argv: (v) => ['--', `}${v}`] },
  { template: 'rec -- ${X:-\\}}{q}', argv: (v) => ['--', `}${v}`] },
  { template: 'rec -- "$(( (1+(2)) ))" {q}', argv: (v) => ['--', '3', v] },
  { template: 'sh -c \'rec -- "$1"\' sh {q}', argv: (v) => ['--', v], option: true },
  { template: 'find /dev/null -exec rec -- {} {q} \\;', argv: (v) => ['--', '/dev/null', v], replaces: '{}' },
  { template: 'printf x | xargs -I @ rec -- @ {q}', argv: (v) => ['--', 'x', v], replaces: '@' },
  { template: 'timeout -s KILL 5 rec -- {q}', argv: (v) => ['--', v] },
  { template: 'env -u X rec -- {q}', argv: (v) => ['--', v] },
  // Refused: no quoting is safe here.
  { template: 'rec # {q}', argv: null },
  { template: 'rec \\{q}', argv: null },
  { template: 'rec "\\{q}"', argv: null },
  { template: 'rec ${q}', argv: null },
  { template: 'rec "${q}"', argv: null },
  { template: 'rec `echo {q}`', argv: null },
  { template: 'rec "`echo {q}`"', argv: null },
  { template: 'rec $(( {q} ))', argv: null },
  { template: "rec $'{q}'", argv: null },
  { template: 'rec $"{q}"', argv: null },
  { template: 'rec $[{q}]', argv: null },
  { template: 'rec "${HOME:-{q}}"', argv: null },
  { template: 'rec ${X:-"}"{q}}', argv: null },
  { template: "rec $'\\''{q}''", argv: null },
  { template: 'rec $(rec {q})', argv: null },
  { template: 'rec *({q})', argv: null },
  { template: 'rec ~{q}', argv: null },
  { template: 'rec {q} !#:gs/x/y/', argv: null },
  { template: "rec # it's\nrec -- {q} #'", argv: null },
  { template: 'sh -c "rec {q}"', argv: null },
  { template: "sh -c 'rec {q}'", argv: null },
  { template: 'sh -c -- {q}', argv: null },
  { template: "bash -lc 'rec {q}'", argv: null },
  { template: 'env A=1 sh -c "rec -- {q}"', argv: null },
  { template: 'eval rec {q}', argv: null },
  { template: 'eval "$(printf %s {q})"', argv: null },
  { template: 'rec <<EOF\n{q}\nEOF', argv: null },
  { template: "rec <<'EOF'\n{q}\nEOF", argv: null },
  { template: '{q} x', argv: null },
  { template: 'env {q}', argv: null },
  { template: "python3 -c 'print({q})'", argv: null },
  { template: "sed -e 's/{q}/x/'", argv: null },
  { template: "awk '/{q}/'", argv: null },
  { template: 'rec "unclosed {q}', argv: null },
  // Programs that parse an argument again as code, or run what the value names.
  { template: 'make -f /dev/null {q}', argv: null },
  { template: '[[ {q} -gt 0 ]]', argv: null },
  { template: 'let {q}', argv: null },
  { template: 'printf -v {q} x', argv: null },
  { template: 'read {q} <<<x', argv: null },
  { template: 'test -v {q}', argv: null },
  { template: '[ -v {q} ]', argv: null },
  { template: 'printf %s {q} | sh', argv: null },
  { template: 'printf %s {q} | bash -s', argv: null },
  { template: 'printf %s {q} | python3', argv: null },
  { template: 'sh <<<{q}', argv: null },
  { template: 'node -p {q}', argv: null },
  { template: 'node --eval={q}', argv: null },
  { template: 'perl -E {q}', argv: null },
  { template: 'python3 -c{q}', argv: null },
  { template: 'git -c {q} version', argv: null },
  { template: 'timeout -s KILL 5 {q}', argv: null },
  { template: 'xargs -n 1 {q} </dev/null', argv: null },
  { template: 'find /dev/null -exec {q} \\;', argv: null },
  { template: 'npx {q}', argv: null },
  { template: 'export {q}=1', argv: null },
  { template: 'declare -i n={q}', argv: null },
];

export interface MatrixResult {
  cases: number;
  executed: number;
  refused: number;
  failures: string[];
}

const MARK = 'VAL0';
const TERMINAL_REFUSED = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** A shape's expected argv as `rec` calls. */
function asCalls(argv: string[]): string[][] {
  return argv.reduce<string[][]>((calls, a) => (a === '\u0000' ? [...calls, []] : [...calls.slice(0, -1), [...calls.at(-1)!, a]]), [[]]);
}

/**
 * Fills every shape with every value and runs the results in every shell. With `allowOptions`
 * the option rule is off, so option-looking values must still reach `rec` as one literal word.
 */
export function runMatrix(values: readonly string[], opts: { shells?: readonly ShellRunner[]; shapes?: readonly Shape[]; allowOptions?: boolean } = {}): MatrixResult {
  const result: MatrixResult = { cases: 0, executed: 0, refused: 0, failures: [] };
  const fail = (msg: string) => {
    if (result.failures.length < 50) result.failures.push(msg);
  };
  for (const shell of opts.shells ?? SHELLS) {
    // The POSIX expectations hold where the shell reads the template as POSIX sh does.
    const exact = shell.kind !== 'fish';
    const cases: Case[] = [];
    const expect = new Map<string, (ref: CaseResult | undefined) => string[][]>();
    (opts.shapes ?? SHAPES).forEach((shape, si) => {
      if (shape.posixOnly && shell.kind === 'fish') return;
      const fill = (v: string) => fillTemplate(shape.template, { q: v }, { allowOptions: opts.allowOptions, terminal: shell.terminal, shell: shell.fillShell });
      const marker = fill(MARK);
      if (marker.ok) cases.push({ id: `${si}-r`, command: marker.command });
      values.forEach((v, i) => {
        result.cases++;
        const r = fill(v);
        const mustRefuse =
          exact &&
          (shape.argv === null ||
            v.includes('\0') ||
            (!!shape.replaces && v.includes(shape.replaces)) ||
            (!opts.allowOptions && !!shape.option && v.startsWith('-')) ||
            (!!shell.terminal && TERMINAL_REFUSED.test(v)));
        if (!r.ok) {
          result.refused++;
          if (!mustRefuse && exact) fail(`${shell.name}: ${JSON.stringify(shape.template)} refused ${JSON.stringify(v)}: ${r.problems.map((p) => p.reason).join('; ')}`);
          return;
        }
        if (mustRefuse) fail(`${shell.name}: ${JSON.stringify(shape.template)} filled ${JSON.stringify(v)} where it must refuse: ${JSON.stringify(r.command)}`);
        if (!marker.ok) return fail(`${shell.name}: ${JSON.stringify(shape.template)} refuses the marker but fills ${JSON.stringify(v)}`);
        cases.push({ id: `${si}-${i}`, command: r.command });
        const argv = (shell.name === 'zsh -i' && shape.zshInteractive) || shape.argv;
        expect.set(`${si}-${i}`, (ref) => (exact && argv ? asCalls(argv(v)) : (ref?.calls ?? []).map((c) => c.map((a) => a.split(MARK).join(v)))));
      });
    });
    const got = runCases(shell, cases);
    for (const c of cases) {
      const r = got.get(c.id)!;
      const [si, i] = c.id.split('-');
      const template = JSON.stringify((opts.shapes ?? SHAPES)[Number(si)]!.template);
      if (r.canaries.length) fail(`${shell.name}: ${template} left ${JSON.stringify(r.canaries)} in the working folder: a value ran as code (${JSON.stringify(c.command)})`);
      if (i === 'r') continue;
      result.executed++;
      const expected = expect.get(c.id)!(got.get(`${si}-r`));
      const key = (calls: string[][]) => JSON.stringify(calls.map((x) => JSON.stringify(x)).sort());
      if (key(r.calls) !== key(expected))
        fail(`${shell.name}: ${template} with ${JSON.stringify(values[Number(i)])}: argv ${JSON.stringify(r.calls)}, expected ${JSON.stringify(expected)}`);
    }
  }
  return result;
}
