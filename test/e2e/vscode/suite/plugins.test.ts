/// <reference types="mocha" />
// A Claude Code marketplace in the real workbench: completion inside a plugin entry offers the
// keys Claude Code reads there, with what it does with each, and an entry whose folder is missing
// is an error that says the install fails. With the JSON Schemas the extension contributes, a key
// is completed once (by VS Code's JSON support, with our description) and a mistake is reported
// once: by the schema when it is a warning left to it, by the server when it is an error.
// Written into the temporary workspace copy.
import * as assert from 'assert';
import * as vscode from 'vscode';
import { activate, codeOf, eventually, listDiagnostics, open, positionOf, waitForDiagnostics } from './helpers';

const MARKETPLACE = `{
  "name": "team-tools",
  "owner": { "name": "Team" },
  "plugins": [
    { "name": "pdf", "source": "./plugins/pdf", "": 1 }
  ]
}
`;

const TYPED = `{
  "name": "typed",
  "author": "Me",
  "": 1
}
`;

const CODEX = `{
  "name": "codex-tools",
  "skills": "skills/",
  "sorce": 1
}
`;

const labelOf = (i: vscode.CompletionItem) => (typeof i.label === 'string' ? i.label : i.label.label);
const docOf = (i: vscode.CompletionItem) => (typeof i.documentation === 'string' ? i.documentation : (i.documentation?.value ?? ''));

suite('plugin manifests', () => {
  suiteSetup(async () => {
    await activate();
    const root = vscode.workspace.workspaceFolders![0]!.uri;
    await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(root, 'market/.claude-plugin/marketplace.json'), new TextEncoder().encode(MARKETPLACE));
    await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(root, 'broken/.claude-plugin/plugin.json'), new TextEncoder().encode('{ "name": "broken", }\n'));
    await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(root, 'typed/.claude-plugin/plugin.json'), new TextEncoder().encode(TYPED));
    await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(root, 'codex/.codex-plugin/plugin.json'), new TextEncoder().encode(CODEX));
  });

  test('completion in a marketplace plugin entry offers the keys Claude Code reads there, documented, without those present', async () => {
    const editor = await open('market/.claude-plugin/marketplace.json');
    // Inside the empty key `""` of the entry.
    const at = positionOf(editor.document, '"": 1', 1);
    const list = await eventually(
      () => vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', editor.document.uri, at),
      (l) => l.items.some((i) => (typeof i.label === 'string' ? i.label : i.label.label) === 'description'),
      'the entry keys in the completion list',
    );
    const labels = list.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
    assert.ok(labels.includes('version'), labels.join(', '));
    assert.ok(!labels.includes('source') && !labels.includes('name'), `keys already present are offered again: ${labels.join(', ')}`);
    const description = list.items.find((i) => (typeof i.label === 'string' ? i.label : i.label.label) === 'description')!;
    const doc = typeof description.documentation === 'string' ? description.documentation : (description.documentation?.value ?? '');
    assert.ok(doc.length > 10, `no documentation on 'description': ${JSON.stringify(description)}`);
  });

  test('a marketplace entry whose folder is missing is an error on its source: Claude Code cannot install the plugin', async () => {
    const editor = await open('market/.claude-plugin/marketplace.json');
    const diags = await waitForDiagnostics(editor.document.uri, (ds) => ds.some((d) => codeOf(d) === 'plugin-source-not-found'), 'a plugin-source-not-found diagnostic');
    const d = diags.find((x) => codeOf(x) === 'plugin-source-not-found')!;
    assert.strictEqual(d.severity, vscode.DiagnosticSeverity.Error, listDiagnostics(diags));
    assert.match(d.message, /Claude Code cannot install this plugin/);
    assert.strictEqual(d.range.start.line, 4);
  });

  test("a syntax error in an open plugin.json is reported once: by VS Code's JSON service, not again by Agent Files", async () => {
    const editor = await open('broken/.claude-plugin/plugin.json');
    // Closed, the file's workspace diagnostics are Agent Files' own; open, VS Code's JSON service speaks for its syntax.
    const diags = await waitForDiagnostics(
      editor.document.uri,
      (ds) => ds.some((d) => d.source === 'json') && !ds.some((d) => codeOf(d) === 'plugin-invalid-json'),
      "VS Code's JSON syntax error, and none of ours beside it",
    );
    assert.ok(
      diags.some((d) => d.source === 'json'),
      listDiagnostics(diags),
    );
  });

  test("a plugin.json key is completed once, with Claude Code's words for it, though the schema and the server both know it", async () => {
    const editor = await open('typed/.claude-plugin/plugin.json');
    const at = positionOf(editor.document, '"": 1', 1);
    const list = await eventually(
      () => vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', editor.document.uri, at),
      (l) => l.items.some((i) => labelOf(i) === 'version'),
      'plugin.json keys in the completion list',
    );
    const versions = list.items.filter((i) => labelOf(i) === 'version');
    assert.strictEqual(versions.length, 1, `'version' offered ${versions.length} times: ${list.items.map(labelOf).join(', ')}`);
    assert.match(docOf(versions[0]!), /updates the plugin only when it changes/);
  });

  test('a mistake is reported once: a Codex path by the schema (a warning), a Claude Code value type by the server (an error)', async () => {
    const codex = await open('codex/.codex-plugin/plugin.json');
    const onPath = (ds: readonly vscode.Diagnostic[]) => ds.filter((d) => d.range.start.line === 2);
    // Closed, the file's workspace diagnostics are all the server's; open, the path's warning is the schema's alone,
    // and the server has spoken on the open file once its note on the unknown key is there.
    const codexDiags = await waitForDiagnostics(
      codex.document.uri,
      (ds) => onPath(ds).length === 1 && onPath(ds)[0]!.source !== 'agent-files' && ds.some((d) => codeOf(d) === 'plugin-unknown-key'),
      "the schema's warning on the skills path, none of ours beside it, and the server's note on 'sorce'",
    );
    assert.strictEqual(onPath(codexDiags)[0]!.severity, vscode.DiagnosticSeverity.Warning, listDiagnostics(codexDiags));
    assert.match(onPath(codexDiags)[0]!.message, /Codex ignores this path/);

    const typed = await open('typed/.claude-plugin/plugin.json');
    const onAuthor = (ds: readonly vscode.Diagnostic[]) => ds.filter((d) => d.range.start.line === 2);
    const typedDiags = await waitForDiagnostics(typed.document.uri, (ds) => ds.some((d) => codeOf(d) === 'plugin-value-invalid'), 'plugin-value-invalid on author');
    assert.strictEqual(onAuthor(typedDiags).length, 1, listDiagnostics(typedDiags));
    assert.strictEqual(onAuthor(typedDiags)[0]!.severity, vscode.DiagnosticSeverity.Error, listDiagnostics(typedDiags));
  });
});
