// A Claude Code plugin's agents, commands and hooks files are ours only inside a plugin its
// manifests describe: `agents/*.md`, `commands/**/*.md`, `hooks/hooks.json`, and the paths the
// manifest (or its marketplace entry) names. An `agents/` folder elsewhere is documentation.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readRepositoryFacts, repositoryFacts, NO_REPOSITORY_FACTS, type RepositoryFacts } from '../../server/src/core/skills';
import { kindOf } from '../../server/src/core/workspace/fileKinds';
import { kindOf as documentKindOf } from '../../server/src/lsp/documents';
import { analyzeHooksFile } from '../../server/src/core/hooks';
import { analyzeFile, crossFileDiagnostics } from '../../server/src/core/analysis/analyzeFile';
import { InMemoryHost } from '../../server/src/core/workspace/host';

const R = 'file:///repo';
const facts = (files: Record<string, string>): RepositoryFacts => repositoryFacts(Object.entries(files).map(([p, text]) => ({ uri: `${R}/${p}`, text })));
const kind = (path: string, f: RepositoryFacts) => kindOf(`${R}/${path}`, f);

test("a plugin's agents/**/*.md, commands/**/*.md and hooks/hooks.json are subagents, commands and a hooks file", () => {
  const f = facts({ 'tools/.claude-plugin/plugin.json': '{"name": "tools"}' });
  assert.equal(kind('tools/agents/reviewer.md', f), 'subagent');
  assert.equal(kind('tools/commands/deploy.md', f), 'command');
  assert.equal(kind('tools/commands/git/push.md', f), 'command');
  assert.equal(kind('tools/hooks/hooks.json', f), 'hooks');
  // Claude Code reads a plugin's agents folder with its subfolders (anthropics/claude-code#94857); other files of the plugin are not components.
  assert.equal(kind('tools/agents/review/security.md', f), 'subagent');
  assert.equal(kind('tools/hooks/other.json', f), null);
  assert.equal(kind('tools/docs/agents/reviewer.md', f), null);
  // A name of ours by itself keeps its kind (a SKILL.md in agents/ is a skill), but an AGENT.md there is one of the plugin's subagents.
  assert.equal(kind('tools/agents/SKILL.md', f), 'skill');
  assert.equal(kind('tools/agents/orchestrator/AGENT.md', f), 'subagent');
  assert.equal(kind('tools/docs/AGENT.md', f), 'agent-md');
  // The editor's open documents are told the same way.
  assert.equal(documentKindOf(`${R}/tools/agents/orchestrator/AGENT.md`, 'markdown', f), 'subagent');
  assert.equal(documentKindOf(`${R}/tools/docs/AGENT.md`, 'markdown', f), 'agent-md');
});

test('without a plugin manifest, an agents/ or commands/ folder is not checked', () => {
  assert.equal(kind('agents/reviewer.md', NO_REPOSITORY_FACTS), null);
  assert.equal(kind('docs/commands/deploy.md', NO_REPOSITORY_FACTS), null);
  assert.equal(kind('hooks/hooks.json', NO_REPOSITORY_FACTS), null);
  // Another repository's plugin says nothing about this folder.
  const f = facts({ 'tools/.claude-plugin/plugin.json': '{"name": "tools"}' });
  assert.equal(kind('agents/reviewer.md', f), null);
  // The project's own .claude/agents is decided by its name, facts or not.
  assert.equal(kind('.claude/agents/reviewer.md', NO_REPOSITORY_FACTS), 'subagent');
});

test("a marketplace entry's source is a plugin root, with or without its own plugin.json; remote sources are not", () => {
  const market = JSON.stringify({
    name: 'm',
    owner: { name: 'o' },
    plugins: [
      { name: 'a', source: './plugins/a' },
      { name: 'b', source: { source: 'github', repo: 'o/b' } },
      { name: 'c', source: './plugins/c', agents: ['./extra/helper.md'], hooks: './config/hooks.json' },
    ],
  });
  const f = facts({ '.claude-plugin/marketplace.json': market });
  assert.equal(kind('plugins/a/agents/x.md', f), 'subagent');
  assert.equal(kind('plugins/a/hooks/hooks.json', f), 'hooks');
  assert.equal(kind('plugins/c/extra/helper.md', f), 'subagent');
  // A marketplace entry's paths add to the defaults: entries often write them from the marketplace's folder.
  assert.equal(kind('plugins/c/agents/x.md', f), 'subagent');
  assert.equal(kind('plugins/c/config/hooks.json', f), 'hooks');
  assert.equal(kind('plugins/b/agents/x.md', f), null);
});

