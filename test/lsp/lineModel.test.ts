/**
 * LSP counts a lone CR as a line break; the 3md reference and the other formats' readers do
 * not. The built server keeps the readers' verdicts but speaks LSP positions: every range it
 * publishes, and every edit the client sends, is in the client's line model.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CodeLens, Diagnostic, DocumentSymbol, FoldingRange, Hover, Location } from 'vscode-languageserver-protocol';
import { startClient, type TestClient } from '../helpers/inProcessClient';

let client: TestClient;
before(async () => {
  client = await startClient();
});
after(() => client.stop());

/** Where `needle` (its n-th occurrence) is, as the client counts lines. */
function at(doc: TextDocument, needle: string, n = 0): { line: number; character: number } {
  let i = -1;
  for (let k = 0; k <= n; k++) i = doc.getText().indexOf(needle, i + 1);
  assert.ok(i >= 0, needle);
  return doc.positionAt(i);
}

const AGENT =
  '---\n3md: 1.0\ntitle: A\n---\n@plane z=0 label="A" kind=identity\nIntro\rmore [[z=9]]\rand [[z=1]]\n@plane z=1 label="search" kind=skill triggers="find"\nSearch\rbody\n@plane z=2 label="cite" kind=skill triggers="cite"\nCite.\n';

test('3md with lone CRs: symbols, diagnostics, links, folding and hover are at the lines the client sees', async () => {
  const uri = 'file:///ws/cr.agent.3md';
  const doc = TextDocument.create(uri, '3md', 1, AGENT);
  const pending = client.diagnostics(uri, (p) => p.diagnostics.length > 0);
  client.open(uri, AGENT);
  const diags: Diagnostic[] = await pending;
  const dead = diags.find((d) => d.code === 'dead-link')!;
  assert.deepEqual(dead.range.start, at(doc, '[[z=9]]'));
  const symbols = await client.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri } });
  assert.deepEqual(
    symbols.map((s) => [s.name, s.selectionRange.start.line]),
    [
      ['A', at(doc, '@plane z=0').line],
      ['search', at(doc, '@plane z=1').line],
      ['cite', at(doc, '@plane z=2').line],
    ],
  );
  // The identity's range ends on the client's last line of its body.
  assert.equal(symbols[0]!.range.end.line, at(doc, 'and [[z=1]]').line);
  const folds = await client.request<FoldingRange[]>('textDocument/foldingRange', { textDocument: { uri } });
  assert.ok(
    folds.some((f) => f.startLine === at(doc, '@plane z=1').line && f.endLine === at(doc, 'body').line),
    JSON.stringify(folds),
  );
  // A position the client sends is read in its own line model: go to definition on the second link.
  const link = at(doc, '[[z=1]]');
  const defs = await client.request<Location[]>('textDocument/definition', { textDocument: { uri }, position: { line: link.line, character: link.character + 3 } });
  assert.equal(defs[0]!.range.start.line, at(doc, '@plane z=1').line);
  const hover = await client.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position: { line: link.line, character: link.character + 3 } });
  assert.deepEqual(hover?.range?.start, link);
  // A resolved lens is where its directive is, and its locations where the links are, as the client counts lines.
  const lenses = await client.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri } });
  const lens = lenses.find((l) => (l.data as { z: number }).z === 1)!;
  const resolved = await client.request<CodeLens>('codeLens/resolve', lens);
  assert.equal(resolved.range.start.line, at(doc, '@plane z=1').line);
  const [, start, locations] = resolved.command!.arguments as [string, { line: number }, Location[]];
  assert.equal(start.line, at(doc, '@plane z=1').line);
  // (each location is the link's target number, after `[[z=`)
  assert.deepEqual(
    locations.map((l) => l.range.start),
    [{ line: link.line, character: link.character + 4 }],
  );
});

test('3md with lone CRs: edits land where the client made them', async () => {
  const uri = 'file:///ws/cr-edit.agent.3md';
  let doc = TextDocument.create(uri, '3md', 1, AGENT);
  client.open(uri, AGENT);
  let version = 1;
  const clean = client.diagnostics(uri, (p) => !p.diagnostics.some((d) => d.code === 'dead-link'), 10_000);
  const edit = (needle: string, replacement: string) => {
    const start = at(doc, needle);
    const end = doc.positionAt(doc.offsetAt(start) + needle.length);
    const change = { range: { start, end }, text: replacement };
    doc = TextDocument.update(doc, [change], ++version);
    client.change(uri, version, [change]);
  };
  edit('"cite"', '"quote"');
  edit('[[z=9]]', '[[z=2]]');
  edit('Search', 'Look\rup');
  const symbols = await client.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri } });
  assert.deepEqual(
    symbols.map((s) => [s.name, s.selectionRange.start.line]),
    [
      ['A', at(doc, '@plane z=0').line],
      ['search', at(doc, '@plane z=1').line],
      ['quote', at(doc, '@plane z=2').line],
    ],
  );
  // The link fixed by the second edit no longer dangles (an edit landing elsewhere would leave it).
  await clean;
});

test('the reference verdict stands: a lone CR is no line break inside the 3md frontmatter', async () => {
  const uri = 'file:///ws/cr-fm.3md';
  const pending = client.diagnostics(uri, (p) => p.diagnostics.length > 0);
  client.open(uri, '---\r3md: 1\r---\rx');
  const diags = await pending;
  assert.deepEqual(
    diags.map((d) => d.code),
    ['missingFrontmatter'],
  );
  // The range is the whole first reference line: four client lines.
  assert.deepEqual(diags[0]!.range, { start: { line: 0, character: 0 }, end: { line: 3, character: 1 } });
});

test('world.json and SKILL.md with lone CRs: ranges are at the lines the client sees', async () => {
  const worldUri = 'file:///ws/.agent-world/world.json';
  const world = '{\r  "agents": {\r    "a": { "prompt": 5 }\r  },\r  "workflow": { "type": 7 }\r}\r';
  const wdoc = TextDocument.create(worldUri, 'json', 1, world);
  const wp = client.diagnostics(worldUri, (p) => p.diagnostics.length > 0);
  client.open(worldUri, world, 'json');
  const wd = await wp;
  const type = wd.find((d) => d.code === 'world-unknown-workflow-type');
  assert.deepEqual(type?.range.start, at(wdoc, '7'), JSON.stringify(wd));
  const prompt = wd.find((d) => d.code === 'world-missing-prompt-path');
  assert.deepEqual(prompt?.range.start, at(wdoc, '"a"'), JSON.stringify(wd));
  const symbols = await client.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri: worldUri } });
  const flat = (ss: DocumentSymbol[]): DocumentSymbol[] => ss.flatMap((s) => [s, ...flat(s.children ?? [])]);
  const a = flat(symbols).find((s) => s.name === 'a');
  assert.ok(a, JSON.stringify(symbols));
  assert.equal(a.selectionRange.start.line, at(wdoc, '"a"').line);

  const skillUri = 'file:///ws/tool/SKILL.md';
  const skill = '---\nname: tool\ndescription: A tool.\n---\n# Tool\rSee [missing](missing.md).\n';
  const sdoc = TextDocument.create(skillUri, 'markdown', 1, skill);
  const sp = client.diagnostics(skillUri, (p) => p.diagnostics.length > 0);
  client.open(skillUri, skill, 'markdown');
  const sd = await sp;
  const missing = sd.find((d) => /missing/.test(String(d.message)));
  if (missing) assert.equal(missing.range.start.line, at(sdoc, 'missing.md').line, JSON.stringify(sd));
  else assert.fail(`no diagnostic for the missing file: ${JSON.stringify(sd)}`);
});
