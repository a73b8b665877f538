import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, chmodSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { parseThreeMd } from '../../server/src/core/threemd/parser';
import { analyzeThreeMd } from '../../server/src/core/agent/threemdAnalysis';
import { buildAgent } from '../../server/src/core/agent/model';
import { AgentRuntime } from '../../server/src/core/agent/runtime';
import { Directive } from '../../server/src/core/threemd/plane';
import { commandPlaceholders, fillCommand } from '../../server/src/core/agent/command';
import { joinLines } from '../helpers/markers';
import { genAgent, genRequests } from '../../scripts/genAgent';
import { runs } from '../helpers/runs';

const AGENT = joinLines(
  '---',
  '3md: 1.0',
  'title: Dev',
  'tools: rg, gh',
  'persona: terse',
  '---',
  '@plane z=0 label="Dev" kind=identity',
  'You are Dev.',
  '@plane z=1 label="search" kind=skill triggers="find, grep, search code" inputs="pattern, path?" tool="rg --line-number {pattern} {path}" cost="local"',
  'Search.',
  '@plane z=2 label="files" kind=skill triggers="files, list files"',
  'List files.',
  '@plane z=3 label="pr" kind=skill triggers="open prs, pull request, review" inputs="n:number" tool="gh pr view {n}"',
  'Uses [[z=4|commits]] and [[z=0]] and [[z=9]].',
  '@plane z=4 label="commits" kind=skill triggers="commits, history"',
  'Back to [[z=3]].',
);
const rt = () => analyzeThreeMd(parseThreeMd(AGENT), { fileName: 'agent.3md' }).runtime;
const ranked = (text: string) =>
  rt()
    .route(text)
    .map((r) => [r.skill.name, r.score, r.hits]);

test('route ranks by matching phrases, then by z; words match in any order, exactly', () => {
  assert.deepEqual(ranked('find every TODO in src'), [['search', 1, ['find']]]);
  assert.deepEqual(ranked('review the pull request'), [['pr', 2, ['pull request', 'review']]]);
  assert.deepEqual(ranked('FIND-files!'), [
    ['search', 1, ['find']],
    ['files', 1, ['files']],
  ]);
  assert.deepEqual(ranked('show the open pr'), [], 'pr does not match prs');
  assert.deepEqual(ranked(''), []);
});

test('duplicate trigger phrases count twice, as in the reference', () => {
  const a = analyzeThreeMd(parseThreeMd(joinLines('---', '3md: 1.0', 'title: T', '---', '@plane z=0 kind=identity', '@plane z=1 label="s" triggers="find, find"'))).runtime;
  assert.deepEqual(
    a.route('find it').map((r) => r.score),
    [2],
  );
});

test('the indexed route returns exactly what the linear reference algorithm returns', () => {
  for (const n of [10, 100, 1000]) {
    const a = analyzeThreeMd(parseThreeMd(genAgent(n))).runtime;
    for (const req of [...genRequests(n, 100), 'cite source please', 'FIND files, and fetch logs!', '', 'x']) {
      const strip = (rs: ReturnType<typeof a.route>) => rs.map((r) => [r.skill.z, r.score, r.hits]);
      assert.deepEqual(strip(a.route(req)), strip(a.routeLinear(req)), `n=${n} request=${req}`);
    }
  }
});

