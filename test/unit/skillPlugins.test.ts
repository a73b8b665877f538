// Plugins and marketplaces decide who loads a skill: a Claude Code marketplace lists plugins
// (with or without their own manifest), Codex has its plugin manifest and marketplace, VS Code
// reads Agent Plugins manifests. The facts come from the manifests the host found.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeSkill, inferTargets, readRepositoryFacts, repositoryFacts, skillHover, type RepositoryFacts } from '../../server/src/core/skills';
import { InMemoryHost } from '../../server/src/core/workspace/host';

const R = 'file:///repo';
const facts = (files: Record<string, string>): RepositoryFacts => repositoryFacts(Object.entries(files).map(([p, text]) => ({ uri: `${R}/${p}`, text })));
const targetsOf = (path: string, f: RepositoryFacts) => inferTargets(`${R}/${path}/SKILL.md`, undefined, f).targets;

const MARKET = JSON.stringify({
  name: 'garden-tools',
  owner: { name: 'Someone' },
  plugins: [
    { name: 'weeding', source: './plugins/weeding' },
    { name: 'pruning', source: './', strict: false, skills: ['./shears/hedge-trim', './shears/extra'] },
    { name: 'remote', source: { source: 'github', repo: 'someone/remote' } },
  ],
});

test('a plugin a Claude Code marketplace lists is a Claude Code plugin, with or without its own plugin.json', () => {
  const f = facts({ '.claude-plugin/marketplace.json': MARKET });
  assert.deepEqual(targetsOf('plugins/weeding/skills/pull-roots', f), ['claude-code']);
  // Listed skill folders of a plugin rooted at the marketplace root, and a folder of skills.
  assert.deepEqual(targetsOf('shears/hedge-trim', f), ['claude-code']);
  assert.deepEqual(targetsOf('shears/extra/sharpen', f), ['claude-code']);
  // `source: "./"` also brings the root's own skills/ folder.
  assert.deepEqual(targetsOf('skills/water', f), ['claude-code']);
  // Not listed, not in a plugin's skills/: the specification.
  assert.deepEqual(targetsOf('docs/skills/water', f), ['spec']);
  assert.deepEqual(targetsOf('plugins/weeding/notes/deep/pull-roots', f), ['spec']);
  const reason = inferTargets(`${R}/plugins/weeding/skills/pull-roots/SKILL.md`, undefined, f).reason;
  assert.equal(reason, 'Claude Code loads it: the Claude Code marketplace ../../../../.claude-plugin/marketplace.json lists its plugin (source ./plugins/weeding)');
});

test("a marketplace's './' source is the folder from the marketplace root or under metadata.pluginRoot (older versions); a bare name is under pluginRoot", () => {
  const f = facts({
    'market/.claude-plugin/marketplace.json': JSON.stringify({
      metadata: { pluginRoot: './bundles' },
      plugins: [
        { name: 'x', source: './x' },
        { name: 'y', source: 'y' },
      ],
    }),
  });
  assert.deepEqual(targetsOf('market/bundles/x/skills/one', f), ['claude-code']);
  assert.deepEqual(targetsOf('market/x/skills/one', f), ['claude-code']);
  assert.deepEqual(targetsOf('market/bundles/y/skills/one', f), ['claude-code']);
  assert.deepEqual(targetsOf('market/y/skills/one', f), ['spec']);
});

