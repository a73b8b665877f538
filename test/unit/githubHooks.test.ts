import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileKindOf } from '../../server/src/core/workspace/fileKinds';
import { InMemoryHost } from '../../server/src/core/workspace/host';
import { analyzeGithubHooks, githubHooksCompletion, githubHooksHover, settingsCodeActions } from '../../server/src/core/hooks';
import { githubHooksFormat } from '../../server/src/core/hooks/githubHooks';
import { hookEventsOf } from '../../server/src/core/hooks/summary';
import { cursor, ranges } from '../helpers/markers';
import { parseTree } from 'jsonc-parser';

const URI = 'file:///ws/.github/hooks/guard.json';
const check = (text: string, host = new InMemoryHost()) => analyzeGithubHooks(text, URI, host).diagnostics;
const codes = (text: string, host?: InMemoryHost) => check(text, host).map((d) => `${d.code}/${d.severity}`);
/** A Copilot CLI format file with one event and its hooks. */
const cli = (event: string, ...hooks: object[]) => JSON.stringify({ version: 1, hooks: { [event]: hooks } }, null, 2);
/** A VS Code format file with one event and its hooks. */
const vscode = (event: string, ...hooks: object[]) => JSON.stringify({ hooks: { [event]: hooks } }, null, 2);
const hover = (marked: string) => {
  const { text, position } = cursor(marked);
  const h = githubHooksHover(text, position);
  return h ? String((h.contents as { value: string }).value) : null;
};

test('a .json file directly in .github/hooks is a GitHub hooks file, wherever the .github folder is', () => {
  assert.equal(fileKindOf('.github/hooks/guard.json'), 'github-hooks');
  assert.equal(fileKindOf('pkg/.github/hooks/hooks.json'), 'github-hooks');
  assert.equal(fileKindOf('.github/hooks/deep/guard.json'), null);
  assert.equal(fileKindOf('.github/hooks/guard.sh'), null);
  assert.equal(fileKindOf('hooks/guard.json'), null);
});

test('well-formed files in both formats have no finding', () => {
  const host = new InMemoryHost({ 'file:///ws/scripts/guard.sh': '', 'file:///ws/.github/hooks/start.sh': '' });
  assert.deepEqual(codes(cli('preToolUse', { type: 'command', bash: './scripts/guard.sh', powershell: 'pwsh -File x.ps1', timeoutSec: 10, matcher: 'bash|edit' }), host), []);
  assert.deepEqual(codes(cli('sessionStart', { bash: 'bash .github/hooks/start.sh' }), host), []);
  assert.deepEqual(codes(vscode('PostToolUse', { type: 'command', command: 'npx prettier --write .', windows: 'powershell -File x.ps1', timeout: 15 }), host), []);
  // A Claude Code matcher group is read as its hooks.
  assert.deepEqual(codes(vscode('PreToolUse', { matcher: 'Bash', hooks: [{ type: 'command', command: './scripts/guard.sh' }] }), host), []);
});

test('JSON that does not parse is an error for all three clients', () => {
  const ds = check('{"version": 1, "hooks": {');
  assert.deepEqual(
    ds.map((d) => `${d.code}/${d.severity}`),
    ['github-hooks-json-invalid/error'],
  );
  assert.match(ds[0]!.message, /VS Code, Copilot CLI and the Copilot cloud agent cannot read this hooks file/);
  assert.deepEqual(check('  \n'), []);
});

test('a bad version or an event that is no list rejects the file for Copilot CLI: errors at the value', () => {
  const { text, ranges: r } = ranges('{"version": «"1"», "hooks": {"sessionEnd": «{"bash": "x"}»}}');
  const ds = check(text);
  assert.deepEqual(
    ds.map((d) => [d.code, d.severity, d.range]),
    [
      ['github-hooks-shape', 'error', r[0]],
      ['github-hooks-shape', 'error', r[1]],
    ],
  );
  assert.match(ds[0]!.message, /Copilot CLI and the Copilot cloud agent reject this file/);
  assert.match(ds[1]!.message, /VS Code skips this event/);
  assert.deepEqual(codes('{"hooks": ["x"]}'), ['github-hooks-shape/error']);
  assert.deepEqual(codes('["x"]'), ['github-hooks-shape/error']);
  assert.deepEqual(codes('{"hooks": {"preToolUse": ["echo"]}}'), ['github-hooks-shape/warning']);
  assert.deepEqual(codes('{"version": 1, "preToolUse": []}'), ['github-hooks-shape/warning']);
  // No `version` is VS Code's format: nothing to say.
  assert.deepEqual(codes('{"hooks": {}}'), []);
});

