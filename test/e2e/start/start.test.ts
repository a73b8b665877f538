// `npm start` (scripts/start.mjs): code-server on 127.0.0.1 opens examples/ with the extension
// linked in; the printed URL serves the workbench, and SIGINT (Ctrl+C) stops code-server and
// removes the throw-away profile. Needs code-server from scripts/e2e/setup.sh.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../../..');

test('npm start serves VS Code on the examples at the URL it prints, with the extension installed, until Ctrl+C', async () => {
  const before = new Set(readdirSync(tmpdir()).filter((n) => n.startsWith('agent-files-start-')));
  const start = spawn(process.execPath, ['scripts/start.mjs', '--no-build'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  start.stdout.on('data', (d) => (out += d));
  start.stderr.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((r) => start.once('exit', (code) => r(code)));
  try {
    const deadline = Date.now() + 90_000;
    while (!/http:\/\/\S+/.test(out)) {
      assert.equal(start.exitCode, null, `npm start exited early:\n${out}`);
      assert.ok(Date.now() < deadline, `no URL within 90 s:\n${out}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const url = /http:\/\/\S+/.exec(out)![0];
    assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/\?folder=/);
    assert.equal(decodeURIComponent(new URL(url).searchParams.get('folder')!), join(ROOT, 'examples'));
    const page = await fetch(url);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /<html|<!DOCTYPE html>/i);
    // The profile's extensions folder links this checkout, which code-server lists as installed.
    const sandbox = readdirSync(tmpdir()).find((n) => n.startsWith('agent-files-start-') && !before.has(n));
    assert.ok(sandbox, 'a throw-away profile in the temporary folder');
    const env = spawnSync('bash', ['-c', '. scripts/e2e/env.sh && printf "%s\\n" "$E2E_NODE24" "$E2E_CS_BIN"'], { cwd: ROOT, encoding: 'utf8' }).stdout.trim().split('\n');
    const list = spawnSync(join(env[0]!, 'bin', 'node'), [env[1]!, '--extensions-dir', join(tmpdir(), sandbox, 'extensions'), '--list-extensions'], {
      encoding: 'utf8',
      env: { ...process.env, PATH: `${env[0]}/bin:${process.env.PATH}`, XDG_CONFIG_HOME: join(tmpdir(), sandbox, 'config') },
    });
    assert.match(list.stdout, /agent-files\.agent-files/, list.stderr);
    start.kill('SIGINT');
    assert.equal(await exited, 0);
    assert.equal(existsSync(join(tmpdir(), sandbox)), false, 'the profile is removed');
  } finally {
    if (start.exitCode === null) start.kill('SIGTERM');
  }
});