test("the paths plugin.json's agents and commands name replace the default folders (listed, the default counts again); hooks paths add to hooks/hooks.json; an inline hooks object names none", () => {
  const manifest = JSON.stringify({ name: 't', agents: './custom/agents/', commands: ['./special/one.md', './more'], hooks: './config/hooks.json' });
  const f = facts({ 't/.claude-plugin/plugin.json': manifest });
  assert.equal(kind('t/custom/agents/a.md', f), 'subagent');
  assert.equal(kind('t/agents/b.md', f), null);
  assert.equal(kind('t/commands/old.md', f), null);
  assert.equal(kind('t/special/one.md', f), 'command');
  assert.equal(kind('t/special/two.md', f), null);
  assert.equal(kind('t/more/deep/c.md', f), 'command');
  assert.equal(kind('t/config/hooks.json', f), 'hooks');
  assert.equal(kind('t/hooks/hooks.json', f), 'hooks');
  // Agents listed one by one: a VS Code body kept beside them (Code-Conductor.agent.md) is not one of Claude Code's.
  const listed = facts({ 'v/.claude-plugin/plugin.json': JSON.stringify({ name: 'v', agents: ['./agents/code-conductor.md', './agents/'] }) });
  assert.equal(kind('v/agents/code-conductor.md', listed), 'subagent');
  assert.equal(kind('v/agents/other.md', listed), 'subagent');
  const one = facts({ 'w/.claude-plugin/plugin.json': JSON.stringify({ name: 'w', agents: ['./agents/code-conductor.md'] }) });
  assert.equal(kind('w/agents/code-conductor.md', one), 'subagent');
  assert.equal(kind('w/agents/Code-Conductor.agent.md', one), null);
  // A marketplace entry for that plugin ("source": "./") does not bring the default folder back.
  const market = JSON.stringify({ name: 'm', owner: { name: 'o' }, plugins: [{ name: 'w', source: './' }] });
  const both = facts({ 'w/.claude-plugin/plugin.json': JSON.stringify({ name: 'w', agents: ['./agents/code-conductor.md'] }), 'w/.claude-plugin/marketplace.json': market });
  assert.equal(kind('w/agents/code-conductor.md', both), 'subagent');
  assert.equal(kind('w/agents/Code-Conductor.agent.md', both), null);
  assert.equal(kind('w/hooks/hooks.json', both), 'hooks');
  const inline = facts({ 'u/.claude-plugin/plugin.json': JSON.stringify({ name: 'u', hooks: { PreToolUse: [] } }) });
  assert.equal(kind('u/hooks/hooks.json', inline), 'hooks');
  assert.equal(kind('u/.claude-plugin/plugin.json', inline), 'plugin-manifest');
});

test("a plugin below a skill's examples/, references/ or assets/ is the skill's sample: its agents and hooks are no plugin's components", () => {
  const manifest = `${R}/skills/plugin-maker/examples/full-plugin/.claude-plugin/plugin.json`;
  const host = new InMemoryHost({ [`${R}/skills/plugin-maker/SKILL.md`]: '---\nname: plugin-maker\n---\n', [manifest]: '{"name": "full-plugin"}' });
  const f = readRepositoryFacts([manifest], host, [R]);
  assert.deepEqual(f.plugins, []);
  assert.equal(kind('skills/plugin-maker/examples/full-plugin/agents/helper.md', f), null);
  assert.equal(kind('skills/plugin-maker/examples/full-plugin/hooks/hooks.json', f), null);
  // The same folders without a SKILL.md above them hold a plugin.
  const plain = readRepositoryFacts([manifest], new InMemoryHost({ [manifest]: '{"name": "full-plugin"}' }), [R]);
  assert.equal(plain.plugins.length, 1);
  assert.equal(kind('skills/plugin-maker/examples/full-plugin/agents/helper.md', plain), 'subagent');
});

