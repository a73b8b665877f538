/// <reference types="mocha" />
// Diagnostics that the language server publishes for the broken fixtures, seen through the
// real VS Code API in a real extension host.
import * as assert from 'assert';
import * as vscode from 'vscode';
import { activate, codeOf, fixture, listDiagnostics, open, rangeOf, waitForDiagnostics } from './helpers';

suite('diagnostics', () => {
  suiteSetup(async () => {
    await activate();
  });

  test('the extension activates, agent.3md is 3md and the dead link [[z=42]] is reported on its range', async () => {
    const ext = vscode.extensions.getExtension('agent-files.agent-files');
    assert.ok(ext?.isActive, 'extension is not active');
    const editor = await open('agent.3md');
    assert.strictEqual(editor.document.languageId, '3md');
    const link = rangeOf(editor.document, '[[z=42]]');
    const diags = await waitForDiagnostics(editor.document.uri, (ds) => ds.some((d) => codeOf(d) === 'dead-link'), 'a dead-link diagnostic');
    const dead = diags.filter((d) => codeOf(d) === 'dead-link');
    assert.strictEqual(dead.length, 1, listDiagnostics(diags));
    assert.ok(dead[0].range.isEqual(link), `dead-link is on ${JSON.stringify(dead[0].range)}, expected ${JSON.stringify(link)}`);
    assert.strictEqual(dead[0].severity, vscode.DiagnosticSeverity.Error);
    assert.match(dead[0].message, /^link \[\[z=42\]\] points to a plane that does not exist/);
  });

  test('a {path} placeholder that is not a declared input is reported as tool-input on the placeholder', async () => {
    const editor = await open('agent.3md');
    const diags = await waitForDiagnostics(editor.document.uri, (ds) => ds.some((d) => codeOf(d) === 'tool-input'), 'a tool-input diagnostic');
    const d = diags.find((x) => codeOf(x) === 'tool-input');
    assert.ok(d);
    const covered = editor.document.getText(d.range);
    assert.ok(covered === 'path' || covered === '{path}', `tool-input covers "${covered}"`);
    assert.match(d.message, /^skill "search" command references \{path\}, which is not a declared input/);
  });

  test('SKILL.md with an invalid name: its skill-name diagnostics on the name value before it is opened; once open, VS Code reports the name itself', async () => {
    const uri = fixture('skills/pdf-tools/SKILL.md');
    // From the workspace diagnostics: the file is not open.
    assert.ok(!vscode.workspace.textDocuments.some((d) => d.uri.toString() === uri.toString()));
    const diags = await waitForDiagnostics(uri, (ds) => ds.some((d) => codeOf(d).startsWith('skill-name')), 'a skill-name-* diagnostic on the closed SKILL.md');
    const editor = await open('skills/pdf-tools/SKILL.md');
    const name = rangeOf(editor.document, 'PDF_Tools');
    const onName = diags.filter((d) => codeOf(d).startsWith('skill-name'));
    assert.ok(
      onName.every((d) => d.range.intersection(name) !== undefined),
      listDiagnostics(onName),
    );
    assert.strictEqual(editor.document.languageId, 'skill');
    await waitForDiagnostics(uri, (ds) => !ds.some((d) => d.source === 'agent-files' && codeOf(d).startsWith('skill-name')), 'the open skill leaving its name to VS Code');
  });

  test('AGENT.md without description reports the missing property', async () => {
    const editor = await open('AGENT.md');
    const diags = await waitForDiagnostics(editor.document.uri, (ds) => ds.some((d) => /description/.test(d.message)), 'a diagnostic about the missing description');
    const d = diags.find((x) => /description/.test(x.message));
    assert.ok(d);
    assert.strictEqual(d.severity, vscode.DiagnosticSeverity.Error, listDiagnostics(diags));
  });

  test('world.json with an edge to an unknown node reports that node', async () => {
    const uri = fixture('.agent-world/world.json');
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc, { preview: false });
    const diags = await waitForDiagnostics(uri, (ds) => ds.some((d) => /biuld/.test(d.message)), 'a diagnostic naming "biuld"');
    const d = diags.find((x) => /biuld/.test(x.message));
    assert.ok(d);
    assert.ok(d.range.intersection(rangeOf(doc, '"biuld"')), `diagnostic is not on "biuld": ${listDiagnostics([d])}`);
  });
});
