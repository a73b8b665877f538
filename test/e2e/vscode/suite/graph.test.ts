/// <reference types="mocha" />
// "Agent Files: Show Graph" (agentFiles.showWorldGraph): the graph webview of a world and of an
// agent.3md, read back from what the webview reports it drew (agentFiles._graphRendered).
import * as assert from 'assert';
import * as vscode from 'vscode';
import { activate, eventually, fixture, open } from './helpers';

interface Rendered {
  uri: string | null;
  nodes: string[];
  edges: number;
  path: string[];
  tooLarge: boolean;
}

async function rendered(uri: vscode.Uri, accept: (r: Rendered) => boolean, what: string): Promise<Rendered> {
  const r = await eventually(
    () => vscode.commands.executeCommand<Rendered | undefined>('agentFiles._graphRendered', { uri: uri.toString() }),
    (r) => r !== undefined && accept(r),
    what,
  );
  return r!;
}

suite('Show Graph', () => {
  suiteSetup(async () => {
    await activate();
  });

  teardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('agentFiles.showWorldGraph is contributed to the palette, the editor title and the Skills view', async () => {
    const all = await vscode.commands.getCommands(true);
    assert.ok(all.includes('agentFiles.showWorldGraph'));
    const ext = vscode.extensions.getExtension('agent-files.agent-files')!;
    const pkg = ext.packageJSON as { contributes: { commands: { command: string; title: string }[]; menus: Record<string, { command: string; when?: string }[]> } };
    assert.strictEqual(pkg.contributes.commands.find((c) => c.command === 'agentFiles.showWorldGraph')?.title, 'Show Graph');
    assert.ok(pkg.contributes.menus['editor/title']!.some((m) => m.command === 'agentFiles.showWorldGraph'));
    assert.ok(pkg.contributes.menus['view/item/context']!.some((m) => m.command === 'agentFiles.showWorldGraph' && /agentWorld/.test(m.when ?? '')));
  });

  test("the team world's graph webview draws its four nodes and the human entry, and highlights a run's path", async () => {
    const world = fixture('team/.agent-world/world.json');
    const counts = await vscode.commands.executeCommand<{ nodes: number; edges: number }>('agentFiles.showWorldGraph', { uri: world.toString() });
    // plan, research, draft, merge and the human pseudo-node; 4 edges, 2 requires, the implicit human entry.
    assert.deepStrictEqual(counts, { nodes: 5, edges: 7 });
    const drawn = await rendered(world, (r) => r.nodes.length > 0, 'the world graph drawn');
    assert.deepStrictEqual([...drawn.nodes].sort(), ['draft', 'human', 'merge', 'plan', 'research']);
    assert.strictEqual(drawn.edges, 7);
    assert.deepStrictEqual(drawn.path, []);

    await vscode.commands.executeCommand('agentFiles.showWorldGraph', { uri: world.toString(), path: ['plan', 'research', 'merge'] });
    const withPath = await rendered(world, (r) => r.path.length > 0, 'the run path drawn');
    assert.deepStrictEqual(withPath.path, ['plan', 'research', 'merge']);
    assert.strictEqual(withPath.nodes.length, 5);
  });

  test('the graph follows edits of world.json, and a prompt of the world shows the same panel', async () => {
    const editor = await open('team/.agent-world/world.json');
    const world = editor.document.uri;
    await vscode.commands.executeCommand('agentFiles.showWorldGraph', world);
    await rendered(world, (r) => r.nodes.length === 5, 'five nodes first');
    const nodes = editor.document.getText().indexOf('"nodes": {') + '"nodes": {'.length;
    await editor.edit((b) => b.insert(editor.document.positionAt(nodes), '\n      "review": { "agent": "synthesizer" },'));
    const after = await rendered(world, (r) => r.nodes.includes('review'), 'the new node drawn after the edit');
    assert.strictEqual(after.nodes.length, 6);
    await vscode.commands.executeCommand('undo');
    await rendered(world, (r) => !r.nodes.includes('review'), 'the node gone after undo');
    const viaPrompt = await vscode.commands.executeCommand<{ nodes: number }>('agentFiles.showWorldGraph', fixture('team/.agent-world/prompts/orchestrator.md').toString());
    assert.strictEqual(viaPrompt.nodes, 5);
  });

  test("an agent.3md's graph webview draws its planes and the missing plane its link names", async () => {
    const agent = fixture('agent.3md');
    const counts = await vscode.commands.executeCommand<{ nodes: number; edges: number }>('agentFiles.showWorldGraph', { uri: agent.toString() });
    assert.deepStrictEqual(counts, { nodes: 3, edges: 1 });
    const drawn = await rendered(agent, (r) => r.nodes.length > 0, 'the agent graph drawn');
    assert.deepStrictEqual(drawn.nodes, ['0', '1', '42']);
    assert.strictEqual(drawn.edges, 1);
  });
});
