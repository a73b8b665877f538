/**
 * Real shells that run filled commands for the attack matrices (shellMatrix.ts, fillEnumeration.ts).
 * A `rec` program (a shell function, and a binary on PATH for `env rec`, `sudo rec`, `xargs rec`…)
 * appends its exact argv to files named after the case; any file appearing in the working folder
 * (the values `touch PWNED`) means a value ran, and the cases run again one folder each to say which.
 *
 * Non-interactive shells read each case from a file of its own, sourced in a subshell, so a syntax
 * error, an unterminated here-document or an `exec` ends only that case. Interactive shells (bash
 * and zsh with history expansion on, zsh without comments) read the cases as typed lines.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const FIXED_HOME = '/nonexistent-home';

export interface ShellRunner {
  name: string;
  /** The program that must be installed. */
  program: string;
  /** The `shell` fill option for this shell. */
  fillShell: string;
  /** Reads the command as typed into a terminal (the fill is asked to refuse control characters). */
  terminal?: boolean;
  kind: 'file' | 'typed' | 'fish';
  argv: string[];
}

export const SHELLS: readonly ShellRunner[] = [
  { name: 'sh (dash)', program: 'dash', fillShell: 'sh', kind: 'file', argv: ['/bin/sh'] },
  { name: 'bash', program: 'bash', fillShell: 'bash', kind: 'file', argv: ['bash', '--norc', '--noprofile'] },
  { name: 'zsh', program: 'zsh', fillShell: 'zsh', kind: 'file', argv: ['zsh', '-f'] },
  // Interactive shells read the lines as a terminal would: history expansion (`!`) is on, and zsh reads `#` as a word.
  { name: 'bash -i', program: 'bash', fillShell: 'bash', terminal: true, kind: 'typed', argv: ['bash', '--norc', '--noprofile', '-i'] },
  { name: 'zsh -i', program: 'zsh', fillShell: 'zsh', terminal: true, kind: 'typed', argv: ['zsh', '-f', '-i'] },
  { name: 'fish', program: 'fish', fillShell: 'fish', kind: 'fish', argv: ['fish', '--no-config'] },
];

export const shellsNamed = (...names: string[]): ShellRunner[] => SHELLS.filter((s) => names.includes(s.name));

const installed = new Map<string, boolean>();
function isInstalled(program: string): boolean {
  let ok = installed.get(program);
  if (ok === undefined) {
    ok = spawnSync('sh', ['-c', 'command -v "$1" >/dev/null', 'sh', program]).status === 0;
    installed.set(program, ok);
  }
  return ok;
}

/**
 * The shells of `wanted` that are installed. A missing one is an error under CI (which installs
 * them: .ci/run) and a message elsewhere, returned for the test to show as a skip.
 */
export function availableShells(wanted: readonly ShellRunner[]): { shells: ShellRunner[]; missing: string | null } {
  const absent = [...new Set(wanted.filter((s) => !isInstalled(s.program)).map((s) => s.program))];
  if (absent.length && process.env['CI'] === 'true') {
    throw new Error(
      `the shell matrix needs ${absent.join(', ')}, which ${absent.length > 1 ? 'are' : 'is'} not installed (apt-get install --no-install-recommends ${absent.join(' ')}; .ci/run installs them)`,
    );
  }
  return {
    shells: wanted.filter((s) => isInstalled(s.program)),
    missing: absent.length
      ? `${absent.join(', ')} not installed: the cases for ${wanted
          .filter((s) => absent.includes(s.program))
          .map((s) => s.name)
          .join(', ')} are skipped`
      : null,
  };
}

export interface Case {
  /** A name made of letters, digits and `-` (a file name). */
  id: string;
  command: string;
}

export interface CaseResult {
  /** The argv of each `rec` call, in order. */
  calls: string[][];
  /** Files left in the case's folder: a value ran. */
  canaries: string[];
}

/**
 * The `rec` function of each shell. The two ends of a pipeline run at once, and bash's printf
 * writes a record in pieces, so bash and zsh write each process's calls to a file of its own.
 */
const REC: Record<string, string> = {
  dash: `rec() { printf '%s\\0' "$REC_MARK" "$@" >> "$REC_DIR/$REC_CASE"; }\n`,
  bash: `rec() { printf '%s\\0' "$REC_MARK" "$@" >> "$REC_DIR/$REC_CASE.$BASHPID"; }\n`,
  zsh: `zmodload zsh/system; rec() { printf '%s\\0' "$REC_MARK" "$@" >> "$REC_DIR/$REC_CASE.\${sysparams[pid]}"; }\n`,
  fish: `function rec; printf '%s\\0' $REC_MARK $argv >> $REC_DIR/$REC_CASE; end\n`,
};

