/**
 * What a cached analysis or closed-file report depends on when it only asked whether a path
 * exists (lsp/documentCache.ts `recordingHost`, `touches`): a file created or changed below a
 * path found to exist cannot change that answer (a repository's `.git`, whose `index` changes
 * with every `git add`), so it keeps the value; a deletion below it may be the path's own, and a
 * change to the path itself or a folder above it counts as before.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { InMemoryHost } from '../../server/src/core/workspace/host';
import { recordingHost, touches } from '../../server/src/lsp/documentCache';
import { DocumentStore } from '../../server/src/lsp/documents';
import { createProviders } from '../../server/src/lsp/formats/registry';
import { ClosedReports } from '../../server/src/lsp/workspaceDiagnostics';
import { formatContext } from '../helpers/formatContext';

test('a path only found to exist is present; one not found, or also read, is not', () => {
  const host = new InMemoryHost({ 'file:///ws/.git/HEAD': 'ref', 'file:///ws/a.md': 'x' });
  const reads = new Set<string>();
  const present = new Set<string>();
  const h = recordingHost(host, reads, present);
  assert.equal(h.isDirectory('file:///ws/.git'), true);
  assert.equal(h.exists('file:///ws/missing'), false);
  h.exists('file:///ws/a.md');
  h.readText('file:///ws/a.md');
  h.readText('file:///ws/.git/HEAD');
  h.exists('file:///ws/.git/HEAD');
  assert.deepEqual([...present], ['file:///ws/.git']);
  assert.deepEqual([...reads].sort(), ['file:///ws/.git', 'file:///ws/.git/HEAD', 'file:///ws/a.md', 'file:///ws/missing']);
});

test('below a present path only a deletion counts; the path itself and the folders above it always do', () => {
  const git = 'file:///ws/.git';
  assert.equal(touches(git, 'file:///ws/.git/index', true, false), false);
  assert.equal(touches(git, 'file:///ws/.git/index', true, true), true);
  assert.equal(touches(git, git, true, false), true);
  assert.equal(touches(git, 'file:///ws', true, false), true);
  // A path read otherwise, or not found, counts every change below it.
  assert.equal(touches(git, 'file:///ws/.git/index', false, false), true);
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
  assert.ok(slot!.present.has('file:///ws/.git'), [...slot!.reads].join());
  assert.equal(store.filesChanged(['file:///ws/.git/index'], false), false);
  p.diagnostics(doc, ctx);
  assert.equal(store.stats.get('skill'), 1);
  assert.equal(store.filesChanged(['file:///ws/.git/index'], true), true);
  p.diagnostics(doc, ctx);
  assert.equal(store.stats.get('skill'), 2);
});

test("a closed file's report outlives a change below a path it only found to exist, and not one below a path it read", () => {
  const reports = new ClosedReports(
    (uri) => ({ diagnostics: [], reads: new Set([uri, 'file:///ws/.git', 'file:///ws/docs']), present: new Set(['file:///ws/.git']) }),
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
