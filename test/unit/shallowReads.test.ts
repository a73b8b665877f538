/**
 * What a cached analysis or closed-file report depends on when it only asked whether a path
 * exists, or only listed a folder (lsp/documentCache.ts `recordingHost`, `touches`): a file
 * created or changed below a path found to exist cannot change that answer (a repository's
 * `.git`, whose `index` changes with every `git add`), nor one inside a folder a listing held (a
 * root CLAUDE.md's missing import lists the workspace folder for a name in other letter case), so
 * the value is kept; a new name in the listed folder, a deletion below either, and a change to the
 * path itself or a folder above it count as before.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { InMemoryHost } from '../../server/src/core/workspace/host';
import { recordingHost, touches } from '../../server/src/lsp/documentCache';
import { DocumentStore } from '../../server/src/lsp/documents';
import { createProviders } from '../../server/src/lsp/formats/registry';
import { ClosedReports } from '../../server/src/lsp/workspaceDiagnostics';
import { formatContext } from '../helpers/formatContext';

test('a path only found to exist, or a folder only listed, is shallow; one not found, or also read, is not', () => {
  const host = new InMemoryHost({ 'file:///ws/.git/HEAD': 'ref', 'file:///ws/a.md': 'x', 'file:///ws/docs/b.md': 'y' });
  const reads = new Set<string>();
  const shallow = new Map<string, ReadonlySet<string> | null>();
  const h = recordingHost(host, reads, shallow);
  assert.equal(h.isDirectory('file:///ws/.git'), true);
  assert.equal(h.exists('file:///ws/missing'), false);
  h.exists('file:///ws/a.md');
  h.readText('file:///ws/a.md');
  h.readText('file:///ws/.git/HEAD');
  h.exists('file:///ws/.git/HEAD');
  h.exists('file:///ws/docs');
  h.readDirectory('file:///ws/docs');
  assert.deepEqual(
    [...shallow].map(([u, names]) => [u, names && [...names]]),
    [
      ['file:///ws/.git', null],
      ['file:///ws/docs', ['b.md']],
    ],
  );
  assert.deepEqual([...reads].sort(), ['file:///ws/.git', 'file:///ws/.git/HEAD', 'file:///ws/a.md', 'file:///ws/docs', 'file:///ws/missing']);
});

test('below a present path only a deletion counts; the path itself and the folders above it always do', () => {
  const git = 'file:///ws/.git';
  assert.equal(touches(git, 'file:///ws/.git/index', null, false), false);
  assert.equal(touches(git, 'file:///ws/.git/index', null, true), true);
  assert.equal(touches(git, git, null, false), true);
  assert.equal(touches(git, 'file:///ws', null, false), true);
  // A path read otherwise, or not found, counts every change below it.
  assert.equal(touches(git, 'file:///ws/.git/index', undefined, false), true);
});

test('below a listed folder, a change inside a folder it held keeps the value; a new name or a name in it does not', () => {
  const ws = 'file:///ws';
  const names = new Set(['src', 'my docs', 'AGENTS.md']);
  assert.equal(touches(ws, 'file:///ws/src/app.ts', names, false), false);
  assert.equal(touches(ws, 'file:///ws/my%20docs/a/b.md', names, false), false);
  // A name directly in the folder (created, changed or deleted), a new folder's file, a deletion below.
  assert.equal(touches(ws, 'file:///ws/agents.md', names, false), true);
  assert.equal(touches(ws, 'file:///ws/AGENTS.md', names, false), true);
  assert.equal(touches(ws, 'file:///ws/lib/x.ts', names, false), true);
  assert.equal(touches(ws, 'file:///ws/src/app.ts', names, true), true);
});

test("an open skill's analysis outlives a git index change but not a deletion in .git", () => {
  const skill = 'file:///ws/skills/pdf/SKILL.md';
  // A missing file: the reference check then asks where the repository's root is (its `.git`).
  const text = '---\nname: pdf\ndescription: Reads PDF files. Use when the user asks about a PDF.\n---\n# PDF\n\nSee [the reference](reference.md) and [the forms](forms.md).\n';
  const host = new InMemoryHost({ [skill]: text, 'file:///ws/skills/pdf/reference.md': '# Ref\n', 'file:///ws/.git/HEAD': 'ref: refs/heads/main\n' });
  const store = new DocumentStore();
  const p = createProviders(store).skill!;
  const ctx = formatContext(host, store, () => []);
  const doc = store.open(skill, 'markdown', 1, text);
  p.diagnostics(doc, ctx);
  assert.equal(store.stats.get('skill'), 1);
  const [slot] = doc.cache!.values();
  assert.equal(slot!.shallow.get('file:///ws/.git'), null, [...slot!.reads].join());
  assert.equal(store.filesChanged(['file:///ws/.git/index'], false), false);
  p.diagnostics(doc, ctx);
  assert.equal(store.stats.get('skill'), 1);
  assert.equal(store.filesChanged(['file:///ws/.git/index'], true), true);
  p.diagnostics(doc, ctx);
  assert.equal(store.stats.get('skill'), 2);
});

test('a root CLAUDE.md whose missing import lists the workspace folder keeps its analysis while files change in its folders, not when a name appears', () => {
  const claude = 'file:///ws/CLAUDE.md';
  const text = '# Project\n\n@agents.md\n';
  const host = new InMemoryHost({ [claude]: text, 'file:///ws/src/app.ts': '', 'file:///ws/AGENTS.md': '# Agents\n' });
  const store = new DocumentStore();
  const p = createProviders(store).instructions!;
  // The index and the list of workspace files stay the same objects, as in the server while no file is created or deleted.
  const index = Object.freeze([]);
  const files = Object.freeze([...host.files.keys()]);
  const ctx = { ...formatContext(host, store, () => index), workspaceFiles: () => files };
  const doc = store.open(claude, 'markdown', 1, text);
  const first = p.diagnostics(doc, ctx);
  assert.match(first.map((d) => d.message).join(), /AGENTS\.md/, 'the import names the file in other letter case');
  const count = () => store.stats.get('instructions');
  const before = count();
  assert.equal(store.filesChanged(['file:///ws/src/app.ts'], false), false);
  p.diagnostics(doc, ctx);
  assert.equal(count(), before);
  host.files.set('file:///ws/agents.md', '# lower\n');
  assert.equal(store.filesChanged(['file:///ws/agents.md'], false), true);
  assert.ok(!p.diagnostics(doc, ctx).some((d) => d.code === 'instructions-import-missing'));
});

test("a closed file's report outlives a change below a path it only found to exist, and not one below a path it read", () => {
  const reports = new ClosedReports(
    (uri) => ({ diagnostics: [], reads: new Set([uri, 'file:///ws/.git', 'file:///ws/docs']), shallow: new Map([['file:///ws/.git', null]]) }),
    () => '',
  );
  const uri = 'file:///ws/CLAUDE.md';
  reports.report(uri);
  assert.equal(reports.filesChanged(['file:///ws/.git/index']), false);
  reports.report(uri);
  assert.equal(reports.checked, 1);
  assert.equal(reports.filesChanged(['file:///ws/docs/new.md']), true);
  reports.report(uri);
  assert.equal(reports.checked, 2);
  assert.equal(reports.filesChanged(['file:///ws/.git/index'], true), true);
  reports.report(uri);
  assert.equal(reports.checked, 3);
});
