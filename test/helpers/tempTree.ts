/** A folder of real files for a test file, removed after its tests: its real path, and a writer of files below it. */
import { after } from 'node:test';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export function tempTree(prefix: string): { base: string; write(rel: string, text: string): void } {
  const base = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  after(() => rmSync(base, { recursive: true, force: true }));
  return {
    base,
    write(rel, text) {
      mkdirSync(dirname(join(base, rel)), { recursive: true });
      writeFileSync(join(base, rel), text);
    },
  };
}
