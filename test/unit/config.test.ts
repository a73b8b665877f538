import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyConfig, applyConfigToFile, configCandidates, findSuppressions, isIgnored, isIncluded, nearestConfig, parseConfig } from '../../server/src/core/config';
import { LiveFiles } from '../../server/src/core/workspace/liveFiles';
import { RULE_CODES as RULE_CODES_FOR_TESTS } from '../../server/src/core/rules';
import { analyzeSkill } from '../../server/src/core/skills';
import { InMemoryHost } from '../../server/src/core/workspace/host';
import type { Diagnostic, Severity } from '../../server/src/core/types';
import { ConfigStore } from '../../server/src/lsp/config';

const d = (code: string, line: number, severity: Severity = 'warning'): Diagnostic => ({
  code,
  severity,
  message: code,
  range: { start: { line, character: 0 }, end: { line, character: 1 } },
});
const brief = (ds: Diagnostic[]) => ds.map((x) => `${x.range.start.line}:${x.code}:${x.severity}`);

test('sections of docs/rules.md that are no rule are unknown codes in a config; a retired rule is still known', () => {
  const p = parseConfig('{"rules": {"quick-fixes": "off", "runtime-decisions": "off", "skill-targets": "off", "agent-detection": "off", "skill-argument-hint-unused": "off"}}');
  assert.deepEqual(
    p.diagnostics.map((x) => x.message),
    [
      "Unknown rule 'quick-fixes' (see docs/rules.md)",
      "Unknown rule 'runtime-decisions' (see docs/rules.md)",
      "Unknown rule 'skill-targets' (see docs/rules.md)",
      "Unknown rule 'agent-detection' (see docs/rules.md)",
    ],
  );
  assert.ok(RULE_CODES_FOR_TESTS.has('skill-argument-hint-unused'));
});

test('a config sets severities, turns rules off, and keeps the rest as they are', () => {
  const { config, diagnostics } = parseConfig('{\n  // comments and trailing commas are fine\n  "rules": { "a-rule": "off", "b-rule": "error", },\n}');
  assert.deepEqual(
    diagnostics.map((x) => x.code),
    ['config-unknown-rule', 'config-unknown-rule'],
  );
  assert.deepEqual(brief(applyConfig([d('a-rule', 1), d('b-rule', 2), d('c-rule', 3, 'information')], config)), ['2:b-rule:error', '3:c-rule:information']);
});

test('config problems: unknown rule with a suggestion, bad severity, unknown key and target, bad values, invalid JSON', () => {
  const p = parseConfig('{"rules": {"skill-descripton-when": "off", "dead-link": "loud"}, "extra": 1, "targets": ["claude-code", "nosuch"], "ignore": "x", "maxDiagnostics": 0}');
  assert.deepEqual(
    p.diagnostics.map((x) => x.code),
    ['config-unknown-rule', 'config-bad-severity', 'config-unknown-key', 'config-unknown-target', 'config-bad-value', 'config-bad-value'],
  );
  assert.match(p.diagnostics[0]!.message, /did you mean 'skill-description-when'\?/);
  assert.deepEqual(p.config.targets, ['claude-code']);
  assert.equal(p.config.maxDiagnostics, 1000);
  assert.equal(p.config.rules['skill-descripton-when'], 'off', 'an unknown code is kept (it may be a newer rule)');
  assert.deepEqual(
    parseConfig('{"rules": ')
      .diagnostics.map((x) => x.code)
      .slice(0, 1),
    ['config-invalid-json'],
  );
  assert.deepEqual(
    parseConfig('[]').diagnostics.map((x) => x.code),
    ['config-bad-value'],
  );
});

