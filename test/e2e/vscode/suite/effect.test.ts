/// <reference types="mocha" />
// "What the Agent Sees" in the real workbench: for an open file the view shows Codex's chain with
// its cut point (the cap set in .codex/config.toml) and the skill listings, and a change of
// agentFiles.contextWindow changes the listing's cut. The files are written into the temporary
// workspace copy, in a folder of their own.
import * as assert from 'assert';
import * as vscode from 'vscode';
import { activate, eventually, fixture, open } from './helpers';

interface Row {
  depth: number;
  label: string;
  description?: string;
  open?: { uri: string; line?: number };
}

async function write(rel: string, text: string): Promise<void> {
  await vscode.workspace.fs.writeFile(fixture(rel), new TextEncoder().encode(text));
}

/** The skills are written after the server started: their index entries come through the file watcher, slow on a loaded machine (a bound under the suite's 60 s test timeout, not a measure). */
const INDEXED_MS = 45_000;
const rows = () => vscode.commands.executeCommand<Row[]>('agentFiles.effect.rows');
const show = (rows: Row[]) => rows.map((r) => `${'  '.repeat(r.depth)}${r.label}${r.description ? ` — ${r.description}` : ''}`).join('\n');

suite('What the Agent Sees', () => {
  suiteSetup(async () => {
    await activate();
    await write('sees/.codex/config.toml', 'project_doc_max_bytes = 2048\n');
    await write('sees/AGENTS.md', `# Package\n${'Package rule.\n'.repeat(200)}`);
    await write('sees/app.ts', 'export {};\n');
    for (let i = 0; i < 3; i++) await write(`sees/.claude/skills/s${i}/SKILL.md`, `---\nname: s${i}\ndescription: ${`Skill ${i} does things. `.repeat(15)}\n---\nBody\n`);
    // Opened (not shown), so the server indexes them from didOpen: a file created in a folder created a
    // moment before may reach the server's watcher late or not at all on a loaded machine (inotify).
    for (let i = 0; i < 3; i++) await vscode.workspace.openTextDocument(fixture(`sees/.claude/skills/s${i}/SKILL.md`));
  });

  suiteTeardown(async () => {
    await vscode.workspace.getConfiguration('agentFiles').update('contextWindow', undefined, vscode.ConfigurationTarget.Workspace);
  });

  test("the view follows the open file: Codex's chain with its cut point and the cap from .codex/config.toml, then the skill listing", async () => {
    await open('sees/app.ts');
    await vscode.commands.executeCommand('agentFiles.showWhatTheAgentSees');
    const seen = await eventually(
      rows,
      (rs) => Array.isArray(rs) && rs.some((r) => r.label.startsWith('Codex stops here')) && rs.some((r) => r.label.startsWith('Skill listing: 3 skills')),
      "the Codex cut and Claude Code's skill listing in the view",
      INDEXED_MS,
    );
    const codex = seen.find((r) => r.label === 'Codex (AGENTS.md)');
    assert.ok(codex, show(seen));
    assert.strictEqual(codex.description, '▰▰▰▰▰ 2 of 2 KiB', show(seen));
    const stop = seen.find((r) => r.label.startsWith('Codex stops here'))!;
    // 2,048 bytes: the 10 of "# Package\n", then 145 whole lines of 14 bytes and 8 bytes into the next (0-based line 146).
    assert.strictEqual(stop.label, 'Codex stops here at line 147', show(seen));
    assert.strictEqual(stop.open?.line, 146);
    assert.ok(stop.open?.uri.endsWith('/sees/AGENTS.md'));
    assert.ok(
      seen.some((r) => r.label.endsWith('.codex/config.toml')),
      show(seen),
    );
    const claude = seen.findIndex((r) => r.label === 'Claude Code');
    const listing = seen.slice(claude).find((r) => r.label.startsWith('Skill listing'))!;
    assert.strictEqual(listing.label, 'Skill listing: 3 skills', show(seen));
    assert.match(listing.description ?? '', /of 8,000 characters$/);
  });

  test('agentFiles.contextWindow: a smaller Claude Code window cuts its listing, in the view', async () => {
    await open('sees/app.ts');
    await vscode.workspace.getConfiguration('agentFiles').update('contextWindow', { 'claude-code': 20000 }, vscode.ConfigurationTarget.Workspace);
    const seen = await eventually(
      rows,
      (rs) => Array.isArray(rs) && rs.some((r) => r.label === 'Skill listing: 3 skills, 3 cut'),
      "Claude Code's listing cut after the setting changed",
      INDEXED_MS,
    );
    const listing = seen.find((r) => r.label === 'Skill listing: 3 skills, 3 cut')!;
    assert.match(listing.description ?? '', /of 800 characters$/, show(seen));
    const s1 = seen.slice(seen.indexOf(listing)).find((r) => r.label === 's1')!;
    assert.match(s1.description ?? '', /% · may be name only$/, show(seen));
  });
});
