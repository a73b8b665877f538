/**
 * The launchers (server/src/node/codeCache.ts): a bundle runs with the code cache the build wrote
 * for it, and as Node would run it without one: a cache made for other bytes, refused by V8 or
 * unreadable is never used, and the bundle sees itself as the main module exactly when its launcher is.
 */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { cacheFileOf, compileBundle, writeCodeCache } from '../../server/src/node/codeCache';
import { ROOT } from '../helpers/cliRun';

const base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'agent-files-code-cache-')));
after(() => fs.rmSync(base, { recursive: true, force: true }));

const CODE_CACHE = path.join(ROOT, 'server/src/node/codeCache.ts');
let made = 0;

/** A folder with a launcher (run with tsx) for `bundle.js`, whose source is `source`. */
function app(source: string): { dir: string; bundle: string; launcher: string } {
  const dir = path.join(base, `app${made++}`);
  fs.mkdirSync(dir);
  const bundle = path.join(dir, 'bundle.js');
  fs.writeFileSync(bundle, source);
  const launcher = path.join(dir, 'launcher.js');
  fs.writeFileSync(launcher, `require(${JSON.stringify(CODE_CACHE)}).runBundle(${JSON.stringify(bundle)}, module);\n`);
  return { dir, bundle, launcher };
}

function run(file: string): string {
  const r = spawnSync(process.execPath, ['--import', 'tsx', file], { cwd: ROOT, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout.trim();
}

test('the built CLI and server bundles run with the code cache the build wrote', () => {
  for (const bundle of ['dist/cli-main.js', 'dist/server-main.js']) {
    assert.equal(compileBundle(path.join(ROOT, bundle)).cache, 'used', bundle);
  }
  const r = spawnSync(process.execPath, [path.join(ROOT, 'dist/cli.js'), '--version'], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /^\d+\.\d+\.\d+/);
});

test('a bundle rebuilt after its cache, to the same length, runs its new code', () => {
  const { bundle, launcher } = app("console.log('one');\n");
  writeCodeCache(bundle);
  assert.equal(compileBundle(bundle).cache, 'used');
  assert.equal(run(launcher), 'one');
  // V8 checks a cache against the source's length only: this one would run the old top level.
  fs.writeFileSync(bundle, "console.log('two');\n");
  assert.equal(compileBundle(bundle).cache, 'absent');
  assert.equal(run(launcher), 'two');
});

test('a cache V8 refuses, or none at all, leaves the bundle running as Node would', () => {
  const { bundle, launcher } = app("console.log(typeof require('node:path').join);\n");
  // First: once this process has compiled the source, V8 takes it from its own cache and reads no cached data.
  // The cache's own form: the SHA-256 of the bundle, then V8's data (here none V8 can read).
  fs.writeFileSync(cacheFileOf(bundle), Buffer.concat([createHash('sha256').update(fs.readFileSync(bundle)).digest(), Buffer.from('not a code cache')]));
  assert.equal(compileBundle(bundle).cache, 'rejected');
  assert.equal(run(launcher), 'function');
  fs.writeFileSync(cacheFileOf(bundle), 'short');
  assert.equal(compileBundle(bundle).cache, 'absent');
  fs.rmSync(cacheFileOf(bundle));
  assert.equal(compileBundle(bundle).cache, 'absent');
  assert.equal(run(launcher), 'function');
  fs.mkdirSync(cacheFileOf(bundle));
  assert.equal(compileBundle(bundle).cache, 'absent');
  assert.equal(run(launcher), 'function');
});

test('the bundle is the main module when its launcher is, and gets the launcher as its file and module', () => {
  const { dir, bundle, launcher } = app(
    ["const path = require('node:path');", 'module.exports.answer = 42;', 'if (require.main === module) console.log(`main ${path.basename(__filename)}`);'].join('\n'),
  );
  writeCodeCache(bundle);
  assert.equal(run(launcher), 'main launcher.js');
  const user = path.join(dir, 'user.js');
  fs.writeFileSync(user, `console.log(require(${JSON.stringify(launcher)}).answer);\n`);
  assert.equal(run(user), '42');
});
