/**
 * What the programs of a template do with their arguments: where a value would name the program to
 * run, where a program parses an argument again as code (`sh -c`, `node -e`, `make`, `git -c`,
 * `[[ … -gt … ]]`), where a pipe feeds a value to a shell as code, and where a value starting with
 * `-` would be read as an option. The scanners call `finishPipeline` with the words of each
 * pipeline; the refusals land on the placeholder sites. The tables are in programTables.ts.
 */
import { allSites, DYNAMIC, refuse, type PlaceholderSite, type Refusal, type Word } from './shellWords';
import * as T from './programTables';
import { parseOptions } from './optionParser';

export type Flavour = 'posix' | 'fish';

/** Words that can stand before a simple command's name. */
const PREFIX: Record<Flavour, ReadonlySet<string>> = {
  posix: new Set(['!', 'if', 'then', 'else', 'elif', 'do', 'while', 'until', '{', '}']),
  fish: new Set(['!', 'not', 'and', 'or', 'begin', 'if', 'else', 'while']),
};

const reparsed = (reason: string): Refusal => ({ kind: 'reparsed', reason });
const named = (reason: string): Refusal => ({ kind: 'command-name', reason });
const SPLIT: Refusal = {
  kind: 'split',
  reason:
    'it stands inside an unquoted command substitution (`$(…)`), whose output the shell splits into words (and expands as globs), so the value could become several arguments or an option; put the substitution in double quotes',
};

const basename = (w: string) => w.slice(w.lastIndexOf('/') + 1);
const isAssignment = (w: Word) => /^[A-Za-z_]\w*(\[[^\]]*\])?\+?=/.test(w.text);
const literal = (w: Word | undefined) => w !== undefined && !w.text.includes(DYNAMIC);

/** Decides the refusals of one pipeline; `pipeline[j]` is the words of its j-th command. */
export function finishPipeline(pipeline: readonly Word[][], flavour: Flavour): void {
  pipeline.forEach((words, j) => {
    const reader = finishCommand(words, flavour);
    if (!reader) return;
    for (const w of words) if (w.redirect === '<' || w.redirect === '<<<') refuse(allSites(w), reparsed(`${reader} reads its standard input as code`));
    for (const prev of pipeline.slice(0, j)) for (const w of prev) refuse(allSites(w), reparsed(`the output is piped into ${reader}, which runs it as code`));
  });
}

/** One simple command; returns the program's name when it runs its standard input as code. */
function finishCommand(words: readonly Word[], flavour: Flavour): string | null {
  const args = words.filter((w) => !w.redirect);
  let k = 0;
  // Assignments (`X=1 cmd`) and reserved words before the command name.
  while (k < args.length && (isAssignment(args[k]!) || PREFIX[flavour].has(args[k]!.text))) k++;
  const reader = k < args.length ? runs(args, k, null, flavour) : null;
  for (const w of args.slice(k)) refuse(w.split, SPLIT);
  return reader;
}

