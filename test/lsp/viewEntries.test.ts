/**
 * The workspace index lists every kind the Agent Files view shows, over stdio: a Claude Code
 * settings file and a plugin's hooks file with their events and handlers, MCP configuration files
 * with their servers, plugin and marketplace manifests; a plugin's hooks, MCP servers and manifest
 * carry the plugin, so the view lists them under it; each at the range a click opens.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import { startClient, type TestClient } from '../helpers/lspClient';
import { shutdown } from '../fixtures/workspace-formats/lsp';
import { waitForIndex, waitForLog } from '../helpers/lspWorkspace';
import type { IndexedFile, WorkspaceIndexResult } from '../../server/src/core/workspace/indexTypes';

const FILES: Record<string, string> = {
  '.claude-plugin/marketplace.json': JSON.stringify({ name: 'acme', owner: { name: 'Acme' }, plugins: [{ name: 'ops', source: './plugins/ops' }] }, null, 2),
  'plugins/ops/.claude-plugin/plugin.json': '{ "name": "ops-kit", "version": "1.0.0" }\n',
  'plugins/ops/agents/checker.md': '---\nname: checker\ndescription: Checks a release.\n---\nCheck it.\n',
  'plugins/ops/hooks/hooks.json': [
    '{',
    '  "hooks": {',
    '    "PreToolUse": [',
    '      { "matcher": "Bash", "hooks": [{ "type": "command", "command": "echo guard" }] }',
    '    ],',
    '    "Stop": [{ "hooks": [{ "type": "prompt", "prompt": "Is the work done?" }] }]',
    '  }',
    '}',
    '',
  ].join('\n'),
  'plugins/ops/.mcp.json': '{\n  "mcpServers": {\n    "tracker": { "command": "npx", "args": ["tracker-mcp"] }\n  }\n}\n',
  '.claude/settings.json': '{\n  "hooks": {\n    "PostToolUse": [{ "matcher": "Write", "hooks": [{ "type": "command", "command": "npm run lint" }] }]\n  }\n}\n',
  '.mcp.json': '{\n  "mcpServers": {\n    "docs": { "type": "http", "url": "https://example.com/mcp" }\n  }\n}\n',
  '.vscode/mcp.json': '{\n  "servers": {\n    "local": { "command": "node", "args": ["server.js"] }\n  }\n}\n',
  '.codex-plugin/plugin.json': '{ "name": "codex-tools" }\n',
  'codex/lint/.codex-plugin/plugin.json': '{ "name": "codex-lint", "skills": "./skills/" }\n',
  'codex/lint/skills/style/SKILL.md': '---\nname: style\ndescription: Checks the style.\n---\nCheck.\n',
  '.agents/plugins/marketplace.json': JSON.stringify({ name: 'codex-market', plugins: [{ name: 'codex-lint', source: { source: 'local', path: './codex/lint' } }] }, null, 2),
  'plugins/inline/.claude-plugin/plugin.json': [
    '{',
    '  "name": "inline-kit",',
    '  "mcpServers": {',
    '    "search": { "command": "node", "args": ["search.js"] },',
    '    "remote": { "type": "http", "url": "https://example.com/mcp" }',
    '  },',
    '  "hooks": {',
    '    "SessionStart": [{ "hooks": [{ "type": "command", "command": "echo hi" }] }]',
    '  }',
    '}',
    '',
  ].join('\n'),
  'plugins/ops/skills/deploy/SKILL.md': [
    '---',
    'name: deploy',
    'description: Deploys a release.',
    'hooks:',
    '  PreToolUse:',
    '    - matcher: Bash',
    '      hooks:',
    '        - type: command',
    '          command: ./guard.sh',
    '---',
    'Deploy.',
    '',
  ].join('\n'),
  '.claude/agents/reviewer.md': [
    '---',
    'name: reviewer',
    'description: Reviews.',
    'hooks:',
    '  Stop:',
    '    - hooks:',
    '        - type: prompt',
    '          prompt: Done?',
    '---',
    'Review.',
    '',
  ].join('\n'),
  'plugins/ops/agents/guarded.md': [
    '---',
    'name: guarded',
    'description: Guards.',
    'hooks:',
    '  Stop:',
    '    - hooks:',
    '        - type: command',
    '          command: echo',
    '---',
    'Guard.',
    '',
  ].join('\n'),
};

const HOOKS = 'plugins/ops/hooks/hooks.json';
let root: string;
let client: TestClient;
let files: readonly IndexedFile[];
const fileUri = (rel: string) => URI.file(path.join(root, rel)).toString();
const entry = (rel: string) => {
  const f = files.find((x) => x.uri === fileUri(rel));
  assert.ok(f, `${rel} is not in the index: ${files.map((x) => x.uri).join(', ')}`);
  return f;
};
/** The range of the first `snippet` in a file of FILES (on one line). */
const at = (rel: string, snippet: string) => {
  const lines = FILES[rel]!.split('\n');
  const line = lines.findIndex((l) => l.includes(snippet));
  const character = lines[line]!.indexOf(snippet);
  return { start: { line, character }, end: { line, character: character + snippet.length } };
};

