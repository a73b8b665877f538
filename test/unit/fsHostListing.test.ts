/**
 * The folder listings the Node host holds for one check (`duringCheck`, server/src/node/fsHost.ts):
 * a file missing from its folder's listing is missing without a lookup of its own, and nothing
 * held outlives the check, so a file created after it is found by the next (but for one run's
 * host, the CLI's, which keeps them for the run).
 */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import nodeFs from 'node:fs';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { URI } from 'vscode-uri';
import { NodeFsHost, type WalkedFolder } from '../../server/src/node/fsHost';
import { walkFiles } from '../../server/src/node/walk';
import { duringCheck } from '../../server/src/core/workspace/host';

const base = realpathSync(mkdtempSync(join(tmpdir(), 'agent-files-listing-')));
after(() => rmSync(base, { recursive: true, force: true }));

let n = 0;
/** A workspace folder `ws` holding `docs/a.md`, and a sibling `outside` folder. */
function tree(): { root: string; outside: string; host: NodeFsHost } {
  const dir = join(base, `case-${n++}`);
  const root = join(dir, 'ws');
  const outside = join(dir, 'outside');
  mkdirSync(join(root, 'docs'), { recursive: true });
  mkdirSync(outside, { recursive: true });
  writeFileSync(join(root, 'docs', 'a.md'), 'A');
  writeFileSync(join(outside, 'secret.md'), 'SECRET');
  return { root, outside, host: new NodeFsHost([root]) };
}
const uri = (p: string) => URI.file(p).toString();

test('during a check, a file in its folder is found and one missing from it is missing', () => {
  const { root, host } = tree();
  duringCheck(host, () => {
    assert.equal(host.exists(uri(join(root, 'docs', 'a.md'))), true);
    assert.equal(host.readText(uri(join(root, 'docs', 'a.md'))), 'A');
    assert.equal(host.exists(uri(join(root, 'docs', 'b.md'))), false);
    assert.equal(host.readText(uri(join(root, 'docs', 'b.md'))), undefined);
    assert.equal(host.linkOutside(uri(join(root, 'docs', 'b.md'))), undefined);
    assert.equal(host.exists(uri(join(root, 'nowhere', 'c.md'))), false);
  });
});

test('a file created after a check is found by the next check, and outside any check', () => {
  const { root, host } = tree();
  const b = uri(join(root, 'docs', 'b.md'));
  assert.equal(
    duringCheck(host, () => host.exists(b)),
    false,
  );
  writeFileSync(join(root, 'docs', 'b.md'), 'B');
  assert.equal(host.exists(b), true, 'outside a check');
  assert.deepEqual(
    duringCheck(host, () => [host.exists(b), host.readText(b)]),
    [true, 'B'],
  );
});

test('the listing goes with the outermost check: a nested check ending leaves it, the outer one ending drops it', () => {
  const { root, host } = tree();
  const b = uri(join(root, 'docs', 'b.md'));
  duringCheck(host, () => {
    assert.equal(host.exists(b), false);
    duringCheck(host, () => assert.equal(host.exists(b), false));
    writeFileSync(join(root, 'docs', 'b.md'), 'B');
    assert.equal(host.exists(b), false, 'the outer check still holds the listing it made');
  });
  assert.equal(
    duringCheck(host, () => host.exists(b)),
    true,
  );
});

test('during a check, a missing file below a folder link that leads outside is still reported through that link, and nothing outside is read', () => {
  const { root, outside, host } = tree();
  symlinkSync(outside, join(root, 'out'));
  duringCheck(host, () => {
    assert.equal(host.exists(uri(join(root, 'out', 'secret.md'))), false);
    assert.equal(host.readText(uri(join(root, 'out', 'secret.md'))), undefined);
    assert.equal(host.exists(uri(join(root, 'out', 'missing.md'))), false);
    assert.equal(host.linkOutside(uri(join(root, 'out', 'missing.md'))), uri(join(root, 'out')));
  });
});

test('during a check, an open buffer whose file is not on disk exists', () => {
  const { root, host } = tree();
  const b = uri(join(root, 'docs', 'b.md'));
  host.overlay = (u) => (u === b ? 'buffer' : undefined);
  duringCheck(host, () => {
    assert.equal(host.exists(b), true);
    assert.equal(host.readText(b), 'buffer');
  });
});

