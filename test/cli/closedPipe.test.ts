/** `agent-files check … | head`: a reader that stops early closes the pipe, and the CLI stops quietly (no EPIPE stack trace). */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ROOT } from '../helpers/cliRun';

const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'agent-files-pipe-')));
after(() => fs.rmSync(dir, { recursive: true, force: true }));

test('a check whose reader closes the pipe after the first line ends without a stack trace', async () => {
  for (let i = 0; i < 400; i++) {
    fs.mkdirSync(path.join(dir, '.claude', 'skills', `s${i}`), { recursive: true });
    fs.writeFileSync(path.join(dir, '.claude', 'skills', `s${i}`, 'SKILL.md'), `---\nname: Bad_Name_${i}\ndescription: x\n---\n`);
  }
  const child = spawn(process.execPath, [path.join(ROOT, 'dist/cli.js'), 'check', dir], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, AGENT_FILES_THREADS: '1' } });
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  // Read one chunk, then close our end, as `head -1` does.
  child.stdout.once('data', () => child.stdout.destroy());
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  assert.doesNotMatch(err, /EPIPE|Error:|at /, err);
  assert.ok(code === 0 || code === 1, `exit ${code}`);
});
