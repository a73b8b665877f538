/// <reference types="mocha" />
// A Claude Code subagent in the real workbench: one Claude Code would skip without a word gets
// an error that says so, on the line its YAML breaks. Written into the temporary workspace copy.
import * as assert from 'assert';
import * as vscode from 'vscode';
import { activate, codeOf, eventually, listDiagnostics, open, waitForDiagnostics } from './helpers';

type Tree = vscode.TreeDataProvider<unknown>;

async function labels(tree: Tree, parent?: unknown): Promise<{ node: unknown; label: string }[]> {
  const kids = (await tree.getChildren(parent)) ?? [];
  return Promise.all(
    kids.map(async (node) => {
      const item = await tree.getTreeItem(node);
      return { node, label: typeof item.label === 'string' ? item.label : (item.label?.label ?? '') };
    }),
  );
}

suite('subagents', () => {
  suiteSetup(async () => {
    await activate();
    const text = '---\nname: release-notes\ndescription: Drafts release notes.\n<example>\nContext: a release branch was cut\n</example>\n---\nGroup changes by area.\n';
    await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, '.claude/agents/release-notes.md'), new TextEncoder().encode(text));
  });

  test('a subagent whose frontmatter Claude Code cannot parse is an error: Claude Code will not load it', async () => {
    const editor = await open('.claude/agents/release-notes.md');
    const diags = await waitForDiagnostics(editor.document.uri, (ds) => ds.some((d) => codeOf(d) === 'subagent-yaml-invalid'), 'a subagent-yaml-invalid diagnostic');
    const ours = diags.filter((d) => d.source === 'agent-files');
    assert.deepStrictEqual(ours.map(codeOf), ['subagent-yaml-invalid'], listDiagnostics(diags));
    assert.strictEqual(ours[0]!.severity, vscode.DiagnosticSeverity.Error);
    assert.match(ours[0]!.message, /^Claude Code will not load this agent/);
    assert.ok(ours[0]!.range.start.line >= 2 && ours[0]!.range.start.line <= 5, `line ${ours[0]!.range.start.line}`);
  });

  test('the Agent Files view lists the subagent under Agents and commands', async () => {
    const ext = await activate();
    const tree = (ext.exports as { tree?: Tree } | undefined)?.tree;
    assert.ok(tree, 'the extension API does not expose the tree');
    const group = await eventually(
      async () => (await labels(tree)).find((r) => r.label === 'Agents and commands'),
      (r) => r !== undefined,
      'an Agents and commands group in the view',
    );
    const rows = await labels(tree, group!.node);
    assert.ok(
      rows.some((r) => r.label === 'release-notes'),
      rows.map((r) => r.label).join(', '),
    );
  });
});
