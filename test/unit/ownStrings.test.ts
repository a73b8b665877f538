/**
 * Index entries outlive the texts they are read from: `ownStrings` copies their strings out of
 * those texts, so a kept description no longer keeps its whole file in memory. The memory is
 * measured after a full garbage collection: a file's text is hundreds of kilobytes here, its
 * kept piece a few hundred bytes.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { URI } from 'vscode-uri';
import { ownStrings } from '../../server/src/core/text/ownStrings';
import { WorkspaceIndex } from '../../server/src/lsp/workspace';
import { NodeWorkspaceFs } from '../../server/src/node/workspaceFs';
import type { IndexedFile } from '../../server/src/core/workspace/indexTypes';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** The heap in use after a full collection, in MB. */
function heapMb(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed / 1e6;
}

/** A text of about 600 KB in memory (two bytes a character: it is not Latin-1). */
const bigText = (i: number) => `---\nname: skill-${i}\ndescription: Reads ${i} files — and writes none of them back.\n---\n${'Body line ✓.\n'.repeat(25_000)}`;
const cutDescription = (text: string) => text.slice(text.indexOf('description: ') + 13, text.indexOf('\n---\n'));

test('a copy has the same value as the data it was made from, and keeps what is not plain data as it is', () => {
  class Tool {
    constructor(readonly name: string) {}
  }
  const tool = new Tool('a tool of a long enough name');
  const text = 'x'.repeat(40) + 'a description long enough to be a view';
  const value = {
    uri: 'file:///ws/skills/a/SKILL.md',
    short: 'abc',
    description: text.slice(40),
    n: 3,
    none: null,
    missing: undefined,
    flags: [true, false],
    skills: [{ name: text.slice(0, 20), deps: [{ name: 'b', z: 1 }], range: { start: { line: 0, character: 1 }, end: { line: 0, character: 9 } } }],
    tool,
  };
  const copy = ownStrings(value);
  assert.deepEqual(copy, value);
  assert.notEqual(copy, value);
  assert.notEqual(copy.skills[0], value.skills[0]);
  assert.equal(copy.tool, tool);
  assert.equal(ownStrings('a plain string of some length'), 'a plain string of some length');
  assert.equal(ownStrings(null), null);
});

test('pieces copied out of large texts let the texts be collected', () => {
  const before = heapMb();
  const kept = Array.from({ length: 40 }, (_, i) => ownStrings({ description: cutDescription(bigText(i)) }));
  const grown = heapMb() - before;
  assert.equal(kept[7]!.description, 'Reads 7 files — and writes none of them back.');
  // 40 texts of 600 KB each: 24 MB if the pieces kept them.
  assert.ok(grown < 4, `the heap grew by ${grown.toFixed(1)} MB`);
});

test('the workspace index keeps no file text: a description cut from the text leaves the text to the collector', async () => {
  const root = mkdtempSync(join(tmpdir(), 'agent-files-own-strings-'));
  try {
    for (let i = 0; i < 40; i++) {
      mkdirSync(join(root, 'skills', `s${i}`), { recursive: true });
      writeFileSync(join(root, 'skills', `s${i}`, 'SKILL.md'), bigText(i));
    }
    const index = new WorkspaceIndex(new NodeWorkspaceFs());
    // As the skill provider does: the description is a piece of the file's text.
    index.summarize = (uri, text): IndexedFile => ({
      uri,
      kind: 'skill',
      name: 'a',
      isAgent: false,
      identity: null,
      skills: [],
      errors: 0,
      warnings: 0,
      description: cutDescription(text),
    });
    const before = heapMb();
    await index.scan([URI.file(root).toString()], () => undefined);
    const grown = heapMb() - before;
    const files = index.files();
    assert.equal(files.length, 40);
    assert.ok(files.every((f) => /^Reads \d+ files — and writes none of them back\.$/.test(f.description ?? '')));
    assert.ok(grown < 4, `the index grew the heap by ${grown.toFixed(1)} MB`);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
