/** Filling command templates by shell context (server/src/core/agent/command.ts, shellSites.ts). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fillCommand, fillTemplate, FillRefused } from '../../server/src/core/agent/command';
import { placeholderSites } from '../../server/src/core/agent/shellSites';

const filled = (t: string, values: Record<string, unknown>, opts = {}) => {
  const r = fillTemplate(t, values, opts);
  assert.ok(r.ok, `expected a fill of ${t}: ${JSON.stringify(r)}`);
  return r.command;
};
const refusal = (t: string, values: Record<string, unknown>, opts = {}) => {
  const r = fillTemplate(t, values, opts);
  assert.ok(!r.ok, `expected a refusal of ${t}, got ${JSON.stringify(r)}`);
  return r.problems;
};

test('a bare placeholder is single-quoted exactly as the reference runtime quotes it', () => {
  assert.equal(filled('rg --line-number {pattern} {path}', { pattern: 'TODO', path: 'src' }), "rg --line-number 'TODO' 'src'");
  assert.equal(
    filled('rg --line-number {pattern} {path}', { pattern: `it's a "test" with spaces`, path: 'my dir/$HOME' }),
    `rg --line-number 'it'\\''s a "test" with spaces' 'my dir/$HOME'`,
  );
  assert.equal(filled('rg --line-number {pattern} {path}', { pattern: '' }), "rg --line-number '' {path}", 'a placeholder without a value stays as written');
  assert.equal(filled('x {a}{a}', { a: 'v' }), "x 'v''v'");
});

test('inside double quotes the value is escaped, not wrapped in literal single quotes', () => {
  assert.equal(filled('grep -r "{q}" .', { q: '$(touch PWNED)' }), 'grep -r "\\$(touch PWNED)" .');
  assert.equal(filled('grep -r "a {q} b" .', { q: 'x"y\\z`w' }), 'grep -r "a x\\"y\\\\z\\`w b" .');
  assert.equal(filled('echo "{q}"', { q: 'hi!' }), `echo "hi"'!'""`, '! leaves the double quotes (history expansion)');
});

test('inside single quotes the value closes, escapes and reopens the quote', () => {
  assert.equal(filled("grep -r '{q}' .", { q: '; touch PWNED; ' }), "grep -r '; touch PWNED; ' .");
  assert.equal(filled("grep -r '{q}' .", { q: "it's" }), "grep -r 'it'\\''s' .");
});

test('placeholders where no quoting is safe are refused with the placeholder and the reason', () => {
  const cases: [string, string][] = [
    ['x # {q}', 'comment'],
    ['x \\{q}', 'escaped'],
    ['x "\\{q}"', 'escaped'],
    ['x ${q}', 'after-dollar'],
    ['x `echo {q}`', 'backquote'],
    ['x "${HOME:-{q}}"', 'expansion'],
    ['x $(( {q} + 1 ))', 'arithmetic'],
    ["x $'{q}'", 'ansi-c'],
    ['cat <<EOF\n{q}\nEOF', 'heredoc'],
    ['cat <<-EOF\n\t{q}\n\tEOF\n', 'heredoc'],
    ['sh -c "grep {q}"', 'reparsed'],
    ["bash -lc 'grep {q}'", 'reparsed'],
    ['find . -exec sh -c "grep {q} $0" {} \\;', 'reparsed'],
    ["python3 -c 'print({q})'", 'reparsed'],
    ["sed -n 's/{q}/x/p' f", 'reparsed'],
    ["awk '/{q}/' f", 'reparsed'],
    ['eval grep {q}', 'reparsed'],
    ['ssh host grep {q}', 'reparsed'],
    ['{q} --version', 'command-name'],
    ['sudo -n {q}', 'command-name'],
    ['A=1 {q}', 'command-name'],
    ['grep "unclosed {q}', 'unclosed'],
  ];
  for (const [template, kind] of cases) {
    const [p] = refusal(template, { q: 'value' });
    assert.equal(p!.kind, kind, template);
    assert.equal(p!.placeholder, 'q');
    assert.equal(p!.offset, template.indexOf('{q}'));
    assert.ok(p!.reason.length > 10);
  }
});

test('a bare word after the here-document ends is filled again', () => {
  assert.equal(filled('cat <<EOF\nbody\nEOF\ngrep -- {q}', { q: 'v' }), "cat <<EOF\nbody\nEOF\ngrep -- 'v'");
  assert.equal(placeholderSites('sh -c "x $1" sh {q}')[0]!.refusal, null, 'a positional parameter after the script is data');
});

test('a value that would start an option is refused unless -- stands before it or options are allowed', () => {
  const [p] = refusal('rg {pattern} {path}', { pattern: '--pre=touch PWNED', path: 'src' });
  assert.equal(p!.kind, 'option');
  assert.equal(p!.placeholder, 'pattern');
  assert.equal(filled('rg -- {pattern} {path}', { pattern: '-x', path: '-y' }), "rg -- '-x' '-y'");
  assert.equal(filled('rg {pattern}', { pattern: '-x' }, { allowOptions: true }), "rg '-x'");
  assert.equal(filled('git log --grep={q}', { q: '-x' }), "git log --grep='-x'", 'inside a word, a dash is not an option');
  assert.equal(filled('rg x > {out}', { out: '-o' }), "rg x > '-o'", 'a redirection target is not an argument');
});

test('NUL is refused everywhere; control characters and newlines only when the command goes to a terminal', () => {
  assert.equal(refusal('rg -- {q}', { q: 'a\0b' })[0]!.kind, 'nul');
  assert.equal(filled('rg -- {q}', { q: 'a\tb\u001b' }), "rg -- 'a\tb\u001b'");
  assert.equal(refusal('rg -- {q}', { q: 'a\tb' }, { terminal: true })[0]!.kind, 'control');
  assert.equal(filled('rg -- {q}', { q: 'line\nbreak' }), "rg -- 'line\nbreak'");
  assert.match(
    refusal('rg -- {q}', { q: 'line\nbreak' }, { terminal: true })[0]!.reason,
    /newline, which ends the line a terminal's shell reads/,
    'an interactive shell that rejects a line runs the next ones',
  );
});

test('typed values are stringified; values nested too deep are refused, never a stack overflow', () => {
  assert.equal(filled('x -- {n} {b} {o} {a}', { n: 5, b: true, o: { k: 'v' }, a: [1, 'two'] }), `x -- '5' 'true' '{"k":"v"}' '[1,"two"]'`);
  let deep: unknown = 'leaf';
  for (let i = 0; i < 10_000; i++) deep = [deep];
  assert.equal(refusal('x -- {a}', { a: deep })[0]!.kind, 'too-deep');
});

test('fillCommand throws the refusal with every reason in its message', () => {
  assert.throws(
    () => fillCommand('x # {a} {b}', { a: '1', b: '2' }),
    (e: unknown) => e instanceof FillRefused && e.problems.length === 2 && /cannot fill \{a\}/.test(e.message),
  );
});

test('every occurrence is a site, in order, as the reference regex finds them', () => {
  const sites = placeholderSites(`a {x} "{y}" '{x}' {1c} { z } {a-b} # {w}`);
  assert.deepEqual(
    sites.map((s) => [s.name, s.context, s.refusal?.kind ?? null]),
    [
      ['x', 'bare', null],
      ['y', 'double', null],
      ['x', 'single', null],
      ['w', 'bare', 'comment'],
    ],
  );
});

test('inside double quotes `$"` is a literal `$` and the closing quote: a placeholder after "…$" is a bare word', () => {
  const template = 'rg "TODO$" {path} -g "*.md"';
  assert.equal(filled(template, { path: '; touch PWNED; #' }), `rg "TODO$" '; touch PWNED; #' -g "*.md"`);
  assert.deepEqual(
    placeholderSites(template).map((s) => [s.context, s.quotes ?? null]),
    [['bare', null]],
  );
  assert.equal(filled('x "a$"{q}', { q: '"; touch PWNED; "' }), `x "a$"'"; touch PWNED; "'`);
  assert.equal(filled(`x "$'"{q}`, { q: 'v' }), `x "$'"'v'`, "`$'` inside double quotes is a literal `$` too");
});

test('`${…}` ends where the shells end it: a quoted `}` inside does not end it', () => {
  assert.equal(filled('x ${X:-"}"}{q}', { q: '; touch PWNED; #' }), `x \${X:-"}"}'; touch PWNED; #'`);
  assert.equal(filled("x ${X:-'}'}{q}", { q: 'v' }), `x \${X:-'}'}'v'`);
  assert.equal(filled('x "${X:-"}"}"{q}', { q: 'v' }), `x "\${X:-"}"}"'v'`);
  assert.equal(filled('x ${X:-\\}}{q}', { q: 'v' }), `x \${X:-\\}}'v'`);
  assert.equal(refusal('x ${X:-"}"{q}}', { q: 'v' })[0]!.kind, 'expansion');
  assert.equal(filled('x "$(( (1+(2)) ))" {q}', { q: 'v' }), `x "$(( (1+(2)) ))" 'v'`);
});

test('where dash, bash and zsh (interactive or not) read the quoting differently, the placeholder is refused and the shells are named', () => {
  // `$'\\''` is an ANSI-C string in bash and zsh, `$` and `'\\'` in dash: one of them always finds a quote left open.
  const cases: [string, string, RegExp][] = [
    ["x $'\\''{q}''", 'unclosed', /unclosed `'` at offset 11/],
    ["x $'\\''{q} #'", 'unclosed', /unclosed `'` at offset 12/],
    ["x # it's\nx -- {q} #'", 'dialect', /interactive zsh inside '…'/],
    ['x $"{q}"', 'locale', /bash translates/],
    ['x $[{q}]', 'arithmetic', /arithmetic/],
    ['(( {q} > 1 ))', 'arithmetic', /arithmetic/],
    ['x y({q})', 'command-name', /name of the program/],
    ['x {q} !#:gs/x/y/', 'history', /interactive bash expands the `!`/],
    ['x "!x" {q}', 'history', /history reference/],
    ['x $((echo a) ) {q}', 'unclosed', /closed by one `\)`/],
    ['x $(y {q})', 'split', /splits into words/],
  ];
  for (const [template, kind, reason] of cases) {
    const [p] = refusal(template, { q: 'v' });
    assert.equal(p!.kind, kind, template);
    assert.match(p!.reason, reason, template);
  }
  assert.equal(filled('x "$(y {q})" ! -f z', { q: 'v' }), `x "$(y 'v')" ! -f z`, 'a quoted substitution is one word; `! ` is not a history reference');
});

test('programs that parse an argument again as code, or run what the value names, are refused with the program and why', () => {
  const cases: [string, RegExp][] = [
    ['make {t}', /make reads an argument holding `=` as a variable assignment/],
    ['make -C dir -f {t}', /make reads/],
    ['[[ {t} -gt 0 ]]', /`\[\[ … -gt … \]\]` evaluates its operands as arithmetic/],
    ['[[ 1 -eq {t} ]]', /-eq/],
    ['[[ -v {t} ]]', /`\[\[ -v` reads the value as a variable name/],
    ['let {t}', /let evaluates its arguments as arithmetic/],
    ['printf -v {t} x', /printf -v assigns to the variable the value names/],
    ['read -r {t}', /read assigns to the variable/],
    ['export {t}=1', /export assigns to the variable/],
    ['declare -i n={t}', /declare -i and -n evaluate the value/],
    ['test -v {t}', /`test -v` reads the value as a variable name/],
    ['[ -v {t} ]', /`\[ -v` reads/],
    ['sh -c -- {t}', /sh -c parses this argument again as a new command line/],
    ['bash -e -o pipefail -c {t}', /bash -c parses this argument again/],
    ['sh {t}', /sh runs the script file the value names/],
    ['bash --rcfile {t} -i', /bash --rcfile runs the file the value names/],
    ['echo {t} | sh', /the output is piped into sh, which runs it as code/],
    ['echo {t} | sudo bash -s', /piped into bash/],
    ['printf %s {t} | python3', /piped into python3/],
    ['echo {t} | node', /piped into node/],
    ['echo {t} | perl', /piped into perl/],
    ['echo {t} | ruby -', /piped into ruby/],
    ['sh <<<{t}', /sh reads its standard input as code/],
    ['curl {t} | sh', /piped into sh/],
    ['curl {t} | env bash', /piped into bash/],
    ['node -p {t}', /node -p runs this argument as node code/],
    ['node --eval={t}', /node --eval runs this argument as node code/],
    ['node --print {t}', /node --print runs/],
    ['node -r {t} app.js', /node -r loads and runs the code the value names/],
    ['node {t}', /node runs the script the value names/],
    ['perl -E {t}', /perl -E runs this argument as perl code/],
    ['perl -lne {t} file', /perl -e runs/],
    ['perl -M{t} -e 1', /perl -M loads and runs/],
    ['python3 -c{t}', /python3 -c runs this argument as python3 code/],
    ['python3 -Ic {t}', /python3 -c runs/],
    ['python3 -m {t}', /python3 -m loads and runs/],
    ['ruby -e {t}', /ruby -e runs/],
    ['php -r {t}', /php -r runs/],
    ['git -c {t} log', /git -c sets a configuration value, and several run commands/],
    ['git --config-env={t} log', /git --config-env sets a configuration value/],
    ['git rebase --exec {t} main', /git rebase --exec runs this argument as a command/],
    ['git rebase -x{t}', /git rebase -x runs/],
    ['git grep -O{t} x', /git grep -O runs the pager the value names/],
    ['git clone --upload-pack={t} url', /git clone --upload-pack runs/],
    ['git submodule foreach {t}', /git submodule foreach runs its arguments through a shell/],
    ['git bisect run {t}', /git bisect run runs the program the value names/],
    ['git {t} x', /git runs the subcommand or alias the value names/],
    ['timeout -s KILL 5 {t}', /timeout runs the program the value names/],
    ['timeout --signal=KILL 5 {t}', /timeout runs the program/],
    ['sudo -u root {t}', /sudo runs the program the value names/],
    ['sudo -s rec {t}', /sudo -s runs the command through a shell/],
    ['sudo -{t} rec', /sudo reads options here/],
    ['env -u X A=1 {t}', /env runs the program the value names/],
    ['env -S {t}', /env -S runs this argument as a command line/],
    ['nice -n 5 {t}', /nice runs the program/],
    ['stdbuf -o L {t}', /stdbuf runs the program/],
    ['ionice -c 3 {t}', /ionice runs the program/],
    ['chrt -f 10 {t}', /chrt runs the program/],
    ['taskset 0x1 {t}', /taskset runs the program/],
    ['nohup {t}', /nohup runs the program/],
    ['time -p {t}', /time runs the program/],
    ['command -p {t}', /command runs the program/],
    ['exec -a name {t}', /exec runs the program/],
    ['builtin {t}', /builtin runs the program/],
    ['doas -u root {t}', /doas runs the program/],
    ['xargs -n 1 {t}', /xargs runs the program the value names/],
    ['xargs -0 -I {} {t}', /xargs runs the program/],
    ['flock /tmp/lock -c {t}', /flock -c runs this argument as a command line/],
    ['npx {t}', /npx fetches and runs the package or program the value names/],
    ['npx -y -p {t} cowsay', /npx -p fetches and runs the package the value names/],
    ['npx -c {t}', /npx -c runs this argument through a shell/],
    ['pnpm dlx -c {t}', /pnpm dlx runs its arguments through a shell/],
    ['npm exec {t}', /npm exec fetches and runs/],
    ['pnpm dlx {t}', /pnpm dlx fetches and runs/],
    ['yarn dlx {t}', /yarn dlx fetches and runs/],
    ['bunx {t}', /bunx fetches and runs/],
    ['bun x {t}', /bun x fetches and runs/],
    ['uvx {t}', /uvx fetches and runs/],
    ['uv tool run {t}', /uv tool run fetches and runs/],
    ['pipx run {t}', /pipx run fetches and runs/],
    ['deno run {t}', /deno run fetches and runs/],
    ['deno eval {t}', /deno eval runs its argument as code/],
    ['find . -exec {t} \\;', /find -exec runs the program the value names/],
    ['find . -execdir {t} +', /find -execdir runs/],
    ['find . -ok {t} ";"', /find -ok runs/],
    ['find . -okdir {t} \\;', /find -okdir runs/],
    ['find . -exec sh -c {t} \\;', /sh -c parses/],
    ['source {t}', /source runs the file the value names/],
    ['. {t}', /\. runs the file the value names/],
    ['eval "$(printf %s {t})"', /eval runs its arguments as a new command line/],
    ['sh -c "$(printf %s {t})"', /sh -c parses/],
    ['$(printf %s {t}) x', /name of the program/],
    ['sh <(curl {t})', /sh runs the script file the value names/],
    ['docker run img sh -c {t}', /sh -c parses/],
    ['alias x={t}', /alias defines a command line/],
    ['pwsh -Command {t}', /pwsh runs its arguments as PowerShell/],
  ];
  for (const [template, reason] of cases) {
    const problems = refusal(template, { t: 'value' });
    assert.ok(problems[0]!.kind === 'reparsed' || problems[0]!.kind === 'command-name', `${template}: ${problems[0]!.kind}`);
    assert.match(problems[0]!.reason, reason, template);
  }
});

test('the arguments around those programs that are data stay fillable', () => {
  assert.equal(filled('python3 -m http.server {port}', { port: '8000' }), "python3 -m http.server '8000'");
  assert.equal(filled('python3 script.py -- {a}', { a: 'x' }), "python3 script.py -- 'x'");
  assert.equal(filled("node -e 'console.log(process.argv[1])' {a}", { a: 'x' }), "node -e 'console.log(process.argv[1])' 'x'");
  assert.equal(filled('sh -c \'rg -- "$1"\' sh {a}', { a: 'x' }), "sh -c 'rg -- \"$1\"' sh 'x'");
  assert.equal(filled('timeout -s KILL 5 rg -- {a}', { a: 'x' }), "timeout -s KILL 5 rg -- 'x'");
  assert.equal(filled('jq --arg name {a} .', { a: 'x' }), "jq --arg name 'x' .");
  assert.equal(filled('git log --grep={a}', { a: 'x' }), "git log --grep='x'");
  assert.equal(filled('[[ {a} == x* ]]', { a: 'x' }), "[[ 'x' == x* ]]");
  assert.equal(filled('test -n {a}', { a: 'x' }), "test -n 'x'");
  assert.equal(filled('npx prettier --check -- {a}', { a: 'x' }), "npx prettier --check -- 'x'");
  assert.equal(filled('find {a} -name x', { a: 'x' }), "find 'x' -name x");
  assert.equal(refusal('find -- {a} -name x', { a: '-delete' })[0]!.kind, 'option', 'find reads a path starting with - as an expression even after --');
});

test('find -exec and xargs -I replace {} in their arguments: a value holding it is refused', () => {
  assert.equal(filled('find . -exec rg -- {q} {} \\;', { q: 'x' }), "find . -exec rg -- 'x' {} \\;");
  const [p] = refusal('find . -exec rg -- {q} {} \\;', { q: 'a{}b' });
  assert.equal(p!.kind, 'replaced');
  assert.match(p!.reason, /find -exec replaces "\{\}" in its arguments with the file name/);
  assert.match(refusal('xargs -I @ rg -- {q} @', { q: 'a@b' })[0]!.reason, /xargs replaces "@"/);
});

test('a template holding CR, ESC, another C0 or C1 control, or a bidi control is refused at the character', () => {
  for (const c of ['\r', '\u001b', '\u0007', '\u007f', '\u0085', '\u009b', '\u061c', '\u200e', '\u200f', '\u202a', '\u202e', '\u2066', '\u2069']) {
    const template = `rg -- {q}${c} x`;
    const [p, ...rest] = refusal(template, { q: 'v' });
    assert.deepEqual(rest, []);
    assert.equal(p!.kind, 'template-character', JSON.stringify(c));
    assert.equal(p!.offset, 9);
    assert.match(p!.reason, new RegExp(`U\\+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}\\) at offset 9`));
    assert.equal(fillTemplate(`rg ${c} x`).ok, false, 'refused even without placeholders');
  }
  assert.equal(filled('rg -- {q}\tx\ny', { q: 'v' }), "rg -- 'v'\tx\ny", 'a tab and a newline are whitespace');
  assert.equal(refusal('rg -- {q}\tx', { q: 'v' }, { terminal: true })[0]!.kind, 'template-character', 'a terminal would complete on the tab');
  assert.match(refusal('rg -- {q}', { q: 'a\u202eb' }, { terminal: true })[0]!.reason, /bidi control character U\+202E/);
});

test('for fish the template is read as fish reads it and the value quoted with fish’s rules; other shells are refused', () => {
  const fish = { shell: '/usr/bin/fish' };
  assert.equal(filled('rg -- {q}', { q: "\\'; touch PWNED; echo \\'" }, fish), "rg -- '\\\\\\'; touch PWNED; echo \\\\\\''");
  assert.equal(filled("rg -- 'a {q}'", { q: "it's \\" }, fish), "rg -- 'a it\\'s \\\\'");
  assert.equal(filled('rg -- "a {q}"', { q: '$(touch PWNED)"\\' }, fish), 'rg -- "a \\$(touch PWNED)\\"\\\\"');
  assert.equal(filled('rg -- "a {q}"', { q: '!! `x`' }, fish), 'rg -- "a !! `x`"', 'fish has no history expansion and no backquotes');
  assert.equal(filled("rg -- 'it\\'s' {q}", { q: 'v' }, fish), "rg -- 'it\\'s' 'v'", "`\\'` inside fish single quotes does not end them");
  for (const [template, kind] of [
    ['rg -- {a,{q}}', 'brace'],
    ['rg -- $x[{q}]', 'expansion'],
    ['rg -- (rg {q})', 'split'],
    ['rg -- ${q}', 'after-dollar'],
    ['rg # {q}', 'comment'],
    ['{q} x', 'command-name'],
    ['fish -c {q}', 'reparsed'],
    ["rg 'a\\'{q}", 'unclosed'],
  ] as const) {
    assert.equal(refusal(template, { q: 'v' }, fish)[0]!.kind, kind, template);
  }
  assert.equal(filled('rg -- {q}', { q: "it's" }, { shell: 'bash' }), filled('rg -- {q}', { q: "it's" }), 'every POSIX shell gets the same fill');
  for (const [shell, name] of [
    ['pwsh', /PowerShell/],
    ['C:\\Windows\\System32\\cmd.exe', /cmd/],
    ['nu', /nushell/],
    ['/bin/tcsh', /tcsh/],
    ['elvish', /elvish/],
    ['', /unknown/],
  ] as const) {
    const [p] = refusal('rg -- {q}', { q: 'v' }, { shell });
    assert.equal(p!.kind, 'shell');
    assert.match(p!.reason, name);
  }
});

test('a quote left open in any reading refuses the whole template: interactive zsh reads a comment as words', () => {
  const [p] = refusal("rg -- {q} # it's", { q: 'v' });
  assert.equal(p!.kind, 'unclosed');
  assert.match(p!.reason, /unclosed `'` at offset 14/);
  assert.equal(refusal("rg -- {q} 'open", { q: 'v' })[0]!.kind, 'unclosed');
  assert.equal(filled('rg -- {q} # a comment', { q: 'v' }), "rg -- 'v' # a comment");
});

test('inside "…" right after an unbraced expansion, the quotes are closed and reopened so the value cannot extend it', () => {
  assert.equal(filled('rg -- "$HOME{q}"', { q: '_SECRET' }), 'rg -- "$HOME""_SECRET"');
  assert.equal(filled('rg -- "$1{q}"', { q: '2' }), 'rg -- "$1""2"', 'zsh reads $12 as one parameter');
  assert.equal(filled('rg -- "$#{q}"', { q: 'HOME' }), 'rg -- "$#""HOME"', 'zsh reads $#HOME as a length');
  assert.equal(filled('rg -- "${HOME}{q}" "\\$HOME{q}"', { q: ':h' }), 'rg -- "${HOME}:h" "\\$HOME:h"');
  assert.equal(filled('rg -- "$HOME{q}"', { q: '[1]' }, { shell: 'fish' }), 'rg -- "$HOME""[1]"', 'fish indexes $HOME[1] inside quotes');
});

test('a placeholder right after a word-initial `~` is refused: zsh and fish read a quoted user name there', () => {
  for (const template of ['rg -- ~{q}', "rg -- ~'{q}'", 'rg -- ~"{q}"/x', 'X=~{q} rg']) {
    const [p] = refusal(template, { q: 'root' });
    assert.equal(p!.kind, 'tilde', template);
    assert.match(p!.reason, /`~'root'` is \/root/);
  }
  assert.equal(refusal('rg -- ~{q}', { q: 'root' }, { shell: 'fish' })[0]!.kind, 'tilde');
  assert.equal(filled('rg -- a~{q} ~/{q}', { q: 'v' }), "rg -- a~'v' ~/'v'");
});
