import { test } from 'node:test';
import assert from 'node:assert/strict';
import { capDiagnostics, capRelated, TOO_MANY_DIAGNOSTICS } from '../../server/src/core/analysis/diagnosticCap';
import { toLspDiagnostic } from '../../server/src/lsp/diagnostics';
import { countSeverities, type Diagnostic } from '../../server/src/core/types';
import { parseThreeMd } from '../../server/src/core/threemd/parser';
import { analyzeThreeMd } from '../../server/src/core/agent/threemdAnalysis';
import { deadLinks, skillMissingLinks, undeclaredPlaceholders } from '../../scripts/genHostile';
import { analyzeSkill } from '../../server/src/core/skills/analyze';
import { InMemoryHost } from '../../server/src/core/workspace/host';

const at = (line: number) => ({ start: { line, character: 0 }, end: { line, character: 1 } });
const d = (code: string, line: number, severity: Diagnostic['severity'] = 'error'): Diagnostic => ({ code, severity, message: `${code} ${line}`, range: at(line) });

test('capDiagnostics keeps the first N in reading order and adds one note for the rest, counting their errors and warnings', () => {
  const ds = [d('a', 0), d('b', 1, 'warning'), d('a', 2), d('a', 3), d('b', 4, 'warning'), d('a', 5)];
  const capped = capDiagnostics(ds, 2);
  assert.deepEqual(
    capped.map((x) => x.message),
    ['a 0', 'b 1', '4 more diagnostics not shown: at most 2 per file (maxDiagnostics in .agent-files.json)'],
  );
  const note = capped[2]!;
  assert.equal(note.code, TOO_MANY_DIAGNOSTICS);
  assert.equal(note.severity, 'information');
  assert.deepEqual(note.data, { omitted: 4, max: 2, errors: 3, warnings: 1, codes: { a: 3, b: 1 } });
  assert.deepEqual(countSeverities(capped), countSeverities(ds), 'the note counts as the errors and warnings it stands for');
  assert.equal(ds.length, 6, 'the input is not changed');
});

test('capDiagnostics returns the list itself when nothing is cut, and keeps 100 related locations, the last counting the rest', () => {
  const ds = [d('a', 0), d('b', 1)];
  assert.equal(capDiagnostics(ds, 2), ds);
  const related = Array.from({ length: 150 }, (_, i) => ({ range: at(i), message: `r${i}` }));
  const [one] = capDiagnostics([{ ...d('a', 0), related }]);
  assert.equal(one!.related!.length, 100);
  assert.equal(one!.related![99]!.message, '… and 51 more locations (not listed)');
  assert.equal(related.length, 150, 'the input is not changed');
  assert.equal(capRelated(one!.related!), one!.related, 'a list already cut passes the cap again unchanged');
});

test('the LSP conversion bounds related locations with the same cap', () => {
  const related = Array.from({ length: 150 }, (_, i) => ({ range: at(i), message: `r${i}` }));
  const lsp = toLspDiagnostic({ ...d('cycle', 0), related }, 'file:///w/a.3md');
  assert.equal(lsp.relatedInformation!.length, 100);
  assert.equal(lsp.relatedInformation![99]!.message, '… and 51 more locations (not listed)');
});

const analyzed = (text: string) => capDiagnostics(analyzeThreeMd(parseThreeMd(text), { fileName: 'agent.3md' }).diagnostics);

test('700,000 dead links on one line: 1,000 diagnostics and one note counting the rest', { timeout: 15_000 }, () => {
  const ds = analyzed(deadLinks(700_000));
  assert.equal(ds.length, 1001);
  assert.equal(ds[1000]!.message, '699000 more diagnostics not shown: at most 1000 per file (maxDiagnostics in .agent-files.json)');
  assert.deepEqual(countSeverities(ds), { errors: 700_000, warnings: 0 });
});

test('200,000 undeclared placeholders in one template: 1,000 diagnostics and one note', { timeout: 15_000 }, () => {
  const ds = analyzed(undeclaredPlaceholders(200_000));
  assert.deepEqual([...new Set(ds.map((x) => x.code))], ['tool-input', TOO_MANY_DIAGNOSTICS]);
  assert.equal(ds.length, 1001);
  assert.equal(ds[0]!.message, 'skill "s" command references {q}, which is not a declared input');
});

test('a SKILL.md with 5,000 links to a missing file: 1,000 diagnostics, the warnings among them, and one note counting the other 4,001 warnings', { timeout: 15_000 }, () => {
  const ds = capDiagnostics(analyzeSkill(skillMissingLinks(5000), 'file:///w/s/SKILL.md', new InMemoryHost()).diagnostics);
  assert.equal(ds.length, 1001);
  assert.equal(ds.filter((x) => x.code === 'skill-file-missing' && x.severity === 'warning').length, 999);
  assert.equal(ds[1]!.message, "Referenced file 'missing.md' does not exist in the skill folder");
  const note = ds.at(-1)!;
  assert.equal(note.code, TOO_MANY_DIAGNOSTICS);
  assert.deepEqual(note.data, { omitted: 4001, max: 1000, errors: 0, warnings: 4001, codes: { 'skill-file-missing': 4001 } });
});
