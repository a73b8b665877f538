import { test } from 'node:test';
import assert from 'node:assert/strict';
import { confirmationMessage, decide, offeredActions } from '../../client/src/runPolicy';

test('an untrusted workspace is never offered "run", and a run request there only copies', () => {
  assert.deepEqual(offeredActions(false, true), ['copy']);
  assert.equal(decide('run', false, true, true), 'copy');
  assert.equal(decide('run', false, true, undefined), 'copy');
});

test('in a trusted workspace a command runs only after the confirmation', () => {
  assert.deepEqual(offeredActions(true, true), ['copy', 'run']);
  assert.equal(decide('run', true, true, true), 'run');
  assert.equal(decide('run', true, true, false), 'nothing');
  assert.equal(decide('run', true, true, undefined), 'nothing');
  assert.equal(decide('copy', true, true, true), 'copy');
});

test('without terminals (VS Code in the browser) "run" is never offered, and a run request only copies, trusted or not', () => {
  assert.deepEqual(offeredActions(true, false), ['copy']);
  assert.equal(decide('run', true, false, true), 'copy');
  assert.equal(decide('run', false, false, true), 'copy');
});

test('the confirmation shows the exact command line', () => {
  const cmd = `rg --line-number 'it'\\''s' '$(rm -rf ~)'`;
  assert.ok(confirmationMessage(cmd).endsWith(`\n\n${cmd}`));
});
