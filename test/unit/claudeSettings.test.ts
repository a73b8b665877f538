import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileKindOf } from '../../server/src/core/workspace/fileKinds';
import { InMemoryHost } from '../../server/src/core/workspace/host';
import { analyzeClaudeSettings, hookScriptDefinition, settingsCompletion, settingsHover } from '../../server/src/core/hooks';
import { cursor, ranges } from '../helpers/markers';
import { LineIndex } from '../../server/src/core/text/text';

const URI = 'file:///ws/.claude/settings.json';
const check = (text: string, host = new InMemoryHost()) => analyzeClaudeSettings(text, URI, host).diagnostics;
const codes = (text: string, host?: InMemoryHost) => check(text, host).map((d) => `${d.code}/${d.severity}`);
/** A settings file whose `hooks` has one event with one group. */
const hooks = (event: string, group: object) => JSON.stringify({ hooks: { [event]: [group] } }, null, 2);
const cmd = (command: string, extra: object = {}) => ({ hooks: [{ type: 'command', command, ...extra }] });
/** The findings of a settings text with «marked» ranges, asserted to be one `code` warning on each mark, in order. */
function warningsAt(marked: string, code: string) {
  const { text, ranges: r } = ranges(marked);
  const ds = check(text);
  assert.deepEqual(
    ds.map((d) => [d.code, d.severity, d.range]),
    r.map((range) => [code, 'warning', range]),
  );
  return ds;
}

test('project settings files are their own kind, and other settings.json files are not', () => {
  assert.equal(fileKindOf('.claude/settings.json'), 'claude-settings');
  assert.equal(fileKindOf('pkg/.claude/settings.local.json'), 'claude-settings');
  assert.equal(fileKindOf('.vscode/settings.json'), null);
  assert.equal(fileKindOf('.claude/other.json'), null);
});

test('a well-formed settings file with hooks and permissions has no finding', () => {
  const text = JSON.stringify({
    permissions: { allow: ['Bash(npm run test:*)', 'mcp__github__get_issue', 'WebFetch(domain:example.com)'], deny: ['Read(./secrets/**)'] },
    hooks: {
      PreToolUse: [{ matcher: 'Edit|Write', hooks: [{ type: 'command', command: 'echo ok', timeout: 30 }] }],
      SessionStart: [{ matcher: 'startup', hooks: [{ type: 'prompt', prompt: 'Check.' }] }],
      Stop: [{ hooks: [{ type: 'http', url: 'https://example.com/hook' }] }],
    },
  });
  assert.deepEqual(codes(text), []);
});

test('JSON that does not parse is an error: Claude Code ignores the whole file', () => {
  const ds = check('{"hooks": {');
  assert.deepEqual(
    ds.map((d) => d.code),
    ['settings-json-invalid'],
  );
  assert.equal(ds[0]!.severity, 'error');
  assert.match(ds[0]!.message, /ignores all of it/);
  assert.deepEqual(check('\n'), []);
});

test('hooks in the wrong shape are errors at the value', () => {
  const { text, ranges: r } = ranges('{"hooks": «["PreToolUse"]»}');
  const ds = check(text);
  assert.deepEqual(
    ds.map((d) => [d.code, d.severity, d.range]),
    [['settings-shape', 'error', r[0]]],
  );
  assert.deepEqual(codes('{"hooks": {"SessionStart": {"command": "x"}}}'), ['settings-shape/error']);
  assert.deepEqual(codes('{"hooks": {"PreToolUse": [{"command": "x"}]}}'), ['settings-shape/error']);
});

test('permissions in the wrong shape (a list, a list given as a string) are errors at the value: Claude Code skips the whole file', () => {
  const { text, ranges: r } = ranges('{"permissions": «[{"command": "npm test", "allow": true}]»}');
  const ds = check(text);
  assert.deepEqual(
    ds.map((d) => [d.code, d.severity, d.range]),
    [['settings-shape', 'error', r[0]]],
  );
  assert.match(ds[0]!.message, /must be an object .*skips the whole settings file/);
  const list = ranges('{"permissions": {"allow": «"Bash(npm test)"», "deny": ["Read(.env)"], "defaultMode": "plan"}}');
  assert.deepEqual(
    check(list.text).map((d) => [d.code, d.severity, d.range]),
    [['settings-shape', 'error', list.ranges[0]]],
  );
});

test('an environment variable written at the top level instead of under "env" is a warning on its key; under "env" it is read', () => {
  const ds = warningsAt(
    '{«"MAX_THINKING_TOKENS"»: "31999", "env": {"CLAUDE_CODE_SUBAGENT_MODEL": "opus"}, "model": "opus", «"CLAUDE_CODE_SUBAGENT_MODEL"»: "x"}',
    'settings-env-misplaced',
  );
  assert.match(ds[0]!.message, /sets variables from "env" \(\{"env": \{"MAX_THINKING_TOKENS": …\}\}\)/);
});

