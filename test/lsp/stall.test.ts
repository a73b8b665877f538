/**
 * Hostile workspace files that once held the one server thread for seconds to minutes (issue 31),
 * over stdio: the hostile file is opened, a request about another document is sent right after,
 * and both the hostile file's diagnostics (with the truthful note where input is cut) and the
 * other answer arrive, in the order the server takes them. No timing is asserted: the client's
 * 20-second deadline is a hang guard, which each case overran by far before the fixes. Full-size cases and their
 * figures are in `npm run test:stress` (scripts/stress.ts).
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import type { CompletionItem, Diagnostic } from 'vscode-languageserver-protocol';
import { startClient, type TestClient } from '../helpers/lspClient';
import { shutdown } from '../fixtures/workspace-formats/lsp';

let root: string;
let client: TestClient;
const uri = (rel: string) => URI.file(path.join(root, rel)).toString();
const glob12 = `${'*a'.repeat(12)}b`;

const FILES: Record<string, string> = {
  [`${'a'.repeat(50)}`]: 'x\n',
  'probe/AGENTS.md': '# Probe\n\n## One\n',
  '.github/instructions/x.instructions.md': `---\napplyTo: "${glob12}"\n---\n# Rules\n`,
  'dots/CLAUDE.md': `# Project\n\nSee @x${'.'.repeat(200_000)}md\n`,
  'make/Makefile': `a${' '.repeat(150_000)}\nall:\n`,
  'make/AGENTS.md': '# Build\n\n`make all` and `make gone`\n',
  'cfg/.agent-files.json': JSON.stringify({
    rules: Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`skill-${String(i).padStart(6, '0')}-${'x'.repeat(187)}`, 'off'])),
  }),
  'imports/AGENT.md': `# Project\n\n${Array.from({ length: 300 }, (_, i) => `@docs/f${i}.md`).join(' ')}\n`,
};
for (let i = 0; i < 300; i++) {
  const later: string[] = [];
  for (let j = i + 1; j < 300; j++) later.push(`@f${j}.md`);
  FILES[`imports/docs/f${i}.md`] = `# f${i}\n\n${later.join(' ')}\n`;
}

before(async () => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'af-stall-')));
  for (const [rel, text] of Object.entries(FILES)) {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  }
  client = await startClient({ rootUri: URI.file(root).toString() });
  client.open(uri('probe/AGENTS.md'), FILES['probe/AGENTS.md']!, 'markdown');
});
after(async () => {
  await shutdown(client);
  fs.rmSync(root, { recursive: true, force: true });
});

/**
 * Opens `rel`, then asks for the symbols of the probe document: resolves with the hostile file's
 * diagnostics once both have come back, and the order they came back in.
 */
async function openWhileAsking(rel: string, languageId = 'markdown'): Promise<{ diagnostics: Diagnostic[]; order: string[] }> {
  const order: string[] = [];
  const diagnostics = client.diagnostics(uri(rel), undefined, 20_000).then((d) => (order.push('hostile diagnostics'), d));
  client.open(uri(rel), FILES[rel]!, languageId);
  const other = client.request('textDocument/documentSymbol', { textDocument: { uri: uri('probe/AGENTS.md') } }).then(() => void order.push('other request'));
  const [d] = await Promise.all([diagnostics, other]);
  return { diagnostics: d, order };
}

test('an applyTo glob of twelve `*a` then `b` beside a 50-character name: the other request is answered, the glob checked', async () => {
  const r = await openWhileAsking('.github/instructions/x.instructions.md');
  assert.deepEqual(
    r.diagnostics.map((d) => d.code),
    ['instructions-glob-no-match'],
  );
  assert.deepEqual(r.order.sort(), ['hostile diagnostics', 'other request']);
});

test('an import path of 200,000 dots: the other request is answered, the import reported', async () => {
  const r = await openWhileAsking('dots/CLAUDE.md');
  assert.deepEqual(
    r.diagnostics.map((d) => d.code),
    ['instructions-import-missing'],
  );
  assert.deepEqual(r.order.sort(), ['hostile diagnostics', 'other request']);
});

test('a Makefile line of 150,000 spaces: the other request is answered, the missing target reported', async () => {
  const r = await openWhileAsking('make/AGENTS.md');
  assert.deepEqual(
    r.diagnostics.map((d) => (d.message as string).replace(/ \(.*/, '')),
    ["'make gone': the Makefile defines no target 'gone'"],
  );
  assert.deepEqual(r.order.sort(), ['hostile diagnostics', 'other request']);
});

test('10,000 unknown rule codes of 200 characters (2 MB): the other request is answered, and the codes capped', async () => {
  const r = await openWhileAsking('cfg/.agent-files.json', 'json');
  assert.equal(r.diagnostics.filter((d) => d.code === 'config-unknown-rule').length, 1000);
  assert.equal(r.diagnostics.filter((d) => d.code === 'too-many-diagnostics').length, 1);
  assert.deepEqual(r.order.sort(), ['hostile diagnostics', 'other request']);
});

test('imports that multiply (300 files each importing all later ones): the other request is answered, and a note says where the walk stopped', async () => {
  const r = await openWhileAsking('imports/AGENT.md');
  const notes = r.diagnostics.filter((d) => d.code === 'instructions-imports-unchecked');
  assert.equal(notes.length, 1);
  assert.match(notes[0]!.message as string, /Amp still reads them/);
  assert.deepEqual(r.order.sort(), ['hostile diagnostics', 'other request']);
});

test('completion at the end of a 200,000-character frontmatter line is answered before the request after it', async () => {
  const long = `${'ab '.repeat(66_666)}x `;
  const text = `---\n3md: 1.0\n${long}\n---\n\n@plane z=0 kind=identity label="core"\nCore.\n`;
  const u = uri('long.3md');
  const opened = client.diagnostics(u, undefined, 20_000);
  client.open(u, text, '3md');
  await opened;
  const order: string[] = [];
  const completion = client.request<CompletionItem[]>('textDocument/completion', { textDocument: { uri: u }, position: { line: 2, character: long.length } }).then((items) => {
    order.push('completion');
    return items;
  });
  const other = client.request('textDocument/documentSymbol', { textDocument: { uri: uri('probe/AGENTS.md') } }).then(() => void order.push('other request'));
  const [items] = await Promise.all([completion, other]);
  assert.ok(items.length > 0);
  assert.deepEqual(order, ['completion', 'other request']);
});