test(".claude/hooks.json and .claude/hooks/hooks.json, which Claude Code never reads, get one warning on their hooks key; a plugin's own hooks/hooks.json in .claude/ is checked as one", () => {
  const none = facts({});
  assert.equal(kind('.claude/hooks.json', none), 'hooks');
  assert.equal(kind('.claude/hooks/hooks.json', none), 'hooks');
  assert.equal(kind('.claude/hooks/other.json', none), null);
  const text = '{\n  "hooks": {"PostToolUse": [{"matcher": "Edit", "hooks": [{"type": "command", "command": "lint $CLAUDE_TOOL_INPUT"}]}]}\n}';
  const ds = analyzeFile('hooks', text, `${R}/.claude/hooks/hooks.json`, new InMemoryHost(), { repository: none });
  assert.deepEqual(
    ds.map((d) => [d.code, d.severity, d.range.start.line, d.range.start.character, d.range.end.character]),
    [['hooks-file-unread', 'warning', 1, 2, 9]],
  );
  assert.match(ds[0]!.message, /^Claude Code does not read this file: a project's hooks go under "hooks" in \.claude\/settings\.json/);
  assert.deepEqual(
    analyzeFile('hooks', '{"hooks": ', `${R}/.claude/hooks.json`, new InMemoryHost(), { repository: none }).map((d) => d.code),
    ['hooks-file-unread'],
  );
  // One in Cursor's format ("version": 1) is another tool's file.
  assert.deepEqual(
    analyzeFile('hooks', '{"version": 1, "hooks": {"preToolUse": [{"command": "x", "matcher": "Shell"}]}}', `${R}/.claude/hooks.json`, new InMemoryHost(), { repository: none }),
    [],
  );
  // The folder's settings register every command the file holds (the file is a source a sync script reads): the hooks run from there, information.
  const registered = (settings: unknown) =>
    analyzeFile('hooks', text, `${R}/.claude/hooks/hooks.json`, new InMemoryHost({ [`${R}/.claude/settings.json`]: JSON.stringify(settings) }), { repository: none }).map((d) => [
      d.code,
      d.severity,
      d.message.split('; ').pop(),
    ]);
  const runs = (command: string) => ({ hooks: { PostToolUse: [{ matcher: 'Edit', hooks: [{ type: 'command', command }] }] } });
  assert.deepEqual(registered(runs('lint $CLAUDE_TOOL_INPUT')), [
    ['hooks-file-unread', 'information', '.claude/settings.json registers every command this file holds, so those hooks run from there'],
  ]);
  assert.deepEqual(registered(runs('other-lint')), [['hooks-file-unread', 'warning', 'none of these hooks runs']]);
  // A marketplace that lists ./.claude as a plugin: its hooks/hooks.json is that plugin's.
  const market = facts({ '.claude-plugin/marketplace.json': JSON.stringify({ name: 'm', owner: { name: 'o' }, plugins: [{ name: 'p', source: './.claude' }] }) });
  assert.deepEqual(
    analyzeFile('hooks', text, `${R}/.claude/hooks/hooks.json`, new InMemoryHost(), { repository: market }).map((d) => d.code),
    ['hooks-variable-unset'],
  );
});

test("a hooks.json straight in a plugin's root that its plugin.json does not name never runs: one warning; one the manifest names is the plugin's hooks file, and another tool's file of that name gets nothing", () => {
  const text = '{\n  "hooks": {"Stop": [{"hooks": [{"type": "command", "command": "${CLAUDE_PLUGIN_ROOT}/remind.sh"}]}]}\n}';
  const plain = facts({ 'report/.claude-plugin/plugin.json': '{"name": "report"}' });
  assert.equal(kind('report/hooks.json', plain), 'hooks');
  assert.equal(kind('report/docs/hooks.json', plain), null);
  assert.equal(kind('hooks.json', plain), null);
  const unread = analyzeFile('hooks', text, `${R}/report/hooks.json`, new InMemoryHost(), { repository: plain });
  assert.deepEqual(
    unread.map((d) => [d.code, d.severity, d.range.start.line]),
    [['hooks-file-unread', 'warning', 1]],
  );
  assert.match(unread[0]!.message, /a plugin's in its hooks\/hooks\.json; none of these hooks runs$/);
  // Named under "hooks" in plugin.json: the plugin's hooks, checked as such.
  const named = facts({ 'report/.claude-plugin/plugin.json': '{"name": "report", "hooks": "./hooks.json"}' });
  assert.deepEqual(
    analyzeFile('hooks', text, `${R}/report/hooks.json`, new InMemoryHost({ [`${R}/report/remind.sh`]: 'echo' }), { repository: named }).map((d) => d.code),
    [],
  );
  // A file of that name with no hooks object is another tool's.
  assert.deepEqual(analyzeFile('hooks', '{"rules": []}', `${R}/report/hooks.json`, new InMemoryHost(), { repository: plain }), []);
  // The plugin's hooks/hooks.json runs the same commands, or a plugin.json beside it makes it GitHub Copilot CLI's too: advice saying so.
  const advice = (files: Record<string, string>) =>
    analyzeFile('hooks', text, `${R}/report/hooks.json`, new InMemoryHost(files), { repository: plain }).map((d) => [d.severity, d.message.split('; ').pop()]);
  assert.deepEqual(advice({ [`${R}/report/hooks/hooks.json`]: text }), [
    ['information', 'hooks/hooks.json registers every command this file holds, so those hooks run from there'],
  ]);
  assert.deepEqual(advice({ [`${R}/report/plugin.json`]: '{"name": "report"}' }), [
    ['information', "the plugin.json beside it is GitHub Copilot CLI's plugin manifest, and Copilot CLI reads a plugin's hooks.json there"],
  ]);
  assert.deepEqual(advice({ [`${R}/report/hooks/hooks.json`]: '{"hooks": {}}' }), [['warning', 'none of these hooks runs']]);
});

const hooks = (text: string, host = new InMemoryHost(), root: string | null = `${R}/p`) => analyzeHooksFile(text, host, root ?? undefined).diagnostics;

test("a plugin's hooks file in Cursor's format (\"version\": 1) names Cursor's events: information, with no rename to Claude Code's", () => {
  const text = '{"version": 1, "hooks": {"preToolUse": [{"command": "a"}], "beforeSubmitPrompt": [], "preToolUSE": [], "PreToolUse": []}}';
  const ds = hooks(text);
  assert.deepEqual(
    ds.map((d) => [d.code, d.severity, text.slice(d.range.start.character, d.range.end.character)]),
    [
      ['hooks-event-unknown', 'information', '"preToolUse"'],
      ['hooks-event-unknown', 'information', '"beforeSubmitPrompt"'],
      ['hooks-event-unknown', 'warning', '"preToolUSE"'],
    ],
  );
  assert.match(ds[0]!.message, /Cursor hook event.*Claude Code, if it loads this plugin, runs none of them/);
  assert.equal(ds[0]!.data, undefined);
  // Cursor passes its events on stdin too, but a variable there is not Claude Code's to judge.
  assert.deepEqual(
    hooks('{"version": 1, "hooks": {"stop": [{"command": "echo $TOOL_INPUT"}]}}').map((d) => d.code),
    ['hooks-event-unknown'],
  );
  // Without the version, the same name is a misspelt Claude Code event.
  const plain = hooks('{"hooks": {"preToolUse": []}}');
  assert.deepEqual(
    plain.map((d) => [d.code, d.severity]),
    [['hooks-event-unknown', 'warning']],
  );
});

test("a plugin's hooks file is checked like a settings file's hooks, one level down", () => {
  const text = JSON.stringify({
    description: 'd',
    hooks: {
      PreToolUs: [],
      PostToolUse: [
        {
          matcher: 'Write',
          hooks: [
            { type: 'comand', command: 'x' },
            { type: 'command', command: 'y', timeout: -1 },
          ],
        },
      ],
    },
  });
  assert.deepEqual(
    hooks(text).map((d) => d.code),
    ['hooks-event-unknown', 'hooks-handler-type-unknown', 'hooks-timeout-invalid'],
  );
  assert.equal(hooks('{"hooks": ').map((d) => d.code)[0], 'settings-json-invalid');
  // A hooks file may be a Gemini CLI extension's, which counts milliseconds: a large timeout is not pointed at.
  assert.deepEqual(hooks(JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'x', timeout: 5000 }] }] } })), []);
  assert.deepEqual(
    hooks('[]').map((d) => d.code),
    ['settings-shape'],
  );
  // Without its `hooks` record the plugin fails to load ("Hook load failed: … expected record, received undefined").
  const flat = hooks('{"PreToolUse": []}');
  assert.deepEqual(
    flat.map((d) => [d.code, d.severity]),
    [['settings-shape', 'error']],
  );
  assert.match(flat[0]!.message, /Claude Code fails to load the plugin .*write \{"hooks": \{"PreToolUse": …\}\}/);
  assert.deepEqual(
    hooks('{"description": "nothing yet"}').map((d) => [d.code, d.severity, d.range.start.character]),
    [['settings-shape', 'error', 0]],
  );
  assert.deepEqual(hooks('{"hooks": {}}'), []);
});