test('the nearest config up the tree applies alone; ignore globs are relative to its folder', () => {
  const files: Record<string, string> = {
    'file:///w/.agent-files.json': '{"rules": {"x": "off"}}',
    'file:///w/sub/.agent-files.json': '{"ignore": ["drafts/**", "vendor"]}',
  };
  assert.deepEqual(configCandidates('file:///w/sub/a/SKILL.md'), [
    'file:///w/sub/a/.agent-files.json',
    'file:///w/sub/.agent-files.json',
    'file:///w/.agent-files.json',
    'file:///.agent-files.json',
  ]);
  // A virtual workspace's URI may have no authority (`memfs:/ws/...`), or one (`vscode-vfs://github/...`).
  assert.deepEqual(configCandidates('memfs:/ws/a/SKILL.md'), ['memfs:/ws/a/.agent-files.json', 'memfs:/ws/.agent-files.json', 'memfs:/.agent-files.json']);
  assert.deepEqual(configCandidates('vscode-vfs://github/o/r/SKILL.md'), [
    'vscode-vfs://github/o/r/.agent-files.json',
    'vscode-vfs://github/o/.agent-files.json',
    'vscode-vfs://github/.agent-files.json',
  ]);
  const found = nearestConfig('file:///w/sub/drafts/a.3md', (u) => files[u]);
  assert.equal(found.uri, 'file:///w/sub/.agent-files.json');
  assert.deepEqual(found.config.rules, {}, 'configs do not cascade');
  assert.equal(isIgnored(found, 'file:///w/sub/drafts/a.3md'), true);
  assert.equal(isIgnored(found, 'file:///w/sub/vendor/x/SKILL.md'), true);
  assert.equal(isIgnored(found, 'file:///w/sub/a.3md'), false);
  assert.equal(nearestConfig('file:///w/b.3md', (u) => files[u]).config.rules['x'], 'off');
  assert.equal(nearestConfig('file:///elsewhere/b.3md', (u) => files[u]).uri, undefined);
});

test('with a bound, the search looks only inside the workspace and stops at the repository root', () => {
  const files: Record<string, string> = { 'file:///w/.agent-files.json': '{"rules": {"x": "off"}}', 'file:///.agent-files.json': '{}' };
  const bound = (roots: string[], repos: string[]) => ({
    inside: (f: string) => roots.some((r) => f === r || f.startsWith(r + '/')),
    isRepoRoot: (f: string) => repos.includes(f),
  });
  const read = (u: string) => files[u];
  assert.equal(nearestConfig('file:///w/sub/a.3md', read, undefined, bound(['file:///w'], [])).uri, 'file:///w/.agent-files.json');
  assert.equal(nearestConfig('file:///w/sub/a.3md', read, undefined, bound(['file:///w/sub'], [])).uri, undefined, 'above the workspace folder');
  assert.equal(nearestConfig('file:///w/sub/a.3md', read, undefined, bound(['file:///w'], ['file:///w/sub'])).uri, undefined, 'above the repository');
  assert.equal(nearestConfig('file:///w/a.3md', read, undefined, bound(['file:///w'], ['file:///w'])).uri, 'file:///w/.agent-files.json', "the repository root's own");
  assert.equal(nearestConfig('file:///elsewhere/a.3md', read, undefined, bound(['file:///w'], [])).uri, undefined, 'a file outside the workspace');
});

test('maxDiagnostics keeps the first N and adds one information saying how many more', () => {
  const many = Array.from({ length: 1005 }, (_, i) => d('dead-link', i));
  const out = applyConfig(many);
  assert.equal(out.length, 1001);
  assert.deepEqual(brief(out.slice(-1)), ['0:too-many-diagnostics:information']);
  assert.match(out[1000]!.message, /^5 more diagnostics not shown: at most 1000 per file/);
  const two = applyConfig(many, parseConfig('{"maxDiagnostics": 2}').config);
  assert.deepEqual(brief(two), ['0:dead-link:warning', '1:dead-link:warning', '0:too-many-diagnostics:information']);
});

test('related locations are capped at 100, the last saying how many more', () => {
  const related = Array.from({ length: 250 }, (_, i) => ({ range: d('x', i).range, message: `r${i}` }));
  const [one] = applyConfig([{ ...d('skill-duplicate-name', 0), related }]);
  assert.equal(one!.related!.length, 100);
  assert.equal(one!.related![99]!.message, '… and 151 more locations (not listed)');
  assert.equal(related.length, 250, 'the input is not changed');
});

test('150,000 missing-file links are all reported (no stack overflow from a spread push), then capped at 1,000', () => {
  const text = '---\nname: my-skill\ndescription: Does a thing. Use when you need it.\n---\n' + '[a](missing.md) '.repeat(150_000) + '\n';
  const a = analyzeSkill(text, 'file:///w/my-skill/SKILL.md', new InMemoryHost({}));
  assert.equal(a.diagnostics.filter((x) => x.code === 'internal-error').length, 0);
  assert.equal(a.diagnostics.filter((x) => x.code === 'skill-file-missing').length, 150_000);
  const out = applyConfigToFile('skill', text, a.diagnostics);
  assert.equal(out.length, 1001);
  assert.match(out[1000]!.message, /^\d+ more diagnostics not shown/);
});