test('during a check the answer for each path is held: a file deleted inside it still exists until the check ends', () => {
  const { root, host } = tree();
  const a = uri(join(root, 'docs', 'a.md'));
  duringCheck(host, () => {
    assert.equal(host.exists(a), true);
    rmSync(join(root, 'docs', 'a.md'));
    assert.equal(host.exists(a), true, 'held for the check');
  });
  assert.equal(host.exists(a), false, 'nothing held after it');
});

test('a folder asked of once is not listed: a file created in it after that first lookup is still found in the same check', () => {
  const { root, host } = tree();
  duringCheck(host, () => {
    assert.equal(host.exists(uri(join(root, 'docs', 'a.md'))), true);
    writeFileSync(join(root, 'docs', 'late.md'), 'L');
    // The second lookup in the folder lists it, and the listing has the new file.
    assert.equal(host.readText(uri(join(root, 'docs', 'late.md'))), 'L');
  });
});

test("one run's host (rememberLookups, the CLI's) keeps its listings across checks: a folder is listed once for the run", () => {
  const { root } = tree();
  const host = new NodeFsHost([root], { rememberLookups: true });
  // The second path asked of a folder lists it (the first is looked up on its own).
  duringCheck(host, () => assert.equal(host.exists(uri(join(root, 'docs', 'c.md'))), false));
  duringCheck(host, () => assert.equal(host.exists(uri(join(root, 'docs', 'b.md'))), false));
  // The CLI checks a tree that does not change under it: a later check reads the same listing.
  writeFileSync(join(root, 'docs', 'b.md'), 'B');
  duringCheck(host, () => assert.equal(host.exists(uri(join(root, 'docs', 'b.md'))), false));
  duringCheck(host, () => assert.equal(host.exists(uri(join(root, 'docs', 'a.md'))), true));
});

test("one run's host places each path from its folder's real location: no realpath per file", (t) => {
  const { root } = tree();
  for (let i = 0; i < 30; i++) {
    mkdirSync(join(root, 'skills', `s${i}`), { recursive: true });
    writeFileSync(join(root, 'skills', `s${i}`, 'SKILL.md'), 'S');
  }
  const host = new NodeFsHost([root], { rememberLookups: true });
  const realpath = t.mock.method(fs.realpathSync, 'native');
  for (let i = 0; i < 30; i++) {
    assert.equal(host.exists(uri(join(root, 'skills', `s${i}`, 'SKILL.md'))), true);
    assert.equal(host.readText(uri(join(root, 'skills', `s${i}`, 'SKILL.md'))), 'S');
    assert.equal(host.exists(uri(join(root, 'skills', `s${i}`, 'scripts', 'run.py'))), false);
  }
  // The workspace folder and the top of the tree, at most: every file below is placed from them.
  assert.ok(realpath.mock.callCount() <= 2, `${realpath.mock.callCount()} realpath calls`);
});

test('during a check, the paths below links are placed as outside a check: links to inside and outside, a chain, a dangling link, a loop', () => {
  const { root, outside, host } = tree();
  mkdirSync(join(root, 'real', 'deep'), { recursive: true });
  writeFileSync(join(root, 'real', 'deep', 'x.md'), 'X');
  symlinkSync(join(root, 'real'), join(root, 'in'));
  symlinkSync(join(root, 'in'), join(root, 'chain'));
  symlinkSync(outside, join(root, 'out'));
  symlinkSync(join(root, 'gone'), join(root, 'dangling'));
  symlinkSync(join(root, 'loop-b'), join(root, 'loop-a'));
  symlinkSync(join(root, 'loop-a'), join(root, 'loop-b'));
  writeFileSync(join(root, 'docs', 'file'), 'F');
  const paths = [
    ['in', 'deep', 'x.md'],
    ['chain', 'deep', 'x.md'],
    ['chain', 'deep', 'missing', 'y.md'],
    ['out', 'secret.md'],
    ['out', 'nested', 'missing.md'],
    ['dangling', 'y.md'],
    ['loop-a', 'z.md'],
    ['docs', 'file', 'below-a-file.md'],
    ['real', 'deep', 'x.md'],
  ].map((parts) => uri(join(root, ...parts)));
  const ask = () => paths.map((u) => [u, host.exists(u), host.readText(u), host.linkOutside(u), host.pathOf(u)]);
  const outsideCheck = ask();
  // Twice inside one check: the second time every folder is held.
  assert.deepEqual(
    duringCheck(host, () => [ask(), ask()]),
    [outsideCheck, outsideCheck],
  );
  assert.deepEqual(
    outsideCheck.slice(0, 2).map((r) => r[2]),
    ['X', 'X'],
  );
  assert.equal(outsideCheck[3]![2], undefined, 'nothing outside is read');
});

