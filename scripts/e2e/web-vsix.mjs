// Makes a browser-only copy of a packaged .vsix: the same files with a package.json that has no
// `main`, so code-server runs the extension in its web worker extension host (as vscode.dev and
// github.dev do) instead of its Node one. Only for the UI tests; users get the one .vsix.
//
// usage: node web-vsix.mjs <agent-files.vsix> <out.vsix>
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { listZip, readZipEntry } from '../../test/e2e/ui/vsix.mjs';

const [vsix, out] = process.argv.slice(2).map((p) => p && resolve(p));
if (!vsix || !out) {
  console.error('usage: web-vsix.mjs <agent-files.vsix> <out.vsix>');
  process.exit(2);
}
const root = resolve(new URL('../..', import.meta.url).pathname);
const work = mkdtempSync(join(tmpdir(), 'agent-files-web-vsix-'));
try {
  for (const { name } of listZip(vsix)) {
    if (!name.startsWith('extension/') || name.endsWith('/')) continue;
    const file = join(work, name.slice('extension/'.length));
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, readZipEntry(vsix, name));
  }
  const manifest = JSON.parse(readZipEntry(vsix, 'extension/package.json').toString('utf8'));
  if (!manifest.browser) throw new Error(`${vsix} has no browser entry`);
  delete manifest.main;
  // already built: packaging the copy must not build again
  delete manifest.scripts;
  writeFileSync(join(work, 'package.json'), JSON.stringify(manifest, null, 2));
  execFileSync(process.execPath, [join(root, 'node_modules', '@vscode', 'vsce', 'vsce'), 'package', '--no-dependencies', '--allow-missing-repository', '-o', out], {
    cwd: work,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  console.log(`browser-only package: ${out}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
