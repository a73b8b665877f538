import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileKindOf } from '../../server/src/core/workspace/fileKinds';
import { duplicateAgentNames } from '../../server/src/core/subagents/duplicates';
import { analyzeFile, crossFileDiagnostics } from '../../server/src/core/analysis/analyzeFile';
import { InMemoryHost } from '../../server/src/core/workspace/host';
import {
  agentFileCodeActions,
  agentFileCompletion,
  agentFileDefinition,
  agentFileHover,
  agentFileVariantOf,
  analyzeAgentFile,
  claudeYamlOutcome,
  quoteLikeClaude,
} from '../../server/src/core/subagents';
import { cursor, joinLines, ranges } from '../helpers/markers';

const AGENT = 'file:///ws/.claude/agents/reviewer.md';
const COMMAND = 'file:///ws/.claude/commands/deploy.md';
const diags = (text: string, uri = AGENT) => analyzeAgentFile(text, uri).diagnostics;
const codes = (text: string, uri = AGENT) => diags(text, uri).map((d) => `${d.code}/${d.severity}`);

test('agent and command files are known by their folders, and other Markdown is not', () => {
  const cases: [string, string | null][] = [
    ['.claude/agents/reviewer.md', 'subagent'],
    ['.claude/agents/review/security.md', 'subagent'],
    ['pkg/.claude/agents/a.md', 'subagent'],
    ['.claude/commands/deploy.md', 'command'],
    ['.claude/commands/frontend/build.md', 'command'],
    ['.github/agents/planner.agent.md', 'subagent'],
    ['.github/chatmodes/plan.chatmode.md', 'subagent'],
    ['.github/prompts/release.prompt.md', 'command'],
    ['.claude/agents/README.md', 'subagent'],
    ['.github/agents/notes.md', null],
    ['.github/prompts/readme.md', null],
    ['agents/reviewer.md', null],
    ['.claude/agents/notes.txt', null],
    // An AGENT.md in a Claude Code agents folder is a subagent; elsewhere an OS Protocol agent.
    ['.claude/agents/type-checker/AGENT.md', 'subagent'],
    ['agents/type-checker/AGENT.md', 'agent-md'],
  ];
  for (const [p, kind] of cases) assert.equal(fileKindOf(`/ws/${p}`), kind, p);
  assert.equal(agentFileVariantOf('/ws/.github/chatmodes/plan.chatmode.md'), 'vscode-chatmode');
  // A SKILL.md or CLAUDE.md keeps its own kind wherever it is.
  assert.equal(fileKindOf('/ws/.claude/commands/x/SKILL.md'), 'skill');
  // A skill.md in lower case is a misnamed skill, but in a commands folder a command (`/create:skill`), and in references/ a document.
  assert.equal(fileKindOf('/ws/skills/web-search/skill.md'), 'skill');
  assert.equal(fileKindOf('/ws/.claude/commands/create/skill.md'), 'command');
  assert.equal(fileKindOf('/ws/.opencode/command/create/skill.md'), null);
  assert.equal(fileKindOf('/ws/skills/x/references/skill.md'), null);
});

test('a well-formed subagent, in both tool forms, gets no diagnostic', () => {
  const comma = joinLines(
    '---',
    'name: code-reviewer',
    'description: Reviews code for quality. Use proactively after edits.',
    'tools: Read, Grep, Glob, Bash(git diff:*), mcp__github__get_pr',
    'model: sonnet',
    'color: blue',
    '---',
    'You are a reviewer.',
  );
  assert.deepEqual(codes(comma), []);
  const list = joinLines(
    '---',
    'name: code-reviewer',
    'description: Reviews code',
    'tools:',
    '  - Read',
    '  - Agent(worker, researcher)',
    'model: claude-opus-5',
    'maxTurns: 12',
    '---',
    '',
  );
  assert.deepEqual(codes(list), []);
});

