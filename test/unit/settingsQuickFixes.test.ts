/**
 * Quick fixes of Claude Code settings and plugin hooks files (core/hooks/codeActions.ts): a hook
 * event, a handler type or a permission rule's tool that differs from exactly one name Claude Code
 * knows by case (events and types: or by one letter) is renamed to it; any other unknown name gets
 * no fix, since which one was meant is not certain. `check --fix-unsafe` applies them.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { InMemoryHost } from '../../server/src/core/workspace/host';
import { analyzeClaudeSettings, analyzeHooksFile, settingsCodeActions } from '../../server/src/core/hooks';
import { certainName } from '../../server/src/core/hooks/codeActions';
import { applyFixes } from '../../server/src/core/config/fixes';
import { LineIndex } from '../../server/src/core/text/text';

const URI = 'file:///ws/.claude/settings.json';
const fixed = (text: string) => {
  const ds = analyzeClaudeSettings(text, URI, new InMemoryHost()).diagnostics;
  const index = new LineIndex(text);
  return settingsCodeActions(URI, ds).map((a) => {
    const e = a.edit!.changes![URI]![0]!;
    return `${a.title}: ${text.slice(index.offsetAt(e.range.start), index.offsetAt(e.range.end))} → ${e.newText}`;
  });
};

test('an event name in another case, or one letter off, is renamed to the event Claude Code knows', () => {
  assert.deepEqual(fixed('{"hooks": {"preToolUse": [], "PostToolUsee": [], "sessionstart": []}}'), [
    `Change to 'PreToolUse': "preToolUse" → "PreToolUse"`,
    `Change to 'PostToolUse': "PostToolUsee" → "PostToolUse"`,
    `Change to 'SessionStart': "sessionstart" → "SessionStart"`,
  ]);
});

test('an unknown event that is no near miss of exactly one event gets no fix', () => {
  assert.deepEqual(fixed('{"hooks": {"preEditHook": [], "user-prompt-submit-hook": [], "Sto": []}}'), []);
  // Two letters off: a suggestion in the message, but no fix.
  const ds = analyzeClaudeSettings('{"hooks": {"PreToolUsse2": []}}', URI, new InMemoryHost()).diagnostics;
  assert.equal(ds[0]!.code, 'hooks-event-unknown');
  assert.equal(settingsCodeActions(URI, ds).length, 0);
});

test('a Write(path) rule is changed to Edit(path), unless an Edit rule of its list covers it already', () => {
  assert.deepEqual(fixed('{"permissions": {"deny": ["Write(.claude/**)"], "allow": ["Edit(.env)", "Write(.env)"]}}'), [`Change to 'Edit': Write → Edit`]);
});

test("a Read or Edit rule's system path after one '/' is given the '//' of an absolute path", () => {
  assert.deepEqual(fixed('{"permissions": {"allow": ["Read(/tmp/**)", "Read(/src/**)"], "deny": ["Edit(/etc/hosts)"]}}'), [
    `Change to '//tmp/**': /tmp/** → //tmp/**`,
    `Change to '//etc/hosts': /etc/hosts → //etc/hosts`,
  ]);
});

test('a handler type in another case is renamed; an unknown one is not', () => {
  const group = (type: string) => `{"hooks": {"Stop": [{"hooks": [{"type": "${type}", "command": "x"}]}]}}`;
  assert.deepEqual(fixed(group('Command')), [`Change to 'command': "Command" → "command"`]);
  assert.deepEqual(fixed(group('shell')), []);
});

test("a permission rule's tool in another case is renamed, its pattern kept; a tool one letter off is not (it may be one Claude Code has and we do not know)", () => {
  assert.deepEqual(fixed('{"permissions": {"allow": ["bash(npm run test:*)", "Bsh(ls)"], "deny": ["READ(./secrets/**)"]}}'), [
    `Change to 'Bash': bash → Bash`,
    `Change to 'Read': READ → Read`,
  ]);
});

test('certainName: one name in another case, or one letter off from exactly one name of four letters or more', () => {
  assert.equal(certainName('stop', ['Stop', 'Setup']), 'Stop');
  assert.equal(certainName('Stp', ['Stop']), undefined);
  assert.equal(certainName('Stoop', ['Stop', 'Setup']), 'Stop');
  assert.equal(certainName('Stopp', ['Stop', 'Stops']), undefined);
  assert.equal(certainName('Stop', ['Stop']), undefined);
});

test('a plugin hooks file gets the same fixes, and check --fix-unsafe applies them (not --fix)', () => {
  const text = '{"hooks": {"pretooluse": [{"hooks": [{"type": "Command", "command": "x"}]}]}}';
  const ds = analyzeHooksFile(text, new InMemoryHost(), undefined).diagnostics;
  assert.deepEqual(
    settingsCodeActions('file:///p/hooks/hooks.json', ds).map((a) => a.title),
    ["Change to 'PreToolUse'"],
  );
  assert.equal(applyFixes('hooks', text, 'file:///p/hooks/hooks.json', ds, 'safe').applied, 0);
  const once = applyFixes('hooks', text, 'file:///p/hooks/hooks.json', ds, 'unsafe').text;
  assert.equal(once, '{"hooks": {"PreToolUse": [{"hooks": [{"type": "Command", "command": "x"}]}]}}');
  // The handler under the renamed event is read on the next run, and its type fixed then.
  const next = analyzeHooksFile(once, new InMemoryHost(), undefined).diagnostics;
  assert.equal(applyFixes('hooks', once, 'file:///p/hooks/hooks.json', next, 'unsafe').text, '{"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "x"}]}]}}');
});
