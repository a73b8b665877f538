import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseThreeMd, documentIssues } from '../../server/src/core/threemd/parser';
import { strictResult, referenceLinks } from '../../server/src/core/threemd/reference';
import { joinLines, ranges, textAt } from '../helpers/markers';

const issues = (text: string) => documentIssues(parseThreeMd(text)).map((i) => ({ code: i.code, message: i.message, range: i.range }));

test('reports every error, not only the first, each on its own range', () => {
  const { text, ranges: r } = ranges(joinLines('---', '3md: 1.0', '«oops»', '---', '@plane z=«abc»', 'a', '@plane «bare»', 'b', '@plane z=1', '@plane z=«1.0»'));
  assert.deepEqual(issues(text), [
    { code: 'invalidFrontmatter', message: "Invalid frontmatter: expected 'key: value', found 'oops'", range: r[0] },
    { code: 'invalidPlaneDirective', message: "Invalid @plane directive on line 5: z must be a finite decimal number, found 'abc'", range: r[1] },
    { code: 'invalidPlaneDirective', message: "Invalid @plane directive on line 7: expected key=value, found 'bare'", range: r[2] },
    {
      code: 'missingPlanePosition',
      message: "The @plane directive on line 7 is missing a 'z' position.",
      range: { start: { line: 6, character: 0 }, end: { line: 6, character: 6 } },
    },
    { code: 'duplicatePlane', message: 'Two planes share the same z position: 1', range: r[3] },
  ]);
});

test('strict view reproduces the reference: the first error only', () => {
  const r = strictResult(parseThreeMd(joinLines('---', 'title: x', '---', '@plane', '@plane z=q')));
  assert.equal(r.ok, false);
  assert.equal(!r.ok && r.error.code, 'missingVersion');
});

test('unterminated quote keeps the attributes before it and points at the quote', () => {
  const { text, ranges: r } = ranges(joinLines('---', '3md: 1', '---', '@plane z=2 «label="never closed»'));
  const doc = parseThreeMd(text);
  assert.deepEqual(issues(text), [{ code: 'invalidPlaneDirective', message: `Invalid @plane directive on line 4: unterminated quote in 'z=2 label="never closed'`, range: r[0] }]);
  assert.equal(doc.planes[0]?.z, 2, 'the plane survives for navigation');
});

test('empty attribute key is its own invalidPlaneDirective detail', () => {
  assert.equal(issues(joinLines('---', '3md: 1', '---', '@plane z=1 =x'))[0]?.message, "Invalid @plane directive on line 4: empty attribute key in '=x'");
});

test('bad y is reported after x, on the value', () => {
  const { text, ranges: r } = ranges(joinLines('---', '3md: 1', '---', '@plane z=1 x=«1,5» y=«nan»'));
  assert.deepEqual(
    issues(text).map((i) => [i.message, i.range]),
    [
      ["Invalid @plane directive on line 4: x must be a finite decimal number, found '1,5'", r[0]],
      ["Invalid @plane directive on line 4: y must be a finite decimal number, found 'nan'", r[1]],
    ],
  );
});

test('unclosed frontmatter is reported on the opening fence and the body still parses', () => {
  const doc = parseThreeMd(joinLines('---', '3md: 1', '@plane z=1 label="k:v"', 'body: text'));
  assert.deepEqual(issues(doc.getText()), [
    {
      code: 'invalidFrontmatter',
      message: "Invalid frontmatter: frontmatter block was not closed with '---'",
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 3 } },
    },
  ]);
  assert.equal(doc.planes.length, 1);
});

test('with an unclosed block, a colon-less line is reported first, as the reference does', () => {
  const codes = documentIssues(parseThreeMd(joinLines('---', '3md: 1', '@plane z=1', 'body'))).map((i) => [i.code, i.range.start.line]);
  assert.deepEqual(codes, [
    ['invalidFrontmatter', 2],
    ['invalidFrontmatter', 0],
  ]);
});

test('missing frontmatter anchors at the first non-blank line', () => {
  assert.deepEqual(issues('\n  # Title\n'), [
    {
      code: 'missingFrontmatter',
      message: "3md documents must begin with a '---' frontmatter block.",
      range: { start: { line: 1, character: 2 }, end: { line: 1, character: 9 } },
    },
  ]);
});