before(async () => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'af-view-entries-')));
  for (const [rel, text] of Object.entries(FILES)) {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  }
  fs.mkdirSync(path.join(root, '.git'));
  client = await startClient({ rootUri: URI.file(root).toString() });
  await waitForLog(client, /^indexed \d+ file/);
  files = (await client.request<WorkspaceIndexResult>('agentFiles/workspaceIndex', {})).files;
});
after(async () => {
  await shutdown(client);
  fs.rmSync(root, { recursive: true, force: true });
});

test("a plugin's hooks file is indexed with its events and handlers, at their ranges, under its plugin", () => {
  const hooks = entry(HOOKS);
  assert.equal(hooks.kind, 'hooks');
  assert.deepEqual(hooks.source?.plugin, { name: 'ops-kit', uri: fileUri('plugins/ops/.claude-plugin/plugin.json') });
  assert.deepEqual(hooks.source?.marketplace, { name: 'acme', uri: fileUri('.claude-plugin/marketplace.json') });
  assert.deepEqual(hooks.hooks, [
    {
      event: 'PreToolUse',
      range: at(HOOKS, '"PreToolUse"'),
      handlers: [{ type: 'command', label: 'echo guard', matcher: 'Bash', range: at(HOOKS, '{ "type": "command", "command": "echo guard" }') }],
    },
    {
      event: 'Stop',
      range: at(HOOKS, '"Stop"'),
      handlers: [{ type: 'prompt', label: 'Is the work done?', range: at(HOOKS, '{ "type": "prompt", "prompt": "Is the work done?" }') }],
    },
  ]);
});

test("a project's Claude Code settings file is indexed with its hooks, and belongs to no plugin", () => {
  const settings = entry('.claude/settings.json');
  assert.equal(settings.kind, 'claude-settings');
  assert.equal(settings.source, undefined);
  assert.deepEqual(
    settings.hooks?.map((e) => [e.event, e.handlers.map((h) => [h.type, h.label, h.matcher])]),
    [['PostToolUse', [['command', 'npm run lint', 'Write']]]],
  );
});

test('MCP configuration files are indexed with their servers at their keys; a plugin root .mcp.json under its plugin', () => {
  const plugin = entry('plugins/ops/.mcp.json');
  assert.equal(plugin.kind, 'mcp-config');
  assert.deepEqual(plugin.mcpServers, [{ name: 'tracker', transport: 'stdio', target: 'npx tracker-mcp', range: at('plugins/ops/.mcp.json', '"tracker"') }]);
  assert.equal(plugin.source?.plugin?.name, 'ops-kit');
  assert.deepEqual(
    entry('.mcp.json').mcpServers?.map((s) => [s.name, s.transport, s.target]),
    [['docs', 'http', 'https://example.com/mcp']],
  );
  assert.equal(entry('.mcp.json').source, undefined);
  assert.deepEqual(
    entry('.vscode/mcp.json').mcpServers?.map((s) => [s.name, s.transport, s.target]),
    [['local', 'stdio', 'node server.js']],
  );
});

test('plugin and marketplace manifests are indexed by name and kind; a Claude Code plugin.json carries its plugin', () => {
  const plugin = entry('plugins/ops/.claude-plugin/plugin.json');
  assert.deepEqual([plugin.kind, plugin.name, plugin.manifest?.kind, plugin.source?.plugin?.name], ['plugin-manifest', 'ops-kit', 'claude-plugin', 'ops-kit']);
  const market = entry('.claude-plugin/marketplace.json');
  assert.deepEqual([market.kind, market.name, market.manifest?.kind], ['plugin-manifest', 'acme', 'claude-marketplace']);
  const codex = entry('.codex-plugin/plugin.json');
  assert.deepEqual([codex.name, codex.manifest?.kind], ['codex-tools', 'codex-plugin']);
});