test("Claude Code's own quoting: a one-line description with ': ' loads, information only, with a fix that quotes it as Claude Code does", () => {
  const line = 'description: Use this agent when reviewing. Examples: <example>Context: a PR user: "review it" assistant: "I will"</example>';
  const text = joinLines('---', 'name: reviewer', line, '---', 'Body');
  const ds = diags(text);
  assert.deepEqual(
    ds.map((d) => `${d.code}/${d.severity}`),
    ['subagent-yaml-quoted/information'],
  );
  assert.equal(ds[0]!.range.start.line, 2);
  assert.equal(ds[0]!.range.start.character, 'description: '.length);
  const [fix] = agentFileCodeActions(text, AGENT, ds);
  const edit = fix!.edit!.changes![AGENT]![0]!;
  const fixed = text.split('\n');
  fixed[2] = 'description: ' + edit.newText;
  assert.equal(claudeYamlOutcome(fixed.slice(1, 3).join('\n')).kind, 'parsed');
  assert.match(edit.newText, /^"Use this agent when reviewing\. Examples: <example>Context: a PR user: \\"review it\\"/);
});

test('a description spread over lines that hold ": " is not YAML even after Claude Code quotes: the agent is not loaded, error at the line', () => {
  const text = joinLines('---', 'name: reviewer', 'description: Use this agent when reviewing.', '<example>', 'Context: the user asks for a review', '</example>', '---', 'Body');
  const ds = diags(text);
  assert.equal(ds.length, 1);
  assert.equal(ds[0]!.code, 'subagent-yaml-invalid');
  assert.equal(ds[0]!.severity, 'error');
  assert.match(ds[0]!.message, /^Claude Code will not load this agent: .*\(line \d+: /);
  assert.ok(ds[0]!.range.start.line >= 2 && ds[0]!.range.start.line <= 5);
  // The fix makes the value a literal block, and the result loads.
  const [fix] = agentFileCodeActions(text, AGENT, ds);
  const e = fix!.edit!.changes![AGENT]![0]!;
  assert.equal(e.newText, joinLines('description: |', '  Use this agent when reviewing.', '  <example>', '  Context: the user asks for a review', '  </example>'));
  const lines = text.split('\n');
  const fixed = [...lines.slice(0, e.range.start.line), e.newText, ...lines.slice(e.range.end.line + 1)].join('\n');
  assert.deepEqual(codes(fixed), []);
  // A command with the same frontmatter still loads, without its frontmatter: a warning.
  assert.deepEqual(codes(text, COMMAND), ['command-yaml-invalid/warning']);
});

test('a file with CRLF line ends is read like one with LF (a colon in a value is quoted, not an error)', () => {
  const text = ['---', 'name: writer', 'description: Use it when: tests are missing', 'tools: Read, Grep', '---', 'Body.', ''].join('\r\n');
  assert.deepEqual(codes(text), ['subagent-yaml-quoted/information']);
});

test('a tools list on a line Claude Code quoted is one warning on the list, naming the line that made it quote', () => {
  const text = joinLines('---', 'name: reviewer', 'description: Use it when: a PR is open', 'tools: ["Read", "Grep"]', 'disallowedTools: [Bash]', '---', 'Body');
  const ds = diags(text).filter((d) => d.code === 'subagent-tool-unknown');
  assert.deepEqual(
    ds.map((d) => [d.range.start.line, d.range.start.character, d.range.end.character]),
    [
      [3, 'tools: '.length, 'tools: ["Read", "Grep"]'.length],
      [4, 'disallowedTools: '.length, 'disallowedTools: [Bash]'.length],
    ],
  );
  assert.match(
    ds[0]!.message,
    /^Claude Code reads 'tools' as the text '\["Read", "Grep"\]', not as a list: line 3 is not valid YAML, .* grants none of them\. Quote the value on line 3/,
  );
  assert.match(ds[1]!.message, /takes nothing away/);
  // The same list when nothing forces Claude Code to quote: a list, and no finding.
  assert.deepEqual(
    diags(text.replace('when: a', 'when a')).filter((d) => d.code === 'subagent-tool-unknown'),
    [],
  );
});

test('a block description beside a value Claude Code must quote is information, not a certain failure (quoting a lone | is not known)', () => {
  const text = joinLines('---', 'description: |', '  Audits a repo.', '  Usage: /audit "<path>"', 'argument-hint: "<path>" [filter]', '---', 'Body');
  const ds = diags(text, COMMAND);
  assert.deepEqual(
    ds.map((d) => `${d.code}/${d.severity}/${d.range.start.line}`),
    ['command-yaml-quoted/information/4'],
  );
  // A value no quoting can save fails either way: the warning is on it, not on the block's echo.
  const broken = text.replace('"<path>" [filter]', '"<path>" "[filter]"');
  assert.deepEqual(
    diags(broken, COMMAND).map((d) => `${d.code}/${d.severity}/${d.range.start.line}`),
    ['command-yaml-invalid/warning/4'],
  );
});

test('quoteLikeClaude leaves quoted values, indented lines and plain values alone', () => {
  const src = joinLines('name: "a: b"', 'tools: Read, Grep', 'description: x: y', '  nested: z', "other: 'q'");
  const r = quoteLikeClaude(src);
  assert.deepEqual(r.quotedLines, [2]);
  assert.equal(r.text.split('\n')[2], 'description: "x: y"');
});

test('what makes Claude Code skip a subagent: no name, a name with ":" or a leading "-", no description, a name that is not text', () => {
  const fm = (...lines: string[]) => joinLines('---', ...lines, '---', 'Body');
  assert.deepEqual(codes(fm('description: d')), ['subagent-name-missing/error']);
  assert.deepEqual(codes(fm('name: a:b', 'description: d')), ['subagent-name-invalid/error']);
  assert.deepEqual(codes(fm('name: -a', 'description: d')), ['subagent-name-invalid/error']);
  assert.deepEqual(codes(fm('name: a')), ['subagent-description-missing/error']);
  assert.deepEqual(codes(fm('name: a', 'description:')), ['subagent-description-missing/error']);
  assert.deepEqual(codes(fm('name: 404', 'description: d')), ['subagent-name-missing/error']);
  assert.deepEqual(codes(fm('name: a', 'description: [x]')), ['subagent-description-missing/error']);
  // A template's placeholder name is read as a list too: the file is not loaded, which is its purpose.
  assert.deepEqual(codes(fm('name: [agent-name]', 'description: [what this agent does]')), ['subagent-name-missing/information']);
  assert.deepEqual(codes(fm('name: [a, b]', 'description: d')), ['subagent-name-missing/error']);
  assert.deepEqual(codes(joinLines('---', 'name: a', 'description: d')), ['subagent-frontmatter-unclosed/error']);
  // No frontmatter at all: documentation kept beside the agents, advice only.
  assert.deepEqual(codes('# Notes about our agents\n'), ['subagent-name-missing/information']);
  assert.deepEqual(codes('# Agents\n', 'file:///ws/.claude/agents/README.md'), []);
  // A README or index page with a documentation site's frontmatter and no name or description: a page about the agents.
  assert.deepEqual(codes(fm('title: Agents', 'sidebar_label: Agents'), 'file:///ws/.claude/agents/README.md'), ['subagent-name-missing/information']);
  assert.deepEqual(codes(fm('title: Agents', 'description: d'), 'file:///ws/.claude/agents/README.md'), ['subagent-name-missing/error']);
  assert.deepEqual(codes(fm('title: Agents'), 'file:///ws/.claude/agents/reviewer.md'), ['subagent-name-missing/error']);
});

test("a file with no frontmatter written as an agent's prompt ('You are …', an agent's title) is an agent Claude Code will not load: an error; one about the agents stays advice", () => {
  const ds = diags('\nYou are a security reviewer for the Apollos project (Django 5 + FastAPI).\n\n## Checklist\n- auth\n');
  assert.deepEqual(
    ds.map((d) => `${d.code}/${d.severity}`),
    ['subagent-name-missing/error'],
  );
  assert.match(ds[0]!.message, /^Claude Code will not load this agent: it has no frontmatter .* written as an agent's prompt \('You are a security reviewer for…'\)/);
  assert.deepEqual(codes('Notes: you are welcome to add agents here.\n'), ['subagent-name-missing/information']);
  // A heading and then the prompt, or a title that names an agent (held-out round 63): an agent too. A title about agents is not.
  for (const text of [
    '# Security reviewer\n\nYou are a security reviewer.\n',
    '# Browser Automation Agent\n\n## Purpose\n',
    '## Agent: Issue Triager\n\n### Role\n',
    // The same titles in Japanese, Korean and Chinese ("debugger agent settings", "code review agent (by severity)"; held-out round 66).
    '# デバッガーエージェント設定\n\n## 目的\n',
    '# コードレビューエージェント（重大度分類型）\n',
    '# 코드 리뷰 에이전트\n',
    '# 代码审查智能体\n',
    '# Code Review Agent (by severity)\n',
  ])
    assert.deepEqual(codes(text), ['subagent-name-missing/error'], text);
  for (const text of [
    '# Agent Audit Report\n\nAgents audited: 1\n',
    '# Agent Testing Framework\n\nEach agent must pass:\n',
    '# エージェント一覧\n\n- planner\n',
    // A first line longer than a title (over 200 characters) is not read as one.
    `# ${'x'.repeat(200)} Agent\n`,
    '# Security notes\n\nYou are welcome to add checks.\n',
  ])
    assert.deepEqual(codes(text), ['subagent-name-missing/information'], text);
});

test('a frontmatter written below a heading is one Claude Code never reads: an error naming its line; a --- rule in a document about the agents is not one', () => {
  const ds = diags('# Planner Agent\n\n---\nname: planner\ndescription: Plans the work. Use before a large change.\n---\n\nYou plan.\n');
  assert.deepEqual(
    ds.map((d) => `${d.code}/${d.severity}`),
    ['subagent-name-missing/error'],
  );
  assert.match(ds[0]!.message, /its frontmatter starts on line 3, and Claude Code reads a frontmatter only on the file's first line/);
  assert.deepEqual(codes('# Our agents\n\nThe planner plans.\n\n---\n\nThe reviewer reviews.\n\n---\n'), ['subagent-name-missing/information']);
  // Below a tool's HTML comment marker only: whether Claude Code skips such a comment is not known, so it stays advice.
  assert.deepEqual(codes('<!-- managed -->\n---\nname: planner\ndescription: Plans.\n---\n'), ['subagent-name-missing/information']);
});

test('unknown tools are warnings on the entry (with the right case offered), former tools information, MCP and aliases accepted', () => {
  const { text, ranges: r } = ranges(joinLines('---', 'name: a', 'description: d', 'tools: «read», Grep, «MultiEdit», Task, mcp__x__y, «githubRepo»', '---', ''));
  const ds = diags(text);
  assert.deepEqual(
    ds.map((d) => [d.code, d.severity, d.range]),
    [
      ['subagent-tool-unknown', 'warning', r[0]],
      ['subagent-tool-unknown', 'information', r[1]],
      ['subagent-tool-unknown', 'warning', r[2]],
    ],
  );
  assert.match(ds[0]!.message, /did you mean 'Read'\?/);
  // `task` in lower case is the old Task, which Claude Code now calls Agent.
  assert.match(diags(joinLines('---', 'name: a', 'description: d', 'tools: task', '---', ''))[0]!.message, /did you mean 'Agent'\?/);
  const fixes = agentFileCodeActions(text, AGENT, ds);
  assert.equal(fixes.length, 1);
  assert.equal(fixes[0]!.edit!.changes![AGENT]![0]!.newText, 'Read');
});

test('tools that give the agent none: empty, or a map', () => {
  const fm = (...lines: string[]) => joinLines('---', 'name: a', 'description: d', ...lines, '---', '');
  assert.deepEqual(codes(fm('tools:')), ['subagent-tools-shape/warning']);
  assert.deepEqual(codes(fm('tools: []')), ['subagent-tools-shape/warning']);
  assert.deepEqual(codes(fm('tools:', '  read: true')), ['subagent-tools-shape/warning']);
  assert.deepEqual(codes(fm('tools: "*"')), []);
});

test('values Claude Code drops, hooks that are not a map, unknown keys and models', () => {
  const fm = (...lines: string[]) => joinLines('---', 'name: a', 'description: d', ...lines, '---', '');
  // A colour outside the documented list: only advice (Claude Code's own agent creator suggests magenta).
  assert.deepEqual(codes(fm('color: magenta')), ['subagent-value-invalid/information']);
  assert.deepEqual(codes(fm('color: Blue')), ['subagent-value-invalid/information']);
  assert.deepEqual(codes(fm('permissionMode: yolo')), ['subagent-value-invalid/warning']);
  assert.deepEqual(codes(fm('maxTurns: 0')), ['subagent-value-invalid/warning']);
  assert.deepEqual(codes(fm('maxTurns: "5"', 'effort: high', 'memory: project', 'isolation: worktree', 'background: true')), []);
  assert.deepEqual(codes(fm('hooks: []')), ['subagent-hooks-ignored/warning']);
  // A hook command reading a variable Claude Code never sets: on the variable as written; not in a plugin's agent, whose hooks are ignored.
  const withHook = fm(
    'hooks:',
    '  PreToolUse:',
    '    - matcher: Bash',
    '      hooks:',
    '        - type: command',
    '          command: "echo \\"$CLAUDE_TOOL_INPUT\\" >> log; echo $CLAUDE_TOOL_INPUT"',
  );
  const unset = diags(withHook);
  assert.deepEqual(
    unset.map((d) => [d.code, d.severity, withHook.split('\n')[d.range.start.line]!.slice(d.range.start.character, d.range.end.character)]),
    [
      ['subagent-hooks-variable-unset', 'warning', '$CLAUDE_TOOL_INPUT'],
      ['subagent-hooks-variable-unset', 'warning', '$CLAUDE_TOOL_INPUT'],
    ],
  );
  assert.ok(unset[1]!.range.start.character > unset[0]!.range.start.character, 'the second finding is on the second occurrence');
  assert.deepEqual(
    analyzeAgentFile(withHook, 'file:///ws/plugins/p/agents/a.md', 'agent', undefined, true).diagnostics.map((d) => `${d.code}/${d.severity}`),
    ['subagent-plugin-key-ignored/warning'],
  );
  assert.deepEqual(codes(fm('hooks:', '  Stop:', '    - hooks:', '        - type: command', '          command: echo hi')), []);
  assert.deepEqual(codes(fm('model: gpt-5')), ['subagent-model-unknown/information']);
  assert.deepEqual(codes(fm('model: inherit')), []);
  assert.deepEqual(codes(fm('allowed-tools: Read')), ['subagent-key-unknown/warning']);
});

test("a subagent's allowed-tools (a skill's and a command's key) restricts nothing, so the agent gets every tool: a warning suggesting tools, with the rename as its fix, unless the agent has tools already", () => {
  const text = joinLines('---', 'name: reviewer', 'description: Reviews changes.', 'allowed-tools: Read, Grep', '---', 'Body');
  const ds = diags(text);
  assert.deepEqual(
    ds.map((d) => [d.code, d.severity, d.data?.['suggestion']]),
    [['subagent-key-unknown', 'warning', 'tools']],
  );
  assert.match(ds[0]!.message, /with no 'tools', the agent gets every tool of the session, not this list/);
  assert.deepEqual(
    diags(joinLines('---', 'name: explorer', 'description: Explores.', 'allowed_tools:', '  - Read', '---', 'Body')).map((d) => [d.code, d.severity]),
    [['subagent-key-unknown', 'warning']],
  );
  // The same agent kept outside .claude/agents/ and outside a plugin is no agent Claude Code loads: advice.
  assert.deepEqual(
    analyzeAgentFile(text, 'file:///ws/skills/agents/reviewer.md', 'agent').diagnostics.map((d) => [d.code, d.severity]),
    [['subagent-key-unknown', 'information']],
  );
  assert.deepEqual(
    agentFileCodeActions(text, AGENT, ds).map((a) => a.title),
    ["Change to 'tools'"],
  );
  const both = diags(joinLines('---', 'name: reviewer', 'description: Reviews changes.', 'tools: Read', 'allowed_tools: Read, Grep', '---', 'Body'));
  assert.deepEqual(
    both.map((d) => [d.code, d.severity, d.data?.['suggestion']]),
    [['subagent-key-unknown', 'information', undefined]],
  );
});

test('two subagents of one name in one .claude/agents folder are a warning on each; other folders, and byte-identical copies, are not', () => {
  const host = new InMemoryHost();
  const agent = (body: string) => joinLines('---', 'name: reviewer', 'description: d', '---', body);
  const files = [
    { uri: 'file:///ws/.claude/agents/reviewer.md', kind: 'subagent' as const, text: agent('New.') },
    { uri: 'file:///ws/.claude/agents/old/reviewer.md', kind: 'subagent' as const, text: agent('Old.') },
    { uri: 'file:///ws/pkg/.claude/agents/reviewer.md', kind: 'subagent' as const, text: agent('Other project.') },
  ];
  const out = crossFileDiagnostics(files, host);
  assert.deepEqual([...out.keys()].sort(), [files[1]!.uri, files[0]!.uri].sort());
  const d = out.get(files[0]!.uri)![0]!;
  assert.equal(d.code, 'subagent-name-duplicate');
  assert.match(d.message, /also used by old\/reviewer\.md/);
  const copies = [files[0]!, { ...files[1]!, text: files[0]!.text }];
  assert.equal(crossFileDiagnostics(copies, host).size, 0);
});

test('commands: name and paths are ignored (unless name is the command name), tools and model checked, $ARGUMENTS without a hint is advice', () => {
  assert.deepEqual(codes(joinLines('---', 'name: ship', 'description: d', '---', ''), COMMAND), ['command-key-ignored/warning']);
  assert.deepEqual(codes(joinLines('---', 'name: deploy', '---', ''), COMMAND), []);
  assert.deepEqual(codes(joinLines('---', 'name: frontend:build', '---', ''), 'file:///ws/.claude/commands/frontend/build.md'), []);
  // A plugin's commands/ folder names its subfolders the same way.
  const pluginCommand = (text: string) =>
    analyzeAgentFile(text, 'file:///ws/plugins/ce/commands/workflows/plan.md', 'command', undefined, true).diagnostics.map((d) => `${d.code}/${d.severity}`);
  assert.deepEqual(pluginCommand(joinLines('---', 'name: workflows:plan', '---', '')), []);
  // What a plugin's command does with another name is not documented: advice there.
  assert.deepEqual(pluginCommand(joinLines('---', 'name: plan-it', '---', '')), ['command-key-ignored/information']);
  assert.deepEqual(codes(joinLines('---', 'allowed-tools: Bash(git add:*), Update', '---', ''), COMMAND), ['command-tool-unknown/warning']);
  assert.deepEqual(codes(joinLines('---', 'tools: Read', '---', ''), COMMAND), ['command-key-unknown/information']);
  // A key Claude Code reads, written with '_' for '-': surely meant, and its value is lost.
  const underscore = diags(joinLines('---', 'allowed_tools: Bash(git status)', '---', ''), COMMAND);
  assert.deepEqual(
    underscore.map((d) => `${d.code}/${d.severity}`),
    ['command-key-unknown/warning'],
  );
  assert.match(underscore[0]!.message, /^Claude Code reads 'allowed-tools', not 'allowed_tools'/);
  assert.deepEqual(codes(joinLines('Deploy $ARGUMENTS now'), COMMAND), ['command-argument-hint-missing/information']);
  assert.deepEqual(codes(joinLines('---', 'argument-hint: [env]', '---', 'Deploy $ARGUMENTS now'), COMMAND), []);
  // No frontmatter at all is fine for a command.
  assert.deepEqual(codes('Run the tests.\n', COMMAND), []);
});

test('a command beside a project skill of its name never runs: a warning naming the skill', () => {
  const host = new InMemoryHost({ 'file:///ws/.claude/skills/deploy/SKILL.md': '---\nname: deploy\n---\n' });
  const ds = analyzeFile('command', joinLines('---', 'description: Deploy', '---', 'Deploy.'), COMMAND, host);
  assert.deepEqual(
    ds.map((d) => `${d.code}@${d.range.start.line}`),
    ['command-shadowed-by-skill@0'],
  );
  assert.match(ds[0]!.message, /skill \.claude\/skills\/deploy\/SKILL\.md for \/deploy/);
  assert.deepEqual(analyzeFile('command', 'Build.', 'file:///ws/.claude/commands/frontend/deploy.md', host), []);
});

test('VS Code files: nothing VS Code validates itself is reported; a chat mode gets the move to .github/agents, with a rename fix', () => {
  assert.deepEqual(codes(joinLines('---', 'bogus: 1', 'tools: [nope]', '---', ''), 'file:///ws/.github/agents/a.agent.md'), []);
  assert.deepEqual(codes(joinLines('---', 'bogus: 1', '---', ''), 'file:///ws/.github/prompts/a.prompt.md'), []);
  const uri = 'file:///ws/.github/chatmodes/plan.chatmode.md';
  const ds = diags(joinLines('---', 'description: Plan', '---', ''), uri);
  assert.deepEqual(
    ds.map((d) => d.code),
    ['subagent-chatmode-renamed'],
  );
  const [fix] = agentFileCodeActions('', uri, ds);
  assert.deepEqual(fix!.edit!.documentChanges, [
    { kind: 'rename', oldUri: uri, newUri: 'file:///ws/.github/agents/plan.agent.md', options: { overwrite: false, ignoreIfExists: true } },
  ]);
});

test('analyzeFile checks a file named with --kind command as a Claude Code command', () => {
  const text = joinLines('---', 'name: other', '---', '');
  assert.deepEqual(
    analyzeFile('command', text, 'file:///ws/notes/x.md', new InMemoryHost()).map((d) => d.code),
    ['command-key-ignored'],
  );
  assert.deepEqual(
    analyzeFile('subagent', text, 'file:///ws/notes/x.md', new InMemoryHost()).map((d) => d.code),
    ['subagent-description-missing'],
  );
});

test('hover says what Claude Code does with a key and a tool; completion offers keys, models and tools', () => {
  const h = cursor(joinLines('---', 'name: a', 'mo$0del: sonnet', 'tools: Read, Grep', '---', ''));
  const hover = agentFileHover(h.text, AGENT, h.position);
  assert.match(JSON.stringify(hover?.contents), /Claude Code.*inherit/);
  const t = cursor(joinLines('---', 'name: a', 'tools: Read, Gr$0ep', '---', ''));
  assert.match(JSON.stringify(agentFileHover(t.text, AGENT, t.position)?.contents), /Grep.*a Claude Code tool/);
  const k = cursor(joinLines('---', 'name: a', '$0', '---', ''));
  const keys = agentFileCompletion(k.text, AGENT, k.position).map((c) => c.label);
  assert.ok(keys.includes('description') && keys.includes('tools') && !keys.includes('name'));
  const m = cursor(joinLines('---', 'model: $0', '---', ''));
  assert.ok(agentFileCompletion(m.text, AGENT, m.position).some((c) => c.label === 'haiku'));
  const tl = cursor(joinLines('---', 'tools: Read, $0', '---', ''));
  assert.ok(agentFileCompletion(tl.text, AGENT, tl.position).some((c) => c.label === 'WebFetch'));
  // A prompt file gets VS Code's keys.
  const p = cursor(joinLines('---', '$0', '---', ''));
  assert.ok(agentFileCompletion(p.text, 'file:///ws/.github/prompts/a.prompt.md', p.position).some((c) => c.label === 'agent'));
});

test("definition from an MCP tool of a subagent's or command's tool list to the server's key in the project's .mcp.json", () => {
  const mcp = joinLines('{', '  "mcpServers": {', '    "github": { "command": "gh-mcp" },', '    "my_db": { "url": "https://db.example/mcp" }', '  }', '}');
  const host = new InMemoryHost({ 'file:///ws/.mcp.json': mcp });
  const serverKey = (name: string) => {
    const line = mcp.split('\n').findIndex((l) => l.includes(`"${name}"`));
    const at = mcp.split('\n')[line]!.indexOf(`"${name}"`);
    return { start: { line, character: at }, end: { line, character: at + name.length + 2 } };
  };
  const agent = cursor(joinLines('---', 'name: a', 'description: d', 'tools: Read, mcp__git$0hub__create_issue', '---', ''));
  assert.deepEqual(agentFileDefinition(agent.text, AGENT, agent.position, host), { uri: 'file:///ws/.mcp.json', range: serverKey('github') });
  // A list, a whole server, an underscore in the server name, and a command's allowed-tools.
  const listed = cursor(joinLines('---', 'name: a', 'description: d', 'disallowedTools:', '  - mcp__my_d$0b', '---', ''));
  assert.deepEqual(agentFileDefinition(listed.text, AGENT, listed.position, host)?.range, serverKey('my_db'));
  const command = cursor(joinLines('---', 'allowed-tools: Bash(git:*), mcp__github__list_$0prs', '---', 'Do it.', ''));
  assert.equal(agentFileDefinition(command.text, COMMAND, command.position, host)?.uri, 'file:///ws/.mcp.json');
  // A server the project does not define (a user-level one), a built-in tool, and a plugin's agent: nowhere to go.
  for (const [t, uri] of [
    ['tools: mcp__slack__po$0st', AGENT],
    ['tools: Re$0ad, mcp__github', AGENT],
    ['tools: mcp__git$0hub__create_issue', 'file:///ws/plugins/p/agents/a.md'],
  ] as const) {
    const c = cursor(joinLines('---', 'name: a', 'description: d', t, '---', ''));
    assert.equal(agentFileDefinition(c.text, uri, c.position, host), null, t);
  }
});

test("definition from a subagent's skills entry to the project's SKILL.md of that name", () => {
  const host = new InMemoryHost({ 'file:///ws/.claude/skills/api-conventions/SKILL.md': '---\nname: api-conventions\n---\n' });
  const { text, position } = cursor(joinLines('---', 'name: a', 'description: d', 'skills: testing, api-conv$0entions', '---', ''));
  assert.deepEqual(agentFileDefinition(text, AGENT, position, host)?.uri, 'file:///ws/.claude/skills/api-conventions/SKILL.md');
  const other = cursor(joinLines('---', 'name: a', 'description: d', 'skills: test$0ing', '---', ''));
  assert.equal(agentFileDefinition(other.text, AGENT, other.position, host), null);
});

test('agents and commands kept in an archive or backup folder are copies: their findings are advice, saying so, and they clash with no name; a template keeps them', () => {
  const host = new InMemoryHost();
  const noDescription = joinLines('---', 'name: code-analyzer', '---', 'Analyzes code.');
  const archived = 'file:///ws/docs/migration/legacy-archive/.claude/agents/analysis/code-analyzer.md';
  const found = analyzeFile('subagent', noDescription, archived, host, { workspaceRoots: ['file:///ws'] });
  assert.deepEqual(
    found.map((d) => [d.code, d.severity]),
    [['subagent-description-missing', 'information']],
  );
  assert.match(found[0]!.message, /sits in an archive or backup folder: no client loads agents or commands from there/);
  // A template's agents are copied into projects and used there: checked as they are.
  assert.equal(
    analyzeFile('subagent', noDescription, 'file:///ws/templates/tasks/.claude/agents/code-analyzer.md', host, { workspaceRoots: ['file:///ws'] })[0]!.severity,
    'error',
  );
  // The same file in the live folder keeps its error.
  assert.equal(analyzeFile('subagent', noDescription, 'file:///ws/.claude/agents/code-analyzer.md', host, { workspaceRoots: ['file:///ws'] })[0]!.severity, 'error');
  const agent = (body: string) => joinLines('---', 'name: pr-manager', 'description: d', '---', body);
  const files = [
    { uri: 'file:///ws/_archived/.claude/agents/github/pr-manager.md', kind: 'subagent' as const, text: agent('One.') },
    { uri: 'file:///ws/_archived/.claude/agents/templates/pr-manager.md', kind: 'subagent' as const, text: agent('Two.') },
  ];
  assert.equal(crossFileDiagnostics(files, host, { workspaceRoots: ['file:///ws'] }).size, 0);
  assert.equal(crossFileDiagnostics(files, host).size, 0);
});

test("an agent's value that ' #' cuts short is a warning naming the client and what is lost; the quick fix quotes it", () => {
  const { text, ranges: expected } = ranges(
    joinLines('---', 'name: implement-issue', 'description: «Implements an issue. Starts on the prompt 「issue #N を実装して」.»', '---', 'Body'),
  );
  for (const uri of [AGENT, 'file:///ws/.github/agents/implement-issue.agent.md']) {
    const found = diags(text, uri).filter((d) => d.code === 'subagent-yaml-comment-in-value');
    assert.deepEqual(
      found.map((d) => [d.severity, d.range]),
      [['warning', expected[0]]],
      uri,
    );
    assert.match(found[0]!.message, /(Claude Code|VS Code) reads only the text before it, and '#N を実装して」\.' is lost/);
  }
  const [d] = diags(text).filter((x) => x.code === 'subagent-yaml-comment-in-value');
  const fix = agentFileCodeActions(text, AGENT, [d!]).find((a) => a.title === 'Quote the value');
  assert.equal(fix?.edit?.changes?.[AGENT]?.[0]?.newText, '"Implements an issue. Starts on the prompt 「issue #N を実装して」."');
  // A comment written as one, and a command file, are left alone.
  assert.deepEqual(codes(joinLines('---', 'name: r', 'description: Reviews code. # short', '---', 'Body')), []);
});

test("a plugin's agents of one name in two subfolders of agents/ do not clash: Claude Code joins the subfolder to the name", () => {
  const at = (uri: string) => ({ uri, name: 'designer', nameRange: { start: { line: 1, character: 6 }, end: { line: 1, character: 14 } }, plugin: 'file:///ws/p' });
  const subfolders = [at('file:///ws/p/agents/database/database-designer.md'), at('file:///ws/p/agents/frontend/frontend-designer.md')];
  assert.equal(duplicateAgentNames(subfolders).size, 0);
  // In one subfolder, or both straight in agents/, they do.
  assert.equal(duplicateAgentNames([at('file:///ws/p/agents/database/a.md'), at('file:///ws/p/agents/database/b.md')]).size, 2);
  assert.equal(duplicateAgentNames([at('file:///ws/p/agents/a.md'), at('file:///ws/p/agents/b.md')]).size, 2);
});
