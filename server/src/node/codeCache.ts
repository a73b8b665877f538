/**
 * Starting a bundle with V8's code cache. The CLI and the language server are each a small
 * launcher (dist/cli.js, dist/server.js) and a bundle (dist/cli-main.js, dist/server-main.js).
 * Compiling the 1.5 MB CLI bundle was about a fifth of a cold `agent-files check` of one file
 * (45 ms of 200 in a CPU profile); with the cache the build writes beside the bundle V8 reads the
 * compiled code instead (docs/performance.md). A `check` worker thread starts from the launcher too.
 *
 * V8 checks a cache against the length of the source only, so the cache starts with the SHA-256
 * of the bundle it was made from and is used only for those bytes (1 ms for the CLI's bundle; both
 * bundles load node:crypto anyway, and the file times are no guide: npm's install writes the files
 * of a package in any order). It belongs to one V8 version and its flags: where V8 rejects it
 * (another Node, Electron's Node in VS Code, flags such as `--cpu-prof`), or it is missing,
 * unreadable or made for other bytes, the bundle is compiled from its source as Node would.
 * Nothing is written at run time: the build writes the cache (`writeCodeCache`, esbuild.mjs).
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import * as vm from 'node:vm';

/** Where the build writes a bundle's code cache. */
export const cacheFileOf = (bundle: string) => `${bundle}.cache`;

/** What became of the cache: used, rejected by this V8, or not usable (missing, unreadable, or made for other bytes). */
export type CacheUse = 'used' | 'rejected' | 'absent';

type Wrapper = (exports: unknown, require: NodeJS.Require, module: NodeJS.Module, filename: string, dirname: string) => void;

const DIGEST_BYTES = 32;
const digestOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest();

/** The names a CommonJS module's code sees, as Node passes them. */
const PARAMS = ['exports', 'require', 'module', '__filename', '__dirname'];

/**
 * The bundle compiled as Node compiles a CommonJS module (a function of `PARAMS`, with no wrapped
 * copy of the source: a 1.5 MB bundle is a 3 MB string, and a copy of it in each thread was 15 MB
 * of peak RSS on 10,000 skills), with its cache when there is one for these bytes.
 */
export function compileBundle(bundle: string): { wrapper: Wrapper; cache: CacheUse } {
  const bytes = fs.readFileSync(bundle);
  const cachedData = cacheFor(bytes, readCache(cacheFileOf(bundle)));
  const wrapper = vm.compileFunction(bytes.toString('utf8'), PARAMS, { filename: bundle, ...(cachedData ? { cachedData } : {}) }) as Wrapper & { cachedDataRejected?: boolean };
  return { wrapper, cache: cachedData === undefined ? 'absent' : wrapper.cachedDataRejected ? 'rejected' : 'used' };
}

/**
 * Runs `bundle` as the launcher's own module: its `module` and `exports`, and a `require` whose
 * `main` is the process's main module, so `require.main === module` holds in the bundle exactly
 * when the launcher is the main module; `__filename` is the launcher's (the script a worker
 * thread starts from). Stack traces name the bundle.
 */
export function runBundle(bundle: string, launcher: NodeJS.Module): CacheUse {
  const { wrapper, cache } = compileBundle(bundle);
  wrapper.call(launcher.exports, launcher.exports, createRequire(launcher.filename), launcher, launcher.filename, path.dirname(launcher.filename));
  return cache;
}

/** Writes the code cache of `bundle` (made from its compiled top level); returns its size in bytes. */
export function writeCodeCache(bundle: string): number {
  const bytes = fs.readFileSync(bundle);
  const wrapper = vm.compileFunction(bytes.toString('utf8'), PARAMS, { filename: bundle, produceCachedData: true }) as Wrapper & { cachedData?: Buffer };
  if (!wrapper.cachedData) throw new Error(`V8 made no code cache for ${bundle}`);
  const out = Buffer.concat([digestOf(bytes), wrapper.cachedData]);
  fs.writeFileSync(cacheFileOf(bundle), out);
  return out.length;
}

/** The V8 data of a cache made for exactly these bytes. */
function cacheFor(bytes: Buffer, cache: Buffer | undefined): Buffer | undefined {
  if (cache === undefined || cache.length <= DIGEST_BYTES) return undefined;
  return digestOf(bytes).equals(cache.subarray(0, DIGEST_BYTES)) ? cache.subarray(DIGEST_BYTES) : undefined;
}

/** The cache's bytes; undefined when it cannot be read: it only saves compile time, the bundle's source is enough. */
function readCache(file: string): Buffer | undefined {
  try {
    return fs.readFileSync(file);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EACCES' || code === 'EISDIR' || code === 'EPERM') return undefined;
    throw e;
  }
}
