// `agent-files check --target`: the fixtures under test/fixtures/skill-targets are modelled on real
// skills (Claude Code project and plugin skills, .agents/skills, .github/skills).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');
const FIX = 'test/fixtures/skill-targets';

function check(...args: string[]): { code: number | null; out: string; err: string } {
  const r = spawnSync(process.execPath, [join(ROOT, 'dist/cli.js'), 'check', ...args], { cwd: ROOT, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

interface Report {
  files: { path: string; diagnostics: { code: string; severity: string; range: { start: { line: number } } }[] }[];
  summary: { errors: number; warnings: number };
}
const json = (...args: string[]) => JSON.parse(check('--format', 'json', ...args).out) as Report;

test('Claude Code skills show no error; the true problems are warnings on their lines', () => {
  const r = json(`${FIX}/claude`, `${FIX}/plugin`);
  assert.equal(r.summary.errors, 0);
  const warnings = r.files.flatMap((f) =>
    f.diagnostics.filter((d) => d.severity === 'warning').map((d) => `${f.path.split('/').slice(-2, -1)[0]}:${d.range.start.line + 1} ${d.code}`),
  );
  assert.deepEqual(warnings.sort(), [
    'dep-tracker:5 skill-field-typo',
    'wrong-switches:4 skill-boolean-value',
    'wrong-switches:5 skill-model-value',
    'wrong-switches:6 skill-effort-value',
  ]);
  // `user_invocable: true` holds user-invocable's default: the misspelling changes nothing yet, so it is advice.
  const typo = r.files.flatMap((f) => f.diagnostics.map((d) => ({ ...d, path: f.path }))).find((d) => d.path.includes('food-lookup') && d.code === 'skill-field-typo');
  assert.equal(typo?.severity, 'information');
  // Claude Code reads an unquoted colon in a value since 2.1.69 (it quotes the value and parses again): advice.
  const colon = r.files.flatMap((f) => f.diagnostics).find((d) => d.code === 'skill-yaml-colon-in-value');
  assert.equal(colon?.severity, 'information');
  // `context: main` asks for the inline run the skill gets anyway: advice, not a warning.
  const context = r.files.flatMap((f) => f.diagnostics).find((d) => d.code === 'skill-context-value');
  assert.equal(context?.severity, 'information');
  assert.equal(check(`${FIX}/claude`).code, 0);
});

test('--target skills-ref gives the reference verdicts on the same files', () => {
  const r = json('--target', 'skills-ref', `${FIX}/claude`);
  const codes = new Set(r.files.flatMap((f) => f.diagnostics.filter((d) => d.severity === 'error').map((d) => d.code)));
  assert.deepEqual([...codes].sort(), ['skill-name-missing', 'skill-unexpected-field', 'skill-yaml-colon-in-value', 'skill-yaml-strict']);
  assert.equal(check('--target', 'skills-ref', `${FIX}/claude`).code, 1);
});

test('--target takes a comma list and overrides the folder', () => {
  const agents = json(`${FIX}/agents`);
  assert.equal(agents.summary.errors, 1, 'a skill without description in .agents/skills is not loaded by Codex and the others');
  const cc = json('--target', 'claude-code', `${FIX}/agents`);
  assert.equal(cc.summary.errors, 0, 'Claude Code falls back to the body');
  const out = check('--target', 'claude-code,codex', `${FIX}/agents`).out;
  assert.match(out, /error \[skill-description-missing\] No 'description': Codex does not load the skill \(Codex\)/);
});

test('an unknown target is a usage error (exit 2) naming the valid ones', () => {
  const r = check('--target', 'vscode', `${FIX}/agents`);
  assert.equal(r.code, 2);
  assert.match(r.err, /unknown target 'vscode' \(use spec, skills-ref, claude-code, codex, copilot, gemini-cli, opencode, cursor\)/);
  assert.equal(check('--target', ',', `${FIX}/agents`).code, 2);
});

test('a marketplace decides: its plugins’ skills are Claude Code’s (names are labels there; two plugins do not clash)', () => {
  const r = json(`${FIX}/marketplace`);
  assert.deepEqual(
    r.files.flatMap((f) => f.diagnostics.filter((d) => d.severity === 'error' || d.severity === 'warning').map((d) => `${f.path}: ${d.code}`)),
    [],
  );
  // Two skills and the marketplace itself (a checked file too).
  assert.equal(r.files.length, 4);
  // The same files without the marketplace are specification skills: their names are warned about.
  const alone = json(`${FIX}/marketplace/bundles/tea/skills`, `${FIX}/marketplace/recipes`);
  assert.ok(alone.files.some((f) => f.diagnostics.some((d) => d.code === 'skill-name-not-lowercase' && d.severity === 'warning')));
});
