import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { headingOf, inlineLinks, scanMarkdown } from '../../server/src/core/skills/markdown';
import { replaceBracketed } from '../../server/src/core/skills/markdownInline';
import { attributeId, htmlIds } from '../../server/src/core/skills/anchors';

/** The pattern the one-pass reader replaces: the reference for what it must find (with the target's own offset). */
const LINK = /!?\[(?:[^\]\\]|\\.)*\]\(\s*(<[^>\n]*>|[^()\s]+)(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/dg;
const reference = (line: string) => [...line.matchAll(LINK)].map((m) => ({ index: m.index!, end: m.index! + m[0].length, target: m[1]!, targetAt: m.indices![1]![0] }));

test('inline links read in one pass are exactly what the link pattern matches', () => {
  const piece = fc.constantFrom('[', ']', '(', ')', '!', '\\', '"', "'", '<', '>', ' ', 'a', 'b', '](', '[a](b)', '\r', '\u2028', '\t', 'x.md', ' "t"');
  fc.assert(
    fc.property(fc.array(piece, { maxLength: 24 }), (parts) => {
      const line = parts.join('');
      assert.deepEqual(inlineLinks(line), reference(line), JSON.stringify(line));
    }),
    { numRuns: 20_000, seed: 31 },
  );
});

test('a line of 100,000 `[`, of `[x](<` and of links next to bare paths is read in bounded time', { timeout: 15_000 }, () => {
  for (const line of ['['.repeat(100_000), `${'['.repeat(100_000)}]x`, '[x](<'.repeat(30_000), '[a](b "'.repeat(30_000)]) assert.deepEqual(inlineLinks(line), []);
  const mixed = '[x](scripts/a.sh) scripts/b.sh '.repeat(20_000);
  assert.equal(scanMarkdown(mixed).refs.length, 40_000);
});

test('headings and the links in them are read in one pass as their patterns read them', () => {
  const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
  const piece = fc.constantFrom('#', '##', ' ', '\t', 'a', ' #', '# ', '\u2028', '\r', '[', ']', '(', ')', '!', '](', '][', '[a](b)', '![a](b)', '[a][b]', '*');
  fc.assert(
    fc.property(fc.array(piece, { maxLength: 16 }), (parts) => {
      const line = parts.join('');
      const m = HEADING.exec(line);
      assert.deepEqual(headingOf(line), m ? [m[1], m[2]] : null, JSON.stringify(line));
      assert.equal(replaceBracketed(line, '(', ')', false, true), line.replace(/!\[[^\]]*\]\([^)]*\)/g, ''), JSON.stringify(line));
      assert.equal(replaceBracketed(line, '(', ')', true, false), line.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1'), JSON.stringify(line));
      assert.equal(replaceBracketed(line, '[', ']', true, false), line.replace(/\[([^\]]*)\]\[[^\]]*\]/g, '$1'), JSON.stringify(line));
    }),
    { numRuns: 20_000, seed: 31 },
  );
});

test('a heading of 100,000 spaces or `[`, with a U+2028 at its end', { timeout: 15_000 }, () => {
  for (const h of [`# a${' '.repeat(100_000)}\u2028`, `# a${' '.repeat(100_000)}x`, `# ${'['.repeat(100_000)}](`]) assert.ok(scanMarkdown(h).headings.length <= 1);
});

test('a hand-written {#id} is read where the attribute pattern reads it', () => {
  const ATTRIBUTE = /\{:?\s*#([\w:.-]+)[^}]*\}\s*$/;
  const piece = fc.constantFrom('{', '}', '{#', '{:#', '#', 'a', '-', ' ', '\t', ':', '.', 'x y');
  fc.assert(
    fc.property(fc.array(piece, { maxLength: 16 }), (parts) => {
      const line = parts.join('');
      assert.equal(attributeId(line), ATTRIBUTE.exec(line)?.[1], JSON.stringify(line));
    }),
    { numRuns: 20_000, seed: 31 },
  );
});

test('headings and lines of 100,000 `<a `, `<http:`, `{#a` or `![` are read in bounded time', { timeout: 15_000 }, () => {
  for (const unit of ['<a ', '<http:', '<a id', '{#a', '![', '[x][', '`a` [x](y) ']) {
    const body = unit.repeat(100_000 / unit.length);
    assert.ok(scanMarkdown(`# ${body}\n${body}\n`).headings.length === 1);
  }
  assert.deepEqual(htmlIds(`${'<a '.repeat(30_000)}<a id="x">`), [{ id: 'x', index: 90_000 }]);
});

test('a reference definition names its target, and a TypeScript index signature or mapped type outside a fence names none', () => {
  const targets = (text: string) => scanMarkdown(text).refs.map((r) => r.path);
  assert.deepEqual(targets('[spec]: references/spec.md\n[1]: <docs/a b.md>\n[Note]: ./NOTES.md'), ['references/spec.md', 'docs/a b.md', './NOTES.md']);
  // A fence that closed one line too early leaves the example's interface body as prose.
  const example = [
    'interface Example {',
    '[x: string]: any',
    '[key: number]: string;',
    '[id?: symbol]: Foo.Bar',
    '}',
    'type Mapped = {',
    '[P in keyof T]: T[P];',
    '[K in Keys]: string',
    '}',
  ].join('\n');
  assert.deepEqual(targets(example), []);
  // A template's blank to fill in is no destination.
  assert.deepEqual(targets('[Hook type]: ________________\n[Body]: ...'), []);
});
