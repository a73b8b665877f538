import { test } from 'node:test';
import assert from 'node:assert/strict';
import { entriesOf, parseYamlFrontmatter } from '../../server/src/core/text/yamlFrontmatter';
import { range } from '../../server/src/core/types';

test('entries carry key and value ranges in the whole document', () => {
  const fm = parseYamlFrontmatter('---\nname: my-skill\ndescription: >-\n  folded\n  text\n---\nbody\n');
  assert.equal(fm.closed, true);
  assert.equal(fm.bodyStartLine, 6);
  assert.deepEqual(
    fm.entries.map((e) => [e.key, e.value, e.keyRange, e.valueRange]),
    [
      ['name', 'my-skill', range(1, 0, 1, 4), range(1, 6, 1, 14)],
      ['description', 'folded text', range(2, 0, 2, 11), range(2, 13, 4, 6)],
    ],
  );
});

test('an empty value is placed right after its colon', () => {
  const fm = parseYamlFrontmatter('---\nname:\n---\n');
  assert.deepEqual(fm.entries[0]!.valueRange, range(1, 5, 1, 5));
  assert.equal(fm.entries[0]!.value, '');
});

test('the failsafe schema keeps every scalar a string', () => {
  const fm = parseYamlFrontmatter('---\nv: 1.0\nw: 010\nx: true\n---\n');
  assert.deepEqual(
    fm.entries.map((e) => e.value),
    ['1.0', '010', 'true'],
  );
});

test('the core schema types numbers', () => {
  const fm = parseYamlFrontmatter('---\nv: 1.0\n---\n', { schema: 'core' });
  assert.equal(fm.entries[0]!.value, 1);
});

test('nested mappings give their own entries', () => {
  const fm = parseYamlFrontmatter('---\nmetadata:\n  author: me\n---\n');
  assert.deepEqual(
    entriesOf(fm, fm.entries[0]!.node).map((e) => [e.key, e.keyRange]),
    [['author', range(2, 2, 2, 8)]],
  );
});

test('YAML syntax errors are positioned in the document', () => {
  const fm = parseYamlFrontmatter('---\nname: x\ndescription: a: b\n---\n');
  assert.equal(fm.syntaxErrors.length, 1);
  assert.equal(fm.syntaxErrors[0]!.code, 'BLOCK_AS_IMPLICIT_KEY');
  assert.equal(fm.syntaxErrors[0]!.range.start.line, 2);
});

test('strict-YAML features the Python reference refuses are reported with token ranges', () => {
  const fm = parseYamlFrontmatter('---\nm: {a: b}\nt: !!str x\nq: &a x\nname: a\nname: b\n---\n');
  assert.deepEqual(
    fm.strictIssues.map((s) => [s.kind, s.range]),
    [
      ['flow', range(1, 3, 1, 4)],
      ['tag', range(2, 3, 2, 8)],
      ['anchor', range(3, 3, 3, 5)],
      ['duplicate-key', range(5, 0, 5, 4)],
    ],
  );
  assert.equal(fm.strictIssues[3]!.message, "Duplicate key 'name' found");
});

test('plain YAML has no strict issues', () => {
  assert.deepEqual(parseYamlFrontmatter('---\na: b\nc:\n  - d\n---\n').strictIssues, []);
});

test('line split needs a whole --- line; reference split ends at the first --- anywhere', () => {
  const text = '---\ndescription: before --- after\n---\n';
  assert.equal(parseYamlFrontmatter(text).entries[0]!.value, 'before --- after');
  const ref = parseYamlFrontmatter(text, { split: 'reference' });
  assert.equal(ref.entries[0]!.value, 'before');
  assert.deepEqual(ref.closeRange, range(1, 20, 1, 23));
});

test('missing and unclosed frontmatter', () => {
  assert.equal(parseYamlFrontmatter('\n---\n').present, false);
  assert.equal(parseYamlFrontmatter('\ufeff---\n', { split: 'reference' }).present, false);
  const open = parseYamlFrontmatter('---\nname: x\n');
  assert.equal(open.present, true);
  assert.equal(open.closed, false);
});

test('CRLF line endings', () => {
  const fm = parseYamlFrontmatter('---\r\nname: x\r\n---\r\nbody');
  assert.equal(fm.closed, true);
  assert.deepEqual(fm.entries[0]!.valueRange, range(1, 6, 1, 7));
});

test('never throws on odd input', () => {
  for (const t of ['', '---', '---\n', '---\n\t: :\n---', '---\n[\n---', '---\n%YAML 9\n---\n', '---\n? [a]\n: b\n---\n']) {
    parseYamlFrontmatter(t);
    parseYamlFrontmatter(t, { split: 'reference', schema: 'core' });
  }
});
