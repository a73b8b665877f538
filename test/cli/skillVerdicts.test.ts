// Issue 4's "done when": `agent-files check` gives the Python reference's valid/invalid verdict
// on every SKILL.md case of test/fixtures/skills (verdicts.json holds the reference's answers), under
// `--target skills-ref`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');
const CASES = join(ROOT, 'test/fixtures/skills');
const verdicts = JSON.parse(readFileSync(join(CASES, 'verdicts.json'), 'utf8')) as Record<string, 'valid' | 'invalid'>;

interface JsonReport {
  files: { path: string; kind: string; diagnostics: { code: string; severity: string; message: string }[] }[];
  summary: { errors: number; warnings: number };
}

/** Checks one case folder on its own, as the reference validates one skill directory. */
function check(caseDir: string): { code: number | null; report: JsonReport; stderr: string } {
  const r = spawnSync(process.execPath, [join(ROOT, 'dist/cli.js'), 'check', '--target', 'skills-ref', '--format', 'json', caseDir], { cwd: CASES, encoding: 'utf8' });
  return { code: r.status, report: JSON.parse(r.stdout || '{"files":[],"summary":{}}') as JsonReport, stderr: r.stderr };
}

function skillFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    if (statSync(p).isDirectory()) return skillFiles(p);
    return n === 'SKILL.md' ? [p] : [];
  });
}

test('every SKILL.md fixture has a reference verdict, and the verdicts cover both outcomes', () => {
  const onDisk = skillFiles(CASES)
    .map((p) =>
      p
        .slice(CASES.length + 1)
        .replace(/\\/g, '/')
        .replace(/\/SKILL\.md$/, ''),
    )
    .sort();
  assert.deepEqual(onDisk, Object.keys(verdicts).sort());
  const outcomes = new Set(Object.values(verdicts));
  assert.deepEqual([...outcomes].sort(), ['invalid', 'valid']);
});

for (const [dir, verdict] of Object.entries(verdicts)) {
  test(`check on ${dir} agrees with the Python reference: ${verdict}`, () => {
    const { code, report, stderr } = check(dir);
    assert.equal(report.files.length, 1, `one SKILL.md expected under ${dir}: ${JSON.stringify(report.files.map((f) => f.path))} ${stderr}`);
    const [file] = report.files;
    assert.equal(file!.path, `${dir}/SKILL.md`);
    assert.equal(file!.kind, 'SKILL.md');
    const errors = file!.diagnostics.filter((d) => d.severity === 'error');
    const shown = JSON.stringify(file!.diagnostics.map((d) => `${d.severity} ${d.code}: ${d.message}`));
    if (verdict === 'invalid') {
      assert.ok(errors.length > 0, `the reference rejects ${dir}, check found no error: ${shown}`);
      assert.equal(code, 1, shown);
    } else {
      assert.deepEqual(errors, [], `the reference accepts ${dir}, check reported errors: ${shown}`);
      assert.equal(code, 0, shown);
    }
  });
}
