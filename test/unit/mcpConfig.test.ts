import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileKindOf } from '../../server/src/core/workspace/fileKinds';
import { analyzeKind, diagnosticsOfKind } from '../../server/src/core/analysis/fileAnalyses';
import { InMemoryHost, emptyHost, type IWorkspaceHost } from '../../server/src/core/workspace/host';
import { analyzeMcpConfig, mcpConfigCompletion, mcpConfigHover } from '../../server/src/core/mcpConfig';
import { cursor, joinLines, ranges } from '../helpers/markers';

const CLAUDE = 'file:///ws/.mcp.json';
const VSCODE = 'file:///ws/.vscode/mcp.json';
const all = (text: string, uri = CLAUDE, host: IWorkspaceHost = emptyHost) => {
  const a = analyzeMcpConfig(text, uri, host);
  return [...a.diagnostics, ...a.shapeDiagnostics];
};
const codes = (text: string, uri = CLAUDE, host?: IWorkspaceHost) => all(text, uri, host).map((d) => `${d.code}/${d.severity}`);

test('.mcp.json, .vscode/mcp.json and .cursor/mcp.json are MCP configurations, and other JSON is not', () => {
  assert.equal(fileKindOf('/ws/.mcp.json'), 'mcp-config');
  assert.equal(fileKindOf('/ws/plugins/p/.mcp.json'), 'mcp-config');
  assert.equal(fileKindOf('C:\\ws\\.vscode\\mcp.json'), 'mcp-config');
  assert.equal(fileKindOf('/ws/.cursor/mcp.json'), 'mcp-config');
  assert.equal(fileKindOf('/ws/mcp.json'), null);
  assert.equal(fileKindOf('/ws/.vscode/settings.json'), null);
  assert.equal(fileKindOf('/ws/.cursor/settings.json'), null);
});

test('valid files of both clients, and a plugin’s flat map of servers, give no finding', () => {
  assert.deepEqual(codes('{"mcpServers": {"db": {"command": "npx", "args": ["-y", "db-mcp"], "env": {"K": "${K:-x}"}}, "docs": {"type": "http", "url": "https://x/mcp"}}}'), []);
  assert.deepEqual(codes('{"github": {"type": "http", "url": "https://api/mcp", "headers": {"A": "B"}}}', 'file:///ws/plugins/gh/.mcp.json'), []);
  const vscode = joinLines(
    '{',
    '  // comments are fine here',
    '  "inputs": [{"type": "promptString", "id": "key", "password": true}],',
    '  "servers": {"db": {"type": "stdio", "command": "node", "env": {"K": "${input:key}"}},}',
    '}',
  );
  assert.deepEqual(codes(vscode, VSCODE), []);
});

test('a comment or trailing comma in .mcp.json is an error at its position: Claude Code reads strict JSON', () => {
  const {
    text,
    ranges: [r],
  } = ranges('{"mcpServers": {},«}»');
  const [d] = all(text);
  assert.equal(d?.code, 'mcp-invalid-json');
  assert.equal(d?.severity, 'error');
  assert.deepEqual(d?.range, r);
  assert.match(d!.message, /strict JSON/);
  assert.deepEqual(codes('// c\n{"mcpServers": {}}'), ['mcp-invalid-json/error']);
  assert.deepEqual(codes(''), ['mcp-invalid-json/error']);
});

test("the other client's key is an error: no server loads", () => {
  const {
    text,
    ranges: [r],
  } = ranges('{«"servers"»: {"db": {"command": "x"}}}');
  const ds = all(text);
  assert.deepEqual(
    ds.map((d) => d.code),
    ['mcp-servers-key'],
  );
  assert.deepEqual(ds[0]!.range, r);
  assert.deepEqual(codes('{"mcpServers": {"db": {"command": "x"}}}', VSCODE), ['mcp-servers-key/error']);
  assert.deepEqual(codes('{}', VSCODE), []);
});

