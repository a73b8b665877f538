/**
 * A parsed 3md document is a value: a re-parse never changes the document it starts from, and
 * the store's fallback after a failed incremental re-parse starts from the untouched text.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseThreeMd } from '../../server/src/core/threemd/parser';
import { reparse } from '../../server/src/core/threemd/incremental';
import { analyzeThreeMd } from '../../server/src/core/agent/threemdAnalysis';
import { applyEdit } from '../../server/src/core/text/text';
import type { TextEdit } from '../../server/src/core/types';
import type { ThreeMdDocument } from '../../server/src/core/threemd/document';
import { DocumentStore } from '../../server/src/lsp/documents';
import { joinLines } from '../helpers/markers';
import { snapshot } from '../helpers/snapshot';

const TEXT = joinLines(
  '---',
  '3md: 1.0',
  'title: T',
  '---',
  '@plane z=0 label="id" kind=identity',
  'You are T. See [[z=1]] and [[z=3]].',
  '@plane z=1 label="search" triggers="find"',
  'Search.',
  '@plane z=2 label="b" triggers="b"',
  'body b',
  '',
);

/** Everything a handler may read of a document and its analysis, as plain data. */
function observed(doc: ThreeMdDocument) {
  return JSON.parse(
    JSON.stringify({
      text: doc.getText(),
      lines: doc.lines,
      tree: snapshot(doc),
      links: doc.planes.flatMap((p) => p.links.map((l) => [l.sourceZ, l.targetZ, l.targetExists])),
      diagnostics: analyzeThreeMd(doc, { fileName: 'agent.3md' }).diagnostics,
    }),
  );
}

const EDITS: [string, TextEdit][] = [
  ['typing in a body', { range: { start: { line: 9, character: 6 }, end: { line: 9, character: 6 } }, text: '!' }],
  ['a new line in a body', { range: { start: { line: 7, character: 7 }, end: { line: 7, character: 7 } }, text: '\nmore' }],
  ['a directive added that makes a dead link live', { range: { start: { line: 10, character: 0 }, end: { line: 10, character: 0 } }, text: '@plane z=3 label="c" triggers="c"\n' }],
  ['a z renumbered', { range: { start: { line: 8, character: 9 }, end: { line: 8, character: 10 } }, text: '1' }],
  ['a fence opened', { range: { start: { line: 7, character: 0 }, end: { line: 7, character: 0 } }, text: '```\n' }],
  ['a directive cut', { range: { start: { line: 6, character: 0 }, end: { line: 8, character: 0 } }, text: '' }],
];

for (const [name, edit] of EDITS) {
  test(`an old snapshot is unchanged after a later edit: ${name}`, () => {
    const old = parseThreeMd(TEXT);
    const before = observed(old);
    // Read what a handler would read, so lazily made parts exist before the edit too.
    const next = reparse(old, edit);
    observed(next);
    reparse(next, { range: { start: { line: 5, character: 0 }, end: { line: 5, character: 0 } }, text: 'x' });
    assert.deepEqual(observed(old), before);
    assert.deepEqual(observed(next), observed(parseThreeMd(applyEdit(TEXT, edit))));
  });
}

test('after a failed incremental re-parse the store logs it and applies the edit once: the text and diagnostics equal a fresh parse', () => {
  const uri = 'file:///ws/agent.3md';
  const edits: TextEdit[] = [
    { range: { start: { line: 6, character: 0 }, end: { line: 6, character: 0 } }, text: '@plane z=5 label="new"\n' },
    { range: { start: { line: 9, character: 4 }, end: { line: 9, character: 4 } }, text: ' [[z=2]]' },
  ];
  const logged: string[] = [];
  const failing = () => {
    throw new Error('injected');
  };
  const store = new DocumentStore({ log: (m) => logged.push(m), reparse: failing });
  store.open(uri, '3md', 1, TEXT);
  let text = TEXT;
  edits.forEach((e, k) => {
    store.change(uri, k + 2, [e]);
    text = applyEdit(text, e);
  });
  assert.equal(logged.length, edits.length, 'each failure leaves a log line');
  assert.match(logged[0]!, /incremental re-parse of file:\/\/\/ws\/agent\.3md failed.*injected/s);
  const entry = store.get(uri)!;
  assert.equal(entry.doc.getText(), text);
  assert.deepEqual(snapshot(entry.tree!), snapshot(parseThreeMd(text)));
  const fresh = analyzeThreeMd(parseThreeMd(text), { fileName: 'agent.3md' }).diagnostics;
  assert.deepEqual(JSON.parse(JSON.stringify(store.analysis(entry)!.diagnostics)), JSON.parse(JSON.stringify(fresh)));
});