/** The program named by `args[k]`, run by `via` (a wrapper) or by the shell. */
function runs(args: readonly Word[], k: number, via: string | null, flavour: Flavour): string | null {
  const w = args[k]!;
  refuse(allSites(w), named(via ? `${via} runs the program the value names` : 'it stands where the shell expects the name of the program to run'));
  if (!literal(w)) return operands(args, k + 1);
  const name = basename(w.text);
  const wrapper = T.WRAPPERS.get(name);
  if (wrapper) return wrapped(args, k, name, wrapper, flavour);
  if (T.SHELLS.has(name)) return shell(args, k, name);
  const interpreter = T.INTERPRETERS.get(name) ?? T.SCRIPT_OPERAND.get(name);
  if (interpreter) return interpreted(args, k, name, interpreter);
  const joiner = T.JOINERS.get(name);
  if (joiner) return refuseRest(args, k + 1, reparsed(joiner));
  if (T.MAKES.has(name)) {
    return refuseRest(
      args,
      k + 1,
      reparsed(
        `${name} reads an argument holding \`=\` as a variable assignment and expands it (\`$(shell …)\` runs a command), and its options choose the file and the commands it runs`,
      ),
    );
  }
  if (T.SOURCES.has(name)) {
    if (args[k + 1]) refuse(allSites(args[k + 1]!), named(`${name} runs the file the value names`));
    return operands(args, k + 2);
  }
  const runner = T.RUNNERS.get(name);
  if (runner) return packageRunner(args, k, name, runner);
  if (name === 'find') return find(args, k, flavour);
  if (name === 'git') return git(args, k, flavour);
  if (flavour === 'posix') {
    const names = T.NAMES_VARIABLES.get(name);
    if (names) return variableNames(args, k, name, names);
    if (T.DECLARATIONS.has(name)) return declaration(args, k, name);
    if (T.ARITHMETIC.has(name)) return refuseRest(args, k + 1, reparsed(`${name} evaluates its arguments as arithmetic, where bash and zsh run \`$(…)\` in an array subscript`));
    if (name === '[[') return conditional(args, k);
    if (name === 'test' || name === '[') return testCommand(args, k, name);
  }
  return operands(args, k + 1);
}

/** Ordinary arguments from `from` on: a value starting an argument before any `--` could be an option. */
function operands(args: readonly Word[], from: number): null {
  let dashDash = false;
  for (let j = from; j < args.length; j++) {
    const w = args[j]!;
    if (literal(w) && w.text === '--') dashDash = true;
    if (literal(w)) codeFurtherOn(args, j);
    if (w.startsWithSite && !dashDash) w.startsWithSite.optionPosition = true;
  }
  return null;
}

/** A shell or interpreter further on in a command (`docker run img sh -c …`, `env -i bash -lc …`): its code argument. */
function codeFurtherOn(args: readonly Word[], j: number): void {
  const name = basename(args[j]!.text);
  if (T.SHELLS.has(name)) {
    const { end, code } = shellOptions(args, j, name);
    if (code !== null) refuseCommandLine(args, end, name, code);
  }
  const spec = T.INTERPRETERS.get(name);
  if (spec) interpreterOptions(args, j, name, spec);
}

function refuseRest(args: readonly Word[], from: number, refusal: Refusal): null {
  for (const w of args.slice(from)) refuse(allSites(w), refusal);
  return null;
}

function wrapped(args: readonly Word[], k: number, name: string, spec: T.Wrapper, flavour: Flavour): string | null {
  let viaShell: string | null = null;
  let replace: string | null = null;
  let j = parseOptions(args, k + 1, spec, (option, argument, word) => {
    // xargs -I R, -i[R], --replace[=R]: R in the arguments becomes each input item.
    if (name === 'xargs' && (option === '-I' || option === '-i' || option === '--replace')) {
      const attached = argument === word ? word.text.slice(word.text.indexOf(option[1] === '-' ? '=' : option[1]!) + 1) : null;
      replace = option === '-I' ? (attached ?? argument?.text ?? '{}') : attached || '{}';
    }
    if (option.includes(DYNAMIC)) refuse(allSites(word), reparsed(`${name} reads options here, and a value among them could be an option that changes what runs`));
    if (spec.reparse?.includes(option) && argument) refuse(allSites(argument), reparsed(`${name} ${option} runs this argument as a command line`));
    if (spec.viaShell?.includes(option)) viaShell = option;
  });
  if (spec.assignments) while (j < args.length && isAssignment(args[j]!)) j++;
  for (const end = Math.min(args.length, j + (spec.operands ?? 0)); j < end; j++) {
    const site = args[j]!.startsWithSite;
    if (site) site.optionPosition = true;
  }
  // `flock FILE -c COMMAND`: the option after the operand.
  const late = args[j]?.text ?? '';
  if (spec.reparse?.includes(late) && args[j + 1]) return refuseRest(args, j + 1, reparsed(`${name} ${late} runs this argument as a command line`));
  if (j >= args.length) return null;
  if (viaShell) return refuseRest(args, j, reparsed(`${name} ${viaShell as string} runs the command through a shell, which parses it again`));
  if (replace !== null) markReplaced(args.slice(j), { text: replace as string, by: `xargs replaces "${replace as string}" in its arguments with each input item` });
  return runs(args, j, name, flavour);
}

