import { test } from 'node:test';
import assert from 'node:assert/strict';
import { InMemoryHost } from '../../server/src/core/workspace/host';
import { instructionsInEffect, type InstructionEntry } from '../../server/src/core/instructions';
import { readCursorRuleFrontmatter } from '../../server/src/core/instructions/cursorEffect';
import { joinLines } from '../helpers/markers';

const W = 'file:///ws';

function chainOf(client: string, file: string, files: Record<string, string>) {
  const entries: InstructionEntry[] = Object.keys(files)
    .filter((p) => /(^|\/)(AGENTS|CLAUDE)\.md$/.test(p))
    .map((p) => ({ uri: `${W}/${p}`, variant: p.endsWith('AGENTS.md') ? 'agents-md' : 'claude-md' }));
  const host = new InMemoryHost(Object.fromEntries(Object.entries(files).map(([p, t]) => [`${W}/${p}`, t])));
  const c = instructionsInEffect(`${W}/${file}`, W, entries, host).find((x) => x.client === client);
  assert.ok(c, `no ${client} part`);
  return c.items.map((i) => ({ path: i.uri.slice(W.length + 1), why: i.why }));
}
const paths = (items: { path: string }[]) => items.map((i) => i.path);

test('OpenCode loads every AGENTS.md from the session folder up to the root, the nearest first', () => {
  const files = { 'AGENTS.md': 'root', 'packages/AGENTS.md': 'pkg', 'packages/web/AGENTS.md': 'web', 'packages/web/CLAUDE.md': 'c', 'packages/api/AGENTS.md': 'api' };
  assert.deepEqual(paths(chainOf('OpenCode', 'packages/web/src/x.ts', files)), ['packages/web/AGENTS.md', 'packages/AGENTS.md', 'AGENTS.md']);
});

test('OpenCode reads CLAUDE.md only when no AGENTS.md is anywhere on the way up', () => {
  assert.deepEqual(paths(chainOf('OpenCode', 'src/x.ts', { 'CLAUDE.md': 'c', 'src/CLAUDE.md': 'd' })), ['src/CLAUDE.md', 'CLAUDE.md']);
  assert.deepEqual(paths(chainOf('OpenCode', 'src/x.ts', { 'CLAUDE.md': 'c', 'src/AGENTS.md': 'a' })), ['src/AGENTS.md']);
});

test('OpenCode adds the files opencode.json lists under instructions, and says which it cannot expand', () => {
  const files = {
    'AGENTS.md': 'root',
    'docs/style.md': 'style',
    'opencode.json': JSON.stringify({ instructions: ['docs/style.md', 'AGENTS.md', '.cursor/rules/*.md', 'https://example.com/r.md', 'gone.md'] }),
  };
  const items = chainOf('OpenCode', 'src/x.ts', files);
  assert.deepEqual(paths(items), ['AGENTS.md', 'docs/style.md', 'opencode.json', 'opencode.json', 'opencode.json']);
  assert.match(items[2]!.why, /pattern or path '\.cursor\/rules\/\*\.md', not expanded/);
  assert.match(items[3]!.why, /fetched/);
  assert.match(items[4]!.why, /'gone\.md' is not found/);
});

test('Cursor applies the root AGENTS.md everywhere and a nested one inside its folder only', () => {
  const files = { 'AGENTS.md': 'root', 'api/AGENTS.md': 'api', 'web/AGENTS.md': 'web' };
  assert.deepEqual(paths(chainOf('Cursor', 'api/x.ts', files)), ['AGENTS.md', 'api/AGENTS.md']);
  assert.deepEqual(paths(chainOf('Cursor', 'README.md', files)), ['AGENTS.md']);
});

