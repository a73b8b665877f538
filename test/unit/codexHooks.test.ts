import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileKindOf } from '../../server/src/core/workspace/fileKinds';
import { InMemoryHost } from '../../server/src/core/workspace/host';
import { analyzeCodexHooks } from '../../server/src/core/hooks/codexHooks';
import { codexHooksCompletion, codexHooksHover } from '../../server/src/core/hooks/codexFeatures';
import { settingsCodeActions } from '../../server/src/core/hooks';
import { cursor, ranges } from '../helpers/markers';

const URI = 'file:///ws/.codex/hooks.json';
const ROOTS = ['file:///ws'];
const check = (text: string, host = new InMemoryHost(), uri = URI) => analyzeCodexHooks(text, uri, host, ROOTS).diagnostics;
const codes = (text: string, host?: InMemoryHost) => check(text, host).map((d) => `${d.code}/${d.severity}`);
/** A file with one event and one matcher group of these handlers. */
/** The findings are these codes and severities, in order, at the marked ranges. */
const atMarks = (ds: ReturnType<typeof check>, r: unknown[], expected: [string, string][]) =>
  assert.deepEqual(
    ds.map((d) => [d.code, d.severity, d.range]),
    expected.map(([code, severity], i) => [code, severity, r[i]]),
  );
const file = (event: string, ...handlers: object[]) => JSON.stringify({ hooks: { [event]: [{ matcher: 'Bash', hooks: handlers }] } }, null, 2);

test('.codex/hooks.json in any folder is a Codex hooks file; other hooks.json files are not', () => {
  assert.equal(fileKindOf('.codex/hooks.json'), 'codex-hooks');
  assert.equal(fileKindOf('services/api/.codex/hooks.json'), 'codex-hooks');
  assert.equal(fileKindOf('.codex/hooks/hooks.json'), null);
  assert.equal(fileKindOf('codex/hooks.json'), null);
});

test('a well-formed file has no finding: Codex events, command handlers, description, nulls, timeoutSec', () => {
  const host = new InMemoryHost({ 'file:///ws/.codex/hooks/guard.sh': '#!/bin/sh\n' }, { executable: ['file:///ws/.codex/hooks/guard.sh'] });
  const text = JSON.stringify({
    description: 'Project policy',
    hooks: {
      PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: '.codex/hooks/guard.sh', timeout: 10, statusMessage: 'Checking' }] }],
      SessionStart: [{ matcher: null, hooks: [{ type: 'command', command: 'echo hi', timeoutSec: 5, async: false }] }],
      Stop: null,
      Interrupt: [{ hooks: [{ type: 'mcp_tool', server: 'policy', tool: 'stop' }] }],
    },
  });
  assert.deepEqual(codes(text, host), []);
  assert.deepEqual(codes('{}'), []);
  assert.deepEqual(codes('  \n'), []);
});

