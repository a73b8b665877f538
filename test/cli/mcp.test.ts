// `agent-files mcp`: the MCP server over stdio, driven by the SDK's own client (dist/cli.js mcp).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

const ROOT = resolve(__dirname, '../..');
const CLI = join(ROOT, 'dist/cli.js');
const FIXTURES = join(ROOT, 'test/fixtures');

let tmp: string;
const clients: Client[] = [];

/** A client connected to `agent-files mcp` started in `cwd` with these arguments. */
async function connect(cwd: string, ...args: string[]): Promise<Client> {
  const client = new Client({ name: 'agent-files-test', version: '0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp', ...args], cwd, stderr: 'pipe' }));
  clients.push(client);
  return client;
}

let server: Client;
before(async () => {
  tmp = fs.realpathSync(fs.mkdtempSync(join(os.tmpdir(), 'af-mcp-')));
  server = await connect(FIXTURES);
});
after(async () => {
  for (const c of clients) await c.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

function text(r: CallToolResult, i = 0): string {
  const c = r.content[i];
  assert.ok(c && c.type === 'text', `content ${i} is text: ${JSON.stringify(r)}`);
  return c.text;
}

function cli(cwd: string, ...args: string[]) {
  return spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8' });
}

test('the server lists its six read-only tools, each with an input schema', async () => {
  const { tools } = await server.listTools();
  assert.deepEqual(tools.map((t) => t.name).sort(), ['check', 'explain_rule', 'fill_command', 'loaded_for', 'route', 'world_eval']);
  for (const t of tools) {
    assert.equal(t.inputSchema.type, 'object', t.name);
    assert.equal(t.annotations?.readOnlyHint, true, t.name);
  }
});

test('check on a folder answers the JSON that agent-files check --format json prints', async () => {
  const r = await call(server, 'check', { paths: ['marketplace-repo'] });
  assert.notEqual(r.isError, true, text(r));
  const expected = cli(FIXTURES, 'check', '--format', 'json', 'marketplace-repo');
  assert.equal(expected.status, 0, 'the fixture has warnings and no error');
  assert.deepEqual(JSON.parse(text(r)), JSON.parse(expected.stdout));
  assert.ok(JSON.parse(text(r)).files.length >= 8);
});

test('explain_rule answers the rule section of docs/rules.md; an unknown code is an error result', async () => {
  const r = await call(server, 'explain_rule', { code: 'skill-name-directory-mismatch' });
  assert.notEqual(r.isError, true);
  assert.match(text(r), /^## skill-name-directory-mismatch\n/);
  assert.doesNotMatch(text(r), /\n## skill-description-missing/);
  const bad = await call(server, 'explain_rule', { code: 'skill-name-mising' });
  assert.equal(bad.isError, true);
  assert.match(text(bad), /^No rule 'skill-name-mising' \(did you mean 'skill-name-missing'\?\)/);
});

test('route ranks the skills of an agent.3md as agent-files route does', async () => {
  const r = await call(server, 'route', { file: 'cli/agents/agent.3md', request: 'find the todo comments' });
  const expected = cli(FIXTURES, 'route', 'cli/agents/agent.3md', 'find the todo comments');
  assert.deepEqual(JSON.parse(text(r)), JSON.parse(expected.stdout));
});

test('fill_command fills a safe value and refuses a hostile one with the CLI message, never running it', async () => {
  const ok = await call(server, 'fill_command', { file: 'cli/commands/ops.agent.3md', skill: 'grep', values: { q: '$(touch PWNED)', n: '5' } });
  assert.equal(text(ok), `grep -r -m '5' "\\$(touch PWNED)" .`);
  const hostile = await call(server, 'fill_command', { file: 'cli/commands/ops.agent.3md', skill: 'search', values: { pattern: '--pre=touch PWNED', path: 'src' } });
  assert.equal(hostile.isError, true);
  assert.match(text(hostile), /cannot fill \{pattern\}: the value starts with "-"/);
  assert.equal(fs.existsSync(join(FIXTURES, 'cli/commands/PWNED')), false);
});

test('world_eval answers the JSON of agent-files world eval --format json', async () => {
  const r = await call(server, 'world_eval', { path: 'world/app-builder' });
  const expected = cli(FIXTURES, 'world', 'eval', '--format', 'json', 'world/app-builder');
  assert.deepEqual(JSON.parse(text(r)), JSON.parse(expected.stdout));
  assert.equal(JSON.parse(text(r)).result, 'PASS');
});

test('loaded_for names the instruction files each client loads for a path, and who loads a skill', async () => {
  const r = await call(server, 'loaded_for', { path: 'marketplace-repo/src/new-file.ts' });
  const out = JSON.parse(text(r));
  const codex = out.instructions.find((c: { client: string }) => c.client.startsWith('Codex'));
  assert.deepEqual(
    codex.files.map((f: { path: string }) => f.path),
    ['marketplace-repo/AGENTS.md'],
  );
  const skill = JSON.parse(text(await call(server, 'loaded_for', { path: 'marketplace-repo/.claude/skills' })));
  assert.ok(skill.skills.some((s: { client: string; files: string[] }) => s.client === 'Claude Code' && s.files.some((f) => f.startsWith('marketplace-repo/.claude/skills/'))));
});

test("loaded_for takes each client's context window for its skill listing budget, as --context-window does", async () => {
  const listing = async (args: Record<string, unknown>) =>
    JSON.parse(text(await call(server, 'loaded_for', { path: 'marketplace-repo', ...args }))).listings.find((l: { client: string }) => l.client === 'Claude Code');
  const wide = await listing({});
  const narrow = await listing({ contextWindow: { 'claude-code': 100_000 } });
  assert.ok(wide && narrow, 'no Claude Code listing');
  assert.equal(narrow.budget * 2, wide.budget);
  const expected = JSON.parse(cli(FIXTURES, 'effect', '--format', 'json', '--root', '.', '--context-window', 'claude-code=100000', 'marketplace-repo').stdout);
  assert.deepEqual(
    narrow,
    expected.listings.find((l: { client: string }) => l.client === 'Claude Code'),
  );
});

test('a path outside the roots is an error result, through .. or an absolute path', async () => {
  for (const p of ['../../package.json', join(ROOT, 'package.json'), '/']) {
    const r = await call(server, 'check', { paths: [p] });
    assert.equal(r.isError, true, p);
    assert.match(text(r), /is outside the folders this server may read/, p);
  }
});

test('a symbolic link inside the root that leads outside it is refused', async () => {
  fs.mkdirSync(join(tmp, 'root'));
  fs.symlinkSync(join(FIXTURES, 'cli'), join(tmp, 'root', 'link'));
  const c = await connect(join(tmp, 'root'));
  const r = await call(c, 'route', { file: 'link/agents/agent.3md', request: 'find' });
  assert.equal(r.isError, true);
  assert.match(text(r), /link\/agents\/agent\.3md is outside the folders/);
  const inside = await call(c, 'loaded_for', { path: 'link' });
  assert.equal(inside.isError, true);
});

test('--root names the folders a tool may read; paths start at the first', async () => {
  const c = await connect(tmp, '--root', join(FIXTURES, 'cli'), '--root', join(FIXTURES, 'world'));
  const r = await call(c, 'route', { file: 'agents/agent.3md', request: 'find' });
  assert.notEqual(r.isError, true, text(r));
  assert.equal(JSON.parse(text(await call(c, 'world_eval', { path: join(FIXTURES, 'world/app-builder') }))).result, 'PASS');
  assert.equal((await call(c, 'check', { paths: [join(FIXTURES, 'skills')] })).isError, true);
});

test('malformed arguments are answered with an error result, and the server keeps serving', async () => {
  const cases: [string, Record<string, unknown>][] = [
    ['check', { paths: 42 }],
    ['check', { paths: [] }],
    ['route', { file: 'cli/agents/agent.3md' }],
    ['fill_command', { file: 'cli/commands/ops.agent.3md', skill: 'grep', values: { 'not a name': 'x' } }],
    ['explain_rule', { code: '' }],
    ['check', { paths: ['no-such-folder'] }],
    ['route', { file: 'cli/agents', request: 'find' }],
  ];
  for (const [name, args] of cases) {
    const r = await call(server, name, args);
    assert.equal(r.isError, true, `${name} ${JSON.stringify(args)}: ${JSON.stringify(r)}`);
    assert.doesNotMatch(text(r), /\n\s+at /, 'no stack trace');
  }
  const { tools } = await server.listTools();
  assert.equal(tools.length, 6);
});

test('a root that is not a folder stops the server with exit 2 and a message', () => {
  const r = cli(tmp, 'mcp', '--root', join(tmp, 'missing'));
  assert.equal(r.status, 2);
  assert.match(r.stderr, /root .*missing: no such folder/);
  assert.equal(r.stdout, '');
});
