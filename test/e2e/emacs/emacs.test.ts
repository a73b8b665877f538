// Emacs 28 with eglot (Debian's elpa-eglot) in batch mode against `node dist/server.js --stdio`:
// a second, independent LSP client receiving the same diagnostics as Neovim and VS Code.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { checkAgentMd, checkBrokenAgent, checkSkill, checkWorld, LSP_CMD, ROOT, workspaceCopy, type LspDiagnostic } from '../lsp-clients';

const ws = workspaceCopy();
after(() => ws.dispose());

interface EmacsDump {
  file: string;
  mode: string;
  published: LspDiagnostic[] | false;
  shown: { line: number; type: string; text: string }[];
}

function emacs(file: string): EmacsDump {
  const r = spawnSync(process.env.AGENT_FILES_EMACS || 'emacs', ['--batch', '-Q', '-l', join(ROOT, 'test', 'e2e', 'emacs', 'eglot-dump.el'), file], {
    cwd: ws.dir,
    encoding: 'utf8',
    timeout: 40_000,
    env: { ...process.env, AGENT_FILES_ROOT: ROOT, AGENT_FILES_LSP_CMD: LSP_CMD, AGENT_FILES_EMACS_HOME: ws.dir, HOME: ws.dir },
  });
  assert.equal(r.status, 0, `emacs exited ${r.status}: ${r.stderr.slice(-2000)}\n${r.stdout}`);
  const line = r.stdout.split('\n').find((l) => l.startsWith('{'));
  assert.ok(line, `no JSON from emacs: ${r.stdout}`);
  return JSON.parse(line) as EmacsDump;
}

const published = (d: EmacsDump): LspDiagnostic[] => (d.published === false ? [] : d.published);

test('emacs: the dead link in agent.3md arrives as a dead-link diagnostic on [[z=42]] and reaches Flymake', () => {
  const out = emacs('agent.3md');
  assert.equal(out.mode, 'threemd-mode');
  checkBrokenAgent(ws.dir, published(out));
  // Flymake lines are 1-based
  assert.ok(
    out.shown.some((d) => d.line === 14 && d.type === 'eglot-error' && /\[\[z=42\]\]/.test(d.text)),
    JSON.stringify(out.shown),
  );
});

test('emacs: a valid agent gets an empty diagnostics publish', () => {
  assert.deepEqual(emacs('helper.agent.3md').published, []);
});

test('emacs: SKILL.md with an invalid name gets skill-name diagnostics on the name', () => {
  checkSkill(ws.dir, published(emacs('skills/pdf-tools/SKILL.md')));
});

test('emacs: AGENT.md without description gets an error about it', () => {
  checkAgentMd(published(emacs('AGENT.md')));
});

test('emacs: world.json with an edge to an unknown node reports the node', () => {
  checkWorld(ws.dir, published(emacs('.agent-world/world.json')));
});
