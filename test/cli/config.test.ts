import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { QUICK_FIXES } from '../../server/src/core/config/fixes';

const CLI = path.resolve(__dirname, '../../dist/cli.js');
let root: string;
function cli(...args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd: root, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}
function write(rel: string, text: string): void {
  const p = path.join(root, rel);
  fs.mkdirSync(path.dirname(p), { recursive: true });
  fs.writeFileSync(p, text);
}
const SKILL = (name: string, extra = '') => `---\nname: ${name}\ndescription: Does a thing\n---\n\nSee [x](nope.md).\n${extra}`;
const codes = (out: string) =>
  (JSON.parse(out) as { files: { path: string; diagnostics: { code: string; severity: string }[] }[] }).files.map((f) => [
    f.path,
    f.diagnostics.map((d) => `${d.code}:${d.severity}`),
  ]);

before(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'af-config-')));
  write('skills/a/SKILL.md', SKILL('a'));
  write('team/.agent-files.json', '{\n  // team rules\n  "rules": { "skill-description-when": "off", "skill-file-missing": "error" },\n  "ignore": ["drafts/**"],\n}\n');
  write('team/b/SKILL.md', SKILL('b', '<!-- agent-files-disable-next-line dead-link -->\nok\n'));
  write('team/drafts/c/SKILL.md', SKILL('c'));
  fs.mkdirSync(path.join(root, 'empty'));
});
after(() => fs.rmSync(root, { recursive: true, force: true }));

test('the nearest .agent-files.json sets severities and turns rules off; its ignore globs skip files', () => {
  const r = cli('check', '-f', 'json', 'skills', 'team');
  assert.equal(r.code, 1, 'skill-file-missing is an error in team/');
  assert.deepEqual(codes(r.out), [
    ['skills/a/SKILL.md', ['skill-description-when:information', 'skill-file-missing:warning']],
    ['team/b/SKILL.md', ['skill-file-missing:error', 'unused-suppression:hint']],
  ]);
});

test('--no-config checks with every rule at its own severity; --config FILE applies one file to all', () => {
  assert.deepEqual(
    codes(cli('check', '-f', 'json', '--no-config', 'team').out).map((f) => f[0]),
    ['team/b/SKILL.md', 'team/drafts/c/SKILL.md'],
  );
  write('strict.json', '{"rules": {"skill-file-missing": "off", "unused-suppression": "off"}}');
  assert.deepEqual(codes(cli('check', '-f', 'json', '--config', 'strict.json', 'skills', 'team/b').out), [
    ['skills/a/SKILL.md', ['skill-description-when:information']],
    ['team/b/SKILL.md', ['skill-description-when:information']],
  ]);
  assert.equal(cli('check', '--config', 'missing.json', 'skills').code, 2);
});

test('problems of the config file itself are reported with it', () => {
  write('bad/.agent-files.json', '{"rules": {"skill-fle-missing": "loud"}}');
  write('bad/d/SKILL.md', SKILL('d'));
  const r = cli('check', 'bad');
  assert.equal(r.code, 1);
  assert.match(r.out, /bad\/\.agent-files\.json:1:12: warning \[config-unknown-rule\] Unknown rule 'skill-fle-missing'; did you mean 'skill-file-missing'\?/);
  assert.match(r.out, /bad\/\.agent-files\.json:1:33: error \[config-bad-severity\]/);
});

test('a folder with nothing to check is exit 2 with a message, unless --allow-empty', () => {
  const r = cli('check', 'empty');
  assert.equal(r.code, 2);
  assert.match(r.err, /^agent-files: no files to check in empty/);
  assert.equal(cli('check', '--allow-empty', 'empty').code, 0);
});

test('every command answers --help with its usage and exit 0', () => {
  for (const c of ['check', 'parse', 'links', 'route', 'resolve', 'command', 'export', 'conformance', 'to-prompt']) {
    const r = cli(c, '--help');
    assert.equal(r.code, 0, c);
    assert.match(r.out, new RegExp(`^Usage: agent-files ${c}`), c);
  }
});

test('resolve of an unknown skill exits 1 naming it', () => {
  const agent = path.resolve(__dirname, '../fixtures/cli/agents/agent.3md');
  assert.equal(cli('resolve', agent, 'search').code, 0);
  const r = cli('resolve', agent, 'nosuch');
  assert.equal(r.code, 1);
  assert.equal(r.out, '');
  assert.match(r.err, /no skill named 'nosuch'/);
});

test('--fix-dry-run prints the safe fixes as a diff and writes nothing; --fix applies them and reports what is left', () => {
  const text = '---\nname: q\ndescription: Does a thing. Use when asked.\nmetadata:\n  version: 1.0\n---\nBody.\n';
  write('fix/q/SKILL.md', text);
  const dry = cli('check', '--fix-dry-run', 'fix');
  assert.equal(dry.code, 0);
  assert.equal(
    dry.out.trim(),
    [
      '--- a/fix/q/SKILL.md',
      '+++ b/fix/q/SKILL.md',
      '@@ -2,6 +2,6 @@',
      ' name: q',
      ' description: Does a thing. Use when asked.',
      ' metadata:',
      '-  version: 1.0',
      '+  version: "1.0"',
      ' ---',
      ' Body.',
    ].join('\n'),
  );
  assert.equal(fs.readFileSync(path.join(root, 'fix/q/SKILL.md'), 'utf8'), text);
  const fixed = cli('check', '--fix', 'fix');
  assert.match(fixed.err, /applied 1 safe fix/);
  assert.equal(fs.readFileSync(path.join(root, 'fix/q/SKILL.md'), 'utf8'), text.replace('1.0', '"1.0"'));
  assert.doesNotMatch(fixed.out, /skill-metadata-unquoted/);
});

test('the quick-fix table of docs/rules.md is the one --fix and --fix-unsafe use', () => {
  const doc = fs.readFileSync(path.resolve(__dirname, '../../docs/rules.md'), 'utf8');
  const column = { safe: '`--fix`', unsafe: '`--fix-unsafe`', manual: 'the editor' };
  const escape = (t: string) => t.replace(/[.*+?^${}()|[\]\\`]/g, '\\$&');
  for (const [code, f] of Object.entries(QUICK_FIXES)) assert.match(doc, new RegExp(`^\\| ${code} \\| .* \\| ${escape(column[f.tier])} \\| ${escape(f.why)} \\|$`, 'm'), code);
});
