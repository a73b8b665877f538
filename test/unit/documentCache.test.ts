/**
 * The per-document cache every format shares (lsp/documentCache.ts), on the document store
 * with the real providers and an in-memory workspace: one analysis per version for every
 * handler, a new one after an edit, and none kept past a change to a file it read.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { InMemoryHost } from '../../server/src/core/workspace/host';
import type { IndexedFile } from '../../server/src/core/workspace/indexTypes';
import { DocumentStore } from '../../server/src/lsp/documents';
import { WorkspaceIndex } from '../../server/src/lsp/workspace';
import { NodeWorkspaceFs } from '../../server/src/node/workspaceFs';
import { createProviders } from '../../server/src/lsp/formats/registry';
import type { FormatProvider } from '../../server/src/lsp/formats/provider';
import { formatContext } from '../helpers/formatContext';

const SKILL = 'file:///ws/skills/pdf/SKILL.md';
const REF = 'file:///ws/skills/pdf/reference.md';
const skillText = (name = 'pdf') => `---\nname: ${name}\ndescription: Reads PDF files. Use when the user asks about a PDF.\n---\n# PDF\n\nSee [the reference](reference.md).\n`;

function setup(files: Record<string, string> = {}) {
  const host = new InMemoryHost(files);
  const store = new DocumentStore();
  const providers = createProviders(store);
  let index: readonly IndexedFile[] = [];
  const ctx = formatContext(host, store, () => index);
  const provider = (kind: 'skill' | 'agent-md' | 'world'): FormatProvider => providers[kind]!;
  return { host, store, ctx, provider, setIndex: (f: IndexedFile[]) => void (index = Object.freeze(f)) };
}

const at = (line: number, character: number) => ({ line, character });
const codes = (ds: { code?: unknown }[]) => ds.map((d) => d.code);

test('a SKILL.md is analysed once for diagnostics, hover, completion and its index entry at one version, and again after an edit', () => {
  const { store, ctx, provider } = setup({ [REF]: '# Ref\n' });
  const p = provider('skill');
  const doc = store.open(SKILL, 'markdown', 1, skillText());
  p.diagnostics(doc, ctx);
  assert.ok(p.hover!(doc, at(1, 1), ctx), 'hover on the name key');
  assert.ok(p.completion!(doc, at(2, 0), ctx).length > 0, 'key completion in the frontmatter');
  p.summarizeOpen!(doc, ctx);
  p.dependents!(doc, ctx);
  p.diagnostics(doc, ctx);
  assert.equal(store.stats.get('skill'), 1);

  store.change(SKILL, 2, [{ range: { start: at(4, 5), end: at(4, 5) }, text: ' tools' }]);
  p.diagnostics(doc, ctx);
  p.hover!(doc, at(1, 1), ctx);
  assert.equal(store.stats.get('skill'), 2);
});

test('SKILL.md go to definition, document links and the outline parse one version once, and see an edit', () => {
  const { store, ctx, provider } = setup({ [REF]: '# Ref\n' });
  const p = provider('skill');
  const doc = store.open(SKILL, 'markdown', 1, skillText());
  const link = at(6, 20);
  const before = p.definition!(doc, link, ctx);
  assert.equal(before.length, 1);
  assert.equal(p.documentLinks!(doc, ctx).length, 1);
  assert.ok(p.documentSymbols!(doc, ctx).length > 0);
  p.definition!(doc, link, ctx);
  assert.equal(store.stats.get('skill-navigation'), 1);

  // The link moves one line down: the old position finds nothing, the new one the file.
  store.change(SKILL, 2, [{ range: { start: at(5, 0), end: at(5, 0) }, text: '\n' }]);
  assert.deepEqual(p.definition!(doc, link, ctx), []);
  assert.equal(p.definition!(doc, at(7, 20), ctx).length, 1);
  assert.equal(store.stats.get('skill-navigation'), 2);
});

test('creating a file a SKILL.md references drops its cached analysis: the missing-file warning goes', () => {
  // The skill's folder is on disk, as an open SKILL.md's is (the check of a link's letter case lists it).
  const { host, store, ctx, provider } = setup({ [SKILL]: skillText() });
  const p = provider('skill');
  const doc = store.open(SKILL, 'markdown', 1, skillText());
  assert.ok(codes(p.diagnostics(doc, ctx)).includes('skill-file-missing'));
  host.files.set(REF, '# Ref\n');
  // Another file changing keeps the analysis (it never read it) …
  store.filesChanged(['file:///ws/other/notes.md']);
  p.diagnostics(doc, ctx);
  assert.equal(store.stats.get('skill'), 1);
  // … the referenced one drops it.
  store.filesChanged([REF]);
  assert.ok(!codes(p.diagnostics(doc, ctx)).includes('skill-file-missing'));
  assert.equal(store.stats.get('skill'), 2);
});

test('deleting the folder of a referenced file drops the analysis too', () => {
  const { host, store, ctx, provider } = setup({ [REF]: '# Ref\n' });
  const p = provider('skill');
  const doc = store.open(SKILL, 'markdown', 1, skillText());
  assert.ok(!codes(p.diagnostics(doc, ctx)).includes('skill-file-missing'));
  host.files.delete(REF);
  store.filesChanged(['file:///ws/skills/pdf']);
  assert.ok(codes(p.diagnostics(doc, ctx)).includes('skill-file-missing'));
});

test('a duplicate-name sibling renamed clears the warning although the first skill did not change', () => {
  const { store, ctx, provider } = setup();
  const p = provider('skill');
  // OpenCode reads both folders of one project.
  const mine = 'file:///ws/.opencode/skills/pdf/SKILL.md';
  const other = 'file:///ws/.agents/skills/pdf/SKILL.md';
  const a = store.open(mine, 'markdown', 1, skillText());
  store.open(other, 'markdown', 1, skillText().replace('# PDF', '# PDF, another copy'));
  assert.ok(codes(p.diagnostics(a, ctx)).includes('skill-duplicate-name'));
  store.change(other, 2, [{ range: { start: at(1, 6), end: at(1, 9) }, text: 'pdf-tools' }]);
  assert.ok(!codes(p.diagnostics(a, ctx)).includes('skill-duplicate-name'));
});

test('an AGENT.md is analysed once per version; its unknown parent is checked against the current agents', () => {
  const { store, ctx, provider, setIndex } = setup();
  const p = provider('agent-md');
  const uri = 'file:///ws/child/AGENT.md';
  const doc = store.open(uri, 'markdown', 1, '---\nname: child\ndescription: A child.\nextends: parent\n---\nBody\n');
  assert.ok(codes(p.diagnostics(doc, ctx)).includes('agent-extends-unresolved'));
  p.hover!(doc, at(1, 1), ctx);
  p.completion!(doc, at(1, 0), ctx);
  p.definition!(doc, at(3, 10), ctx);
  p.summarize!(uri, doc.doc.getText(), ctx);
  const parent = 'file:///ws/parent/AGENT.md';
  setIndex([{ uri: parent, kind: 'agent-md', name: 'parent', nameRange: { start: at(1, 6), end: at(1, 12) }, isAgent: false, identity: null, skills: [], errors: 0, warnings: 0 }]);
  assert.ok(!codes(p.diagnostics(doc, ctx)).includes('agent-extends-unresolved'));
  assert.equal(store.stats.get('agent-md'), 1);
});

const WORLD = 'file:///ws/.agent-world/world.json';
const PROMPT = 'file:///ws/.agent-world/prompts/writer.md';
/** A world whose writer hands off to a reviewer, or (`final`) ends the workflow. */
const worldText = (final: boolean) =>
  JSON.stringify(
    {
      agents: { writer: { promptPath: 'prompts/writer.md' }, reviewer: {} },
      workflow: { entry: 'a', nodes: { a: { agent: 'writer' }, b: { agent: 'reviewer' } }, edges: final ? {} : { a: ['b'] } },
    },
    null,
    2,
  );

