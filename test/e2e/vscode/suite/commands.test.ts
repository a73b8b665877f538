/// <reference types="mocha" />
// Commands and views the extension contributes.
import * as assert from 'assert';
import * as vscode from 'vscode';
import { activate, eventually, open } from './helpers';

suite('commands', () => {
  suiteSetup(async () => {
    await activate();
  });

  test('the agentFiles commands are registered', async () => {
    const all = await vscode.commands.getCommands(true);
    for (const c of ['agentFiles.routeRequest', 'agentFiles.refreshSkills', 'agentFiles.restartServer']) {
      assert.ok(all.includes(c), `${c} is not registered`);
    }
  });

  test('the Skills view lists the helper agent with its skills and open-pr depending on search-code', async () => {
    await vscode.commands.executeCommand('agentFiles.skills.focus');
    const ext = await activate();
    const tree = (ext.exports as { tree?: vscode.TreeDataProvider<unknown> } | undefined)?.tree;
    assert.ok(tree, 'the extension API does not expose the Skills tree');
    const labelOf = async (n: unknown): Promise<string> => {
      const item = await tree.getTreeItem(n);
      return typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
    };
    const roots = await eventually(
      async () => (await tree.getChildren()) ?? [],
      (rs) => rs.length >= 2,
      'agent files in the Skills view',
    );
    let helper: unknown;
    for (const r of roots) {
      const item = await tree.getTreeItem(r);
      if (String(item.description ?? '').endsWith('helper.agent.3md')) helper = r;
    }
    assert.ok(helper, `helper.agent.3md is not in the view: ${(await Promise.all(roots.map(labelOf))).join(', ')}`);
    const kids = (await tree.getChildren(helper)) ?? [];
    const labels = await Promise.all(kids.map(labelOf));
    assert.ok(labels.includes('search-code') && labels.includes('open-pr'), labels.join(', '));
    const openPr = kids[labels.indexOf('open-pr')];
    const deps = await Promise.all(((await tree.getChildren(openPr)) ?? []).map(labelOf));
    assert.ok(
      deps.some((d) => d.includes('search-code')),
      `open-pr dependencies: ${deps.join(', ')}`,
    );
  });

  test('agentFiles.routeRequest with a prepared request ranks search-code first without any prompt', async () => {
    await open('helper.agent.3md');
    const result = await vscode.commands.executeCommand<RouteResult | undefined>('agentFiles.routeRequest', {
      text: 'find the TODO comments in src',
      action: 'reveal',
    });
    assert.ok(result, 'routeRequest returned nothing');
    const names = result.candidates.map((c) => c.name);
    assert.strictEqual(names[0], 'search-code', names.join(', '));
    assert.strictEqual(result.chosen?.name, 'search-code');
    assert.ok(vscode.window.activeTextEditor?.document.uri.path.endsWith('/helper.agent.3md'), 'the chosen skill was not revealed');
  });

  test("agentFiles.routeRequest fills the chosen skill's command from given values", async () => {
    const result = await vscode.commands.executeCommand<RouteResult | undefined>('agentFiles.routeRequest', {
      text: 'find the TODO comments in src',
      skill: 'search-code',
      action: 'copy',
      values: { pattern: 'TODO', path: 'src' },
    });
    assert.ok(result?.command, `no command: ${JSON.stringify(result)}`);
    assert.match(result.command, /^rg --line-number '?TODO'? '?src'?$/);
  });

  test('agentFiles.routeRequest refuses a value the command would read as an option, and says why', async () => {
    const result = await vscode.commands.executeCommand<RouteResult | undefined>('agentFiles.routeRequest', {
      text: 'find the TODO comments in src',
      skill: 'search-code',
      action: 'copy',
      values: { pattern: '--pre=touch PWNED', path: 'src' },
    });
    assert.strictEqual(result?.command, null, JSON.stringify(result));
    assert.match((result.problems ?? []).join(' '), /cannot fill \{pattern\}: the value starts with "-"/);
  });
});

/** The part of the command's result these tests rely on (see client/src/routeRequest.ts). */
interface RouteResult {
  candidates: { name: string }[];
  chosen?: { name: string };
  command?: string | null;
  problems?: string[];
}