function markReplaced(words: readonly Word[], replaced: NonNullable<PlaceholderSite['replaced']>): void {
  for (const w of words) for (const site of allSites(w)) site.replaced ??= replaced;
}

/** `sh`, `bash -lc`, `fish -c`: the options, and whether they make the first operand code. */
function shellOptions(args: readonly Word[], k: number, name: string): { end: number; code: string | null; stdin: boolean } {
  const fish = name === 'fish';
  let code: string | null = null;
  let stdin = false;
  const end = parseOptions(args, k + 1, fish ? T.FISH_OPTIONS : T.SHELL_OPTIONS, (option, argument, word) => {
    if (option.includes(DYNAMIC)) refuse(allSites(word), reparsed(`${name} reads option letters here, and a value among them could be \`-c\`, which runs a command line`));
    else if (fish && ['-c', '--command', '-C', '--init-command'].includes(option)) {
      if (argument) refuse(allSites(argument), reparsed(`${name} ${option} parses this argument again as a new command line`));
      code = option;
    } else if (option === '--rcfile' || option === '--init-file') {
      if (argument) refuse(allSites(argument), named(`${name} ${option} runs the file the value names`));
    } else if (option === '-c') code = word.text;
    else if (option === '-s') stdin = true;
  });
  return { end, code, stdin };
}

/** POSIX shells take the command line of `-c` as the first operand (the rest are $0, $1, …); fish takes it as the option's argument. */
function refuseCommandLine(args: readonly Word[], end: number, name: string, code: string): void {
  if (name !== 'fish' && args[end]) refuse(allSites(args[end]!), reparsed(`${name} ${code} parses this argument again as a new command line`));
}

function shell(args: readonly Word[], k: number, name: string): string | null {
  const { end, code, stdin } = shellOptions(args, k, name);
  if (code !== null) {
    refuseCommandLine(args, end, name, code);
    return operands(args, name === 'fish' ? end : end + 1);
  }
  if (stdin || end >= args.length) {
    operands(args, end);
    return name;
  }
  refuse(allSites(args[end]!), named(`${name} runs the script file the value names`));
  return operands(args, end + 1);
}

/** An interpreter's options: refuses code and module arguments; whether code was given. */
function interpreterOptions(args: readonly Word[], k: number, name: string, spec: T.Interpreter): { end: number; given: boolean } {
  let given = false;
  const end = parseOptions(args, k + 1, spec, (option, argument, word) => {
    if (spec.code.includes(option)) {
      if (argument) refuse(allSites(argument), reparsed(`${name} ${option} runs this argument as ${name} code`));
      given = true;
    } else if (spec.module?.includes(option)) {
      if (argument) refuse(allSites(argument), named(`${name} ${option} loads and runs the code the value names`));
      given = true;
    } else if (option.includes(DYNAMIC)) refuse(allSites(word), reparsed(`${name} reads option letters here, and a value among them could be an option that runs code`));
    return spec.last?.includes(option) ? 'stop' : undefined;
  });
  return { end, given };
}

function interpreted(args: readonly Word[], k: number, name: string, spec: T.Interpreter): string | null {
  const { end, given } = interpreterOptions(args, k, name, spec);
  if (given) return operands(args, end);
  if (T.SCRIPT_OPERAND.has(name)) {
    if (args[end]) refuse(allSites(args[end]!), reparsed(`${name} reads this argument as a program of its own`));
    return operands(args, end + 1);
  }
  if (end >= args.length || args[end]!.text === '-') {
    operands(args, end + 1);
    return name;
  }
  refuse(allSites(args[end]!), named(`${name} runs the script the value names`));
  return operands(args, end + 1);
}

