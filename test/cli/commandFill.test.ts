/** `agent-files command`: values checked against typed inputs, filled by shell context, refused when unsafe. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');
const FIX = join(ROOT, 'test/fixtures/cli/commands');
function command(...args: string[]) {
  const r = spawnSync(process.execPath, [join(ROOT, 'dist/cli.js'), 'command', 'ops.agent.3md', ...args], { cwd: FIX, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

test('a value inside double quotes is escaped for them, not wrapped in literal single quotes', () => {
  const r = command('grep', 'q=$(touch PWNED)', 'n=5');
  assert.equal(r.code, 0, r.err);
  assert.equal(r.out, `grep -r -m '5' "\\$(touch PWNED)" .\n`);
});

test('a number input takes a JSON number only; the problem names the input and exits 1', () => {
  for (const bad of ['0x10', '0b11', '1_000', ' 5', 'Infinity', 'abc']) {
    const r = command('grep', 'q=x', `n=${bad}`);
    assert.equal(r.code, 1, bad);
    assert.equal(r.out, '');
    assert.match(r.err, /skill 'grep': n must be a number/, bad);
  }
  assert.equal(command('grep', 'q=x', 'n=1.5e2').code, 0);
});

test('unknown inputs and missing required ones are refused; --allow-missing keeps the placeholder as written', () => {
  const unknown = command('search', 'paht=src', 'pattern=x');
  assert.equal(unknown.code, 1);
  assert.match(unknown.err, /no input named "paht" \(its inputs: pattern, path\)/);
  const missing = command('search');
  assert.equal(missing.code, 1);
  assert.match(missing.err, /pattern is required/);
  const kept = command('search', 'pattern=x', '--allow-missing');
  assert.equal(kept.out, "rg --line-number 'x' {path}\n");
});

test('a placeholder no quoting makes safe is refused with the reason', () => {
  const r = command('shell', 'c=hi');
  assert.equal(r.code, 1);
  assert.match(r.err, /skill 'shell': cannot fill \{c\}: sh -c parses this argument again as a new command line/);
});

test('a value that would be read as an option is refused unless --allow-options', () => {
  const r = command('search', 'pattern=--pre=touch PWNED', 'path=src');
  assert.equal(r.code, 1);
  assert.match(r.err, /cannot fill \{pattern\}: the value starts with "-"/);
  assert.equal(command('search', 'pattern=-x', 'path=src', '--allow-options').out, "rg --line-number '-x' 'src'\n");
});

test('name= is an empty string, not a missing input: a required input given as empty is filled as empty', () => {
  const r = command('search', 'pattern=', 'path=src');
  assert.equal(r.code, 0, r.err);
  assert.equal(r.out, "rg --line-number '' 'src'\n");
  const number = command('grep', 'q=x', 'n=');
  assert.equal(number.code, 1);
  assert.match(number.err, /n must be a number \(a JSON number such as 42 or -1\.5\), not ""/);
});