test('every element carries its range: frontmatter key and value, attribute key and value, body', () => {
  const { text, ranges: r } = ranges(joinLines('---', '«3md»: «1.0»', '«title»: «"My agent"»', '---', '@plane «z»=«1» «label»=«"a b"»', '', '«line one', 'line two»', ''));
  const doc = parseThreeMd(text);
  const [k1, v1, k2, v2] = doc.frontmatter.fields.flatMap((f) => [f.keyRange, f.valueRange]);
  assert.deepEqual([k1, v1, k2, v2], r.slice(0, 4));
  const attrs = doc.directives[0]!.attributes;
  assert.deepEqual(
    attrs.flatMap((a) => [a.keyRange, a.valueRange]),
    r.slice(4, 8),
  );
  assert.equal(textAt(text, attrs[1]!.innerRange), 'a b');
  assert.deepEqual(doc.planes[0]!.bodyRange, r[8]);
  assert.equal(doc.title, 'My agent');
});

test('links carry the range of the link and of its target; invalid targets are skipped', () => {
  const { text, ranges: r } = ranges(joinLines('---', '3md: 1', '---', '@plane z=0', 'see «[[z=«1.5»|half]]» and [[z=abc]] and «[[z=«2»]]»', '@plane z=2'));
  const doc = parseThreeMd(text);
  const links = doc.planes[0]!.links;
  assert.deepEqual(
    links.map((l) => [l.range, l.targetRange, l.text, l.targetExists]),
    [
      [r[0], r[1], 'half', false],
      [r[2], r[3], null, true],
    ],
  );
  assert.deepEqual(referenceLinks(doc), [
    { sourceZ: 0, targetZ: 1.5, text: 'half', targetExists: false },
    { sourceZ: 0, targetZ: 2, text: null, targetExists: true },
  ]);
});

test('fences hide directives until closed, across planes, with no length matching', () => {
  const doc = parseThreeMd(joinLines('---', '3md: 1', '---', '@plane z=0', '````', '@plane z=1', '```js', '@plane z=2', '~~~', '@plane z=3', '~~~~', '@plane z=4'));
  assert.deepEqual(
    doc.planes.map((p) => p.z),
    [0, 2, 4],
  );
});

test('a BOM shifts line-0 characters but not the grammar', () => {
  const doc = parseThreeMd('\uFEFF---\n3md: 1\n---\nbody');
  assert.equal(doc.bom, true);
  assert.equal(documentIssues(doc).length, 0);
  assert.equal(doc.planes[0]?.body, 'body');
});

test('CRLF text parses like LF and keeps LSP line numbers', () => {
  const doc = parseThreeMd('---\r\n3md: 1\r\n---\r\n@plane z=1 label="x"\r\nbody\r\n');
  assert.equal(doc.planes[0]!.body, 'body');
  assert.equal(doc.planes[0]!.directive!.line, 3);
});

test('3md 1.1 proposals are tolerated as plain attributes and body text', () => {
  const text = joinLines('---', '3md: 1.1', '---', '@plane z=0 hold="250ms" transition=fade ease=ease-in', '@asset src=a.glb kind=model', '@include src=b.3md select="0..3"');
  assert.deepEqual(issues(text), []);
  assert.equal(parseThreeMd(text).planes[0]!.attributes['transition'], 'fade');
});

test('never throws on hostile input', () => {
  for (const t of ['', '---', '---\n---', '\u0000\uFFFF', '@plane', '---\n3md:1\n---\n@plane z="', '\r\r\r', '---\n:\n---\n@plane z=1 a="\\']) {
    assert.doesNotThrow(() => parseThreeMd(t));
  }
});

test('attribute and frontmatter keys such as constructor and __proto__ are plain keys, and absent ones are absent', () => {
  const doc = parseThreeMd(joinLines('---', '3md: 1', 'constructor: c', '__proto__: p', '---', '@plane z=1 constructor=a __proto__=b tostring=c', '@plane z=2'));
  assert.deepEqual({ ...doc.planes[0]!.attributes }, { constructor: 'a', ['__proto__']: 'b', tostring: 'c' });
  assert.deepEqual(Object.keys(doc.planes[0]!.attributes), ['constructor', '__proto__', 'tostring']);
  assert.equal(doc.planes[1]!.attributes['constructor'], undefined);
  assert.equal(doc.planes[1]!.attributes['__proto__'], undefined);
  assert.equal('toString' in doc.planes[1]!.attributes, false);
  assert.deepEqual([doc.metadata['constructor'], doc.metadata['__proto__']], ['c', 'p']);
});