function variableNames(args: readonly Word[], k: number, name: string, spec: T.NamesVariables): null {
  const why = (option: string) => named(`${name}${option} assigns to the variable the value names, and bash and zsh evaluate an array subscript in a name (running \`$(…)\`)`);
  const end = parseOptions(args, k + 1, spec, (option, argument) => {
    if (spec.names.includes(option) && argument) refuse(allSites(argument), why(' ' + option));
  });
  return spec.operands ? refuseRest(args, end, why('')) : operands(args, end);
}

/** `declare`, `export`, `local`…: the names assigned to, and with `-i` or `-n` the values too. */
function declaration(args: readonly Word[], k: number, name: string): null {
  let evaluates = false;
  const end = parseOptions(args, k + 1, { plus: true }, (option) => {
    if (option === '-i' || option === '-n') evaluates = true;
  });
  for (const w of args.slice(end)) {
    const eq = w.text.indexOf('=');
    if (evaluates) refuse(allSites(w), reparsed(`${name} -i and -n evaluate the value as arithmetic or a variable name, where bash runs \`$(…)\` in an array subscript`));
    else if ((eq < 0 ? w.text : w.text.slice(0, eq)).includes(DYNAMIC)) {
      refuse(allSites(w), named(`${name} assigns to the variable the value names, and bash and zsh evaluate an array subscript in a name (running \`$(…)\`)`));
    }
  }
  return null;
}

const ARITHMETIC_TEST = /^-(eq|ne|lt|le|gt|ge)$/;

/** `[[ … ]]`: the operands of arithmetic comparisons, and the name after `-v`. */
function conditional(args: readonly Word[], k: number): null {
  for (let j = k + 1; j < args.length && args[j]!.text !== ']]'; j++) {
    const t = args[j]!.text;
    const why = reparsed(`\`[[ … ${t} … ]]\` evaluates its operands as arithmetic, where bash runs \`$(…)\` in an array subscript`);
    if (ARITHMETIC_TEST.test(t)) for (const w of [args[j - 1], args[j + 1]]) if (w) refuse(allSites(w), why);
    if ((t === '-v' || t === '-R') && args[j + 1]) refuse(allSites(args[j + 1]!), variableTest('[[', t));
  }
  return null;
}

const variableTest = (name: string, option: string) =>
  reparsed(`\`${name} ${option}\` reads the value as a variable name, and bash evaluates an array subscript in it (running \`$(…)\`)`);

function testCommand(args: readonly Word[], k: number, name: string): null {
  for (let j = k + 1; j < args.length; j++) {
    const t = args[j]!.text;
    if ((t === '-v' || t === '-R') && args[j + 1]) refuse(allSites(args[j + 1]!), variableTest(name, t));
  }
  return operands(args, k + 1);
}

/** `npx {a}`, `pnpm dlx {a}`, `pipx run {a}`: the value chooses the package that is fetched and run. */
function packageRunner(args: readonly Word[], k: number, name: string, spec: T.Runner): null {
  let j = k + 1;
  let label = name;
  if (spec.sub) {
    j = parseOptions(args, j, {});
    const sub = args[j];
    if (!sub) return null;
    if (!literal(sub)) {
      refuse(allSites(sub), named(`${name} runs the subcommand the value names`));
      return operands(args, j + 1);
    }
    if (!spec.sub.includes(sub.text)) return operands(args, j + 1);
    if (sub.text === 'eval') return refuseRest(args, j + 1, reparsed(`${name} eval runs its argument as code`));
    label = `${name} ${sub.text}`;
    j++;
    if (name === 'uv' && sub.text === 'tool') {
      if (args[j]?.text !== 'run') return operands(args, j);
      label = 'uv tool run';
      j++;
    }
  }
  let shellMode = false;
  j = parseOptions(args, j, spec, (option, argument) => {
    if (spec.packages?.includes(option) && argument) refuse(allSites(argument), named(`${label} ${option} fetches and runs the package the value names`));
    if (spec.shell?.includes(option)) {
      shellMode = true;
      if (argument) refuse(allSites(argument), reparsed(`${label} ${option} runs this argument through a shell`));
    }
  });
  if (shellMode) return refuseRest(args, j, reparsed(`${label} runs its arguments through a shell`));
  if (args[j]) refuse(allSites(args[j]!), named(`${label} fetches and runs the package or program the value names`));
  return operands(args, j + 1);
}

