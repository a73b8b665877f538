import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import { InMemoryHost } from '../../server/src/core/workspace/host';
import { pluginPartSource, skillSource } from '../../server/src/core/skills/source';
import { summarizeSkill } from '../../server/src/lsp/formats/skill';
import { NodeFsHost, findFiles } from '../../server/src/node/fsHost';
import { filesIn, groupProblems, groupSkills, isPluginPart, skillsIn, withProblems, type SkillGroup } from '../../client/src/skillGroups';
import type { IndexedFile } from '../../server/src/lsp/protocol';

const W = 'file:///ws';
const MARKET = JSON.stringify({ name: 'acme', plugins: [{ name: 'pdf', source: './plugins/pdf' }] });

test('a skill in a client folder loads from that folder, named as users know it', () => {
  const host = new InMemoryHost();
  assert.deepEqual(skillSource(`${W}/.claude/skills/notes/SKILL.md`, host), { kind: 'client', label: '.claude/skills', folder: `${W}/.claude/skills` });
  assert.deepEqual(skillSource(`${W}/pkg/.agents/skills/run/SKILL.md`, host), { kind: 'client', label: '.agents/skills', folder: `${W}/pkg/.agents/skills` });
  assert.deepEqual(skillSource(`${W}/.opencode/skill/x/SKILL.md`, host), { kind: 'client', label: '.opencode/skill', folder: `${W}/.opencode/skill` });
});

test('a skill of a plugin goes by the plugin name from plugin.json, and by the marketplace that lists the plugin', () => {
  const host = new InMemoryHost({
    [`${W}/plugins/pdf/.claude-plugin/plugin.json`]: '{ "name": "pdf-kit" }',
    [`${W}/.claude-plugin/marketplace.json`]: MARKET,
    [`${W}/loose/.claude-plugin/plugin.json`]: 'not json',
  });
  assert.deepEqual(skillSource(`${W}/plugins/pdf/skills/extract/SKILL.md`, host), {
    kind: 'plugin',
    label: 'pdf-kit',
    folder: `${W}/plugins/pdf/skills`,
    plugin: { name: 'pdf-kit', uri: `${W}/plugins/pdf/.claude-plugin/plugin.json` },
    marketplace: { name: 'acme', uri: `${W}/.claude-plugin/marketplace.json` },
  });
  // Not listed by the marketplace, and a plugin.json that is not JSON: the folder's name, no marketplace.
  assert.deepEqual(skillSource(`${W}/loose/skills/a/SKILL.md`, host), {
    kind: 'plugin',
    label: 'loose',
    folder: `${W}/loose/skills`,
    plugin: { name: 'loose', uri: `${W}/loose/.claude-plugin/plugin.json` },
  });
});

test('a skill anywhere else loads from its folder; a skills/ folder without plugin.json is no plugin', () => {
  const host = new InMemoryHost();
  assert.deepEqual(skillSource(`${W}/skills/pdf-tools/SKILL.md`, host), { kind: 'folder', label: 'skills', folder: `${W}/skills` });
  assert.deepEqual(skillSource(`${W}/tools/a b/SKILL.md`, host), { kind: 'folder', label: 'tools', folder: `${W}/tools` });
});

/** The index entries of the marketplace fixture's skills, as the server makes them. */
function fixtureEntries() {
  const root = path.resolve(__dirname, '../fixtures/marketplace-repo');
  const host = new NodeFsHost([root]);
  return findFiles(root, (p) => path.basename(p) === 'SKILL.md').map((p) => summarizeSkill(URI.file(p).toString(), fs.readFileSync(p, 'utf8'), host));
}

const shape = (gs: SkillGroup[]): unknown => gs.map((g) => ({ [`${g.kind} ${g.label}`]: [...(shape(g.groups) as unknown[]), ...g.skills.map((s) => s.name)] }));

test('the Skills view groups a repository: the marketplace with its plugins, then client folders, each SKILL.md one row', () => {
  assert.deepEqual(shape(groupSkills(fixtureEntries())), [
    { 'marketplace acme-tools': [{ 'plugin pdf-kit': ['pdf-extract', 'pdf-merge'] }, { 'plugin review-kit': ['code-review'] }] },
    { 'client .agents/skills': ['test_runner'] },
    { 'client .claude/skills': ['commit-helper', 'release-notes'] },
  ]);
});

