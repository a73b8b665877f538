/**
 * The Markdown scanners test a line's first mark (`leadCode`, `mayLeadWith`) before the block
 * patterns they read per line, which can match only behind a few marks. Each test below states
 * one pattern as the scanners read it and checks, on generated lines mixing every kind of white
 * space with the marks, that no line it matches is turned away by its test first.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { leadCode, leadMarks, LIST_MARKS, mayLeadWith, NO_MARKS } from '../../server/src/core/text/markdownBlocks';
import { NOT_PARAGRAPH_MARKS } from '../../server/src/core/skills/markdown';
import { headingOf } from '../../server/src/core/skills/markdownInline';

const WHITE = ['', ' ', '   ', '    ', '\t', '\u00a0', '\f', '\v', '\u2028', '\ufeff', '\r'];
const MARKS = ['#', '`', '~', '-', '=', '*', '+', '_', '>', '|', '<', '1', '12', '.', ')', 'a', 'Z', '/'];
/** Any mix of white space, marks and text. */
const mixed = fc.array(fc.constantFrom(...WHITE, ...MARKS), { maxLength: 12 }).map((parts) => parts.join(''));
/** White space, then a run of one mark (`___`, `- - -`, `###`, `1.`), then anything. */
const runs = fc
  .tuple(fc.constantFrom(...WHITE), fc.constantFrom(...MARKS), fc.constantFrom('', ' ', '\t'), fc.integer({ min: 1, max: 4 }), mixed)
  .map(([white, mark, gap, n, rest]) => white + (mark + gap).repeat(n) + rest);
const line = fc.oneof(mixed, runs);

/** A pattern as a scanner reads it, and the test it is put behind. */
const GUARDED: [string, RegExp, (lead: number) => boolean][] = [
  ['fence', /^([ \t]*)(`{3,}|~{3,})/, (lead) => lead === 0x60 || lead === 0x7e],
  ['list item', /^\s*(?:[-*+]|\d{1,9}[.)])(?:\s|$)/, (lead) => mayLeadWith(lead, LIST_MARKS)],
  ['heading after a break', /^ {0,3}#{1,6}(?:[ \t]|$)/, (lead) => lead === 0x23],
  ['setext underline', /^ {0,3}(=+|-+)[ \t]*$/, (lead) => lead === 0x3d || lead === 0x2d],
  ['not a paragraph line', /^\s*(?:[-*+]\s|\d+[.)]\s|>|\||<|(?:[-*_]\s*){3,}$)/, (lead) => mayLeadWith(lead, NOT_PARAGRAPH_MARKS)],
  ['blank', /^\s*$/, (lead) => lead === -1 || mayLeadWith(lead, NO_MARKS)],
];

for (const [name, pattern, guard] of GUARDED)
  test(`no line the ${name} pattern matches is turned away by its first-mark test`, () => {
    fc.assert(
      fc.property(line, (l) => !pattern.test(l) || guard(leadCode(l))),
      { numRuns: 4000 },
    );
  });

test('a heading is read behind its first-mark test as the heading pattern reads it', () => {
  fc.assert(
    fc.property(line, (l) => (headingOf(l) !== null) === (/^ {0,3}#{1,6}(?:[ \t]|$)/.test(l) && !/[\n\r\u2028\u2029]/.test(l))),
    { numRuns: 4000 },
  );
});

test('the first mark skips spaces and tabs only; a line of them has none', () => {
  assert.equal(leadCode('  \t# x'), 0x23);
  assert.equal(leadCode('\u00a0# x'), 0xa0);
  assert.equal(leadCode(' \t '), -1);
  assert.equal(leadCode(''), -1);
  assert.ok(mayLeadWith(0xa0, NO_MARKS) && mayLeadWith(0x0c, NO_MARKS) && !mayLeadWith(0x61, leadMarks('-')) && mayLeadWith(0x2d, leadMarks('-')));
});
