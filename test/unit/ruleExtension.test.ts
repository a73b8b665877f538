/**
 * A rule is added in one place (`registerAgentRule`, the list the built-in rules are in) and is
 * right on both paths: with an extra rule registered, the diagnostics after random incremental
 * edits equal a fresh analysis. The example rule (a skill labelled like the identity) is
 * document-level: it depends on which plane is the identity.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { parseThreeMd } from '../../server/src/core/threemd/parser';
import { reparse } from '../../server/src/core/threemd/incremental';
import { analyzeThreeMd } from '../../server/src/core/agent/threemdAnalysis';
import { registerAgentRule, type DocumentRule, type PlaneRule } from '../../server/src/core/agent/validate';
import { attributeOf } from '../../server/src/core/agent/model';
import { applyEdit, LineIndex } from '../../server/src/core/text/text';
import type { TextEdit } from '../../server/src/core/types';
import { joinLines } from '../helpers/markers';
import { runs } from '../helpers/runs';

const NAMED_LIKE_IDENTITY: DocumentRule = {
  name: 'skill-named-like-identity',
  check({ model }, out) {
    const id = model.identity?.label?.trim();
    if (!id) return;
    for (const s of model.skills) {
      if (s.plane.label?.trim() !== id) continue;
      const attr = attributeOf(s.plane, 'label')!;
      out.push({ code: 'skill-named-like-identity', severity: 'warning', message: `skill "${id}" has the identity's label`, range: attr.valueRange });
    }
  },
};

/** A plane rule too: it sees the plane alone, on its own lines. */
const SHOUTING: PlaneRule = {
  name: 'shouting',
  skillsOnly: true,
  check(p, out) {
    if (p.directive && p.body.includes('!!')) out.push({ code: 'shouting', severity: 'information', message: 'calm down', range: p.directive.keywordRange });
  },
};

const AGENT = joinLines(
  '---',
  '3md: 1.0',
  'title: T',
  '---',
  '@plane z=0 label="helper" kind=identity',
  'You are T.',
  '@plane z=1 label="search" triggers="find"',
  'Search [[z=2]].',
  '@plane z=2 label="helper" triggers="b"',
  'body b!!',
  '```',
  '@plane z=3 label="x"',
  '```',
  '',
);

const FRAGMENTS = [
  'x',
  '\n',
  '!!',
  'label="helper"',
  'label="search"',
  'kind=identity',
  '\n@plane z=4 label="helper"\n',
  '\n@plane z=0 label="id" kind=identity\n',
  '```',
  '@plane z=5',
  '"',
  ' ',
];

const diagnosticsOf = (doc: ReturnType<typeof parseThreeMd>) => JSON.parse(JSON.stringify(analyzeThreeMd(doc, { fileName: 'agent.3md' }).diagnostics));

test('a rule registered through the extension point is right on the incremental path: random edits equal a fresh analysis', () => {
  const unregister = [registerAgentRule({ kind: 'document', rule: NAMED_LIKE_IDENTITY }), registerAgentRule({ kind: 'plane', rule: SHOUTING })];
  try {
    const first = diagnosticsOf(parseThreeMd(AGENT)).map((d: { code: string }) => d.code);
    assert.ok(first.includes('skill-named-like-identity') && first.includes('shouting'), 'both rules report on the starting agent');
    const edit = fc.record({ a: fc.nat(), len: fc.nat({ max: 12 }), ins: fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 3 }), look: fc.boolean() });
    fc.assert(
      fc.property(fc.array(edit, { minLength: 1, maxLength: 30 }), (edits) => {
        let text = AGENT;
        let doc = parseThreeMd(text);
        diagnosticsOf(doc);
        for (const raw of edits) {
          const index = new LineIndex(text);
          const a = raw.a % (text.length + 1);
          const e: TextEdit = { range: { start: index.positionAt(a), end: index.positionAt(Math.min(text.length, a + raw.len)) }, text: raw.ins.join('') };
          text = applyEdit(text, e);
          doc = reparse(doc, e);
          if (raw.look) assert.deepEqual(diagnosticsOf(doc), diagnosticsOf(parseThreeMd(text)));
        }
        assert.deepEqual(diagnosticsOf(doc), diagnosticsOf(parseThreeMd(text)));
      }),
      { numRuns: runs(300) },
    );
  } finally {
    for (const u of unregister) u();
  }
  assert.ok(!diagnosticsOf(parseThreeMd(AGENT)).some((d: { code: string }) => d.code === 'shouting'), 'unregistered again');
});
