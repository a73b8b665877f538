/**
 * Document-controlled depth must never reach the call stack: every 3md feature on a dependency
 * chain 100,000 planes deep and on a 100,000-plane cycle, in process (the LSP test in
 * test/lsp/robustness.test.ts does the same over stdio).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseThreeMd } from '../../server/src/core/threemd/parser';
import { analyzeThreeMd } from '../../server/src/core/agent/threemdAnalysis';
import { hover } from '../../server/src/core/agent/features/hover';
import { definition, references } from '../../server/src/core/agent/features/navigation';
import { documentLinks, documentSymbols, foldingRanges, linkSourcesTo } from '../../server/src/core/agent/features/outline';
import { summarize } from '../../server/src/core/agent/features/summary';

/** An agent with `n` skills, each depending on the next; `cycle` makes the last depend on the first. */
export function chainAgent(n: number, cycle: boolean): string {
  const parts = ['---\n3md: 1.0\ntitle: Deep\n---\n@plane z=0 label="Deep" kind=identity\nStart at [[z=1]].\n'];
  for (let z = 1; z <= n; z++) {
    const next = z < n ? z + 1 : cycle ? 1 : 0;
    parts.push(`@plane z=${z} label="s${z}" kind=skill triggers="step ${z}"\n${next ? `[[z=${next}]]` : 'end'}\n`);
  }
  return parts.join('');
}

// The cycle is also a path 100,000 planes deep (DFS, resolve), so one document covers both.
for (const cycle of [true]) {
  test(`every feature on a ${cycle ? '100,000-plane cycle' : 'dependency chain 100,000 planes deep'} answers without recursion`, { timeout: 60_000 }, () => {
    const a = analyzeThreeMd(parseThreeMd(chainAgent(100_000, cycle)), { fileName: 'deep.agent.3md' });
    const cycles = a.diagnostics.filter((d) => d.code === 'cycle');
    assert.equal(cycles.length, cycle ? 1 : 0);
    // The cycle's first 20 steps, then one line for the rest.
    if (cycle) {
      assert.equal(cycles[0]!.related!.length, 21);
      assert.equal(cycles[0]!.related![20]!.message, '… and 99980 more planes on this cycle (100000 in all), back to z=1');
    }
    assert.deepEqual(
      a.diagnostics.filter((d) => d.severity === 'error' && d.code !== 'cycle'),
      [],
    );
    assert.ok(hover(a, { line: 6, character: 19 }));
    assert.equal(definition(a, 'file:///x', { line: 7, character: 3 }).length, 1);
    assert.equal(references(a, 'file:///x', { line: 6, character: 9 }, true).length, cycle ? 3 : 2);
    assert.equal(documentSymbols(a).length, 100_001);
    assert.ok(foldingRanges(a).length >= 100_000);
    assert.equal(documentLinks(a, 'file:///x').length, cycle ? 100_001 : 100_000);
    assert.ok(a.doc.planes.filter((p) => p.directive).map((p) => linkSourcesTo(a, p.z)).length > 0);
    assert.equal(a.runtime.resolve(1).length, 100_000);
    assert.deepEqual(
      a.runtime.route('step 5').map((r) => r.skill.z),
      [5],
    );
  });
}

test('the index entry of an agent stays linear in its size: a 1,500-skill chain does not store 1,500² dependencies', {}, () => {
  const n = 1500;
  const entry = summarize(analyzeThreeMd(parseThreeMd(chainAgent(n, false)), { fileName: 'deep.agent.3md' }), 'file:///deep.agent.3md');
  const stored = entry.skills.reduce((k, s) => k + s.deps.length, 0);
  assert.ok(stored <= 10 * n, `the index entry stores ${stored} dependency entries for ${n} skills`);
});
