/**
 * The "What the agent sees" view (`agentFiles.effect`): for the active editor's file, what each
 * client puts in its model's context (effectRows.ts). It follows the active editor, and asks again
 * when the workspace index or the `agentFiles.contextWindow` setting changes.
 */
import * as vscode from 'vscode';
import type { BaseLanguageClient as LanguageClient } from 'vscode-languageclient';
import { EffectRequest, type EffectResult } from '../../server/src/lsp/protocol';
import { effectRows, type EffectRow } from './effectRows';
import { RedrawGate } from './redrawGate';
import { answerNoSoonerThan } from './treeAnswer';

export const EFFECT_VIEW = 'agentFiles.effect';

export class EffectView implements vscode.TreeDataProvider<EffectRow>, vscode.Disposable {
  readonly #changed = new vscode.EventEmitter<EffectRow | undefined>();
  readonly onDidChangeTreeData = this.#changed.event;
  readonly #subs: vscode.Disposable[] = [];
  #uri: vscode.Uri | undefined;
  #rows: Promise<EffectRow[]> | undefined;
  view: vscode.TreeView<EffectRow> | undefined;
  /** Redraws after an index burst settle, and never while VS Code still fetches the last one's rows (redrawGate.ts). */
  readonly #gate = new RedrawGate(() => this.#changed.fire(undefined));

  constructor(
    private readonly client: LanguageClient,
    private readonly indexChanged: vscode.Event<void>,
  ) {}

  /** Starts following the active editor and the server's index (after the client started). */
  listen(): void {
    this.#subs.push(
      vscode.window.onDidChangeActiveTextEditor((e) => this.show(e?.document.uri)),
      vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration('agentFiles') && this.refresh()),
    );
    this.#subs.push(this.indexChanged(() => this.refresh()));
    this.show(vscode.window.activeTextEditor?.document.uri);
  }

  /**
   * Shows what the agent sees for `uri`: a file of a workspace folder, of any scheme (a folder of
   * vscode.dev is not `file:`); anything else (an untitled buffer, an output channel) keeps the last one.
   */
  show(uri: vscode.Uri | undefined): void {
    if (!uri || !vscode.workspace.getWorkspaceFolder(uri)) return;
    this.#uri = uri;
    this.refresh();
  }

  refresh(): void {
    this.#rows = undefined;
    this.#gate.request();
  }

  /** Every row, depth first (for tests and for the command that returns them). */
  async rows(): Promise<EffectRow[]> {
    this.#rows ??= this.#load();
    return this.#rows;
  }

  async #load(): Promise<EffectRow[]> {
    const uri = this.#uri;
    if (this.view) this.view.description = uri ? vscode.workspace.asRelativePath(uri) : undefined;
    if (!uri) return [];
    const r = await this.client.sendRequest<EffectResult | null>(EffectRequest, { uri: this.client.code2ProtocolConverter.asUri(uri) }).catch((e: unknown) => {
      this.client.error('What the agent sees: the request failed', e, false);
      return null;
    });
    if (this.view) this.view.message = r ? undefined : 'Open a file of the workspace to see what each coding agent loads for it.';
    return r ? effectRows(r, (u) => vscode.workspace.asRelativePath(vscode.Uri.parse(u))) : [];
  }

  /** Answered no sooner than VS Code's tree can take it without mixing up rows (treeAnswer.ts). */
  getChildren(row?: EffectRow): Promise<EffectRow[]> {
    return this.#gate.fetching(() => answerNoSoonerThan(row ? Promise.resolve(row.children ?? []) : this.rows()));
  }

  getTreeItem(row: EffectRow): vscode.TreeItem {
    const item = new vscode.TreeItem(row.label, row.children?.length ? collapsed(row) : vscode.TreeItemCollapsibleState.None);
    item.id = row.id;
    if (row.description) item.description = row.description;
    if (row.tooltip) item.tooltip = row.tooltip;
    if (row.icon) item.iconPath = new vscode.ThemeIcon(row.icon);
    if (row.open) {
      const at = new vscode.Position(row.open.line ?? 0, row.open.character ?? 0);
      item.command = { command: 'vscode.open', title: 'Open', arguments: [vscode.Uri.parse(row.open.uri), { selection: new vscode.Range(at, at), preview: true }] };
    }
    return item;
  }

  dispose(): void {
    for (const s of this.#subs) s.dispose();
    this.#gate.dispose();
    this.#changed.dispose();
  }
}

/** Clients and their chains open; the skill listings and a cut file's cut point too when something is cut. */
function collapsed(row: EffectRow): vscode.TreeItemCollapsibleState {
  const open = row.id.startsWith('client:') || row.icon === 'warning' || row.icon === 'error';
  return open ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed;
}

/** The rows flattened with their depth: what the `agentFiles.effect.rows` command returns. */
export function flatRows(rows: readonly EffectRow[], depth = 0): { depth: number; label: string; description?: string; open?: EffectRow['open'] }[] {
  return rows.flatMap((r) => [
    { depth, label: r.label, ...(r.description ? { description: r.description } : {}), ...(r.open ? { open: r.open } : {}) },
    ...flatRows(r.children ?? [], depth + 1),
  ]);
}