const MD = [
  '---', // 0
  'name: x', // 1
  'foo: bar # agent-files-disable-line skill-unexpected-field', // 2
  '---', // 3
  '<!-- agent-files-disable-next-line skill-file-missing, dead-link -->', // 4
  'a', // 5
  '<!-- agent-files-disable skill-file-missing -->', // 6
  'b', // 7
  'c', // 8
  '<!-- agent-files-enable skill-file-missing -->', // 9
  'd', // 10
  '```', // 11
  '<!-- agent-files-disable-file skill-file-missing -->', // 12
  '```', // 13
  '<!-- agent-files-disable-file skill-body-tokens -->', // 14
].join('\n');

test('suppression comments: next line, regions, file, YAML line; each unused code is a hint on that code', () => {
  const ds = [
    d('skill-unexpected-field', 2),
    d('skill-file-missing', 5),
    d('skill-file-missing', 7),
    d('skill-file-missing', 8),
    d('skill-file-missing', 10),
    d('skill-body-tokens', 5, 'information'),
  ];
  const out = applyConfigToFile('skill', MD, ds);
  assert.deepEqual(brief(out), ['4:unused-suppression:hint', '10:skill-file-missing:warning']);
  assert.equal(out[0]!.message, "Nothing to suppress: no 'dead-link' diagnostic on the next line");
  assert.deepEqual(out[0]!.range, { start: { line: 4, character: 55 }, end: { line: 4, character: 64 } });
  assert.equal(findSuppressions(MD).length, 4, 'a comment inside a code fence is text, not a suppression');
});

test('suppressions work in .3md bodies (HTML comments are body text), but not in world.json', () => {
  const text = '---\nversion: 1\n---\n@plane z=0\n<!-- agent-files-disable-next-line dead-link -->\nsee [[z=9]]\n';
  assert.deepEqual(brief(applyConfigToFile('3md', text, [d('dead-link', 5)])), []);
  assert.deepEqual(brief(applyConfigToFile('world', text, [d('dead-link', 5)])), ['5:dead-link:warning']);
});

test('rules apply to unused-suppression too, and after suppression', () => {
  const text = '<!-- agent-files-disable-next-line nosuch -->\nx\n';
  assert.deepEqual(brief(applyConfigToFile('skill', text, [], parseConfig('{"rules": {"unused-suppression": "off"}}').config)), []);
  assert.deepEqual(brief(applyConfigToFile('skill', text, [], parseConfig('{"rules": {"unused-suppression": "warning"}}').config)), ['0:unused-suppression:warning']);
});

test('the server reads each config candidate once per indexing pass, and again outside it; an open buffer always wins', async () => {
  const reads: string[] = [];
  const disk: Record<string, string> = { 'file:///ws/.agent-files.json': '{ "maxDiagnostics": 5 }' };
  const open: Record<string, string> = {};
  const store = new ConfigStore(
    (uri) => (reads.push(uri), disk[uri]),
    (uri) => open[uri],
  );
  await store.whileIndexing(() => {
    for (const f of ['file:///ws/a/SKILL.md', 'file:///ws/b/SKILL.md', 'file:///ws/a/SKILL.md']) assert.equal(store.forFile(f).config.maxDiagnostics, 5);
  });
  // ws/a and ws/b each have their own candidate; ws/ and the root are shared.
  assert.equal(reads.filter((u) => u === 'file:///ws/.agent-files.json').length, 1);
  assert.equal(reads.filter((u) => u === 'file:///ws/a/.agent-files.json').length, 1);
  reads.length = 0;
  store.forFile('file:///ws/a/SKILL.md');
  store.forFile('file:///ws/a/SKILL.md');
  assert.equal(reads.filter((u) => u === 'file:///ws/.agent-files.json').length, 2);
  open['file:///ws/.agent-files.json'] = '{ "maxDiagnostics": 7 }';
  await store.whileIndexing(() => assert.equal(store.forFile('file:///ws/a/SKILL.md').config.maxDiagnostics, 7));
});

