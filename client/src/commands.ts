/** Command palette and view commands. */
import * as vscode from 'vscode';
import type { BaseLanguageClient as LanguageClient } from 'vscode-languageclient';
import type { Location, Position } from 'vscode-languageclient';
import type { SkillsTree } from './skillsTree';
import { routeRequest, type Platform, type RouteRequestArgs } from './routeRequest';
import { revealRange } from './reveal';
import { SkillsPromptRequest, type SkillsPromptResult } from '../../server/src/lsp/protocol';
import { WorldChecker } from './worldCheck';
import { EFFECT_VIEW, flatRows, type EffectView } from './effectView';
import { GraphPanels } from './graphView';
import { runWorld, runWorldRendered, trackWorlds } from './worldRun/command';

export function registerCommands(context: vscode.ExtensionContext, client: LanguageClient, tree: SkillsTree, platform: Platform, effect: EffectView): void {
  const reg = (id: string, fn: (...args: never[]) => unknown) => context.subscriptions.push(vscode.commands.registerCommand(id, fn));
  reg('agentFiles.routeRequest', (args?: RouteRequestArgs) => routeRequest(client, platform, args ?? {}, () => tree.files()));
  reg('agentFiles.refreshSkills', () => tree.refresh());
  reg('agentFiles.showProblemsOnly', () => tree.setProblemsOnly(true));
  reg('agentFiles.showAllSkills', () => tree.setProblemsOnly(false));
  reg('agentFiles.revealPlane', (uri: string, range: Parameters<typeof revealRange>[1]) => revealRange(uri, range));
  // stop and start: the browser's client has no restart of its own (the Web Worker is made anew on start)
  reg('agentFiles.restartServer', async () => {
    await client.stop();
    await client.start();
  });
  reg('agentFiles.copySkillsPrompt', async () => {
    const r = await client.sendRequest<SkillsPromptResult>(SkillsPromptRequest, {});
    if (!r.count) {
      void vscode.window.showInformationMessage('Agent Files: no valid SKILL.md skill in this workspace.');
      return r;
    }
    await vscode.env.clipboard.writeText(r.xml);
    void vscode.window.showInformationMessage(`Agent Files: copied the <available_skills> prompt (${r.count} skill${r.count === 1 ? '' : 's'}).`);
    return r;
  });
  // "Show What the Agent Sees" focuses the view on a file (the argument, else the active editor's); the old command id does the same.
  const showEffect = async (arg?: unknown) => {
    effect.show(arg instanceof vscode.Uri ? arg : typeof arg === 'string' ? vscode.Uri.parse(arg) : vscode.window.activeTextEditor?.document.uri);
    await vscode.commands.executeCommand(`${EFFECT_VIEW}.focus`);
  };
  reg('agentFiles.showWhatTheAgentSees', showEffect);
  reg('agentFiles.instructionsInEffect', showEffect);
  // For tests and scripts: the view's rows as they are now, depth first.
  reg('agentFiles.effect.rows', async () => {
    effect.refresh();
    return flatRows(await effect.rows());
  });
  const worldCheck = new WorldChecker(client);
  context.subscriptions.push(worldCheck);
  reg('agentFiles.checkWorld', (arg?: unknown) => worldCheck.run(arg));
  const graphs = new GraphPanels(client, context.extensionUri);
  context.subscriptions.push(graphs);
  reg('agentFiles.showWorldGraph', (arg?: unknown) => graphs.show(arg));
  // For tests: what the graph panel of a file (or the last one shown) drew.
  reg('agentFiles._graphRendered', (arg?: unknown) => graphs.rendered(arg));
  reg('agentFiles.runWorld', (arg?: unknown) => runWorld(client, context.extensionUri, tree, arg));
  reg('agentFiles._runWorldRendered', (arg?: unknown) => runWorldRendered(arg));
  context.subscriptions.push(trackWorlds(client, tree));
  reg('agentFiles.showLinks', (uri: string, position: Position, locations: Location[]) =>
    vscode.commands.executeCommand(
      'editor.action.showReferences',
      vscode.Uri.parse(uri),
      client.protocol2CodeConverter.asPosition(position),
      locations.map((l) => client.protocol2CodeConverter.asLocation(l)),
    ),
  );
}