test('`servers` in a .mcp.json beside a Visual Studio solution is advice: Visual Studio reads <SOLUTIONDIR>\\.mcp.json with that key', () => {
  const solution = new InMemoryHost({ 'file:///ws/App.slnx': '<Solution />', 'file:///ws/.mcp.json': '' });
  const ds = all('{"servers": {"db": {"command": "x"}}}', CLAUDE, solution);
  assert.deepEqual(
    ds.map((d) => `${d.code}/${d.severity}`),
    ['mcp-servers-key/information'],
  );
  assert.match(ds[0]!.message, /Visual Studio reads this file with `servers`/);
  const template = new InMemoryHost({ 'file:///ws/Directory.Solution.props': '<Project />' });
  assert.deepEqual(codes('{"servers": {"db": {"command": "x"}}}', CLAUDE, template), ['mcp-servers-key/information']);
  // A solution in another folder says nothing about this file.
  assert.deepEqual(codes('{"servers": {"db": {"command": "x"}}}', CLAUDE, new InMemoryHost({ 'file:///ws/src/App.sln': '' })), ['mcp-servers-key/error']);
});

test('a server without command or url, or without the field its type needs, is an error', () => {
  assert.deepEqual(codes('{"mcpServers": {"db": {"args": ["x"]}}}'), ['mcp-server-incomplete/error']);
  assert.deepEqual(codes('{"mcpServers": {"db": {"type": "http"}}}'), ['mcp-server-incomplete/error']);
  assert.deepEqual(codes('{"mcpServers": {"db": {"type": "sse", "command": "x"}}}'), ['mcp-server-incomplete/error', 'mcp-key-ignored/warning']);
  assert.deepEqual(codes('{"mcpServers": {"db": {"type": "stdio", "url": "https://x"}}}'), ['mcp-server-incomplete/error']);
  assert.deepEqual(codes('{"mcpServers": {"db": 3}}'), ['mcp-server-incomplete/error']);
});

test('a url without type is an error in .mcp.json, where Claude Code reads the entry as a stdio server and skips it, and fine in VS Code', () => {
  const { text, ranges: r } = ranges('{"mcpServers": {«"exa"»: {"url": "https://mcp.exa.ai/mcp", "headers": {"K": "${K}"}}}}');
  const ds = all(text);
  assert.deepEqual(
    ds.map((d) => [d.code, d.severity, d.range]),
    [['mcp-server-incomplete', 'error', r[0]]],
  );
  assert.match(ds[0]!.message, /Claude Code skips `exa`: an entry without `type` is a stdio server, which needs `command`; a remote server needs "type": "http"/);
  assert.deepEqual(codes('{"servers": {"exa": {"url": "https://mcp.exa.ai/mcp"}}}', VSCODE), []);
  assert.deepEqual(codes('{"mcpServers": {"exa": {"type": "sse", "url": "https://x/sse"}}}'), []);
  // A Copilot plugin's .mcp.json (plugin.json at its root) is not Claude Code's to load; a Claude Code plugin's is.
  const urlOnly = '{"mcpServers": {"exa": {"url": "https://mcp.exa.ai/mcp"}}}';
  assert.deepEqual(codes(urlOnly, 'file:///ws/plugins/p/.mcp.json', new InMemoryHost({ 'file:///ws/plugins/p/plugin.json': '{}' })), []);
  const claudePlugin = new InMemoryHost({ 'file:///ws/plugins/p/plugin.json': '{}', 'file:///ws/plugins/p/.claude-plugin/plugin.json': '{}' });
  assert.deepEqual(codes(urlOnly, 'file:///ws/plugins/p/.mcp.json', claudePlugin), ['mcp-server-incomplete/error']);
});