test('an event no client knows is a warning naming the three, with the name of the file format meant and a certain fix', () => {
  const { text, ranges: r } = ranges('{"version": 1, "hooks": {«"PreToolUSE"»: [{"bash": "x"}], «"onToolUse"»: []}}');
  const ds = check(text);
  assert.deepEqual(
    ds.map((d) => [d.code, d.severity, d.range]),
    [
      ['github-hooks-event-unknown', 'warning', r[0]],
      ['github-hooks-event-unknown', 'warning', r[1]],
    ],
  );
  assert.match(ds[0]!.message, /no hook event of VS Code, Copilot CLI or the Copilot cloud agent.*did you mean 'preToolUse'\?/);
  assert.deepEqual(ds[0]!.data, { name: 'preToolUse', newText: '"preToolUse"' });
  assert.equal(ds[1]!.data, undefined);
  const actions = settingsCodeActions(URI, ds);
  assert.deepEqual(
    actions.map((a) => [a.title, a.edit?.changes?.[URI]?.[0]?.newText]),
    [["Change to 'preToolUse'", '"preToolUse"']],
  );
  // In VS Code's format the same typo means VS Code's name.
  assert.match(check(vscode('pretooluse', { command: 'x' }))[0]!.message, /did you mean 'PreToolUse'/);
});

test('an event one client knows and another ignores is not reported, nor the PascalCase form of a Copilot CLI event', () => {
  for (const e of ['preCompact', 'subagentStart', 'permissionRequest', 'notification', 'agentStop', 'SubagentStart', 'PostToolUseFailure', 'Notification', 'UserPromptTransformed'])
    assert.deepEqual(codes(cli(e, { bash: 'echo x' })), [], e);
});

test('a hook that runs nothing, or an unknown type, is a warning; a missing type is a command', () => {
  assert.deepEqual(codes(cli('preToolUse', { type: 'command', cwd: 'x' })), ['github-hooks-handler-incomplete/warning']);
  assert.deepEqual(codes(cli('preToolUse', { type: 'command', bash: '  ' })), ['github-hooks-handler-incomplete/warning']);
  assert.deepEqual(codes(cli('postToolUse', { type: 'http' })), ['github-hooks-handler-incomplete/warning']);
  assert.deepEqual(codes(cli('sessionStart', { type: 'prompt' })), ['github-hooks-handler-incomplete/warning']);
  assert.deepEqual(codes(cli('preToolUse', { bash: 'echo ok' })), []);
  const ds = check(cli('preToolUse', { type: 'Command', bash: 'echo ok' }));
  assert.deepEqual(
    ds.map((d) => `${d.code}/${d.severity}`),
    ['github-hooks-handler-type-unknown/warning'],
  );
  assert.deepEqual(ds[0]!.data, { name: 'command', newText: '"command"' });
  assert.deepEqual(codes(cli('preToolUse', { type: 'agent', prompt: 'x' })), ['github-hooks-handler-type-unknown/warning']);
});

test('what one client ignores: http and prompt hooks in VS Code, powershell in the cloud agent, VS Code overrides in Copilot CLI', () => {
  const only = (event: string, hook: object) => check(cli(event, hook)).map((d) => [d.code, d.severity, d.message]);
  assert.match(String(only('postToolUse', { type: 'http', url: 'https://h.example/x' })[0]), /VS Code runs only `command` hooks/);
  assert.deepEqual(
    only('postToolUse', { type: 'prompt', prompt: 'x' }).map((d) => d[1]),
    ['warning'],
  );
  assert.match(String(only('postToolUse', { type: 'prompt', prompt: 'x' })[0]), /on sessionStart only.*never runs/);
  const ps = only('preToolUse', { type: 'command', powershell: 'pwsh -c x' });
  assert.deepEqual(
    ps.map((d) => d[1]),
    ['information'],
  );
  assert.match(String(ps[0]![2]), /Copilot cloud agent \(Linux\) ignores it/);
  const vsOnly = check(vscode('PreToolUse', { type: 'command', linux: './x', osx: './y' }));
  assert.deepEqual(
    vsOnly.map((d) => `${d.code}/${d.severity}`),
    ['github-hooks-handler-ignored/warning'],
  );
  assert.match(vsOnly[0]!.message, /Copilot CLI and the Copilot cloud agent read no "linux", "osx": they run nothing for this hook \(VS Code runs it on Linux, macOS only\)/);
  assert.deepEqual(codes(cli('preToolUse', { exec: 'node', args: ['x.js'] })), ['github-hooks-handler-ignored/information']);
});

