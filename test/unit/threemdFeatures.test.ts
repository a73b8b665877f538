import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseThreeMd } from '../../server/src/core/threemd/parser';
import { analyzeThreeMd } from '../../server/src/core/agent/threemdAnalysis';
import { completion } from '../../server/src/core/agent/features/completion';
import { hover } from '../../server/src/core/agent/features/hover';
import { definition, prepareRename, references, rename, RenameError } from '../../server/src/core/agent/features/navigation';
import { documentLinks, documentSymbols, foldingRanges, linkSourcesTo } from '../../server/src/core/agent/features/outline';
import { applyEdit } from '../../server/src/core/text/text';
import { cursor, joinLines, ranges } from '../helpers/markers';

const URI = 'file:///w/agent.3md';
const HEAD = ['---', '3md: 1.0', 'title: Dev', 'tools: rg, gh', 'entry: 0', '---', '@plane z=0 label="Dev" kind=identity', 'You help.'];
const analyze = (text: string) => analyzeThreeMd(parseThreeMd(text), { fileName: 'agent.3md' });
const at = (marked: string) => {
  const { text, position } = cursor(marked);
  return { a: analyze(text), position, text };
};
const labels = (marked: string) => {
  const { a, position } = at(marked);
  return completion(a, position).map((i) => i.label);
};
const hoverText = (marked: string) => {
  const { a, position } = at(marked);
  const h = hover(a, position);
  return h ? (h.contents as { value: string }).value : null;
};

test('completion after { in tool="…" offers declared inputs, also while the quote is still open', () => {
  assert.deepEqual(labels(joinLines(...HEAD, '@plane z=1 label="s" inputs="q, n:number?" tool="rg {$0}"')), ['q', 'n']);
  assert.deepEqual(labels(joinLines(...HEAD, '@plane z=1 label="s" inputs="q" tool="rg {$0')), ['q']);
  assert.deepEqual(labels(joinLines(...HEAD, '@plane z=1 label="s" inputs="q" tool="rg $0"')), [], 'no { no placeholders');
});

test('the placeholder completion closes the brace only when it is not already there', () => {
  const { a, position } = at(joinLines(...HEAD, '@plane z=1 label="s" inputs="query" tool="rg {qu$0"'));
  const item = completion(a, position)[0]!;
  assert.deepEqual((item.textEdit as { newText: string }).newText, 'query}');
  const { a: b, position: p2 } = at(joinLines(...HEAD, '@plane z=1 label="s" inputs="query" tool="rg {$0}"'));
  assert.deepEqual((completion(b, p2)[0]!.textEdit as { newText: string }).newText, 'query');
});

test('completion after : in inputs="…" offers the five types', () => {
  assert.deepEqual(labels(joinLines(...HEAD, '@plane z=1 label="s" inputs="a, n:$0"')), ['string', 'number', 'boolean', 'object', 'array']);
  assert.deepEqual(labels(joinLines(...HEAD, '@plane z=1 label="s" inputs="a$0"')), []);
});

test('completion after [[z= offers every plane with its label', () => {
  const { a, position } = at(joinLines(...HEAD, '@plane z=1 label="s"', 'see [[z=$0', '@plane z=2.5 label="t"'));
  const items = completion(a, position);
  assert.deepEqual(
    items.map((i) => [i.label, i.detail]),
    [
      ['0', 'Dev'],
      ['1', 's'],
      ['2.5', 't'],
    ],
  );
  assert.equal((items[1]!.textEdit as { newText: string }).newText, '1]]');
});

test('completion on a @plane line offers attribute names not yet written, and kind values', () => {
  assert.deepEqual(labels(joinLines(...HEAD, '@plane z=1 label="s" $0')), ['kind', 'triggers', 'inputs', 'tool', 'cost', 'x', 'y']);
  assert.deepEqual(labels(joinLines(...HEAD, '@plane z=1 kind=$0')), ['identity', 'skill']);
});

