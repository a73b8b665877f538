/** Route request…'s input boxes: an empty box is an input not given, unlike `name=` on the command line. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseInput, validateInput } from '../../client/src/inputs';

const required = { name: 'pattern', type: 'string', required: true };
const optional = { name: 'path', type: 'string', required: false };

test('an empty input box is required for a required input and absent for an optional one', () => {
  assert.equal(validateInput(required, ''), 'pattern is required');
  assert.equal(validateInput(optional, ''), undefined);
  assert.equal(parseInput(optional, ''), undefined);
  assert.equal(parseInput(required, 'x'), 'x');
  assert.equal(validateInput({ name: 'n', type: 'number', required: false }, '5x'), 'n must be a number (a JSON number such as 42 or -1.5), not "5x"');
});
