/**
 * skill-description-similar over stdio: two skills of .claude/skills that say nearly the same
 * thing. The opened one gets information pointing at the other file, and its description hover
 * lists the closest skills.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import { openForDiagnostics, startClient, type TestClient } from '../helpers/lspClient';
import { shutdown } from '../fixtures/workspace-formats/lsp';
import { waitForIndex } from '../helpers/lspWorkspace';

let root: string;
let client: TestClient;
const fileUri = (rel: string) => URI.file(path.join(root, rel)).toString();
const SKILLS: Record<string, string> = {
  'vercel-deploy': 'Deploy applications and websites to Vercel, with preview URLs and production deployments.',
  'vercel-deployment': 'Vercel deployment of applications to production or preview, with hosting settings.',
  pdf: 'Extract text and tables from PDF files and fill PDF forms.',
};
const md = (name: string) => `---\nname: ${name}\ndescription: ${SKILLS[name]}\n---\nBody\n`;

before(async () => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'af-similar-')));
  for (const name of Object.keys(SKILLS)) {
    const dir = path.join(root, '.claude/skills', name);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'SKILL.md'), md(name));
  }
  client = await startClient({ rootUri: URI.file(root).toString() });
});
after(async () => {
  await shutdown(client);
  fs.rmSync(root, { recursive: true, force: true });
});

test('an opened SKILL.md that says nearly what another listed skill says: information on its description, related to the other file', async () => {
  await waitForIndex(client, (files) => files.filter((f) => f.kind === 'skill').length === 3);
  const uri = fileUri('.claude/skills/vercel-deploy/SKILL.md');
  const ds = await openForDiagnostics(client, uri, md('vercel-deploy'), 'markdown', (p) => p.diagnostics.some((d) => d.code === 'skill-description-similar'));
  const similar = ds.filter((d) => d.code === 'skill-description-similar');
  assert.equal(similar.length, 1);
  assert.equal(similar[0]!.severity, 3);
  assert.deepEqual(similar[0]!.range.start, { line: 2, character: 13 });
  assert.match(String(similar[0]!.message), /'vercel-deployment' \(\.\.\/vercel-deployment\/SKILL\.md\)/);
  assert.equal(similar[0]!.relatedInformation?.[0]?.location.uri, fileUri('.claude/skills/vercel-deployment/SKILL.md'));

  const hover = await client.request<{ contents: { value: string } } | null>('textDocument/hover', { textDocument: { uri }, position: { line: 2, character: 3 } });
  assert.match(hover?.contents.value ?? '', /Closest skills listed with this one/);
  assert.match(hover?.contents.value ?? '', /`vercel-deployment` \(\.\.\/vercel-deployment\/SKILL\.md\): 0\.\d\d \(may compete\)/);
});