test('timeouts: not a positive number is a warning; timeout and timeoutSec that differ are information', () => {
  assert.deepEqual(codes(cli('preToolUse', { bash: 'x', timeoutSec: '10' })), ['github-hooks-timeout-invalid/warning']);
  assert.deepEqual(codes(vscode('PreToolUse', { command: 'x', timeout: 0 })), ['github-hooks-timeout-invalid/warning']);
  const ds = check(cli('preToolUse', { bash: 'x', timeout: 5, timeoutSec: 10 }));
  assert.deepEqual(
    ds.map((d) => `${d.code}/${d.severity}`),
    ['github-hooks-timeout-conflict/information'],
  );
  assert.match(ds[0]!.message, /VS Code waits 5 seconds .*Copilot CLI and the Copilot cloud agent 10/);
  // Either key alone, or both equal, is read alike by all three.
  assert.deepEqual(codes(cli('preToolUse', { bash: 'x', timeout: 5 })), []);
  assert.deepEqual(codes(vscode('PreToolUse', { command: 'x', timeoutSec: 5, timeout: 5 })), []);
});

test('a matcher Copilot CLI cannot compile skips the hook there: a warning on the matcher, on events it filters only', () => {
  const { text, ranges: r } = ranges('{"version": 1, "hooks": {"preToolUse": [{"bash": "x", "matcher": «"edit("»}]}}');
  const ds = check(text);
  assert.deepEqual(
    ds.map((d) => [d.code, d.severity, d.range]),
    [['github-hooks-matcher-invalid', 'warning', r[0]]],
  );
  assert.match(ds[0]!.message, /does not compile \(Unterminated group\): Copilot CLI skips this hook/);
  assert.deepEqual(codes(cli('sessionStart', { bash: 'x', matcher: 'edit(' })), []);
  assert.deepEqual(codes(cli('preToolUse', { bash: 'x', matcher: 'bash|edit' })), []);
  // '*' alone is Claude Code's "every tool": whether Copilot CLI reads it so is not documented, so it is advice.
  const star = check('{"version": 1, "hooks": {"preToolUse": [{"bash": "x", "matcher": "*"}]}}');
  assert.deepEqual(
    star.map((d) => [d.code, d.severity]),
    [['github-hooks-matcher-invalid', 'information']],
  );
  assert.match(star[0]!.message, /unless Copilot CLI takes it for every tool, as Claude Code does \(not documented\)/);
});

test('a missing script in a command written with JSON escapes is underlined where its path is written', () => {
  const { text, ranges: r } = ranges(String.raw`{"version": 1, "hooks": {"postToolUse": [{"bash": "echo \"go\" \u0026\u0026 bash «.github/hooks/gone.sh»"}]}}`);
  assert.deepEqual(
    check(text).map((d) => [d.code, d.range]),
    [['github-hooks-script-missing', r[0]]],
  );
});

test('a script of the repository a command names must exist, from the repository root or the hook cwd', () => {
  const host = new InMemoryHost({ 'file:///ws/scripts/ok.sh': '', 'file:///ws/tools/lint.mjs': '' });
  const { text, ranges: r } = ranges(
    JSON.stringify({ version: 1, hooks: { postToolUse: [{ bash: 'bash «.github/hooks/gone.sh» && ./scripts/ok.sh' }, { bash: '«scripts/none.py» --fast' }] } }),
  );
  const ds = check(text, host);
  assert.deepEqual(
    ds.map((d) => [d.code, d.severity, d.range]),
    [
      ['github-hooks-script-missing', 'warning', r[0]],
      ['github-hooks-script-missing', 'warning', r[1]],
    ],
  );
  assert.match(ds[0]!.message, /'.github\/hooks\/gone.sh' is not in this repository: VS Code, Copilot CLI and the Copilot cloud agent run this command and it fails/);
  assert.deepEqual(codes(cli('postToolUse', { bash: 'node ../tools/lint.mjs', cwd: 'scripts' }), host), []);
  assert.deepEqual(codes(cli('postToolUse', { bash: 'node ./lint.mjs', cwd: 'tools' }), host), []);
  assert.deepEqual(codes(cli('postToolUse', { bash: './missing.sh', cwd: 'tools' }), host), ['github-hooks-script-missing/warning']);
  assert.deepEqual(codes(cli('postToolUse', { bash: './missing.sh', cwd: '/opt/x' }), host), []);
  assert.deepEqual(codes(cli('postToolUse', { bash: '[ -x ./gone.sh ] && ./gone.sh' }), host), []);
  // The root git prints is the repository's, whatever the hook's cwd (held-out round 68: a script that is under .claude/, not .github/).
  assert.deepEqual(codes(cli('postToolUse', { bash: 'node "$(git rev-parse --show-toplevel)/.github/x.mjs"' }), host), ['github-hooks-script-missing/warning']);
  assert.deepEqual(codes(cli('postToolUse', { bash: 'bash $(git rev-parse --show-toplevel)/scripts/ok.sh', cwd: 'tools' }), host), []);
  // A command that runs the script only when it is there (`[ ! -f X ] || node X`) does not fail without it.
  assert.deepEqual(
    codes(cli('postToolUse', { bash: '[ ! -f "$(git rev-parse --show-toplevel)/.github/x.mjs" ] || node "$(git rev-parse --show-toplevel)/.github/x.mjs"' }), host),
    [],
  );
  assert.deepEqual(codes(vscode('PostToolUse', { command: 'echo', windows: 'powershell -File ./scripts/gone.ps1' }), host), ['github-hooks-script-missing/warning']);
  assert.match(check(vscode('PostToolUse', { command: 'echo', windows: './scripts/gone.ps1' }), host)[0]!.message, /: VS Code runs this command/);
  // Outside the workspace folders the repository is not looked into.
  assert.deepEqual(analyzeGithubHooks(cli('postToolUse', { bash: './gone.sh' }), URI, host, ['file:///other']).diagnostics, []);
});

