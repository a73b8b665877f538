/**
 * A workspace scan's walks answer its own lookups (NodeWorkspaceFs.whileScanning,
 * server/src/node/workspaceFs.ts): a config, `.git` or reference missing from a folder the walk
 * listed is missing without asking the disk, and nothing the walk saw outlives the scan or a
 * watched file's change.
 */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import nodeFs, { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { URI } from 'vscode-uri';
import { NodeWorkspaceFs } from '../../server/src/node/workspaceFs';

const base = realpathSync(mkdtempSync(join(tmpdir(), 'agent-files-scan-')));
after(() => rmSync(base, { recursive: true, force: true }));

let n = 0;
/** A workspace folder holding `skills/a/SKILL.md`, served by a fresh host. */
function workspace(): { root: string; folder: string; host: NodeWorkspaceFs } {
  const root = join(base, `case-${n++}`);
  mkdirSync(join(root, 'skills', 'a'), { recursive: true });
  writeFileSync(join(root, 'skills', 'a', 'SKILL.md'), '---\nname: a\n---\n');
  const host = new NodeWorkspaceFs();
  const folder = URI.file(root).toString();
  host.addRoot(folder);
  return { root, folder, host };
}
const uri = (p: string) => URI.file(p).toString();
const walk = (host: NodeWorkspaceFs, folder: string) => host.findFiles(folder, () => true, 1000);
/** Whether the host, in a check of its own, says the file at `path` exists. */
const existsInCheck = (host: NodeWorkspaceFs, path: string) => host.duringCheck(() => host.exists(uri(path)));

test("during a scan, its walk answers the scan's lookups in the folders it listed without asking the disk", async (t) => {
  const { root, folder, host } = workspace();
  await host.whileScanning(async () => {
    await walk(host, folder);
    const calls = ['readdirSync', 'lstatSync', 'existsSync', 'statSync'].map((m) => t.mock.method(nodeFs, m as 'statSync'));
    host.duringCheck(() => {
      assert.equal(host.readText(uri(join(root, 'skills', 'a', '.agent-files.json'))), undefined);
      assert.equal(host.exists(uri(join(root, 'skills', 'a', '.git'))), false);
      assert.equal(host.exists(uri(join(root, 'skills', 'a', 'references', 'guide.md'))), false);
    });
    assert.deepEqual(
      calls.map((c) => c.mock.callCount()),
      [0, 0, 0, 0],
    );
    for (const c of calls) c.mock.restore();
    assert.equal(
      host.duringCheck(() => host.readText(uri(join(root, 'skills', 'a', 'SKILL.md')))),
      '---\nname: a\n---\n',
      'a file the walk listed is still read from disk',
    );
  });
});

test('a file created during a scan is found once a watched file changed, and once the scan ended', async () => {
  const { root, folder, host } = workspace();
  const guide = join(root, 'skills', 'a', 'guide.md');
  await host.whileScanning(async () => {
    await walk(host, folder);
    writeFileSync(guide, 'G');
    assert.equal(existsInCheck(host, guide), false, 'the walk did not list it');
    await host.refresh();
    assert.equal(existsInCheck(host, guide), true);
  });
  const other = join(root, 'skills', 'a', 'other.md');
  await host.whileScanning(async () => {
    await walk(host, folder);
    writeFileSync(other, 'O');
  });
  assert.equal(existsInCheck(host, other), true);
});

test('overlapping scans share the listings until the last one ends; a walk outside any scan holds nothing', async () => {
  const { root, folder, host } = workspace();
  const late = join(root, 'skills', 'a', 'late.md');
  let endInner!: () => void;
  const inner = host.whileScanning(() => new Promise<void>((resolve) => (endInner = resolve)));
  await host.whileScanning(async () => {
    await walk(host, folder);
  });
  writeFileSync(late, 'L');
  assert.equal(existsInCheck(host, late), false, 'the first scan still runs');
  endInner();
  await inner;
  assert.equal(existsInCheck(host, late), true);
  const unscanned = join(root, 'skills', 'a', 'unscanned.md');
  await walk(host, folder);
  writeFileSync(unscanned, 'U');
  assert.equal(existsInCheck(host, unscanned), true);
});

test('during a scan, a file its walk found is read without a second stat, until a watched file changes or the scan ends', async (t) => {
  const { root, folder, host } = workspace();
  const skill = uri(join(root, 'skills', 'a', 'SKILL.md'));
  await host.whileScanning(async () => {
    await walk(host, folder);
    const stat = t.mock.method(nodeFs, 'statSync');
    assert.equal(
      host.duringCheck(() => host.readText(skill)),
      '---\nname: a\n---\n',
    );
    assert.equal(stat.mock.callCount(), 0, 'the walk gave its size');
    await host.refresh();
    host.duringCheck(() => host.readText(skill));
    assert.equal(stat.mock.callCount(), 1, 'after a watched change the size is asked again');
    stat.mock.restore();
  });
  const stat = t.mock.method(nodeFs, 'statSync');
  assert.equal(host.readText(skill), '---\nname: a\n---\n');
  assert.equal(stat.mock.callCount(), 1, 'and outside a scan');
});

test("during a scan, the list of every workspace file is made from its walk's listings where it has them: the same files, fewer folders read", async (t) => {
  const { root, folder, host } = workspace();
  const write = (rel: string, text = 'x') => {
    mkdirSync(join(root, rel, '..'), { recursive: true });
    writeFileSync(join(root, rel), text);
  };
  write('skills/b/SKILL.md');
  write('skills/b/scripts/run.py');
  write('dist/bundle.js');
  write('dist/deep/more.js');
  write('node_modules/pkg/index.js');
  write('docs/guide.md');
  symlinkSync(join(root, 'docs'), join(root, 'linked-docs'));
  symlinkSync(join(root, 'docs', 'guide.md'), join(root, 'guide-link.md'));
  const outside = host.listFiles([folder], 1000);
  const outsideCapped = host.listFiles([folder], 3);
  // The scan's walk leaves `dist` out, as an ignore file would: its files are listed by reading it.
  const filter = { enters: (rel: string) => rel !== 'dist', keeps: () => true };
  await host.whileScanning(async () => {
    await host.findFiles(folder, () => true, 1000, filter);
    const readdir = t.mock.method(nodeFs, 'readdirSync');
    assert.deepEqual(host.listFiles([folder], 1000), outside);
    const read = readdir.mock.calls.map((c) => String(c.arguments[0]));
    assert.deepEqual(read.sort(), [join(root, 'dist'), join(root, 'dist', 'deep')], 'only the folders the walk left out are read');
    readdir.mock.restore();
    assert.deepEqual(host.listFiles([folder], 3), outsideCapped, 'a capped list keeps the same files');
  });
  assert.ok(
    outside.includes(uri(join(root, 'dist', 'deep', 'more.js'))) && !outside.some((u) => u.includes('node_modules') || u.includes('linked-docs') || u.includes('guide-link')),
    outside.join('\n'),
  );
});
