/// <reference types="mocha" />
// The Agent Files view for a Claude Code plugin with its parts, read through the tree provider the
// extension exposes: the plugin's skill, agent, command, hooks file (its events and handlers) and
// MCP server under it; the project's hooks and MCP servers in their groups; a click on an event or a
// server opens its file at it. The files are written into the temporary workspace copy and opened
// (opened, they reach the server whatever the file watcher does). A plugin.json's inline MCP servers
// and hooks and a skill's frontmatter hooks are listed under the plugin and the skill; a Codex plugin's skills under it.
import * as assert from 'assert';
import * as vscode from 'vscode';
import { eventually, fixture, open, runTreeCommand as runCommandOf, skillsTree as treeOf, treeRows as rows, type SkillsTreeProvider as Tree, type TreeRow as Row } from './helpers';

const FILES: Record<string, string> = {
  'kit/.claude-plugin/plugin.json': '{ "name": "lint-kit", "version": "1.0.0" }\n',
  'kit/skills/lint-fix/SKILL.md': '---\nname: lint-fix\ndescription: Fixes lint errors. Use when the linter fails.\n---\nRun the linter and fix what it reports.\n',
  'kit/agents/linter.md': '---\nname: linter\ndescription: Runs the linter and explains its findings.\n---\nRun the linter.\n',
  'kit/commands/lint.md': '---\ndescription: Lint the change\n---\nLint the current change.\n',
  'kit/hooks/hooks.json': '{\n  "hooks": {\n    "PostToolUse": [{ "matcher": "Write|Edit", "hooks": [{ "type": "command", "command": "npm run lint" }] }]\n  }\n}\n',
  'kit/.mcp.json': '{\n  "mcpServers": {\n    "lint-server": { "command": "npx", "args": ["lint-mcp"] }\n  }\n}\n',
  '.claude/settings.json': '{\n  "hooks": {\n    "Stop": [{ "hooks": [{ "type": "command", "command": "echo done" }] }]\n  }\n}\n',
  '.mcp.json': '{\n  "mcpServers": {\n    "docs": { "type": "http", "url": "https://example.com/mcp" }\n  }\n}\n',
  'guard/.claude-plugin/plugin.json':
    '{\n  "name": "guard-kit",\n  "mcpServers": {\n    "search": { "command": "node", "args": ["search.js"] }\n  },\n  "hooks": {\n    "SessionStart": [{ "hooks": [{ "type": "command", "command": "echo hi" }] }]\n  }\n}\n',
  'guard/skills/guarded/SKILL.md': [
    '---',
    'name: guarded',
    'description: Edits with a guard. Use when editing config.',
    'hooks:',
    '  PreToolUse:',
    '    - matcher: Bash',
    '      hooks:',
    '        - type: command',
    '          command: ./check.sh',
    '---',
    'Edit carefully.',
    '',
  ].join('\n'),
  'cx/.codex-plugin/plugin.json': '{ "name": "cx-tools", "skills": "./skills/" }\n',
  'cx/skills/review/SKILL.md': '---\nname: review\ndescription: Reviews a change. Use before merging.\n---\nReview it.\n',
};

const show = (list: Row[]) => list.map((x) => `${x.label} [${x.description}]`).join(', ');

function find(list: Row[], label: string): Row {
  const r = list.find((x) => x.label === label);
  assert.ok(r, `no row "${label}" among: ${show(list)}`);
  return r;
}