test('a hook command names a ${CLAUDE_PLUGIN_ROOT} script the plugin lacks', () => {
  const text = JSON.stringify({
    hooks: {
      SessionStart: [
        {
          hooks: [
            { type: 'command', command: '${CLAUDE_PLUGIN_ROOT}/scripts/start.sh' },
            { type: 'command', command: 'python3 "${CLAUDE_PLUGIN_ROOT}/scripts/gone.py"' },
            { type: 'command', command: './scripts/project.sh' },
          ],
        },
      ],
    },
  });
  const host = new InMemoryHost({ [`${R}/p/scripts/start.sh`]: '#!/bin/sh\n' });
  const ds = hooks(text, host);
  assert.deepEqual(
    ds.map((d) => [d.code, d.message]),
    [['hooks-script-missing', "'scripts/gone.py' is not in this plugin: Claude Code runs the command and it fails"]],
  );
  // Without a plugin root (a hooks file checked alone), nothing is looked up.
  assert.deepEqual(hooks(text, host, null), []);
  // None of the scripts there: most often a copy of the plugin kept without them, so advice only.
  const copy = hooks(text, new InMemoryHost({}));
  assert.deepEqual(
    copy.map((d) => [d.code, d.severity]),
    [
      ['hooks-script-missing', 'information'],
      ['hooks-script-missing', 'information'],
    ],
  );
  assert.match(copy[0]!.message, /a copy of the plugin without its scripts\?/);
});

test('a plugin agent gets the subagent checks, and no name clash with another plugin', () => {
  const f = facts({ 'a/.claude-plugin/plugin.json': '{"name": "a"}', 'b/.claude-plugin/plugin.json': '{"name": "b"}' });
  const bad = '---\nname: helper\ndescription: Helps.\ntools: Read, Frobnicate\n---\nBody.\n';
  const codes = analyzeFile('subagent', bad, `${R}/a/agents/helper.md`, new InMemoryHost(), { repository: f }).map((d) => d.code);
  assert.deepEqual(codes, ['subagent-tool-unknown']);
  // Plugin agents are namespaced (`a:helper`, `b:helper`): one name in two plugins is no clash.
  const ok = '---\nname: helper\ndescription: Helps.\n---\nBody one.\n';
  const files = ['a/agents/helper.md', 'b/agents/helper.md'].map((p, i) => ({ uri: `${R}/${p}`, kind: 'subagent' as const, text: ok + 'x'.repeat(i) }));
  assert.deepEqual([...crossFileDiagnostics(files, new InMemoryHost(), { repository: f })], []);
});

test('a plugin agent whose YAML fails is misread, not dropped: Claude Code registers it with a placeholder and no fields', () => {
  const f = facts({ 'a/.claude-plugin/plugin.json': '{"name": "a"}' });
  const text = '---\nname: helper\ndescription: Helps. Examples:\n<example>\nContext: a review\n</example>\n---\nBody.\n';
  const [plugin] = analyzeFile('subagent', text, `${R}/a/agents/helper.md`, new InMemoryHost(), { repository: f });
  assert.equal(plugin!.code, 'subagent-yaml-invalid');
  assert.equal(plugin!.severity, 'error');
  assert.match(plugin!.message, /^Claude Code misreads this agent: .* registers the agent under its file name with a placeholder description/);
  const [project] = analyzeFile('subagent', text, `${R}/.claude/agents/helper.md`, new InMemoryHost(), { repository: f });
  assert.match(project!.message, /^Claude Code will not load this agent/);
});

