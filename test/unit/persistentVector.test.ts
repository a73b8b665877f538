/**
 * The persistent list behind a document's segments, sources, directives and planes
 * (server/src/core/threemd/vector.ts): a replaced item makes a new list and leaves the old one as
 * it was, and the comparison of two lists of one lineage finds exactly the items that differ.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { Vec } from '../../server/src/core/threemd/vector';
import { parseThreeMd } from '../../server/src/core/threemd/parser';
import { reparse } from '../../server/src/core/threemd/incremental';
import { analyzeThreeMd } from '../../server/src/core/agent/threemdAnalysis';
import { applyEdit } from '../../server/src/core/text/text';
import { genAgent } from '../../scripts/genAgent';
import { snapshot } from '../helpers/snapshot';
import { runs } from '../helpers/runs';

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

test('a list holds its items in order at every size, and nothing outside them', () => {
  for (const n of [0, 1, 31, 32, 33, 1024, 1025, 33_000]) {
    const items = range(n).map((i) => ({ i }));
    const v = Vec.of(items);
    assert.equal(v.length, n);
    assert.deepEqual(v.toArray(), items);
    assert.deepEqual([...v], items);
    for (const i of [0, 1, 31, 32, 1023, 1024, n - 1]) if (i >= 0 && i < n) assert.equal(v.get(i), items[i]);
    assert.equal(v.get(-1), undefined);
    assert.equal(v.get(n), undefined);
    assert.deepEqual(v.slice(1, 3), items.slice(1, 3));
    const adopted = Vec.adopt(items);
    assert.deepEqual([...Vec.changed(adopted, v)!], []);
    assert.equal(adopted.get(n - 1), items[n - 1]);
  }
});

test('replacing items makes new lists and leaves every earlier list with its own items; the comparison names exactly the replaced indexes', () => {
  const n = 2000;
  const op = fc.record({ i: fc.nat({ max: n - 1 }), value: fc.integer() });
  fc.assert(
    fc.property(fc.array(op, { minLength: 1, maxLength: 40 }), (ops) => {
      const lists = [Vec.of(range(n))];
      const arrays = [range(n)];
      for (const { i, value } of ops) {
        lists.push(lists[lists.length - 1]!.with(i, value));
        const a = arrays[arrays.length - 1]!.slice();
        a[i] = value;
        arrays.push(a);
      }
      lists.forEach((v, k) => assert.deepEqual(v.toArray(), arrays[k]));
      const first = lists[0]!;
      const last = lists[lists.length - 1]!;
      const expected = range(n).filter((i) => arrays[0]![i] !== arrays[arrays.length - 1]![i]);
      assert.deepEqual([...Vec.changed(first, last)!], expected);
    }),
    { numRuns: runs(100) },
  );
  assert.equal(Vec.changed(Vec.of([1, 2]), Vec.of([1])), null);
  const v = Vec.of(range(40));
  assert.equal(v.with(3, 3), v, 'the same item again: the same list');
  assert.throws(() => v.with(40, 0), RangeError);
});

test('a keystroke in a body of a 2,000-skill agent makes a new document and the old one shows what it showed: its planes, directives and diagnostics', () => {
  const text = genAgent(2000);
  const old = parseThreeMd(text);
  const oldPlanes = old.planes;
  const oldDirectives = old.directives;
  const before = JSON.stringify({ tree: snapshot(old), diagnostics: analyzeThreeMd(old, { fileName: 'agent.3md' }).diagnostics });
  const mid = old.planes[1000]!;
  const edit = { range: { start: { line: mid.bodyStartLine + 1, character: 0 }, end: { line: mid.bodyStartLine + 1, character: 0 } }, text: 'typed ' };
  const next = reparse(old, edit);
  analyzeThreeMd(next, { fileName: 'agent.3md' });
  assert.equal(old.planes, oldPlanes, 'the old array is the one it gave before');
  assert.equal(old.planeList.get(1000), oldPlanes[1000]);
  assert.equal(old.directives, oldDirectives);
  assert.equal(JSON.stringify({ tree: snapshot(old), diagnostics: analyzeThreeMd(old, { fileName: 'agent.3md' }).diagnostics }), before);
  // The new document replaced one plane and one directive, and shares the others with the old one.
  assert.notEqual(next.planeList.get(1000), old.planeList.get(1000));
  assert.deepEqual([...Vec.changed(old.planeList, next.planeList)!], [1000]);
  assert.equal(Vec.changed(old.directiveList, next.directiveList)!.length, 1);
  assert.deepEqual(snapshot(next), snapshot(parseThreeMd(applyEdit(text, edit))));
});

test('a list made of the first items of another and new ones holds them in order, shares the kept whole leaves, and compares like the same list made at once', () => {
  fc.assert(
    fc.property(fc.nat({ max: 3000 }), fc.nat({ max: 3000 }), fc.nat({ max: 300 }), (size, keep, more) => {
      const prev = Vec.of(range(size).map((i) => ({ i })));
      const rest = range(more).map((i) => ({ i: -i }));
      const v = Vec.kept(prev, keep, rest);
      const expected = [...prev.toArray().slice(0, keep), ...rest];
      assert.deepEqual(v.toArray(), expected);
      assert.equal(v.length, expected.length);
      assert.deepEqual([...Vec.changed(v, Vec.of(expected))!], []);
      for (let i = 0; i < Math.min(keep, size); i++) assert.equal(v.get(i), prev.get(i));
    }),
    { numRuns: runs(200) },
  );
});

/** The diagnostics of a document as plain data. */
/** An agent text: a frontmatter and an identity plane (z=0, lines 4–5), then `planes`, one line each. */
const agent = (...planes: string[]) => ['---', '3md: 1.0', 'title: t', '---', '@plane z=0 kind=identity label="core"', 'Core.', ...planes, ''].join('\n');

