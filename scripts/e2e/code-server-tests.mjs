// Runs an extension's mocha suite inside a real VS Code extension host: code-server (VS Code
// server build, node extension host) plus its web workbench in headless Debian chromium.
//
// A built workbench starts extension tests from the `payload` URL parameter (the mechanism of
// VS Code's own browser integration tests), but only when the server runs with the smoke-test
// driver enabled. The test runner reports output through window.codeAutomationLog and its exit
// code through window.codeAutomationExit, which we provide with page.exposeFunction.
//
// usage: node code-server-tests.mjs <extensionDevelopmentPath> <extensionTestsPath.js> <folder>
// env (set by env.sh): E2E_NODE24, E2E_CS_BIN, E2E_PLAYWRIGHT_DIR, E2E_CHROMIUM
//      E2E_TIMEOUT_MS (default 240000), E2E_KEEP_TMP=1 (keep the temp dir on failure),
//      E2E_DEBUG_CONSOLE=1 (echo the browser console), E2E_SERVER_LOG=1 (echo code-server's log),
//      E2E_VERBOSE=1 (also echo the workbench's own log lines, which are filtered out by default)
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { format } from 'node:util';
import { join, resolve } from 'node:path';
import { freePort, healthy } from './net.mjs';

const [extDev, extTests, folder] = process.argv.slice(2).map((p) => resolve(p));
if (!extDev || !extTests || !folder) {
  console.error('usage: code-server-tests.mjs <extensionDevelopmentPath> <extensionTestsPath> <folder>');
  process.exit(2);
}
const need = (name) => {
  const v = process.env[name];
  if (!v) {
    console.error(`${name} is not set; source scripts/e2e/env.sh and run scripts/e2e/setup.sh first`);
    process.exit(2);
  }
  return v;
};
const node24 = need('E2E_NODE24');
const csBin = need('E2E_CS_BIN');
const { chromium } = createRequire(import.meta.url)(need('E2E_PLAYWRIGHT_DIR'));
const chromiumPath = process.env.E2E_CHROMIUM || '/usr/bin/chromium';
const timeoutMs = Number(process.env.E2E_TIMEOUT_MS || 240000);

const t0 = Date.now();
const elapsed = () => `${((Date.now() - t0) / 1000).toFixed(1)}s`;
const tmp = mkdtempSync(join(tmpdir(), 'agent-files-e2e-'));
const userData = join(tmp, 'data');
mkdirSync(join(userData, 'User'), { recursive: true });
// Quiet workbench: nothing that opens editors or talks to the network on its own.
writeFileSync(
  join(userData, 'User', 'settings.json'),
  JSON.stringify({
    'workbench.startupEditor': 'none',
    'workbench.tips.enabled': false,
    'security.workspace.trust.enabled': false,
    'telemetry.telemetryLevel': 'off',
    'extensions.autoUpdate': false,
    'extensions.autoCheckUpdates': false,
    'update.mode': 'none',
    'git.enabled': false,
    'chat.disableAIFeatures': true,
  }),
);

// Workbench chatter forwarded through codeAutomationLog that says nothing about our tests.
const NOISE =
  /^\[(AgentHost[^\]]*|ChatModelSelection|AccountPolicyGate|Service Worker|reconnection-grace-time)\]|^Creating a socket|^Resolv(ing|ed) connection token|ENOTFOUND|^Updating additional builtin|^Started local extension host|vsda/;
const log = (...args) => {
  const line = format(...args);
  if (process.env.E2E_VERBOSE || !NOISE.test(line)) console.log(line);
};

let server;
let browser;
let serverLog = '';
let finishing = false;

async function finish(code) {
  if (finishing) return;
  finishing = true;
  try {
    if (browser) await browser.close();
  } catch {
    // the browser may already be gone
  }
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((r) => {
      const t = setTimeout(r, 5000);
      server.once('exit', () => {
        clearTimeout(t);
        r();
      });
    });
  }
  if (code !== 0 && process.env.E2E_SERVER_LOG) console.error(serverLog.slice(-6000));
  if (code !== 0 && process.env.E2E_KEEP_TMP) console.error(`kept ${tmp}`);
  else rmSync(tmp, { recursive: true, force: true });
  console.log(`extension host tests: exit code ${code} after ${elapsed()}`);
  process.exit(code);
}

process.on('SIGINT', () => void finish(130));
process.on('SIGTERM', () => void finish(143));
setTimeout(() => {
  console.error(`TIMEOUT after ${timeoutMs} ms; last code-server output:\n${serverLog.slice(-3000)}`);
  void finish(124);
}, timeoutMs).unref();

async function main() {
  const port = await freePort();
  const env = {
    ...process.env,
    PATH: `${node24}/bin:${process.env.PATH}`,
    // keep code-server's config.yaml and its ipc/git sockets out of $HOME and /tmp
    XDG_CONFIG_HOME: join(tmp, 'config'),
    XDG_DATA_HOME: join(tmp, 'share'),
    XDG_CACHE_HOME: join(tmp, 'cache'),
    TMPDIR: tmp,
  };
  server = spawn(
    join(node24, 'bin', 'node'),
    [
      csBin,
      '--auth',
      'none',
      '--bind-addr',
      `127.0.0.1:${port}`,
      '--user-data-dir',
      userData,
      '--extensions-dir',
      join(tmp, 'extensions'),
      '--disable-telemetry',
      '--disable-update-check',
      '--disable-workspace-trust',
      '--disable-getting-started-override',
      // without it a built workbench ignores the payload and the tests never start
      '--vscode-option',
      'enable-smoke-test-driver',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], env },
  );
  server.stdout.on('data', (d) => (serverLog += d));
  server.stderr.on('data', (d) => (serverLog += d));
  server.on('error', (e) => {
    console.error(`cannot start code-server: ${e.message}`);
    void finish(2);
  });
  server.on('exit', (code) => {
    if (!finishing) {
      console.error(`code-server exited early (${code}):\n${serverLog.slice(-3000)}`);
      void finish(2);
    }
  });
  const readyBy = Date.now() + 60000;
  while (!(await healthy(port))) {
    if (Date.now() > readyBy) throw new Error(`code-server did not answer /healthz within 60 s:\n${serverLog.slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  console.log(`code-server ready on port ${port} (${elapsed()})`);

  browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    env: { ...process.env, XDG_CONFIG_HOME: join(tmp, 'browser-config'), HOME: tmp },
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const page = await browser.newPage();
  if (process.env.E2E_DEBUG_CONSOLE) page.on('console', (m) => console.log('[browser]', m.type(), m.text().slice(0, 400)));
  await page.exposeFunction('codeAutomationLog', (_type, args) => log(...(Array.isArray(args) ? args : [args])));
  await page.exposeFunction('codeAutomationExit', (code) => void finish(typeof code === 'number' ? code : 1));
  const authority = `127.0.0.1:${port}`;
  const payload = JSON.stringify([
    ['extensionDevelopmentPath', `vscode-remote://${authority}${extDev}`],
    ['extensionTestsPath', `vscode-remote://${authority}${extTests}`],
    ['skipWelcome', 'true'],
    ['skipReleaseNotes', 'true'],
  ]);
  await page.goto(`http://${authority}/?folder=${encodeURIComponent(folder)}&payload=${encodeURIComponent(payload)}`);
  console.log(`workbench loaded (${elapsed()})`);
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  void finish(2);
});
