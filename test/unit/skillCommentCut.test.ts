// A frontmatter value cut short by a YAML comment (core/skills/commentCut.ts): in an unquoted
// value, ` #` starts a comment, so every YAML reader drops the rest of the line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeSkill } from '../../server/src/core/skills/analyze';
import { skillCodeActions } from '../../server/src/core/skills';
import { InMemoryHost } from '../../server/src/core/workspace/host';
import { joinLines, ranges } from '../helpers/markers';

const URI = 'file:///ws/.claude/skills/pull-feedback/SKILL.md';
const cuts = (text: string) => analyzeSkill(text, URI, new InMemoryHost({}), {}).diagnostics.filter((d) => d.code === 'skill-yaml-comment-in-value');

test("an unquoted value with ' #' and a word after it is cut there: a warning on the whole value, saying what is dropped", () => {
  const { text, ranges: expected } = ranges(
    joinLines('---', 'name: pull-feedback', 'description: «Use when the user asks to pull down the review on #N or to address the feedback.»', '---', 'Body'),
  );
  const found = cuts(text);
  assert.deepEqual(
    found.map((d) => [d.severity, d.range]),
    [['warning', expected[0]]],
  );
  assert.match(
    found[0]!.message,
    /The ' #' in 'description' starts a YAML comment: every YAML reader takes only the text before it, and '#N or to address the feedback\.' is lost/,
  );
});

test('a comment written as one, a quoted or block value, and a # inside a word are not reported', () => {
  for (const description of [
    'Reviews pull requests. Use when asked. # keep short',
    '"Use when asked about #N issues."',
    "'Use when asked about #N issues.'",
    'Writes C# code. Use when asked for C#.',
    'Fixes issue-#12 links. Use when asked.',
  ])
    assert.deepEqual(cuts(joinLines('---', 'name: pull-feedback', `description: ${description}`, '---', 'Body')), [], description);
  assert.deepEqual(cuts(joinLines('---', 'name: pull-feedback', 'description: >-', '  Use when asked about #N issues.', '---', 'Body')), []);
  // A key no client reads loses nothing a client would have read.
  assert.deepEqual(cuts(joinLines('---', 'name: pull-feedback', 'description: Reviews. Use when asked.', 'source: earned (issue #267)', '---', 'Body')), []);
});

test('the quick fix quotes the value as written, so clients read all of it', () => {
  const text = joinLines('---', 'name: pull-feedback', 'description: Use for #N reviews.', '---', 'Body');
  const [d] = cuts(text);
  const action = skillCodeActions(text, URI, [d!]).find((a) => a.title === 'Quote the value');
  const edit = action?.edit?.changes?.[URI]?.[0] ?? (action?.edit?.documentChanges?.[0] as { edits?: { newText: string }[] } | undefined)?.edits?.[0];
  assert.equal(edit?.newText, '"Use for #N reviews."');
});