test("a Codex plugin's skills, and its plugin.json, carry the plugin and the Codex marketplace that lists it", () => {
  const plugin = { name: 'codex-lint', uri: fileUri('codex/lint/.codex-plugin/plugin.json') };
  const market = { name: 'codex-market', uri: fileUri('.agents/plugins/marketplace.json') };
  const skill = entry('codex/lint/skills/style/SKILL.md');
  assert.deepEqual([skill.source?.kind, skill.source?.plugin, skill.source?.marketplace], ['plugin', plugin, market]);
  const manifest = entry('codex/lint/.codex-plugin/plugin.json');
  assert.deepEqual([manifest.source?.plugin, manifest.source?.marketplace], [plugin, market]);
});

test("a plugin.json's inline mcpServers are indexed as its servers, at their names", () => {
  const rel = 'plugins/inline/.claude-plugin/plugin.json';
  assert.deepEqual(entry(rel).mcpServers, [
    { name: 'search', transport: 'stdio', target: 'node search.js', range: at(rel, '"search"') },
    { name: 'remote', transport: 'http', target: 'https://example.com/mcp', range: at(rel, '"remote"') },
  ]);
  assert.equal(entry('plugins/ops/.claude-plugin/plugin.json').mcpServers, undefined, 'a plugin.json without inline servers has none');
});

test("a plugin.json's inline hooks are indexed as its hook events, at their ranges; a plugin.json without them has none", () => {
  const rel = 'plugins/inline/.claude-plugin/plugin.json';
  assert.deepEqual(entry(rel).hooks, [
    {
      event: 'SessionStart',
      range: at(rel, '"SessionStart"'),
      handlers: [{ type: 'command', label: 'echo hi', range: at(rel, '{ "type": "command", "command": "echo hi" }') }],
    },
  ]);
  assert.equal(entry('plugins/ops/.claude-plugin/plugin.json').hooks, undefined, 'a plugin.json without inline hooks has none');
});

test("hooks in a skill's or a subagent's frontmatter are indexed under it, at their ranges; a plugin agent's (ignored by Claude Code) are not", () => {
  const skill = entry('plugins/ops/skills/deploy/SKILL.md');
  assert.deepEqual(skill.hooks, [
    {
      event: 'PreToolUse',
      range: { start: { line: 4, character: 2 }, end: { line: 4, character: 12 } },
      handlers: [{ type: 'command', label: './guard.sh', matcher: 'Bash', range: { start: { line: 7, character: 10 }, end: { line: 8, character: 29 } } }],
    },
  ]);
  const agent = entry('.claude/agents/reviewer.md');
  assert.deepEqual(
    agent.hooks?.map((e) => [e.event, e.handlers.map((h) => [h.type, h.label])]),
    [['Stop', [['prompt', 'Done?']]]],
  );
  assert.equal(entry('plugins/ops/agents/guarded.md').hooks, undefined);
});

test("a plugin.json the file watcher never reported, once opened, makes its plugin's agent one: indexed under the plugin", async () => {
  // Written after the scan, with no watched-file event: only the editor's didOpen tells the server.
  const manifest = 'late/.claude-plugin/plugin.json';
  const agent = 'late/agents/helper.md';
  const texts: Record<string, string> = { [manifest]: '{ "name": "late-kit" }\n', [agent]: '---\nname: helper\ndescription: Helps.\n---\nHelp.\n' };
  for (const [rel, text] of Object.entries(texts)) {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  }
  client.open(fileUri(manifest), texts[manifest]!, 'json', 1);
  client.open(fileUri(agent), texts[agent]!, 'markdown', 1);
  const index = await waitForIndex(client, (fs) => !!fs.find((f) => f.uri === fileUri(agent))?.source?.plugin, 'the late agent under its plugin');
  const found = index.find((f) => f.uri === fileUri(agent));
  assert.deepEqual([found?.kind, found?.source?.plugin?.name], ['subagent', 'late-kit']);
});
