/** "Show Instructions in Effect": what each client loads for the active editor's file, in a quick pick. */
import * as vscode from 'vscode';
import type { BaseLanguageClient as LanguageClient } from 'vscode-languageclient';
import { InstructionsInEffectRequest, type InstructionsInEffectResult } from '../../server/src/lsp/protocol';

/** The server's list for one file URI (empty when it is in no workspace folder). */
export function instructionsInEffect(client: LanguageClient, uri: string): Promise<InstructionsInEffectResult> {
  return client.sendRequest<InstructionsInEffectResult>(InstructionsInEffectRequest, { uri });
}

export async function showInstructionsInEffect(client: LanguageClient, arg?: unknown): Promise<InstructionsInEffectResult | undefined> {
  const uri = arg instanceof vscode.Uri ? arg : typeof arg === 'string' ? vscode.Uri.parse(arg) : vscode.window.activeTextEditor?.document.uri;
  if (!uri || uri.scheme !== 'file') {
    void vscode.window.showInformationMessage('Agent Files: open a file of the workspace to see the instructions in effect for it.');
    return undefined;
  }
  const r = await instructionsInEffect(client, uri.toString());
  if (!r.clients.length) {
    void vscode.window.showInformationMessage('Agent Files: this file is in no workspace folder.');
    return r;
  }
  type Item = vscode.QuickPickItem & { target?: string };
  const items: Item[] = [];
  for (const c of r.clients) {
    items.push({ label: c.client, kind: vscode.QuickPickItemKind.Separator });
    if (!c.items.length) items.push({ label: '$(circle-slash) nothing', description: c.order });
    c.items.forEach((i, n) => items.push({ label: `${n + 1}. ${vscode.workspace.asRelativePath(vscode.Uri.parse(i.uri))}`, description: i.why, target: i.uri }));
  }
  const pick = await vscode.window.showQuickPick(items, { title: `Instructions in effect for ${r.path}`, placeHolder: 'What each client loads for this file, in order' });
  if (pick?.target) await vscode.window.showTextDocument(vscode.Uri.parse(pick.target));
  return r;
}
