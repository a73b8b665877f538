// Runs every *.test.ts under test/ with node's test runner (TypeScript through tsx).
// Usage: node scripts/test.mjs [substring-filter...]
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function collect(dir, out) {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) {
      if (name !== 'fixtures' && name !== 'e2e') collect(p, out);
    } else if (name.endsWith('.test.ts')) out.push(p);
  }
  return out;
}

// The LSP and CLI tests run the built bundles: build first so they never test stale code.
const build = spawnSync(process.execPath, ['esbuild.mjs'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const filters = process.argv.slice(2);
const files = collect('test', []).filter((f) => filters.length === 0 || filters.some((s) => f.includes(s)));
if (files.length === 0) {
  console.error('no test files matched');
  process.exit(1);
}
const r = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', ...files], { stdio: 'inherit' });
process.exit(r.status ?? 1);