test('a plugin agent without a name or a description still loads: under its file name, with a placeholder description (advice, or a warning when the file is written as an agent); in .claude/agents it does not load', () => {
  const f = facts({ 'a/.claude-plugin/plugin.json': '{"name": "a"}' });
  const found = (text: string, path: string) =>
    analyzeFile('subagent', text, `${R}/${path}`, new InMemoryHost(), { repository: f }).map((d) => `${d.severity} ${d.code}: ${d.message}`);
  const nameless = '---\ndescription: Runs tasks.\ntools: Read, Frobnicate\n---\nBody.\n';
  const plugin = found(nameless, 'a/agents/task-agent.md');
  assert.deepEqual(
    plugin.filter((d) => !d.includes('subagent-tool-unknown')),
    ["information subagent-name-missing: Claude Code registers this plugin agent under its file name, 'task-agent': it has no name"],
  );
  // It loads, so the rest of it is checked as for any agent.
  assert.ok(plugin.some((d) => d.startsWith('warning subagent-tool-unknown')));
  assert.deepEqual(
    found(nameless, '.claude/agents/task-agent.md').map((d) => d.split(':')[0]),
    ['error subagent-name-missing'],
  );

  // A name alone: most often a document kept in the folder (a spec, a roadmap); advice.
  const undescribed = found('---\nname: helper\n---\nBody.\n', 'a/agents/helper.md');
  assert.deepEqual(undescribed, [
    'information subagent-description-missing: Claude Code gives plugin agent \'helper\' the placeholder description "Agent from … plugin", which does not say when to delegate to it: it has no description, so Claude does not pick it for a task on its own',
  ]);
  // Written as an agent (its tools, its model, `agent: true`): it loads with nothing to be chosen by, a warning.
  for (const text of ['---\nname: helper\nmodel: sonnet\n---\nBody.\n', '---\nagent: true\n---\nBody.\n'])
    assert.deepEqual(
      found(text, 'a/agents/helper.md')
        .map((d) => d.split(':')[0])
        .filter((d) => d.startsWith('warning')),
      ['warning subagent-description-missing'],
      text,
    );
  assert.deepEqual(
    found('---\nname: helper\n---\nBody.\n', '.claude/agents/helper.md').map((d) => d.split(':')[0]),
    ['error subagent-description-missing'],
  );

  const bare = found('# Experiment runner\n\nRuns experiments.\n', 'a/agents/experiment-runner.md');
  assert.deepEqual(bare, [
    'information subagent-name-missing: Claude Code registers this plugin agent under its file name, \'experiment-runner\', with the placeholder description "Agent from … plugin": it has no frontmatter (name, description)',
  ]);
  // A name Claude Code refuses is refused in a plugin too.
  assert.deepEqual(
    found('---\nname: a:helper\n---\nBody.\n', 'a/agents/helper.md').map((d) => d.split(':')[0]),
    ['error subagent-name-invalid'],
  );
});

test('a plugin copy in a backup, archive or template folder is no plugin unless a live marketplace lists it; its manifest and skills are advice', () => {
  const copies = facts({
    'backups/2025-10-19/tools/.claude-plugin/plugin.json': '{"name": "tools"}',
    'templates/agent-plugin/.claude-plugin/plugin.json': '{"name": "example"}',
    'archive/2024/.claude-plugin/marketplace.json': '{"name": "old", "owner": {"name": "o"}, "plugins": [{"name": "x", "source": "./x"}]}',
    'templates/.claude-plugin/plugin.json': '{"name": "templates"}',
  });
  assert.equal(kind('backups/2025-10-19/tools/agents/reviewer.md', copies), null);
  assert.equal(kind('templates/agent-plugin/agents/example.md', copies), null);
  // The old marketplace's entries make no plugin of ./x.
  assert.equal(kind('archive/2024/x/agents/reviewer.md', copies), null);
  // A plugin may itself be called `templates`: only the folders above its root count.
  assert.equal(kind('templates/agents/reviewer.md', copies), 'subagent');
  // A plugin among a project's test inputs is one its tests load, not a client.
  const fixture = facts({ 'tests/cli/cases/mock_toolkit/.claude-plugin/plugin.json': '{"name": "mock"}' });
  assert.equal(kind('tests/cli/cases/mock_toolkit/commands/bootstrap.md', fixture), null);

  const listed = facts({
    '.claude-plugin/marketplace.json': '{"name": "m", "owner": {"name": "o"}, "plugins": [{"name": "starter", "source": "./templates/starter"}]}',
    'templates/starter/.claude-plugin/plugin.json': '{"name": "starter"}',
  });
  assert.equal(kind('templates/starter/agents/helper.md', listed), 'subagent');

  const manifest = analyzeFile('plugin-manifest', '{"name": "tools", "author": "me"}', `${R}/backups/2025-10-19/tools/.claude-plugin/plugin.json`, new InMemoryHost());
  assert.deepEqual(
    manifest.map((d) => [d.code, d.severity]),
    [['plugin-value-invalid', 'information']],
  );
  assert.match(manifest[0]!.message, /backup, archive or template folder/);
  const live = analyzeFile('plugin-manifest', '{"name": "tools", "author": "me"}', `${R}/tools/.claude-plugin/plugin.json`, new InMemoryHost());
  assert.deepEqual(
    live.map((d) => [d.code, d.severity]),
    [['plugin-value-invalid', 'error']],
  );

  const skill = analyzeFile(
    'skill',
    '---\nname: y\ndescription: Does y. Use when y.\nversion: 1\n---\nBody.\n',
    `${R}/backups/2025-10-19/tools/skills/x/SKILL.md`,
    new InMemoryHost(),
    { repository: copies },
  );
  assert.ok(skill.length > 0 && skill.every((d) => d.severity === 'information' || d.severity === 'hint'));
});

