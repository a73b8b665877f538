import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildAliasMap, findParagraphMentions, hasCompletionSignal, normalizeMentionLabel, resolveMentions } from '../../server/src/core/world/mentions';
import { rangeOf } from '../fixtures/world/helpers';

const aliases = buildAliasMap([
  { id: 'pm' },
  { id: 'architect', name: 'Software Architect' },
  { id: 'review_captain', name: 'Review Captain' },
  { id: 'tutor', name: 'Madame Pedagogue' },
  { id: 'qa' },
]);
const targets = (text: string) => resolveMentions(text, aliases).map((m) => m.agentId ?? `?${m.token}`);

test('normalization lowercases, collapses non-alphanumerics and trims dashes', () => {
  assert.equal(normalizeMentionLabel('  Review Captain '), 'review-captain');
  assert.equal(normalizeMentionLabel('review_captain'), 'review-captain');
  assert.equal(normalizeMentionLabel('Review-Captain'), 'review-captain');
  assert.equal(normalizeMentionLabel('pm.'), 'pm');
});

test('a paragraph-start mention after prose routes to the id', () => {
  const text = 'Requirements captured.\n\n@architect Please design the app.';
  const [m] = resolveMentions(text, aliases);
  assert.equal(m!.agentId, 'architect');
  assert.equal(m!.via, 'single');
  assert.deepEqual(m!.range, rangeOf(text, '@architect'));
  assert.deepEqual(m!.wordRange, rangeOf(text, 'architect'));
});

test('a TitleCase second word makes the display name resolve first', () => {
  const text = 'Brief ready.\n\n@Software Architect take it from here.';
  const [m] = resolveMentions(text, aliases);
  assert.equal(m!.agentId, 'architect');
  assert.equal(m!.via, 'pair');
  assert.deepEqual(m!.candidates, ['Software Architect', 'Software']);
  assert.deepEqual(m!.range, rangeOf(text, '@Software Architect'));
  assert.deepEqual(targets('@Madame Pedagogue, help'), ['tutor']);
});

test('the id wins before the display name, and a lowercase second word is ignored', () => {
  assert.deepEqual(targets('@architect Please design the app.'), ['architect']);
  const [m] = resolveMentions('@pm please', aliases);
  assert.equal(m!.second, undefined);
});

test('@Review Captain, @review_captain and @Review-Captain resolve to the same agent', () => {
  assert.deepEqual(targets('@Review Captain\n@review_captain\n@Review-Captain'), ['review_captain', 'review_captain', 'review_captain']);
});

test('trailing punctuation is trimmed: @pm. resolves to pm', () => {
  assert.deepEqual(targets('@pm.'), ['pm']);
});

test('unknown mentions stay unresolved; later lines still route', () => {
  assert.deepEqual(targets('Brief ready.\n\n@nobody Please take this.'), ['?nobody']);
  assert.deepEqual(targets('@ghost\nUnknown.\n\n@architect\nPlease design.'), ['?ghost', 'architect']);
});

test('greeting prefixes are skipped; mid-line mentions and leading non-letters do not route', () => {
  assert.deepEqual(targets('hey @qa look\nHi, @pm\nto: @architect x\nHello - @qa'), ['qa', 'pm', 'architect', 'qa']);
  assert.deepEqual(targets('Please ask @qa.\n- @pm\n@1qa\nheyo @qa'), []);
  const text = '   hey, @qa run';
  assert.deepEqual(resolveMentions(text, aliases)[0]!.range, rangeOf(text, '@qa'));
});

test('mentions inside fenced blocks never route, even when the fence is not line-anchored', () => {
  assert.deepEqual(targets('```text\n@qa inside\n```\n@pm outside'), ['pm']);
  assert.deepEqual(targets('x ```a\n@qa\n``` y\n@pm'), ['pm']);
  const text = 'intro\n```\ncode\n```@qa after fence';
  const [m] = resolveMentions(text, aliases);
  assert.equal(m!.agentId, 'qa');
  assert.deepEqual(m!.range, rangeOf(text, '@qa'));
});

test('CRLF lines resolve with correct positions', () => {
  const text = 'a\r\n@qa go\r\n';
  assert.deepEqual(findParagraphMentions(text)[0]!.tokenRange, { start: { line: 1, character: 0 }, end: { line: 1, character: 3 } });
});

test('ids are entered before names and the first alias wins', () => {
  const a = buildAliasMap([{ id: 'worker_a' }, { id: 'worker-a' }, { id: 'x', name: 'Worker A' }, { id: 'pm', name: 'x' }]);
  assert.equal(a.get('worker-a'), 'worker_a');
  assert.equal(a.get('x'), 'x');
});

test('the stop token outside fences and <world>DONE</world> complete; fenced ones do not', () => {
  assert.equal(hasCompletionSignal('ok <world>pass</world>', '<world>pass</world>'), true);
  assert.equal(hasCompletionSignal('ok <world> DONE </world>', '<world>pass</world>'), true);
  assert.equal(hasCompletionSignal('```text\n<world>pass</world>\n```', '<world>pass</world>'), false);
});