test('mcpServers in a settings file is a warning on its key: Claude Code starts no server from there', () => {
  const { text, ranges: r } = ranges('{\n  "permissions": {},\n  «"mcpServers"»: {"postgres": {"command": "npx", "args": ["pg-mcp"]}}\n}');
  const ds = check(text);
  assert.deepEqual(
    ds.map((d) => [d.code, d.severity, d.range]),
    [['settings-mcp-ignored', 'warning', r[0]]],
  );
  assert.match(
    ds[0]!.message,
    /Claude Code does not read MCP servers from a settings file .*: 'postgres' never starts; define project servers in \.mcp\.json at the project's root/,
  );
});

test("mcpServers in a settings file is advice when it is empty, or when the project's .mcp.json defines the same servers", () => {
  assert.deepEqual(codes('{"mcpServers": {}}'), ['settings-mcp-ignored/information']);
  const servers = '{"mcpServers": {"postgres": {"command": "npx"}, "github": {"type": "http", "url": "https://api.example.com/mcp"}}}';
  const both = new InMemoryHost({ 'file:///ws/.mcp.json': '{"mcpServers": {"github": {"type": "http", "url": "https://api.example.com/mcp"}, "postgres": {"command": "npx"}}}' });
  assert.deepEqual(codes(servers, both), ['settings-mcp-ignored/information']);
  assert.match(check(servers, both)[0]!.message, /the project's \.mcp\.json defines 'postgres', 'github' too/);
  const one = new InMemoryHost({ 'file:///ws/.mcp.json': '{"mcpServers": {"github": {"type": "http", "url": "https://api.example.com/mcp"}}}' });
  assert.deepEqual(codes(servers, one), ['settings-mcp-ignored/warning']);
  // The message names only the server .mcp.json lacks as one that never starts.
  assert.match(check(servers, one)[0]!.message, /: 'postgres' never starts \('github' starts from the project's \.mcp\.json\); define project servers/);
});

test('an unknown event is a warning that suggests the near event, and its value is not read', () => {
  const ds = check('{"hooks": {"PreToolUSe": [], "preEditHook": {"command": "npx x"}}}');
  assert.deepEqual(
    ds.map((d) => `${d.code}/${d.severity}`),
    ['hooks-event-unknown/warning', 'hooks-event-unknown/warning'],
  );
  assert.match(ds[0]!.message, /did you mean 'PreToolUse'\?/);
});

test('handlers: an unknown type, a missing command and a bad timeout are warnings', () => {
  assert.deepEqual(codes(hooks('PreToolUse', { hooks: [{ type: 'shell', command: 'x' }] })), ['hooks-handler-type-unknown/warning']);
  assert.deepEqual(codes(hooks('PreToolUse', { hooks: [{ command: 'x' }] })), ['hooks-handler-type-unknown/warning']);
  assert.deepEqual(codes(hooks('PreToolUse', { hooks: [{ type: 'command' }] })), ['hooks-handler-incomplete/warning']);
  assert.deepEqual(codes(hooks('PreToolUse', { hooks: [{ type: 'mcp_tool', server: 'db' }] })), ['hooks-handler-incomplete/warning']);
  assert.deepEqual(codes(hooks('PreToolUse', cmd('x', { timeout: 0 }))), ['hooks-timeout-invalid/warning']);
  assert.deepEqual(codes(hooks('PreToolUse', cmd('x', { timeout: '30' }))), ['hooks-timeout-invalid/warning']);
});

test('matchers: ignored on Stop (information), a regex that does not compile (warning), plain names and globs pass', () => {
  assert.deepEqual(codes(hooks('Stop', { matcher: 'Bash', ...cmd('x') })), ['hooks-matcher-ignored/information']);
  assert.deepEqual(codes(hooks('Stop', { matcher: '*', ...cmd('x') })), []);
  assert.deepEqual(codes(hooks('PreToolUse', { matcher: 'mcp__(github', ...cmd('x') })), ['hooks-matcher-invalid/warning']);
  assert.deepEqual(codes(hooks('PreToolUse', { matcher: 'mcp__memory__.*', ...cmd('x') })), []);
  assert.deepEqual(codes(hooks('FileChanged', { matcher: '[*.json', ...cmd('x') })), []);
});

test('a timeout of whole thousands of seconds reads as milliseconds: information in settings, naming the seconds meant; an hour is not reported', () => {
  const ds = check(hooks('PreToolUse', { matcher: 'Bash', ...cmd('x', { timeout: 5000 }) }));
  assert.deepEqual(
    ds.map((d) => [d.code, d.severity, d.message]),
    [['hooks-timeout-large', 'information', 'Claude Code reads "timeout" in seconds: 5000 is 83 minutes before a hung hook is stopped; if milliseconds were meant, write 5']],
  );
  for (const timeout of [30, 600, 1800, 3600, 1500]) assert.deepEqual(codes(hooks('PreToolUse', { matcher: 'Bash', ...cmd('x', { timeout }) })), []);
});

test('a name with a space in a tool matcher matches no tool call (a warning on the name), and names of other events are not tool names', () => {
  const text = hooks('PreToolUse', { matcher: 'Bash|git commit', ...cmd('x') });
  const ds = check(text);
  assert.deepEqual(
    ds.map((d) => `${d.code}/${d.severity}`),
    ['hooks-matcher-no-tool/warning'],
  );
  assert.match(ds[0]!.message, /'git commit' matches no tool call/);
  // Its range is the name inside the matcher string.
  const at = text.indexOf('git commit');
  assert.equal(ds[0]!.range.start.character, at - text.lastIndexOf('\n', at) - 1);
  assert.equal(ds[0]!.range.end.character - ds[0]!.range.start.character, 'git commit'.length);
  assert.deepEqual(codes(hooks('PostToolUse', { matcher: ' Edit , Write ', ...cmd('x') })), []);
  // A permission rule as the matcher compiles as a regular expression that asks for more than the tool's name.
  const rule = check(hooks('PreToolUse', { matcher: 'Bash(git commit*)', ...cmd('x') }));
  assert.deepEqual(
    rule.map((d) => [d.code, d.severity]),
    [['hooks-matcher-no-tool', 'warning']],
  );
  assert.match(rule[0]!.message, /never matches 'Bash'/);
  assert.deepEqual(codes(hooks('PreToolUse', { matcher: 'Edit(.*)', ...cmd('x') })), []);
  assert.deepEqual(codes(hooks('PreToolUse', { matcher: 'mcp__github__(create|update)_issue', ...cmd('x') })), []);
  // A session source, a notification type or an agent type is no tool name.
  assert.deepEqual(codes(hooks('Notification', { matcher: 'idle prompt', ...cmd('x') })), []);
  assert.deepEqual(codes(hooks('SubagentStop', { matcher: 'code reviewer', ...cmd('x') })), []);
});

test('a matcher written as a condition on the tool call matches no tool name: its hooks never run', () => {
  const expression = check(hooks('PreToolUse', { matcher: 'tool == "Write" && tool_input.file_path matches "\\.env$"', ...cmd('x') }));
  assert.deepEqual(
    expression.map((d) => [d.code, d.severity]),
    [['hooks-matcher-no-tool', 'warning']],
  );
  assert.match(expression[0]!.message, /written as a condition on the tool call/);
  // A regular expression over tool names with alternatives is one.
  assert.deepEqual(codes(hooks('PreToolUse', { matcher: 'Write|Edit', ...cmd('x') })), []);
});

test('a script path after a cd is read from the folder the cd went to; one after a cd to a folder the command does not tell is not looked up', () => {
  const host = new InMemoryHost({ 'file:///ws/tools/mind/.claude/scripts/sync.ts': 'export {};\n' });
  assert.deepEqual(codes(hooks('Stop', cmd('cd "${CLAUDE_PROJECT_DIR}/tools/mind" && node .claude/scripts/sync.ts')), host), []);
  assert.deepEqual(codes(hooks('Stop', cmd('cd tools/mind; node ./.claude/scripts/sync.ts')), host), []);
  assert.deepEqual(codes(hooks('Stop', cmd('cd "${CLAUDE_PROJECT_DIR:-.}/tools/mind" && npx tsx .claude/scripts/sync.ts')), host), []);
  const missing = check(hooks('Stop', cmd('cd "$CLAUDE_PROJECT_DIR/tools/mind" && node .claude/scripts/gone.ts')), host);
  assert.deepEqual(
    missing.map((d) => [d.code, d.severity]),
    [['hooks-script-missing', 'warning']],
  );
  assert.match(missing[0]!.message, /^'tools\/mind\/\.claude\/scripts\/gone\.ts' is not in this project/);
  // Its range is the path as written.
  const text = hooks('Stop', cmd('cd "$CLAUDE_PROJECT_DIR/tools/mind" && node .claude/scripts/gone.ts'));
  const at = text.indexOf('.claude/scripts/gone.ts');
  assert.equal(missing[0]!.range.end.character - missing[0]!.range.start.character, '.claude/scripts/gone.ts'.length);
  assert.equal(missing[0]!.range.start.character, at - text.lastIndexOf('\n', at) - 1);
  // A cd to $HOME or an absolute folder: the script is not the project's to look up.
  assert.deepEqual(codes(hooks('Stop', cmd('cd "$HOME/tools" && node .claude/scripts/gone.ts')), host), []);
  assert.deepEqual(codes(hooks('Stop', cmd('cd /opt/app && ./.claude/scripts/gone.sh')), host), []);
  // A path from $CLAUDE_PROJECT_DIR does not depend on the cd.
  assert.deepEqual(codes(hooks('Stop', cmd('cd /opt/app && "$CLAUDE_PROJECT_DIR"/.claude/hooks/gone.sh')), host), ['hooks-script-missing/warning']);
});

test("a missing script the repository's .gitignore leaves out is one each checkout makes for itself: advice", () => {
  const host = new InMemoryHost({ 'file:///ws/.gitignore': 'node_modules/\n.wolf/\n' });
  const ds = check(hooks('PreToolUse', cmd('node "$CLAUDE_PROJECT_DIR"/.wolf/hooks/pre-read.js')), host);
  assert.deepEqual(
    ds.map((d) => [d.code, d.severity, d.message]),
    [
      [
        'hooks-script-missing',
        'information',
        "'.wolf/hooks/pre-read.js' is not in this project, and its .gitignore leaves it out: each checkout makes its own (a setup step of a tool); until one does, Claude Code runs the command and it fails",
      ],
    ],
  );
  // Not left out: a warning.
  assert.deepEqual(codes(hooks('PreToolUse', cmd('node "$CLAUDE_PROJECT_DIR"/.claude/hooks/pre-read.js')), host), ['hooks-script-missing/warning']);
});

test('a script of the project a command names must exist, unless the command tests for it; a file it writes to need not', () => {
  const host = new InMemoryHost({ 'file:///ws/.claude/hooks/ok.sh': '#!/bin/sh\n' });
  assert.deepEqual(codes(hooks('PostToolUse', cmd('"$CLAUDE_PROJECT_DIR"/.claude/hooks/ok.sh')), host), []);
  const text = hooks('PostToolUse', cmd('python3 ${CLAUDE_PROJECT_DIR}/.claude/hooks/gone.py --fast'));
  const ds = check(text, host);
  assert.deepEqual(
    ds.map((d) => `${d.code}/${d.severity}`),
    ['hooks-script-missing/warning'],
  );
  const at = text.indexOf('.claude/hooks/gone.py');
  assert.equal(ds[0]!.range.start.character, at - text.lastIndexOf('\n', at) - 1);
  assert.deepEqual(codes(hooks('PostToolUse', cmd('node .claude/hooks/gone.js')), host), ['hooks-script-missing/warning']);
  // A file the command writes to is created by the shell: not a script.
  assert.deepEqual(codes(hooks('PostToolUse', cmd('echo "done" >> .claude/orchestration.log')), host), []);
  assert.deepEqual(codes(hooks('PostToolUse', cmd('jq . > "$CLAUDE_PROJECT_DIR/.claude/state.json" 2>&1')), host), []);
  assert.deepEqual(codes(hooks('PostToolUse', cmd('bash .claude/hooks/gone.sh > .claude/out.log')), host), ['hooks-script-missing/warning']);
  assert.deepEqual(codes(hooks('PostToolUse', cmd('H="$CLAUDE_PROJECT_DIR/.claude/hooks/gone.sh"; [ -x "$H" ] && exec "$H"; exit 0')), host), []);
  assert.deepEqual(codes(hooks('PostToolUse', cmd('~/.claude/hooks/home.sh')), host), []);
});

test('a missing script in a command written with JSON escapes is underlined where its path is written', () => {
  const { text, ranges: r } = ranges(
    String.raw`{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "\"$CLAUDE_PROJECT_DIR\"/«.claude/hooks/gone.sh» \u0026\u0026 echo \"$CLAUDE_PROJECT_DIR\"/«.claude/x\/y.py»"}]}]}}`,
  );
  assert.deepEqual(
    check(text).map((d) => [d.code, d.range]),
    [
      ['hooks-script-missing', r[0]],
      ['hooks-script-missing', r[1]],
    ],
  );
});

test('a hook command reading an event variable Claude Code never sets ($CLAUDE_TOOL_INPUT, ${TOOL_INPUT_file_path}) is a warning on the variable', () => {
  const ds = warningsAt(
    '{"hooks": {"PostToolUse": [{"matcher": "Edit", "hooks": [{"type": "command", "command": "prettier --write \\"«$CLAUDE_FILE_PATH»\\" && log «${TOOL_INPUT_file_path}» $HOME"}]}]}}',
    'hooks-variable-unset',
  );
  assert.match(ds[0]!.message, /Claude Code sets no 'CLAUDE_FILE_PATH' for a hook.*JSON on stdin \(the file of an edit: jq -r '\.tool_input\.file_path'\)/);
  assert.match(check(JSON.stringify({ hooks: { UserPromptSubmit: [cmd('analyze "$USER_PROMPT"')] } }))[0]!.message, /\(the prompt: jq -r '\.prompt'\)/);
  // A bare FILE_PATH, as older guides name the edited file (held-out round 62: `prettier --write "${FILE_PATH}" || true`).
  assert.match(check(JSON.stringify({ hooks: { PostToolUse: [cmd('npx prettier --write "${FILE_PATH}" || true')] } }))[0]!.message, /Claude Code sets no 'FILE_PATH'/);
  assert.deepEqual(codes(JSON.stringify({ hooks: { PostToolUse: [cmd('FILE_PATH=$(jq -r \'.tool_input.file_path\'); npx prettier --write "$FILE_PATH"')] } })), []);
  // Set by the command, given a default, or set by the settings' env: not reported; nor Claude Code's own variables.
  const quiet = (command: string, extra: object = {}) => codes(JSON.stringify({ ...extra, hooks: { Stop: [cmd(command)] } }));
  assert.deepEqual(quiet('TOOL_INPUT=$(cat); echo "$TOOL_INPUT" | jq .'), []);
  assert.deepEqual(quiet('read -r TOOL_INPUT; echo $TOOL_INPUT'), []);
  assert.deepEqual(quiet('echo ${USER_PROMPT:-$(cat)}'), []);
  assert.deepEqual(quiet('echo $TOOL_NAME', { env: { TOOL_NAME: 'x' } }), []);
  assert.deepEqual(quiet('"$CLAUDE_PROJECT_DIR"/x.sh $CLAUDE_PLUGIN_ROOT $CLAUDE_ENV_FILE $TOOL_INPUTS_DIR || true'), []);
});

test("a hook reading a variable the project's other settings file sets in its env is not reported, in either direction", () => {
  const hooks = (command: string) => JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command }] }] } });
  const local = 'file:///ws/.claude/settings.local.json';
  const host = new InMemoryHost({ [local]: '{"env": {"TOOL_NAME": "x"}, // mine\n}' });
  assert.deepEqual(codes(hooks('echo $TOOL_NAME'), host), []);
  assert.deepEqual(codes(hooks('echo $USER_PROMPT'), host), ['hooks-variable-unset/warning']);
  const shared = new InMemoryHost({ [URI]: JSON.stringify({ env: { USER_PROMPT: 'x' } }) });
  assert.deepEqual(
    analyzeClaudeSettings(hooks('echo $USER_PROMPT'), local, shared).diagnostics.map((d) => d.code),
    [],
  );
  // A settings file elsewhere (another project's, a plugin's) sets nothing for this one.
  const elsewhere = new InMemoryHost({ 'file:///other/.claude/settings.local.json': '{"env": {"TOOL_NAME": "x"}}' });
  assert.deepEqual(codes(hooks('echo $TOOL_NAME'), elsewhere), ['hooks-variable-unset/warning']);
});

