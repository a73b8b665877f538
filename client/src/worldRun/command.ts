/**
 * "Agent Files: Run Agent World…" (agentFiles.runWorld): picks the world (the argument, the
 * active editor's world, else one of the workspace's, by QuickPick) and opens its run simulator.
 * Scripts and tests pass steps to take (and a case name to save the run under) and get the
 * transcript back; `agentFiles._runWorldRendered` returns what the page last drew.
 */
import * as vscode from 'vscode';
import type { BaseLanguageClient as LanguageClient } from 'vscode-languageclient';
import { visitedNodes } from '../../../server/src/core/world/router/simRun';
import type { RouterResult } from '../../../server/src/core/world/router/types';
import type { SkillsTree } from '../skillsTree';
import { worldUriOf } from '../worldCheck';
import { SHOW_GRAPH_COMMAND, WorldRunPanel, worldNameOf, type RenderedRows } from './panel';
import { saveRunAsCase, type SaveCaseResult } from './saveCase';
import { WorldRunSession } from './session';

export type RunWorldStep = { user: string } | { complete: string; agent?: string };

export interface RunWorldArgs {
  /** The world.json (or a file of its world); asked for when absent. */
  uri?: string;
  /** Steps to take, in order: a user message, or a completion of the open turn (of `agent` when given). */
  steps?: RunWorldStep[];
  /** `none`: run without a panel. */
  show?: 'none';
  /** Save the run as a routing case of this name after the steps (no prompt). */
  saveAs?: string;
}

export interface RunWorldResult {
  world: string;
  /** The router's result for each step (the run's whole transcript, with the panel's earlier steps). */
  transcript: RouterResult[];
  /** The workflow nodes visited, in order. */
  path: string[];
  saved?: SaveCaseResult;
}

/** The world.json of a world file: itself, the one beside world.eval.md, the one above prompts/. */
export function worldJsonUri(uri: vscode.Uri): vscode.Uri {
  if (uri.path.endsWith('/world.json')) return uri;
  const dir = vscode.Uri.joinPath(uri, '..');
  return dir.path.endsWith('/prompts') ? vscode.Uri.joinPath(dir, '..', 'world.json') : vscode.Uri.joinPath(dir, 'world.json');
}

const isWorldFile = (uri: vscode.Uri) => /\/\.agent-world\/(world\.json|world\.eval\.md|prompts\/[^/]+\.md)$/.test(uri.path);

async function pickWorld(tree: SkillsTree): Promise<vscode.Uri | undefined> {
  const active = vscode.window.activeTextEditor?.document.uri;
  if (active && isWorldFile(active)) return worldJsonUri(active);
  const worlds = (await tree.files()).filter((f) => f.kind === 'world').map((f) => vscode.Uri.parse(f.uri));
  if (worlds.length <= 1) {
    if (worlds.length === 0) void vscode.window.showInformationMessage('Agent Files: no Agent World (.agent-world/world.json) found in this workspace.');
    return worlds[0];
  }
  const chosen = await vscode.window.showQuickPick(
    worlds.map((uri) => ({ label: vscode.workspace.asRelativePath(uri), uri })),
    { title: 'Run Agent World', placeHolder: 'Pick the world to run' },
  );
  return chosen?.uri;
}

async function takeSteps(session: WorldRunSession, steps: RunWorldStep[]): Promise<void> {
  for (const s of steps) {
    if ('user' in s) await session.user(s.user);
    else await session.complete(s.complete, s.agent === undefined ? {} : { agent: s.agent });
  }
}

export async function runWorld(client: LanguageClient, extensionUri: vscode.Uri, tree: SkillsTree, arg?: unknown): Promise<RunWorldResult | undefined> {
  const args = (arg && typeof arg === 'object' && !(arg instanceof vscode.Uri) ? arg : {}) as RunWorldArgs;
  const given = worldUriOf(arg);
  const worldUri = given !== undefined ? worldJsonUri(vscode.Uri.parse(given)) : await pickWorld(tree);
  if (!worldUri) return undefined;
  const headless = args.show === 'none';
  // Whether the graph view is there, known before the page draws its first step.
  const canGraph = !headless && (await vscode.commands.getCommands(true)).includes(SHOW_GRAPH_COMMAND);
  const panel = headless ? undefined : WorldRunPanel.show(client, extensionUri, worldUri, canGraph);
  const session = panel?.session ?? new WorldRunSession(client, worldUri.toString());
  await takeSteps(session, args.steps ?? []);
  const out: RunWorldResult = { world: worldUri.toString(), transcript: session.transcript(), path: visitedNodes(session.run) };
  if (args.saveAs !== undefined) {
    out.saved = panel ? await panel.save(args.saveAs, false) : await saveRunAsCase(session.run, worldUri, worldNameOf(session, worldUri), { name: args.saveAs, show: false });
  }
  return out;
}

/** What the run page of a world (the last one shown when none is named) last drew. */
export function runWorldRendered(arg?: unknown): RenderedRows | undefined {
  const given = worldUriOf(arg);
  return WorldRunPanel.of(given === undefined ? undefined : worldJsonUri(vscode.Uri.parse(given)).toString())?.rendered();
}

/** Keeps the `agentFiles.hasWorld` context key (the Skills view's Run button) in step with the index. */
export function trackWorlds(client: LanguageClient, tree: SkillsTree): vscode.Disposable {
  let last: boolean | undefined;
  const update = () =>
    tree
      .files()
      .then((files) => {
        const has = files.some((f) => f.kind === 'world');
        if (has !== last) void vscode.commands.executeCommand('setContext', 'agentFiles.hasWorld', (last = has));
      })
      .catch((e: unknown) => client.error('listing the worlds for the Run Agent World button failed', e, false));
  return tree.onDidChangeTreeData(update);
}
