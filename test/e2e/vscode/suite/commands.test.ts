/// <reference types="mocha" />
// Commands and views the extension contributes.
import * as assert from 'assert';
import * as vscode from 'vscode';
import { activate, open } from './helpers';

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

  test('@feature skills-view: the Skills view can be focused', async () => {
    await vscode.commands.executeCommand('agentFiles.skills.focus');
  });

  test('@feature route-command: agentFiles.routeRequest with a request routes without UI and returns search-code first', async () => {
    await open('helper.agent.3md');
    const result = await vscode.commands.executeCommand<unknown>('agentFiles.routeRequest', 'find the TODO comments in src');
    const text = JSON.stringify(result ?? null);
    assert.ok(text.includes('search-code'), `routeRequest returned ${text.slice(0, 400)}`);
    const first = text.indexOf('search-code');
    const other = text.indexOf('open-pr');
    assert.ok(other === -1 || first < other, `search-code is not first: ${text.slice(0, 400)}`);
  });
});
