/** Cursor's project MCP configuration, `.cursor/mcp.json`: what Cursor loads, skips and fills in. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { InMemoryHost, emptyHost, type IWorkspaceHost } from '../../server/src/core/workspace/host';
import { analyzeMcpConfig, mcpConfigCompletion, mcpConfigHover } from '../../server/src/core/mcpConfig';
import { cursor, joinLines, ranges } from '../helpers/markers';

const CURSOR = 'file:///ws/.cursor/mcp.json';
const all = (text: string, host: IWorkspaceHost = emptyHost) => analyzeMcpConfig(text, CURSOR, host).diagnostics;
const codes = (text: string, host?: IWorkspaceHost) => all(text, host).map((d) => `${d.code}/${d.severity}`);

test('a Cursor file as its documentation writes it gives no finding: no type, a remote url alone, comments, static OAuth', () => {
  const text = joinLines(
    '{',
    '  // the team’s servers',
    '  "mcpServers": {',
    '    "db": {"command": "npx", "args": ["-y", "db-mcp"], "env": {"TOKEN": "${env:DB_TOKEN}"}},',
    '    "docs": {"url": "https://mcp.example.com/mcp", "headers": {"Authorization": "Bearer ${env:DOCS_KEY}"}},',
    '    "sso": {"type": "streamable-http", "url": "https://sso.example.com/mcp", "auth": {"CLIENT_ID": "${env:ID}", "scopes": ["mcp"]}},',
    '  }',
    '}',
  );
  assert.deepEqual(codes(text), []);
});

test('keys and types Cursor does not document are not judged, nor which of command and url it takes', () => {
  assert.deepEqual(codes('{"mcpServers": {"a": {"command": "x", "disabled": true, "autoApprove": []}}, "note": "x"}'), []);
  assert.deepEqual(codes('{"mcpServers": {"a": {"type": "websocket", "url": "wss://x/mcp"}}}'), []);
  assert.deepEqual(codes('{"mcpServers": {"a": {"command": "x", "url": "https://x/mcp"}}}'), []);
});

test("servers under VS Code's `servers` key are an error on the key: Cursor requires `mcpServers` and loads none", () => {
  const {
    text,
    ranges: [r],
  } = ranges('{«"servers"»: {"db": {"command": "x"}}}');
  const [d, ...rest] = all(text);
  assert.deepEqual(rest, []);
  assert.equal(d?.code, 'mcp-servers-key');
  assert.equal(d?.severity, 'error');
  assert.deepEqual(d?.range, r);
  assert.match(d!.message, /^Cursor reads its servers from `mcpServers`/);
});

test('a server with neither command nor url is an error on its name; a JSON error names Cursor', () => {
  const {
    text,
    ranges: [r],
  } = ranges('{"mcpServers": {«"empty"»: {"env": {}}, "ok": {"command": "x"}}}');
  const [d] = all(text);
  assert.equal(d?.code, 'mcp-server-incomplete');
  assert.deepEqual(d?.range, r);
  assert.match(d!.message, /^Cursor does not start `empty`/);
  assert.deepEqual(codes('{"mcpServers": {"a": "npx server"}}'), ['mcp-server-incomplete/error']);
  const [bad] = all('{"mcpServers": {"a": {"command": "x"}');
  assert.equal(bad?.code, 'mcp-invalid-json');
  assert.match(bad!.message, /^Cursor loads no server from this file/);
});

test('a duplicate server name is a warning on the one Cursor ignores', () => {
  const {
    text,
    ranges: [r],
  } = ranges('{"mcpServers": {«"db"»: {"command": "a"}, "db": {"command": "b"}}}');
  const ds = all(text);
  assert.deepEqual(
    ds.map((d) => [d.code, d.severity, d.range]),
    [['mcp-server-duplicate', 'warning', r]],
  );
});

test("one machine's path and a committed token name Cursor's own variables as the way out", () => {
  const {
    text,
    ranges: [home, token],
  } = ranges('{"mcpServers": {"db": {"command": "node", "args": ["«/Users/ana/db/index.js»"], "env": {"K": "«sbp_0123456789abcdef0123456789abcdef01234567»"}}}}');
  const ds = all(text);
  assert.deepEqual(
    ds.map((d) => [d.code, d.severity, d.range]),
    [
      ['mcp-path-machine', 'warning', home],
      ['mcp-secret-committed', 'information', token],
    ],
  );
  assert.match(ds[0]!.message, /Cursor starts `db` with it.*`\$\{workspaceFolder\}`.*`\$\{userHome\}`/);
  assert.match(ds[1]!.message, /`\$\{env:NAME\}`, which Cursor fills/);
  // `cwd`, which Cursor is reported not to apply, is not judged.
  assert.deepEqual(codes('{"mcpServers": {"db": {"command": "node", "args": ["server.js"], "cwd": "/Users/ana/db"}}}'), []);
});

test('a relative command is looked for from the project folder, the one that holds .cursor/', () => {
  const host = new InMemoryHost({ 'file:///ws/scripts/server.sh': '' });
  assert.deepEqual(codes('{"mcpServers": {"a": {"command": "./scripts/server.sh"}}}', host), []);
  const [d] = all('{"mcpServers": {"a": {"command": "./scripts/missing.sh"}}}', host);
  assert.equal(d?.code, 'mcp-command-not-found');
  assert.match(d!.message, /from the workspace folder: Cursor may not start `a`/);
});

test("hover on mcpServers speaks for Cursor and its variables; completion offers Cursor's keys", () => {
  const top = cursor('{"mcp$0Servers": {}}');
  const h = mcpConfigHover(top.text, CURSOR, top.position)!.contents;
  assert.match(h, /^\*\*mcpServers\*\*: Cursor: /);
  assert.match(h, /\$\{userHome\}/);
  const key = cursor('{"mcpServers": {"a": {"$0"}}}');
  const labels = mcpConfigCompletion(key.text, CURSOR, key.position).map((i) => i.label);
  assert.ok(labels.includes('auth') && labels.includes('url') && !labels.includes('headersHelper'), labels.join());
});
