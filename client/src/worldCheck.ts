/**
 * "Agent Files: Check Agent World": asks the server to run the Agent World eval (its checks and
 * the routing cases of world.eval.md, on the router) on every world, writes the report to an
 * output channel and lists each check and case with ✓/✗ in a QuickPick. With
 * `agentFiles.diagnostics.scope` set to `openFiles`, it also puts the diagnostics of world files
 * that are not open into their own collection (open files get theirs from the language client;
 * with the workspace in scope, every file does).
 */
import * as vscode from 'vscode';
import type { BaseLanguageClient as LanguageClient } from 'vscode-languageclient';
import { CheckWorldRequest, type CheckWorldEntry, type CheckWorldResult, type WorldCaseResult, type WorldCheck } from '../../server/src/lsp/protocol';

export interface CheckWorldArgs {
  /** One world.json; every world of the workspace when absent. */
  uri?: string;
  /** How the summary is shown: a QuickPick (default), the output channel, or nothing (tests, scripts). */
  show?: 'quickPick' | 'output' | 'none';
}

export interface CheckWorldCommandResult extends CheckWorldResult {
  /** Files whose diagnostics went into the `agentFiles.worldCheck` collection (those not open, with the open files in scope only). */
  collected: string[];
}

/** One world from the argument: a URI (string or vscode.Uri), `{ uri }`, or the Skills tree's world file node (view-item commands pass it). */
export function worldUriOf(arg: unknown): string | undefined {
  if (typeof arg === 'string') return arg;
  if (arg instanceof vscode.Uri) return arg.toString();
  if (!arg || typeof arg !== 'object') return undefined;
  const o = arg as { uri?: unknown; type?: unknown; file?: { uri?: unknown; kind?: unknown } };
  if (typeof o.uri === 'string') return o.uri;
  if (o.type === 'file' && o.file?.kind === 'world' && typeof o.file.uri === 'string') return o.file.uri;
  return undefined;
}

export class WorldChecker implements vscode.Disposable {
  readonly collection = vscode.languages.createDiagnosticCollection('agentFiles.worldCheck');
  readonly output = vscode.window.createOutputChannel('Agent Files: World Check');
  readonly #disposables: vscode.Disposable[] = [];

  constructor(private readonly client: LanguageClient) {
    // Once a file is open the language client publishes its diagnostics; ours would duplicate them.
    this.#disposables.push(vscode.workspace.onDidOpenTextDocument((d) => this.collection.delete(d.uri)));
  }

  async run(arg?: CheckWorldArgs | unknown): Promise<CheckWorldCommandResult> {
    const args = (arg && typeof arg === 'object' && ('show' in arg || 'uri' in arg) ? arg : {}) as CheckWorldArgs;
    const uri = worldUriOf(arg);
    const result = await this.client.sendRequest<CheckWorldResult>(CheckWorldRequest, uri ? { uri } : {});
    const collected = await this.#collect(result, !uri);
    this.#report(result);
    const show = args.show ?? 'quickPick';
    if (!result.worlds.length) {
      if (show !== 'none') void vscode.window.showInformationMessage('Agent Files: no Agent World (.agent-world/world.json) found in this workspace.');
    } else if (show === 'output') this.output.show(true);
    else if (show === 'quickPick') void this.#pick(result.worlds);
    return { ...result, collected };
  }

  async #collect(result: CheckWorldResult, everyWorld: boolean): Promise<string[]> {
    if (everyWorld) this.collection.clear();
    // With the workspace in scope every file already gets its problems from the language client.
    if (vscode.workspace.getConfiguration('agentFiles').get<string>('diagnostics.scope', 'workspace') !== 'openFiles') {
      this.collection.clear();
      return [];
    }
    const open = new Set(vscode.workspace.textDocuments.map((d) => d.uri.toString()));
    const collected: string[] = [];
    for (const w of result.worlds) {
      for (const f of w.files) {
        const uri = vscode.Uri.parse(f.uri);
        if (open.has(uri.toString()) || f.diagnostics.length === 0) {
          this.collection.delete(uri);
          continue;
        }
        this.collection.set(uri, await this.client.protocol2CodeConverter.asDiagnostics(f.diagnostics));
        collected.push(f.uri);
      }
    }
    return collected;
  }

  #report(result: CheckWorldResult): void {
    this.output.clear();
    for (const w of result.worlds) {
      this.output.appendLine(`${w.passed ? 'PASS' : 'FAIL'} ${w.name} (${vscode.workspace.asRelativePath(vscode.Uri.parse(w.uri))})`);
      for (const c of w.checks) this.output.appendLine(`  ${checkLabel(c)}${c.reason ? `: ${c.reason.replace(/\n/g, '\n      ')}` : ''}`);
      for (const c of w.cases ?? []) this.output.appendLine(`  ${caseLabel(c)}${c.reason ? `: ${c.reason}` : ''}`);
      if (!w.cases?.length) this.output.appendLine('  ✗ routing: no routing cases found');
      const findings = w.files.reduce((n, f) => n + f.diagnostics.length, 0);
      this.output.appendLine(`  ${findings} diagnostic(s) in ${w.files.length} file(s).`);
      this.output.appendLine('');
    }
  }

  async #pick(worlds: CheckWorldEntry[]): Promise<void> {
    type Item = vscode.QuickPickItem & { target?: string };
    const items: Item[] = [];
    for (const w of worlds) {
      const cases = w.cases ?? [];
      const failed = [...w.checks, ...cases].filter((c) => c.status === 'FAIL').length;
      const total = w.checks.length + cases.length;
      items.push({ label: `${w.name}: ${w.passed ? 'the eval passes' : `${failed} of ${total} checks and routing cases fail`}`, kind: vscode.QuickPickItemKind.Separator });
      for (const c of w.checks) {
        const item: Item = { label: checkLabel(c), target: c.uri ?? w.uri };
        if (c.reason) item.detail = c.reason.replace(/\s*\n-?\s*/g, ' ');
        items.push(item);
      }
      const evalUri = vscode.Uri.joinPath(vscode.Uri.parse(w.uri), '..', 'world.eval.md').toString();
      for (const c of cases) {
        const item: Item = { label: caseLabel(c), target: evalUri };
        if (c.reason) item.detail = c.reason;
        items.push(item);
      }
    }
    const failed = worlds.filter((w) => !w.passed).length;
    const chosen = await vscode.window.showQuickPick(items, {
      title: `Agent World check: ${worlds.length - failed} of ${worlds.length} world(s) pass`,
      placeHolder: 'Pick a check to open the file it is about',
      matchOnDetail: true,
    });
    if (chosen?.target) await vscode.window.showTextDocument(vscode.Uri.parse(chosen.target));
  }

  dispose(): void {
    this.collection.dispose();
    this.output.dispose();
    for (const d of this.#disposables) d.dispose();
  }
}

/** `✓ routing: pm hands off` / `✗ routing: skipping is blocked`. */
export function caseLabel(c: WorldCaseResult): string {
  return `${c.status === 'PASS' ? '✓' : '✗'} routing: ${c.name}`;
}

/** `✓ config: world.json is valid JSON` / `✗ eval: world.eval.md exists`. */
export function checkLabel(c: WorldCheck): string {
  return `${c.status === 'PASS' ? '✓' : '✗'} ${c.category}: ${c.name}`;
}
