import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { parseThreeMd } from '../../server/src/core/threemd/parser';
import { reparse } from '../../server/src/core/threemd/incremental';
import { analyzeThreeMd } from '../../server/src/core/agent/threemdAnalysis';
import { applyEdit, LineIndex } from '../../server/src/core/text/text';
import type { TextEdit } from '../../server/src/core/types';
import { joinLines } from '../helpers/markers';
import { snapshot } from '../helpers/snapshot';
import { genAgent } from '../../scripts/genAgent';
import { runs } from '../helpers/runs';

const BASE = joinLines(
  '---',
  '3md: 1.0',
  'title: T',
  '---',
  'preamble',
  '@plane z=0 label="id" kind=identity',
  'You are T. See [[z=1]].',
  '',
  '@plane z=1 label="search" triggers="find, grep" inputs="q" tool="rg {q}"',
  'Search. ```inline``` [[z=2|b]]',
  '```',
  '@plane z=9 hidden',
  '```',
  '@plane z=2 label="b"',
  'body b',
  '',
);

/** Fragments chosen to hit every path: plain text, links, fences, directives, blank lines. */
const FRAGMENTS = [
  'x',
  ' ',
  '\n',
  '\n\n',
  'word',
  '[[z=1]]',
  '[[z=3|t]]',
  // Link targets that are no dependency, and route calls with an expectation: answers kept per segment.
  '[[z=1.5]]',
  'route("find it") selects «search»',
  '```',
  '~~~',
  '\n```\n',
  '@plane z=5',
  '\n@plane z=7 label="n"\n',
  '@plane',
  'z=',
  '"',
  '---',
  'label="q"',
  '\r\n',
  '{q}',
  '',
];

/** Random edits: where (wrapped into the text), how much to remove, what to insert. */
const oneEdit = fc.record({ a: fc.nat(), len: fc.nat({ max: 12 }), ins: fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 3 }) });
const edits = fc.array(oneEdit, { minLength: 1, maxLength: 25 });

function toEdit(text: string, e: { a: number; len: number; ins: string[] }): TextEdit {
  const index = new LineIndex(text);
  const b = Math.min(text.length, e.a + e.len);
  return { range: { start: index.positionAt(e.a), end: index.positionAt(b) }, text: e.ins.join('') };
}

/**
 * Applies random edits from BASE, re-parsing incrementally (giving the new text or not), and
 * checks after every edit that the tree equals a full parse of the text.
 */
function replay(edits: { a: number; len: number; ins: string[] }[], giveText: boolean, after?: (doc: ReturnType<typeof parseThreeMd>, text: string) => void): void {
  let text = BASE;
  let doc = parseThreeMd(text);
  for (const raw of edits) {
    const edit = toEdit(text, { ...raw, a: raw.a % (text.length + 1) });
    text = applyEdit(text, edit);
    doc = giveText ? reparse(doc, edit, text) : reparse(doc, edit);
    assert.deepEqual(snapshot(doc), snapshot(parseThreeMd(text)));
    after?.(doc, text);
  }
}

test('incremental re-parse equals a full parse after every edit of random edit sequences', () => {
  fc.assert(
    fc.property(edits, (e) => replay(e, true)),
    { numRuns: runs(300) },
  );
});

test('without the new text, the re-parse keeps its own text: the same tree and the same text, line breaks aside', () => {
  const norm = (t: string) => t.replace(/\r\n/g, '\n');
  fc.assert(
    fc.property(edits, (e) => replay(e, false, (doc, text) => assert.equal(norm(doc.getText()), norm(text)))),
    { numRuns: runs(200) },
  );
});

/** The diagnostics of an agent analysis, as plain data. */
const diagnosticsOf = (doc: ReturnType<typeof parseThreeMd>) => JSON.parse(JSON.stringify(analyzeThreeMd(doc, { fileName: 'agent.3md' }).diagnostics));

/**
 * Random edits from `base` (fragments from `fragments`), re-parsed incrementally; after each edit
 * that is analysed (every one, or a random choice) and at the end, the diagnostics equal a fresh
 * analysis of the text.
 */
