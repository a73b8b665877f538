/** Requests that need the whole workspace, sent while the server's first scan runs, wait for it (stdio). */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { WorkspaceSymbol } from 'vscode-languageserver-protocol';
import { startClient } from '../helpers/lspClient';
import { joinLines } from '../helpers/markers';

const AGENTS = 300;
const dir = mkdtempSync(join(tmpdir(), 'agent-files-ready-'));
after(() => rmSync(dir, { recursive: true, force: true }));
for (let i = 0; i < AGENTS; i++) {
  mkdirSync(join(dir, 'agents', `a${i}`), { recursive: true });
  writeFileSync(
    join(dir, 'agents', `a${i}`, 'agent.3md'),
    joinLines(
      '---',
      '3md: 1.0',
      `title: Agent ${i}`,
      '---',
      `@plane z=0 label="Agent ${i}" kind=identity`,
      'You help.',
      `@plane z=1 label="task-${i}" kind=skill triggers="task ${i}"`,
      'Do it.',
    ),
  );
}

test('workspace/symbol sent right after initialized answers with every file of the first scan, not with what is indexed so far', async () => {
  const client = await startClient({ rootUri: pathToFileURL(dir).href });
  try {
    // Sent at once: the scan of 300 agents has not ended yet.
    const symbols = await client.request<WorkspaceSymbol[]>('workspace/symbol', { query: 'task-' });
    assert.equal(symbols.filter((s) => /^task-\d+$/.test(s.name)).length, AGENTS);
  } finally {
    await client.stop();
  }
});