/** `find`: paths (where `--` does not stop a value being read as an expression), and `-exec … ;` commands. */
function find(args: readonly Word[], k: number, flavour: Flavour): null {
  let j = k + 1;
  for (; j < args.length; j++) {
    const t = args[j]!.text;
    if ((t.startsWith('-') && t !== '--' && !/^-[HLP]$/.test(t)) || t === '(' || t === '!') break;
    const site = args[j]!.startsWithSite;
    if (site) site.optionPosition = true;
  }
  for (; j < args.length; j++) {
    const action = args[j]!.text;
    if (!T.FIND_ACTIONS.has(action)) continue;
    let end = j + 1;
    while (end < args.length && args[end]!.text !== ';' && args[end]!.text !== '+') end++;
    if (end > j + 1) {
      markReplaced(args.slice(j + 1, end), { text: '{}', by: `find ${action} replaces "{}" in its arguments with the file name` });
      runs(args.slice(j + 1, end), 0, `find ${action}`, flavour);
    }
    j = end;
  }
  return null;
}

const GIT_CONFIG = 'sets a configuration value, and several run commands (core.pager, core.sshCommand, core.fsmonitor, an alias starting with `!`)';
const gitReason = (sub: string, option: string): string =>
  ({
    '-c': `git ${sub}${option} ${GIT_CONFIG}`,
    '--config': `git ${sub}${option} ${GIT_CONFIG}`,
    '--config-env': `git ${sub}${option} ${GIT_CONFIG}`,
    '--exec-path': 'git --exec-path chooses the folder git runs its commands from',
    '--template': `git ${sub}${option} copies hooks from the folder the value names, and git runs them`,
    '-O': 'git grep -O runs the pager the value names',
    '--open-files-in-pager': 'git grep --open-files-in-pager runs the pager the value names',
  })[option] ?? `git ${sub}${option} runs this argument as a command`;

function git(args: readonly Word[], k: number, flavour: Flavour): null {
  const j = parseOptions(args, k + 1, T.GIT_GLOBAL, (option, argument) => {
    if (T.GIT_GLOBAL_CODE.has(option) && argument) refuse(allSites(argument), reparsed(gitReason('', option)));
  });
  const sub = args[j];
  if (!sub) return null;
  if (!literal(sub)) {
    refuse(allSites(sub), named('git runs the subcommand or alias the value names (an alias starting with `!` runs a shell command)'));
    return operands(args, j + 1);
  }
  const runsWord = T.GIT_RUNS.get(sub.text);
  const at = runsWord ? args.findIndex((w, i) => i > j && w.text === runsWord) : -1;
  if (at > 0) {
    if (sub.text === 'bisect') return args[at + 1] ? (runs(args, at + 1, 'git bisect run', flavour), null) : null;
    return refuseRest(args, at + 1, reparsed(`git ${sub.text} ${runsWord!} runs its arguments through a shell`));
  }
  const spec = T.GIT_SUBCOMMAND_CODE.get(sub.text);
  if (spec) {
    for (let i = j + 1; i < args.length && args[i]!.text !== '--'; i++) {
      const t = args[i]!.text;
      for (const option of spec.code) {
        const why = reparsed(gitReason(`${sub.text} `, option));
        if (t === option && args[i + 1]) refuse(allSites(args[i + 1]!), why);
        else if (t.startsWith(option) && (option.startsWith('--') ? t[option.length] === '=' : t.length > 2)) refuse(allSites(args[i]!), why);
      }
    }
  }
  return operands(args, j + 1);
}
