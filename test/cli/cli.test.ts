import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = resolve(__dirname, '../..');
const FIX = join(ROOT, 'test/fixtures/cli');
function cli(...args: string[]) {
  const r = spawnSync(process.execPath, [join(ROOT, 'dist/cli.js'), ...args], { cwd: FIX, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

test('check prints one line per problem and exits 1 on errors', () => {
  const r = cli('check', 'agents');
  assert.equal(r.code, 1);
  assert.equal(r.err, '');
  assert.deepEqual(r.out.trim().split('\n'), [
    'agents/broken.agent.3md:9:53: error [input-type] input "q" has unknown type "int" (use one of: string, number, boolean, object, array)',
    `agents/broken.agent.3md:9:64: warning [undeclared-tool] skill "search" runs "grep", which is not in the agent's tools list`,
    'agents/broken.agent.3md:9:74: error [tool-input] skill "search" command references {path}, which is not a declared input',
    'agents/broken.agent.3md:10:5: error [dead-link] link [[z=42]] points to a plane that does not exist',
    '2 files checked: 3 errors, 1 warning, 0 information',
  ]);
});

test('check --format json has the documented shape', () => {
  const r = cli('check', '--format', 'json', 'agents/agent.3md', 'plain');
  assert.equal(r.code, 0);
  const j = JSON.parse(r.out);
  assert.deepEqual(j.summary, { errors: 0, warnings: 1, information: 0, hints: 0 });
  assert.deepEqual(
    j.files.map((f: { path: string; kind: string }) => [f.path, f.kind]),
    [
      ['agents/agent.3md', 'agent.3md'],
      ['plain/notes.3md', '3md'],
    ],
  );
  assert.deepEqual(j.files[1].diagnostics, [
    {
      code: 'dangling-link',
      severity: 'warning',
      message: 'link [[z=5]] points to a plane that does not exist',
      range: { start: { line: 5, character: 19 }, end: { line: 5, character: 26 } },
    },
  ]);
});

test('check --strict fails on warnings', () => {
  assert.equal(cli('check', '--strict', 'plain').code, 1);
  assert.equal(cli('check', 'plain').code, 0);
});

test('check --format sarif is SARIF 2.1.0 with 1-based regions', () => {
  const s = JSON.parse(cli('check', '--format', 'sarif', 'plain').out);
  assert.equal(s.version, '2.1.0');
  const result = s.runs[0].results[0];
  assert.equal(result.ruleId, 'dangling-link');
  assert.equal(result.level, 'warning');
  assert.deepEqual(result.locations[0].physicalLocation, {
    artifactLocation: { uri: 'plain/notes.3md', uriBaseId: '%SRCROOT%' },
    region: { startLine: 6, startColumn: 20, endLine: 6, endColumn: 27 },
  });
  assert.deepEqual(s.runs[0].originalUriBaseIds, { '%SRCROOT%': { uri: pathToFileURL(FIX + '/').href } });
  assert.deepEqual(s.runs[0].tool.driver.rules, [
    {
      id: 'dangling-link',
      name: 'dangling-link',
      helpUri: 'https://github.com/agent-files/agent-files/blob/main/docs/rules.md#dangling-link',
      shortDescription: { text: 'dangling-link' },
      defaultConfiguration: { level: 'warning' },
    },
  ]);
});

test('--agent and --plain force the reading', () => {
  const forced = JSON.parse(cli('check', '--format', 'json', '--agent', 'plain').out);
  assert.ok(forced.files[0].diagnostics.some((d: { code: string }) => d.code === 'dead-link'));
});

test('bad usage and unreadable paths exit 2 with one line and no stack trace', () => {
  for (const args of [
    ['check'],
    ['check', '--format', 'xml', 'plain'],
    ['check', '--nope', 'plain'],
    ['frobnicate'],
    ['check', 'missing-folder'],
    ['parse', 'missing.3md'],
    ['route', 'agents/agent.3md'],
  ]) {
    const r = cli(...args);
    assert.equal(r.code, 2, args.join(' '));
    assert.equal(r.err.trim().split('\n').length, 1, args.join(' '));
    assert.match(r.err, /^agent-files: /);
    assert.doesNotMatch(r.err, /\n\s+at /);
  }
});

test('parse prints the conformance shape, or the first error with exit 1', () => {
  const ok = cli('parse', 'plain/notes.3md');
  assert.equal(ok.code, 0);
  assert.deepEqual(
    JSON.parse(ok.out).planes.map((p: { z: number; attributes: object }) => [p.z, p.attributes]),
    [
      [0, { kind: 'entry', tool: 'make' }],
      [1, { kind: 'decision' }],
    ],
  );
  const bad = cli('parse', 'vectors/invalid-dead-link.3md');
  assert.equal(bad.code, 0, 'a dead link is valid 3md');
});

test('links, route, resolve, command and export', () => {
  assert.deepEqual(JSON.parse(cli('links', 'plain/notes.3md').out), [
    { sourceZ: 0, targetZ: 1, text: null, targetExists: true },
    { sourceZ: 0, targetZ: 5, text: null, targetExists: false },
  ]);
  assert.deepEqual(JSON.parse(cli('route', 'agents/agent.3md', 'please', 'find the bug').out), [{ name: 'search', z: 1, score: 1, hits: ['find'] }]);
  assert.deepEqual(JSON.parse(cli('resolve', 'agents/agent.3md', 'search').out), ['search', 'cite']);
  assert.equal(cli('command', 'agents/agent.3md', 'search', "pattern=it's", 'path=a b').out, "rg --line-number 'it'\\''s' 'a b'\n");
  const noTool = cli('command', 'agents/agent.3md', 'cite');
  assert.equal(noTool.code, 1);
  assert.match(noTool.err, /has no tool/);
  const e = JSON.parse(cli('export', 'agents/agent.3md', '--bodies').out);
  assert.equal(e.schema, 'agent3md/1');
  assert.equal(e.bodies.cite, 'Attach a source to each claim.');
});

test('conformance runs a folder of vectors and ends with the counts line', () => {
  const r = cli('conformance', 'vectors');
  assert.equal(r.code, 0, r.out);
  assert.match(r.out, /^conformance: 4 passed, 0 failed$/m);
});

test('check --explain prints a rule section; an unknown code names the nearest one and exits 2', () => {
  const ok = spawnSync(process.execPath, [join(ROOT, 'dist/cli.js'), 'check', '--explain', 'instructions-codex-cut'], { encoding: 'utf8' });
  assert.equal(ok.status, 0);
  assert.match(ok.stdout, /^## instructions-codex-cut\n\nSeverity: Warning\./);
  const bad = spawnSync(process.execPath, [join(ROOT, 'dist/cli.js'), 'check', '--explain', 'skil-file-missing'], { encoding: 'utf8' });
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /no rule 'skil-file-missing' \(did you mean 'skill-file-missing'\?\)/);
});
