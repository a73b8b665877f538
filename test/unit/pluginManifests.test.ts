/**
 * Claude Code plugin manifests and marketplace files (server/src/core/plugins): the checks a schema
 * cannot make (folders that do not exist, duplicate names), the ones Claude Code fails on (no
 * name, a name with spaces, JSON it cannot parse), advice (unknown keys, not kebab-case), and the
 * editor features (hover, completion, definition from a source to its plugin.json).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzePluginManifest, pluginManifestCompletion, pluginManifestDefinition, pluginManifestHover } from '../../server/src/core/plugins';
import { fileKindOf } from '../../server/src/core/workspace/fileKinds';
import { analyzeKind, diagnosticsOfKind } from '../../server/src/core/analysis/fileAnalyses';
import { InMemoryHost } from '../../server/src/core/workspace/host';
import { readRepositoryFacts } from '../../server/src/core/skills';
import { cursor, joinLines, ranges } from '../helpers/markers';

const MARKET = 'file:///repo/.claude-plugin/marketplace.json';
const PLUGIN = 'file:///repo/plugins/pdf/.claude-plugin/plugin.json';
/** A repository with one plugin folder (`plugins/pdf`, with its plugin.json and a `skills/` folder). */
const host = () =>
  new InMemoryHost({
    'file:///repo/plugins/pdf/.claude-plugin/plugin.json': '{ "name": "pdf" }',
    'file:///repo/plugins/pdf/skills/extract/SKILL.md': '---\nname: extract\n---\n',
  });
const codes = (text: string, uri: string) => analyzePluginManifest(text, uri, host()).diagnostics.map((d) => `${d.code}:${d.severity}@${d.range.start.line}`);

test('.claude-plugin/ and .codex-plugin/ manifests are plugin manifests; other plugin.json files are not', () => {
  assert.equal(fileKindOf('/r/.claude-plugin/plugin.json'), 'plugin-manifest');
  assert.equal(fileKindOf('C:\\r\\.claude-plugin\\marketplace.json'), 'plugin-manifest');
  assert.equal(fileKindOf('/r/.codex-plugin/plugin.json'), 'plugin-manifest');
  assert.equal(fileKindOf('/r/plugin.json'), null);
  assert.equal(fileKindOf('/r/.claude-plugin/settings.json'), null);
});

test('a well-formed marketplace and plugin manifest get no diagnostics', () => {
  const market = joinLines(
    '{',
    '  "name": "tools",',
    '  "owner": { "name": "Me" },',
    '  "plugins": [',
    '    { "name": "pdf", "source": "./plugins/pdf" },',
    '    { "name": "fmt", "source": { "source": "github", "repo": "me/fmt" } }',
    '  ]',
    '}',
  );
  assert.deepEqual(codes(market, MARKET), []);
  assert.deepEqual(codes('{ "name": "pdf", "version": "1.0.0", "skills": "./skills/", "hooks": { "Stop": [] } }', PLUGIN), []);
});

test('JSON Claude Code cannot parse is an error: comments and trailing commas included', () => {
  assert.deepEqual(codes('{ "name": "pdf", }', PLUGIN), ['plugin-invalid-json:error@0']);
  assert.deepEqual(codes('// a note\n{ "name": "pdf" }', PLUGIN), ['plugin-invalid-json:error@0']);
  assert.deepEqual(codes('[]', MARKET), ['plugin-invalid-json:error@0']);
  assert.deepEqual(codes('\uFEFF{ "name": "pdf" }', PLUGIN), [], 'a byte order mark is not reported');
  assert.match(analyzePluginManifest('{', MARKET, host()).diagnostics[0]!.message, /Claude Code cannot load the marketplace/);
});

test("in an editor whose JSON service reports syntax errors itself (VS Code), the open file's syntax error is left to it; the shape is not", () => {
  const broken = analyzeKind('plugin-manifest', '{ "name": "pdf", }', PLUGIN, host());
  assert.deepEqual(
    diagnosticsOfKind('plugin-manifest', broken, '').map((d) => d.code),
    ['plugin-invalid-json'],
  );
  assert.deepEqual(diagnosticsOfKind('plugin-manifest', broken, '', { schemaDiagnostics: false }), []);
  const list = analyzeKind('plugin-manifest', '[]', MARKET, host());
  assert.deepEqual(
    diagnosticsOfKind('plugin-manifest', list, '', { schemaDiagnostics: false }).map((d) => d.code),
    ['plugin-invalid-json'],
  );
});

