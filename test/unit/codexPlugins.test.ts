/**
 * Codex plugin manifests (`.codex-plugin/plugin.json`) and marketplaces (`.agents/plugins/marketplace.json`):
 * what makes Codex drop the file (JSON it cannot parse, a field of the wrong type, a missing name or
 * plugins list), a plugin it skips (a source path not starting with ./), a path that names nothing,
 * a name two entries share, and unknown keys as advice.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzePluginManifest, pluginManifestDefinition, pluginManifestHover } from '../../server/src/core/plugins';
import { fileKindOf } from '../../server/src/core/workspace/fileKinds';
import { pluginsOf, repositoryFacts } from '../../server/src/core/skills/plugins';
import { InMemoryHost } from '../../server/src/core/workspace/host';
import { cursor, joinLines } from '../helpers/markers';

const MARKET = 'file:///repo/.agents/plugins/marketplace.json';
const PLUGIN = 'file:///repo/plugins/pdf/.codex-plugin/plugin.json';
const host = () =>
  new InMemoryHost({
    'file:///repo/plugins/pdf/.codex-plugin/plugin.json': '{ "name": "pdf" }',
    'file:///repo/plugins/pdf/skills/extract/SKILL.md': '---\nname: extract\n---\n',
    'file:///repo/.agents/plugins/fmt/.codex-plugin/plugin.json': '{ "name": "fmt" }',
  });
const codes = (text: string, uri: string) => analyzePluginManifest(text, uri, host()).diagnostics.map((d) => `${d.code}:${d.severity}@${d.range.start.line}`);

test('.codex-plugin/plugin.json and .agents/plugins/marketplace.json are plugin manifests', () => {
  assert.equal(fileKindOf('/r/plugins/x/.codex-plugin/plugin.json'), 'plugin-manifest');
  assert.equal(fileKindOf('/r/.agents/plugins/marketplace.json'), 'plugin-manifest');
  assert.equal(fileKindOf('/r/plugins/marketplace.json'), null);
});

test('a well-formed Codex marketplace and plugin manifest get no diagnostics', () => {
  const market = joinLines(
    '{',
    '  "name": "tools",',
    '  "interface": { "displayName": "Tools" },',
    '  "plugins": [',
    '    { "name": "pdf", "source": { "source": "local", "path": "./plugins/pdf" }, "policy": { "installation": "AVAILABLE", "authentication": "ON_USE" }, "category": "Coding" },',
    '    { "name": "remote", "source": { "source": "url", "url": "https://example.com/x.git" } }',
    '  ]',
    '}',
  );
  assert.deepEqual(codes(market, MARKET), []);
  const plugin = joinLines(
    '{',
    '  "name": "pdf",',
    '  "version": "1.0.0",',
    '  "skills": "./skills/",',
    '  "author": { "name": "Me" },',
    '  "interface": { "displayName": "PDF", "websiteURL": "https://x" }',
    '}',
  );
  assert.deepEqual(codes(plugin, PLUGIN), []);
});

test('JSON Codex cannot parse drops the whole file (an error)', () => {
  assert.deepEqual(codes('{ "name": "tools", }', MARKET), ['plugin-invalid-json:error@0']);
  const [d] = analyzePluginManifest('{ "name": "pdf", }', PLUGIN, host()).diagnostics;
  assert.match(d!.message, /Codex cannot read this plugin\.json/);
});

test('a field of the wrong type is an error: Codex reads the file into typed fields', () => {
  const plugin = joinLines('{', '  "name": "pdf",', '  "version": 1,', '  "interface": "PDF",', '  "keywords": "pdf"', '}');
  assert.deepEqual(codes(plugin, PLUGIN), ['plugin-value-invalid:error@2', 'plugin-value-invalid:error@3', 'plugin-value-invalid:error@4']);
  const market = joinLines('{', '  "name": "tools",', '  "plugins": [', '    { "name": "pdf", "source": "./plugins/pdf", "policy": { "installation": "SOMETIMES" } }', '  ]', '}');
  assert.deepEqual(codes(market, MARKET), ['plugin-value-invalid:error@3']);
});

test('skills holds a path or a list of paths, each checked; another shape is a warning: Codex ignores the field and loads the rest', () => {
  const list = joinLines('{', '  "name": "pdf",', '  "skills": ["./skills/", "./gone/", "skills/"],', '  "keywords": ["pdf"]', '}');
  assert.deepEqual(
    analyzePluginManifest(list, PLUGIN, host()).diagnostics.map((d) => `${d.code}:${d.severity}@${d.range.start.line}:${d.range.start.character}`),
    ['plugin-path-not-found:warning@2:26', 'plugin-path-invalid:warning@2:37'],
  );
  const objects = joinLines('{', '  "name": "pdf",', '  "skills": [{ "source": { "path": "./skills" } }]', '}');
  const ds = analyzePluginManifest(objects, PLUGIN, host()).diagnostics;
  assert.deepEqual(
    ds.map((d) => `${d.code}:${d.severity}@${d.range.start.line}`),
    ['plugin-value-invalid:warning@2'],
  );
  assert.match(ds[0]!.message, /Codex ignores it and loads the rest of the plugin/);
});

test('mcpServers holds a path or the servers themselves (openai/codex#28580); a list is ignored', () => {
  const inline = joinLines('{', '  "name": "pdf",', '  "mcpServers": { "pdf": { "type": "http", "url": "https://example.com/mcp" } }', '}');
  assert.deepEqual(codes(inline, PLUGIN), []);
  const list = joinLines('{', '  "name": "pdf",', '  "mcpServers": ["./.mcp.json"]', '}');
  assert.deepEqual(codes(list, PLUGIN), ['plugin-value-invalid:warning@2']);
});

test('interface keys Codex reads are not called unknown: logoDark among them', () => {
  assert.deepEqual(codes('{ "name": "pdf", "interface": { "logo": "./a.png", "logoDark": "./b.png", "logoNight": "./c.png" } }', PLUGIN), ['plugin-unknown-key:information@0']);
});

test('a marketplace without name or plugins, and an entry without name or source, are errors', () => {
  assert.deepEqual(codes('{ "plugins": [] }', MARKET), ['plugin-missing-key:error@0']);
  const market = joinLines('{', '  "name": "tools",', '  "plugins": [', '    { "source": "./plugins/pdf" },', '    { "name": "pdf" }', '  ]', '}');
  assert.deepEqual(codes(market, MARKET), ['plugin-missing-key:error@3', 'plugin-missing-key:error@4']);
});

test('source paths resolve from the folder holding .agents/: a missing folder is an error, and a path written from .agents/plugins/ says so', () => {
  const market = joinLines('{', '  "name": "tools",', '  "plugins": [', '    { "name": "fmt", "source": { "source": "local", "path": "./fmt" } }', '  ]', '}');
  const [d] = analyzePluginManifest(market, MARKET, host()).diagnostics;
  assert.equal(d?.code, 'plugin-source-not-found');
  assert.equal(d?.severity, 'error');
  assert.match(d!.message, /write \.\/\.agents\/plugins\/fmt/);
});

test('a source path Codex does not take (not ./…, empty, ..) is a warning: Codex skips that plugin', () => {
  const market = joinLines(
    '{',
    '  "name": "tools",',
    '  "plugins": [',
    '    { "name": "a", "source": { "source": "local", "path": "plugins/pdf" } },',
    '    { "name": "b", "source": { "source": "local", "path": "" } },',
    '    { "name": "c", "source": { "source": "local", "path": "./../x" } }',
    '  ]',
    '}',
  );
  assert.deepEqual(codes(market, MARKET), ['plugin-path-invalid:warning@3', 'plugin-path-invalid:warning@4', 'plugin-path-invalid:warning@5']);
});

test('a source path ./ or . is the marketplace root, a plugin at the top of the repository: Codex takes it', () => {
  const market = joinLines(
    '{',
    '  "name": "tools",',
    '  "plugins": [',
    '    { "name": "root", "source": { "source": "local", "path": "./" } },',
    '    { "name": "dot", "source": "." }',
    '  ]',
    '}',
  );
  assert.deepEqual(codes(market, MARKET), []);
});

test('two entries of one name: a warning on the second (Codex installs the first)', () => {
  const market = joinLines(
    '{',
    '  "name": "tools",',
    '  "plugins": [',
    '    { "name": "pdf", "source": "./plugins/pdf" },',
    '    { "name": "pdf", "source": "./plugins/pdf" }',
    '  ]',
    '}',
  );
  assert.deepEqual(codes(market, MARKET), ['plugin-duplicate-name:warning@4']);
});

test('plugin.json paths: one that does not exist is a warning, one not starting with ./ is a warning, unknown keys are information', () => {
  const plugin = joinLines('{', '  "name": "pdf",', '  "skills": "./skill/",', '  "mcpServers": ".mcp.json",', '  "commands": "./commands"', '}');
  assert.deepEqual(codes(plugin, PLUGIN), ['plugin-path-not-found:warning@2', 'plugin-path-invalid:warning@3', 'plugin-unknown-key:information@4']);
});

test('hover speaks for Codex, and a local source leads to its .codex-plugin/plugin.json', () => {
  const h = cursor(joinLines('{', '  "name": "tools",', '  "own$0er": {},', '  "plugins": []', '}'));
  const a = analyzePluginManifest(h.text, MARKET, host());
  assert.match(JSON.stringify(pluginManifestHover(h.text, a, h.position)?.contents), /Codex does not know `owner`/);
  const p = cursor('{ "name": "pdf", "sk$0ills": "./skills/" }');
  const b0 = analyzePluginManifest(p.text, PLUGIN, host());
  assert.match(JSON.stringify(pluginManifestHover(p.text, b0, p.position)?.contents), /a path or a list of paths, relative to the plugin root, starting with/);
  const d = cursor(joinLines('{', '  "name": "tools",', '  "plugins": [', '    { "name": "pdf", "source": { "source": "local", "path": "./plugins/$0pdf" } }', '  ]', '}'));
  const b = analyzePluginManifest(d.text, MARKET, host());
  assert.equal(pluginManifestDefinition(b, d.position, host())?.uri, PLUGIN);
});

test("a Codex plugin whose manifest names a skills path loads its skills from there only: the plugin's skills/ folder is another client's", () => {
  const facts = (manifest: string) => repositoryFacts([{ uri: 'file:///repo/plugins/lisa/.codex-plugin/plugin.json', text: manifest }]);
  const named = facts('{ "name": "lisa", "skills": "./.codex-plugin/skills/" }');
  assert.deepEqual(
    pluginsOf('file:///repo/plugins/lisa/.codex-plugin/skills/plan/SKILL.md', named).map((p) => p.target),
    ['codex'],
  );
  assert.deepEqual(pluginsOf('file:///repo/plugins/lisa/skills/plan/SKILL.md', named), []);
  // With no path named, skills/ is the default.
  assert.deepEqual(
    pluginsOf('file:///repo/plugins/lisa/skills/plan/SKILL.md', facts('{ "name": "lisa" }')).map((p) => p.target),
    ['codex'],
  );
});
