/**
 * Completion of the paths plugin manifests and marketplaces name (core/plugins/pathCompletion.ts):
 * the folders and files that exist from the base the client resolves against, of the kind the key
 * takes, with the `./` prefix, replacing the whole string value.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pluginManifestPathCompletion } from '../../server/src/core/plugins';
import { InMemoryHost } from '../../server/src/core/workspace/host';
import { cursor } from '../helpers/markers';

const host = () =>
  new InMemoryHost({
    'file:///repo/.claude-plugin/marketplace.json': '{}',
    'file:///repo/plugins/pdf/.claude-plugin/plugin.json': '{}',
    'file:///repo/plugins/pdf/skills/extract/SKILL.md': '',
    'file:///repo/plugins/pdf/agents/reviewer.md': '',
    'file:///repo/plugins/pdf/agents/notes.txt': '',
    'file:///repo/plugins/pdf/hooks/hooks.json': '{}',
    'file:///repo/plugins/pdf/.mcp.json': '{}',
    'file:///repo/plugins/pdf/README.md': '',
    'file:///repo/plugins/fmt/README.md': '',
    'file:///repo/.agents/plugins/marketplace.json': '{}',
    'file:///repo/codex/.codex-plugin/plugin.json': '{}',
    'file:///repo/codex/skills/a/SKILL.md': '',
    'file:///repo/codex/.app.json': '{}',
  });

const PLUGIN = 'file:///repo/plugins/pdf/.claude-plugin/plugin.json';
const MARKET = 'file:///repo/.claude-plugin/marketplace.json';
const CODEX_PLUGIN = 'file:///repo/codex/.codex-plugin/plugin.json';
const CODEX_MARKET = 'file:///repo/.agents/plugins/marketplace.json';

const complete = (marked: string, uri: string) => {
  const { text, position } = cursor(marked);
  return pluginManifestPathCompletion(text, uri, position, host());
};
const labels = (marked: string, uri: string) => complete(marked, uri).map((i) => i.label);

test('a plugin.json `skills` path offers the plugin root’s folders only, with ./', () => {
  assert.deepEqual(labels('{ "name": "pdf", "skills": "$0" }', PLUGIN), ['./agents/', './hooks/', './skills/']);
});

test('`agents` offers folders and .md files; a typed folder lists its own entries', () => {
  assert.deepEqual(labels('{ "agents": "$0" }', PLUGIN), ['./agents/', './hooks/', './skills/', './README.md']);
  assert.deepEqual(labels('{ "agents": ["./agents/$0"] }', PLUGIN), ['./agents/reviewer.md']);
});

test('`hooks` and `mcpServers` offer .json files, dot files included; hidden folders are left out', () => {
  assert.deepEqual(labels('{ "mcpServers": "$0" }', PLUGIN), ['./agents/', './hooks/', './skills/', './.mcp.json']);
  assert.deepEqual(labels('{ "hooks": "./hooks/$0" }', PLUGIN), ['./hooks/hooks.json']);
  assert.deepEqual(labels('{ "hooks": "${CLAUDE_PLUGIN_ROOT}/hooks/$0" }', PLUGIN), ['${CLAUDE_PLUGIN_ROOT}/hooks/hooks.json']);
});

test('an item replaces the whole string value and a folder asks for the next level', () => {
  const { text, position } = cursor('{ "skills": "sk$0ills-old" }');
  const items = pluginManifestPathCompletion(text, PLUGIN, position, host());
  const skills = items.find((i) => i.label === './skills/')!;
  const edit = skills.textEdit as { range: { start: { character: number }; end: { character: number } }; newText: string };
  assert.equal(text.slice(edit.range.start.character, edit.range.end.character), 'skills-old');
  assert.equal(edit.newText, './skills/');
  assert.equal(skills.command?.command, 'editor.action.triggerSuggest');
});

test('no path completion on keys, on keys that take no path, or on paths leaving the root', () => {
  assert.deepEqual(labels('{ "$0": "" }', PLUGIN), []);
  assert.deepEqual(labels('{ "description": "$0" }', PLUGIN), []);
  assert.deepEqual(labels('{ "skills": "../$0" }', PLUGIN), []);
});

test("a marketplace entry's source offers the marketplace root's folders; its component keys resolve from the plugin folder", () => {
  assert.deepEqual(labels('{ "plugins": [ { "name": "pdf", "source": "$0" } ] }', MARKET), ['./codex/', './plugins/']);
  assert.deepEqual(labels('{ "plugins": [ { "name": "pdf", "source": "./plugins/$0" } ] }', MARKET), ['./plugins/fmt/', './plugins/pdf/']);
  assert.deepEqual(labels('{ "plugins": [ { "name": "pdf", "source": "./plugins/pdf", "agents": "./agents/$0" } ] }', MARKET), ['./agents/reviewer.md']);
  assert.deepEqual(labels('{ "name": "$0", "plugins": [] }', MARKET), [], 'the marketplace name is no path');
});

test('with metadata.pluginRoot, bare source names are offered from under it as well', () => {
  const items = labels('{ "metadata": { "pluginRoot": "./plugins" }, "plugins": [ { "name": "pdf", "source": "$0" } ] }', MARKET);
  assert.deepEqual(items, ['./codex/', './plugins/', 'fmt/', 'pdf/']);
});

test('Codex: plugin.json `skills` and `apps` from the plugin root; a marketplace source path from the folder holding .agents/', () => {
  assert.deepEqual(labels('{ "skills": "$0" }', CODEX_PLUGIN), ['./skills/']);
  assert.deepEqual(labels('{ "apps": "$0" }', CODEX_PLUGIN), ['./skills/', './.app.json']);
  assert.deepEqual(labels('{ "skills": ["$0"] }', CODEX_PLUGIN), ['./skills/'], 'Codex takes a list of skills paths');
  assert.deepEqual(labels('{ "apps": ["$0"] }', CODEX_PLUGIN), [], 'and one apps path, not a list');
  assert.deepEqual(labels('{ "plugins": [ { "name": "x", "source": { "source": "local", "path": "./$0" } } ] }', CODEX_MARKET), ['./codex/', './plugins/']);
  assert.deepEqual(labels('{ "plugins": [ { "name": "x", "source": "./plugins/$0" } ] }', CODEX_MARKET), ['./plugins/fmt/', './plugins/pdf/']);
});
