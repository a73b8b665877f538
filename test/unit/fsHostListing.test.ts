/**
 * The folder listings the Node host holds for one check (`duringCheck`, server/src/node/fsHost.ts):
 * a file missing from its folder's listing is missing without a lookup of its own, and nothing
 * held outlives the check, so a file created after it is found by the next.
 */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { URI } from 'vscode-uri';
import { NodeFsHost } from '../../server/src/node/fsHost';
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
