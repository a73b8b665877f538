// A Claude Code plugin's agents, commands and hooks file are checked like the project's own: the
// folder walk finds them through the marketplace and plugin manifests; an agents/ folder outside
// any plugin is left alone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { cli, reportSummary, ROOT } from '../helpers/cliRun';

const FIX = join(ROOT, 'test/fixtures/plugin-parts');

test("a marketplace repository's plugin agents, commands and hooks are checked; docs/agents is not", () => {
  const r = cli(FIX, 'check', '--format', 'json', '.');
  assert.equal(r.code, 0, r.err);
  assert.deepEqual(reportSummary(r.out), [
    ['.claude-plugin/marketplace.json', 'plugin manifest', []],
    ['plugins/ops/.claude-plugin/plugin.json', 'plugin manifest', []],
    // A plugin the marketplace lists without a plugin.json of its own.
    ['plugins/lite/agents/tidy-whitespace.md', 'Claude Code subagent', ['subagent-name-duplicate:w@1']],
    ['plugins/lite/agents/tidy.md', 'Claude Code subagent', ['subagent-name-duplicate:w@1', 'subagent-plugin-key-ignored:w@3']],
    ['plugins/ops/agents/good-agent.md', 'Claude Code subagent', []],
    ['plugins/ops/agents/release-checker.md', 'Claude Code subagent', ['subagent-tool-unknown:w@3']],
    ['plugins/ops/commands/git/tag.md', 'Claude Code command', ['command-tool-unknown:w@2', 'command-model-unknown:i@4']],
    ['plugins/ops/hooks/hooks.json', 'Claude Code plugin hooks', ['hooks-script-missing:w@8', 'hooks-event-unknown:w@12', 'hooks-handler-type-unknown:w@13']],
  ]);
});

test('a plugin file named on the command line is told by the manifests above it; one outside a plugin is skipped', () => {
  const r = cli(FIX, 'check', '--format', 'json', 'plugins/ops/hooks/hooks.json', 'plugins/ops/agents/release-checker.md', 'docs/agents/overview.md');
  assert.deepEqual(reportSummary(r.out), [
    ['plugins/ops/hooks/hooks.json', 'Claude Code plugin hooks', ['hooks-script-missing:w@8', 'hooks-event-unknown:w@12', 'hooks-handler-type-unknown:w@13']],
    ['plugins/ops/agents/release-checker.md', 'Claude Code subagent', ['subagent-tool-unknown:w@3']],
  ]);
  assert.match(r.err, /skipping docs\/agents\/overview\.md: no Claude Code plugin \(\.claude-plugin\/plugin\.json or marketplace\.json\) above it makes it a plugin's agent/);
});

test('--kind hooks reads any JSON file as a plugin hooks file', () => {
  const r = cli(FIX, 'check', '--format', 'json', '--kind', 'hooks', 'plugins/ops/hooks/hooks.json');
  // Named alone with --kind, the file is read in its repository as a check of the folder reads it: the plugin's missing script too.
  assert.deepEqual(reportSummary(r.out), [
    ['plugins/ops/hooks/hooks.json', 'Claude Code plugin hooks', ['hooks-script-missing:w@8', 'hooks-event-unknown:w@12', 'hooks-handler-type-unknown:w@13']],
  ]);
});
