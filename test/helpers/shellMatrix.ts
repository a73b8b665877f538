/**
 * The command-fill attack matrix: every template shape × every hostile value × real shells.
 * Each filled command runs in a real shell whose `rec` binary records its exact argv; a canary
 * file (`PWNED`, or anything else appearing in the working folder) means a value ran as code.
 * A shape either has an expected argv for each value or is refused by the filler for every value.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fillTemplate } from '../../server/src/core/agent/command';

export const FIXED_HOME = '/nonexistent-home';

export interface Shape {
  template: string;
  /** The argv `rec` must receive for the value, or null when the filler must refuse every value. */
  argv: ((v: string) => string[]) | null;
  /** A value starting with `-` stands where it would be read as an option (refused unless allowed). */
  option?: boolean;
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
  { template: 'rec -- "${HOME}" {q}', argv: (v) => ['--', FIXED_HOME, v] },
  { template: `rec "$(printf '%s' {q})"`, argv: (v) => [stripTrailingNewlines(v)], option: true },
  { template: 'rec -- "x $(printf %s "{q}") y"', argv: (v) => ['--', `x ${stripTrailingNewlines(v)} y`], option: true },
  { template: 'true && rec {q} | cat >/dev/null', argv: (v) => [v], option: true },
  { template: 'rec {q} >/dev/null 2>&1', argv: (v) => [v], option: true },
  { template: 'X={q} rec -- x', argv: () => ['--', 'x'] },
  { template: '(rec -- {q})', argv: (v) => ['--', v] },
  { template: 'if true; then rec -- {q}; fi', argv: (v) => ['--', v] },
  { template: 'rec {q} # trailing comment', argv: (v) => [v], option: true },
  { template: 'rec -- {q}\nrec -- "{q}"', argv: (v) => ['--', v, '\u0000', '--', v] },
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
  { template: 'rec "${HOME:-{q}}"', argv: null },
  { template: 'sh -c "rec {q}"', argv: null },
  { template: "sh -c 'rec {q}'", argv: null },
  { template: "bash -lc 'rec {q}'", argv: null },
  { template: 'env A=1 sh -c "rec -- {q}"', argv: null },
  { template: 'eval rec {q}', argv: null },
  { template: 'rec <<EOF\n{q}\nEOF', argv: null },
  { template: "rec <<'EOF'\n{q}\nEOF", argv: null },
  { template: '{q} x', argv: null },
  { template: 'env {q}', argv: null },
  { template: "python3 -c 'print({q})'", argv: null },
  { template: "sed -e 's/{q}/x/'", argv: null },
  { template: "awk '/{q}/'", argv: null },
  { template: 'rec "unclosed {q}', argv: null },
];

export interface ShellRunner {
  name: string;
  /** Reads the command as typed into a terminal (the fill is asked to refuse control characters). */
  terminal?: boolean;
  /** Runs a script file; the script's text is also given for shells that read standard input. */
  run(scriptPath: string, script: string, env: NodeJS.ProcessEnv, cwd: string): void;
}

export const SHELLS: readonly ShellRunner[] = [
  { name: 'sh (dash)', run: (p, _s, env, cwd) => void spawnSync('/bin/sh', [p], { env, cwd, stdio: 'ignore', timeout: 120_000 }) },
  { name: 'bash', run: (p, _s, env, cwd) => void spawnSync('bash', ['--norc', '--noprofile', p], { env, cwd, stdio: 'ignore', timeout: 120_000 }) },
  // An interactive bash reads the lines as a terminal would: history expansion (`!`) is on.
  {
    name: 'bash -i',
    terminal: true,
    run: (_p, s, env, cwd) => void spawnSync('bash', ['--norc', '--noprofile', '-i'], { env, cwd, input: s, stdio: ['pipe', 'ignore', 'ignore'], timeout: 120_000 }),
  },
];

export interface MatrixResult {
  cases: number;
  executed: number;
  refused: number;
  failures: string[];
}