test('a group counts the problems of all its skills; the filter keeps the skills with problems and the groups holding them', () => {
  const groups = groupSkills(fixtureEntries());
  const problems = new Map([
    ['pdf-extract', 1],
    ['test_runner', 2],
  ]);
  const byUri = new Map(groups.flatMap(skillsIn).map((f) => [f.uri, problems.get(f.name) ?? 0]));
  const count = (uri: string) => byUri.get(uri) ?? 0;
  assert.deepEqual(
    groups.map((g) => [g.label, groupProblems(g, count)]),
    [
      ['acme-tools', 1],
      ['.agents/skills', 2],
      ['.claude/skills', 0],
    ],
  );
  assert.deepEqual(shape(withProblems(groups, count)), [{ 'marketplace acme-tools': [{ 'plugin pdf-kit': ['pdf-extract'] }] }, { 'client .agents/skills': ['test_runner'] }]);
});

test('a plugin under its marketplace and the same plugin alone (its marketplace not read yet) are two groups with their own keys', () => {
  const entries = fixtureEntries().filter((f) => f.source?.kind === 'plugin' && f.source.plugin?.name === 'pdf-kit');
  const [first, second] = entries;
  const alone = { ...second!, source: { ...second!.source!, marketplace: undefined } };
  const groups = groupSkills([first!, alone]);
  const keys = groups.flatMap((g) => [g.key, ...g.groups.map((p) => p.key)]);
  assert.equal(keys.length, 3);
  assert.equal(new Set(keys).size, 3, keys.join(', '));
});

test("a plugin's agents and commands are listed under the plugin, after its skills; a project's are not grouped", () => {
  const host = new InMemoryHost({
    [`${W}/plugins/pdf/.claude-plugin/plugin.json`]: '{ "name": "pdf-kit" }',
    [`${W}/.claude-plugin/marketplace.json`]: MARKET,
  });
  const root = `${W}/plugins/pdf`;
  const part = (rel: string, kind: 'subagent' | 'command', name: string) => {
    const uri = `${root}/${rel}`;
    const source = pluginPartSource(uri, root, host);
    return { uri, kind, name, isAgent: false, identity: null, skills: [], errors: 0, warnings: 0, infos: 0, ...(source ? { source } : {}) };
  };
  const skill = {
    uri: `${root}/skills/extract/SKILL.md`,
    kind: 'skill' as const,
    name: 'extract',
    isAgent: false,
    identity: null,
    skills: [],
    errors: 0,
    warnings: 0,
    infos: 0,
    source: skillSource(`${root}/skills/extract/SKILL.md`, host),
  };
  const agent = part('agents/reviewer.md', 'subagent', 'reviewer');
  const command = part('commands/merge.md', 'command', 'merge');
  assert.ok(isPluginPart(agent) && isPluginPart(command));
  const groups = groupSkills([command, skill, agent]);
  const plugin = groups[0]!.groups[0]!;
  assert.deepEqual([plugin.label, plugin.skills.map((f) => f.name), plugin.parts.map((f) => f.name)], ['pdf-kit', ['extract'], ['merge', 'reviewer']]);
  assert.deepEqual(
    filesIn(groups[0]!).map((f) => f.name),
    ['extract', 'merge', 'reviewer'],
  );
  // Without a plugin.json the plugin is no group (as for its skills): its agents stay with the others.
  assert.equal(pluginPartSource(`${W}/bare/agents/a.md`, `${W}/bare`, host), undefined);
});

