/**
 * "Save as routing case": the run written as a routing case (core/world/router/caseFromRun.ts)
 * appended to the world's world.eval.md by a WorkspaceEdit, so it can be undone and lands in the
 * open document when there is one (its unsaved edits kept); world.eval.md is created when missing.
 */
import * as vscode from 'vscode';
import { caseFromRun, caseInsertion, caseNameProblem } from '../../../server/src/core/world/router/caseFromRun';
import type { SimRun } from '../../../server/src/core/world/router/simRun';

export type SaveCaseResult = { saved: true; uri: string; name: string } | { saved: false; reason: string };

async function exists(uri: vscode.Uri): Promise<boolean> {
  try {
    await vscode.workspace.fs.stat(uri);
    return true;
  } catch (e) {
    if (e instanceof vscode.FileSystemError && e.code === 'FileNotFound') return false;
    throw e;
  }
}

/** world.eval.md beside the world.json. */
export function evalUriOf(worldUri: vscode.Uri): vscode.Uri {
  return vscode.Uri.joinPath(worldUri, '..', 'world.eval.md');
}

/** Appends the run to world.eval.md as a case named `name` (asked for when absent); `show` opens the file at the new case. */
export async function saveRunAsCase(run: SimRun, worldUri: vscode.Uri, worldName: string, o: { name?: string; show: boolean }): Promise<SaveCaseResult> {
  const evalUri = evalUriOf(worldUri);
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === evalUri.toString());
  const doc = open ?? ((await exists(evalUri)) ? await vscode.workspace.openTextDocument(evalUri) : undefined);
  const text = doc?.getText();
  const name =
    o.name ??
    (await vscode.window.showInputBox({
      title: 'Save as routing case',
      prompt: `The case's name in ${vscode.workspace.asRelativePath(evalUri)}`,
      validateInput: (v) => caseNameProblem(text, v),
    }));
  if (name === undefined) return { saved: false, reason: 'no name given' };
  const problem = caseNameProblem(text, name);
  if (problem) return { saved: false, reason: problem };
  const c = caseFromRun(run, name.trim());
  if (!c.ok) return { saved: false, reason: `this run cannot be a routing case: ${c.reason}` };
  const ins = caseInsertion(text, c.text, worldName);
  const edit = new vscode.WorkspaceEdit();
  if (!doc) edit.createFile(evalUri, { ignoreIfExists: true });
  const at = doc ? doc.positionAt(ins.offset) : new vscode.Position(0, 0);
  edit.insert(evalUri, at, ins.text);
  if (!(await vscode.workspace.applyEdit(edit))) return { saved: false, reason: `the editor did not apply the edit to ${vscode.workspace.asRelativePath(evalUri)}` };
  if (o.show) {
    const editor = await vscode.window.showTextDocument(evalUri, { preview: false });
    const end = editor.document.positionAt(editor.document.getText().length);
    editor.revealRange(new vscode.Range(at, end), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  }
  return { saved: true, uri: evalUri.toString(), name: name.trim() };
}
