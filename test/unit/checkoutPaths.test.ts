// A hook command naming the author's own checkout by its absolute path (core/hooks/checkoutPaths.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { InMemoryHost } from '../../server/src/core/workspace/host';
import { analyzeClaudeSettings } from '../../server/src/core/hooks';
import { analyzeCodexHooks } from '../../server/src/core/hooks/codexHooks';
import { checkoutPart } from '../../server/src/core/hooks/checkoutPaths';
import { ranges } from '../helpers/markers';

const PROJECT = {
  'file:///ws/src-tauri/Cargo.toml': '',
  'file:///ws/web/src/app.ts': '',
  'file:///ws/.xtrm/hooks/reminder.mjs': '',
  'file:///ws/.claude/skills/ci/check.sh': '',
};
const has = (host: InMemoryHost) => (relative: string) =>
  relative.endsWith('/') ? host.isDirectory(`file:///ws/${relative.slice(0, -1)}`) : host.exists(`file:///ws/${relative}`);
const command = (c: string) => JSON.stringify({ hooks: { PostToolUse: [{ matcher: 'Edit', hooks: [{ type: 'command', command: c }] }] } });

test('the part of a home path that is the project: a path of two names at least, or a folder of its root, below a folder of the home folder', () => {
  const projectHas = has(new InMemoryHost(PROJECT));
  assert.equal(checkoutPart('/home/wsmi/Documents/dev/tau-term/src-tauri', projectHas), 'src-tauri');
  assert.equal(checkoutPart('/home/dawid/dev/xtrm-tools/.xtrm/hooks/reminder.mjs', projectHas), '.xtrm/hooks/reminder.mjs');
  assert.equal(checkoutPart('/Users/jason/dev/app/web/src', projectHas), 'web/src');
  // A dotfiles repository's mirror of the home folder, a tool's own folder, a file name alone: not the checkout.
  assert.equal(checkoutPart('/Users/rysk/.claude/skills/ci/check.sh', projectHas), undefined);
  assert.equal(checkoutPart('/home/adam/.local/bin/dcg', projectHas), undefined);
  assert.equal(checkoutPart('/Users/rysk/Repositories/rysk/dotfiles/.claude/skills/ci/check.sh', projectHas), undefined);
  assert.equal(checkoutPart('/Users/rysk/src/my-ai-config/web/src', projectHas), undefined);
  assert.equal(checkoutPart('/Users/ana/dev/other/Cargo.toml', projectHas), undefined);
});

test("a project's settings hook that cds into the author's checkout is a warning on the path, with the path from the project's root", () => {
  const host = new InMemoryHost(PROJECT);
  const { text, ranges: r } = ranges(command('case "$f" in *.rs) cd «/home/wsmi/Documents/dev/tau-term/src-tauri» && cargo fmt ;; esac'));
  const ds = analyzeClaudeSettings(text, 'file:///ws/.claude/settings.json', host).diagnostics;
  assert.deepEqual(
    ds.map((d) => [d.code, d.severity, d.range]),
    [['hooks-path-machine', 'warning', r[0]]],
  );
  assert.match(
    ds[0]!.message,
    /the author's own checkout of this project: on any other machine the path names nothing, so Claude Code runs the command and it fails\. Write it from the project's root: "\$CLAUDE_PROJECT_DIR"\/src-tauri/,
  );
  // One person's settings, a command that tests for the path first, a home path outside the project: nothing.
  assert.deepEqual(analyzeClaudeSettings(text, 'file:///ws/.claude/settings.local.json', host).diagnostics, []);
  const tested = command('[ -d /home/wsmi/Documents/dev/tau-term/src-tauri ] && cd /home/wsmi/Documents/dev/tau-term/src-tauri && cargo fmt');
  assert.deepEqual(analyzeClaudeSettings(tested, 'file:///ws/.claude/settings.json', host).diagnostics, []);
  assert.deepEqual(analyzeClaudeSettings(command('/home/adam/.local/bin/dcg'), 'file:///ws/.claude/settings.json', host).diagnostics, []);
});

test("Codex's project hooks: the same, written from the repository's root", () => {
  const host = new InMemoryHost(PROJECT);
  const text = JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'node "/home/dawid/dev/xtrm-tools/.xtrm/hooks/reminder.mjs"' }] }] } });
  const ds = analyzeCodexHooks(text, 'file:///ws/.codex/hooks.json', host, ['file:///ws']).diagnostics;
  assert.deepEqual(
    ds.map((d) => [d.code, d.severity]),
    [['codex-hooks-path-machine', 'warning']],
  );
  assert.match(ds[0]!.message, /Codex runs the command and it fails\. Write it from the project's root: "\$\(git rev-parse --show-toplevel\)"\/\.xtrm\/hooks\/reminder\.mjs/);
});
