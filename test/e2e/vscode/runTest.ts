// Runs the extension-host suite with @vscode/test-electron's runTests. No VS Code desktop build
// can be downloaded here, so vscodeExecutablePath points at scripts/e2e/code-shim.sh, which
// runs the same suite in code-server's real extension host (see docs/e2e.md).
// Compiled by scripts/e2e/build-e2e.mjs to dist/e2e/vscode/runTest.js; run-vscode.sh runs it on the
// cached Node 24 (test-electron 2.5 is pinned because 3.x refuses Node 20, which the project supports).
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { runTests } from '@vscode/test-electron';

async function main(): Promise<void> {
  const root = path.resolve(__dirname, '..', '..', '..');
  const extensionDevelopmentPath = path.resolve(process.env.AGENT_FILES_E2E_EXTENSION || root);
  const extensionTestsPath = path.join(__dirname, 'suite', 'index.js');
  // Work on a copy so nothing the editor writes ends up in the repository.
  const workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-files-ws-'));
  fs.cpSync(path.join(root, 'test', 'fixtures', 'e2e-workspace'), workspace, { recursive: true });
  try {
    await runTests({
      vscodeExecutablePath: path.join(root, 'scripts', 'e2e', 'code-shim.sh'),
      extensionDevelopmentPath,
      extensionTestsPath,
      launchArgs: [workspace],
      reuseMachineInstall: true,
    });
  } finally {
    fs.rmSync(workspace, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
