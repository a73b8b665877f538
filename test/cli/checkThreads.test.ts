/**
 * `check` on more than one thread (server/src/cli/checkThreads.ts): the report is the same as from
 * one thread, byte for byte, in every format; a worker that fails or stops answering costs time,
 * never a file.
 */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import { checkHere, checkOnThreads, FILES_PER_THREAD, threadsFor, type Checked, type CheckJob, type SharedCheck } from '../../server/src/cli/checkThreads';
import { ownDiagnostics } from '../../server/src/cli/checkPass';
import { NodeFsHost } from '../../server/src/node/fsHost';
import { DEFAULT_CONFIG } from '../../server/src/core/config';
import { ROOT } from '../helpers/cliRun';

const base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'agent-files-threads-')));
after(() => fs.rmSync(base, { recursive: true, force: true }));

function write(rel: string, text: string): string {
  const p = path.join(base, rel);
  fs.mkdirSync(path.dirname(p), { recursive: true });
  fs.writeFileSync(p, text);
  return p;
}

/** 1,300 files: skills with and without mistakes, names used twice across the runs, a config in one package, rules with globs. */
function tree(): string {
  const root = path.join(base, 'repo');
  for (let i = 0; i < 1200; i++) {
    const pkg = `packages/p${i % 6}`;
    const name = i % 97 === 0 ? 'shared-name' : `skill-${i}`;
    const body = i % 5 === 0 ? `See [the guide](references/guide-${i}.md) and scripts/run-${i}.sh.\n` : `Use it when asked about ${i}.\n`;
    const fm = i % 7 === 0 ? `name: Skill_${i}\ndescription: x\ncolor: blue` : `name: ${name}\ndescription: Does ${i} things. Use when the user asks about ${i}.`;
    write(`repo/${pkg}/.claude/skills/${name === 'shared-name' ? `shared-${i}` : name}/SKILL.md`, `---\n${fm}\n---\n\n# ${i}\n\n${body}`);
  }
  for (let i = 0; i < 100; i++) write(`repo/packages/p${i % 6}/.claude/rules/r${i}.md`, `---\npaths:\n  - "packages/p${i % 6}/src/**/*.ts"\n---\nRule ${i}.\n`);
  write('repo/packages/p2/.agent-files.json', JSON.stringify({ rules: { 'skill-name-directory-mismatch': 'off' } }));
  write('repo/packages/p1/src/a.ts', 'export {};\n');
  return root;
}

function check(root: string, threads: number, format: string): { code: number | null; out: string } {
  const r = spawnSync(process.execPath, [path.join(ROOT, 'dist/cli.js'), 'check', root, '--format', format], {
    cwd: base,
    encoding: 'utf8',
    env: { ...process.env, AGENT_FILES_THREADS: String(threads) },
    maxBuffer: 1 << 28,
  });
  return { code: r.status, out: r.stdout };
}

test('a check on three threads reports byte for byte what one thread does, in text, JSON and SARIF', () => {
  const root = tree();
  for (const format of ['json', 'text', 'sarif']) {
    const one = check(root, 1, format);
    const three = check(root, 3, format);
    assert.equal(three.code, one.code, format);
    assert.ok(one.out.length > 10_000, `${format}: a report with findings`);
    assert.equal(three.out, one.out, format);
  }
});

test('files are spread over threads only when each gets enough of them, or as many as were asked for', () => {
  assert.equal(threadsFor(FILES_PER_THREAD * 2 - 1, 8), 1);
  assert.equal(threadsFor(FILES_PER_THREAD * 2, 8), 2);
  assert.equal(threadsFor(FILES_PER_THREAD * 100, 4), 4);
  assert.equal(threadsFor(10, 1), 1);
  assert.equal(threadsFor(10, 3, 1), 3);
  assert.equal(threadsFor(2, 3, 1), 2);
});

test('without AGENT_FILES_THREADS, a run too small to gain from threads is checked on one', () => {
  const root = tree();
  const r = spawnSync(process.execPath, ['--cpu-prof', '--cpu-prof-dir', path.join(base, 'profiles'), path.join(ROOT, 'dist/cli.js'), 'check', root, '--format', 'json'], {
    cwd: base,
    encoding: 'utf8',
    env: { ...process.env, AGENT_FILES_THREADS: '' },
    maxBuffer: 1 << 28,
  });
  assert.ok(r.stdout.length > 10_000, r.stderr);
  // Node writes one profile per thread that ran.
  assert.equal(fs.readdirSync(path.join(base, 'profiles')).length, 1);
});

/**
 * A host whose lookups wait until `until()` holds (up to 10 s in all), then `pause` ms more: the main
 * thread cannot finish a file before a worker has done its part, so what the worker does is
 * certain, not a race.
 */
