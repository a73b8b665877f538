/** Codex's project configuration (.codex/config.toml): fallback names and the cap feed its chain; bad TOML is named, never thrown. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { InMemoryHost } from '../../server/src/core/workspace/host';
import { analyzeInstructions } from '../../server/src/core/instructions';
import { analyzeCodexConfig, codexConfigFor, readCodexConfigText } from '../../server/src/core/instructions/codexConfig';
import { instructionsInEffect } from '../../server/src/core/instructions/effect';
import { joinLines, ranges } from '../helpers/markers';

const W = 'file:///ws';

test('project_doc_fallback_filenames and project_doc_max_bytes are read; other keys and bad values are left alone', () => {
  assert.deepEqual(readCodexConfigText('model = "o3"\nproject_doc_fallback_filenames = ["TEAM.md", 3, "a/b.md"]\nproject_doc_max_bytes = 4096\n', 'u'), {
    fallbackNames: ['TEAM.md'],
    maxBytes: 4096,
  });
  assert.deepEqual(readCodexConfigText('project_doc_max_bytes = "big"\n', 'u'), {});
});

test('TOML Codex cannot parse: the error with its 0-based position, not an exception', () => {
  const e = readCodexConfigText('ok = 1\n[table\n', 'file:///ws/.codex/config.toml');
  assert.ok('message' in e);
  assert.deepEqual([e.line, e.uri], [1, 'file:///ws/.codex/config.toml']);
  assert.ok(e.message.length > 0 && !e.message.includes('\n'));
});

test('the closest config.toml sets each key; a broken one is reported and the others still apply', () => {
  const host = new InMemoryHost({
    [`${W}/.codex/config.toml`]: 'project_doc_fallback_filenames = ["TEAM.md"]\nproject_doc_max_bytes = 100\n',
    [`${W}/pkg/.codex/config.toml`]: 'project_doc_max_bytes = 200\n',
    [`${W}/pkg/deep/.codex/config.toml`]: 'project_doc_max_bytes = = 3\n',
  });
  const c = codexConfigFor(`${W}/pkg/deep`, W, host);
  assert.deepEqual(c.names, ['AGENTS.override.md', 'AGENTS.md', 'TEAM.md']);
  assert.equal(c.maxBytes, 200);
  assert.deepEqual(c.sources, [`${W}/.codex/config.toml`, `${W}/pkg/.codex/config.toml`]);
  assert.deepEqual(
    c.errors.map((e) => [e.uri, e.line]),
    [[`${W}/pkg/deep/.codex/config.toml`, 0]],
  );
});

test('a fallback name is taken in a folder with no AGENTS.md, and the configured cap cuts an AGENTS.md where Codex stops', () => {
  const host = new InMemoryHost({
    [`${W}/.git/HEAD`]: 'ref',
    [`${W}/.codex/config.toml`]: 'project_doc_fallback_filenames = ["TEAM.md"]\nproject_doc_max_bytes = 50\n',
    [`${W}/TEAM.md`]: `${'t'.repeat(29)}\n`,
    [`${W}/pkg/AGENTS.md`]: `${'a'.repeat(9)}\n${'b'.repeat(9)}\n${'c'.repeat(9)}\n`,
  });
  const codex = instructionsInEffect(`${W}/pkg/x.ts`, W, [], host)[0]!;
  assert.deepEqual(
    codex.items.map((i) => [i.uri.slice(W.length), i.read, i.cutAt]),
    [
      ['/TEAM.md', 30, undefined],
      ['/pkg/AGENTS.md', 20, { line: 2, character: 0 }],
    ],
  );
  assert.deepEqual(codex.budget, { used: 50, limit: 50, unit: 'bytes' });
  const d = analyzeInstructions(host.readText(`${W}/pkg/AGENTS.md`)!, `${W}/pkg/AGENTS.md`, host, { workspaceRoots: [W] }).diagnostics.find(
    (x) => x.code === 'instructions-codex-cut',
  )!;
  assert.deepEqual(d.range.start, { line: 2, character: 0 });
  assert.match(d.message, /stop at 50 bytes \(project_doc_max_bytes in \.codex\/config\.toml\), reached after \.\.\/TEAM\.md/);
});

test('instructions-codex-config-invalid: a warning on the line where the TOML parser stops, to its end; valid TOML gets none', () => {
  const [d, ...rest] = analyzeCodexConfig('model = "o3"\nproject_doc_max_bytes = = 3\n', `${W}/.codex/config.toml`).diagnostics;
  assert.equal(rest.length, 0);
  assert.deepEqual([d!.code, d!.severity, d!.range.start.line, d!.range.end], ['instructions-codex-config-invalid', 'warning', 1, { line: 1, character: 27 }]);
  assert.match(d!.message, /^Codex cannot read this file as TOML \(.+\): in a trusted project it refuses to start/);
  assert.deepEqual(analyzeCodexConfig('project_doc_max_bytes = 3\n', `${W}/.codex/config.toml`).diagnostics, []);
});

test("instructions-codex-config-misplaced: a top-level setting written under a server or policy table is a warning on its key; the table's own fields, unknown keys, sub-tables, values over lines and multi-line strings are left alone", () => {
  const { text, ranges: r } = ranges(
    joinLines(
      'model = "gpt-5"',
      '[mcp_servers.notion]',
      'command = "npx"',
      'args = [',
      '  "model = not a key",',
      ']',
      'description = """',
      'sandbox_mode = "inside a string"',
      '"""',
      '«model_reasoning_effort» = "high"',
      'enabled = true',
      'colour = "blue"',
      '[mcp_servers.notion.env]',
      'model = "an environment variable"',
      '[shell_environment_policy]',
      'inherit = "core"',
      '«web_search» = "live"  # meant for the top',
      '[profiles.fast]',
      'model = "gpt-5-mini"',
      '[tools]',
      'web_search = { context_size = "low" }',
      '[mcp_servers."my server"]',
      '"«sandbox_mode»" = "read-only"',
    ),
  );
  const ds = analyzeCodexConfig(text, `${W}/.codex/config.toml`).diagnostics;
  assert.deepEqual(
    ds.map((d) => [d.code, d.severity, d.range]),
    [
      ['instructions-codex-config-misplaced', 'warning', r[0]],
      ['instructions-codex-config-misplaced', 'warning', r[1]],
      [
        'instructions-codex-config-misplaced',
        'warning',
        { start: { ...r[2]!.start, character: r[2]!.start.character - 1 }, end: { ...r[2]!.end, character: r[2]!.end.character + 1 } },
      ],
    ],
  );
  assert.match(ds[0]!.message, /`model_reasoning_effort` is written under `\[mcp_servers\.notion\]`.*the top-level setting is not set/);
  assert.match(ds[1]!.message, /under `\[shell_environment_policy\]`/);
  assert.match(ds[2]!.message, /under `\[mcp_servers\.my server\]`/);
});

test("instructions-codex-mcp-path-machine: an MCP server of the project's Codex config started with one developer's paths is a warning on each; portable values and placeholders are not", () => {
  const marked = joinLines(
    'model = "o3"',
    '',
    '[mcp_servers.laravel-boost]',
    'command = "php"',
    'args = ["artisan", "boost:mcp"]',
    'cwd = "«/Users/Saiffil/Herd/majlisilmu»"',
    '',
    '[mcp_servers.local]',
    'command = "«/home/ana/bin/server»"',
    'args = ["--root", "./src", "/path/to/your/project"]',
    '',
    '[mcp_servers.local.env]',
    'DATA = "«E:/claude/data»"',
    'HOME_DIR = "~/data"',
  );
  const { text, ranges: expected } = ranges(marked);
  const found = analyzeCodexConfig(text, `${W}/.codex/config.toml`).diagnostics;
  assert.deepEqual(
    found.map((d) => [d.code, d.severity, d.range]),
    expected.map((r) => ['instructions-codex-mcp-path-machine', 'warning', r]),
  );
  assert.match(found[0]!.message, /Codex starts the MCP server `laravel-boost` with it as written/);
  // A server turned off is not started; a config below the folder checked (a dotfiles repository's template) is not judged.
  const off = joinLines('[mcp_servers.docker]', 'command = "docker"', 'cwd = "/home/ana"', 'enabled = false');
  assert.deepEqual(analyzeCodexConfig(off, `${W}/.codex/config.toml`).diagnostics, []);
  assert.equal(analyzeCodexConfig(text, `${W}/.codex/config.toml`, [W]).diagnostics.length, 3);
  assert.deepEqual(analyzeCodexConfig(text, `${W}/wsl2/.codex/config.toml`, [W]).diagnostics, []);
});