function analysedEdits(base: string, fragments: string[], analyseEvery: boolean) {
  const edit = fc.record({ a: fc.nat(), len: fc.nat({ max: 12 }), ins: fc.array(fc.constantFrom(...fragments), { maxLength: 3 }), look: fc.boolean() });
  return fc.property(fc.array(edit, { minLength: 1, maxLength: 30 }), (edits) => {
    let text = base;
    let doc = parseThreeMd(text);
    analyzeThreeMd(doc, { fileName: 'agent.3md' });
    for (const raw of edits) {
      const e = toEdit(text, { ...raw, a: raw.a % (text.length + 1) });
      text = applyEdit(text, e);
      doc = reparse(doc, e);
      if (analyseEvery || raw.look) assert.deepEqual(diagnosticsOf(doc), diagnosticsOf(parseThreeMd(text)));
    }
    assert.deepEqual(diagnosticsOf(doc), diagnosticsOf(parseThreeMd(text)));
  });
}

test('diagnostics after any edits equal a fresh analysis, whether or not each edit was analysed', () => {
  fc.assert(analysedEdits(BASE, FRAGMENTS, false), { numRuns: runs(300) });
});

/** The segments of `next` that are `prev`'s own objects, and how many `next` has (the head counted as one). */
function sharing(prev: ReturnType<typeof parseThreeMd>, next: ReturnType<typeof parseThreeMd>): { shared: number; of: number } {
  const old = new Set([prev.structure!.head.segment, ...prev.structure!.segments]);
  const now = [next.structure!.head.segment, ...next.structure!.segments];
  return { shared: now.filter((s) => old.has(s)).length, of: now.length };
}

test('typing inside a body re-reads that segment alone; adding a directive re-reads the edited segment and shares the rest', () => {
  let doc = parseThreeMd(BASE);
  const typing: TextEdit = { range: { start: { line: 14, character: 6 }, end: { line: 14, character: 6 } }, text: '!' };
  let text = applyEdit(BASE, typing);
  let prev = doc;
  doc = reparse(doc, typing, text);
  assert.deepEqual(sharing(prev, doc), { shared: 4, of: 5 });
  assert.equal(doc.planes.find((p) => p.z === 2)!.body, 'body b!');
  const directive: TextEdit = { range: { start: { line: 15, character: 0 }, end: { line: 15, character: 0 } }, text: '@plane z=3' };
  text = applyEdit(text, directive);
  prev = doc;
  doc = reparse(doc, directive, text);
  assert.deepEqual(sharing(prev, doc), { shared: 4, of: 6 });
  assert.deepEqual(
    doc.planes.map((p) => p.z),
    [0, 1, 2, 3],
  );
});

/** Applies the edit incrementally, checks it shared the segments it did not touch and equals a full parse; returns the new tree and text. */
function structural(doc: ReturnType<typeof parseThreeMd>, text: string, edit: TextEdit) {
  const next = applyEdit(text, edit);
  const tree = reparse(doc, edit, next);
  const { shared, of } = sharing(doc, tree);
  assert.ok(shared >= of - 2 && shared >= doc.structure!.segments.length - 1, `segments shared: ${shared} of ${of}`);
  assert.deepEqual(snapshot(tree), snapshot(parseThreeMd(next)));
  return { tree, text: next };
}

test('renumbering a z re-decides which later plane is the duplicate, and the planes before the edit keep their identity', () => {
  let text = joinLines(
    '---',
    '3md: 1.0',
    'title: T',
    '---',
    '@plane z=0 kind=identity',
    'a',
    '@plane z=1 label="x"',
    'b',
    '@plane z=2 label="y"',
    'c',
    '@plane z=2 label="y2"',
    'd',
    '',
  );
  let doc = parseThreeMd(text);
  const identity = doc.planes[0];
  ({ tree: doc, text } = structural(doc, text, { range: { start: { line: 8, character: 9 }, end: { line: 8, character: 10 } }, text: '7' }));
  assert.deepEqual(
    doc.planes.map((p) => p.label),
    [null, 'x', 'y', 'y2'],
  );
  assert.equal(doc.planes[0]!.source, identity!.source, 'the plane before the edit keeps its content (a new z set makes a new view of it)');
  ({ tree: doc, text } = structural(doc, text, { range: { start: { line: 8, character: 9 }, end: { line: 8, character: 10 } }, text: '2' }));
  assert.deepEqual(
    doc.planes.map((p) => p.label),
    [null, 'x', 'y'],
  );
  assert.deepEqual(
    doc.directives[3]!.issues.map((i) => i.code),
    ['duplicatePlane'],
  );
});