class WaitingHost extends NodeFsHost {
  /** The skills whose notes file this host looked up (each skill the main thread checked). */
  readonly notes = new Set<string>();
  constructor(
    roots: string[],
    private readonly until: () => boolean,
    private readonly pause = 0,
  ) {
    super(roots, { rememberLookups: true });
  }
  #waited = 0;
  override exists(uri: string): boolean {
    // A missing notes file is looked up where the link points and again from the folders above: one skill, however many lookups.
    const skill = /\/notes-(\d+)\.md$/.exec(uri)?.[1];
    if (skill !== undefined) this.notes.add(skill);
    const tick = new Int32Array(new SharedArrayBuffer(4));
    for (; !this.until() && this.#waited < 10_000; this.#waited += 5) Atomics.wait(tick, 0, 0, 5);
    if (this.pause) Atomics.wait(tick, 0, 0, this.pause);
    return super.exists(uri);
  }
}

/** Jobs for the in-process runs: skills with two findings each (the folder's name, a missing file), each file looked up. */
function jobs(n: number, until: () => boolean = () => true, pause = 0): { jobs: CheckJob[]; shared: SharedCheck; host: WaitingHost; plain: NodeFsHost } {
  const dir = path.join(base, `jobs-${n}`);
  const list: CheckJob[] = Array.from({ length: n }, (_, i) => {
    const p = write(`jobs-${n}/.claude/skills/s${i}/SKILL.md`, `---\nname: other-${i}\ndescription: Does ${i}.\n---\n\nRead [the notes](notes-${i}.md).\n`);
    return { entry: { kind: 'skill', rel: p, uri: URI.file(p).toString(), path: p, detection: 'auto' }, own: {}, config: DEFAULT_CONFIG };
  });
  return {
    jobs: list,
    shared: { roots: [dir], analysis: { workspaceRoots: [URI.file(dir).toString()] }, keepText: false },
    host: new WaitingHost([dir], until, pause),
    plain: new NodeFsHost([dir], { rememberLookups: true }),
  };
}

const codes = (c: Checked) => c.records.map((r) => [r.entry.uri, ownDiagnostics(r).map((d) => d.code)]);

/** A worker script that takes one batch as the real worker does, writes its number to `took`, then runs `then`. */
function takingWorker(name: string, took: string, then: string): string {
  return write(
    name,
    [
      "const { workerData } = require('node:worker_threads');",
      'const { control, index, port } = workerData;',
      'Atomics.store(control, 2 + index, 1);',
      `require('node:fs').writeFileSync(${JSON.stringify(took)}, String(Atomics.add(control, 0, 1)));`,
      then,
    ].join('\n'),
  );
}

test('the batches of a worker that reports an error are checked on the main thread, in their place', () => {
  const took = path.join(base, 'fails.took');
  const script = takingWorker('fails.js', took, "port.postMessage({ error: 'broken' });\nAtomics.add(control, 1, 1);\nAtomics.notify(control, 1);");
  const { jobs: list, shared, host, plain } = jobs(400, () => fs.existsSync(took));
  const warned: string[] = [];
  const got = checkOnThreads(list, shared, host, { threads: 2, filesPerThread: 200, script, warn: (m) => warned.push(m) });
  assert.equal(fs.readFileSync(took, 'utf8'), '1', 'the worker took the second batch while the main thread checked the first');
  assert.deepEqual(codes(got), codes(checkHere(list, shared, plain)));
  assert.deepEqual(warned, ['a worker thread failed (broken): the main thread checked the files it had taken']);
  assert.ok(got.records.length === list.length && got.records.every((r) => ownDiagnostics(r).length === 2));
});

test('the batch of a worker that holds it without answering is checked on the main thread once it has been silent too long', () => {
  const took = path.join(base, 'silent.took');
  const script = takingWorker('silent.js', took, '// holds its batch and posts nothing\nsetInterval(() => undefined, 1000);');
  const { jobs: list, shared, host, plain } = jobs(401, () => fs.existsSync(took));
  const warned: string[] = [];
  const got = checkOnThreads(list, shared, host, { threads: 2, filesPerThread: 200, script, stallMs: 50, warn: (m) => warned.push(m) });
  assert.deepEqual(codes(got), codes(checkHere(list, shared, plain)));
  assert.deepEqual(warned, ['a worker thread sent nothing for 0 s: the main thread checked the files it had taken']);
});

test('a worker that never takes a batch holds nothing up: the main thread checks every file and does not wait for it', { timeout: 60_000 }, () => {
  const script = write('idle.js', '// never takes a batch\nsetInterval(() => undefined, 1000);');
  const { jobs: list, shared, plain } = jobs(402);
  const warned: string[] = [];
  // A wait for its silence would last ten minutes, past the test's timeout.
  const got = checkOnThreads(list, shared, plain, { threads: 2, filesPerThread: 200, script, stallMs: 600_000, warn: (m) => warned.push(m) });
  assert.deepEqual(codes(got), codes(checkHere(list, shared, plain)));
  assert.deepEqual(warned, []);
});

test("the real worker takes batches while the main thread is slow, and the records come back in the files' order", () => {
  // The real worker (dist/cli.js), told apart only by a mark it leaves when it first reads a SKILL.md:
  // the main thread's lookups wait for that mark, so the worker has a batch before the main thread checks its first file.
  const reading = path.join(base, 'real.reading');
  const script = write(
    'real.js',
    [
      "const fs = require('node:fs');",
      'const read = fs.readFileSync;',
      `fs.readFileSync = function (p, ...rest) { if (String(p).endsWith('SKILL.md') && !fs.existsSync(${JSON.stringify(reading)})) fs.writeFileSync(${JSON.stringify(reading)}, ''); return read.call(this, p, ...rest); };`,
      `require(${JSON.stringify(path.join(ROOT, 'dist/cli.js'))});`,
    ].join('\n'),
  );
  const { jobs: list, shared, host, plain } = jobs(600, () => fs.existsSync(reading), 3);
  const got = checkOnThreads(list, shared, host, { threads: 2, filesPerThread: 200, script });
  assert.ok(fs.existsSync(reading), 'the worker read a skill');
  assert.ok(host.notes.size < list.length, `the worker checked some of the files (the main thread checked ${host.notes.size} of ${list.length})`);
  assert.deepEqual(codes(got), codes(checkHere(list, shared, plain)));
  assert.deepEqual(
    got.records.map((r) => ownDiagnostics(r).map((d) => d.message)),
    checkHere(list, shared, plain).records.map((r) => ownDiagnostics(r).map((d) => d.message)),
  );
});
