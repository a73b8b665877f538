// Bundles the VS Code client, the language server, the CLI and the benchmark into dist/, and the
// browser builds (VS Code for the Web) into dist/web/: the client as a CommonJS module (the web
// extension host loads it with `require('vscode')`), the server as a Web Worker script.
import { rmSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
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

const NODE_BUILTINS = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

/** Fails the build when anything in a browser bundle imports a Node built-in module (even one a package maps away). */
const noNodeBuiltins = {
  name: 'no-node-builtins',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      const name = args.path.startsWith('@') ? args.path : args.path.split('/')[0];
      if (!NODE_BUILTINS.has(name) && !NODE_BUILTINS.has(args.path)) return undefined;
      return { errors: [{ text: `${args.path} is a Node built-in module: the browser build cannot use it (imported by ${args.importer})` }] };
    });
  },
};

/** @type {import('esbuild').BuildOptions} */
const browser = {
  ...common,
  platform: 'browser',
  target: 'es2022',
  mainFields: ['browser', 'module', 'main'],
  conditions: ['browser'],
  plugins: [noNodeBuiltins],
};

const entries = [
  { entryPoints: ['client/src/node/extension.ts'], outfile: 'dist/client.js' },
  // The server and the CLI: each a launcher and a bundle it runs with V8's code cache (server/src/node/codeCache.ts).
  { entryPoints: ['server/src/node/launch.ts'], outfile: 'dist/server.js', banner: { js: '#!/usr/bin/env node' } },
  { entryPoints: ['server/src/node/main.ts'], outfile: 'dist/server-main.js' },
  { entryPoints: ['server/src/cli/launch.ts'], outfile: 'dist/cli.js', banner: { js: '#!/usr/bin/env node' } },
  { entryPoints: ['server/src/cli/main.ts'], outfile: 'dist/cli-main.js' },
  // `agent-files mcp` (docs/mcp.md): the MCP SDK and the rule docs stay out of dist/cli.js, which the
  // .vsix ships; cli.js loads this file only for that command, and the npm package ships it.
  { entryPoints: ['server/src/cli/mcp/main.ts'], outfile: 'dist/mcp.js', loader: { '.md': 'text' } },
  { entryPoints: ['scripts/bench.ts'], outfile: 'dist/bench.js' },
  { ...browser, entryPoints: ['client/src/browser/extension.ts'], outfile: 'dist/web/client.js', format: 'cjs' },
  { ...browser, entryPoints: ['server/src/browser/main.ts'], outfile: 'dist/web/server.js', format: 'iife' },
  // The run simulator's page (a webview script: desktop and browser alike).
  { ...browser, entryPoints: ['client/webview/worldRun.ts'], outfile: 'dist/webview/worldRun.js', format: 'iife' },
  // The graph panel's script (client/src/graphView.ts), the same file on the desktop and in the browser: dagre lays the graph out.
  { ...browser, entryPoints: ['client/webview/graph.ts'], outfile: 'dist/webview/graph.js', format: 'iife' },
];

/** The bundles the launchers run with a code cache. */
const CACHED = ['dist/cli-main.js', 'dist/server-main.js'];

/** codeCache.ts's `writeCodeCache`, bundled in memory: the build and the launchers share one definition of the cache. */
async function codeCacheWriter() {
  const out = await esbuild.build({ ...common, entryPoints: ['server/src/node/codeCache.ts'], write: false, sourcemap: false, minify: false });
  const mod = { exports: {} };
  new Function('module', 'exports', 'require', out.outputFiles[0].text)(mod, mod.exports, createRequire(import.meta.url));
  return mod.exports.writeCodeCache;
}

const contexts = await Promise.all(entries.map((e) => esbuild.context({ ...common, ...e })));
if (watch) {
  // A cache made for an earlier build would only be read and refused: the watch build runs without.
  for (const bundle of CACHED) rmSync(`${bundle}.cache`, { force: true });
  await Promise.all(contexts.map((c) => c.watch()));
} else {
  try {
    await Promise.all(contexts.map((c) => c.rebuild()));
  } catch {
    // esbuild has printed the errors
    process.exitCode = 1;
  } finally {
    await Promise.all(contexts.map((c) => c.dispose()));
  }
  if (!process.exitCode) {
    const writeCodeCache = await codeCacheWriter();
    for (const bundle of CACHED) writeCodeCache(bundle);
  }
}