test('opening a fence swaps which lines are fenced from there on and hides the planes after it; removing it brings them back', () => {
  let text = joinLines(
    '---',
    '3md: 1.0',
    'title: T',
    '---',
    '@plane z=0 kind=identity',
    'a',
    '',
    '@plane z=1',
    'b',
    '```sh',
    'x',
    '```',
    '@plane z=2',
    'c',
    '@plane z=3 [[z=2]]',
    '',
  );
  let doc = parseThreeMd(text);
  ({ tree: doc, text } = structural(doc, text, { range: { start: { line: 6, character: 0 }, end: { line: 6, character: 0 } }, text: '```' }));
  // The stray fence is closed by the one that opened the example, and the example's closing fence opens another.
  assert.deepEqual(
    doc.planes.map((p) => p.z),
    [0],
  );
  ({ tree: doc, text } = structural(doc, text, { range: { start: { line: 6, character: 0 }, end: { line: 6, character: 3 } }, text: '' }));
  assert.deepEqual(
    doc.planes.map((p) => p.z),
    [0, 1, 2, 3],
  );
  // The first directive's lines join the preamble: the head is read again (a full parse).
  const cut: TextEdit = { range: { start: { line: 4, character: 0 }, end: { line: 5, character: 0 } }, text: '' };
  text = applyEdit(text, cut);
  doc = reparse(doc, cut, text);
  assert.deepEqual(snapshot(doc), snapshot(parseThreeMd(text)));
  assert.deepEqual(
    doc.planes.map((p) => p.z),
    [1, 2, 3],
    'removing the first directive makes its body preamble',
  );
  assert.equal(doc.preamble, 'a');
});

test('editing a directive that keeps its z re-reads that segment alone', () => {
  const doc = parseThreeMd(BASE);
  const at = BASE.split('\n')[8]!.indexOf('grep') + 4;
  const edit: TextEdit = { range: { start: { line: 8, character: at }, end: { line: 8, character: at } }, text: ', locate' };
  const text = applyEdit(BASE, edit);
  const next = reparse(doc, edit, text);
  assert.deepEqual(sharing(doc, next), { shared: 4, of: 5 });
  assert.equal(next.planes[1]!.attributes['triggers'], 'find, grep, locate');
  assert.deepEqual(snapshot(next), snapshot(parseThreeMd(text)));
});

test('an unchanged plane keeps its object identity across a body edit elsewhere', () => {
  const doc = parseThreeMd(BASE);
  const first = doc.planes[0];
  const edit: TextEdit = { range: { start: { line: 14, character: 0 }, end: { line: 14, character: 0 } }, text: 'x' };
  const next = reparse(doc, edit, applyEdit(BASE, edit));
  assert.equal(next.planes[0], first);
});

/** An agent with every kind of cross-plane fact: an identity, a route assertion, links both ways, a duplicate and a missing label, a dead link. */
const AGENT = joinLines(
  '---',
  '3md: 1.0',
  'title: T',
  'tools: rg',
  '---',
  '@plane z=0 label="id" kind=identity',
  'You are T. route("find x") selects search',
  '@plane z=1 label="search" triggers="find, grep" inputs="q" tool="rg {q}"',
  'Search, then cite [[z=2]].',
  '@plane z=2 label="b" triggers="b"',
  'body b, back to [[z=1]]',
  '@plane z=3 label="b" triggers="c"',
  'same label',
  '@plane z=4 triggers="d"',
  'no label, dead [[z=9]]',
  '```',
  'example',
  '```',
  '',
);

const AGENT_FRAGMENTS = [
  ...FRAGMENTS,
  '\n@plane z=5 label="c" triggers="c"\n',
  '\n@plane z=6 kind=identity\n',
  '\n@plane z=9 label="nine"\n',
  '[[z=5]]',
  '[[z=4]]',
  'label="b"',
  'z=3',
  '3',
  'kind=identity',
  'route("b") selects b',
];