test('a permission rule naming no Claude Code tool is a warning with the near tool', () => {
  const { text, ranges: r } = ranges('{"permissions": {"allow": ["«Webfetch»(domain:example.com)", "Bash", "MultiEdit", "Task(x)", "DesignSync"]}}');
  const ds = check(text);
  assert.deepEqual(
    ds.map((d) => [d.code, d.severity, d.range]),
    [['settings-permission-tool-unknown', 'warning', r[0]]],
  );
  assert.match(ds[0]!.message, /did you mean 'WebFetch'\?/);
});

test('a command written as a permission rule (a name with a space) applies to nothing: a warning saying how to write it', () => {
  const ds = warningsAt(
    '{"permissions": {"allow": ["«npm install»", "«Read *»", "«Web Fetch»", "«Bash git status»", "Bash(npm test)"], "deny": ["«git push *»", "«* > .env»", "mcp__db__run query"]}}',
    'settings-permission-tool-unknown',
  );
  assert.deepEqual(
    ds.map((d) => d.message.replace(/^.*never applies; /, '')),
    [
      "a command is written 'Bash(npm install)'",
      "write 'Read(*)'",
      "did you mean 'WebFetch'?",
      "write 'Bash(git status)'",
      "a command is written 'Bash(git push *)'",
      "a command is written 'Bash(* > .env)'",
    ],
  );
  assert.match(ds[4]!.message, /^'git push \*' is no Claude Code tool: this deny rule never applies/);
});

