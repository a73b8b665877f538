/** Positions between the formats' line model (LF, CRLF) and LSP's (CR, LF, CRLF). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { applyLspEdit, hasLoneCr, LineMap, mapPositions } from '../../server/src/core/text/lineMap';
import { LineIndex } from '../../server/src/core/text/text';

test('every offset maps to the position LSP gives it, and back to the position the format gives it', () => {
  fc.assert(
    fc.property(fc.array(fc.constantFrom('a', 'b', '\r', '\n', '\r\n', 'é', '😀'), { maxLength: 40 }), (parts) => {
      const text = parts.join('');
      const map = new LineMap(text);
      const lsp = TextDocument.create('file:///x', 'x', 1, text);
      const own = new LineIndex(text);
      for (let o = 0; o <= text.length; o++) {
        const p = own.positionAt(o);
        assert.deepEqual(map.toLsp(p), lsp.positionAt(own.offsetAt(p)));
        assert.deepEqual(map.fromLsp(lsp.positionAt(o)), own.positionAt(lsp.offsetAt(lsp.positionAt(o))));
      }
    }),
    { numRuns: 300 },
  );
});

test('an LSP edit is applied as the text document library applies it', () => {
  fc.assert(
    fc.property(fc.array(fc.constantFrom('a', '\r', '\n', '\r\n'), { maxLength: 30 }), fc.nat(8), fc.nat(5), fc.nat(8), fc.nat(5), (parts, l1, c1, l2, c2) => {
      const text = parts.join('');
      const range = { start: { line: l1, character: c1 }, end: { line: l2, character: c2 } };
      const lsp = TextDocument.update(TextDocument.create('file:///x', 'x', 1, text), [{ range, text: 'X' }], 2);
      assert.equal(applyLspEdit(text, range, 'X'), lsp.getText());
    }),
    { numRuns: 300 },
  );
});

test('answers are copied with positions and folding lines mapped, per document URI', () => {
  const text = 'a\rb\nc\rd';
  assert.ok(hasLoneCr(text) && !hasLoneCr('a\r\nb\n'));
  const map = new LineMap(text);
  const answer = {
    range: { start: { line: 1, character: 1 }, end: { line: 1, character: 3 } },
    fold: { startLine: 0, endLine: 1 },
    elsewhere: { uri: 'file:///other', range: { start: { line: 1, character: 1 }, end: { line: 1, character: 1 } } },
    edit: { changes: { 'file:///doc': [{ range: { start: { line: 0, character: 2 }, end: { line: 0, character: 2 } }, newText: '' }] } },
  };
  const frozen = JSON.stringify(answer);
  const out = mapPositions(answer, 'toLsp', 'file:///doc', (u) => (u === 'file:///doc' ? map : null));
  assert.equal(JSON.stringify(answer), frozen, 'the input is not changed');
  assert.deepEqual(out.range, { start: { line: 2, character: 1 }, end: { line: 3, character: 1 } });
  assert.deepEqual(out.fold, { startLine: 0, endLine: 3 });
  assert.deepEqual(out.elsewhere.range, answer.elsewhere.range);
  assert.deepEqual(out.edit.changes['file:///doc']![0]!.range.start, { line: 1, character: 0 });
});
