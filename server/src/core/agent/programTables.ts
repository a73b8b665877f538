/**
 * The programs the template rules (programRules.ts) know: those that run another program named by
 * an argument, those that read an argument (or their standard input) again as code, and those that
 * run what a value names. docs/security.md lists them.
 */

/** Options of a program: short letters and long names that take an argument (attached, after `=`, or the next word). */
export interface OptionSpec {
  short?: string;
  long?: readonly string[];
  /** Long options that take two arguments (`jq --arg NAME VALUE`). */
  long2?: readonly string[];
  /** `+x` words are options too (shells). */
  plus?: boolean;
}

/** Programs that run the program named by their first operand, after their options and fixed operands. */
export interface Wrapper extends OptionSpec {
  /** Operands before the program (`timeout 5`, `chroot DIR`, `taskset MASK`). */
  operands?: number;
  /** `NAME=value` operands before the program (`env`). */
  assignments?: boolean;
  /** Options whose argument is a command line parsed again (`env -S`, `flock -c`). */
  reparse?: readonly string[];
  /** Options after which the program's arguments go through a shell (`sudo -s`, `sudo -i`). */
  viaShell?: readonly string[];
}

export const WRAPPERS: ReadonlyMap<string, Wrapper> = new Map<string, Wrapper>([
  [
    'sudo',
    {
      short: 'CDghpRrtTUu',
      long: ['--close-from', '--chdir', '--group', '--host', '--prompt', '--chroot', '--role', '--type', '--command-timeout', '--other-user', '--user'],
      viaShell: ['-s', '-i', '--shell', '--login'],
    },
  ],
  ['doas', { short: 'uC', viaShell: ['-s'] }],
  ['env', { short: 'uCSP', long: ['--unset', '--chdir', '--split-string'], assignments: true, reparse: ['-S', '--split-string'] }],
  ['nice', { short: 'n', long: ['--adjustment'] }],
  ['nohup', {}],
  ['setsid', {}],
  ['stdbuf', { short: 'ioe', long: ['--input', '--output', '--error'] }],
  ['timeout', { short: 'sk', long: ['--signal', '--kill-after'], operands: 1 }],
  ['xargs', { short: 'adEILnPs', long: ['--arg-file', '--delimiter', '--eof', '--replace', '--max-lines', '--max-args', '--max-procs', '--max-chars', '--process-slot-var'] }],
  ['ionice', { short: 'cnp' }],
  ['chrt', { short: 'TPD', long: ['--sched-runtime', '--sched-period', '--sched-deadline'], operands: 1 }],
  ['taskset', { operands: 1 }],
  ['time', { short: 'fo', long: ['--format', '--output'] }],
  ['command', {}],
  ['exec', { short: 'a' }],
  ['builtin', {}],
  ['noglob', {}],
  ['nocorrect', {}],
  ['coproc', {}],
  ['unbuffer', {}],
  ['chroot', { long: ['--userspec', '--groups'], operands: 1 }],
  ['flock', { short: 'wE', long: ['--timeout', '--conflict-exit-code'], operands: 1, reparse: ['-c', '--command'] }],
  ['runuser', { short: 'ugGlsw', long: ['--user', '--group', '--supp-group', '--login', '--shell', '--whitelist-environment'], reparse: ['-c', '--command', '--session-command'] }],
  ['strace', { short: 'abeEIoOpPsSuUX', long: ['--output', '--expr', '--string-limit', '--attach', '--user'] }],
  ['ltrace', { short: 'aAeFlnopsSu', long: ['--output', '--library'] }],
  ['valgrind', {}],
  ['busybox', {}],
]);

/** Shells: `-c` makes the first operand a command line; otherwise it is a script file (none: standard input). */
export const SHELLS = new Set(['sh', 'bash', 'dash', 'zsh', 'ksh', 'ksh93', 'mksh', 'ash', 'yash', 'posh', 'fish', 'csh', 'tcsh', 'busybox-sh', 'rbash']);
export const SHELL_OPTIONS: OptionSpec = { short: 'oO', long: ['--rcfile', '--init-file'], plus: true };
/** fish takes its command line as the argument of `-c` and runs `-C` at start. */
export const FISH_OPTIONS: OptionSpec = { short: 'cCdlo', long: ['--command', '--init-command', '--debug', '--debug-output', '--features', '--profile', '--profile-startup'] };

/** An interpreter's options: which run their argument as code, which load a module the argument names. */
export interface Interpreter extends OptionSpec {
  code: readonly string[];
  module?: readonly string[];
  /** Options after which the remaining words are the program's arguments (`python -c`, `python -m`). */
  last?: readonly string[];
}

