/// <reference types="mocha" />
// "Agent Files: Check Agent World" (agentFiles.checkWorld): the eval harness's checks per world,
// and diagnostics for world files that are not open.
import * as assert from 'assert';
import * as vscode from 'vscode';
import { activate, codeOf, eventually, fixture, listDiagnostics, open, waitForDiagnostics } from './helpers';

/** The part of the command's result these tests rely on (see client/src/worldCheck.ts). */
interface CheckResult {
  worlds: {
    uri: string;
    name: string;
    passed: boolean;
    checks: { category: string; name: string; status: string; reason?: string }[];
    files: { uri: string; diagnostics: unknown[] }[];
  }[];
  collected: string[];
}

const ours = (ds: readonly vscode.Diagnostic[], code: string) => ds.filter((d) => codeOf(d) === code);

suite('Check Agent World', () => {
  suiteSetup(async () => {
    await activate();
  });

  test('agentFiles.checkWorld is registered and contributed to the Skills view', async () => {
    const all = await vscode.commands.getCommands(true);
    assert.ok(all.includes('agentFiles.checkWorld'));
    const ext = vscode.extensions.getExtension('agent-files.agent-files')!;
    const pkg = ext.packageJSON as { contributes: { commands: { command: string; title: string }[]; menus: Record<string, { command: string; when?: string }[]> } };
    assert.strictEqual(pkg.contributes.commands.find((c) => c.command === 'agentFiles.checkWorld')?.title, 'Check Agent World');
    assert.ok(pkg.contributes.menus['view/title']!.some((m) => m.command === 'agentFiles.checkWorld' && m.when === 'view == agentFiles.skills'));
  });

  test('every world is checked: the team world passes all eleven checks, the fixture world fails with the router and eval reasons', async () => {
    const result = await eventually(
      () => vscode.commands.executeCommand<CheckResult>('agentFiles.checkWorld', { show: 'none' }),
      (r) => (r?.worlds.length ?? 0) >= 2,
      'two worlds checked',
    );
    const byName = new Map(result.worlds.map((w) => [w.name, w]));
    const team = byName.get('team');
    assert.ok(team, result.worlds.map((w) => w.name).join(', '));
    assert.strictEqual(team.passed, true, JSON.stringify(team.checks.filter((c) => c.status !== 'PASS')));
    assert.strictEqual(team.checks.length, 11);
    const broken = byName.get('e2e-world');
    assert.ok(broken);
    assert.strictEqual(broken.passed, false);
    assert.deepStrictEqual(
      broken.checks.map((c) => [c.status, c.category, c.name]),
      [
        ['PASS', 'config', 'world.json is valid JSON'],
        ['FAIL', 'config', 'router config loads and graph references validate'],
        ['FAIL', 'eval', 'world.eval.md exists'],
      ],
    );
    assert.strictEqual(broken.checks[1]!.reason, 'Invalid Agent World config:\n- workflow.edges.plan references missing target node "biuld"');
    assert.match(broken.checks[2]!.reason ?? '', /^missing eval contract: .*\.agent-world[\\/]world\.eval\.md$/);
  });

  test('diagnostics of world files that are not open are in the Problems view once each: from the workspace diagnostics, the command adds no copy', async () => {
    const dev = fixture('.agent-world/prompts/dev.md');
    const pm = fixture('.agent-world/prompts/pm.md');
    await open('.agent-world/prompts/dev.md');
    await waitForDiagnostics(dev, (ds) => ours(ds, 'world-missing-mention-protocol').length === 1, "the editor's world-missing-mention-protocol on dev.md");
    const result = await vscode.commands.executeCommand<CheckResult>('agentFiles.checkWorld', { show: 'none' });
    assert.deepStrictEqual(result.collected, [], 'with the workspace in scope the language client reports every file');
    const onPm = await waitForDiagnostics(pm, (ds) => ours(ds, 'world-missing-mention-protocol').length === 1, 'world-missing-mention-protocol on the unopened pm.md');
    const d = ours(onPm, 'world-missing-mention-protocol')[0]!;
    assert.strictEqual(d.source, 'agent-files');
    assert.strictEqual(d.severity, vscode.DiagnosticSeverity.Warning);
    assert.strictEqual(d.message, 'prompts missing paragraph-start @mention protocol: pm');
    assert.deepStrictEqual([d.range.start.line, d.range.start.character, d.range.end.line, d.range.end.character], [0, 0, 0, 'You are @pm, the planner.'.length]);
    const onDev = vscode.languages.getDiagnostics(dev);
    assert.strictEqual(ours(onDev, 'world-missing-mention-protocol').length, 1, listDiagnostics(onDev));
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  test('run on a world node of the Skills view, the command checks only that world', async () => {
    const ext = await activate();
    const tree = (ext.exports as { tree: vscode.TreeDataProvider<unknown> }).tree;
    const roots = (await tree.getChildren()) ?? [];
    let team: unknown;
    for (const r of roots) {
      if (String((await tree.getTreeItem(r)).description) === 'team/.agent-world/world.json') team = r;
    }
    assert.ok(team, 'the team world is not in the Skills view');
    assert.strictEqual((await tree.getTreeItem(team)).contextValue, 'agentWorld');
    const result = await vscode.commands.executeCommand<CheckResult>('agentFiles.checkWorld', team);
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    assert.deepStrictEqual(
      result.worlds.map((w) => [w.name, w.passed]),
      [['team', true]],
    );
  });
});