test('an unknown type is an error on its value', () => {
  const {
    text,
    ranges: [r],
  } = ranges('{"mcpServers": {"db": {"type": «"streamable_http"», "url": "https://x"}}}');
  const ds = all(text);
  assert.deepEqual(
    ds.map((d) => `${d.code}/${d.severity}`),
    ['mcp-type-unknown/error'],
  );
  assert.deepEqual(ds[0]!.range, r);
  assert.deepEqual(codes('{"servers": {"db": {"type": "ws", "url": "wss://x"}}}', VSCODE), ['mcp-type-unknown/error']);
  assert.deepEqual(codes('{"servers": {"db": {"type": "streamable-http", "url": "https://x"}}}', VSCODE), ['mcp-type-unknown/error']);
});

test('"streamable-http" in .mcp.json is advice: Claude Code reads it as "http" (older versions skipped the server), and the server is checked as a remote one', () => {
  const {
    text,
    ranges: [r],
  } = ranges('{"mcpServers": {"db": {"type": «"streamable-http"», "url": "https://x"}}}');
  const ds = all(text);
  assert.deepEqual(
    ds.map((d) => [d.code, d.severity, d.range]),
    [['mcp-type-unknown', 'information', r]],
  );
  assert.match(ds[0]!.message, /Claude Code reads "streamable-http" as "http"/);
  assert.deepEqual(codes('{"mcpServers": {"db": {"type": "streamable-http"}}}'), ['mcp-type-unknown/information', 'mcp-server-incomplete/error']);
});

test('url on a stdio server and command on an http one are ignored: a warning on the ignored key', () => {
  assert.deepEqual(codes('{"mcpServers": {"db": {"command": "x", "url": "https://x"}}}'), ['mcp-key-ignored/warning']);
  assert.deepEqual(codes('{"mcpServers": {"db": {"type": "http", "url": "https://x", "command": "x"}}}'), ['mcp-key-ignored/warning']);
});

test('a duplicate server name warns on the earlier entry, naming the line of the one kept', () => {
  const text = joinLines('{"mcpServers": {', '  "db": {"command": "a"},', '  "db": {"command": "b"}', '}}');
  const ds = all(text);
  assert.deepEqual(
    ds.map((d) => d.code),
    ['mcp-server-duplicate'],
  );
  assert.equal(ds[0]!.range.start.line, 1);
  assert.match(ds[0]!.message, /line 3/);
});

test('${input:id} naming no input warns in .vscode/mcp.json, and is kept when VS Code reports the shape itself', () => {
  const text = '{"inputs": [{"id": "key"}], "servers": {"db": {"type": "stdio", "command": "x", "env": {"A": "${input:key}", "B": "${input:tokn}"}, "bogus": 1}}}';
  assert.deepEqual(codes(text, VSCODE), ['mcp-input-unknown/warning', 'mcp-key-unknown/information']);
  const a = analyzeKind('mcp-config', text, VSCODE, emptyHost);
  assert.deepEqual(
    diagnosticsOfKind('mcp-config', a, text, { schemaDiagnostics: false }).map((d) => d.code),
    ['mcp-input-unknown'],
  );
  // Nothing reports .mcp.json for Claude Code: its shape findings stay.
  const claude = '{"mcpServers": {"db": {"command": "x", "url": "https://x", "bogus": 1}}}';
  assert.deepEqual(
    diagnosticsOfKind('mcp-config', analyzeKind('mcp-config', claude, CLAUDE, emptyHost), claude, { schemaDiagnostics: false }).map((d) => d.code),
    ['mcp-key-ignored', 'mcp-key-unknown'],
  );
});

test('unknown keys are information; keys starting with _ or $ are not reported', () => {
  assert.deepEqual(codes('{"$schema": "x", "_comment": "y", "mcpServers": {"db": {"command": "x", "description": "d", "_note": 1}}, "other": 1}'), [
    'mcp-key-unknown/information',
    'mcp-key-unknown/information',
  ]);
});