test("a marketplace in a skill's references or assets is an example the skill carries: its findings are advice; the same folder names elsewhere are live", () => {
  const broken = '{"name": "stock-analyzer", "plugins": [';
  const host = new InMemoryHost({ [`${R}/SKILL.md`]: '---\nname: creator\ndescription: Makes skills. Use when asked.\n---\n' });
  const repository = { ...NO_REPOSITORY_FACTS, roots: [R] };
  const at = (path: string) => analyzeFile('plugin-manifest', broken, `${R}/${path}`, host, { repository }).map((d) => [d.code, d.severity, d.message]);
  const sample = at('references/examples/stock-analyzer/.claude-plugin/marketplace.json');
  assert.deepEqual(
    sample.map(([code, severity]) => [code, severity]),
    [['plugin-invalid-json', 'information']],
  );
  assert.match(String(sample[0]![2]), /an example the skill carries/);
  // A references/ folder that is no skill's (no SKILL.md beside it) holds nothing special.
  assert.equal(at('docs/references/x/.claude-plugin/marketplace.json')[0]![1], 'error');
});

test('a plugin in a workspace kept below a backup or template folder is live: only the folders below the workspace root count', () => {
  const files = { 'tools/.claude-plugin/plugin.json': '{"name": "tools"}' };
  const at = (root: string) =>
    repositoryFacts(
      Object.entries(files).map(([p, text]) => ({ uri: `${root}/${p}`, text })),
      [root],
    );
  const inTemplates = 'file:///home/me/templates/repo';
  assert.equal(kindOf(`${inTemplates}/tools/agents/reviewer.md`, at(inTemplates)), 'subagent');
  // Without the root, the folder above makes it a copy, as before.
  assert.equal(
    kindOf(
      `${inTemplates}/tools/agents/reviewer.md`,
      repositoryFacts([{ uri: `${inTemplates}/tools/.claude-plugin/plugin.json`, text: files['tools/.claude-plugin/plugin.json'] }]),
    ),
    null,
  );
  const manifest = (repository?: RepositoryFacts) =>
    analyzeFile('plugin-manifest', '{"name": "tools", "author": "me"}', `${inTemplates}/tools/.claude-plugin/plugin.json`, new InMemoryHost(), repository ? { repository } : {});
  assert.deepEqual(
    manifest(at(inTemplates)).map((d) => d.severity),
    ['error'],
  );
  assert.deepEqual(
    manifest().map((d) => d.severity),
    ['information'],
  );
});

test("a marketplace's './' source is found from the marketplace root even with metadata.pluginRoot; a bare name under pluginRoot", () => {
  const f = facts({
    '.claude-plugin/marketplace.json':
      '{"name": "m", "owner": {"name": "o"}, "metadata": {"pluginRoot": "./plugins"}, "plugins": [{"name": "a", "source": "./plugins/community/a"}, {"name": "b", "source": "b"}]}',
  });
  assert.equal(kind('plugins/community/a/agents/helper.md', f), 'subagent');
  assert.equal(kind('plugins/b/agents/helper.md', f), 'subagent');
  assert.equal(kind('b/agents/helper.md', f), null);
});

test('a Codex marketplace inside a plugin the root Codex marketplace lists (a mirror of the plugin with its own) is advice: Codex installs the plugin and does not read it', () => {
  const files = {
    '.agents/plugins/marketplace.json': '{"name": "m", "plugins": [{"name": "mirrored", "source": {"source": "local", "path": "./plugins/mirrored"}}]}',
    'plugins/mirrored/.codex-plugin/plugin.json': '{"name": "mirrored"}',
  };
  const nested = '{"name": "v", "plugins": [{"name": "gone", "source": {"source": "local", "path": "./gone"}}]}';
  const uri = `${R}/plugins/mirrored/.agents/plugins/marketplace.json`;
  const host = new InMemoryHost(Object.fromEntries(Object.entries(files).map(([p, t]) => [`${R}/${p}`, t])));
  const serious = (repository: RepositoryFacts) =>
    analyzeFile('plugin-manifest', nested, uri, host, { repository }).filter((d) => d.severity === 'error' || d.severity === 'warning');
  assert.deepEqual(serious(facts({ ...files, 'plugins/mirrored/.agents/plugins/marketplace.json': nested })), []);
  const listed = analyzeFile('plugin-manifest', nested, uri, host, { repository: facts({ ...files, 'plugins/mirrored/.agents/plugins/marketplace.json': nested }) });
  assert.match(listed[0]!.message, /the plugin is installed from that marketplace, and Codex does not read this file/);
  // Alone, it is a marketplace Codex reads when it is added.
  assert.ok(serious(facts({ 'plugins/mirrored/.agents/plugins/marketplace.json': nested })).length > 0);
});