suite('Agent Files view: a plugin with its parts, hooks and MCP servers', () => {
  let tree: Tree;
  suiteSetup(async () => {
    tree = await treeOf();
    for (const [rel, text] of Object.entries(FILES)) await vscode.workspace.fs.writeFile(fixture(rel), new TextEncoder().encode(text));
    for (const rel of Object.keys(FILES)) await open(rel);
  });

  test('a plugin shows its skill, agent, command, hooks file and MCP server, in that order', async () => {
    const plugin = await eventually(
      async () => (await rows(tree)).find((r) => r.label === 'lint-kit'),
      (r) => !!r && /1 skill · 1 agent · 1 command · 1 hook · 1 MCP server/.test(r.description),
      'the lint-kit plugin with its parts',
    );
    assert.match(plugin!.description, /^plugin · 1 skill · 1 agent · 1 command · 1 hook · 1 MCP server/);
    const parts = await rows(tree, plugin!.node);
    assert.deepStrictEqual(
      parts.map((p) => p.label),
      ['lint-fix', '/lint', 'linter', 'kit/hooks/hooks.json', 'lint-server'],
    );
    assert.match(find(parts, 'lint-server').description, /^stdio · kit\/\.mcp\.json$/);
  });

  test('a hooks file expands to its events and handlers; a click on the event selects it in hooks.json', async () => {
    const plugin = (await rows(tree)).find((r) => r.label === 'lint-kit')!;
    const hooks = find(await rows(tree, plugin.node), 'kit/hooks/hooks.json');
    assert.strictEqual(hooks.item.collapsibleState, vscode.TreeItemCollapsibleState.Collapsed);
    const events = await rows(tree, hooks.node);
    assert.deepStrictEqual(
      events.map((e) => [e.label, e.description]),
      [['PostToolUse', '1 handler']],
    );
    const handlers = await rows(tree, events[0]!.node);
    assert.deepStrictEqual(
      handlers.map((h) => [h.label, h.description]),
      [['npm run lint', 'command · matcher: Write|Edit']],
    );
    const editor = await runCommandOf(events[0]!.item);
    assert.ok(editor.document.uri.path.endsWith('/kit/hooks/hooks.json'), editor.document.uri.path);
    assert.strictEqual(editor.document.getText(editor.selection), '"PostToolUse"');
  });

  test("the project's hooks and MCP servers are in their groups; a server opens its file at its name", async () => {
    const all = await eventually(
      () => rows(tree),
      (rs) => rs.some((r) => r.label === 'Hooks') && rs.some((r) => r.label === 'MCP servers'),
      'the Hooks and MCP servers groups',
    );
    const settings = find(await rows(tree, find(all, 'Hooks').node), '.claude/settings.json');
    assert.strictEqual(settings.description, 'Claude Code settings · 1 hook');
    assert.deepStrictEqual(
      (await rows(tree, settings.node)).map((e) => e.label),
      ['Stop'],
    );
    const servers = await rows(tree, find(all, 'MCP servers').node);
    assert.ok(!servers.some((s) => s.label === 'lint-server'), `the plugin's server is listed with the project's: ${show(servers)}`);
    const docs = find(servers, 'docs');
    assert.strictEqual(docs.description, 'http · .mcp.json');
    const editor = await runCommandOf(docs.item);
    assert.ok(editor.document.uri.path.endsWith('/.mcp.json'), editor.document.uri.path);
    assert.strictEqual(editor.document.getText(editor.selection), '"docs"');
  });

  test("a plugin.json's inline MCP server and hooks are under its plugin, and a click selects the server's name in plugin.json", async () => {
    const plugin = await eventually(
      async () => (await rows(tree)).find((r) => r.label === 'guard-kit'),
      (r) => !!r && /1 skill · 2 hooks · 1 MCP server/.test(r.description),
      'the guard-kit plugin with its inline server and hooks and its skill hooks',
    );
    const parts = await rows(tree, plugin!.node);
    assert.deepStrictEqual(
      parts.map((p) => p.label),
      ['guarded', 'search', 'SessionStart'],
    );
    const session = find(parts, 'SessionStart');
    assert.deepStrictEqual(
      (await rows(tree, session.node)).map((h) => [h.label, h.description]),
      [['echo hi', 'command']],
    );
    const search = find(parts, 'search');
    assert.strictEqual(search.description, 'stdio · guard/.claude-plugin/plugin.json');
    const editor = await runCommandOf(search.item);
    assert.ok(editor.document.uri.path.endsWith('/guard/.claude-plugin/plugin.json'), editor.document.uri.path);
    assert.strictEqual(editor.document.getText(editor.selection), '"search"');
  });

  test("a skill's frontmatter hooks are under the skill; a click on the event selects it in SKILL.md", async () => {
    const plugin = (await rows(tree)).find((r) => r.label === 'guard-kit')!;
    const skill = find(await rows(tree, plugin.node), 'guarded');
    assert.strictEqual(skill.item.collapsibleState, vscode.TreeItemCollapsibleState.Collapsed);
    const events = await rows(tree, skill.node);
    assert.deepStrictEqual(
      events.map((e) => [e.label, e.description]),
      [['PreToolUse', '1 handler']],
    );
    assert.deepStrictEqual(
      (await rows(tree, events[0]!.node)).map((h) => [h.label, h.description]),
      [['./check.sh', 'command · matcher: Bash']],
    );
    const editor = await runCommandOf(events[0]!.item);
    assert.ok(editor.document.uri.path.endsWith('/guard/skills/guarded/SKILL.md'), editor.document.uri.path);
    assert.strictEqual(editor.document.getText(editor.selection), 'PreToolUse');
  });

  test("a Codex plugin's skills are grouped under the plugin its .codex-plugin/plugin.json names", async () => {
    const plugin = await eventually(
      async () => (await rows(tree)).find((r) => r.label === 'cx-tools'),
      (r) => !!r && /1 skill/.test(r.description),
      'the cx-tools Codex plugin with its skill',
    );
    assert.match(plugin!.description, /^plugin · 1 skill/);
    assert.deepStrictEqual(
      (await rows(tree, plugin!.node)).map((p) => p.label),
      ['review'],
    );
  });
});
