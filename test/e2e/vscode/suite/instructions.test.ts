/// <reference types="mocha" />
// Instruction files (CLAUDE.md and friends) in the real workbench, and SKILL.md beside VS Code's
// own prompt-file validator. The files are written into the temporary workspace copy first, so
// the shared fixture (also used by the other editors' suites) stays as it is.
import * as assert from 'assert';
import * as vscode from 'vscode';
import { activate, codeOf, eventually, fixture, listDiagnostics, open, positionOf, waitForDiagnostics } from './helpers';

async function write(rel: string, text: string): Promise<void> {
  await vscode.workspace.fs.writeFile(fixture(rel), new TextEncoder().encode(text));
}

suite('instruction files', () => {
  suiteSetup(async () => {
    await activate();
    await write('notes/style.md', '# Style\n\nTwo-space indentation.\n');
    await write('notes/CLAUDE.md', '# Notes\n\nSee @style.md and @gone.md before editing.\n');
    await write(
      '.github/skills/table-format/SKILL.md',
      '---\nname: table-format\ndescription: Formats Markdown tables. Use when a table is ragged.\nallowed-tools: Bash\nuser_invocable: true\n---\n# Tables\n',
    );
  });

  test('a CLAUDE.md import of a missing file is a warning on the import; definition on an import opens its file', async () => {
    const editor = await open('notes/CLAUDE.md');
    const doc = editor.document;
    const diags = await waitForDiagnostics(doc.uri, (ds) => ds.some((d) => codeOf(d) === 'instructions-import-missing'), 'an instructions-import-missing diagnostic');
    const ours = diags.filter((d) => d.source === 'agent-files');
    assert.deepStrictEqual(ours.map(codeOf), ['instructions-import-missing'], listDiagnostics(diags));
    assert.strictEqual(doc.getText(ours[0].range), '@gone.md');
    assert.strictEqual(ours[0].severity, vscode.DiagnosticSeverity.Warning);
    const at = positionOf(doc, '@style.md', 3);
    const locs = await eventually(
      () => vscode.commands.executeCommand<(vscode.Location | vscode.LocationLink)[]>('vscode.executeDefinitionProvider', doc.uri, at),
      (ls) => Array.isArray(ls) && ls.length > 0,
      'a definition on the import',
    );
    const first = locs[0];
    const uri = 'targetUri' in first ? first.targetUri : first.uri;
    assert.strictEqual(uri.toString(), fixture('notes/style.md').toString());
  });

  test('a VS Code skill: VS Code reports unsupported attributes itself, we add the typo suggestion and nothing twice', async () => {
    const editor = await open('.github/skills/table-format/SKILL.md');
    const doc = editor.document;
    // Until the open document's own report arrives the file shows its report from disk (everything, as for the CLI).
    const diags = await waitForDiagnostics(
      doc.uri,
      (ds) => ds.some((d) => codeOf(d) === 'skill-field-typo') && !ds.some((d) => d.source === 'agent-files' && codeOf(d) === 'skill-unexpected-field'),
      "the open skill's report: skill-field-typo, without what VS Code reports",
    );
    const ours = diags.filter((d) => d.source === 'agent-files');
    assert.deepStrictEqual(ours.map(codeOf), ['skill-field-typo'], listDiagnostics(diags));
    // VS Code's own validator (when the workbench runs it) speaks for the attributes; we never repeat it.
    const theirs = await eventually(
      async () => vscode.languages.getDiagnostics(doc.uri).filter((d) => d.source !== 'agent-files'),
      (ds) => ds.length > 0,
      "VS Code's own prompt-file diagnostics",
      8000,
    ).catch(() => [] as vscode.Diagnostic[]);
    console.log(`VS Code's own diagnostics on the skill: ${theirs.length ? listDiagnostics(theirs) : '(none: its validator did not run here)'}`);
    for (const t of theirs) {
      const line = t.range.start.line;
      const dup = ours.filter((o) => o.range.start.line === line && codeOf(o) !== 'skill-field-typo');
      assert.deepStrictEqual(dup, [], `repeated on line ${line}: ${listDiagnostics(dup)}`);
    }
  });
});
