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

test('NUL is refused everywhere; control characters only when the command goes to a terminal', () => {
  assert.equal(refusal('rg -- {q}', { q: 'a\0b' })[0]!.kind, 'nul');
  assert.equal(filled('rg -- {q}', { q: 'a\tb\u001b' }), "rg -- 'a\tb\u001b'");
  assert.equal(refusal('rg -- {q}', { q: 'a\tb' }, { terminal: true })[0]!.kind, 'control');
  assert.equal(filled('rg -- {q}', { q: 'line\nbreak' }, { terminal: true }), "rg -- 'line\nbreak'");
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
