// Mocha entry point that VS Code's extension host calls (extensionTestsPath): runs every
// *.test.js bundled next to this file and prints one machine-readable result line that
// scripts/e2e/run-vscode.sh turns into "N passed, M failed".
import * as fs from 'fs';
import * as path from 'path';
import Mocha from 'mocha';

/** Titles of tests for features that may not have landed yet carry this tag. */
export const FEATURE_TAG = '@feature';

export function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'tdd', color: false, timeout: 60_000, slow: 5_000 });
  const only = process.env.AGENT_FILES_E2E_GREP;
  if (only) mocha.grep(only);
  for (const f of fs
    .readdirSync(__dirname)
    .filter((n) => n.endsWith('.test.js'))
    .sort()) {
    mocha.addFile(path.join(__dirname, f));
  }
  return new Promise((resolve, reject) => {
    const failedFeatures: string[] = [];
    const runner = mocha.run((failures) => {
      const stats = runner.stats ?? { passes: 0, failures };
      console.log(`E2E-RESULT ${JSON.stringify({ passed: stats.passes, failed: stats.failures, failedFeatures })}`);
      if (failures > 0) reject(new Error(`${failures} end-to-end test(s) failed`));
      else resolve();
    });
    runner.on('fail', (t) => {
      if (t.title.includes(FEATURE_TAG)) failedFeatures.push(t.fullTitle());
    });
  });
}
