import { test } from 'node:test';
import assert from 'node:assert/strict';
import { linkNote } from '../../server/src/core/workspace/linkNotes';

test('a link not followed is noted where it stands for agent files: a path on one machine, a folder beside the checkout, or nowhere', () => {
  assert.equal(
    linkNote('.github/skills', '/Users/ana/dev/app/.agents/skills', true),
    "not following .github/skills: a symbolic link to '/Users/ana/dev/app/.agents/skills', a path on one machine; in any other checkout it leads nowhere, and no client finds the files behind it",
  );
  assert.match(linkNote('CLAUDE.md', 'C:\\Users\\ana\\AGENTS.md', false)!, /a path on one machine \(not on this one\)/);
  assert.match(linkNote('AGENTS.md', '../agents_md/AGENTS.md', true)!, /outside the folder checked; a checkout has it only where that folder sits beside it$/);
  assert.match(linkNote('.claude/agents', '../gone', false)!, /which leads nowhere; no client finds the files behind it$/);
  assert.match(linkNote('.claude/skills', '/srv/app/.agents/skills', false, '../.agents/skills')!, /; this folder has it too: link to '\.\.\/\.agents\/skills' instead$/);
  assert.equal(linkNote('docs/notes', '/Users/ana/notes', false), undefined);
  assert.equal(linkNote('src/claude.md', '/x', false), undefined);
});

test('a link into a git submodule this checkout has not filled in says so, not that it leads nowhere', () => {
  const note = linkNote('.github/skills', '../modules/common/.github/skills', false, undefined, 'modules/common')!;
  assert.match(note, /inside the git submodule 'modules\/common', which this checkout has not filled in \(git submodule update --init\)/);
  assert.doesNotMatch(note, /leads nowhere/);
});
