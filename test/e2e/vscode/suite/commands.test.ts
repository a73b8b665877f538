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

  test('agentFiles.routeRequest fills the chosen skill\'s command from given values', async () => {
    const result = await vscode.commands.executeCommand<RouteResult | undefined>('agentFiles.routeRequest', {
      text: 'find the TODO comments in src',
      skill: 'search-code',
      action: 'copy',
      values: { pattern: 'TODO', path: 'src' },
    });
    assert.ok(result?.command, `no command: ${JSON.stringify(result)}`);
    assert.match(result.command, /^rg --line-number '?TODO'? '?src'?$/);
  });
});

/** The part of the command's result these tests rely on (see client/src/routeRequest.ts). */
interface RouteResult {
  candidates: { name: string }[];
  chosen?: { name: string };
  command?: string | null;
}
