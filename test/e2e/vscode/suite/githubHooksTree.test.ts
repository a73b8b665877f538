/// <reference types="mocha" />
// `.github/hooks/*.json` in VS Code: the file is listed in the Agent Files view's Hooks group with
// its events and hooks, and the opened file gets the server's findings (an event no client knows).
import * as assert from 'assert';
import * as vscode from 'vscode';
import { codeOf, eventually, fixture, open, skillsTree as treeOf, treeRows as rows, waitForDiagnostics, type SkillsTreeProvider as Tree } from './helpers';

const REL = '.github/hooks/guard.json';
const TEXT = '{\n  "version": 1,\n  "hooks": {\n    "preToolUse": [{ "type": "command", "bash": "echo guard" }],\n    "onSave": []\n  }\n}\n';

suite('GitHub hooks files: the Hooks group and the findings', () => {
  let tree: Tree;
  suiteSetup(async () => {
    tree = await treeOf();
    await vscode.workspace.fs.writeFile(fixture(REL), new TextEncoder().encode(TEXT));
    await open(REL);
  });

  test('a .github/hooks file is in the Hooks group with its events and hooks', async () => {
    const hooks = await eventually(
      async () => {
        const group = (await rows(tree)).find((r) => r.label === 'Hooks');
        return group ? (await rows(tree, group.node)).find((r) => r.label === REL) : undefined;
      },
      (r) => !!r,
      `${REL} in the Hooks group`,
    );
    assert.strictEqual(hooks!.description, 'VS Code and Copilot hooks · 1 hook');
    const events = await rows(tree, hooks!.node);
    assert.deepStrictEqual(
      events.map((e) => e.label),
      ['preToolUse', 'onSave'],
    );
    assert.deepStrictEqual(
      (await rows(tree, events[0]!.node)).map((h) => h.label),
      ['echo guard'],
    );
  });

  test('the opened file shows the event no client knows', async () => {
    const ours = (ds: readonly vscode.Diagnostic[]) => ds.filter((d) => d.source === 'agent-files');
    const ds = await waitForDiagnostics(fixture(REL), (list) => ours(list).length > 0, 'the findings of the hooks file');
    assert.deepStrictEqual(ours(ds).map(codeOf), ['github-hooks-event-unknown']);
  });
});