/** The argv of each `rec` call of one case, calls separated by a NUL entry. */
function recorded(file: string, mark: string): string[] {
  if (!existsSync(file)) return ['<rec was not run>'];
  const calls = readFileSync(file, 'utf8')
    .split(mark + '\0')
    .slice(1);
  return calls.flatMap((c, k) => [...(k ? ['\u0000'] : []), ...c.split('\0').slice(0, -1)]);
}

/**
 * Fills every shape with every value and runs the results in every shell. With `allowOptions`
 * the option rule is off, so option-looking values must still reach `rec` as one literal word.
 */
export function runMatrix(values: readonly string[], opts: { shells?: readonly ShellRunner[]; shapes?: readonly Shape[]; allowOptions?: boolean } = {}): MatrixResult {
  const root = mkdtempSync(join(tmpdir(), 'agent-files-shells-'));
  const bin = join(root, 'bin');
  const recDir = join(root, 'rec');
  const work = join(root, 'work');
  mkdirSync(bin);
  const mark = `@rec-${process.pid}-${Date.now()}@`;
  writeFileSync(join(bin, 'rec'), '#!/bin/sh\nprintf \'%s\\0\' "$REC_MARK" "$@" >> "$REC_DIR/$REC_CASE"\n');
  chmodSync(join(bin, 'rec'), 0o755);
  const env: NodeJS.ProcessEnv = { PATH: `${bin}:/usr/bin:/bin`, HOME: FIXED_HOME, REC_MARK: mark, REC_DIR: recDir, HISTFILE: '/dev/null', LANG: 'C.UTF-8', TERM: 'dumb' };
  const result: MatrixResult = { cases: 0, executed: 0, refused: 0, failures: [] };
  const fail = (msg: string) => {
    if (result.failures.length < 50) result.failures.push(msg);
  };
  try {
    for (const shape of opts.shapes ?? SHAPES) {
      for (const shell of opts.shells ?? SHELLS) {
        const runs: { i: number; expect: string[] }[] = [];
        let script = '';
        values.forEach((v, i) => {
          result.cases++;
          const r = fillTemplate(shape.template, { q: v }, { allowOptions: opts.allowOptions, terminal: shell.terminal });
          const mustRefuse =
            shape.argv === null ||
            v.includes('\0') ||
            (!opts.allowOptions && !!shape.option && v.startsWith('-')) ||
            (!!shell.terminal && /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/.test(v));
          if (!r.ok) {
            result.refused++;
            if (!mustRefuse) fail(`${shell.name}: ${JSON.stringify(shape.template)} refused ${JSON.stringify(v)}: ${r.problems.map((p) => p.reason).join('; ')}`);
            return;
          }
          if (mustRefuse) fail(`${shell.name}: ${JSON.stringify(shape.template)} filled ${JSON.stringify(v)} where it must refuse: ${JSON.stringify(r.command)}`);
          if (shape.argv === null) return;
          runs.push({ i, expect: shape.argv(v) });
          script += `REC_CASE=${i}; export REC_CASE\n${r.command}\n`;
        });
        if (!runs.length) continue;
        const scriptPath = join(root, 'script.sh');
        writeFileSync(scriptPath, script);
        rmSync(recDir, { recursive: true, force: true });
        rmSync(work, { recursive: true, force: true });
        mkdirSync(recDir);
        mkdirSync(work);
        shell.run(scriptPath, script, env, work);
        const canaries = readdirSync(work);
        if (canaries.length) fail(`${shell.name}: ${JSON.stringify(shape.template)} left ${JSON.stringify(canaries)} in the working folder: a value ran as code`);
        for (const { i, expect } of runs) {
          result.executed++;
          const got = recorded(join(recDir, String(i)), mark);
          if (JSON.stringify(got) !== JSON.stringify(expect)) {
            fail(`${shell.name}: ${JSON.stringify(shape.template)} with ${JSON.stringify(values[i])}: argv ${JSON.stringify(got)}, expected ${JSON.stringify(expect)}`);
          }
        }
      }
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  return result;
}
