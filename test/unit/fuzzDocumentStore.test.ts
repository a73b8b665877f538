/**
 * The server's open-document store under arbitrary change events: it never throws, never
 * half-applies an edit, and its 3md tree always equals a full parse of its text.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DocumentStore, wellFormed } from '../../server/src/lsp/documents';
import { parseThreeMd } from '../../server/src/core/threemd/parser';
import { joinLines } from '../helpers/markers';
import { snapshot } from '../helpers/snapshot';
import { corpus } from '../helpers/fuzzInputs';
import { runs } from '../helpers/runs';

const URI = 'file:///ws/agent.3md';
const TEXT = joinLines('---', '3md: 1.0', 'title: T', '---', '@plane z=0 kind=identity', 'abc', '@plane z=1 label="a" triggers="a"', 'def', '');

test('a change with a fractional line is applied (floored), not lost, and the tree follows the text', () => {
  const store = new DocumentStore();
  store.open(URI, '3md', 1, TEXT);
  const entry = store.change(URI, 2, [{ range: { start: { line: 5.5, character: 0 }, end: { line: 5.5, character: 1 } }, text: 'Q' }])!;
  assert.equal(entry.doc.getText(), TEXT.replace('\nabc\n', '\nQbc\n'));
  assert.equal(entry.doc.version, 2);
  assert.deepEqual(snapshot(entry.tree!), snapshot(parseThreeMd(entry.doc.getText())));
  const next = store.change(URI, 3, [{ range: { start: { line: 7, character: 3 }, end: { line: 7, character: 3 } }, text: '!' }])!;
  assert.equal(next.doc.getText(), TEXT.replace('\nabc\n', '\nQbc\n').replace('def', 'def!'));
});

test('changes with non-numeric positions, no text or no range object are skipped; the rest of the batch applies', () => {
  const store = new DocumentStore();
  store.open(URI, '3md', 1, TEXT);
  const bad = [
    { range: { start: { line: 'x', character: 0 }, end: { line: 1, character: 0 } }, text: 'H' },
    { range: null, text: 'I' },
    { range: { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } }, text: null },
    null,
    { range: { start: { line: -3, character: -1 }, end: { line: 0, character: 0 } }, text: '%' },
  ];
  const entry = store.change(URI, 2, bad as never)!;
  assert.equal(entry.doc.getText(), '%' + TEXT);
  assert.deepEqual(snapshot(entry.tree!), snapshot(parseThreeMd(entry.doc.getText())));
  assert.equal(store.change(URI, 3, null as never)!.doc.getText(), '%' + TEXT, 'a null change list changes nothing');
});

test('a SKILL.md change starting past the last line appends, and later changes still land where the client means', () => {
  const uri = 'file:///ws/skills/s/SKILL.md';
  const store = new DocumentStore();
  store.open(uri, 'markdown', 1, '---\nname: s\n---\nbody');
  store.change(uri, 2, [{ range: { start: { line: 9, character: 0 }, end: { line: 10, character: 0 } }, text: '\r\nmore' }]);
  const entry = store.change(uri, 3, [{ range: { start: { line: 3, character: 4 }, end: { line: 3, character: 4 } }, text: '!' }])!;
  assert.equal(entry.doc.getText(), '---\nname: s\n---\nbody!\r\nmore');
  assert.deepEqual((entry.doc as TextDocument).positionAt(entry.doc.getText().length), { line: 4, character: 4 });
});

test('wellFormed keeps full replacements and integer ranges as they are', () => {
  assert.deepEqual(wellFormed({ text: 'all' }), { text: 'all' });
  const r = { start: { line: 1, character: 2 }, end: { line: 3, character: 4 } };
  assert.deepEqual(wellFormed({ range: r, text: 'x' }), { range: r, text: 'x' });
  assert.equal(wellFormed('text'), null);
});

const num = fc.oneof(
  { weight: 6, arbitrary: fc.nat({ max: 30 }) },
  { weight: 1, arbitrary: fc.integer({ min: -5, max: 5 }) },
  { weight: 1, arbitrary: fc.double({ min: -2, max: 40, noNaN: true }) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(NaN, Infinity, null, '3', undefined, 2 ** 40) },
);
const pos = fc.record({ line: num, character: num });
const text = fc.oneof(fc.constantFrom('', 'x', '\n', '@plane z=5', '\n@plane z=6 label="n"\n', '[[z=1]]', '```', '\r\n', '---'), fc.string({ maxLength: 8 }));
const change = fc.oneof(
  { weight: 8, arbitrary: fc.record({ range: fc.record({ start: pos, end: pos }), text }) },
  { weight: 1, arbitrary: fc.record({ text }) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(null, {}, { range: null, text: 'x' }, { text: 5 }) },
);

test('any sequence of change batches leaves the tree equal to a full parse of the text, and well-formed changes land exactly', () => {
  const texts = corpus()['3md'];
  // The same text as a .3md document (kept as a tree) and as a SKILL.md one (kept as text).
  const uri = fc.constantFrom(URI, 'file:///ws/skills/s/SKILL.md');
  fc.assert(
    fc.property(uri, fc.constantFrom(...texts), fc.array(fc.array(change, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 12 }), (uri, start, batches) => {
      const store = new DocumentStore();
      store.open(uri, uri === URI ? '3md' : 'markdown', 1, start);
      let mirror = TextDocument.create(URI, '3md', 1, start);
      batches.forEach((batch, i) => {
        const entry = store.change(uri, i + 2, batch as never)!;
        for (const c of batch) {
          const ok = wellFormed(c);
          // Each change on a fresh TextDocument: after a change past the end, an updated
          // TextDocument keeps stale line offsets and places the next change differently.
          if (ok) mirror = TextDocument.update(TextDocument.create(URI, '3md', i + 1, mirror.getText()), [ok], i + 2);
        }
        // A .3md document keeps its text as lines: CRLF comes back as LF, at the same positions.
        const lf = (t: string) => t.replace(/\r\n/g, '\n');
        assert.equal(lf(entry.doc.getText()), lf(mirror.getText()), `batch ${i}`);
        if (uri === URI) assert.deepEqual(snapshot(entry.tree!), snapshot(parseThreeMd(mirror.getText())), `batch ${i}: tree`);
        else {
          // Line offsets stay exact: every position agrees with a document made fresh from the text.
          const fresh = TextDocument.create(uri, 'markdown', 1, entry.doc.getText());
          for (let o = 0; o <= fresh.getText().length; o++) assert.deepEqual((entry.doc as TextDocument).positionAt(o), fresh.positionAt(o), `batch ${i}: offset ${o}`);
        }
      });
    }),
    { numRuns: runs(300) },
  );
});
