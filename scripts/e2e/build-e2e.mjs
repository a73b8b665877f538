// Bundles the extension-host test suite and its test-electron launcher into dist/e2e/vscode/.
// vscode is provided by the extension host; mocha and @vscode/test-electron are loaded from the
// project's node_modules at run time.
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const src = join(root, 'test', 'e2e', 'vscode');
const out = join(root, 'dist', 'e2e', 'vscode');
const suite = readdirSync(join(src, 'suite'))
  .filter((f) => f === 'index.ts' || f.endsWith('.test.ts'))
  .map((f) => join(src, 'suite', f));

const common = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  sourcemap: 'inline',
  external: ['vscode', 'mocha', '@vscode/test-electron'],
  logLevel: 'warning',
};
await esbuild.build({ ...common, entryPoints: suite, outdir: join(out, 'suite') });
await esbuild.build({ ...common, entryPoints: [join(src, 'runTest.ts')], outfile: join(out, 'runTest.js') });
