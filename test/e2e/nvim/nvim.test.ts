// Neovim's built-in LSP client (headless) against `node dist/server.js --stdio`: the server's
// diagnostics must reach a real non-VS Code client, raw and as Neovim diagnostics.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { checkAgentMd, checkBrokenAgent, checkSkill, checkWorld, LSP_CMD, ROOT, workspaceCopy, type LspDiagnostic } from '../lsp-clients';

const ws = workspaceCopy();
after(() => ws.dispose());

interface NvimDump {
  file: string;
  filetype: string;
  published: LspDiagnostic[] | null;
  shown: { lnum: number; col: number; message: string }[];
}

function nvim(file: string): NvimDump {
  const xdg = join(ws.dir, '.nvim-xdg');
  mkdirSync(xdg, { recursive: true });
  const r = spawnSync(
    process.env.AGENT_FILES_NVIM || 'nvim',
    ['--headless', '-u', join(ROOT, 'test', 'e2e', 'nvim', 'init.lua'), '-i', 'NONE', '-n', file, '-c', 'lua agent_files_dump(15000)'],
    {
      cwd: ws.dir,
      encoding: 'utf8',
      timeout: 30_000,
      env: {
        ...process.env,
        AGENT_FILES_ROOT: ROOT,
        AGENT_FILES_LSP_CMD: LSP_CMD,
        AGENT_FILES_WORKSPACE: ws.dir,
        XDG_CONFIG_HOME: xdg,
        XDG_DATA_HOME: xdg,
        XDG_STATE_HOME: xdg,
        XDG_CACHE_HOME: xdg,
      },
    },
  );
  assert.equal(r.status, 0, `nvim exited ${r.status}: ${r.stderr}\n${r.stdout}`);
  const line = r.stdout.split('\n').find((l) => l.startsWith('{'));
  assert.ok(line, `no JSON from nvim: ${r.stdout}`);
  return JSON.parse(line) as NvimDump;
}

test('nvim: the dead link in agent.3md arrives as a dead-link diagnostic on [[z=42]]', () => {
  const out = nvim('agent.3md');
  assert.equal(out.filetype, 'threemd');
  checkBrokenAgent(ws.dir, out.published ?? []);
  assert.ok(
    out.shown.some((d) => d.lnum === 13 && /\[\[z=42\]\]/.test(d.message)),
    JSON.stringify(out.shown),
  );
});

test('nvim: a valid agent gets an empty diagnostics publish', () => {
  assert.deepEqual(nvim('helper.agent.3md').published, []);
});

test('nvim: SKILL.md with an invalid name gets skill-name diagnostics on the name', () => {
  checkSkill(ws.dir, nvim('skills/pdf-tools/SKILL.md').published ?? []);
});

test('nvim: AGENT.md without description gets an error about it', () => {
  checkAgentMd(nvim('AGENT.md').published ?? []);
});

test('nvim: world.json with an edge to an unknown node reports the node', () => {
  checkWorld(ws.dir, nvim('.agent-world/world.json').published ?? []);
});
