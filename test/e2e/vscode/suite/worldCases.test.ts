/// <reference types="mocha" />
// Routing cases in world.eval.md, evaluated where they are written: a failing case gets the eval's
// reason as a lens and a diagnostic on the failing part, live as the buffer changes.
import * as assert from 'assert';
import * as vscode from 'vscode';
import { activate, codeOf, eventually, open } from './helpers';

const EVAL = 'team/.agent-world/world.eval.md';
const FAILING =
  '\n```json\n{ "name": "wrong agent", "input": { "command": "user", "content": "Write a report." }, "expect": { "type": "agent_instruction", "agent": "worker_a" } }\n```\n';

suite('World routing cases', () => {
  suiteSetup(async () => {
    await activate();
  });

  test('a failing case typed into world.eval.md gets a ✗ lens with the eval reason and a warning on its expect', async () => {
    const editor = await open(EVAL);
    const doc = editor.document;
    const end = doc.positionAt(doc.getText().length);
    await editor.edit((e) => e.insert(end, FAILING));
    try {
      const line = doc.positionAt(doc.getText().indexOf('"wrong agent"')).line;
      const lenses = await eventually(
        () => vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', doc.uri),
        (ls) => (ls ?? []).some((l) => l.command?.title.startsWith('✗') && l.range.start.line === line),
        'a failing lens on the typed case',
      );
      const lens = lenses.find((l) => l.range.start.line === line)!;
      assert.match(lens.command!.title, /^✗ .*worker_a/);
      const diag = await eventually(
        () => Promise.resolve(vscode.languages.getDiagnostics(doc.uri).filter((d) => codeOf(d) === 'world-eval-case-fails')),
        (ds) => ds.length === 1,
        'the failing case diagnostic',
      );
      assert.strictEqual(diag[0]!.severity, vscode.DiagnosticSeverity.Warning);
      assert.match(diag[0]!.message, /^The Agent World eval fails routing case "wrong agent": /);
      assert.strictEqual(diag[0]!.range.start.line, line, 'on the failing case');
      // Deleted again: the case and its findings are gone.
      const at = doc.getText().lastIndexOf(FAILING);
      await editor.edit((e) => e.delete(new vscode.Range(doc.positionAt(at), doc.positionAt(at + FAILING.length))));
      await eventually(
        () => Promise.resolve(vscode.languages.getDiagnostics(doc.uri).filter((d) => codeOf(d) === 'world-eval-case-fails')),
        (ds) => ds.length === 0,
        'no failing case once it is deleted',
      );
    } finally {
      await vscode.window.showTextDocument(doc);
      await vscode.commands.executeCommand('workbench.action.files.revert');
    }
  });
});