test('within a pass, a buffer opened or edited after a folder was searched still wins, nearer or farther, and the search stops at the repository root', async () => {
  const disk: Record<string, string> = { 'file:///ws/.agent-files.json': '{ "maxDiagnostics": 5 }', 'file:///.agent-files.json': '{ "maxDiagnostics": 1 }' };
  const open: Record<string, string> = {};
  const store = new ConfigStore(
    (uri) => disk[uri],
    (uri) => open[uri],
    { inside: (f) => f === 'file:///ws' || f.startsWith('file:///ws/'), isRepoRoot: (f) => f === 'file:///ws' },
  );
  const max = (uri: string) => store.forFile(uri).config.maxDiagnostics;
  await store.whileIndexing(() => {
    assert.equal(max('file:///ws/a/b/SKILL.md'), 5);
    // A config that exists only as a buffer, nearer than the one on disk.
    open['file:///ws/a/.agent-files.json'] = '{ "maxDiagnostics": 6 }';
    assert.equal(max('file:///ws/a/b/SKILL.md'), 6);
    assert.equal(max('file:///ws/a/b/AGENTS.md'), 6);
    delete open['file:///ws/a/.agent-files.json'];
    // The one on disk, edited in its buffer.
    open['file:///ws/.agent-files.json'] = '{ "maxDiagnostics": 7 }';
    assert.equal(max('file:///ws/a/b/SKILL.md'), 7);
    // Above the repository root nothing applies, open or not.
    open['file:///.agent-files.json'] = '{ "maxDiagnostics": 2 }';
    delete open['file:///ws/.agent-files.json'];
    assert.equal(max('file:///ws/a/b/SKILL.md'), 5);
  });
  // Outside a pass the same answers.
  assert.equal(max('file:///ws/a/b/SKILL.md'), 5);
  assert.equal(max('file:///elsewhere/SKILL.md'), 1000);
});

test('include brings back a file it matches, and enters a folder it names or names something inside of', () => {
  const p = parseConfig('{"include": ["tests/fixtures/**", "archive/old/SKILL.md", "**/testdata/*.md", 3]}');
  assert.deepEqual(
    p.diagnostics.map((x) => x.code),
    ['config-bad-value'],
  );
  const found = { uri: 'file:///w/.agent-files.json', config: p.config };
  const inc = (rel: string, isDir: boolean) => isIncluded(found, `file:///w/${rel}`, isDir);
  assert.deepEqual(
    [
      inc('tests/fixtures', true),
      inc('tests', true),
      inc('archive', true),
      inc('archive/old', true),
      inc('archive/new', true),
      inc('pkg/testdata', true),
      inc('node_modules', true),
    ],
    [true, true, true, true, false, true, false],
  );
  assert.deepEqual(
    [inc('tests/fixtures/a/SKILL.md', false), inc('archive/old/SKILL.md', false), inc('archive/new/SKILL.md', false), inc('pkg/testdata/CLAUDE.md', false)],
    [true, true, false, true],
  );
});

test('live files: nested .gitignore files decide from the deepest, a `!pattern` re-includes, the folder walked and those above it are never left out', () => {
  const files: Record<string, string> = {
    '.gitignore': 'out/\n*.tmp.md\n',
    '.git/info/exclude': 'private/\n',
    'pkg/.gitignore': '!keep.tmp.md\nlocal/\n',
  };
  const live = new LiveFiles({ read: (rel) => files[rel] });
  assert.deepEqual(
    ['out', 'private', 'pkg', 'pkg/local', 'pkg/node_modules', 'src/fixtures', 'src'].map((d) => live.enters(d)),
    [false, false, true, false, false, false, true],
  );
  assert.deepEqual(
    ['AGENTS.md', 'a.tmp.md', 'pkg/a.tmp.md', 'pkg/keep.tmp.md', 'CLAUDE.local.md', 'out/AGENTS.md'].map((f) => live.keeps(f)),
    [true, false, false, true, true, false],
  );
  // Walking pkg/out (a folder named here) inside the repository: the .gitignore files above apply below it, not to it.
  const inside = new LiveFiles({ read: (rel) => files[rel], start: 'out' });
  assert.deepEqual([inside.keeps('AGENTS.md'), inside.keeps('x.tmp.md'), inside.enters('fixtures')], [true, false, false]);
});