test('a path or glob written as a rule (".env", "**/*.key") names no tool and protects nothing: a warning with the Read rule to write', () => {
  const ds = warningsAt('{"permissions": {"deny": ["«.env»", "«**/*.key»", "«secrets/**»", "Read(./.env)", "WebFetch", "*"]}}', 'settings-permission-tool-unknown');
  assert.match(ds[0]!.message, /^'\.env' is no Claude Code tool: this deny rule never applies; a file is written 'Read\(\.env\)' \(and 'Edit\(\.env\)' for its changes\)/);
});

test('a rule Claude Code skips as malformed (text after its closing parenthesis, the old Tool:pattern form) is a warning with the rule to write', () => {
  const ds = warningsAt(
    '{"permissions": {"allow": ["«Edit:*»", "Bash(npm run test:*)"], "deny": ["«Bash(rm -rf /)*»", "Read(./secrets/**)"]}}',
    'settings-permission-rule-malformed',
  );
  assert.match(ds[0]!.message, /write 'Edit\(\*\)'/);
  assert.match(ds[1]!.message, /Claude Code skips this deny rule: .*'\*' follows it/);
});

test("a Bash rule with ':*' before its end matches only commands with that colon: a warning on the ':*' with the rule to write", () => {
  const { text, ranges: r } = ranges('{"permissions": {"deny": ["Bash(curl«:*» | sh)", "Bash(npm run:*)", "Bash(git push *)"]}}');
  const ds = check(text);
  assert.deepEqual(
    ds.map((d) => [d.code, d.severity, d.range]),
    [['settings-permission-rule-malformed', 'warning', r[0]]],
  );
  assert.match(ds[0]!.message, /matches only commands starting 'curl:'; write 'Bash\(curl \* \| sh\)'/);
});

