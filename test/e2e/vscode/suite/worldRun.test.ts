/// <reference types="mocha" />
// "Agent Files: Run Agent World…" (agentFiles.runWorld): the run simulator stepping the team
// world's handoff to done, read back from its webview, and "Save as routing case" appending a
// case to world.eval.md that the eval then passes.
import * as assert from 'assert';
import * as vscode from 'vscode';
import { activate, eventually, fixture, open } from './helpers';

interface RunResult {
  world: string;
  transcript: { type: string; agent?: string; workflow?: { node: string | null }; final?: string }[];
  path: string[];
  saved?: { saved: boolean; uri?: string; name?: string; reason?: string };
}
interface Rendered {
  version: number;
  renderedVersion: number | undefined;
  rows: string[];
  controls: string[];
}

const TEAM = 'team/.agent-world/world.json';
const EVAL = 'team/.agent-world/world.eval.md';

/** What the page drew once it has drawn the last view it was sent. */
function rendered(uri: string, accept: (r: Rendered) => boolean, what: string): Promise<Rendered> {
  return eventually(
    () => vscode.commands.executeCommand<Rendered | undefined>('agentFiles._runWorldRendered', { uri }),
    (r) => r !== undefined && r.renderedVersion === r.version && accept(r),
    what,
  ) as Promise<Rendered>;
}

suite('Run Agent World', () => {
  suiteSetup(async () => {
    await activate();
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('agentFiles.runWorld is registered and contributed to the palette, the Skills view and world files', async () => {
    assert.ok((await vscode.commands.getCommands(true)).includes('agentFiles.runWorld'));
    const pkg = vscode.extensions.getExtension('agent-files.agent-files')!.packageJSON as {
      contributes: { commands: { command: string; title: string }[]; menus: Record<string, { command: string; when?: string }[]> };
    };
    assert.strictEqual(pkg.contributes.commands.find((c) => c.command === 'agentFiles.runWorld')?.title, 'Run Agent World…');
    const menus = pkg.contributes.menus;
    assert.ok(menus['view/title']!.some((m) => m.command === 'agentFiles.runWorld' && m.when === 'view == agentFiles.skills && agentFiles.hasWorld'));
    assert.ok(menus['editor/title']!.some((m) => m.command === 'agentFiles.runWorld' && /agent-world/.test(m.when ?? '')));
  });

  test('the simulator steps a two-agent handoff to done, and its page shows each step as the router reported it', async () => {
    const uri = fixture(TEAM).toString();
    const result = await vscode.commands.executeCommand<RunResult>('agentFiles.runWorld', {
      uri,
      steps: [
        { user: 'Write a report.' },
        { complete: '@worker_a Research the topic.', agent: 'orchestrator' },
        { complete: 'Researched. <world>pass</world>', agent: 'worker_a' },
      ],
    });
    assert.deepStrictEqual(
      result.transcript.map((r) => [r.type, r.agent ?? null, r.workflow?.node ?? null]),
      [
        ['agent_instruction', 'Lead', 'plan'],
        ['agent_instruction', 'worker_a', 'research'],
        ['done', null, null],
      ],
    );
    assert.deepStrictEqual(result.path, ['plan', 'research']);
    const page = await rendered(uri, (r) => r.rows.length === 6, 'the six rows of the run on the page');
    assert.deepStrictEqual(
      page.rows.map((r) => r.split('\n')[0]),
      ['user message', 'agent_instruction: @Lead at plan', '@Lead completes turn_0001', 'agent_instruction: @worker_a at research', '@worker_a completes turn_0002', 'done'],
    );
    assert.match(page.rows[1]!, /\nallowed next: research \(@worker_a\), draft \(@worker_b\)\n/);
    assert.match(page.rows[5]!, /\nfinal: Researched\. <world>pass<\/world>$/);
    const graph = (await vscode.commands.getCommands(true)).includes('agentFiles.showWorldGraph');
    assert.strictEqual(page.controls.includes('Show on graph'), graph, `the graph button follows the graph command (${graph ? 'present' : 'absent'})`);
    assert.ok(page.controls.includes('Save as routing case…') && page.controls.includes('Reset'), page.controls.join(', '));
  });

  test('the same world shows the same panel: a step taken later continues the run, and the page offers the open turn with its suggestions', async () => {
    const uri = fixture(TEAM).toString();
    const result = await vscode.commands.executeCommand<RunResult>('agentFiles.runWorld', { uri, steps: [{ user: 'And a summary.' }] });
    assert.deepStrictEqual(
      result.transcript.map((r) => r.type),
      ['agent_instruction', 'agent_instruction', 'done', 'agent_instruction'],
    );
    const page = await rendered(uri, (r) => r.rows.length === 8, 'the eighth row');
    assert.strictEqual(page.rows[7]!.split('\n')[0], 'agent_instruction: @Lead at plan');
    for (const s of ['Hand off to @worker_a (research)', 'Hand off to @worker_b (draft)', 'Finish: <world>pass</world>', 'Complete']) {
      assert.ok(page.controls.includes(s), `${s} is not on the page: ${page.controls.join(', ')}`);
    }
  });

  test('Save as routing case appends the run to an open, unsaved world.eval.md (undoably), and the eval passes the new case', async () => {
    const editor = await open(EVAL);
    const doc = editor.document;
    await editor.edit((e) => e.insert(new vscode.Position(0, 0), '<!-- an edit not saved yet -->\n'));
    const result = await vscode.commands.executeCommand<RunResult>('agentFiles.runWorld', {
      uri: fixture(TEAM).toString(),
      show: 'none',
      steps: [{ user: 'Write a report.' }, { complete: '@worker_b Draft it.' }],
      saveAs: 'the lead hands off to the drafter',
    });
    assert.deepStrictEqual(result.saved, { saved: true, uri: doc.uri.toString(), name: 'the lead hands off to the drafter' });
    const text = doc.getText();
    assert.ok(text.startsWith('<!-- an edit not saved yet -->\n'), 'the unsaved edit is kept');
    assert.match(text, /\n```json\n\{\n {2}"name": "the lead hands off to the drafter",\n[\s\S]*"workflowNode": "draft"\n {2}\}\n\}\n```\n$/);
    const line = doc.positionAt(text.indexOf('"the lead hands off to the drafter"')).line;
    const lenses = await eventually(
      () => vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', doc.uri),
      (ls) => (ls ?? []).some((l) => l.command?.title.startsWith('✓ passes') && Math.abs(l.range.start.line - line) <= 1),
      'a passing lens on the saved case',
    );
    assert.ok(lenses.some((l) => l.command?.title === '✓ passes (type=agent_instruction, agent=worker_b, workflowNode=draft)'));
    const check = await vscode.commands.executeCommand<{ worlds: { cases: { name: string; status: string }[] }[] }>('agentFiles.checkWorld', {
      uri: fixture(TEAM).toString(),
      show: 'none',
    });
    const saved = check.worlds[0]!.cases.at(-1)!;
    assert.deepStrictEqual([saved.name, saved.status], ['the lead hands off to the drafter', 'PASS']);
    await vscode.window.showTextDocument(doc);
    await vscode.commands.executeCommand('undo');
    assert.strictEqual(
      doc.getText(),
      `<!-- an edit not saved yet -->\n${text.slice('<!-- an edit not saved yet -->\n'.length, text.indexOf('\n```json\n{\n  "name": "the lead'))}`,
    );
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });
});
