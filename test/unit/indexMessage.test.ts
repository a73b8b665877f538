import { test } from 'node:test';
import assert from 'node:assert/strict';
import { indexingMessage } from '../../client/src/indexMessage';

test('the Agent Files view says how far the index is while the server scans, and nothing once it is done', () => {
  assert.equal(indexingMessage({ indexing: true, done: 120, total: 3000, files: 120 }), 'Indexing the workspace: 120 of 3000 files read. The tree fills in as they are.');
  assert.equal(indexingMessage({ indexing: true, files: 0 }), 'Indexing the workspace: 0 of ? files read. The tree fills in as they are.');
  assert.equal(indexingMessage({ indexing: false, files: 3000 }), undefined);
});