test("a Bash rule whose command words are joined by colons (Bash(git:log:*)) starts no command: a warning on its words with the rule to write; the legacy ':*' and a colon inside a word are left alone", () => {
  const ds = warningsAt(
    '{"permissions": {"allow": ["Bash(«git:log»:*)", "Bash(«npm:list»)", "Bash(git:*)", "Bash(npm run test:unit)", "Bash(rake db:migrate:*)", "Bash(C:x)"]}}',
    'settings-permission-rule-malformed',
  );
  assert.match(ds[0]!.message, /'git:log' starts no command \('git log' does\), so this allow rule applies to nothing; write 'Bash\(git log:\*\)'$/);
  assert.match(ds[1]!.message, /write 'Bash\(npm list\)'$/);
});

test("a Bash rule whose final ':*' follows another '*' matches no command: a warning on the ':*' with the rule to write; a '*' alone, or ':*' alone, is left alone", () => {
  const ds = warningsAt(
    '{"permissions": {"allow": ["Bash(git -C * show«:*»)", "Bash(git -C * show *)", "Bash(git show:*)"], "deny": ["Bash(rm -rf /*«:*»)", "Bash(rm -rf /*)"]}}',
    'settings-permission-rule-malformed',
  );
  assert.match(ds[0]!.message, /follows another '\*' \(anthropics\/claude-code#56871\), so this allow rule applies to nothing; write 'Bash\(git -C \* show \*\)'$/);
  assert.match(ds[1]!.message, /so this deny rule applies to nothing; write 'Bash\(rm -rf \/\* \*\)'$/);
});

test("a Write(path) rule, which Claude Code never matches, is a warning on 'Write' that names the Edit rule to write", () => {
  const ds = warningsAt('{"permissions": {"deny": ["«Write»(.claude/**)", "Read(.env)"], "allow": ["«Write»(/tmp/*)", "Edit(src/**)"]}}', 'settings-permission-write-path');
  assert.match(ds[0]!.message, /this deny rule never applies, so it protects nothing; write 'Edit\(\.claude\/\*\*\)'/);
  assert.match(ds[1]!.message, /this allow rule never applies, so it lets no write through/);
});

test('a Write(path) rule whose path an Edit rule of its list covers, or the whole Edit or Write tool, is advice', () => {
  const text = JSON.stringify({ permissions: { deny: ['Write(.env)', 'Edit(.env)'], allow: ['Edit', 'Write(/tmp/**)'], ask: ['Write', 'Write(db/**)'] } });
  const ds = check(text);
  assert.deepEqual(
    ds.map((d) => `${d.code}/${d.severity}`),
    ['settings-permission-write-path/information', 'settings-permission-write-path/information', 'settings-permission-write-path/information'],
  );
  assert.match(ds[0]!.message, /'Edit\(\.env\)' in this list already covers them, so this deny rule only draws Claude Code's warning at every start/);
  assert.match(ds[1]!.message, /'Edit' in this list already covers them/);
  // A bare Write, an Edit rule and a Write rule in another list are no such rule.
  assert.deepEqual(codes(JSON.stringify({ permissions: { allow: ['Write', 'Edit(src/**)', 'Write()'] } })), []);
});

test("a Read or Edit rule whose path is a system folder after one '/' is a warning on the path: Claude Code reads it from the project's root, and the fix writes '//'", () => {
  const { text, ranges: r } = ranges(
    '{"permissions": {"allow": ["Read(«/tmp/**»)", "Edit(«/private/tmp/**»)", "Read(/src/**)", "Read(//tmp/**)", "Read(~/notes/*)"], "deny": ["Read(«/Users/alice/.ssh/**»)"]}}',
  );
  const ds = check(text);
  assert.deepEqual(
    ds.map((d) => [d.code, d.severity, d.range, d.data?.['newText']]),
    [
      ['settings-permission-path-anchor', 'warning', r[0], '//tmp/**'],
      ['settings-permission-path-anchor', 'warning', r[1], '//private/tmp/**'],
      ['settings-permission-path-anchor', 'warning', r[2], '//Users/alice/.ssh/**'],
    ],
  );
  assert.match(ds[0]!.message, /this allow rule names <project>\/tmp\/\*\*, not the system's \/tmp\/\*\*; an absolute path starts with '\/\/': write 'Read\(\/\/tmp\/\*\*\)'/);
  assert.match(ds[2]!.message, /this deny rule names <project>\/Users\/alice/);
  // A project with a folder of that name at its root (a Rails app's tmp/) may mean its own: not judged.
  const rails = new InMemoryHost({ 'file:///ws/tmp/cache/.keep': '' });
  assert.deepEqual(codes(JSON.stringify({ permissions: { allow: ['Read(/tmp/**)', 'Read(/var/log/**)'] } }), rails), ['settings-permission-path-anchor/warning']);
});

test('a Write(path) rule inside the files of a broader Edit(glob) of its list is advice naming that rule; one outside them is still a warning', () => {
  const text = JSON.stringify({
    permissions: { allow: ['Write(src/**/*.test.ts)', 'Write(./web/src/a.tsx)', 'Write(docs/*.md)', 'Edit(src/**)', 'Edit(web/src/**)', 'Edit(docs/api/*.md)'] },
  });
  const ds = check(text);
  assert.deepEqual(
    ds.map((d) => `${d.code}/${d.severity}`),
    ['settings-permission-write-path/information', 'settings-permission-write-path/information', 'settings-permission-write-path/warning'],
  );
  assert.match(ds[0]!.message, /'Edit\(src\/\*\*\)' in this list already covers them/);
  assert.match(ds[1]!.message, /'Edit\(web\/src\/\*\*\)' in this list already covers them/);
});

test('hover on an event name says when Claude Code runs it, and on a key what it does', () => {
  const a = cursor('{"hooks": {"PreTool$0Use": []}}');
  assert.match(String((settingsHover(a.text, a.position)?.contents as { value: string }).value), /before a tool call runs/);
  const b = cursor('{"hooks": {"Stop": [{"hooks": [{"time$0out": 5}]}]}}');
  assert.match(String((settingsHover(b.text, b.position)?.contents as { value: string }).value), /Seconds before Claude Code cancels/);
  const c = cursor('{"na$0me": 1}');
  assert.equal(settingsHover(c.text, c.position), null);
});

test('completion offers the event names inside hooks, and nothing elsewhere', () => {
  const a = cursor('{"hooks": {"$0"}}');
  const labels = settingsCompletion(a.text, a.position).map((i) => i.label);
  assert.ok(labels.includes('PreToolUse') && labels.includes('DirectoryAdded'), labels.join());
  const b = cursor('{"$0"}');
  assert.deepEqual(settingsCompletion(b.text, b.position), []);
});

test("definition from a hook command's script to the script, in the project or (${CLAUDE_PLUGIN_ROOT}) the plugin", () => {
  const host = new InMemoryHost({ 'file:///ws/.claude/hooks/format.sh': '#!/bin/sh\n', 'file:///ws/plugins/p/scripts/check.py': '' });
  const settings = (command: string) => cursor(JSON.stringify({ hooks: { PostToolUse: [{ matcher: 'Edit', hooks: [{ type: 'command', command }] }] } }));
  const project = settings('"$CLAUDE_PROJECT_DIR"/.claude/hooks/for$0mat.sh --all');
  assert.equal(hookScriptDefinition(project.text, 'file:///ws/.claude/settings.json', project.position, host)?.uri, 'file:///ws/.claude/hooks/format.sh');
  // Outside the path, a script that is not there, and a settings file outside `.claude/`: nowhere to go.
  const before = settings('"$CLAUDE_PROJECT_DIR"/.claude/hooks/format.sh --a$0ll');
  assert.equal(hookScriptDefinition(before.text, 'file:///ws/.claude/settings.json', before.position, host), null);
  const missing = settings('.claude/hooks/li$0nt.sh');
  assert.equal(hookScriptDefinition(missing.text, 'file:///ws/.claude/settings.json', missing.position, host), null);
  assert.equal(hookScriptDefinition(project.text, 'file:///ws/settings.json', project.position, host), null);
  const plugin = settings('python3 ${CLAUDE_PLUGIN_ROOT}/scripts/che$0ck.py');
  assert.equal(
    hookScriptDefinition(plugin.text, 'file:///ws/plugins/p/hooks/hooks.json', plugin.position, host, 'file:///ws/plugins/p')?.uri,
    'file:///ws/plugins/p/scripts/check.py',
  );
});

test("a guard that says it blocks and exits 1 is a warning on 'exit 1' with the fix to 'exit 2': Claude Code blocks only on exit 2", () => {
  const guard = (event: string, command: string) => JSON.stringify({ hooks: { [event]: [{ matcher: 'Edit|Write', hooks: [{ type: 'command', command }] }] } });
  const cmd = `f=$(jq -r '.tool_input.file_path'); if [[ "$f" == *.lock ]]; then echo 'BLOCKED: lock files are read-only' >&2; exit 1; fi`;
  const text = guard('PreToolUse', cmd);
  const ds = check(text);
  assert.deepEqual(
    ds.map((d) => [d.code, d.severity, text.slice(new LineIndex(text).offsetAt(d.range.start), new LineIndex(text).offsetAt(d.range.end)), d.data?.['newText']]),
    [['hooks-exit-not-blocking', 'warning', 'exit 1', 'exit 2']],
  );
  assert.match(ds[0]!.message, /^Claude Code stops the tool call a PreToolUse hook guards only when the hook exits with 2 .* \('BLOCKED'\) goes ahead; write 'exit 2'$/);
  // Not for an event exit 2 does not block, a guard that exits 2, an exit 1 with no refusal, or one after another exit.
  assert.deepEqual(codes(guard('PostToolUse', cmd)), []);
  assert.deepEqual(codes(guard('PreToolUse', cmd.replace('exit 1', 'exit 2'))), []);
  assert.deepEqual(codes(guard('PreToolUse', 'npm run lint || exit 1')), []);
  assert.deepEqual(codes(guard('PreToolUse', "echo 'non-blocking: missing code block' >&2; exit 1")), []);
  assert.deepEqual(codes(guard('PreToolUse', "echo 'blocked' >&2; exit 2; fi; make || exit 1")), []);
  const prompt = JSON.stringify({ hooks: { UserPromptSubmit: [{ hooks: [{ type: 'command', command: "grep -q secret && { echo 'Prompt denied' >&2; exit 1; }" }] }] } });
  assert.deepEqual(codes(prompt), ['hooks-exit-not-blocking/warning']);
});

test('a guard whose message runs long before its exit 1 is read to the start of its branch, not a fixed number of characters; an earlier branch ended by fi or ;; is not', () => {
  const guard = (command: string) => JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command }] }] } });
  const long = `if echo "$c" | grep -q 'chezmoi apply'; then echo "BLOCKED: ${'chezmoi apply rewrites the home folder from the source state, '.repeat(6)}use chezmoi diff first" >&2; exit 1; fi`;
  assert.deepEqual(codes(guard(long)), ['hooks-exit-not-blocking/warning']);
  assert.deepEqual(codes(guard('if [ -n "$x" ]; then echo \'denied\'; fi; npm test || exit 1')), []);
  assert.deepEqual(codes(guard("case $f in *.lock) echo 'Blocked';; *) make || exit 1;; esac")), []);
});

