// The server's listed value of a closed SKILL.md (its index entry) keeps what the CLI's keeps:
// a skill that disable-model-invocation takes out of Claude Code's and VS Code's listings stays out.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { listedOfEntry } from '../../server/src/lsp/formats/skill';
import type { IndexedFile } from '../../server/src/core/workspace/indexTypes';

const range = { start: { line: 2, character: 13 }, end: { line: 2, character: 20 } };
const entry = (extra: Partial<IndexedFile>): IndexedFile =>
  ({
    uri: 'file:///ws/.claude/skills/a/SKILL.md',
    kind: 'skill',
    name: 'a',
    isAgent: false,
    identity: null,
    skills: [],
    errors: 0,
    warnings: 0,
    description: 'Does a.',
    descriptionRange: range,
    targets: { names: ['claude-code'], summary: '' },
    ...extra,
  }) as IndexedFile;

test('an index entry with disable-model-invocation is listed by no client that honours it', () => {
  assert.deepEqual(listedOfEntry(entry({ notListedBy: ['claude-code', 'copilot'] }))?.notListedBy, ['claude-code', 'copilot']);
  assert.equal(listedOfEntry(entry({}))?.notListedBy, undefined);
});