test('a relative command naming no file is information; a file that exists, a PATH name or a variable is not reported', () => {
  const host = new InMemoryHost({ 'file:///ws/bin/run.sh': '' });
  assert.deepEqual(codes('{"mcpServers": {"a": {"command": "./bin/missing.sh"}}}', CLAUDE, host), ['mcp-command-not-found/information']);
  assert.deepEqual(codes('{"mcpServers": {"a": {"command": "./bin/run.sh"}}}', CLAUDE, host), []);
  assert.deepEqual(codes('{"servers": {"a": {"type": "stdio", "command": "bin/run.sh"}}}', VSCODE, host), []);
  assert.deepEqual(codes('{"mcpServers": {"a": {"command": "node"}, "b": {"command": "${CLAUDE_PLUGIN_ROOT}/x"}}}', CLAUDE, host), []);
});

test('a relative command that leaves the project folder is not judged: files outside the workspace are never read', () => {
  const host = new InMemoryHost({ 'file:///ws/bin/run.sh': '' });
  assert.deepEqual(codes('{"mcpServers": {"a": {"command": "../../bin/sh"}, "b": {"command": "bin/../../tools/x"}}}', CLAUDE, host), []);
  assert.deepEqual(codes('{"servers": {"a": {"type": "stdio", "command": "../bin/run"}}}', VSCODE, host), []);
  // A climb that stays inside the folder is still judged.
  assert.deepEqual(codes('{"mcpServers": {"a": {"command": "bin/../tools/missing"}}}', CLAUDE, host), ['mcp-command-not-found/information']);
});

test('hover on a key says how the client starts the server', () => {
  const { text, position } = cursor('{"mcpServers": {"db": {"com$0mand": "npx"}}}');
  const h = mcpConfigHover(text, CLAUDE, position);
  assert.match(h!.contents, /starts/);
  assert.match(h!.contents, /\$\{VAR:-default\}/);
  const v = cursor('{"ser$0vers": {}}');
  assert.match(mcpConfigHover(v.text, VSCODE, v.position)!.contents, /VS Code/);
  const none = cursor('{"mcpServers": {"db": {"command": "n$0px"}}}');
  assert.equal(mcpConfigHover(none.text, CLAUDE, none.position), null);
});

test('completion offers the server keys of each client at a key, and the transports at the value of type', () => {
  const labels = (t: string, uri = CLAUDE) => {
    const { text, position } = cursor(t);
    return mcpConfigCompletion(text, uri, position).map((i) => i.label);
  };
  assert.ok(labels('{"mcpServers": {"db": {"$0"}}}').includes('headersHelper'));
  assert.ok(labels('{"servers": {"db": {"$0"}}}', VSCODE).includes('envFile'));
  assert.deepEqual(labels('{"servers": {"db": {"type": "$0"}}}', VSCODE), ['stdio', 'http', 'sse']);
  assert.ok(labels('{"gh": {"$0"}}', 'file:///ws/plugin/.mcp.json').includes('command'));
  assert.deepEqual(labels('{"mcpServers": {"$0"}}'), []);
});

test('a .mcp.json inside .claude is information: Claude Code reads the project root', () => {
  assert.deepEqual(codes('{"mcpServers": {"a": {"command": "node"}}}', 'file:///ws/.claude/.mcp.json'), ['mcp-file-not-read/information']);
  assert.deepEqual(codes('{"mcpServers": {"a": {"command": "node"}}}', 'file:///ws/.mcp.json'), []);
});

