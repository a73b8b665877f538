/**
 * The run simulator's webview panel, one per world (shown again when already open). The run lives
 * in the panel's session on the extension side; the page draws the view it is sent and reports
 * what it drew. Works alike in desktop VS Code and in the browser: the page is a bundled script
 * from the extension (dist/webview/worldRun.js) under a strict content security policy.
 */
import * as vscode from 'vscode';
import type { BaseLanguageClient as LanguageClient } from 'vscode-languageclient';
import { visitedNodes } from '../../../server/src/core/world/router/simRun';
import { runPageHtml } from './html';
import { saveRunAsCase, type SaveCaseResult } from './saveCase';
import { WorldRunSession } from './session';
import type { FromWebview, ToWebview, ViewInput } from './view';

/** The graph view's command (Show Graph), when the extension has it. */
export const SHOW_GRAPH_COMMAND = 'agentFiles.showWorldGraph';

export interface RenderedRows {
  /** The version of the view last sent, and the one the page last drew (equal once it caught up). */
  version: number;
  renderedVersion: number | undefined;
  rows: string[];
  /** The labels of the buttons the page shows enabled (suggestions included). */
  controls: string[];
}

/** A name for the world: its world.json's path in the workspace. */
export function worldLabel(worldUri: vscode.Uri): string {
  return vscode.workspace.asRelativePath(worldUri);
}

/** The world's name as the router reports it (its results' `world`), else its folder's name. */
export function worldNameOf(session: WorldRunSession, worldUri: vscode.Uri): string {
  const named = session.transcript().find((r) => 'world' in r && typeof r.world === 'string');
  if (named && 'world' in named && typeof named.world === 'string') return named.world;
  const parts = worldUri.path.split('/');
  return parts.at(-3) ?? 'world';
}

export class WorldRunPanel {
  static readonly #open = new Map<string, WorldRunPanel>();
  static #last: WorldRunPanel | undefined;
  readonly session: WorldRunSession;
  #version = 0;
  #rendered: { version: number; rows: string[]; controls: string[] } | undefined;
  #notice: string | undefined;
  #canGraph = false;

  private constructor(
    private readonly panel: vscode.WebviewPanel,
    client: LanguageClient,
    readonly worldUri: vscode.Uri,
    extensionUri: vscode.Uri,
    canGraph: boolean,
  ) {
    this.#canGraph = canGraph;
    this.session = new WorldRunSession(client, worldUri.toString(), () => this.#post());
    const asset = (name: string) => panel.webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'dist', 'webview', name)).toString();
    panel.webview.html = runPageHtml(asset('worldRun.js'), asset('worldRun.css'), panel.webview.cspSource);
    panel.webview.onDidReceiveMessage((m: FromWebview) => this.#receive(m));
    panel.onDidChangeViewState(() => {
      if (panel.active) WorldRunPanel.#last = this;
    });
    panel.onDidDispose(() => {
      WorldRunPanel.#open.delete(worldUri.toString());
      if (WorldRunPanel.#last === this) WorldRunPanel.#last = undefined;
    });
  }

  /** The panel of a world, made or shown. */
  static show(client: LanguageClient, extensionUri: vscode.Uri, worldUri: vscode.Uri, canGraph: boolean): WorldRunPanel {
    const key = worldUri.toString();
    let p = WorldRunPanel.#open.get(key);
    if (p) p.panel.reveal(undefined, false);
    else {
      const panel = vscode.window.createWebviewPanel('agentFiles.runWorld', `Run: ${worldLabel(worldUri)}`, vscode.ViewColumn.Beside, {
        enableScripts: true,
        localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'dist', 'webview')],
      });
      p = new WorldRunPanel(panel, client, worldUri, extensionUri, canGraph);
      WorldRunPanel.#open.set(key, p);
    }
    WorldRunPanel.#last = p;
    return p;
  }

  /** The panel of a world (the last one shown when no world is named). */
  static of(worldUri?: string): WorldRunPanel | undefined {
    return worldUri === undefined ? WorldRunPanel.#last : WorldRunPanel.#open.get(vscode.Uri.parse(worldUri).toString());
  }

  rendered(): RenderedRows {
    return { version: this.#version, renderedVersion: this.#rendered?.version, rows: this.#rendered?.rows ?? [], controls: this.#rendered?.controls ?? [] };
  }

  #post(): void {
    const input: ViewInput = {
      run: this.session.run,
      world: worldLabel(this.worldUri),
      stopToken: this.session.stopToken,
      canGraph: this.#canGraph,
      busy: this.session.busy,
      ...(this.#notice ? { notice: this.#notice } : {}),
    };
    const message: ToWebview = { type: 'view', version: ++this.#version, input };
    void this.panel.webview.postMessage(message);
  }

  #say(notice: string | undefined): void {
    this.#notice = notice;
    this.#post();
  }

  async save(name: string | undefined, show: boolean): Promise<SaveCaseResult> {
    const r = await saveRunAsCase(this.session.run, this.worldUri, worldNameOf(this.session, this.worldUri), name === undefined ? { show } : { name, show });
    this.#say(r.saved ? `Saved as routing case "${r.name}" in ${vscode.workspace.asRelativePath(vscode.Uri.parse(r.uri))}.` : `Not saved: ${r.reason}.`);
    return r;
  }

  async #receive(m: FromWebview): Promise<void> {
    try {
      switch (m.type) {
        case 'ready':
          this.#post();
          return;
        case 'rendered':
          this.#rendered = { version: m.version, rows: m.rows, controls: m.controls };
          return;
        case 'user':
          this.#notice = undefined;
          await this.session.user(m.text);
          return;
        case 'complete':
          this.#notice = undefined;
          await this.session.complete(m.text, { key: m.key });
          return;
        case 'reset':
          this.#notice = undefined;
          this.session.reset();
          return;
        case 'save':
          await this.save(undefined, true);
          return;
        case 'graph':
          await vscode.commands.executeCommand(SHOW_GRAPH_COMMAND, { uri: this.worldUri.toString(), path: visitedNodes(this.session.run) });
          return;
      }
    } catch (e) {
      this.#say(`Failed: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
}
