// Bundles the VS Code client, the language server, the CLI and the benchmark into dist/.
import * as esbuild from 'esbuild';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

/** @type {import('esbuild').BuildOptions} */
const common = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  sourcemap: !production,
  minify: production,
  external: ['vscode'],
  // Prefer ES module builds: jsonc-parser's UMD build requires its parts dynamically, which a bundle cannot follow.
  mainFields: ['module', 'main'],
  logLevel: 'warning',
};

const entries = [
  { entryPoints: ['client/src/node/extension.ts'], outfile: 'dist/client.js' },
  { entryPoints: ['server/src/node/main.ts'], outfile: 'dist/server.js', banner: { js: '#!/usr/bin/env node' } },
  { entryPoints: ['server/src/cli/main.ts'], outfile: 'dist/cli.js', banner: { js: '#!/usr/bin/env node' } },
  { entryPoints: ['scripts/bench.ts'], outfile: 'dist/bench.js' },
];

const contexts = await Promise.all(entries.map((e) => esbuild.context({ ...common, ...e })));
if (watch) {
  await Promise.all(contexts.map((c) => c.watch()));
} else {
  await Promise.all(contexts.map((c) => c.rebuild()));
  await Promise.all(contexts.map((c) => c.dispose()));
}
