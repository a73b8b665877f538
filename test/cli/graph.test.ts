/** `agent-files graph FILE`: a world's workflow or an agent.3md's skill dependencies as Mermaid or DOT. */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import { join } from 'node:path';
import { cli, ROOT } from '../helpers/cliRun';

const tmp = fs.mkdtempSync(join(os.tmpdir(), 'af-graph-cli-'));
after(() => fs.rmSync(tmp, { recursive: true, force: true }));

const AGENT = [
  '---',
  '3md: 1.0',
  'title: Dev',
  '---',
  '@plane z=0 label="dev" kind=identity',
  'Rules.',
  '@plane z=1 label="search" kind=skill triggers="find" tool="rg {p}"',
  'See [[z=2]] and [[z=5]].',
  '@plane z=2 label="files" kind=skill triggers="ls" tool="fd {g}"',
  'List.',
  '',
].join('\n');

test("graph FILE.3md prints the agent's planes and [[z=N]] dependencies as Mermaid, a missing plane marked", () => {
  fs.writeFileSync(join(tmp, 'agent.3md'), AGENT);
  const r = cli(tmp, 'graph', 'agent.3md');
  assert.equal(r.code, 0, r.err);
  assert.equal(
    r.out,
    [
      'flowchart TD',
      '  %% Dev (agent.3md)',
      '  n0(["dev<br/>z=0"])',
      '  n1["search<br/>z=1"]',
      '  n2["files<br/>z=2"]',
      '  n3["z=5<br/>(no such plane)"]',
      '  n1 --> n2',
      '  n1 --> n3',
      '',
    ].join('\n'),
  );
  const d = cli(tmp, 'graph', '--format', 'dot', join(tmp, 'agent.3md'));
  assert.equal(d.code, 0, d.err);
  assert.match(d.out, /^digraph "Dev" \{\n/);
  assert.match(d.out, /\n {2}"0" \[label="dev\\nz=0", peripheries=2\];\n/);
  assert.match(d.out, /\n {2}"1" -> "2";\n/);
});

test('graph DIR and graph world.json print the workflow as world graph does, final nodes marked', () => {
  const dir = join(ROOT, 'test/fixtures/world/app-builder');
  const byDir = cli(ROOT, 'graph', 'test/fixtures/world/app-builder');
  assert.equal(byDir.code, 0, byDir.err);
  assert.match(byDir.out, /^flowchart TD\n {2}%% app-builder \(sequential-pipeline\)\n {2}n0\(\["requirements<br\/>pm"\]\)\n/);
  assert.match(byDir.out, /\n {2}n5\[\["final<br\/>pm"\]\]\n/);
  assert.equal(cli(dir, 'graph', '.agent-world/world.json').out, byDir.out);
  assert.equal(cli(dir, 'world', 'graph').out, byDir.out);
  const d = cli(dir, 'graph', '--format', 'dot', '.');
  assert.match(d.out, /\n {2}"final" \[label="final\\npm", style=bold\];\n/);
});

test('graph: a wrong format, no file, another kind of file, or a missing world is exit 2', () => {
  fs.writeFileSync(join(tmp, 'notes.md'), '# notes\n');
  assert.equal(cli(tmp, 'graph', '--format', 'svg', 'agent.3md').code, 2);
  const none = cli(tmp, 'graph');
  assert.equal(none.code, 2);
  assert.match(none.err, /graph takes one file/);
  const other = cli(tmp, 'graph', 'notes.md');
  assert.equal(other.code, 2);
  assert.match(other.err, /not notes\.md/);
  const empty = fs.mkdtempSync(join(tmp, 'empty-'));
  const missing = cli(empty, 'graph', '.');
  assert.equal(missing.code, 2);
  assert.match(missing.err, /no Agent World/);
  assert.equal(cli(tmp, 'graph', 'gone.3md').code, 2);
  assert.match(cli(tmp, '--help').out, /agent-files graph FILE \[--format mermaid\|dot\]/);
  assert.match(cli(tmp, 'graph', '--help').out, /^Usage: agent-files graph/);
});
