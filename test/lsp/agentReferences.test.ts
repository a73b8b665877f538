/**
 * Find references from what a Claude Code subagent or command names back to the files naming it:
 * an `.mcp.json` server's key to the tool-list entries `mcp__server…`, a SKILL.md's `name` to the
 * subagents that preload it (`skills:`); and definition the other way (core/subagents/references.ts).
 * And from a plugin's plugin.json back to the marketplace entries that list the plugin.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import type { Location } from 'vscode-languageserver-protocol';
import { startClient, type TestClient } from '../helpers/inProcessClient';
import { waitFor, waitForIndex } from '../helpers/lspWorkspace';
import { shutdown } from '../fixtures/workspace-formats/lsp';
import { joinLines } from '../helpers/markers';

let root: string;
let client: TestClient;
const fileUri = (...p: string[]) => URI.file(path.join(root, ...p)).toString();
const write = (rel: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  fs.writeFileSync(path.join(root, rel), text);
};

const MCP = joinLines('{', '  "mcpServers": {', '    "github": { "command": "gh-mcp" },', '    "docs": { "url": "https://docs.example/mcp" }', '  }', '}', '');
const REVIEWER = joinLines('---', 'name: reviewer', 'description: Reviews pull requests.', 'tools: Read, mcp__github__get_pr', 'skills: api-style', '---', 'Review.', '');
const TRIAGE = joinLines('---', 'name: triage', 'description: Sorts issues.', 'tools:', '  - mcp__github', '  - mcp__docs__search', '---', 'Sort.', '');
const SHIP = joinLines('---', 'allowed-tools: Bash(git:*), mcp__github__merge_pr', '---', 'Ship it.', '');
const MARKET = joinLines(
  '{',
  '  "name": "tools",',
  '  "owner": { "name": "Me" },',
  '  "plugins": [',
  '    { "name": "fmt", "source": "./plugins/fmt" },',
  '    { "name": "lint", "source": "./plugins/lint" }',
  '  ]',
  '}',
  '',
);
const PLUGIN = joinLines('{', '  "name": "fmt"', '}', '');
const SKILL = joinLines('---', 'name: api-style', 'description: API style rules. Use when writing an endpoint.', '---', '# API style', '');

before(async () => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'af-agent-refs-')));
  write('.mcp.json', MCP);
  write('.claude/agents/reviewer.md', REVIEWER);
  write('.claude/agents/triage.md', TRIAGE);
  write('.claude/commands/ship.md', SHIP);
  write('.claude/skills/api-style/SKILL.md', SKILL);
  write('.claude-plugin/marketplace.json', MARKET);
  write('plugins/fmt/.claude-plugin/plugin.json', PLUGIN);
  // Another project's agent naming the same server: its own .mcp.json, not this one.
  write('other/.claude/agents/elsewhere.md', REVIEWER.replace('name: reviewer', 'name: elsewhere'));
  client = await startClient({ rootUri: URI.file(root).toString() });
  await waitForIndex(client, (files) => files.filter((f) => f.kind === 'subagent' || f.kind === 'command').length >= 4);
});
after(async () => {
  await shutdown(client);
  fs.rmSync(root, { recursive: true, force: true });
});

const refs = (uri: string, text: string, line: number, character: number, includeDeclaration: boolean, what: string) => {
  client.open(uri, text, uri.endsWith('.json') ? 'json' : 'markdown', 1);
  return waitFor(
    client,
    () => client.request<Location[]>('textDocument/references', { textDocument: { uri }, position: { line, character }, context: { includeDeclaration } }),
    (r) => r.length > 0,
    what,
  );
};
const where = (locs: Location[]) => locs.map((l) => `${path.relative(root, URI.parse(l.uri).fsPath)}:${l.range.start.line}:${l.range.start.character}`).sort();

test("references from an .mcp.json server lists the project's subagents and commands whose tools name it", async () => {
  const got = await refs(fileUri('.mcp.json'), MCP, 2, 6, true, 'the users of github');
  assert.deepEqual(where(got), ['.claude/agents/reviewer.md:3:13', '.claude/agents/triage.md:4:4', '.claude/commands/ship.md:1:28', '.mcp.json:2:4']);
  const docs = await refs(fileUri('.mcp.json'), MCP, 3, 6, false, 'the users of docs');
  assert.deepEqual(where(docs), ['.claude/agents/triage.md:5:4']);
});

test("references from a SKILL.md's name lists the subagents that preload it", async () => {
  const got = await refs(fileUri('.claude', 'skills', 'api-style', 'SKILL.md'), SKILL, 1, 8, false, 'the users of api-style');
  assert.deepEqual(where(got), ['.claude/agents/reviewer.md:4:8']);
});

test('definition from a tool entry goes to the server in .mcp.json', async () => {
  const uri = fileUri('.claude', 'agents', 'triage.md');
  client.open(uri, TRIAGE, 'markdown', 1);
  const locs = await client.request<Location[]>('textDocument/definition', { textDocument: { uri }, position: { line: 5, character: 10 } });
  assert.deepEqual(where(locs), ['.mcp.json:3:4']);
});

test("references from a plugin's plugin.json lists the marketplace entries that name its folder", async () => {
  const got = await refs(fileUri('plugins', 'fmt', '.claude-plugin', 'plugin.json'), PLUGIN, 1, 4, false, 'the marketplace entry of fmt');
  assert.deepEqual(where(got), ['.claude-plugin/marketplace.json:4:31']);
});