test('diagnostics of an agent analysed after every edit equal a fresh analysis', () => {
  fc.assert(analysedEdits(AGENT, AGENT_FRAGMENTS, true), { numRuns: runs(300) });
});

/** Two cycles (one of three planes that all link to each other, one self-link) between isolated planes. */
const CYCLIC_AGENT = joinLines(
  '---',
  '3md: 1.0',
  'title: C',
  '---',
  '@plane z=0 kind=identity',
  'core',
  '@plane z=1 label="a" triggers="a"',
  '[[z=2]] [[z=3]]',
  '@plane z=2 label="b" triggers="b"',
  '[[z=3]] [[z=1]]',
  '@plane z=3 label="c" triggers="c"',
  '[[z=1]]',
  '@plane z=4 label="lone" triggers="lone"',
  'nothing here',
  '@plane z=5 label="self" triggers="self"',
  'me again [[z=5]]',
  '@plane z=6 label="tail" triggers="tail"',
  'to [[z=5]]',
  '',
);
const CYCLIC_FRAGMENTS = [
  'x',
  '\n',
  '[[z=1]]',
  '[[z=2]]',
  '[[z=4]]',
  '[[z=6]]',
  '\n@plane z=7 label="iso" triggers="iso"\n',
  '\n@plane z=8 label="to" triggers="to"\n[[z=1]]\n',
  'z=9',
  '4',
  '```',
  '',
];

test('diagnostics of an agent with several cycles, analysed after every edit or some, equal a fresh analysis', () => {
  fc.assert(analysedEdits(CYCLIC_AGENT, CYCLIC_FRAGMENTS, true), { numRuns: runs(300) });
  fc.assert(analysedEdits(CYCLIC_AGENT, CYCLIC_FRAGMENTS, false), { numRuns: runs(200) });
});

test('closing a fence revives the planes it hid: the same content, moved where they are, equal to a full parse', () => {
  let text = joinLines(
    '---',
    '3md: 1.0',
    'title: T',
    '---',
    '@plane z=0 kind=identity',
    'a',
    '',
    '@plane z=1',
    'b',
    '```sh',
    'x',
    '```',
    '@plane z=2',
    'c [[z=1]]',
    '```',
    'y',
    '```',
    '@plane z=3',
    'd',
    '',
  );
  let doc = parseThreeMd(text);
  const hidden = doc.planes.slice(1);
  ({ tree: doc, text } = structural(doc, text, { range: { start: { line: 6, character: 0 }, end: { line: 6, character: 0 } }, text: '```' }));
  // The stray fence pairs with the example's first fence, and every later pair the other way: every directive after it is fenced.
  assert.deepEqual(
    doc.planes.map((p) => p.z),
    [0],
  );
  // A line added above the hidden planes moves them; they come back on their new lines.
  ({ tree: doc, text } = structural(doc, text, { range: { start: { line: 6, character: 3 }, end: { line: 6, character: 3 } }, text: '\n' }));
  ({ tree: doc, text } = structural(doc, text, { range: { start: { line: 6, character: 0 }, end: { line: 7, character: 0 } }, text: '' }));
  assert.deepEqual(
    doc.planes.map((p) => p.z),
    [0, 1, 2, 3],
  );
  doc.planes.slice(1).forEach((p, k) => assert.equal(p.source, hidden[k]!.source, `plane z=${p.z} has the hidden one's content`));
  assert.equal(doc.planes[2]!.links[0]!.targetExists, true);
});

