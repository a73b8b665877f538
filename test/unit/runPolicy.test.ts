import { test } from 'node:test';
import assert from 'node:assert/strict';
import { confirmationMessage, decide, offeredActions } from '../../client/src/runPolicy';

test('an untrusted workspace is never offered "run", and a run request there only copies', () => {
  assert.deepEqual(offeredActions(false), ['copy']);
  assert.equal(decide('run', false, true), 'copy');
  assert.equal(decide('run', false, undefined), 'copy');
});

test('in a trusted workspace a command runs only after the confirmation', () => {
  assert.deepEqual(offeredActions(true), ['copy', 'run']);
  assert.equal(decide('run', true, true), 'run');
  assert.equal(decide('run', true, false), 'nothing');
  assert.equal(decide('run', true, undefined), 'nothing');
  assert.equal(decide('copy', true, true), 'copy');
});

test('the confirmation shows the exact command line', () => {
  const cmd = `rg --line-number 'it'\\''s' '$(rm -rf ~)'`;
  assert.ok(confirmationMessage(cmd).endsWith(`\n\n${cmd}`));
});
