/**
 * skill-listing-cut over stdio: a workspace whose .agents/skills hold more description than Codex's
 * skill listing takes: an opened SKILL.md gets the finding on its description, from the index's
 * summaries of the others.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import { startClient, type TestClient } from '../helpers/lspClient';
import { shutdown } from '../fixtures/workspace-formats/lsp';
import { waitForIndex } from '../helpers/lspWorkspace';

let root: string;
let client: TestClient;
const fileUri = (rel: string) => URI.file(path.join(root, rel)).toString();
const md = (name: string) => `---\nname: ${name}\ndescription: ${`Does ${name} things. Use when ${name} is asked for. `.repeat(12)}\n---\nBody\n`;
const SKILLS = 120;

before(async () => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'af-listing-')));
  for (let i = 0; i < SKILLS; i++) {
    const dir = path.join(root, '.agents/skills', `s${i}`);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'SKILL.md'), md(`s${i}`));
  }
  client = await startClient({ rootUri: URI.file(root).toString() });
});
after(async () => {
  await shutdown(client);
  fs.rmSync(root, { recursive: true, force: true });
});

test('an opened SKILL.md among 120 long ones: Codex certainly shortens its description in the listing', async () => {
  await waitForIndex(client, (files) => files.filter((f) => f.kind === 'skill').length === SKILLS);
  const uri = fileUri('.agents/skills/s7/SKILL.md');
  const got = client.diagnostics(uri, (p) => p.diagnostics.some((d) => d.code === 'skill-listing-cut'));
  client.open(uri, md('s7'), 'markdown', 1);
  const cut = (await got).filter((d) => d.code === 'skill-listing-cut').map((d) => ({ ...d, message: String(d.message) }));
  const codex = cut.find((d) => d.message.startsWith('Codex'))!;
  assert.equal(codex.severity, 2);
  assert.match(codex.message, /^Codex (shortens this description|lists this skill by name only).* its budget is 8,000 characters .* the 120 skills it loads here need/);
  assert.deepEqual(codex.range.start, { line: 2, character: 13 });
  // VS Code's order is not documented: information.
  assert.equal(cut.find((d) => d.message.startsWith('VS Code'))?.severity, 3);
});