test("a .mcp.json inside .claude-plugin is not read either (a plugin's servers are at its root), and what else it says is advice", () => {
  const machine = '{"mcpServers": {"a": {"command": "node", "args": ["C:/Users/trg16/Dev/server.js"]}}}';
  const inPlugin = all(machine, 'file:///ws/masonry/.claude-plugin/.mcp.json');
  assert.deepEqual(
    inPlugin.map((d) => `${d.code}/${d.severity}`),
    ['mcp-file-not-read/information', 'mcp-path-machine/information'],
  );
  assert.match(inPlugin[0]!.message, /plugin root/);
  assert.match(inPlugin[1]!.message, /does not read this file/);
  assert.deepEqual(codes(machine, 'file:///ws/.claude/.mcp.json'), ['mcp-file-not-read/information', 'mcp-path-machine/information']);
  // At the plugin's root it is read: the machine's path is a warning.
  assert.deepEqual(codes(machine, 'file:///ws/masonry/.mcp.json'), ['mcp-path-machine/warning']);
});

test('hostile input never throws', () => {
  for (const t of ['[', '{"mcpServers": []}', '{"mcpServers": {"a": {"type": 1, "command": 2}}}', '['.repeat(5000), '{"servers": {"a": {"env": {"x": "${input:"}}}}']) {
    for (const uri of [CLAUDE, VSCODE]) assert.doesNotThrow(() => all(t, uri));
  }
});

