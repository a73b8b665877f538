// `npm start`: builds the extension and opens it in VS Code in the browser (code-server, the one
// the end-to-end suites use) on the examples/ workspace, bound to 127.0.0.1. Prints the URL and
// runs until Ctrl+C. The first run installs code-server and Node 24 into the e2e cache
// (scripts/e2e/setup.sh with AGENT_FILES_E2E_ONLY=code-server; a few minutes, once).
// Usage: node scripts/start.mjs [--no-build] [--port N] [FOLDER]
//   --no-build   use the existing dist/
//   --port N     listen on this port (default: a free one)
//   FOLDER       the folder to open (default: examples/)
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort, healthy } from './e2e/net.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const { version: VERSION } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const args = process.argv.slice(2);
const fail = (message) => {
  console.error(`npm start: ${message}`);
  process.exit(2);
};
let port;
let folder = join(ROOT, 'examples');
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (a === '--no-build') continue;
  if (a === '--port') {
    port = Number(args[++i]);
    if (!Number.isInteger(port) || port <= 0 || port > 65535) fail(`--port needs a port number, not '${args[i]}'`);
  } else if (a.startsWith('-')) fail(`unknown option '${a}' (--no-build, --port N, FOLDER)`);
  else folder = resolve(a);
}
if (!existsSync(folder)) fail(`no folder ${folder}`);

/** The cache paths scripts/e2e/env.sh defines (one place says where things are installed). */
function toolchain() {
  const r = spawnSync('bash', ['-c', '. scripts/e2e/env.sh && printf "%s\\n" "$E2E_NODE24" "$E2E_CS_BIN"'], { cwd: ROOT, encoding: 'utf8' });
  if (r.status !== 0) fail(`cannot read scripts/e2e/env.sh: ${r.stderr}`);
  const [node24, csBin] = r.stdout.trim().split('\n');
  return { node: join(node24, 'bin', 'node'), node24, csBin };
}

let tools = toolchain();
if (!existsSync(tools.node) || !existsSync(tools.csBin)) {
  console.log('npm start: installing code-server and Node 24 into the e2e cache (once; a few minutes)…');
  const r = spawnSync('bash', ['scripts/e2e/setup.sh'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, AGENT_FILES_E2E_ONLY: 'code-server' } });
  if (r.status !== 0) fail('scripts/e2e/setup.sh failed (docs/e2e.md says what it installs)');
  tools = toolchain();
}

if (!args.includes('--no-build')) {
  const r = spawnSync(process.execPath, ['esbuild.mjs'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) fail('the build failed');
}

// A throw-away profile: settings, extensions, code-server's config and sockets stay out of $HOME.
const sandbox = mkdtempSync(join(tmpdir(), 'agent-files-start-'));
mkdirSync(join(sandbox, 'data', 'User'), { recursive: true });
writeFileSync(
  join(sandbox, 'data', 'User', 'settings.json'),
  JSON.stringify({ 'workbench.startupEditor': 'none', 'telemetry.telemetryLevel': 'off', 'update.mode': 'none', 'extensions.autoCheckUpdates': false }, null, 2),
);
// The extension is this checkout itself, linked into the profile's extensions folder: a rebuild
// and a window reload show a change.
mkdirSync(join(sandbox, 'extensions'));
symlinkSync(ROOT, join(sandbox, 'extensions', `agent-files.agent-files-${VERSION}`), 'dir');
port ??= await freePort();
const server = spawn(
  tools.node,
  [
    tools.csBin,
    '--auth',
    'none',
    '--bind-addr',
    `127.0.0.1:${port}`,
    '--user-data-dir',
    join(sandbox, 'data'),
    '--extensions-dir',
    join(sandbox, 'extensions'),
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--disable-getting-started-override',
  ],
  {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PATH: `${tools.node24}/bin:${process.env.PATH}`,
      XDG_CONFIG_HOME: join(sandbox, 'config'),
      XDG_DATA_HOME: join(sandbox, 'share'),
      XDG_CACHE_HOME: join(sandbox, 'cache'),
      TMPDIR: sandbox,
    },
  },
);
let log = '';
server.stdout.on('data', (d) => (log += d));
server.stderr.on('data', (d) => (log += d));

let stopping = false;
async function stop(code) {
  if (stopping) return;
  stopping = true;
  if (server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
  }
  rmSync(sandbox, { recursive: true, force: true, maxRetries: 3, retryDelay: 200 });
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
server.on('exit', (code) => {
  if (stopping) return;
  console.error(`npm start: code-server exited (${code}):\n${log.slice(-3000)}`);
  void stop(1);
});

const deadline = Date.now() + 60_000;
while (!(await healthy(port))) {
  if (Date.now() > deadline) {
    console.error(`npm start: code-server did not answer within 60 s:\n${log.slice(-3000)}`);
    await stop(1);
  }
  await new Promise((r) => setTimeout(r, 100));
}
const url = `http://127.0.0.1:${port}/?folder=${encodeURIComponent(folder)}`;
console.log(`\nAgent Files in VS Code (code-server), on ${folder}:\n\n  ${url}\n\nOpen it in a browser; Ctrl+C stops the server.`);
