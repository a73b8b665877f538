/**
 * Value types of marketplace files (core/plugins/marketplaceShapes.ts): Claude Code refuses a
 * marketplace whose top-level values have another type (an error) and leaves out an entry whose
 * values do (a warning naming it); Codex drops the whole file on a field of the wrong type (an
 * error) and skips an entry whose source it cannot read (a warning).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzePluginManifest } from '../../server/src/core/plugins';
import { InMemoryHost } from '../../server/src/core/workspace/host';
import { joinLines } from '../helpers/markers';

const CLAUDE = 'file:///repo/.claude-plugin/marketplace.json';
const CODEX = 'file:///repo/.agents/plugins/marketplace.json';
const host = () => new InMemoryHost({ 'file:///repo/plugins/pdf/.claude-plugin/plugin.json': '{ "name": "pdf" }' });
const found = (text: string, uri: string) =>
  analyzePluginManifest(text, uri, host())
    .diagnostics.filter((d) => d.code === 'plugin-value-invalid' || d.code === 'plugin-missing-key')
    .map((d) => `${d.code}:${d.severity}@${d.range.start.line}`);
const messages = (text: string, uri: string) => analyzePluginManifest(text, uri, host()).diagnostics.map((d) => d.message);

test('Claude Code: a top-level name, owner or plugins of another type is an error: the marketplace does not load', () => {
  const text = joinLines('{', '  "name": 3,', '  "owner": "Me",', '  "plugins": {}', '}');
  assert.deepEqual(found(text, CLAUDE), ['plugin-value-invalid:error@1', 'plugin-value-invalid:error@2', 'plugin-value-invalid:error@3']);
  assert.match(messages(text, CLAUDE)[1]!, /`owner` must be an object, not text: Claude Code cannot load the marketplace/);
});

test('Claude Code: owner needs a name as text', () => {
  assert.deepEqual(found('{ "name": "t", "owner": { "email": "a@b" }, "plugins": [] }', CLAUDE), ['plugin-missing-key:error@0']);
  assert.deepEqual(found('{ "name": "t", "owner": { "name": 1 }, "plugins": [] }', CLAUDE), ['plugin-value-invalid:error@0']);
});

test('Claude Code: an entry value of another type is a warning naming the entry: the plugin is left out', () => {
  const text = joinLines(
    '{',
    '  "name": "t",',
    '  "owner": { "name": "Me" },',
    '  "plugins": [',
    '    "pdf",',
    '    { "name": "pdf", "source": 3 },',
    '    { "name": "fmt", "source": { "repo": "me/fmt" }, "version": 1, "author": "Me", "strict": "no", "tags": "x" },',
    '    { "name": 7, "source": "./plugins/pdf" }',
    '  ]',
    '}',
  );
  assert.deepEqual(found(text, CLAUDE), [
    'plugin-value-invalid:warning@4',
    'plugin-value-invalid:warning@5',
    'plugin-value-invalid:warning@6',
    'plugin-value-invalid:warning@6',
    'plugin-value-invalid:warning@6',
    'plugin-value-invalid:warning@6',
    'plugin-value-invalid:warning@6',
    'plugin-value-invalid:warning@7',
  ]);
  const ms = messages(text, CLAUDE);
  assert.match(ms[1]!, /`source` of the plugin entry 'pdf' must be a path or an object, not a number: Claude Code leaves this plugin out/);
  assert.match(ms[2]!, /source object of the plugin entry 'fmt' has no `source` naming its kind/);
  assert.match(ms[7]!, /`name` of the plugin entry #4 must be text/);
});

test('Claude Code: well-typed entries of every source form get no type finding', () => {
  const text = joinLines(
    '{',
    '  "name": "t",',
    '  "owner": { "name": "Me" },',
    '  "plugins": [',
    '    { "name": "pdf", "source": "./plugins/pdf", "strict": false, "tags": ["a"], "category": "x", "hooks": {}, "skills": ["./s"] },',
    '    { "name": "fmt", "source": { "source": "git-subdir", "url": "https://x", "path": "p" }, "author": { "name": "Me" } }',
    '  ]',
    '}',
  );
  assert.deepEqual(found(text, CLAUDE), []);
});

test('Codex: interface, category, policy and policy.products of another type are errors: the marketplace is dropped', () => {
  const text = joinLines(
    '{',
    '  "name": "t",',
    '  "interface": { "displayName": 3 },',
    '  "plugins": [',
    '    { "name": "a", "source": { "source": "local", "path": "./a" }, "category": ["x"], "policy": { "products": "CODEX" } },',
    '    { "name": "b", "source": { "source": "local", "path": "./b" }, "policy": null, "category": null }',
    '  ]',
    '}',
  );
  assert.deepEqual(found(text, CODEX), ['plugin-value-invalid:error@2', 'plugin-value-invalid:error@4', 'plugin-value-invalid:error@4', 'plugin-value-invalid:error@5']);
  assert.match(messages(text, CODEX)[0]!, /`interface.displayName` must be text, not a number: Codex cannot read this marketplace/);
});

test('Codex: a source that is neither a path nor an object, or a local one without a text path, is a warning: the plugin is skipped', () => {
  const text = joinLines(
    '{',
    '  "name": "t",',
    '  "plugins": [',
    '    { "name": "a", "source": 3 },',
    '    { "name": "b", "source": { "source": "local", "path": ["./b"] } },',
    '    { "name": "c", "source": { "source": "local" } },',
    '    { "name": "d", "source": { "source": "url", "url": "https://x" } }',
    '  ]',
    '}',
  );
  assert.deepEqual(found(text, CODEX), ['plugin-value-invalid:warning@3', 'plugin-value-invalid:warning@4', 'plugin-value-invalid:warning@5']);
  assert.match(messages(text, CODEX).join('\n'), /Codex skips this plugin/);
});