test('comments and trailing commas are JSON errors: Codex reads hooks.json as strict JSON and runs none of it', () => {
  const ds = check('{\n  // guard\n  "hooks": {}\n}');
  assert.deepEqual(
    ds.map((d) => `${d.code}/${d.severity}@${d.range.start.line}`),
    ['codex-hooks-json-invalid/error@1'],
  );
  assert.match(ds[0]!.message, /Codex cannot read this hooks file and runs none of its hooks \(it reads hooks.json as strict JSON/);
  assert.deepEqual(codes('{"hooks": {"Stop": [],}}'), ['codex-hooks-json-invalid/error']);
});

test('a top-level key other than description and hooks is an error on the key: Codex refuses the whole file', () => {
  const { text, ranges: r } = ranges('{«"version"»: 1, «"$schema"»: "x", «"PreToolUse"»: [], "hooks": {}}');
  const ds = check(text);
  atMarks(ds, r, [
    ['codex-hooks-shape', 'error'],
    ['codex-hooks-shape', 'error'],
    ['codex-hooks-shape', 'error'],
  ]);
  assert.match(ds[0]!.message, /takes only "description" and "hooks".*'version' \(unknown field\) Codex prints "failed to parse hooks config"/);
  assert.match(ds[2]!.message, /an event belongs under "hooks": \{"PreToolUse": \[…\]\}/);
});

test('values of the wrong type are errors at the value; a group without hooks and an empty command are warnings', () => {
  const { text, ranges: r } = ranges(
    '{"hooks": {"Stop": «{"hooks": []}», "PreToolUse": [{"matcher": «1», "hooks": [{"type": "command", "command": "x", "timeout": «1.5»}]}], "PostToolUse": [{«"type"»: "command", "command": "x"}], "SessionStart": [{"hooks": [{"type": "command", "command": «" "»}]}]}}',
  );
  const ds = check(text);
  atMarks(ds, r, [
    ['codex-hooks-shape', 'error'],
    ['codex-hooks-shape', 'error'],
    ['codex-hooks-shape', 'error'],
    ['codex-hooks-shape', 'warning'],
    ['codex-hooks-shape', 'warning'],
  ]);
  assert.match(ds[3]!.message, /this group of 'PostToolUse' has none: it runs nothing \(write the handler inside it/);
  assert.match(ds[4]!.message, /skips a handler whose command is empty/);
  assert.deepEqual(codes('{"hooks": []}'), ['codex-hooks-shape/error']);
  assert.deepEqual(codes('[]'), ['codex-hooks-shape/error']);
  assert.deepEqual(codes(file('Stop', { type: 'command', command: 'x', timeout: -1 })), ['codex-hooks-shape/error']);
  assert.deepEqual(codes(file('Stop', { type: 'command', command: 'x', async: 'yes' })), ['codex-hooks-shape/error']);
  assert.deepEqual(codes(file('Stop', { type: 'command', command: 'x', statusMessage: 3 })), ['codex-hooks-shape/error']);
});

test('a handler without a type or a command, or of a type Codex does not know, fails the whole file', () => {
  const missingType = check(file('Stop', { command: 'echo x' }));
  assert.deepEqual(
    missingType.map((d) => `${d.code}/${d.severity}`),
    ['codex-hooks-shape/error'],
  );
  assert.match(missingType[0]!.message, /needs a "type" \("command"\): over this one \(missing field `type`\)/);
  const unknown = check(file('Stop', { type: 'commands', command: 'echo x' }));
  assert.match(unknown[0]!.message, /unknown variant.*did you mean 'command'\?/);
  assert.deepEqual(codes(file('Stop', { type: 'command' })), ['codex-hooks-shape/error']);
  assert.deepEqual(codes(file('Stop', { type: 'command', command: ['echo'] })), ['codex-hooks-shape/error']);
  // The other handler types parse.
  assert.deepEqual(codes(file('Stop', { type: 'prompt', prompt: 'x' }, { type: 'agent' })), []);
});

test('an event Codex does not dispatch is a warning on its name, with a certain fix; its value is not read', () => {
  const { text, ranges: r } = ranges('{"hooks": {«"Notification"»: "anything", «"pretooluse"»: [{"hooks": [{"type": "command", "command": "x"}]}]}}');
  const ds = check(text);
  atMarks(ds, r, [
    ['codex-hooks-event-unknown', 'warning'],
    ['codex-hooks-event-unknown', 'warning'],
  ]);
  assert.match(ds[0]!.message, /'Notification' is no Codex hook event \(it is a Claude Code event\): Codex reads nothing of it and never runs its hooks/);
  assert.deepEqual(ds[1]!.data, { name: 'PreToolUse', newText: '"PreToolUse"' });
  assert.deepEqual(
    settingsCodeActions(URI, ds).map((a) => a.edit?.changes?.[URI]?.[0]?.newText),
    ['"PreToolUse"'],
  );
});

test('scripts: a missing one is a warning on its path, one without an executable bit that runs as a program too', () => {
  const host = new InMemoryHost(
    {
      'file:///ws/.git/HEAD': '',
      'file:///ws/.codex/hooks/lint.sh': '#!/bin/sh\n',
      'file:///ws/.codex/hooks/check.py': 'print(1)\n',
    },
    { executable: [] },
  );
  const { text, ranges: r } = ranges(
    '{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": ".codex/hooks/«gone.sh»"}, {"type": "command", "command": "«.codex/hooks/lint.sh»"}, {"type": "command", "command": "python3 .codex/hooks/check.py"}, {"type": "command", "command": "\\"$(git rev-parse --show-toplevel)/«.codex/hooks/lint.sh»\\" --all"}]}]}}',
  );
  const ds = check(text, host);
  assert.deepEqual(
    ds.map((d) => [d.code, d.severity]),
    [
      ['codex-hooks-script-missing', 'warning'],
      ['codex-hooks-script-not-executable', 'warning'],
      ['codex-hooks-script-not-executable', 'warning'],
    ],
  );
  assert.deepEqual(ds[1]!.range, r[1]);
  assert.deepEqual(ds[2]!.range, r[2]);
  assert.match(ds[0]!.message, /'.codex\/hooks\/gone.sh' is not in this project: Codex runs the command and it fails/);
  assert.match(ds[1]!.message, /exit status 126\), which Codex reports as a failed hook, so the hook does nothing/);
});

test('scripts are not looked up from the repository root when the .codex folder is not there, nor under a guard or an unknown event', () => {
  const host = new InMemoryHost({ 'file:///ws/pkg/x.txt': '' });
  const nested = 'file:///ws/pkg/.codex/hooks.json';
  assert.deepEqual(check(file('Stop', { type: 'command', command: '"$(git rev-parse --show-toplevel)/tools/x.sh"' }), host, nested), []);
  assert.deepEqual(check(file('Stop', { type: 'command', command: '[ -f .codex/hooks/x.sh ] && .codex/hooks/x.sh || true' }), host), []);
  assert.deepEqual(codes(file('Notification', { type: 'command', command: '.codex/hooks/x.sh' }), host), ['codex-hooks-event-unknown/warning']);
});

test('a .codex folder inside a test folder is a fixture: its findings are information', () => {
  const ds = check('{"version": 1}', new InMemoryHost(), 'file:///ws/rules/tests/fail/.codex/hooks.json');
  assert.deepEqual(
    ds.map((d) => `${d.code}/${d.severity}`),
    ['codex-hooks-shape/information'],
  );
  assert.match(ds[0]!.message, /inside a test folder: a fixture no Codex session starts in/);
  // A workspace whose own path has a tests folder above it is not a fixture.
  assert.deepEqual(
    analyzeCodexHooks('{"version": 1}', 'file:///home/tests/repo/.codex/hooks.json', new InMemoryHost(), ['file:///home/tests/repo']).diagnostics.map((d) => d.severity),
    ['error'],
  );
});

test('hover names when Codex fires an event, and says so of a Claude Code event it does not have', () => {
  const hover = (marked: string) => {
    const { text, position } = cursor(marked);
    return String((codexHooksHover(text, position)?.contents as { value: string } | undefined)?.value);
  };
  assert.match(hover('{"hooks": {"Pre$0ToolUse": []}}'), /\*\*PreToolUse\*\*: Codex fires it before a tool call runs/);
  assert.match(hover('{"hooks": {"Noti$0fication": []}}'), /no Codex hook event.*It is a Claude Code event/);
  assert.match(hover('{"hooks": {"Stop": [{"hooks": [{"time$0out": 5}]}]}}'), /Whole seconds/);
});

test('completion offers the Codex events under hooks and a handler keys inside one', () => {
  const labels = (marked: string) => {
    const { text, position } = cursor(marked);
    return codexHooksCompletion(text, position).map((c) => c.label);
  };
  const events = labels('{"hooks": {"$0"}}');
  assert.ok(events.includes('PreToolUse') && events.includes('Interrupt') && !events.includes('Notification'), events.join());
  assert.deepEqual(labels('{"hooks": {"Stop": [{"$0"}]}}'), ['matcher', 'hooks']);
  assert.ok(labels('{"hooks": {"Stop": [{"hooks": [{"$0"}]}]}}').includes('statusMessage'));
});

test("a project's hooks that read a plugin's variables are a warning on the variable: Codex fills them in for a plugin's hooks only", () => {
  const { text, ranges: r } = ranges(
    '{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "node «${CODEX_PLUGIN_ROOT}»/dist/stop.js"}, {"type": "command", "command": "bash «$CLAUDE_PLUGIN_ROOT»/x.sh"}]}]}}',
  );
  const ds = check(text);
  atMarks(ds, r, [
    ['codex-hooks-variable-unset', 'warning'],
    ['codex-hooks-variable-unset', 'warning'],
  ]);
  assert.match(ds[0]!.message, /Codex sets no CODEX_PLUGIN_ROOT for a project's hooks.*and never one named CODEX_PLUGIN_ROOT/);
  // A default, a variable the command sets, a guard, or another variable: nothing to say.
  for (const command of [
    'bash "${PLUGIN_ROOT:-.}/hooks/x.sh"',
    'PLUGIN_ROOT=$PWD; node $PLUGIN_ROOT/x.js',
    '[ -n "$PLUGIN_ROOT" ] || exit 0; node $PLUGIN_ROOT/x.js || true',
    'echo $PLUGIN_ROOTS',
  ])
    assert.deepEqual(codes(file('Stop', { type: 'command', command })), [], command);
});