test("a plugin's hooks files and MCP configuration come after its agents and commands; its plugin.json makes the group and counts in it", () => {
  const host = new InMemoryHost({
    [`${W}/plugins/pdf/.claude-plugin/plugin.json`]: '{ "name": "pdf-kit" }',
    [`${W}/.claude-plugin/marketplace.json`]: MARKET,
  });
  const root = `${W}/plugins/pdf`;
  const part = (rel: string, kind: IndexedFile['kind'], name: string): IndexedFile => {
    const uri = `${root}/${rel}`;
    const source = pluginPartSource(uri, root, host);
    return { uri, kind, name, isAgent: false, identity: null, skills: [], errors: 0, warnings: 0, ...(source ? { source } : {}) };
  };
  const files = [
    part('.mcp.json', 'mcp-config', '.mcp.json'),
    part('hooks/hooks.json', 'hooks', 'hooks.json'),
    part('agents/zeta.md', 'subagent', 'zeta'),
    part('commands/alpha.md', 'command', 'alpha'),
    part('.claude-plugin/plugin.json', 'plugin-manifest', 'pdf-kit'),
  ];
  assert.ok(files.every(isPluginPart));
  const groups = groupSkills(files);
  const plugin = groups[0]!.groups[0]!;
  assert.deepEqual(
    [groups[0]!.label, plugin.label, plugin.skills.length, plugin.parts.map((f) => f.name), plugin.manifests.map((f) => f.kind)],
    ['acme', 'pdf-kit', 0, ['alpha', 'zeta', 'hooks.json', '.mcp.json'], ['plugin-manifest']],
  );
  // A plugin.json with problems keeps its plugin in the "with problems" filter.
  const count = (uri: string) => (uri.endsWith('plugin.json') ? 1 : 0);
  assert.equal(groupProblems(groups[0]!, count), 1);
  assert.deepEqual(shape(withProblems(groups, count)), [{ 'marketplace acme': [{ 'plugin pdf-kit': [] }] }]);
});

test('a marketplace.json makes its group before any plugin of it is read; its name as the skills give it', () => {
  const market = {
    uri: `${W}/.claude-plugin/marketplace.json`,
    kind: 'plugin-manifest' as const,
    name: 'acme',
    isAgent: false,
    identity: null,
    skills: [],
    errors: 0,
    warnings: 0,
  };
  const groups = groupSkills([{ ...market, manifest: { kind: 'claude-marketplace', label: 'Claude Code marketplace' } }]);
  assert.deepEqual(
    groups.map((g) => [g.key, g.kind, g.label, g.manifests.length]),
    [[`marketplace:${market.uri}`, 'marketplace', 'acme', 1]],
  );
  // A project's hooks and a Codex manifest are no group.
  assert.deepEqual(
    groupSkills([
      { ...market, kind: 'hooks' },
      { ...market, manifest: { kind: 'codex-plugin', label: 'Codex plugin' } },
    ]),
    [],
  );
});

test("a Codex plugin's skills go by its plugin.json and the Codex marketplace that lists it; a Codex marketplace makes its group", () => {
  const host = new InMemoryHost({
    [`${W}/codex/lint/.codex-plugin/plugin.json`]: '{ "name": "codex-lint" }',
    [`${W}/.agents/plugins/marketplace.json`]: JSON.stringify({ name: 'tools', plugins: [{ name: 'codex-lint', source: { source: 'local', path: './codex/lint' } }] }),
  });
  assert.deepEqual(skillSource(`${W}/codex/lint/skills/style/SKILL.md`, host), {
    kind: 'plugin',
    label: 'codex-lint',
    folder: `${W}/codex/lint/skills`,
    plugin: { name: 'codex-lint', uri: `${W}/codex/lint/.codex-plugin/plugin.json` },
    marketplace: { name: 'tools', uri: `${W}/.agents/plugins/marketplace.json` },
  });
  const uri = `${W}/.agents/plugins/marketplace.json`;
  const market: IndexedFile = { uri, kind: 'plugin-manifest', name: 'tools', isAgent: false, identity: null, skills: [], errors: 0, warnings: 0 };
  const groups = groupSkills([{ ...market, manifest: { kind: 'codex-marketplace', label: 'Codex marketplace' } }]);
  assert.deepEqual(
    groups.map((g) => [g.key, g.kind, g.label]),
    [[`marketplace:${uri}`, 'marketplace', 'tools']],
  );
  // Agents, hooks and .mcp.json are Claude Code plugin parts: a Codex plugin folder does not claim them.
  assert.equal(pluginPartSource(`${W}/codex/lint/.mcp.json`, `${W}/codex/lint`, host), undefined);
});