/** The listings a walk of `root` makes, as the CLI hands them to its host. */
function walkedListings(root: string): Map<string, WalkedFolder> {
  const listings = new Map<string, WalkedFolder>();
  walkFiles(root, () => true, { listed: (dir, folder) => listings.set(dir, folder) });
  return listings;
}

test("one run's host told the walk's listings answers as one that was not, links and all", () => {
  const { root, outside } = tree();
  mkdirSync(join(root, 'real', 'deep'), { recursive: true });
  writeFileSync(join(root, 'real', 'deep', 'x.md'), 'X');
  mkdirSync(join(root, 'node_modules', 'pkg'), { recursive: true });
  writeFileSync(join(root, 'node_modules', 'pkg', 'index.md'), 'N');
  symlinkSync(join(root, 'real'), join(root, 'in'));
  symlinkSync(outside, join(root, 'out'));
  symlinkSync(join(root, 'gone'), join(root, 'dangling'));
  writeFileSync(join(root, 'docs', 'file'), 'F');
  const paths = [
    ['docs', 'a.md'],
    ['docs', 'b.md'],
    ['docs', 'scripts', 'run.py'],
    ['in', 'deep', 'x.md'],
    ['in', 'deep', 'y.md'],
    ['out', 'secret.md'],
    ['out', 'missing.md'],
    ['dangling', 'y.md'],
    ['docs', 'file', 'below-a-file.md'],
    ['node_modules', 'pkg', 'index.md'],
    ['nowhere', 'deep', 'z.md'],
  ].map((parts) => uri(join(root, ...parts)));
  const ask = (host: NodeFsHost) => paths.map((u) => [u, host.exists(u), host.readText(u), host.linkOutside(u), host.pathOf(u)]);
  const told = new NodeFsHost([root], { rememberLookups: true });
  told.knowListings(walkedListings(root));
  assert.deepEqual(ask(told), ask(new NodeFsHost([root], { rememberLookups: true })));
});

test("one run's host told the walk's listings asks the disk nothing of a file missing from a walked folder, or below a folder missing from one", (t) => {
  const { root } = tree();
  const host = new NodeFsHost([root], { rememberLookups: true });
  host.knowListings(walkedListings(root));
  const readdir = t.mock.method(nodeFs, 'readdirSync');
  const lstat = t.mock.method(nodeFs, 'lstatSync');
  const exists = t.mock.method(nodeFs, 'existsSync');
  assert.equal(host.exists(uri(join(root, 'docs', 'b.md'))), false);
  assert.equal(host.exists(uri(join(root, 'docs', 'scripts', 'run.py'))), false);
  assert.equal(host.readText(uri(join(root, '.claude-plugin', 'marketplace.json'))), undefined);
  assert.deepEqual([readdir.mock.callCount(), lstat.mock.callCount(), exists.mock.callCount()], [0, 0, 0]);
  assert.equal(host.readText(uri(join(root, 'docs', 'a.md'))), 'A', 'a file the walk listed is still read');
});

test("one run's host told the walk's listings places a file the walk listed without a lookup; a link in a walked folder is still followed", (t) => {
  const { root, outside } = tree();
  writeFileSync(join(outside, 'secret.md'), 'S');
  symlinkSync(join(outside, 'secret.md'), join(root, 'docs', 'leak.md'));
  const host = new NodeFsHost([root], { rememberLookups: true });
  host.knowListings(walkedListings(root));
  // The folders above the root are placed first, as for any path.
  assert.equal(host.pathOf(uri(root)), root);
  const lstat = t.mock.method(nodeFs, 'lstatSync');
  assert.equal(host.readText(uri(join(root, 'docs', 'a.md'))), 'A');
  assert.equal(lstat.mock.callCount(), 0, 'the listings say docs and docs/a.md are there and not links');
  assert.equal(host.readText(uri(join(root, 'docs', 'leak.md'))), undefined, 'the link leads outside the root');
  assert.ok(lstat.mock.callCount() > 0, 'the link was looked at');
});

test('a host for more than one run (the server) takes no listings from a walk', () => {
  const { root, host } = tree();
  host.knowListings(walkedListings(root));
  writeFileSync(join(root, 'docs', 'b.md'), 'B');
  assert.equal(
    duringCheck(host, () => host.exists(uri(join(root, 'docs', 'b.md')))),
    true,
  );
});
