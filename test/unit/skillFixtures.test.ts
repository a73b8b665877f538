// The fixture skills under test/fixtures/skills carry the Python reference's verdicts (verdicts.json).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyzeSkill } from '../../server/src/core/skills';
import { InMemoryHost } from '../../server/src/core/workspace/host';

const root = join(__dirname, '..', 'fixtures', 'skills');
const verdicts = JSON.parse(readFileSync(join(root, 'verdicts.json'), 'utf8')) as Record<string, 'valid' | 'invalid'>;

for (const [dir, verdict] of Object.entries(verdicts)) {
  test(`fixture ${dir} is ${verdict} as in the Python reference`, () => {
    const text = readFileSync(join(root, dir, 'SKILL.md'), 'utf8');
    const uri = `file:///fixtures/${dir.split('/').map(encodeURIComponent).join('/')}/SKILL.md`;
    const errors = analyzeSkill(text, uri, new InMemoryHost(), { targets: ['skills-ref'] }).diagnostics.filter((d) => d.severity === 'error');
    assert.equal(errors.length === 0 ? 'valid' : 'invalid', verdict, JSON.stringify(errors.map((e) => e.message)));
  });
}