test('Codex plugins and marketplaces make a skill Codex’s; an Agent Plugins manifest makes it VS Code’s', () => {
  const f = facts({
    'tools/lint/.codex-plugin/plugin.json': JSON.stringify({ name: 'lint', skills: './checks/' }),
    '.agents/plugins/marketplace.json': JSON.stringify({ name: 'm', plugins: [{ name: 'fmt', source: { source: 'local', path: './tools/fmt' } }] }),
    'vsc/plugin.json': JSON.stringify({ $schema: 'https://agent-plugins.org/schemas/1.0.0/plugin.schema.json', name: 'vsc' }),
    'other/plugin.json': JSON.stringify({ name: 'not-an-agent-plugin' }),
  });
  assert.deepEqual(targetsOf('tools/lint/checks/style', f), ['codex']);
  // Codex reads the path the manifest names instead of skills/ (its loader's plugin_skill_roots; older releases read both).
  assert.deepEqual(targetsOf('tools/lint/skills/style', f), ['spec']);
  assert.deepEqual(targetsOf('tools/fmt/skills/indent', f), ['codex']);
  assert.deepEqual(targetsOf('vsc/skills/review', f), ['copilot']);
  assert.deepEqual(targetsOf('other/skills/review', f), ['spec']);
});

test('a Codex marketplace source written as a bare ./ path, or ./ for the marketplace root, makes its skills Codex’s', () => {
  const f = facts({
    '.agents/plugins/marketplace.json': JSON.stringify({
      name: 'm',
      plugins: [
        { name: 'fmt', source: './tools/fmt' },
        { name: 'top', source: { source: 'local', path: './' } },
        { name: 'gh', source: 'owner/repo' },
      ],
    }),
  });
  assert.deepEqual(targetsOf('tools/fmt/skills/indent', f), ['codex']);
  assert.deepEqual(targetsOf('skills/release', f), ['codex']);
  assert.deepEqual(targetsOf('owner/repo/skills/x', f), ['spec']);
});

test('a skill both in a client folder and in a plugin is checked for both, and the hover says why', () => {
  const f = facts({ '.agents/.claude-plugin/marketplace.json': JSON.stringify({ plugins: [{ name: 'p', source: './' }] }) });
  const uri = `${R}/.agents/skills/type-check/SKILL.md`;
  const t = inferTargets(uri, undefined, f);
  assert.deepEqual(t.targets, ['codex', 'copilot', 'gemini-cli', 'opencode', 'claude-code']);
  const text = '---\nname: type-check\ndescription: Checks types. Use when types fail.\n---\n';
  const hover = skillHover(text, { line: 0, character: 1 }, uri, t)!;
  assert.match(
    (hover.contents as { value: string }).value,
    /Claude Code loads it: the Claude Code marketplace \.\.\/\.\.\/\.claude-plugin\/marketplace\.json lists its plugin \(source \.\/\)/,
  );
});

test('a marketplace-listed skill whose name is a label with spaces gets no name finding (Claude Code accepts it)', () => {
  const host = new InMemoryHost({ [`${R}/.claude-plugin/marketplace.json`]: MARKET });
  const repository = readRepositoryFacts([`${R}/.claude-plugin/marketplace.json`], host);
  const text = '---\nname: Pull Roots\ndescription: Pulls weeds by the root. Use when the bed is overgrown.\n---\nBody\n';
  const uri = `${R}/plugins/weeding/skills/pull-roots/SKILL.md`;
  assert.deepEqual(
    analyzeSkill(text, uri, host, { repository }).diagnostics.filter((d) => d.code.startsWith('skill-name')),
    [],
  );
  // Without the marketplace the same file is a specification skill: its name's form is a warning; its folder, which clients do not check, advice.
  const alone = analyzeSkill(text, uri, host).diagnostics.filter((d) => d.code.startsWith('skill-name'));
  assert.deepEqual(
    alone.map((d) => [d.code, d.severity]),
    [
      ['skill-name-not-lowercase', 'warning'],
      ['skill-name-invalid-chars', 'warning'],
      ['skill-name-directory-mismatch', 'information'],
    ],
  );
});

test('a manifest that is not JSON, or lists no local source, decides nothing', () => {
  const f = facts({
    '.claude-plugin/marketplace.json': '{ not json',
    'a/.claude-plugin/marketplace.json': JSON.stringify({ plugins: [{ name: 'x', source: 'https://example.com/x.git' }] }),
  });
  assert.deepEqual(f.plugins, []);
});