test('the indexed route equals the linear reference on random agents, request after request on one runtime', () => {
  // Common words make phrases collide (repeated and multi-word phrases, duplicate triggers, mixed
  // case and punctuation); rare words keep match sets small in large agents, where ranking sorts
  // instead of walking the skills.
  const common = fc.constantFrom('find', 'Files', 'fetch', 'logs', 'pr', 'é', 'ß', '42', 'a', 'b');
  const rare = fc.integer({ min: 0, max: 800 }).map((n) => `w${n}`);
  const word = fc.oneof(common, rare);
  const phrase = fc.tuple(fc.array(word, { maxLength: 3 }), fc.constantFrom(' ', '-', '  ')).map(([ws, sep]) => ws.join(sep));
  const skill = fc.record({ name: fc.constantFrom('s1', 's2', 's3', 's4', 's5', 's6'), triggers: fc.array(phrase, { maxLength: 4 }) });
  const agent = fc.oneof(fc.array(skill, { maxLength: 12 }), fc.array(skill, { minLength: 1500, maxLength: 2000 }));
  const request = fc.oneof(fc.array(word, { maxLength: 6 }), fc.array(rare, { maxLength: 12 })).map((ws) => ws.join(' ') + '!');
  fc.assert(
    fc.property(agent, fc.array(request, { minLength: 1, maxLength: 5 }), (skills, requests) => {
      // z descends through the file, so z order is not file order; some names repeat (the runtime keeps the last).
      const planes = skills.map((s, i) => `@plane z=${skills.length - i} label="${s.name}${i % 3 ? i : ''}" kind=skill triggers="${s.triggers.join(', ')}"`);
      const a = analyzeThreeMd(parseThreeMd(joinLines('---', '3md: 1.0', 'title: T', '---', '@plane z=0 kind=identity', ...planes))).runtime;
      const strip = (rs: ReturnType<typeof a.route>) => rs.map((r) => [r.skill.name, r.skill.z, r.score, [...r.hits]]);
      for (const req of [...requests, ...requests]) assert.deepEqual(strip(a.route(req)), strip(a.routeLinear(req)), `request=${req}`);
    }),
    { numRuns: runs(200) },
  );
});

test('resolve is depth-first pre-order, start first, each skill once; identity, dangling and cycles are dropped silently', () => {
  assert.deepEqual(
    rt()
      .resolve('pr')
      .map((s) => s.name),
    ['pr', 'commits'],
  );
  assert.deepEqual(
    rt()
      .resolve(4)
      .map((s) => s.name),
    ['commits', 'pr'],
  );
  assert.deepEqual(rt().resolve('nope'), []);
  assert.deepEqual(rt().resolve('Dev'), [], 'the identity is not a skill');
});

test('get is exact: by z for numbers, by raw name for strings', () => {
  assert.equal(rt().get(1)?.name, 'search');
  assert.equal(rt().get('search')?.z, 1);
  assert.equal(rt().get('Search'), undefined);
});

test('command fills placeholders with POSIX single quotes and leaves missing ones', () => {
  assert.equal(rt().command('search', { pattern: 'TODO', path: 'src' }), "rg --line-number 'TODO' 'src'");
  assert.equal(rt().command('search', { pattern: `it's a "test" with spaces`, path: 'my dir/$HOME' }), `rg --line-number 'it'\\''s a "test" with spaces' 'my dir/$HOME'`);
  assert.equal(rt().command('search', { pattern: '' }), "rg --line-number '' {path}");
  assert.equal(rt().command('files', {}), null, 'a guidance-only skill has no command');
  assert.equal(rt().command('nope', {}), null);
});

test('typed values are stringified, never a crash', () => {
  assert.equal(fillCommand('x {n} {b} {o} {a}', { n: 5, b: true, o: { k: 'v' }, a: [1, 'two'] }), `x '5' 'true' '{"k":"v"}' '[1,"two"]'`);
  assert.equal(fillCommand('x {n}', { n: null }), "x ''");
  assert.deepEqual(commandPlaceholders('a {x} {y} {x} {1c} { z } {a-b}'), ['x', 'y']);
});