const PYTHON: Interpreter = { short: 'cmWXQ', code: ['-c'], module: ['-m'], last: ['-c', '-m'] };
const PERL: Interpreter = { short: 'eEMmI', code: ['-e', '-E'], module: ['-M', '-m'] };
const RUBY: Interpreter = { short: 'erICEFx', code: ['-e'], module: ['-r'] };
const NODE: Interpreter = {
  short: 'eprC',
  long: ['--eval', '--print', '--require', '--import', '--loader', '--experimental-loader', '--conditions', '--title', '--env-file', '--input-type'],
  code: ['-e', '-p', '--eval', '--print'],
  module: ['-r', '--require', '--import', '--loader', '--experimental-loader'],
};
export const INTERPRETERS: ReadonlyMap<string, Interpreter> = new Map<string, Interpreter>([
  ...['python', 'python2', 'python3', 'pypy', 'pypy3'].map((n) => [n, PYTHON] as const),
  ...['node', 'nodejs'].map((n) => [n, NODE] as const),
  ['perl', PERL],
  ['ruby', RUBY],
  ['php', { short: 'rBREFfcdz', code: ['-r', '-B', '-R', '-E'], module: ['-F', '-f', '-c', '-d', '-z'] }],
  ['lua', { short: 'el', code: ['-e'], module: ['-l'] }],
  ['luajit', { short: 'elbj', code: ['-e'], module: ['-l'] }],
  ['Rscript', { short: 'e', long: ['--file'], code: ['-e'], module: ['--file'] }],
  ['osascript', { short: 'elis', code: ['-e'] }],
  ['tclsh', { code: [] }],
]);

/** Programs whose first operand is a program in their own language (unless an option gives it). */
export const SCRIPT_OPERAND: ReadonlyMap<string, Interpreter> = new Map<string, Interpreter>([
  ...['awk', 'gawk', 'mawk', 'nawk', 'busybox-awk'].map(
    (n) =>
      [
        n,
        {
          short: 'fvFeiEl',
          long: ['--file', '--source', '--include', '--load', '--assign', '--field-separator', '--exec'],
          code: ['-e', '--source'],
          module: ['-f', '--file', '-i', '--include', '-l', '--load', '-E', '--exec'],
        },
      ] as const,
  ),
  ...['sed', 'gsed'].map((n) => [n, { short: 'efilE', long: ['--expression', '--file', '--line-length'], code: ['-e', '--expression'], module: ['-f', '--file'] }] as const),
  ['jq', { short: 'fL', long: ['--from-file', '--indent'], long2: ['--arg', '--argjson', '--slurpfile', '--rawfile'], code: [], module: ['-f', '--from-file'] }],
]);

/** Programs that join their arguments into one command line for a shell. */
export const JOINERS: ReadonlyMap<string, string> = new Map([
  ['eval', 'eval runs its arguments as a new command line'],
  ['ssh', 'ssh sends its arguments to the remote shell as one command line (and `-o ProxyCommand=…` runs a local one)'],
  ['watch', 'watch runs its arguments through sh -c'],
  ['trap', 'trap runs its argument as a command line'],
  ['parallel', 'GNU parallel runs its arguments through a shell'],
  ['su', 'su passes its arguments to the user’s shell, which runs `-c` as a command line'],
  ['script', 'script runs `-c` through a shell'],
  ['emulate', 'emulate -c runs its argument as a command line'],
  ['pwsh', 'pwsh runs its arguments as PowerShell commands or as a script'],
  ['powershell', 'powershell runs its arguments as PowerShell commands or as a script'],
  ['alias', 'alias defines a command line that later runs'],
  ['bind', 'bind runs or defines a command line for a key'],
  ['complete', 'complete runs the commands and functions it is given to complete a word'],
  ['compgen', 'compgen expands its word lists and runs the commands and functions it is given'],
  ['abbr', 'abbr defines text that becomes a command line'],
  ['fc', 'fc runs the editor and the history commands it is given'],
  ['enable', 'enable -f loads a builtin from the shared object the value names'],
  ['zmodload', 'zmodload loads the module the value names'],
]);

/** Builtins whose arguments name variables: bash and zsh evaluate an array subscript in a name (running `$(…)`). */
export interface NamesVariables extends OptionSpec {
  /** Options whose argument is a variable name. */
  names: readonly string[];
  /** Every operand is a variable name. */
  operands: boolean;
}
export const NAMES_VARIABLES: ReadonlyMap<string, NamesVariables> = new Map<string, NamesVariables>([
  ['read', { short: 'aAdinNptuk', names: ['-a', '-A'], operands: true }],
  ['mapfile', { short: 'dnOsuCc', names: [], operands: true }],
  ['readarray', { short: 'dnOsuCc', names: [], operands: true }],
  ['unset', { names: [], operands: true }],
  ['getopts', { names: [], operands: true }],
  ['printf', { short: 'v', names: ['-v'], operands: false }],
  ['print', { short: 'vuCfx', names: ['-v'], operands: false }],
  ['wait', { short: 'p', names: ['-p'], operands: false }],
  ['vared', { short: 'acefhimMp', names: [], operands: true }],
]);
/** Declarations: the names they assign to, and with `-i` or `-n` the values too. */
export const DECLARATIONS = new Set(['declare', 'typeset', 'local', 'export', 'readonly', 'integer', 'float']);