test('a relative source naming no folder is an error; one naming a folder is not', () => {
  const text = joinLines(
    '{ "name": "tools", "owner": { "name": "Me" }, "plugins": [',
    '  { "name": "pdf", "source": "./plugins/pdf" },',
    '  { "name": "gone", "source": "./plugins/gone" }',
    '] }',
  );
  const ds = analyzePluginManifest(text, MARKET, host()).diagnostics;
  assert.deepEqual(
    ds.map((d) => `${d.code}@${d.range.start.line}:${d.range.start.character}`),
    ['plugin-source-not-found@2:30'],
  );
  assert.match(ds[0]!.message, /Source path does not exist/);
});

test("a component path the repository's .gitignore leaves out is advice for Claude Code and Codex: a build step makes it, a built package carries it", () => {
  const files = {
    'file:///repo/.gitignore': 'node_modules/\npackages/itil/skills-codex/\n',
    'file:///repo/packages/itil/.claude-plugin/plugin.json': '{ "name": "itil" }',
    'file:///repo/packages/itil/.codex-plugin/plugin.json': '{ "name": "itil" }',
  };
  const repository = { plugins: [], roots: ['file:///repo'] };
  const claude = '{ "name": "itil", "skills": ["./skills-codex/", "./skills-gone/"] }';
  const ds = analyzePluginManifest(claude, 'file:///repo/packages/itil/.claude-plugin/plugin.json', new InMemoryHost(files), repository).diagnostics;
  assert.deepEqual(
    ds.map((d) => [d.code, d.severity]),
    [
      ['plugin-path-not-found', 'information'],
      ['plugin-path-not-found', 'warning'],
    ],
  );
  assert.match(ds[0]!.message, /the repository's \.gitignore leaves out: a build step makes it.*Claude Code loads nothing from it/);
  const codex = '{ "name": "itil", "skills": "./skills-codex/" }';
  const cx = analyzePluginManifest(codex, 'file:///repo/packages/itil/.codex-plugin/plugin.json', new InMemoryHost(files), repository).diagnostics;
  assert.deepEqual(
    cx.map((d) => [d.code, d.severity]),
    [['plugin-path-not-found', 'information']],
  );
  assert.match(cx[0]!.message, /\.gitignore leaves out.*Codex loads nothing from it/);
  // Not ignored: a warning, as before.
  const plain = { ...files, 'file:///repo/.gitignore': 'node_modules/\n' };
  assert.deepEqual(
    analyzePluginManifest(codex, 'file:///repo/packages/itil/.codex-plugin/plugin.json', new InMemoryHost(plain), repository).diagnostics.map((d) => d.severity),
    ['warning'],
  );
});

test('a source or a component path inside a git submodule that this checkout lacks is advice, saying so', () => {
  const files = {
    'file:///repo/.git/HEAD': 'ref: refs/heads/main\n',
    'file:///repo/.gitmodules':
      '[submodule "vendor/skills"]\n\tpath = vendor/skills\n\turl = https://example.com/skills.git\n[submodule "plugins/ext"]\n\tpath = plugins/ext\n\turl = https://example.com/ext.git\n',
    'file:///repo/plugins/pdf/.claude-plugin/plugin.json': '{ "name": "pdf" }',
  };
  const market = joinLines(
    '{ "name": "tools", "owner": { "name": "Me" }, "plugins": [',
    '  { "name": "ext", "source": "./plugins/ext" },',
    '  { "name": "gone", "source": "./plugins/gone" }',
    '] }',
  );
  const ds = analyzePluginManifest(market, MARKET, new InMemoryHost(files)).diagnostics;
  assert.deepEqual(
    ds.map((d) => [d.code, d.severity, d.range.start.line]),
    [
      ['plugin-source-not-found', 'information', 1],
      ['plugin-source-not-found', 'error', 2],
    ],
  );
  assert.match(ds[0]!.message, /it is in the git submodule plugins\/ext, filled when submodules are checked out/);
  const plugin = '{ "name": "tools", "skills": ["./vendor/skills/x", "./skills/gone"] }';
  assert.deepEqual(
    analyzePluginManifest(plugin, 'file:///repo/.claude-plugin/plugin.json', new InMemoryHost(files)).diagnostics.map((d) => [d.code, d.severity]),
    [
      ['plugin-path-not-found', 'information'],
      ['plugin-path-not-found', 'warning'],
    ],
  );
});

test('metadata.pluginRoot: a bare name resolves under it', () => {
  const ok = '{ "name": "t", "owner": { "name": "Me" }, "metadata": { "pluginRoot": "./plugins" }, "plugins": [ { "name": "pdf", "source": "pdf" } ] }';
  assert.deepEqual(codes(ok, MARKET), []);
  const missing = ok.replace('"source": "pdf"', '"source": "nope"');
  assert.deepEqual(codes(missing, MARKET), ['plugin-source-not-found:error@0']);
});

test('a source with ".." is an error; URLs and source objects are not checked on disk', () => {
  const text =
    '{ "name": "t", "owner": { "name": "Me" }, "plugins": [ { "name": "a", "source": "./../x" }, { "name": "b", "source": { "source": "url", "url": "https://x/y.git" } } ] }';
  assert.deepEqual(codes(text, MARKET), ['plugin-source-outside:error@0']);
});

test("an absolute source is one machine's folder: an error saying to write it from the marketplace root", () => {
  for (const source of ['/home/me/plugins/bug-detective', '~/plugins/x', 'C:\\\\plugins\\\\x']) {
    const text = `{ "name": "t", "owner": { "name": "Me" }, "plugins": [ { "name": "a", "source": "${source}" } ] }`;
    assert.deepEqual(codes(text, MARKET), ['plugin-source-outside:error@0'], source);
  }
});

test('two entries of one name: an error on the second, pointing at the first', () => {
  const text = joinLines(
    '{ "name": "t", "owner": { "name": "Me" }, "plugins": [',
    '  { "name": "pdf", "source": "./plugins/pdf" },',
    '  { "name": "pdf", "source": "./plugins/pdf" }',
    '] }',
  );
  const ds = analyzePluginManifest(text, MARKET, host()).diagnostics;
  assert.deepEqual(
    ds.map((d) => `${d.code}@${d.range.start.line}`),
    ['plugin-duplicate-name@2'],
  );
  assert.equal(ds[0]!.related?.[0]?.range.start.line, 1);
});

test('required keys: a manifest without name, a marketplace without name/owner/plugins, an entry without source', () => {
  assert.deepEqual(codes('{ "version": "1.0.0" }', PLUGIN), ['plugin-missing-key:error@0']);
  const ds = analyzePluginManifest('{ "plugins": [ { "name": "x" } ] }', MARKET, host()).diagnostics;
  assert.deepEqual(
    ds.map((d) => d.code),
    ['plugin-missing-key', 'plugin-missing-key'],
  );
  assert.match(ds[0]!.message, /no `name`, `owner`/);
  assert.match(ds[1]!.message, /no `source`/);
});

test('a name with spaces is an error (Claude Code rejects it); one not in kebab-case is advice', () => {
  assert.deepEqual(codes('{ "name": "PDF tools" }', PLUGIN), ['plugin-name-has-spaces:error@0']);
  assert.deepEqual(codes('{ "name": "PdfTools" }', PLUGIN), ['plugin-name-not-kebab-case:information@0']);
});

test('a component path naming nothing under the plugin root is a warning; ${CLAUDE_PLUGIN_ROOT}, inline objects and URLs are fine', () => {
  const text = joinLines(
    '{',
    '  "name": "pdf",',
    '  "skills": ["./skills", "./extra"],',
    '  "commands": "${CLAUDE_PLUGIN_ROOT}/skills",',
    '  "mcpServers": { "x": { "command": "y" } }',
    '}',
  );
  const ds = analyzePluginManifest(text, PLUGIN, host()).diagnostics;
  assert.deepEqual(
    ds.map((d) => `${d.code}:${d.severity}@${d.range.start.line}:${d.range.start.character}`),
    ['plugin-path-not-found:warning@2:25'],
  );
  assert.match(ds[0]!.message, /`skills` names \.\/extra/);
});

test("`hooks` naming the plugin's own hooks/hooks.json is a warning on the path (Claude Code loads that file anyway and refuses the duplicate); other hook files are fine", () => {
  const withHooks = () =>
    new InMemoryHost({
      'file:///repo/plugins/pdf/.claude-plugin/plugin.json': '{ "name": "pdf" }',
      'file:///repo/plugins/pdf/hooks/hooks.json': '{ "hooks": {} }',
      'file:///repo/plugins/pdf/hooks/extra.json': '{ "hooks": {} }',
    });
  const found = (text: string, uri = PLUGIN) =>
    analyzePluginManifest(text, uri, withHooks()).diagnostics.map((d) => `${d.code}:${d.severity}@${d.range.start.line}:${d.range.start.character}`);
  assert.deepEqual(found('{ "name": "pdf", "hooks": "./hooks/hooks.json" }'), ['plugin-hooks-duplicate:warning@0:26']);
  assert.deepEqual(found('{ "name": "pdf", "hooks": ["${CLAUDE_PLUGIN_ROOT}/hooks/hooks.json", "./hooks/extra.json"] }'), ['plugin-hooks-duplicate:warning@0:27']);
  // Without `./`, as the documentation never writes a path: whether Claude Code takes it is not known.
  assert.deepEqual(found('{ "name": "pdf", "hooks": "hooks/hooks.json" }'), []);
  assert.deepEqual(found('{ "name": "pdf", "hooks": "./hooks/extra.json" }'), []);
  assert.deepEqual(found('{ "name": "pdf", "hooks": { "Stop": [] } }'), []);
  // A marketplace entry's paths are the plugin's too.
  assert.deepEqual(found('{ "name": "t", "owner": { "name": "Me" }, "plugins": [{ "name": "pdf", "source": "./plugins/pdf", "hooks": "./hooks/hooks.json" }] }', MARKET), [
    'plugin-hooks-duplicate:warning@0:107',
  ]);
  // No hooks/hooks.json: the path names nothing, which is the other finding.
  assert.deepEqual(codes('{ "name": "pdf", "hooks": "./hooks/hooks.json" }', PLUGIN), ['plugin-path-not-found:warning@0']);
  assert.match(analyzePluginManifest('{ "name": "pdf", "hooks": "./hooks/hooks.json" }', PLUGIN, withHooks()).diagnostics[0]!.message, /Duplicate hooks file detected/);
});

test('`hooks`, `mcpServers` or `lspServers` naming a folder is a warning on the path: Claude Code reads each as a JSON file and loads nothing from a folder', () => {
  const tree = () =>
    new InMemoryHost({
      'file:///repo/plugins/pdf/.claude-plugin/plugin.json': '{ "name": "pdf" }',
      'file:///repo/plugins/pdf/hooks/guard.py': 'print(1)',
      'file:///repo/plugins/pdf/config/mcp.json': '{}',
      'file:///repo/plugins/pdf/agents/a.md': '---\nname: a\n---\n',
    });
  const { text, ranges: r } = ranges('{ "name": "pdf", "hooks": [«"./hooks/"»], "mcpServers": «"./config"», "lspServers": "./config/mcp.json", "agents": "./agents/" }');
  const ds = analyzePluginManifest(text, PLUGIN, tree()).diagnostics;
  assert.deepEqual(
    ds.map((d) => [d.code, d.severity, d.range]),
    r.map((range) => ['plugin-path-invalid', 'warning', range]),
  );
  assert.match(ds[0]!.message, /`hooks` names \.\/hooks\/, a folder: Claude Code reads each `hooks` path as a JSON file and loads nothing from a folder/);
});

test("a marketplace entry's path written from the marketplace's folder names nothing in the plugin, but a file of the plugin's default folder loads anyway: information", () => {
  const entry = (paths: string) => joinLines('{ "name": "t", "owner": { "name": "Me" }, "plugins": [', `  { "name": "pdf", "source": "./plugins/pdf", ${paths} }`, '] }');
  const ds = analyzePluginManifest(entry('"skills": ["./plugins/pdf/skills/extract"], "commands": ["./plugins/pdf/commands/gone.md"]'), MARKET, host()).diagnostics;
  assert.deepEqual(
    ds.map((d) => `${d.code}:${d.severity}@${d.range.start.line}`),
    ['plugin-path-not-found:information@1', 'plugin-path-not-found:warning@1'],
  );
  assert.match(ds[0]!.message, /in the plugin's skills\/ folder, which Claude Code loads anyway/);
  // Found from the marketplace's folder outside the default folder: nothing loads it.
  assert.deepEqual(codes(entry('"agents": ["./plugins/pdf/.claude-plugin/plugin.json"]'), MARKET), ['plugin-path-not-found:warning@1']);
});

test('unknown top-level keys and unknown entry keys are information', () => {
  assert.deepEqual(codes('{ "name": "pdf", "categories": [] }', PLUGIN), ['plugin-unknown-key:information@0']);
  assert.deepEqual(codes('{ "name": "t", "owner": { "name": "Me" }, "plugins": [ { "name": "pdf", "source": "./plugins/pdf", "sorce": 1 } ] }', MARKET), [
    'plugin-unknown-key:information@0',
  ]);
});

test('hover on a key says what Claude Code does with it', () => {
  const { text, position } = cursor('{ "name": "pdf", "sk$0ills": "./skills" }');
  const a = analyzePluginManifest(text, PLUGIN, host());
  const h = pluginManifestHover(text, a, position);
  assert.match(JSON.stringify(h?.contents), /SKILL\.md/);
  assert.equal(pluginManifestHover(text, a, { line: 0, character: 12 }), null, 'not on a key');
});

test('completion offers the keys of an entry that are not there yet', () => {
  const { text, position } = cursor('{ "name": "t", "owner": { "name": "Me" }, "plugins": [ { "name": "pdf", "$0" } ] }');
  const items = pluginManifestCompletion(text, analyzePluginManifest(text, MARKET, host()), position).map((i) => i.label);
  assert.ok(items.includes('source'));
  assert.ok(!items.includes('name'));
  assert.ok(!items.includes('owner'), 'a top-level key is not offered in an entry');
});

test('definition: from a relative source to the plugin folder’s plugin.json', () => {
  const { text, position } = cursor('{ "name": "t", "owner": { "name": "Me" }, "plugins": [ { "name": "pdf", "source": "./plugins/$0pdf" } ] }');
  const a = analyzePluginManifest(text, MARKET, host());
  assert.equal(pluginManifestDefinition(a, position, host())?.uri, 'file:///repo/plugins/pdf/.claude-plugin/plugin.json');
});

test("a plugin.json value of a type Claude Code's manifest reader refuses is an error on the value: the plugin does not load", () => {
  const text = joinLines(
    '{',
    '  "name": "pdf",',
    '  "author": "Me",',
    '  "repository": { "type": "git", "url": "https://x" },',
    '  "keywords": "pdf",',
    '  "agents": ["./agents/a.md", 3],',
    '  "hooks": { "hooks": {} },',
    '  "commands": ["./commands"],',
    '  "userConfig": "anything"',
    '}',
  );
  const ds = analyzePluginManifest(text, PLUGIN, host()).diagnostics.filter((d) => d.code === 'plugin-value-invalid');
  assert.deepEqual(
    ds.map((d) => `${d.severity}@${d.range.start.line}`),
    ['error@2', 'error@3', 'error@4', 'error@5'],
  );
  assert.match(ds[0]!.message, /`author` must be an object, not text: Claude Code will not load the plugin/);
  assert.match(ds[3]!.message, /`agents` must be a path or a list of paths, not a list holding other values than paths/);
});

test("the author's name, email and url are text when present: null is an error on the value, as a top-level null is", () => {
  const text = '{ "name": "p", "author": { "name": "Me", "email": null, "url": 3 } }';
  const ds = analyzePluginManifest(text, PLUGIN, host()).diagnostics.filter((d) => d.code === 'plugin-value-invalid');
  assert.deepEqual(
    ds.map((d) => [d.severity, text.slice(d.range.start.character, d.range.end.character)]),
    [
      ['error', 'null'],
      ['error', '3'],
    ],
  );
  assert.match(ds[0]!.message, /`author\.email` must be text, not null: Claude Code will not load the plugin/);
  assert.deepEqual(codes('{ "name": "p", "author": { "name": "Me", "email": "me@example.com" } }', PLUGIN), []);
});

test('a name that is not text is an error too (one finding: not also a missing name)', () => {
  assert.deepEqual(codes('{ "name": 3 }', PLUGIN), ['plugin-value-invalid:error@0']);
});

test("a plugin's command file is checked as the plugin's: a name other than its file's is advice there, a warning in .claude/commands/", () => {
  const files = {
    'file:///repo/.claude-plugin/plugin.json': '{ "name": "rag" }',
    'file:///repo/commands/index.md': '---\nname: rag-index\ndescription: Indexes.\n---\nIndex it.\n',
    'file:///repo/.claude/commands/index.md': '---\nname: rag-index\ndescription: Indexes.\n---\nIndex it.\n',
  };
  const h = new InMemoryHost(files);
  const repository = readRepositoryFacts(['file:///repo/.claude-plugin/plugin.json'], h, ['file:///repo']);
  const level = (uri: string) =>
    analyzeKind('command', files[uri as keyof typeof files], uri, h, { repository }).diagnostics.find((d) => d.code === 'command-key-ignored')?.severity;
  assert.equal(level('file:///repo/commands/index.md'), 'information');
  assert.equal(level('file:///repo/.claude/commands/index.md'), 'warning');
});

test("agents or commands listed in plugin.json leave the default folder's other files unloaded: advice on the key naming them; listing the folder, or a marketplace entry's paths, does not", () => {
  const files = {
    'file:///repo/plugins/pdf/commands/blog.md': '# Blog\n',
    'file:///repo/plugins/pdf/commands/content/draft.md': '# Draft\n',
    'file:///repo/plugins/pdf/commands/content/plan.md': '# Plan\n',
    'file:///repo/plugins/pdf/commands/content/review.md': '# Review\n',
    'file:///repo/plugins/pdf/agents/code-critic.md': '# Critic\n',
    'file:///repo/plugins/pdf/agents/Code-Critic.agent.md': '# VS Code body\n',
  };
  const { text, ranges: r } = ranges('{ "name": "pdf", "commands": «["./commands/blog.md"]», "agents": «"./agents/code-critic.md"» }');
  const found = analyzePluginManifest(text, PLUGIN, new InMemoryHost(files)).diagnostics;
  assert.deepEqual(
    found.map((d) => [d.code, d.severity, d.range]),
    [
      ['plugin-component-unlisted', 'information', r[0]],
      ['plugin-component-unlisted', 'information', r[1]],
    ],
  );
  assert.match(found[0]!.message, /Claude Code does not load commands\/content\/draft\.md, commands\/content\/plan\.md and 1 more there; add "\.\/commands\/" to the list/);
  assert.match(found[1]!.message, /does not load agents\/Code-Critic\.agent\.md there/);
  // The default folder listed again, or a folder above the files, covers them.
  const kept = analyzePluginManifest('{ "name": "pdf", "commands": ["./commands/blog.md", "./commands/"] }', PLUGIN, new InMemoryHost(files)).diagnostics;
  assert.deepEqual(kept, []);
});

test('a component path that leaves the plugin folder is refused by Claude Code: a warning on it, and nothing looked up', () => {
  const plugin = joinLines(
    '{',
    '  "name": "pdf",',
    '  "skills": "../skills/",',
    '  "hooks": ["./x/../../hooks/hooks.json"],',
    '  "agents": "${CLAUDE_PLUGIN_ROOT}/../agents/"',
    '}',
  );
  assert.deepEqual(codes(plugin, PLUGIN), ['plugin-path-invalid:warning@2', 'plugin-path-invalid:warning@3', 'plugin-path-invalid:warning@4']);
  const [skills, hooks] = analyzePluginManifest(plugin, PLUGIN, host()).diagnostics.map((d) => d.message);
  assert.match(skills!, /outside the plugin folder: Claude Code refuses/);
  // Written from .claude-plugin/, `../skills/` means the plugin's own skills/, which Claude Code loads by itself.
  assert.match(skills!, /it means \.\/skills, which Claude Code loads from every plugin by itself: remove the entry/);
  assert.match(hooks!, /write it from the plugin root/);
  // A `..` that stays inside the plugin is a path like any other.
  assert.deepEqual(codes(joinLines('{', '  "name": "pdf",', '  "skills": "./docs/../skills/"', '}'), PLUGIN), []);
});

test("a plugin.json's inline MCP servers are checked as the plugin's .mcp.json is, where they are written", () => {
  const plugin = joinLines(
    '{',
    '  "name": "pdf",',
    '  "mcpServers": {',
    '    "remote": { "url": "https://api.example.com/mcp" },',
    '    "typed": { "type": "http", "url": "https://api.example.com/mcp" },',
    '    "local": { "command": "${CLAUDE_PLUGIN_ROOT}/bin/server" }',
    '  }',
    '}',
  );
  const found = analyzePluginManifest(plugin, PLUGIN, host()).diagnostics;
  assert.deepEqual(
    found.map((d) => [d.code, d.severity, d.range.start.line, d.range.start.character]),
    [['mcp-server-incomplete', 'error', 3, 4]],
  );
  assert.match(found[0]!.message, /Claude Code skips `remote`/);
  // On one line, the positions are the plugin.json's too.
  const minified = '{"name": "pdf", "mcpServers": {"remote": {"url": "https://api.example.com/mcp"}}}';
  const [d] = analyzePluginManifest(minified, PLUGIN, host()).diagnostics;
  assert.equal(minified.slice(d!.range.start.character, d!.range.start.character + 8), '"remote"');
  // A path to a file of servers is checked as a component path, as before.
  assert.deepEqual(codes(joinLines('{', '  "name": "pdf",', '  "mcpServers": "./.mcp.json"', '}'), PLUGIN), ['plugin-path-not-found:warning@2']);
});

test("a plugin.json's inline hooks are checked as its hooks/hooks.json is: variables Claude Code never sets, scripts the plugin lacks, unknown events", () => {
  const text = JSON.stringify(
    {
      name: 'pdf',
      hooks: {
        UserPromptSubmit: [{ hooks: [{ type: 'command', command: 'npx tsx "${CLAUDE_PLUGIN_ROOT}/hooks/prompt.ts" "${PROMPT}"' }] }],
        SessionStart: [{ hooks: [{ type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}/hooks/gone.sh"' }] }],
        PreToolUSE: [],
      },
    },
    null,
    2,
  );
  const files = { 'file:///repo/plugins/pdf/hooks/prompt.ts': '', 'file:///repo/plugins/pdf/hooks/other.sh': '' };
  const found = analyzePluginManifest(text, PLUGIN, new InMemoryHost(files))
    .diagnostics.filter((d) => d.code.startsWith('hooks-'))
    .map((d) => [d.code, d.severity, text.split('\n')[d.range.start.line]!.slice(d.range.start.character, d.range.end.character)]);
  assert.deepEqual(
    found,
    [
      ['hooks-variable-unset', 'warning', '${PROMPT}'],
      ['hooks-script-missing', 'warning', 'hooks/gone.sh'],
      ['hooks-event-unknown', 'warning', '"PreToolUSE"'],
    ].sort((a, b) => text.indexOf(a[2]!) - text.indexOf(b[2]!)),
  );
  // A list of inline hook objects is read too; a path is the file's (checked there).
  const listed = JSON.stringify({ name: 'pdf', hooks: [{ Stop: [{ hooks: [{ type: 'command', command: 'echo "$USER_PROMPT"' }] }] }, './hooks/extra.json'] });
  assert.deepEqual(
    analyzePluginManifest(listed, PLUGIN, new InMemoryHost({ 'file:///repo/plugins/pdf/hooks/extra.json': '{}' }))
      .diagnostics.filter((d) => d.code.startsWith('hooks-'))
      .map((d) => d.code),
    ['hooks-variable-unset'],
  );
});

test("inline hooks in GitHub Copilot CLI's format (a plugin kept for Copilot CLI) are not judged by Claude Code's rules", () => {
  const text = JSON.stringify({ name: 'pdf', hooks: { preToolUse: [{ type: 'command', bash: './scripts/guard.sh' }], sessionStart: [{ type: 'command', bash: 'echo hi' }] } });
  assert.deepEqual(
    analyzePluginManifest(text, PLUGIN, host()).diagnostics.filter((d) => d.code.startsWith('hooks-')),
    [],
  );
});