test('a script the command runs as a program without an executable bit is a warning on its path: the shell refuses it and the hook does nothing', () => {
  const files = {
    'file:///ws/.claude/hooks/plain.sh': '#!/bin/sh\n',
    'file:///ws/.claude/hooks/plain.py': '#!/usr/bin/env python3\n',
    'file:///ws/.claude/hooks/ok.sh': '#!/bin/sh\n',
  };
  const host = new InMemoryHost(files, { executable: ['file:///ws/.claude/hooks/ok.sh'] });
  const text = hooks('PreToolUse', cmd('"$CLAUDE_PROJECT_DIR"/.claude/hooks/plain.sh --fast'));
  const ds = check(text, host);
  assert.deepEqual(
    ds.map((d) => [d.code, d.severity, text.split('\n')[d.range.start.line]!.slice(d.range.start.character, d.range.end.character)]),
    [['hooks-script-not-executable', 'warning', '.claude/hooks/plain.sh']],
  );
  assert.match(ds[0]!.message, /no executable bit.*"Permission denied", exit status 126.*the hook does nothing.*git update-index --chmod=\+x plain\.sh/);
  // The program of a later command, after `exec`, after a variable assignment: run as programs too.
  for (const c of ['cd "$CLAUDE_PROJECT_DIR" && ./.claude/hooks/plain.sh', 'FOO=1 exec .claude/hooks/plain.py', 'echo start; .claude/hooks/plain.sh'])
    assert.deepEqual(codes(hooks('Stop', cmd(c)), host), ['hooks-script-not-executable/warning'], c);
  // Started by its interpreter, executable, or tested for first: it runs, or the command says what it does without it.
  for (const c of [
    'bash "$CLAUDE_PROJECT_DIR"/.claude/hooks/plain.sh',
    'python3 .claude/hooks/plain.py',
    '"$CLAUDE_PROJECT_DIR"/.claude/hooks/ok.sh',
    '[ -x .claude/hooks/plain.sh ] && .claude/hooks/plain.sh',
  ])
    assert.deepEqual(codes(hooks('Stop', cmd(c)), host), [], c);
  // A Windows program no Unix shell runs, with any mode; a .cmd that is a shell script too is run by the shell.
  const windows = new InMemoryHost(
    { 'file:///ws/.claude/scripts/notify.cmd': '@echo off\npython notify.py\n', 'file:///ws/.claude/scripts/run-hook.cmd': ": << 'CMDBLOCK'\n@echo off\n" },
    { executable: [] },
  );
  assert.deepEqual(codes(hooks('Stop', cmd('.claude/scripts/notify.cmd done')), windows), []);
  assert.deepEqual(codes(hooks('Stop', cmd('.claude/scripts/run-hook.cmd stop')), windows), ['hooks-script-not-executable/warning']);
  // A host that cannot tell a file's mode (Windows, the browser) reports nothing.
  assert.deepEqual(codes(hooks('Stop', cmd('.claude/hooks/plain.sh')), new InMemoryHost(files)), []);
});

test('an allow rule with a wildcard in its tool name anywhere but after a literal mcp__<server>__ is skipped by Claude Code: a warning on the rule; deny and ask rules are patterns', () => {
  const ds = warningsAt(
    '{"permissions": {"allow": ["«*»", "«mcp__*»", "«mcp__plugin_claude-mem_*»", "mcp__github__*", "mcp__github__get*", "mcp__github", "Bash(npm test:*)"], "deny": ["mcp__*"], "ask": ["*"]}}',
    'settings-permission-rule-malformed',
  );
  assert.match(ds[0]!.message, /^Claude Code skips this allow rule \("Wildcard tool name … is not supported in allow rules", since 2\.1\.166\).*name the tools/);
  assert.match(ds[2]!.message, /'mcp__plugin_<plugin>_<server>__\*'/);
});