/** Each plane's links as [plane z, target z, whether the target exists]. */
const exists = (doc: ReturnType<typeof parseThreeMd>) => doc.planes.map((p) => p.links.map((l) => [p.z, l.targetZ, l.targetExists]));

const diagnostics = (doc: ReturnType<typeof parseThreeMd>) => JSON.parse(JSON.stringify(analyzeThreeMd(doc, { fileName: 'agent.3md' }).diagnostics)) as unknown;

test('a z renumbered again and again (past the depth where its set is copied) and back: every document has the z set and diagnostics a fresh parse has, and earlier ones keep theirs', () => {
  let text = genAgent(40);
  let doc = parseThreeMd(text);
  analyzeThreeMd(doc, { fileName: 'agent.3md' });
  const line = doc.planes[20]!.directive!.line;
  const zOf = (d: ReturnType<typeof parseThreeMd>) => d.planes[20]!.z;
  const history: { doc: ReturnType<typeof parseThreeMd>; zs: number[] }[] = [];
  for (const z of [...Array.from({ length: 20 }, (_, k) => 5000 + k), 5003, 5001, 5000]) {
    const old = String(zOf(doc));
    const edit = { range: { start: { line, character: 9 }, end: { line, character: 9 + old.length } }, text: String(z) };
    text = applyEdit(text, edit);
    doc = reparse(doc, edit);
    const fresh = parseThreeMd(text);
    assert.equal(zOf(doc), z);
    assert.deepEqual(
      [...doc.zs].sort((a, b) => a - b),
      [...fresh.zs].sort((a, b) => a - b),
    );
    assert.equal(doc.zs.size, fresh.zs.size);
    for (const probe of [z, Number(old), 0, 1, 4999, 5019]) assert.equal(doc.zs.has(probe), fresh.zs.has(probe), `z=${probe} after renumbering to ${z}`);
    assert.deepEqual(diagnostics(doc), diagnostics(fresh));
    history.push({ doc, zs: [...doc.zs] });
  }
  for (const h of history) assert.deepEqual([...h.doc.zs], h.zs);
});