/** Programs whose arguments are evaluated as arithmetic. */
export const ARITHMETIC = new Set(['let']);

/** Programs that read an argument holding `=` as an assignment they expand, and choose what runs from options. */
export const MAKES = new Set(['make', 'gmake', 'bmake', 'pmake', 'remake', 'just']);

/** Programs that run the file named by their first operand. */
export const SOURCES = new Set(['source', '.']);

/** Package runners: the first operand (and `--package`) chooses a package to fetch and run; `-c` runs a shell command line. */
export interface Runner extends OptionSpec {
  /** The subcommand that runs (`npm exec`), or null for a program that runs on its own (`npx`). */
  sub: readonly string[] | null;
  packages?: readonly string[];
  shell?: readonly string[];
}
export const RUNNERS: ReadonlyMap<string, Runner> = new Map<string, Runner>([
  ['npx', { sub: null, short: 'pc', long: ['--package', '--call'], packages: ['-p', '--package'], shell: ['-c', '--call'] }],
  ['pnpx', { sub: null, short: 'p', long: ['--package'], packages: ['-p', '--package'] }],
  ['bunx', { sub: null, short: 'p', long: ['--package'], packages: ['-p', '--package'] }],
  ['uvx', { sub: null, short: 'wp', long: ['--from', '--with', '--python'], packages: ['--from', '--with'] }],
  ['npm', { sub: ['exec', 'x'], short: 'pc', long: ['--package', '--call'], packages: ['-p', '--package'], shell: ['-c', '--call'] }],
  ['pnpm', { sub: ['dlx', 'exec'], long: ['--package'], packages: ['--package'], shell: ['-c', '--shell-mode'] }],
  ['yarn', { sub: ['dlx', 'exec'], short: 'p', long: ['--package'], packages: ['-p', '--package'] }],
  ['bun', { sub: ['x', 'run'], short: 'p', long: ['--package'], packages: ['-p', '--package'] }],
  ['pipx', { sub: ['run'], long: ['--spec', '--python', '--pip-args'], packages: ['--spec'] }],
  ['uv', { sub: ['run', 'tool'], short: 'wp', long: ['--from', '--with', '--python', '--script'], packages: ['--from', '--with', '--script'] }],
  ['deno', { sub: ['run', 'x', 'eval'], long: ['--config', '--import-map', '--location'] }],
  ['go', { sub: ['run'], short: 'Co' }],
]);

/** `find` actions that run a command given by their arguments, up to `;` or `+`. */
export const FIND_ACTIONS = new Set(['-exec', '-execdir', '-ok', '-okdir']);

/** `git` options that run a command: global ones, and per subcommand. */
export const GIT_GLOBAL: OptionSpec = {
  short: 'cC',
  long: ['--config-env', '--exec-path', '--git-dir', '--work-tree', '--namespace', '--super-prefix', '--list-cmds', '--attr-source'],
};
export const GIT_GLOBAL_CODE = new Set(['-c', '--config-env', '--exec-path']);
export const GIT_SUBCOMMAND_CODE: ReadonlyMap<string, OptionSpec & { code: readonly string[] }> = new Map([
  ['rebase', { short: 'xsX', long: ['--exec', '--strategy', '--strategy-option', '--onto'], code: ['-x', '--exec'] }],
  ['difftool', { short: 'xt', long: ['--extcmd', '--tool'], code: ['-x', '--extcmd'] }],
  ['mergetool', { short: 't', long: ['--tool'], code: [] }],
  ['grep', { short: 'OefC', long: ['--open-files-in-pager', '--max-depth', '--threads'], code: ['-O', '--open-files-in-pager'] }],
  [
    'clone',
    {
      short: 'uobc',
      long: ['--upload-pack', '--origin', '--branch', '--config', '--template', '--reference', '--depth'],
      code: ['-u', '--upload-pack', '-c', '--config', '--template'],
    },
  ],
  ['fetch', { long: ['--upload-pack', '--depth'], code: ['--upload-pack'] }],
  ['pull', { long: ['--upload-pack', '--depth'], code: ['--upload-pack'] }],
  ['ls-remote', { long: ['--upload-pack'], code: ['--upload-pack'] }],
  ['archive', { short: 'o', long: ['--exec', '--remote', '--output', '--format', '--prefix'], code: ['--exec'] }],
  ['push', { long: ['--receive-pack', '--exec', '--repo'], code: ['--receive-pack', '--exec'] }],
  ['config', { code: [] }],
]);
/** git subcommands whose remaining words are a command line (`git bisect run`, `git submodule foreach`). */
export const GIT_RUNS = new Map([
  ['bisect', 'run'],
  ['submodule', 'foreach'],
]);