test('manifest and export have the reference shapes', () => {
  const m = rt().manifest();
  assert.deepEqual({ ...m, skills: m.skills.length }, { name: 'Dev', model: 'unknown', tools: ['rg', 'gh'], persona: 'terse', identity: 'You are Dev.', skills: 4 });
  assert.deepEqual(m.skills[0], { name: 'search', z: 1, triggers: ['find', 'grep', 'search code'], cost: 'local', tool: 'rg --line-number {pattern} {path}' });
  const e = rt().exportJson(true) as { schema: string; skills: { name: string; inputSchema: unknown; deps: number[] }[]; bodies: Record<string, string> };
  assert.equal(e.schema, 'agent3md/1');
  assert.deepEqual(e.skills[2], {
    name: 'pr',
    z: 3,
    triggers: ['open prs', 'pull request', 'review'],
    inputs: ['n'],
    inputSchema: [{ name: 'n', type: 'number', required: true }],
    tool: 'gh pr view {n}',
    cost: null,
    deps: [4, 0, 9],
  });
  assert.equal(e.bodies['files'], 'List files.');
});

test('routing, the manifest and the export read triggers from the plane headers, never making the attribute objects a check uses', () => {
  // A 10,000-skill runtime kept one attribute object per token of every directive, twice, after its first route (issue 28).
  const made: string[] = [];
  const proto = Directive.prototype as unknown as object;
  const attributes = Object.getOwnPropertyDescriptor(proto, 'attributes')!;
  Object.defineProperty(proto, 'attributes', {
    ...attributes,
    get(this: Directive) {
      made.push(String(this.line));
      return attributes.get!.call(this);
    },
  });
  try {
    const runtime = new AgentRuntime(buildAgent(parseThreeMd(AGENT)));
    assert.deepEqual(
      runtime.route('search code history').map((r) => [r.skill.name, r.hits]),
      [
        ['search', ['search code']],
        ['commits', ['history']],
      ],
    );
    assert.deepEqual(runtime.routeLinear('search code history').length, 2);
    assert.deepEqual(
      runtime.manifest().skills.map((s) => s.triggers),
      [
        ['find', 'grep', 'search code'],
        ['files', 'list files'],
        ['open prs', 'pull request', 'review'],
        ['commits', 'history'],
      ],
    );
    assert.equal((runtime.exportJson().skills as { triggers: string[] }[]).length, 4);
    assert.deepEqual(made, []);
  } finally {
    Object.defineProperty(proto, 'attributes', attributes);
  }
});

test('an agent with no planes has an empty identity instead of the reference crash', () => {
  const a = analyzeThreeMd(parseThreeMd(joinLines('---', '3md: 1.0', 'title: T', '---'))).runtime;
  assert.equal(a.manifest().identity, '');
});

test('bare placeholders pass every value to a real /bin/sh as exactly one literal argument', () => {
  const dir = mkdtempSync(join(tmpdir(), 'agent-files-sh-'));
  try {
    const recorder = join(dir, 'record');
    // The recording program writes each argument NUL-terminated, so any byte sequence survives.
    writeFileSync(recorder, `#!/bin/sh\nfor a in "$@"; do printf '%s\\0' "$a"; done > "${join(dir, 'args')}"\n`);
    chmodSync(recorder, 0o755);
    const hostile = fc.oneof(
      fc.string({ unit: 'binary' }),
      fc.constantFrom(`'`, `'\\''`, '$(touch pwned)', '`id`', '; rm -rf /', '&& echo hi', '*', '?', '[a]', '~', '\n', '"', '\\', '$HOME', '!x', '{a}'),
    );
    fc.assert(
      fc.property(
        fc.array(
          hostile.map((s) => s.replace(/\0/g, '')),
          { minLength: 1, maxLength: 3 },
        ),
        (values) => {
          const names = values.map((_, i) => `v${i}`);
          const template = `${recorder} -- ${names.map((n) => `{${n}}`).join(' ')}`;
          const cmd = fillCommand(template, Object.fromEntries(names.map((n, i) => [n, values[i]])));
          execFileSync('/bin/sh', ['-c', cmd], { cwd: dir });
          const got = readFileSync(join(dir, 'args'), 'utf8').split('\0').slice(0, -1);
          assert.deepEqual(got, ['--', ...values]);
        },
      ),
      { numRuns: runs(150) },
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