test('Cursor rules apply by alwaysApply, by matching globs, or are offered by description; manual rules are not loaded', () => {
  const rule = (...lines: string[]) => joinLines('---', ...lines, '---', 'Body.');
  const files = {
    '.cursorrules': 'legacy',
    '.cursor/rules/always.mdc': rule('alwaysApply: true'),
    '.cursor/rules/ts.mdc': rule('globs: src/**/*.ts, lib/**/*.ts', 'alwaysApply: false'),
    '.cursor/rules/py.mdc': rule('globs: **/*.py'),
    '.cursor/rules/db/migrations.mdc': rule('description: How to write a migration'),
    '.cursor/rules/manual.mdc': rule('alwaysApply: false'),
    '.cursor/rules/notes.txt': 'not a rule',
    'web/.cursor/rules/web.mdc': rule('alwaysApply: true'),
  };
  const items = chainOf('Cursor', 'src/a/x.ts', files);
  assert.deepEqual(paths(items), ['.cursorrules', '.cursor/rules/always.mdc', '.cursor/rules/db/migrations.mdc', '.cursor/rules/ts.mdc']);
  assert.match(items[2]!.why, /only if the agent asks/);
  assert.equal(items[3]!.why, "globs matches 'src/**/*.ts'");
  // A .cursor/rules folder below the root applies to its own folder, its globs relative to it.
  assert.ok(paths(chainOf('Cursor', 'web/page.tsx', files)).includes('web/.cursor/rules/web.mdc'));
});

test("Cursor's rule frontmatter is read line by line: unquoted globs that YAML rejects, lists, and a quoted 'true' that is not alwaysApply", () => {
  assert.deepEqual(readCursorRuleFrontmatter(joinLines('---', 'globs: **/*.js, **/*.ts', '---')).globs, ['**/*.js', '**/*.ts']);
  assert.deepEqual(readCursorRuleFrontmatter(joinLines('---', 'globs:', '  - "a/**"', "  - 'b/*.md'", 'alwaysApply: "true"', '---')), {
    alwaysApply: false,
    globs: ['a/**', 'b/*.md'],
  });
  assert.deepEqual(readCursorRuleFrontmatter('No frontmatter, alwaysApply: true'), { alwaysApply: false, globs: [] });
});

test("Claude Code's chain lists each @import right after the file that makes it, up to 4 hops, each file once", () => {
  const files: Record<string, string> = {
    'CLAUDE.md': 'Read @docs/a.md and @docs/missing.md and @~/private.md.',
    'docs/a.md': 'See @b.md.',
    'docs/b.md': 'See @c.md and @a.md.',
    'docs/c.md': 'See @d.md.',
    'docs/d.md': 'See @e.md.',
    'docs/e.md': 'Too deep.',
    'src/CLAUDE.md': 'Also @../docs/b.md.',
  };
  const entries: InstructionEntry[] = [
    { uri: `${W}/CLAUDE.md`, variant: 'claude-md' },
    { uri: `${W}/src/CLAUDE.md`, variant: 'claude-md' },
  ];
  const host = new InMemoryHost(Object.fromEntries(Object.entries(files).map(([p, t]) => [`${W}/${p}`, t])));
  const claude = instructionsInEffect(`${W}/src/x.ts`, W, entries, host).find((c) => c.client === 'Claude Code')!;
  assert.deepEqual(
    claude.items.map((i) => i.uri.slice(W.length + 1)),
    ['CLAUDE.md', 'docs/a.md', 'docs/b.md', 'docs/c.md', 'docs/d.md', 'src/CLAUDE.md'],
  );
  assert.equal(claude.items[1]!.why, 'imported by CLAUDE.md');
  assert.equal(claude.items[4]!.why, 'imported by c.md (4 hops from the chain)');
  // Every file of a chain without a cap carries its size.
  assert.deepEqual(
    claude.items.map((i) => i.bytes),
    ['CLAUDE.md', 'docs/a.md', 'docs/b.md', 'docs/c.md', 'docs/d.md', 'src/CLAUDE.md'].map((p) => Buffer.byteLength(files[p]!)),
  );
});

test('an opencode.json entry is a setting row, not a file in context: it has no size', () => {
  const items = instructionsInEffect(`${W}/x.ts`, W, [], new InMemoryHost({ [`${W}/opencode.json`]: '{"instructions": ["docs/*.md"]}' })).find(
    (c) => c.client === 'OpenCode',
  )!.items;
  assert.deepEqual(items, [{ uri: `${W}/opencode.json`, setting: true, why: "instructions: pattern or path 'docs/*.md', not expanded here" }]);
});