test('completion in the frontmatter offers missing agent keys, and plane z values after entry:', () => {
  assert.deepEqual(labels(joinLines('---', '3md: 1.0', 'title: T', '$0', '---', '@plane z=0 kind=identity')), ['agent', 'model', 'axis', 'tools', 'persona', 'version', 'entry']);
  assert.deepEqual(labels(joinLines('---', '3md: 1.0', 'entry: $0', '---', '@plane z=0 kind=identity', '@plane z=4 label="x"')), ['0', '4']);
});

test('definition: link → plane line, placeholder → input, binary → tools entry, entry → plane', () => {
  const { text, ranges: r } = ranges(
    joinLines(
      '---',
      '3md: 1.0',
      'title: Dev',
      'tools: «rg», gh',
      'entry: 1',
      '---',
      '@plane z=0 kind=identity',
      'Use [[z=1|search]].',
      '«@plane z=1 label="s" inputs="«q»" tool="rg {q}"»',
    ),
  );
  const a = analyze(text);
  const lines = text.split('\n');
  assert.deepEqual(definition(a, URI, { line: 7, character: 6 }), [{ uri: URI, range: r[1] }]);
  assert.deepEqual(definition(a, URI, { line: 8, character: lines[8]!.indexOf('{q}') + 1 }), [{ uri: URI, range: r[2] }]);
  assert.deepEqual(definition(a, URI, { line: 8, character: lines[8]!.indexOf('rg {') }), [{ uri: URI, range: r[0] }]);
  assert.deepEqual(definition(a, URI, { line: 4, character: 7 }), [{ uri: URI, range: r[1] }]);
  assert.deepEqual(definition(a, URI, { line: 7, character: 0 }), []);
});