test('a hidden plane whose lines changed while hidden is read again when it comes back', () => {
  let text = joinLines('---', '3md: 1.0', 'title: T', '---', '@plane z=0 kind=identity', 'a', '', '@plane z=1', 'b', '```sh', 'x', '```', '@plane z=2', 'c', '@plane z=3', 'd', '');
  let doc = parseThreeMd(text);
  const hidden = doc.planes.slice(1);
  ({ tree: doc, text } = structural(doc, text, { range: { start: { line: 6, character: 0 }, end: { line: 6, character: 0 } }, text: '```' }));
  // Typing in what is now the body of plane 1 (the hidden plane 2's body line).
  const typed = applyEdit(text, { range: { start: { line: 13, character: 1 }, end: { line: 13, character: 1 } }, text: '!' });
  doc = reparse(doc, { range: { start: { line: 13, character: 1 }, end: { line: 13, character: 1 } }, text: '!' }, typed);
  text = typed;
  ({ tree: doc, text } = structural(doc, text, { range: { start: { line: 6, character: 0 }, end: { line: 6, character: 3 } }, text: '' }));
  assert.equal(doc.planes[2]!.body, 'c!');
  assert.equal(doc.planes[1]!.source, hidden[0]!.source, 'plane 1 came back as it was');
  assert.notEqual(doc.planes[2]!.source, hidden[1]!.source, 'plane 2 was read again');
  assert.equal(doc.planes[3]!.source, hidden[2]!.source, 'plane 3 came back as it was');
});

test('a fence that swallows hundreds of lines builds the long body from the planes it swallowed: the same text and links as a full parse', () => {
  let text = genAgent(40);
  let doc = parseThreeMd(text);
  const p = doc.planes[5]!;
  const at = { line: p.bodyStartLine + 1, character: 0 };
  // Lines added above the swallowed planes move them first, so their pieces are taken from moved planes.
  ({ tree: doc, text } = structural(doc, text, { range: { start: at, end: at }, text: '```\n\n' }));
  assert.ok(doc.planes.length < 10, 'the later planes are fenced');
  assert.ok(doc.planes[5]!.endLine - doc.planes[5]!.bodyStartLine > 256, 'one long body');
  assert.ok(doc.planes[5]!.links.length > 3, "with the swallowed planes' links");
  // Typing on the fence line keeps the rest fenced: the long body is the old one with the edit.
  ({ tree: doc, text } = structural(doc, text, { range: { start: { line: at.line, character: 3 }, end: { line: at.line, character: 3 } }, text: 'sh' }));
  ({ tree: doc, text } = structural(doc, text, { range: { start: { line: at.line, character: 3 }, end: { line: at.line, character: 5 } }, text: '' }));
  // The same on a fence line near the end of the long body (its offset is counted from the end).
  let fenceNearEnd = doc.planes[5]!.endLine - 1;
  while (!doc.line(fenceNearEnd)!.startsWith('```')) fenceNearEnd--;
  ({ tree: doc, text } = structural(doc, text, { range: { start: { line: fenceNearEnd, character: 3 }, end: { line: fenceNearEnd, character: 3 } }, text: 'x' }));
  ({ tree: doc, text } = structural(doc, text, { range: { start: { line: fenceNearEnd, character: 3 }, end: { line: fenceNearEnd, character: 4 } }, text: '' }));
  // Typing in the long body (near its start, in the middle, near its end; within a line, a new line, lines joined).
  const long = doc.planes[5]!;
  for (const line of [long.bodyStartLine + 3, Math.floor((long.bodyStartLine + long.endLine) / 2), long.endLine - 3]) {
    for (const [from, to, insert] of [
      [0, 0, 'x'],
      [0, 1, ''],
      [0, 0, 'a [[z=3]]\nb'],
      [0, 0, '\n'],
      [1, 0, ''],
    ] as const) {
      const edit = { range: { start: { line: line + from, character: 0 }, end: { line: line + from + to, character: 0 } }, text: insert };

      const next = applyEdit(text, edit);
      doc = reparse(doc, edit, next);
      text = next;

      assert.deepEqual(snapshot(doc), snapshot(parseThreeMd(text)));
    }
  }
  ({ tree: doc, text } = structural(doc, text, { range: { start: at, end: { line: at.line + 2, character: 0 } }, text: '' }));
  assert.equal(doc.planes.length, 41);
});

