// The npm package as users get it: `npm pack`, install the tarball into a temporary folder,
// and run `npx agent-files check` on a broken and a clean skill; the package must name no
// source map it does not ship. Run by .ci/run.
// The install is tried offline first; when the npm cache lacks a dependency's metadata it is
// retried with --prefer-offline (which may reach the registry), and says so.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix, resolve } from 'node:path';
import * as vm from 'node:vm';

const root = resolve(new URL('..', import.meta.url).pathname);
/** Every file under `dir`, as `/`-separated paths relative to it. */
const listFiles = (dir, rel = '') =>
  readdirSync(join(dir, rel), { withFileTypes: true }).flatMap((e) =>
    e.name === 'node_modules' ? [] : e.isDirectory() ? listFiles(dir, posix.join(rel, e.name)) : [posix.join(rel, e.name)],
  );
const work = mkdtempSync(join(tmpdir(), 'af-pack-'));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const started = Date.now();
let failed = false;
const check = (ok, what) => {
  console.log(`${ok ? 'ok' : 'FAILED'}: ${what}`);
  if (!ok) failed = true;
};
try {
  execFileSync(npm, ['pack', '--silent', '--pack-destination', work], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  const tgz = join(
    work,
    readdirSync(work).find((f) => f.endsWith('.tgz')),
  );
  const app = join(work, 'app');
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), '{"name":"pack-test","version":"1.0.0","private":true}\n');
  const install = (mode) => spawnSync(npm, ['install', mode, '--no-audit', '--no-fund', '--loglevel=error', tgz], { cwd: app, encoding: 'utf8' });
  let r = install('--offline');
  if (r.status !== 0 && /ENOTCACHED/.test(r.stderr)) {
    console.log("npm install --offline: the npm cache lacks a dependency's metadata; retrying with --prefer-offline");
    r = install('--prefer-offline');
  }
  check(r.status === 0, `npm install ${tgz.split('/').pop()}${r.status === 0 ? '' : `\n${r.stderr}`}`);
  mkdirSync(join(app, 'skills/good'), { recursive: true });
  // In a folder clients load skills from, a SKILL.md without frontmatter is an error (elsewhere it is advice).
  mkdirSync(join(app, '.agents/skills/bad'), { recursive: true });
  writeFileSync(join(app, 'skills/good/SKILL.md'), '---\nname: good\ndescription: Says hello. Use when greeting someone.\n---\nSay hello.\n');
  writeFileSync(join(app, '.agents/skills/bad/SKILL.md'), 'no frontmatter\n');
  // The package must not point at files it does not ship: every `//# sourceMappingURL=` names a
  // map in the package (the production build writes none), and every map shipped is named.
  const pkgDir = join(app, 'node_modules/agent-files');
  const shipped = listFiles(pkgDir);
  const named = new Set();
  const dangling = [];
  for (const f of shipped.filter((f) => f.endsWith('.js'))) {
    for (const m of readFileSync(join(pkgDir, f), 'utf8').matchAll(/^\/\/# sourceMappingURL=(\S+)\s*$/gm)) {
      if (m[1].startsWith('data:')) continue;
      const target = posix.join(posix.dirname(f), m[1]);
      named.add(target);
      if (!shipped.includes(target)) dangling.push(`${f} → ${m[1]}`);
    }
  }
  check(dangling.length === 0, `every sourceMappingURL names a file in the package${dangling.length ? `; missing: ${dangling.join(', ')}` : ''}`);
  const unnamed = shipped.filter((f) => f.endsWith('.map') && !named.has(f));
  check(unnamed.length === 0, `every source map in the package is named by its file${unnamed.length ? `; unnamed: ${unnamed.join(', ')}` : ''}`);
  // The launchers use a bundle's code cache made for its bytes, when V8 takes it (server/src/node/codeCache.ts): the SHA-256 of the bundle, then V8's data.
  const cacheUsed = (bundle) => {
    const bytes = readFileSync(join(pkgDir, bundle));
    const cache = readFileSync(join(pkgDir, `${bundle}.cache`));
    if (!createHash('sha256').update(bytes).digest().equals(cache.subarray(0, 32))) return false;
    const params = ['exports', 'require', 'module', '__filename', '__dirname'];
    return !vm.compileFunction(bytes.toString('utf8'), params, { filename: join(pkgDir, bundle), cachedData: cache.subarray(32) }).cachedDataRejected;
  };
  const cached = ['dist/cli-main.js', 'dist/server-main.js'].filter((b) => shipped.includes(`${b}.cache`) && cacheUsed(b));
  check(cached.length === 2, `the CLI's and the server's bundles ship with code caches this Node takes (${cached.join(', ') || 'none'})`);
  const npx = (...args) => spawnSync(process.platform === 'win32' ? 'npx.cmd' : 'npx', ['--offline', 'agent-files', ...args], { cwd: app, encoding: 'utf8' });
  const good = npx('check', 'skills/good');
  check(
    good.status === 0 && /1 file checked: 0 errors/.test(good.stdout),
    `npx agent-files check on a clean skill exits 0 (${good.status}: ${good.stdout.trim()}${good.stderr.trim()})`,
  );
  const bad = npx('check', '-f', 'sarif', 'skills', '.agents');
  check(
    bad.status === 1 && JSON.parse(bad.stdout).runs[0].results.some((x) => x.ruleId === 'skill-frontmatter-missing'),
    `npx agent-files check -f sarif reports the broken skill and exits 1 (${bad.status})`,
  );
  // The MCP server (dist/mcp.js, bundled with its SDK) answers a client that lists its tools and hangs up.
  const rpc = (id, method, params) => JSON.stringify({ jsonrpc: '2.0', ...(id ? { id } : {}), method, ...(params ? { params } : {}) });
  const hello = { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'pack-test', version: '0' } };
  const mcp = spawnSync(process.platform === 'win32' ? 'npx.cmd' : 'npx', ['--offline', 'agent-files', 'mcp'], {
    cwd: app,
    encoding: 'utf8',
    timeout: 30_000,
    input: [rpc(1, 'initialize', hello), rpc(0, 'notifications/initialized'), rpc(2, 'tools/list')].join('\n') + '\n',
  });
  check(mcp.status === 0 && /"name":"check"/.test(mcp.stdout), `npx agent-files mcp lists its tools (${mcp.status}: ${mcp.stderr.trim()})`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
console.log(`pack test: ${failed ? 'FAILED' : 'passed'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(failed ? 1 : 0);
