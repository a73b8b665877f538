import { test } from 'node:test';
import assert from 'node:assert/strict';
import { capDiagnostics, TOO_MANY_DIAGNOSTICS } from '../../server/src/core/diagnosticCap';
import { countSeverities, type Diagnostic } from '../../server/src/core/types';
import { parseThreeMd } from '../../server/src/core/threemd/parser';
import { analyzeThreeMd } from '../../server/src/core/threemdAnalysis';
import { deadLinks, undeclaredPlaceholders } from '../../scripts/genHostile';

const at = (line: number) => ({ start: { line, character: 0 }, end: { line, character: 1 } });
const d = (code: string, line: number, severity: Diagnostic['severity'] = 'error'): Diagnostic => ({ code, severity, message: `${code} ${line}`, range: at(line) });

test('capDiagnostics keeps the first diagnostics of each code and puts one note where the first left out was', () => {
  const ds = [d('a', 0), d('b', 1, 'warning'), d('a', 2), d('a', 3), d('b', 4, 'warning'), d('a', 5)];
  const capped = capDiagnostics(ds, 2);
  assert.deepEqual(
    capped.map((x) => x.message),
    ['a 0', 'b 1', 'a 2', '2 more "a" diagnostics not shown (4 in all; the first 2 are)', 'b 4'],
  );
  assert.deepEqual(capped[3]!.range, at(3));
  assert.equal(capped[3]!.code, TOO_MANY_DIAGNOSTICS);
  assert.deepEqual(countSeverities(capped), countSeverities(ds), 'the note counts as the diagnostics it stands for');
});

test('capDiagnostics returns the list itself when nothing is cut, and cuts long related information', () => {
  const ds = [d('a', 0), d('b', 1)];
  assert.equal(capDiagnostics(ds, 2), ds);
  const related = Array.from({ length: 150 }, (_, i) => ({ range: at(i), message: `r${i}` }));
  const [one] = capDiagnostics([{ ...d('a', 0), related }]);
  assert.equal(one!.related!.length, 101);
  assert.equal(one!.related![100]!.message, '… and 50 more');
  assert.equal(related.length, 150, 'the input is not changed');
});

const analyzed = (text: string) => capDiagnostics(analyzeThreeMd(parseThreeMd(text), { fileName: 'agent.3md' }).diagnostics);

test('700,000 dead links on one line: 1,000 diagnostics and one note counting the rest', { timeout: 15_000 }, () => {
  const ds = analyzed(deadLinks(700_000));
  assert.equal(ds.length, 1001);
  assert.equal(ds[1000]!.message, '699000 more "dead-link" diagnostics not shown (700000 in all; the first 1000 are)');
  assert.deepEqual(countSeverities(ds), { errors: 700_000, warnings: 0 });
});

test('200,000 undeclared placeholders in one template: 1,000 diagnostics and one note', { timeout: 15_000 }, () => {
  const ds = analyzed(undeclaredPlaceholders(200_000));
  assert.deepEqual([...new Set(ds.map((x) => x.code))], ['tool-input', TOO_MANY_DIAGNOSTICS]);
  assert.equal(ds.length, 1001);
  assert.equal(ds[0]!.message, 'skill "s" command references {q}, which is not a declared input');
});