test('a world prompt is analysed once per world and re-checked after world.json is edited', () => {
  const { store, ctx } = setup();
  const providers = createProviders(store);
  store.open(WORLD, 'json', 1, worldText(false));
  const doc = store.open(PROMPT, 'markdown', 1, 'Write.\n');
  const p = providers['world-prompt']!;
  assert.ok(!codes(p.diagnostics(doc, ctx)).includes('world-missing-stop-token'));
  p.diagnostics(doc, ctx);
  assert.equal(store.stats.get('world-prompt'), 1);
  store.change(WORLD, 2, [{ text: worldText(true) }]);
  assert.ok(codes(p.diagnostics(doc, ctx)).includes('world-missing-stop-token'));
  assert.equal(store.stats.get('world-prompt'), 2);
});

test('a cached analysis is frozen, and the one a handler holds stays as it was after an edit', () => {
  const { store, ctx } = setup();
  const p = createProviders(store)['world-prompt']!;
  store.open(WORLD, 'json', 1, worldText(false));
  const doc = store.open(PROMPT, 'markdown', 1, 'Write.\n');
  const held = p.diagnostics(doc, ctx);
  const snapshot = JSON.stringify(held);
  assert.throws(() => (held as unknown[]).push({}), TypeError);
  store.change(PROMPT, 2, [{ text: 'Write. Never call tools directly; reply with @reviewer when done.\n' }]);
  assert.notEqual(JSON.stringify(p.diagnostics(doc, ctx)), snapshot);
  assert.equal(JSON.stringify(held), snapshot);
});

test('the workspace index hands out one frozen, sorted file list per state and a new one after a change', () => {
  const index = new WorkspaceIndex(new NodeWorkspaceFs());
  const entry = (uri: string): IndexedFile => ({ uri, kind: 'skill', name: uri, isAgent: false, identity: null, skills: [], errors: 0, warnings: 0 });
  index.setOpen('file:///ws/b/SKILL.md', entry('file:///ws/b/SKILL.md'));
  index.setOpen('file:///ws/a/SKILL.md', entry('file:///ws/a/SKILL.md'));
  const first = index.files();
  assert.equal(index.files(), first);
  assert.ok(Object.isFrozen(first));
  assert.deepEqual(
    first.map((f) => f.uri),
    ['file:///ws/a/SKILL.md', 'file:///ws/b/SKILL.md'],
  );
  index.setOpen('file:///ws/a/SKILL.md', null);
  const second = index.files();
  assert.notEqual(second, first);
  assert.deepEqual(
    second.map((f) => f.uri),
    ['file:///ws/b/SKILL.md'],
  );
  assert.equal(first.length, 2, 'the list handed out before is unchanged');
});