test("a path on one machine in a server's command, arguments, folder or environment is a warning on that value, naming what travels instead", () => {
  const { text, ranges: r } = ranges(
    JSON.stringify({
      mcpServers: {
        shrimp: { command: 'node', args: ['«E:/claudeStudy/mcp-shrimp/dist/index.js»'], env: { DATA_DIR: '«E:/claudeStudy/data»', HOME_NOTE: 'fine' } },
        serena: { command: 'uvx', args: ['serena', '--project', '«c:/git/jpx/workout»'] },
        notes: { command: '«/Users/ana/bin/notes-mcp»', cwd: '«/home/ana/My Notes (2024)»' },
      },
    }),
  );
  const ds = all(text);
  assert.deepEqual(
    ds.map((d) => [d.code, d.severity, d.range]),
    r.map((range) => ['mcp-path-machine', 'warning', range]),
  );
  assert.match(ds[0]!.message, /`E:\/claudeStudy\/mcp-shrimp\/dist\/index.js` is a path on one machine's drive: Claude Code starts `shrimp` with it as written/);
  assert.match(ds[3]!.message, /`\/Users\/ana\/bin\/notes-mcp` is a path in one user's home folder/);
  assert.match(ds[0]!.message, /\$\{VAR:-default\}/);
  assert.match(ds[4]!.message, /^`\/home\/ana\/My Notes \(2024\)` is a path/);
  // VS Code's file and a plugin's name their own variables.
  const vscode = all('{"servers": {"x": {"command": "C:\\\\tools\\\\x.exe"}}}', VSCODE);
  assert.match(vscode[0]!.message, /\$\{workspaceFolder\}/);
  const plugin = all('{"mcpServers": {"x": {"command": "/home/ana/x"}}}', 'file:///ws/p/.mcp.json', new InMemoryHost({ 'file:///ws/p/.claude-plugin/plugin.json': '{}' }));
  assert.match(plugin[0]!.message, /\$\{CLAUDE_PLUGIN_ROOT\}/);
  // Another client's plugin (plugin.json at its root): the message does not speak for Claude Code.
  const copilot = all('{"mcpServers": {"x": {"command": "/home/ana/x"}}}', 'file:///ws/p/.mcp.json', new InMemoryHost({ 'file:///ws/p/plugin.json': '{}' }));
  assert.match(copilot[0]!.message, /is a path in one user's home folder: the plugin's client starts `x` with it as written/);
});

test("paths every machine has, placeholders, variables, generic users and remote servers are not one machine's", () => {
  const quiet = {
    mcpServers: {
      a: { command: 'C:\\Program Files\\nodejs\\node.exe', args: ['C:/path/to/project', '<dir>', '${HOME}/x', '/home/user/x', 'D:\\your-folder\\x'] },
      b: { command: 'npx', args: ['-y', 'server', '--root', '/home/runner/work'], env: { URL: 'https://example.com/C:/x' } },
      c: { type: 'http', url: 'https://x', headers: { 'X-Dir': '/Users/ana/x' } },
    },
  };
  assert.deepEqual(codes(JSON.stringify(quiet)), []);
});

test('a token written into a server entry is advice on the token, naming its issuer without repeating it, and how each client reads it from the environment', () => {
  const sbp = `sbp_${'0123456789abcdef'.repeat(2)}01234567`;
  const ghp = `ghp_${'aB3dE6gH9j'.repeat(3)}kLmNoP`;
  const { text, ranges: r } = ranges(
    JSON.stringify({
      mcpServers: {
        supabase: { command: 'npx', args: ['-y', '@supabase/mcp-server-supabase', `--access-token=«${sbp}»`] },
        github: { type: 'http', url: 'https://api.githubcopilot.com/mcp/', headers: { Authorization: `Bearer «${ghp}»` } },
        placeholders: { command: 'x', env: { A: 'ghp_your_token_here', B: `sk-${'x'.repeat(48)}`, C: '${SUPABASE_ACCESS_TOKEN}', D: 'sbp_<token>' } },
      },
    }),
  );
  const ds = all(text).filter((d) => d.code === 'mcp-secret-committed');
  assert.deepEqual(
    ds.map((d) => [d.severity, d.range]),
    r.map((range) => ['information', range]),
  );
  assert.match(
    ds[0]!.message,
    /^`supabase` holds what looks like a Supabase access token \(`sbp_0123…`\): committed with this file.*\$\{NAME\}.*Claude Code fills from each user's environment/,
  );
  assert.ok(!ds.some((d) => d.message.includes(sbp) || d.message.includes(ghp)));
  assert.match(ds[1]!.message, /a GitHub token/);
  const vscode = all(JSON.stringify({ servers: { s: { command: 'npx', args: [sbp] } } }), VSCODE).filter((d) => d.code === 'mcp-secret-committed');
  assert.match(vscode[0]!.message, /"password": true.*\$\{env:NAME\}/);
});

test("a variable written the shell's way in env or headers is passed as written: a warning with the client's own form", () => {
  const text =
    '{"mcpServers": {"plausible": {"command": "npx", "args": ["-y", "server", "--key", "$KEY"], "env": {"PLAUSIBLE_API_KEY": "$PLAUSIBLE_API_KEY", "OK": "${OK}", "PRICE": "5$"}, "headers": {"Authorization": "Bearer $TOKEN"}}}}';
  const found = all(text, CLAUDE).filter((d) => d.code === 'mcp-variable-unexpanded');
  assert.deepEqual(
    found.map((d) => [d.severity, text.split('\n')[d.range.start.line]!.slice(d.range.start.character, d.range.end.character)]),
    [
      ['warning', '$PLAUSIBLE_API_KEY'],
      ['warning', '$TOKEN'],
    ],
  );
  assert.match(found[0]!.message, /Claude Code fills in `\$\{PLAUSIBLE_API_KEY\}` only/);
  const vscode = all('{"servers": {"p": {"type": "stdio", "command": "npx", "env": {"K": "$K"}}}}', VSCODE).filter((d) => d.code === 'mcp-variable-unexpanded');
  assert.match(vscode[0]!.message, /`\$\{env:K\}`/);
});

test('a $ among other text of a value (SAP package names in a list) may be the value itself: only a whole value, a credential after Bearer or a path start is a variable', () => {
  const text = '{"mcpServers": {"sap": {"command": "npx", "env": {"SAP_ALLOWED_PACKAGES": "Z*,$TMP,$ZADT_VSP", "LABEL": "cost $X today", "DATA": "$DATA_DIR/cache"}}}}';
  const found = all(text, CLAUDE).filter((d) => d.code === 'mcp-variable-unexpanded');
  assert.deepEqual(
    found.map((d) => text.slice(d.range.start.character, d.range.end.character)),
    ['$DATA_DIR'],
  );
});