test('the format of a file: version first, else its first known event, else its hooks keys', () => {
  const f = (t: string) => githubHooksFormat(parseTree(t));
  assert.equal(f('{"version": 1, "hooks": {"PreToolUse": []}}'), 'copilot-cli');
  assert.equal(f('{"hooks": {"x": [], "PreToolUse": []}}'), 'vscode');
  assert.equal(f('{"hooks": {"x": [{"bash": "y"}]}}'), 'copilot-cli');
  assert.equal(f('{"hooks": {"x": [{"command": "y"}]}}'), 'vscode');
  assert.equal(f('{"hooks": {}}'), undefined);
});

test('hover says what each client does with an event name and a key', () => {
  assert.match(hover('{"version": 1, "hooks": {"preCom$0pact": []}}')!, /Copilot CLI and the Copilot cloud agent run its hooks; VS Code ignores this name/);
  assert.match(hover('{"hooks": {"PreToolUse$0": []}}')!, /VS Code, Copilot CLI and the Copilot cloud agent run its hooks\./);
  assert.match(hover('{"hooks": {"onSave$0": []}}')!, /no hook event of VS Code, Copilot CLI or the Copilot cloud agent/);
  assert.match(hover('{"hooks": {"preToolUse": [{"power$0shell": "x"}]}}')!, /the cloud agent \(Linux\) ignores it/);
  assert.match(hover('{"hooks": {"preToolUse": [{"time$0outSec": 5}]}}')!, /VS Code reads it when `timeout` is missing/);
  assert.match(hover('{"ver$0sion": 1, "hooks": {}}')!, /reject a file with another version/);
  assert.equal(hover('{"hooks": {"preToolUse": [{"other$0": 5}]}}'), null);
});

test('completion offers event names and hook keys in the file format', () => {
  const labels = (marked: string) => {
    const { text, position } = cursor(marked);
    return githubHooksCompletion(text, position).map((i) => i.label);
  };
  const camel = labels('{"version": 1, "hooks": {"$0"}}');
  assert.ok(camel.includes('preToolUse') && camel.includes('agentStop'));
  assert.ok(!camel.includes('PreToolUse'));
  const pascal = labels('{"hooks": {"Stop": [], "$0"}}');
  assert.ok(pascal.includes('PreToolUse') && !pascal.includes('preToolUse'));
  assert.deepEqual(labels('{"version": 1, "hooks": {"preToolUse": [{"$0"}]}}'), ['type', 'bash', 'powershell', 'cwd', 'env', 'timeoutSec', 'matcher']);
  assert.deepEqual(labels('{"hooks": {"PreToolUse": [{"$0"}]}}'), ['type', 'command', 'windows', 'linux', 'osx', 'cwd', 'env', 'timeout']);
  assert.deepEqual(labels('{"$0"}'), []);
});

test('the view lists each event with its hooks straight under it, labelled by what they run', () => {
  const text = JSON.stringify({
    version: 1,
    hooks: {
      preToolUse: [
        { type: 'command', bash: './guard.sh', powershell: 'x.ps1' },
        { matcher: 'Bash', hooks: [{ command: 'y' }] },
      ],
    },
  });
  const events = hookEventsOf(parseTree(text), text, true);
  assert.deepEqual(
    events.map((e) => [e.event, e.handlers.map((h) => [h.type, h.label, h.matcher ?? ''])]),
    [
      [
        'preToolUse',
        [
          ['command', './guard.sh', ''],
          ['', 'y', 'Bash'],
        ],
      ],
    ],
  );
});

test('hover does not say a client ignores a PascalCase name it may read without documenting it', () => {
  assert.match(hover('{"hooks": {"SubagentStart$0": []}}')!, /VS Code runs its hooks; Copilot CLI and the Copilot cloud agent document no such name\./);
  assert.match(hover('{"hooks": {"PermissionRequest$0": []}}')!, /Copilot CLI runs its hooks; VS Code and the Copilot cloud agent ignore this name\./);
});
