/**
 * The status bar item: while the server indexes, how far it is; then what it found, as the
 * Problems panel counts it on the workspace's agent files (a click opens the Problems panel).
 */
import * as vscode from 'vscode';
import type { BaseLanguageClient as LanguageClient } from 'vscode-languageclient';
import { IndexStatusNotification, type IndexStatus } from '../../server/src/lsp/protocol';
import { fileKindOf } from '../../server/src/core/workspace/fileKinds';
import { describeProblems, workspaceProblems } from './problems';

/** A file the server checks: one of ours by name, or a configuration file. */
const ours = (uri: vscode.Uri) => fileKindOf(uri.path) !== null || /(^|\/)\.agent-files\.json$/.test(uri.path);

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export class IndexStatusBar implements vscode.Disposable {
  readonly #item = vscode.window.createStatusBarItem('agentFiles.status', vscode.StatusBarAlignment.Left, 10);
  readonly #disposables: vscode.Disposable[] = [this.#item];
  #status: IndexStatus | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  readonly #statusChanged = new vscode.EventEmitter<IndexStatus>();
  /** Each status the server sends (the Agent Files view says the index state from it). */
  readonly onStatus = this.#statusChanged.event;

  constructor(private readonly client: LanguageClient) {
    this.#item.name = 'Agent Files';
    this.#item.command = 'workbench.actions.view.problems';
  }

  listen(): void {
    this.#disposables.push(
      this.client.onNotification(IndexStatusNotification, (s: IndexStatus) => {
        this.#status = s;
        this.#render();
        this.#statusChanged.fire(s);
      }),
      this.#statusChanged,
      // The counts follow the Problems panel, once per burst of changes.
      vscode.languages.onDidChangeDiagnostics(() => {
        if (this.#timer || !this.#status || this.#status.indexing) return;
        this.#timer = setTimeout(() => {
          this.#timer = undefined;
          this.#render();
        }, 250);
      }),
    );
  }

  /** What the item says now (for tests). */
  get text(): string {
    return this.#item.text;
  }

  #render(): void {
    const s = this.#status;
    if (!s) return;
    if (s.indexing) {
      this.#item.text = `$(sync~spin) Agent Files: indexing ${s.done ?? 0}/${s.total ?? '?'} files`;
      this.#item.tooltip = 'Agent Files is reading the workspace; its problems appear in the Problems panel as files are checked.';
    } else {
      const p = workspaceProblems(ours);
      const icon = p.errors ? '$(error)' : p.warnings ? '$(warning)' : '$(check)';
      this.#item.text = `${icon} Agent Files: ${plural(s.files, 'file')}, ${plural(p.errors, 'error')}, ${plural(p.warnings, 'warning')}`;
      this.#item.tooltip = `Agent Files checks ${plural(s.files, 'file')} of the workspace: ${describeProblems(p)}. Click to open the Problems panel.`;
    }
    this.#item.show();
  }

  dispose(): void {
    if (this.#timer) clearTimeout(this.#timer);
    for (const d of this.#disposables) d.dispose();
  }
}