/** Here-document delimiters a command opens, typed after it so that a missing body cannot swallow the next case. */
const heredocDelimiters = (command: string) => [...command.matchAll(/(?<!<)<<(?!<)-?\s*\\?["']?([A-Za-z_]\w*)/g)].map((m) => m[1]!);

/**
 * Runs every case in the shell; the result of each case by id. The cases share one folder; when a
 * file appears there, they run again each in a folder (and, for the shells that read files, a
 * subshell) of its own, to say which case left it.
 */
export function runCases(shell: ShellRunner, cases: readonly Case[]): Map<string, CaseResult> {
  const shared = runIn(shell, cases, false);
  if (![...shared.values()].some((r) => r.canaries.length)) return shared;
  return runIn(shell, cases, true);
}

function runIn(shell: ShellRunner, cases: readonly Case[], isolated: boolean): Map<string, CaseResult> {
  const root = mkdtempSync(join(tmpdir(), 'agent-files-shells-'));
  const mark = `@rec-${process.pid}-${Date.now()}@`;
  const dirs = { bin: join(root, 'bin'), rec: join(root, 'rec'), work: join(root, 'work'), cmd: join(root, 'cmd') };
  for (const d of Object.values(dirs)) mkdirSync(d);
  writeFileSync(join(dirs.bin, 'rec'), `#!/bin/sh\nprintf '%s\\0' "$REC_MARK" "$@" >> "$REC_DIR/$REC_CASE.$$"\n`);
  chmodSync(join(dirs.bin, 'rec'), 0o755);
  const env: NodeJS.ProcessEnv = { PATH: `${dirs.bin}:/usr/bin:/bin`, HOME: FIXED_HOME, REC_MARK: mark, REC_DIR: dirs.rec, HISTFILE: '/dev/null', LANG: 'C.UTF-8', TERM: 'dumb' };
  const dirOf = (c: Case) => (isolated ? join(dirs.work, c.id) : dirs.work);
  try {
    if (isolated) for (const c of cases) mkdirSync(dirOf(c));
    const opts = { env, cwd: dirs.work, stdio: ['pipe', 'ignore', 'ignore'] as ('pipe' | 'ignore')[], timeout: 900_000, maxBuffer: 1 << 20 };
    if (shell.kind === 'typed') {
      let input = `PS1=; PS2=; ${REC[shell.program]!}`;
      for (const c of cases) {
        input += `cd '${dirOf(c)}'; REC_CASE=${c.id}; export REC_CASE\n${c.command}\n`;
        input +=
          heredocDelimiters(c.command)
            .map((d) => `${d}\n`)
            .join('') + '\n';
      }
      spawnSync(shell.argv[0]!, shell.argv.slice(1), { ...opts, input });
    } else {
      let driver = REC[shell.program]!;
      for (const c of cases) {
        const file = join(dirs.cmd, c.id);
        writeFileSync(file, c.command + '\n');
        // Sourced, so each case is parsed on its own: a syntax error or an unterminated here-document ends only that case.
        if (shell.kind === 'fish') driver += `cd '${dirOf(c)}'; set -gx REC_CASE ${c.id}; source '${file}'\n`;
        else if (isolated) driver += `REC_CASE=${c.id}; export REC_CASE; (cd '${dirOf(c)}' && . '${file}')\n`;
        else driver += `REC_CASE=${c.id}; export REC_CASE; ${SOURCE[shell.program] ?? '.'} '${file}'\n`;
      }
      const driverPath = join(root, 'driver');
      writeFileSync(driverPath, driver);
      spawnSync(shell.argv[0]!, [...shell.argv.slice(1), driverPath], opts);
    }
    const files = new Map<string, string[]>();
    for (const f of readdirSync(dirs.rec)) {
      const id = f.replace(/\..*$/, '');
      files.set(id, [...(files.get(id) ?? []), join(dirs.rec, f)]);
    }
    const out = new Map<string, CaseResult>();
    const shared = isolated ? [] : readdirSync(dirs.work);
    for (const c of cases) out.set(c.id, { calls: (files.get(c.id) ?? []).flatMap((f) => recorded(f, mark)), canaries: isolated ? readdirSync(dirOf(c)) : shared });
    return out;
  } finally {
    // A process a case left in the background may still be writing: retry.
    rmSync(root, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
}

/** How each shell sources a file so that its errors do not end the driver (`command .` in dash: a special builtin's error would). */
const SOURCE: Record<string, string> = { dash: 'command .', bash: '.', zsh: '.' };

/** The argv of each `rec` call recorded in one file. */
function recorded(file: string, mark: string): string[][] {
  return readFileSync(file, 'utf8')
    .split(mark + '\0')
    .slice(1)
    .map((c) => c.split('\0').slice(0, -1));
}