test('random edits of a long agent with fences opened and closed equal a full parse after every edit', () => {
  const base = genAgent(30);
  const long = fc.record({
    a: fc.nat(),
    len: fc.nat({ max: 40 }),
    ins: fc.array(fc.constantFrom('```', '\n```\n', '~~~', '\n', 'x', '[[z=3]]', '\n@plane z=77 label="q"\n', '@plane', ''), { maxLength: 2 }),
  });
  fc.assert(
    fc.property(fc.array(long, { minLength: 1, maxLength: 12 }), (edits) => {
      let text = base;
      let doc = parseThreeMd(text);
      for (const raw of edits) {
        const edit = toEdit(text, { ...raw, a: raw.a % (text.length + 1) });
        text = applyEdit(text, edit);
        doc = reparse(doc, edit, text);
        assert.deepEqual(snapshot(doc), snapshot(parseThreeMd(text)));
      }
    }),
    { numRuns: runs(60) },
  );
});

test('a long body put together from swallowed planes has the dependencies and route checks of the same text read whole', () => {
  // Three ways a swallowed plane's own results differ from the long body's (a link whose label
  // runs on into the next plane, a link in a directive line, a route check in a rejected
  // directive's span), and one where they are the same.
  const variants: [string, (lines: string[], skill: (z: number) => number) => void][] = [
    [
      '[[z=999]]',
      (lines, skill) => {
        lines[skill(12) - 1] += ' see [[z=999|the next';
        lines.splice(skill(12) + 1, 0, 'one]] too');
      },
    ],
    [
      '[[z=998]]',
      (lines, skill) => {
        lines[skill(14)] += ' note="[[z=998]]"';
      },
    ],
    [
      'route("find nothing")',
      (lines, skill) => {
        lines.splice(skill(16), 0, '@plane label="orphan"', 'route("find nothing") selects nobody', '');
      },
    ],
    // And two that a swallowed plane's own results give, moved: a route check and a dead link in a skill's body.
    [
      'route("find anything")',
      (lines, skill) => {
        lines.splice(skill(20) + 1, 0, '', 'route("find anything") selects nobody');
      },
    ],
    [
      '[[z=997]]',
      (lines, skill) => {
        lines.splice(skill(22) + 1, 0, 'see [[z=997]]');
      },
    ],
  ];
  for (const [expected, change] of variants) {
    const lines = genAgent(30).split('\n');
    change(lines, (z) => lines.findIndex((l) => l.startsWith(`@plane z=${z} `)));
    let text = lines.join('\n');
    let doc = parseThreeMd(text);
    analyzeThreeMd(doc, { fileName: 'agent.3md' });
    const at = { line: doc.planes[3]!.bodyStartLine + 1, character: 0 };
    // The fence comes with a new line, so the swallowed planes' results are moved.
    ({ tree: doc, text } = structural(doc, text, { range: { start: at, end: at }, text: '```\n' }));
    const diagnostics = diagnosticsOf(doc);
    assert.deepEqual(diagnostics, diagnosticsOf(parseThreeMd(text)), expected);
    assert.ok(
      diagnostics.some((d: { message: string }) => d.message.includes(expected)),
      expected,
    );
    // Typing in the long body, analysed after each edit: in a swallowed plane's lines (a word, a
    // new line), at the body's start, deleting the fifth variant's dead link from its plane, then
    // a dead link and a route check typed in (the body's parts no longer combine after those).
    const long = doc.planes[3]!;
    const inPiece = long.bodyStartLine + 150;
    const typed = (line: number, insert: string) => (): TextEdit => ({ range: { start: { line, character: 0 }, end: { line, character: 0 } }, text: insert });
    const deleteDeadLink = (): TextEdit | undefined => {
      const line = text.split('\n').indexOf('see [[z=997]]');
      return line < 0 ? undefined : { range: { start: { line, character: 4 }, end: { line, character: 13 } }, text: '' };
    };
    const edits = [
      typed(inPiece, 'x'),
      typed(inPiece, 'y\n'),
      typed(long.bodyStartLine + 2, '\n'),
      deleteDeadLink,
      typed(inPiece, '[[z=996]] '),
      typed(inPiece + 2, 'route("find more") selects nobody\n'),
    ];
    for (const next of edits) {
      const edit = next();
      if (!edit) continue;
      const insert = edit.text;
      text = applyEdit(text, edit);
      doc = reparse(doc, edit, text);
      assert.deepEqual(diagnosticsOf(doc), diagnosticsOf(parseThreeMd(text)), `${expected}, then ${JSON.stringify(insert)}`);
    }
  }
});
