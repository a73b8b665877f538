/// <reference types="mocha" />
// The Skills view for Agent World worlds, AGENT.md agents (with their extends chain) and SKILL.md
// skills, read through the tree provider the extension exposes.
import * as assert from 'assert';
import * as vscode from 'vscode';
import { eventually, fixture, runTreeCommand as runCommandOf, skillsTree as treeOf, treeRows as rows, type SkillsTreeProvider as Tree, type TreeRow as Row } from './helpers';

function find(list: Row[], label: string): Row {
  const r = list.find((x) => x.label === label);
  assert.ok(r, `no row "${label}" among: ${list.map((x) => `${x.label} [${x.description}]`).join(', ')}`);
  return r;
}

/** The root row of a workspace file, once the server has indexed it. */
async function root(tree: Tree, rel: string): Promise<Row> {
  const all = await eventually(
    () => rows(tree),
    (rs) => rs.some((r) => r.description === rel),
    `${rel} in the Skills view`,
  );
  return all.find((r) => r.description === rel)!;
}

function tooltipText(item: vscode.TreeItem): string {
  const t = item.tooltip;
  return typeof t === 'string' ? t : (t?.value ?? '');
}

suite('Skills view: worlds, AGENT.md and SKILL.md', () => {
  let tree: Tree;
  suiteSetup(async () => {
    tree = await treeOf();
    await vscode.commands.executeCommand('agentFiles.skills.focus');
  });

  test('a world shows its workflow type with the entry, then Nodes and Agents', async () => {
    const world = await root(tree, 'team/.agent-world/world.json');
    assert.strictEqual(world.label, 'team');
    const kids = await rows(tree, world.node);
    assert.deepStrictEqual(
      kids.map((k) => [k.label, k.description]),
      [
        ['workflow: orchestrator-worker', 'entry: plan'],
        ['Nodes', '4'],
        ['Agents', '4'],
      ],
    );
    assert.strictEqual(find(kids, 'Nodes').item.collapsibleState, vscode.TreeItemCollapsibleState.Collapsed);
  });

  test('each world node shows its agent and next nodes, and reveals its declaration in world.json', async () => {
    const world = await root(tree, 'team/.agent-world/world.json');
    const nodes = await rows(tree, find(await rows(tree, world.node), 'Nodes').node);
    assert.deepStrictEqual(
      nodes.map((n) => [n.label, n.description]),
      [
        ['plan', 'agent: orchestrator · next: research, draft'],
        ['research', 'agent: worker_a · next: merge'],
        ['draft', 'agent: worker_b · next: merge'],
        ['merge', 'agent: synthesizer · final'],
      ],
    );
    const editor = await runCommandOf(find(nodes, 'merge').item);
    assert.ok(editor.document.uri.path.endsWith('/team/.agent-world/world.json'), editor.document.uri.path);
    assert.strictEqual(editor.document.getText(editor.selection), '"merge"');
    assert.match(editor.document.lineAt(editor.selection.start.line).text, /"merge": \{ "agent": "synthesizer"/);
  });

  test('each world agent shows its prompt file: the agent reveals its declaration, the prompt opens', async () => {
    const world = await root(tree, 'team/.agent-world/world.json');
    const agents = await rows(tree, find(await rows(tree, world.node), 'Agents').node);
    assert.deepStrictEqual(
      agents.map((a) => [a.label, a.description]),
      [
        ['orchestrator', 'Lead · prompts/orchestrator.md'],
        ['worker_a', 'prompts/worker_a.md'],
        ['worker_b', 'prompts/worker_b.md'],
        ['synthesizer', 'prompts/synthesizer.md'],
      ],
    );
    const orchestrator = find(agents, 'orchestrator');
    const decl = await runCommandOf(orchestrator.item);
    assert.strictEqual(decl.document.getText(decl.selection), '"orchestrator"');
    assert.match(decl.document.lineAt(decl.selection.start.line).text, /"orchestrator": \{ "name": "Lead"/);
    const prompt = await rows(tree, orchestrator.node);
    assert.deepStrictEqual(
      prompt.map((p) => [p.label, p.description]),
      [['prompts/orchestrator.md', 'prompt']],
    );
    const opened = await runCommandOf(prompt[0]!.item);
    assert.strictEqual(opened.document.uri.toString(), fixture('team/.agent-world/prompts/orchestrator.md').toString());
  });

  test('the fixture world with a broken edge still lists its nodes; the node without next nodes is final', async () => {
    const world = await root(tree, '.agent-world/world.json');
    const kids = await rows(tree, world.node);
    assert.deepStrictEqual(kids[0] && [kids[0].label, kids[0].description], ['workflow: sequential-pipeline', 'entry: plan']);
    const nodes = await rows(tree, find(kids, 'Nodes').node);
    assert.deepStrictEqual(
      nodes.map((n) => [n.label, n.description]),
      [
        ['plan', 'agent: pm · next: biuld'],
        ['build', 'agent: dev · final'],
      ],
    );
  });

  test('an AGENT.md shows its name, its description as tooltip and the extends chain; a parent opens its AGENT.md', async () => {
    const intern = await root(tree, 'team/agents/intern/AGENT.md');
    assert.strictEqual(intern.label, 'intern');
    assert.match(tooltipText(intern.item), /Learns from the lead on small tasks\./);
    const kids = await rows(tree, intern.node);
    assert.deepStrictEqual(
      kids.map((k) => k.label),
      ['extends: lead-agent → base-agent'],
    );
    const chain = await rows(tree, kids[0]!.node);
    assert.deepStrictEqual(
      chain.map((c) => [c.label, c.description]),
      [
        ['lead-agent', 'team/agents/lead/AGENT.md'],
        ['base-agent', 'team/agents/base/AGENT.md'],
      ],
    );
    const base = await runCommandOf(find(chain, 'base-agent').item);
    assert.strictEqual(base.document.uri.toString(), fixture('team/agents/base/AGENT.md').toString());
    assert.strictEqual(base.document.getText(base.selection), 'base-agent');
    const parent = await runCommandOf(kids[0]!.item);
    assert.strictEqual(parent.document.uri.toString(), fixture('team/agents/lead/AGENT.md').toString());
  });

  test('an unresolved parent is shown as such, and an AGENT.md without extends has no children', async () => {
    const orphan = await root(tree, 'team/agents/orphan/AGENT.md');
    const kids = await rows(tree, orphan.node);
    assert.deepStrictEqual(
      kids.map((k) => k.label),
      ['extends: missing-parent (unresolved)'],
    );
    const chain = await rows(tree, kids[0]!.node);
    assert.deepStrictEqual(
      chain.map((c) => [c.label, c.description, c.item.command]),
      [['missing-parent', 'unresolved: no AGENT.md has this name', undefined]],
    );
    const base = await root(tree, 'team/agents/base/AGENT.md');
    assert.strictEqual(base.item.collapsibleState, vscode.TreeItemCollapsibleState.None);
    assert.deepStrictEqual(await rows(tree, base.node), []);
  });

  test('a SKILL.md is one row under the folder it loads from, with its name, description and full path', async () => {
    let seen = '';
    const all = await eventually(
      async () => {
        const rs = await rows(tree);
        seen = rs.map((r) => `${r.label} [${r.description}]`).join(', ');
        return rs;
      },
      (rs) => rs.some((r) => r.label === 'skills'),
      'the skills folder group in the Skills view',
    ).catch((e: Error) => assert.fail(`${e.message.slice(0, 200)}; rows: ${seen}`));
    const group = find(all, 'skills');
    assert.match(group.description, /^1 skill( · \d+ problems?)?$/);
    const skills = await rows(tree, group.node);
    const skill = find(skills, 'PDF_Tools');
    assert.strictEqual(skill.item.collapsibleState, vscode.TreeItemCollapsibleState.None);
    const tip = tooltipText(skill.item);
    assert.match(tip, /Extract text and tables from PDF files\./);
    assert.match(tip, /Folder: `skills\/pdf-tools`/);
    assert.ok(tip.includes(vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, 'skills', 'pdf-tools', 'SKILL.md').fsPath), tip);
    assert.deepStrictEqual(await rows(tree, skill.node), []);
  });
});
