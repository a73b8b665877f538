import { test } from 'node:test';
import assert from 'node:assert/strict';
import { confirmationMessage, decide, offeredActions, terminalShell, whyNotRun, type RunContext } from '../../client/src/runPolicy';

const at = (over: Partial<RunContext>): RunContext => ({ trusted: true, terminals: true, shell: '/bin/bash', ...over });

test('an untrusted workspace is never offered "run", and a run request there only copies', () => {
  const ctx = at({ trusted: false });
  assert.deepEqual(offeredActions(ctx), ['copy']);
  assert.equal(decide('run', ctx, true), 'copy');
  assert.equal(decide('run', ctx, undefined), 'copy');
  assert.match(whyNotRun(ctx)!, /untrusted workspace/);
});

test('in a trusted workspace a command runs only after the confirmation', () => {
  const ctx = at({});
  assert.deepEqual(offeredActions(ctx), ['copy', 'run']);
  assert.equal(decide('run', ctx, true), 'run');
  assert.equal(decide('run', ctx, false), 'nothing');
  assert.equal(decide('run', ctx, undefined), 'nothing');
  assert.equal(decide('copy', ctx, true), 'copy');
});

test('without terminals (VS Code in the browser) "run" is never offered, and a run request only copies, trusted or not', () => {
  assert.deepEqual(offeredActions(at({ terminals: false, shell: '' })), ['copy']);
  assert.equal(decide('run', at({ terminals: false, shell: '' }), true), 'copy');
  assert.equal(decide('run', at({ terminals: false, trusted: false }), true), 'copy');
});

test('the POSIX shells and fish are run in; the command is filled for the shell the terminal runs', () => {
  for (const shell of ['/bin/sh', '/usr/bin/dash', '/bin/bash', '/usr/bin/zsh', '/bin/ksh', 'C:\\Program Files\\Git\\bin\\bash.exe', '/usr/local/bin/fish']) {
    assert.deepEqual(offeredActions(at({ shell })), ['copy', 'run'], shell);
    assert.equal(decide('run', at({ shell }), true), 'run', shell);
  }
  assert.deepEqual(terminalShell('/usr/bin/zsh'), { ok: true, family: 'posix', name: 'zsh' });
  assert.deepEqual(terminalShell('/opt/homebrew/bin/fish'), { ok: true, family: 'fish', name: 'fish' });
});

test('PowerShell, cmd, nushell and unknown shells are never run in: only copying is offered, and the reason names the shell', () => {
  const cases: [string, RegExp][] = [
    ['C:\\Program Files\\PowerShell\\7\\pwsh.exe', /PowerShell/],
    ['C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe', /PowerShell/],
    ['C:\\Windows\\System32\\cmd.exe', /the shell is cmd/],
    ['/usr/bin/nu', /nushell/],
    ['/usr/bin/tcsh', /tcsh/],
    ['/usr/bin/xonsh', /xonsh/],
    ['/opt/weird/myshell', /"myshell"/],
    ['', /unknown/],
  ];
  for (const [shell, why] of cases) {
    const ctx = at({ shell });
    assert.deepEqual(offeredActions(ctx), ['copy'], shell);
    assert.equal(decide('run', ctx, true), 'copy', shell);
    assert.match(whyNotRun(ctx)!, why, shell);
    assert.match(whyNotRun(ctx)!, /POSIX shells .* and fish/);
  }
});

test('the confirmation shows the exact command line', () => {
  const cmd = `rg --line-number 'it'\\''s' '$(rm -rf ~)'`;
  assert.ok(confirmationMessage(cmd).endsWith(`\n\n${cmd}`));
});
