// The extension's client bundles (desktop and browser) carry the client and the few pure helpers
// it shares with the server, never the analyses: an import of the file-kind table once pulled the
// whole skill analysis and the YAML library into them (client.js 516 -> 645 KB).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import * as esbuild from 'esbuild';

const ROOT = resolve(__dirname, '../..');
/** What a client bundle must not hold: the YAML library and the per-format analyses. */
const SERVER_ONLY = [
  /node_modules\/yaml\//,
  /server\/src\/core\/skills\/analyze\.ts$/,
  /server\/src\/core\/agentmd\/analyze\.ts$/,
  /server\/src\/core\/instructions\/analyze\.ts$/,
];

async function inputsOf(entry: string, platform: 'node' | 'browser'): Promise<string[]> {
  const r = await esbuild.build({
    entryPoints: [resolve(ROOT, entry)],
    bundle: true,
    write: false,
    metafile: true,
    platform,
    format: 'cjs',
    external: ['vscode'],
    mainFields: platform === 'browser' ? ['browser', 'module', 'main'] : ['module', 'main'],
    logLevel: 'silent',
  });
  return Object.keys(r.metafile.inputs);
}

for (const [entry, platform] of [
  ['client/src/node/extension.ts', 'node'],
  ['client/src/browser/extension.ts', 'browser'],
] as const) {
  test(`the ${platform} client bundle holds no analysis and no YAML library`, async () => {
    const inputs = await inputsOf(entry, platform);
    assert.ok(
      inputs.some((i) => i.startsWith('client/src/')),
      'the bundle was built from the client',
    );
    assert.deepEqual(
      inputs.filter((i) => SERVER_ONLY.some((p) => p.test(i))),
      [],
    );
  });
}
