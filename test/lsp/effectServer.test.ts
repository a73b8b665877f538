/**
 * "What the agent sees" over stdio: `agentFiles.contextWindow` changes the skill listing's cut
 * (diagnostics and `agentFiles/effect`), and the server's `agentFiles/effect` says what
 * `agent-files effect --format json` prints for the same file.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import { startClient, type TestClient } from '../helpers/lspClient';
import { shutdown } from '../fixtures/workspace-formats/lsp';
import { tempWorkspace, waitForIndex, type TempWorkspace } from '../helpers/lspWorkspace';
import type { EffectResult } from '../../server/src/lsp/protocol';

const CLI = path.resolve(__dirname, '../../dist/cli.js');
const SKILLS = 3;
const skill = (i: number) => `---\nname: s${i}\ndescription: ${`Skill ${i} does things. `.repeat(15)}\n---\nBody\n`;

let ws: TempWorkspace;
let client: TestClient;

before(async () => {
  const files: Record<string, string> = {
    '.git/HEAD': 'ref: refs/heads/main\n',
    '.codex/config.toml': 'project_doc_max_bytes = 2048\n',
    'AGENTS.md': `# Root\n${'Root rule.\n'.repeat(150)}`,
    'pkg/AGENTS.md': `# Package\n${'Package rule.\n'.repeat(100)}`,
    'pkg/app.ts': '',
  };
  for (let i = 0; i < SKILLS; i++) files[`.claude/skills/s${i}/SKILL.md`] = skill(i);
  ws = tempWorkspace('effect', files);
  client = await startClient({ rootUri: ws.rootUri });
  await waitForIndex(client, (fs) => fs.filter((f) => f.kind === 'skill').length === SKILLS && fs.some((f) => f.uri.endsWith('/pkg/AGENTS.md')));
});
after(async () => {
  await shutdown(client);
  ws.dispose();
});

const listingCut = (ds: { code?: string | number; message: unknown }[]) => ds.filter((d) => d.code === 'skill-listing-cut' && String(d.message).startsWith('Claude Code'));

test('agentFiles.contextWindow: a smaller Claude Code window cuts the listing that fitted, in diagnostics and in the view data', async () => {
  const uri = ws.uri('.claude/skills/s1/SKILL.md');
  assert.equal(listingCut(await openDiagnostics(uri)).length, 0);
  const before = await client.request<EffectResult>('agentFiles/effect', { uri: ws.uri('pkg/app.ts') });
  assert.equal(before.listings.find((l) => l.id === 'claude-code')!.budget, 8000);
  const cut = client.diagnostics(uri, (p) => listingCut(p.diagnostics).length > 0);
  await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: { agentFiles: { contextWindow: { 'claude-code': 20000 } } } });
  assert.match(String(listingCut(await cut)[0]!.message), /budget is 800 characters \(1% of 20,000 tokens/);
  const after = await client.request<EffectResult>('agentFiles/effect', { uri: ws.uri('pkg/app.ts') });
  const claude = after.listings.find((l) => l.id === 'claude-code')!;
  assert.equal(claude.budget, 800);
  assert.deepEqual(
    claude.entries.map((e) => e.state),
    ['name-only', 'name-only', 'name-only'],
  );
  await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: { agentFiles: { contextWindow: {} } } });
});

async function openDiagnostics(uri: string) {
  const got = client.diagnostics(uri);
  client.open(uri, skill(1), 'markdown', 1);
  return got;
}

test('agentFiles/effect and `agent-files effect --format json` agree: the chain, its cut point and cap, the listings', async () => {
  await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: { agentFiles: { contextWindow: { codex: 100000 } } } });
  const lsp = await client.request<EffectResult>('agentFiles/effect', { uri: ws.uri('pkg/app.ts') });
  const r = spawnSync(process.execPath, [CLI, 'effect', 'pkg/app.ts', '--format', 'json', '--context-window', 'codex=100000'], { cwd: ws.root, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const cli = JSON.parse(r.stdout) as { instructions: unknown[]; listings: unknown[] };
  const rel = (uri: string) => path.relative(ws.root, URI.parse(uri).fsPath).split(path.sep).join('/');
  const fromLsp = {
    instructions: lsp.instructions.map((c) => ({
      client: c.client,
      order: c.order,
      files: c.items.map((i) => ({
        path: rel(i.uri),
        why: i.why,
        ...(i.bytes !== undefined ? { bytes: i.bytes, ...(i.read !== undefined ? { read: i.read } : {}) } : {}),
        ...(i.cutAt ? { cutAt: i.cutAt } : {}),
        ...(i.setting ? { setting: true } : {}),
      })),
      ...(c.budget ? { budget: c.budget } : {}),
      ...(c.config ? { config: { sources: c.config.sources.map(rel), errors: c.config.errors.map(({ uri, ...e }) => ({ path: rel(uri), ...e })) } } : {}),
    })),
    listings: lsp.listings.map((l) => ({
      id: l.id,
      client: l.client,
      budget: l.budget,
      used: l.used,
      needed: l.needed,
      entries: l.entries.map((e) => ({ ...e, uri: rel(e.uri) })),
    })),
  };
  const fromCli = {
    instructions: cli.instructions,
    listings: (cli.listings as { id: string; client: string; budget: number; used: number; needed: number; entries: { path: string }[] }[]).map((l) => ({
      id: l.id,
      client: l.client,
      budget: l.budget,
      used: l.used,
      needed: l.needed,
      entries: l.entries.map(({ path: p, ...e }) => ({ uri: p, ...e })),
    })),
  };
  assert.deepEqual(fromLsp, fromCli);
  // The fixture has what the view shows: Codex's cut inside pkg/AGENTS.md at the 2 KiB of .codex/config.toml.
  const codex = lsp.instructions.find((c) => c.client.startsWith('Codex'))!;
  assert.deepEqual(codex.budget, { used: 2048, limit: 2048, unit: 'bytes' });
  assert.equal(codex.items[1]!.cutAt?.line, 28);
});

test('an edit of .codex/config.toml re-checks the AGENTS.md below it: a larger cap lifts the cut', async () => {
  const agents = ws.uri('pkg/AGENTS.md');
  const config = ws.uri('.codex/config.toml');
  const cut = (ds: { code?: string | number }[]) => ds.some((d) => d.code === 'instructions-codex-cut');
  const first = client.diagnostics(agents, (p) => cut(p.diagnostics));
  client.open(agents, fs.readFileSync(ws.path('pkg/AGENTS.md'), 'utf8'), 'markdown', 1);
  await first;
  const lifted = client.diagnostics(agents, (p) => !cut(p.diagnostics));
  client.open(config, 'project_doc_max_bytes = 65536\n', 'toml', 1);
  await lifted;
  await client.connection.sendNotification('textDocument/didClose', { textDocument: { uri: config } });
  await client.connection.sendNotification('textDocument/didClose', { textDocument: { uri: agents } });
});
