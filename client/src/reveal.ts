/** Opens a document and selects a range (the plane's directive line). */
import * as vscode from 'vscode';

export async function revealRange(uri: string, range: { start: { line: number; character: number }; end: { line: number; character: number } }): Promise<vscode.TextEditor> {
  const r = new vscode.Range(range.start.line, range.start.character, range.end.line, range.end.character);
  const editor = await vscode.window.showTextDocument(vscode.Uri.parse(uri), { selection: r, preserveFocus: false });
  editor.revealRange(r, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  return editor;
}