test("a Codex marketplace inside a plugin that a Claude Code marketplace lists (a vendored plugin carrying its repository's Codex marketplace) is advice too; at the workspace root it is not", () => {
  const nested = '{"name": "v", "plugins": [{"name": "gone", "source": {"source": "local", "path": "./gone"}}]}';
  const claude = (source: string) => `{"name": "m", "owner": {"name": "o"}, "plugins": [{"name": "forge", "source": "${source}"}]}`;
  const loud = (files: Record<string, string>, path: string) => {
    const host = new InMemoryHost(Object.fromEntries(Object.entries(files).map(([p, t]) => [`${R}/${p}`, t])));
    const repository = repositoryFacts(
      Object.entries(files).map(([p, text]) => ({ uri: `${R}/${p}`, text })),
      [R],
    );
    return analyzeFile('plugin-manifest', files[path]!, `${R}/${path}`, host, { repository }).filter((d) => d.severity === 'error' || d.severity === 'warning');
  };
  const vendored = { '.claude-plugin/marketplace.json': claude('./plugins/forge'), 'plugins/forge/.agents/plugins/marketplace.json': nested };
  assert.deepEqual(loud(vendored, 'plugins/forge/.agents/plugins/marketplace.json'), []);
  // At the root, a Claude Code marketplace listing the root as a plugin says nothing of the Codex marketplace beside it.
  const root = { '.claude-plugin/marketplace.json': claude('./'), '.agents/plugins/marketplace.json': nested };
  assert.ok(loud(root, '.agents/plugins/marketplace.json').length > 0);
});

test('a marketplace.json inside a plugin another marketplace lists is advice: Claude Code installs the plugin and does not read it', () => {
  const files = {
    '.claude-plugin/marketplace.json': '{"name": "m", "owner": {"name": "o"}, "plugins": [{"name": "vendored", "source": "./plugins/vendored"}]}',
    'plugins/vendored/.claude-plugin/plugin.json': '{"name": "vendored"}',
  };
  const nested = '{"name": "v", "owner": {"name": "o"}, "plugins": [{"name": "gone", "source": "./agents/gone"}]}';
  const uri = `${R}/plugins/vendored/.claude-plugin/marketplace.json`;
  const host = new InMemoryHost(Object.fromEntries(Object.entries(files).map(([p, t]) => [`${R}/${p}`, t])));
  const listed = analyzeFile('plugin-manifest', nested, uri, host, { repository: facts({ ...files, 'plugins/vendored/.claude-plugin/marketplace.json': nested }) });
  assert.deepEqual(
    listed.map((d) => [d.code, d.severity]),
    [['plugin-source-not-found', 'information']],
  );
  assert.match(listed[0]!.message, /sits in a plugin that \.\.\/\.\.\/\.\.\/\.claude-plugin\/marketplace\.json lists/);
  // The same marketplace where no other one lists its folder: Claude Code reads it when it is added.
  const alone = analyzeFile('plugin-manifest', nested, uri, host, { repository: facts({ 'plugins/vendored/.claude-plugin/marketplace.json': nested }) });
  assert.deepEqual(
    alone.map((d) => [d.code, d.severity]),
    [['plugin-source-not-found', 'error']],
  );
});

test("a copy of a listed plugin inside another plugin's folder is no plugin: its agents are checked where the listed plugin has them", () => {
  const department = '{"name": "engineering", "agents": "./agents/"}';
  const files = {
    '.claude-plugin/marketplace.json':
      '{"name": "m", "owner": {"name": "o"}, "plugins": [{"name": "full", "source": "./bundle/full"}, {"name": "engineering", "source": "./Engineering"}]}',
    'bundle/full/.claude-plugin/plugin.json': '{"name": "full"}',
    'Engineering/.claude-plugin/plugin.json': department,
    // A link (or a copy) of the department placed in the bundle: the same plugin.json, listed by no marketplace.
    'bundle/full/Engineering/.claude-plugin/plugin.json': department,
  };
  const f = repositoryFacts(
    Object.entries(files).map(([p, text]) => ({ uri: `${R}/${p}`, text })),
    [R],
  );
  assert.equal(kind('Engineering/agents/architect.md', f), 'subagent');
  assert.equal(kind('bundle/full/agents/lead.md', f), 'subagent');
  assert.equal(kind('bundle/full/Engineering/agents/architect.md', f), null);
  // A plugin of its own text inside another (a plugin kept for `--plugin-dir`, say) stays a plugin.
  const own = repositoryFacts(
    Object.entries({ ...files, 'bundle/full/Engineering/.claude-plugin/plugin.json': '{"name": "engineering-next"}' }).map(([p, text]) => ({ uri: `${R}/${p}`, text })),
    [R],
  );
  assert.equal(kind('bundle/full/Engineering/agents/architect.md', own), 'subagent');
});

