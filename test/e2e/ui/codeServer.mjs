// A throw-away code-server for the UI tests: its own user-data, extensions, config and temp
// folders (nothing lands in $HOME or the shared /tmp), a free loopback port, no auth.
// Needs the variables of scripts/e2e/env.sh: E2E_NODE24 (code-server must run on Node 24) and E2E_CS_BIN.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, healthy } from '../../../scripts/e2e/net.mjs';

/** Reads a variable set by scripts/e2e/env.sh, or explains how to get it. */
export function need(name) {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set; source scripts/e2e/env.sh and run scripts/e2e/setup.sh first`);
  return v;
}

/** User settings of a quiet workbench: nothing opens editors or talks to the network on its own. */
const SETTINGS = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'security.workspace.trust.enabled': false,
  'telemetry.telemetryLevel': 'off',
  'extensions.autoUpdate': false,
  'extensions.autoCheckUpdates': false,
  'extensions.ignoreRecommendations': true,
  'update.mode': 'none',
  'git.enabled': false,
  'chat.disableAIFeatures': true,
  'editor.minimap.enabled': false,
  // a fixed theme and wrapped lines so screenshots show every squiggle, whatever the browser prefers
  'workbench.colorTheme': 'Default Dark Modern',
  'editor.wordWrap': 'on',
  // No code lenses: VS Code asks for them when it chooses (a second or several after a file opens,
  // now and then not at all), and their rows then push the text down under a mouse placed on it.
  'editor.codeLens': false,
  'window.commandCenter': false,
  'workbench.layoutControl.enabled': false,
};

/**
 * Creates the sandbox folders of one run.
 * @returns {{ root: string, userData: string, extensions: string, env: NodeJS.ProcessEnv }}
 */
export function makeSandbox() {
  const root = mkdtempSync(join(tmpdir(), 'agent-files-ui-'));
  const userData = join(root, 'data');
  const extensions = join(root, 'extensions');
  mkdirSync(join(userData, 'User'), { recursive: true });
  mkdirSync(extensions, { recursive: true });
  writeFileSync(join(userData, 'User', 'settings.json'), JSON.stringify(SETTINGS, null, 2));
  const node24 = need('E2E_NODE24');
  const env = {
    ...process.env,
    PATH: `${node24}/bin:${process.env.PATH}`,
    // code-server writes config.yaml under XDG_CONFIG_HOME and its ipc sockets under TMPDIR
    XDG_CONFIG_HOME: join(root, 'config'),
    XDG_DATA_HOME: join(root, 'share'),
    XDG_CACHE_HOME: join(root, 'cache'),
    TMPDIR: root,
  };
  return { root, userData, extensions, env };
}

function codeServerArgs(sandbox) {
  return [need('E2E_CS_BIN'), '--user-data-dir', sandbox.userData, '--extensions-dir', sandbox.extensions];
}

/**
 * Installs a .vsix the way a user does (`code-server --install-extension`).
 * @returns {string} the command's output; throws when it fails
 */
export function installExtension(sandbox, vsix) {
  const r = spawnSync(join(need('E2E_NODE24'), 'bin', 'node'), [...codeServerArgs(sandbox), '--install-extension', vsix], {
    env: sandbox.env,
    encoding: 'utf8',
    timeout: 120_000,
  });
  const out = `${r.stdout ?? ''}${r.stderr ?? ''}`;
  if (r.status !== 0) throw new Error(`--install-extension exited with ${r.status ?? r.signal}:\n${out}`);
  return out;
}

/**
 * Starts code-server on 127.0.0.1 and waits until it answers.
 * @returns {Promise<{ url: string, log: () => string, stop: () => Promise<void> }>}
 */
export async function startCodeServer(sandbox) {
  const port = await freePort();
  let log = '';
  const server = spawn(
    join(need('E2E_NODE24'), 'bin', 'node'),
    [
      ...codeServerArgs(sandbox),
      '--auth',
      'none',
      '--bind-addr',
      `127.0.0.1:${port}`,
      '--disable-telemetry',
      '--disable-update-check',
      '--disable-workspace-trust',
      '--disable-getting-started-override',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], env: sandbox.env },
  );
  server.stdout.on('data', (d) => (log += d));
  server.stderr.on('data', (d) => (log += d));
  const exited = new Promise((resolve) => server.once('exit', resolve));
  const stop = async () => {
    if (server.exitCode !== null || server.signalCode !== null) return;
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
  };
  const deadline = Date.now() + 60_000;
  while (!(await healthy(port))) {
    if (server.exitCode !== null) throw new Error(`code-server exited with ${server.exitCode}:\n${log.slice(-3000)}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`code-server did not answer /healthz within 60 s:\n${log.slice(-3000)}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url: `http://127.0.0.1:${port}`, log: () => log, stop };
}

/** Removes a sandbox (best effort: a language server may still be closing files in it). */
export function removeSandbox(sandbox) {
  rmSync(sandbox.root, { recursive: true, force: true, maxRetries: 3, retryDelay: 200 });
}
