/** Filling commands and the template lint over stdio against the built server. */
import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import type { CodeAction } from 'vscode-languageserver-protocol';
import { startClient, type TestClient } from '../helpers/inProcessClient';
import { closeOpenedAfterEach } from '../helpers/lspWorkspace';
import { joinLines } from '../helpers/markers';
import { applyEdit } from '../../server/src/core/text/text';

const AGENT = joinLines(
  '---',
  '3md: 1.0',
  'title: Ops',
  '---',
  '@plane z=0 label="Ops" kind=identity',
  'You run ops.',
  '@plane z=1 label="grep" kind=skill triggers="grep" inputs="q, n:number?" tool="grep -r -m {n} \\"{q}\\" ."',
  'Search.',
  '@plane z=2 label="shell" kind=skill triggers="shell" inputs="c" tool=\'sh -c "echo {c}"\'',
  'Run.',
);
const URI = 'file:///ws/ops.agent.3md';

let client: TestClient;
let closeOpened: () => Promise<void>;
afterEach(() => closeOpened());
before(async () => {
  client = await startClient();
  closeOpened = closeOpenedAfterEach(client);
});
after(() => client.stop());

test('the server offers quick fixes for the template lint, and a rewrite that inserts --', async () => {
  client.open(URI, AGENT);
  const ds = await client.diagnostics(URI, (p) => p.diagnostics.length > 0);
  const quoted = ds.find((d) => d.code === 'tool-quoted-placeholder');
  const unsafe = ds.find((d) => d.code === 'tool-unsafe-placeholder');
  assert.ok(quoted && unsafe, JSON.stringify(ds.map((d) => d.code)));
  assert.equal(quoted.range.start.line, 6);
  assert.equal(unsafe.range.start.line, 8);
  const actions = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri: URI }, range: quoted.range, context: { diagnostics: [quoted] } });
  const fix = actions.find((a) => a.kind === 'quickfix');
  assert.ok(fix?.edit?.changes?.[URI], JSON.stringify(actions));
  const edits = [...fix.edit.changes[URI]!].sort((a, b) => b.range.start.character - a.range.start.character);
  const fixed = edits.reduce((t, e) => applyEdit(t, { range: e.range, text: e.newText }), AGENT);
  assert.equal(fixed.split('\n')[6], '@plane z=1 label="grep" kind=skill triggers="grep" inputs="q, n:number?" tool="grep -r -m {n} {q} ."');
  assert.ok(
    actions.some((a) => a.kind === 'refactor.rewrite' && /Insert `--` before \{q\}/.test(a.title)),
    'the -- suggestion is offered on the placeholder',
  );
  assert.ok(client.initialize.capabilities.codeActionProvider, 'the capability is announced, so editors ask for code actions');
});

test('fillCommand quotes a value for its context, checks typed inputs, and refuses unsafe sites', async () => {
  client.open(URI, AGENT);
  const fill = (z: number, values: unknown, extra = {}) =>
    client.request<{ command: string | null; problems?: string[] }>('agentFiles/fillCommand', { uri: URI, z, values, ...extra });
  assert.deepEqual(await fill(1, { q: '$(touch PWNED)', n: 3 }), { command: 'grep -r -m \'3\' "\\$(touch PWNED)" .' });
  const hex = await fill(1, { q: 'x', n: '0x10' });
  assert.equal(hex.command, null);
  assert.match(hex.problems!.join(), /n must be a number/);
  const shell = await fill(2, { c: 'hello' });
  assert.equal(shell.command, null);
  assert.match(shell.problems!.join(), /cannot fill \{c\}: sh -c parses this argument again/);
  const option = await fill(1, { q: '--pre=touch', n: 1 });
  assert.equal(option.command, null, 'a value starting with - where grep reads options');
  assert.match(option.problems!.join(), /would read it as an option/);
  assert.equal((await fill(1, { q: '--pre=touch', n: 1 }, { allowOptions: true })).command, 'grep -r -m \'1\' "--pre=touch" .');
  const typed = await fill(1, { q: 'a\tb', n: 1 }, { terminal: true });
  assert.match(typed.problems!.join(), /control character U\+0009/, 'a terminal would complete on Tab');
  assert.match((await fill(1, { nosuch: 'x' })).problems!.join(), /no input named "nosuch"/);
});

test('fillCommand fills for the shell it is given: fish gets fish quoting, a shell Agent Files cannot quote for is refused', async () => {
  client.open(URI, AGENT);
  const fill = (values: unknown, extra = {}) =>
    client.request<{ command: string | null; problems?: string[] }>('agentFiles/fillCommand', { uri: URI, z: 1, values, terminal: true, ...extra });
  assert.deepEqual(await fill({ q: "it's $x\\", n: 2 }, { shell: '/usr/bin/fish' }), { command: "grep -r -m '2' \"it's \\$x\\\\\" ." });
  assert.deepEqual(await fill({ q: 'x', n: 2 }, { shell: '/bin/bash' }), await fill({ q: 'x', n: 2 }), 'a POSIX shell gets the POSIX fill');
  const pwsh = await fill({ q: 'x', n: 2 }, { shell: 'C:\\Program Files\\PowerShell\\7\\pwsh.exe' });
  assert.equal(pwsh.command, null);
  assert.match(pwsh.problems!.join(), /the shell is PowerShell: Agent Files quotes values only for POSIX shells \(sh, dash, bash, zsh, ksh\) and fish/);
  assert.match((await fill({ q: 'x', n: 2 }, { shell: 42 })).problems?.join() ?? '', /^$/, 'a shell that is not a string is ignored (the POSIX fill)');
});