test("a plugin.json in a skill's folder that no marketplace lists is the skill's vendored manifest: its findings are advice", () => {
  const manifest = '{"name": "pw", "author": "someone", "skills": "./"}';
  const skill = '---\nname: pw\ndescription: Runs Playwright tests. Use when asked to test a page.\n---\n';
  const analyzeAt = (files: Record<string, string>, path: string) => {
    const host = new InMemoryHost(Object.fromEntries(Object.entries(files).map(([p, t]) => [`${R}/${p}`, t])));
    const repository = readRepositoryFacts(
      Object.keys(files)
        .filter((p) => p.endsWith('.json'))
        .map((p) => `${R}/${p}`),
      host,
      [R],
    );
    return analyzeFile('plugin-manifest', files[path]!, `${R}/${path}`, host, { repository }).map((d) => [d.code, d.severity, d.message] as const);
  };
  const vendored = analyzeAt({ 'skills/pw/SKILL.md': skill, 'skills/pw/.claude-plugin/plugin.json': manifest }, 'skills/pw/.claude-plugin/plugin.json');
  assert.deepEqual(
    vendored.map(([code, severity]) => [code, severity]),
    [['plugin-value-invalid', 'information']],
  );
  assert.match(vendored[0]![2], /skill's folder/);
  // Listed by a marketplace, the same manifest is a plugin Claude Code installs: an error.
  const listed = analyzeAt(
    {
      'skills/pw/SKILL.md': skill,
      'skills/pw/.claude-plugin/plugin.json': manifest,
      '.claude-plugin/marketplace.json': '{"name": "m", "owner": {"name": "o"}, "plugins": [{"name": "pw", "source": "./skills/pw"}]}',
    },
    'skills/pw/.claude-plugin/plugin.json',
  );
  assert.equal(listed[0]![1], 'error');
  // A repository that is one skill and a plugin at its root: an error too.
  assert.equal(analyzeAt({ 'SKILL.md': skill, '.claude-plugin/plugin.json': manifest }, '.claude-plugin/plugin.json')[0]![1], 'error');
});

test("a plugin's hook that starts the plugin's script by a relative path fails in the user's project: a warning naming ${CLAUDE_PLUGIN_ROOT}; with the variable, a cd, a file the plugin lacks or an event Claude Code lacks, nothing", () => {
  const host = new InMemoryHost({ [`${R}/p/hooks/session-start.sh`]: '#!/bin/sh\n', [`${R}/p/scripts/check.py`]: 'print(1)\n' });
  const group = (command: string) => [{ hooks: [{ type: 'command', command }] }];
  const text = JSON.stringify({
    hooks: {
      SessionStart: group('hooks/session-start.sh'),
      PostToolUse: group('python3 ./scripts/check.py --fast'),
      Stop: group('${CLAUDE_PLUGIN_ROOT}/hooks/session-start.sh'),
      PreToolUse: group('cd "$HOME" && hooks/session-start.sh'),
      UserPromptSubmit: group('npx eslint src/index.ts'),
      PreCommit: group('hooks/session-start.sh'),
    },
  });
  const ds = hooks(text, host).filter((d) => d.code === 'hooks-script-missing');
  assert.deepEqual(
    ds.map((d) => [d.severity, text.slice(d.range.start.character, d.range.end.character)]),
    [
      ['warning', 'hooks/session-start.sh'],
      ['warning', './scripts/check.py'],
    ],
  );
  assert.match(
    ds[0]!.message,
    /Claude Code runs a plugin's hooks in the user's project folder, where 'hooks\/session-start\.sh' names no file: .*write "\$\{CLAUDE_PLUGIN_ROOT\}\/hooks\/session-start\.sh"/,
  );
});

test("a file's plugin component is the first plugin's that lists a folder holding it (its agents before its commands), however many plugins there are", () => {
  // Plugins inside plugins, and two that name one folder: the first in the facts' order decides, as a walk over every plugin would.
  const market = JSON.stringify({
    name: 'm',
    owner: { name: 'o' },
    plugins: [
      { name: 'outer', source: './outer', agents: ['./shared/'], commands: ['./shared/', './cmds/'] },
      { name: 'inner', source: './outer/inner', commands: ['./agents/'] },
      ...Array.from({ length: 300 }, (_, i) => ({ name: `p${i}`, source: `./many/p${i}` })),
    ],
  });
  const f = facts({ '.claude-plugin/marketplace.json': market });
  const expected: [string, string | null][] = [
    ['outer/shared/a.md', 'subagent'],
    ['outer/cmds/deep/b.md', 'command'],
    // The inner plugin's own agents folder (a default) comes before the commands its entry adds there.
    ['outer/inner/agents/c.md', 'subagent'],
    ['outer/inner/commands/d.md', 'command'],
    ['outer/sharedx/e.md', null],
    ['many/p7/agents/x.md', 'subagent'],
    ['many/p299/commands/y/z.md', 'command'],
    ['many/p299/hooks/hooks.json', 'hooks'],
    ['many/p300/agents/x.md', null],
    ['many/p7/agents.md', null],
  ];
  for (const [path, kindWanted] of expected) assert.equal(kind(path, f), kindWanted, path);
});

test("a plugin's hook that runs a script of the plugin as a program without an executable bit is a warning, beside the scripts that are fine", () => {
  const host = new InMemoryHost({ [`${R}/p/hooks/guard.sh`]: '#!/bin/sh\n', [`${R}/p/hooks/ok.sh`]: '#!/bin/sh\n' }, { executable: [`${R}/p/hooks/ok.sh`] });
  const text = JSON.stringify({
    hooks: {
      PreToolUse: [
        {
          matcher: 'Bash',
          hooks: [
            { type: 'command', command: '${CLAUDE_PLUGIN_ROOT}/hooks/guard.sh' },
            { type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}/hooks/ok.sh"' },
          ],
        },
      ],
      Stop: [{ hooks: [{ type: 'command', command: 'bash ${CLAUDE_PLUGIN_ROOT}/hooks/guard.sh' }] }],
    },
  });
  const ds = hooks(text, host);
  assert.deepEqual(
    ds.map((d) => [d.code, d.severity, text.slice(d.range.start.character, d.range.end.character)]),
    [['hooks-script-not-executable', 'warning', 'hooks/guard.sh']],
  );
});
