/**
 * The editor's workspace diagnostics and the CLI say the same about every file: the built CLI
 * (`agent-files check --format json`) and the built server over stdio, pulled as a workspace by
 * a client that validates nothing itself (as Neovim or Emacs), on realistic fixtures.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { startClient } from '../helpers/lspClient';
import { shutdown } from '../fixtures/workspace-formats/lsp';

const CLI = path.resolve(__dirname, '../../dist/cli.js');
const SEVERITY = ['', 'error', 'warning', 'information', 'hint'];

type Finding = string;
const line = (p: string, d: { code: string; severity: string; message: string; range: Diagnostic['range'] }): Finding =>
  `${p}:${d.range.start.line}:${d.range.start.character}-${d.range.end.line}:${d.range.end.character} ${d.severity} [${d.code}] ${d.message}`;

/** Every finding of the CLI for a folder, one string each, sorted. */
function cliFindings(root: string): Finding[] {
  const r = spawnSync(process.execPath, [CLI, 'check', '--format', 'json', '.'], { cwd: root, encoding: 'utf8' });
  assert.ok(r.status === 0 || r.status === 1, r.stderr);
  const out = JSON.parse(r.stdout) as { files: { path: string; diagnostics: { code: string; severity: string; message: string; range: Diagnostic['range'] }[] }[] };
  return out.files.flatMap((f) => f.diagnostics.map((d) => line(f.path.split(path.sep).join('/'), d))).sort();
}

/** Every finding of the server's workspace pull for a folder, nothing opened. */
async function serverFindings(root: string): Promise<Finding[]> {
  const client = await startClient({
    rootUri: URI.file(root).toString(),
    capabilities: { textDocument: { diagnostic: { dynamicRegistration: false } }, workspace: { workspaceFolders: true } },
  });
  try {
    const r = (await client.request('workspace/diagnostic', { previousResultIds: [] })) as { items: { uri: string; kind: string; items?: Diagnostic[] }[] };
    return r.items
      .flatMap((i) =>
        (i.items ?? []).map((d) =>
          line(path.relative(root, URI.parse(i.uri).fsPath).split(path.sep).join('/'), {
            code: String(d.code),
            severity: SEVERITY[d.severity ?? 1]!,
            message: String(d.message),
            range: d.range,
          }),
        ),
      )
      .sort();
  } finally {
    await shutdown(client);
  }
}

// How many findings each fixture has at least, so an empty pair of lists cannot pass.
const FIXTURES: [string, number][] = [
  ['marketplace-repo', 9],
  ['e2e-workspace', 9],
  ['plugins', 5],
  // A marketplace's plugins: their agents, commands and hooks file.
  ['plugin-parts', 7],
];

for (const [fixture, least] of FIXTURES) {
  test(`the workspace diagnostics of ${fixture} are the CLI's, file by file`, async () => {
    const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'af-equal-')));
    try {
      fs.cpSync(path.resolve(__dirname, '../fixtures', fixture), root, { recursive: true });
      // A repository: configuration is looked for up to its root, by the CLI and the editor alike.
      fs.mkdirSync(path.join(root, '.git'));
      const cli = cliFindings(root);
      assert.ok(cli.length >= least, cli.join('\n'));
      assert.deepEqual(await serverFindings(root), cli);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
}
