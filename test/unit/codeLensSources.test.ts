/**
 * The "N links" code lens resolves one z at a time (`linkSourcesTo`): it must give what the map of
 * every z (`allLinkSources` below, one pass over every link) gives for that z — the count, and the first
 * `LENS_LOCATIONS` ranges in the same order — whatever mix of 3md links and dependencies a plane has.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseThreeMd } from '../../server/src/core/threemd/parser';
import { analyzeThreeMd } from '../../server/src/core/agent/threemdAnalysis';
import { LENS_LOCATIONS, linkSourcesTo } from '../../server/src/core/agent/features/outline';
import { skillOf } from '../../server/src/core/agent/model';
import type { ThreeMdAnalysis } from '../../server/src/core/agent/threemdAnalysis';
import type { Range } from '../../server/src/core/types';

const analyze = (text: string) => analyzeThreeMd(parseThreeMd(text), { fileName: 'agent.3md' });

/** The reference: the links pointing at every z, in one pass over every plane's links and the dependencies that are not also links (both in text order). */
function allLinkSources(a: ThreeMdAnalysis): Map<number, { count: number; ranges: Range[] }> {
  const sources = new Map<number, { count: number; ranges: Range[] }>();
  const add = (z: number, r: Range) => {
    const entry = sources.get(z);
    if (!entry) sources.set(z, { count: 1, ranges: [r] });
    else if (entry.count++ < LENS_LOCATIONS) entry.ranges.push(r);
  };
  const before = (x: Range, y: Range) => x.start.line < y.start.line || (x.start.line === y.start.line && x.start.character < y.start.character);
  for (const p of a.doc.planes) {
    for (const l of p.links) add(l.targetZ, l.targetRange);
    const links = p.links;
    let k = 0;
    for (const d of skillOf(p).deps) {
      while (k < links.length && before(links[k]!.targetRange, d.targetRange)) k++;
      const l = links[k];
      if (l && l.targetRange.start.line === d.targetRange.start.line && l.targetRange.start.character === d.targetRange.start.character) continue;
      add(d.z, d.targetRange);
    }
  }
  return sources;
}

function assertSameSources(text: string): void {
  const a = analyze(text);
  const all = allLinkSources(a);
  const zs = new Set([...all.keys(), ...a.doc.planes.map((p) => p.z), 12345]);
  for (const z of zs) assert.deepEqual(linkSourcesTo(a, z), all.get(z), `z=${z}`);
}

test('a lens resolved alone counts 3md links and the dependencies that are not also links, in text order', () => {
  assertSameSources(
    [
      '---',
      '3md: 1.0',
      '---',
      '@plane z=0 kind=identity label="core"',
      // Links that are not dependencies (non-integer, signed, exponent), a dependency that is no link (a label over two lines), one in code.
      'See [[z=1]] [[z=1.5]] [[z=-1]] [[z=1e0]] [[z=1|a',
      'b]] `[[z=1]]` and [[z=2|x]].',
      '```',
      '[[z=1]]',
      // Swallowed by the open fence: body text of z=0, its links read at the source's own lines.
      '@plane z=7',
      '[[z=2]]',
      '```',
      '[[z=2|y]] [[z=0]]',
      '',
      '@plane z=1 label="a"',
      '[[z=0]] [[z=2]] [[z=1]]',
      '@plane z=1 label="duplicate"',
      '[[z=0]]',
      '@plane z=2 label="b"',
      'text [[z=1|one',
      'two]] [[z=1]]',
    ].join('\n'),
  );
});

test('a lens resolved alone keeps the first LENS_LOCATIONS ranges and the full count, across planes', () => {
  const many = (n: number) => '[[z=1]] '.repeat(n);
  assertSameSources(`---\n3md: 1.0\n---\n@plane z=0 kind=identity\n${many(LENS_LOCATIONS - 3)}\n\n@plane z=1 label="s"\n${many(10)}\n@plane z=2 label="t"\n${many(5)}[[z=0]]\n`);
  const a = analyze(`---\n3md: 1.0\n---\n@plane z=0 kind=identity\n${many(LENS_LOCATIONS + 5)}\n@plane z=1 label="s"\nx\n`);
  const to1 = linkSourcesTo(a, 1)!;
  assert.equal(to1.count, LENS_LOCATIONS + 5);
  assert.equal(to1.ranges.length, LENS_LOCATIONS);
});

test('a lens resolved alone reads the single-plane shorthand where it is (after a BOM too)', () => {
  assertSameSources('\uFEFFsee [[z=1]] and [[z=1|x\ny]] and [[z=0]]\n');
  assertSameSources('see [[z=0]] [[z=0|a\nb]]\n');
});
