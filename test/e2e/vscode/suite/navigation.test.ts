/// <reference types="mocha" />
// Language features of agent.3md files through VS Code's provider commands.
import * as assert from 'assert';
import * as vscode from 'vscode';
import { activate, eventually, hoverText, open, positionOf } from './helpers';

const FILE = 'helper.agent.3md';

suite('navigation and editing', () => {
  suiteSetup(async () => {
    await activate();
  });

  test('go to definition on [[z=1|search-code]] lands on the @plane z=1 directive', async () => {
    const editor = await open(FILE);
    const doc = editor.document;
    const at = positionOf(doc, '[[z=1|search-code]]', 4);
    const target = positionOf(doc, '@plane z=1').line;
    const locs = await eventually(
      () => vscode.commands.executeCommand<(vscode.Location | vscode.LocationLink)[]>('vscode.executeDefinitionProvider', doc.uri, at),
      (ls) => Array.isArray(ls) && ls.length > 0,
      'a definition',
    );
    const first = locs[0];
    const uri = 'targetUri' in first ? first.targetUri : first.uri;
    const range = 'targetUri' in first ? (first.targetSelectionRange ?? first.targetRange) : first.range;
    assert.strictEqual(uri.toString(), doc.uri.toString());
    assert.strictEqual(range.start.line, target);
  });

  test('after { in tool="…" the declared inputs are offered as placeholders', async () => {
    const editor = await open(FILE);
    const doc = editor.document;
    const at = positionOf(doc, '{pattern} {path}', 1); // just after the {
    const list = await eventually(
      () => vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', doc.uri, at, '{'),
      (l) => !!l && l.items.some((i) => label(i) === 'pattern'),
      'a completion item "pattern"',
    );
    const labels = list.items.map(label);
    assert.ok(labels.includes('pattern') && labels.includes('path'), labels.join(', '));
  });

  test('hovering route("…") shows the ranked skills with search-code first', async () => {
    const editor = await open(FILE);
    const doc = editor.document;
    const at = positionOf(doc, 'route("find the TODO', 2);
    const hovers = await eventually(
      () => vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, at),
      (hs) => Array.isArray(hs) && hs.some((h) => hoverText(h).includes('search-code')),
      'a hover naming search-code',
    );
    const text = hovers.map(hoverText).join('\n');
    const first = text.indexOf('search-code');
    const other = text.indexOf('open-pr');
    assert.ok(other === -1 || first < other, `search-code is not ranked first:\n${text}`);
  });

  test('every @plane starts a folding range (the language configuration alone cannot express this)', async () => {
    const editor = await open(FILE);
    const doc = editor.document;
    const planeLines = doc
      .getText()
      .split('\n')
      .flatMap((l, i) => (/^@plane[ \t]/.test(l) ? [i] : []));
    const ranges = await eventually(
      () => vscode.commands.executeCommand<vscode.FoldingRange[]>('vscode.executeFoldingRangeProvider', doc.uri),
      (rs) => Array.isArray(rs) && planeLines.every((l) => rs.some((r) => r.start === l)),
      'a folding range on every @plane line',
    );
    const last = ranges.find((r) => r.start === planeLines[planeLines.length - 1]);
    assert.ok(last && last.end > last.start, JSON.stringify(ranges));
  });
});

function label(i: vscode.CompletionItem): string {
  return typeof i.label === 'string' ? i.label : i.label.label;
}