test('in an agent without route assertions, a z renumbered keeps them none, and a failing one typed afterwards is reported as in a fresh analysis', () => {
  let text = genAgent(30);
  let doc = parseThreeMd(text);
  analyzeThreeMd(doc, { fileName: 'agent.3md' });
  const p = doc.planes[10]!;
  const z = String(p.z);
  const steps = [
    { range: { start: { line: p.directive!.line, character: 9 }, end: { line: p.directive!.line, character: 9 + z.length } }, text: '777' },
    { range: { start: { line: p.bodyStartLine + 1, character: 0 }, end: { line: p.bodyStartLine + 1, character: 0 } }, text: 'route("nothing matches this") selects skill-3\n' },
  ];
  for (const edit of steps) {
    text = applyEdit(text, edit);
    doc = reparse(doc, edit);
    assert.deepEqual(diagnostics(doc), diagnostics(parseThreeMd(text)));
  }
  assert.ok(
    analyzeThreeMd(doc, { fileName: 'agent.3md' }).diagnostics.some((d) => d.code === 'agent3md/route-assertion' || /selects/.test(d.message)),
    'the failing route assertion is reported',
  );
});

test('a z renumbered keeps the views whose links name neither z and remakes those that do; links resolve against the new set, and back again', () => {
  const text = agent(
    '@plane z=1 label="a" triggers="a"',
    'Needs [[z=5]].',
    '@plane z=2 label="b" triggers="b"',
    'Needs [[z=3]].',
    '@plane z=3 label="c" triggers="c"',
    'C.',
    '@plane z=4 label="d" triggers="d"',
    'Sees [[z=1]].',
  );
  const doc0 = parseThreeMd(text);
  const before = exists(doc0);
  const line = 10; // `@plane z=3 …`
  const doc1 = reparse(doc0, { range: { start: { line, character: 9 }, end: { line, character: 10 } }, text: '5' });
  assert.deepEqual(exists(doc1), exists(parseThreeMd(doc1.getText())));
  assert.deepEqual(exists(doc1)[1], [[1, 5, true]], 'the link to the new z resolves');
  assert.deepEqual(exists(doc1)[2], [[2, 3, false]], 'the link to the old z is dead');
  assert.equal(doc1.planes[4], doc0.planes[4], 'a plane whose links name neither z keeps its view');
  assert.equal(doc1.planes[0], doc0.planes[0]);
  assert.notEqual(doc1.planes[1], doc0.planes[1], 'a plane that names the new z gets a new view');
  assert.notEqual(doc1.planes[2], doc0.planes[2], 'a plane that names the old z gets a new view');
  assert.deepEqual(exists(doc0), before, 'the earlier document is as it was');
  const doc2 = reparse(doc1, { range: { start: { line, character: 9 }, end: { line, character: 10 } }, text: '3' });
  assert.deepEqual(exists(doc2), before, 'renumbered back, every link resolves as at first');
  assert.deepEqual(diagnostics(doc2), diagnostics(parseThreeMd(text)));
  assert.deepEqual(diagnostics(doc1), diagnostics(parseThreeMd(doc1.getText())));
});

test('a directive added keeps the earlier views whose links resolve alike and remakes one that names the new z; removed again, links resolve as at first', () => {
  const text = agent('@plane z=1 label="a" triggers="a"', 'Needs [[z=9]].', '@plane z=2 label="b" triggers="b"', 'Sees [[z=1]].', '@plane z=3 label="c" triggers="c"', 'C.');
  const doc0 = parseThreeMd(text);
  const before = exists(doc0);
  const added = reparse(doc0, { range: { start: { line: 10, character: 0 }, end: { line: 10, character: 0 } }, text: '@plane z=9 label="n" triggers="n"\nNew.\n' });
  assert.deepEqual(exists(added), exists(parseThreeMd(added.getText())));
  assert.deepEqual(exists(added)[1], [[1, 9, true]], 'the earlier link to the new z resolves');
  assert.equal(added.planes[2], doc0.planes[2], 'an earlier plane whose links resolve alike keeps its view');
  assert.notEqual(added.planes[1], doc0.planes[1], 'an earlier plane that names the new z gets a new view');
  assert.deepEqual(exists(doc0), before, 'the earlier document is as it was');
  const removed = reparse(added, { range: { start: { line: 10, character: 0 }, end: { line: 12, character: 0 } }, text: '' });
  assert.deepEqual(exists(removed), before);
  assert.deepEqual(diagnostics(removed), diagnostics(parseThreeMd(text)));
  assert.deepEqual(diagnostics(added), diagnostics(parseThreeMd(added.getText())));
});