test('references and rename of a z cover the declaration, every link and entry:', () => {
  const { text, ranges: r } = ranges(
    joinLines(
      '---',
      '3md: 1.0',
      'title: Dev',
      'entry: «1»',
      '---',
      '@plane z=0 kind=identity',
      'a [[z=«1»]] b [[z=«1»|x]]',
      '@plane z=«1» label="s" triggers="t"',
      'multi [[z=«1»|line',
      'text]] end',
    ),
  );
  const a = analyze(text);
  const refs = references(a, URI, r[3]!.start, true).map((l) => l.range);
  assert.deepEqual(new Set(refs.map((x) => JSON.stringify(x))), new Set(r.map((x) => JSON.stringify(x))));
  assert.deepEqual(prepareRename(a, r[1]!.start), { range: r[1], placeholder: '1' });
  const edit = rename(a, URI, r[1]!.start, '10')!;
  let renamed = text;
  for (const e of [...edit.changes![URI]!].sort((x, y) => y.range.start.line - x.range.start.line || y.range.start.character - x.range.start.character)) {
    renamed = applyEdit(renamed, { range: e.range, text: e.newText });
  }
  assert.deepEqual(
    analyze(renamed).diagnostics.map((d) => d.message),
    ['dependency cycle detected (involving plane z=10)'],
    'the self-link followed the rename',
  );
  assert.match(renamed, /entry: 10\n[\s\S]*\[\[z=10\]\] b \[\[z=10\|x\]\][\s\S]*@plane z=10 label="s"[\s\S]*\[\[z=10\|line/);
});

test('rename refuses a taken or malformed z and a bad input name', () => {
  const { text, ranges: r } = ranges(joinLines(...HEAD, '@plane z=«1» label="s" inputs="«q»" tool="rg {q}"'));
  const a = analyze(text);
  assert.throws(() => rename(a, URI, r[0]!.start, '0'), RenameError);
  assert.throws(() => rename(a, URI, r[0]!.start, 'x'), /not a finite decimal/);
  assert.throws(() => rename(a, URI, r[1]!.start, 'a-b'), /cannot be a placeholder name/);
});

test('rename of an input rewrites its declaration and every placeholder', () => {
  const { text, ranges: r } = ranges(joinLines(...HEAD, '@plane z=1 label="s" inputs="«q», n" tool="rg {«q»} {n} {«q»}"'));
  const a = analyze(text);
  const edits = rename(a, URI, r[1]!.start, 'query')!.changes![URI]!;
  assert.deepEqual(
    edits.map((e) => e.range),
    r,
  );
});

test('hover on a skill label shows its manifest card with the resolved chain', () => {
  const v = hoverText(
    joinLines(
      ...HEAD,
      '@plane z=1 label="s$0earch" triggers="find, grep" inputs="q, n:number?" tool="rg {q} {n}" cost="local"',
      'Cite [[z=2]].',
      '@plane z=2 label="cite" triggers="cite"',
    ),
  );
  assert.equal(
    v,
    [
      '### search  ·  z=1',
      '**Triggers:** `find`, `grep`',
      '**Inputs:** `q`: string, `n`: number?',
      '**Tool:** `rg {q} {n}`',
      '**Cost:** `local`',
      '**Resolves to:** `search` → `cite`',
    ].join('\n\n'),
  );
});

test('hover on a link previews the target plane', () => {
  const v = hoverText(joinLines(...HEAD, '@plane z=1 label="s" triggers="a"', 'see [[z=$02]]', '@plane z=2 label="cite" triggers="c"', 'Attach sources.', 'Always.'));
  assert.equal(v, '**cite**  ·  z=2\n\n> Attach sources.\n> Always.');
});

test('hover on a trigger lists skills with the same word set and those that fire with it', () => {
  const v = hoverText(
    joinLines(...HEAD, '@plane z=1 label="a" triggers="pull re$0quest"', '@plane z=2 label="b" triggers="request pull"', '@plane z=3 label="c" triggers="request"'),
  );
  assert.match(v!, /\*\*Same word set:\*\* `b` \(`request pull`\)/);
  assert.match(v!, /\*\*Also fire on every such request:\*\* `c` \(`request`\)/);
});

test('the hover route tester ranks live and shows the filled command on the same line', () => {
  const v = hoverText(
    joinLines(
      ...HEAD,
      'Try rou$0te("grep and find TODO") then command("s", {q: "TODO"}).',
      '@plane z=1 label="s" triggers="find, grep" inputs="q" tool="rg {q}"',
      '@plane z=2 label="t" triggers="grep"',
    ),
  );
  assert.equal(
    v,
    [
      '**route("grep and find TODO")**',
      '| # | skill | z | score | matched phrases |',
      '|---|---|---|---|---|',
      '| 1 | s | 1 | 2 | find, grep |',
      '| 2 | t | 2 | 1 | grep |',
      "Top skill's command: `rg {q}`",
      '',
      '**command("s")** on this line:',
      '',
      '```sh',
      "rg 'TODO'",
      '```',
    ].join('\n'),
  );
  assert.equal(hoverText(joinLines(...HEAD, 'route("noth$0ing")')), '**route("nothing")**\nNo skill matches this request.');
});

test('outline: identity and skills with z and triggers; folding per plane; links; link counts', () => {
  const text = joinLines(...HEAD, '', '@plane z=1 label="s" triggers="a, b"', 'Use [[z=2]] and [[z=2]].', '', '@plane z=2 label="t" triggers="c"', 'x');
  const a = analyze(text);
  assert.deepEqual(
    documentSymbols(a).map((s) => [s.name, s.detail, s.range.start.line, s.range.end.line]),
    [
      ['Dev', 'identity · z=0', 6, 7],
      ['s', 'z=1 · a, b', 9, 10],
      ['t', 'z=2 · c', 12, 13],
    ],
  );
  assert.deepEqual(foldingRanges(a), [
    { startLine: 0, endLine: 5 },
    { startLine: 6, endLine: 7 },
    { startLine: 9, endLine: 10 },
    { startLine: 12, endLine: 13 },
  ]);
  assert.deepEqual(
    documentLinks(a, URI).map((l) => l.target),
    [`${URI}#L13`, `${URI}#L13`],
  );
  assert.deepEqual(
    a.doc.planes.filter((p) => p.directive).map((p) => [p.z, linkSourcesTo(a, p.z)?.count ?? 0]),
    [
      [0, 0],
      [1, 0],
      [2, 2],
    ],
  );
});
