import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyEdit } from '../../server/src/core/text/text';
import { parseWorld } from '../../server/src/core/world/model';
import { worldDefinition, worldReferences } from '../../server/src/core/world/navigation';
import { worldPrepareRename, worldRename } from '../../server/src/core/world/rename';
import type { WorldDocuments } from '../../server/src/core/world/symbols';
import { fixtureHost, posOf, rangeOf, worldUri } from '../fixtures/world/helpers';

const URI = worldUri('app-builder');
const host = fixtureHost('app-builder');
const TEXT = host.readText(URI)!;
const world = parseWorld(TEXT, URI);
const P = (n: string) => `file:///app-builder/.agent-world/prompts/${n}.md`;
const EVAL = 'file:///app-builder/.agent-world/world.eval.md';
const LAYOUT = 'file:///app-builder/.agent-world/world.layout.json';
const LAYOUT_TEXT = '{ "version": 1, "nodes": { "requirements": { "x": 0, "y": 0 }, "__human__": { "x": 1, "y": 1 }, "final": { "x": 2, "y": 2 } } }';
const docs: WorldDocuments = {
  prompts: ['pm', 'architect', 'dev', 'qa', 'sec'].map((n) => ({ uri: P(n), text: host.readText(P(n))! })),
  eval: { uri: EVAL, text: host.readText(EVAL)! },
  layout: { uri: LAYOUT, text: LAYOUT_TEXT },
};

/** Applies a WorkspaceEdit's edits for one uri (bottom-up). */
function applyAll(text: string, edits: { range: any; newText: string }[] = []): string {
  const sorted = [...edits].sort((a, b) => b.range.start.line - a.range.start.line || b.range.start.character - a.range.start.character);
  return sorted.reduce((t, e) => applyEdit(t, { range: e.range, text: e.newText }), text);
}

test('definition: a node agent value goes to the agents key', () => {
  const locs = worldDefinition(world, URI, TEXT, posOf(TEXT, '"agent": "architect"', 12));
  assert.deepEqual(locs, [{ uri: URI, range: rangeOf(TEXT, '"architect"', 1) }]);
});

test('definition: entry, edge keys, edge values and requires go to the node key', () => {
  const nodeKey = rangeOf(TEXT, '"requirements"', 1);
  assert.deepEqual(worldDefinition(world, URI, TEXT, posOf(TEXT, '"requirements"', 3)), [{ uri: URI, range: nodeKey }]);
  const finalKey = rangeOf(TEXT, '"final"');
  assert.deepEqual(worldDefinition(world, URI, TEXT, posOf(TEXT, '"qa_review", "security_review"]', 2)), [{ uri: URI, range: rangeOf(TEXT, '"qa_review"') }]);
  assert.deepEqual(worldDefinition(world, URI, TEXT, posOf(TEXT, '["final"]', 3)), [{ uri: URI, range: finalKey }]);
});

test('definition: promptPath and an agents key open the prompt file', () => {
  const zero = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
  assert.deepEqual(worldDefinition(world, URI, TEXT, posOf(TEXT, 'prompts/qa.md', 3)), [{ uri: P('qa'), range: zero }]);
  assert.deepEqual(worldDefinition(world, URI, TEXT, posOf(TEXT, '"sec": {', 2)), [{ uri: P('sec'), range: zero }]);
});

test('definition: a prompt mention goes to the agent and then its prompt; display names too', () => {
  const pm = docs.prompts[0]!.text;
  const locs = worldDefinition(world, P('pm'), pm, posOf(pm, '@architect Please', 3));
  assert.deepEqual(
    locs.map((l) => l.uri),
    [URI, P('architect')],
  );
  assert.deepEqual(locs[0]!.range, rangeOf(TEXT, '"architect"', 1));
  const ev = docs.eval!.text;
  assert.deepEqual(worldDefinition(world, EVAL, ev, posOf(ev, '@Software Architect', 12))[0]!.range, rangeOf(TEXT, '"architect"', 1));
  assert.deepEqual(worldDefinition(world, EVAL, ev, posOf(ev, '"workflowNode": "architecture"', 20)), [{ uri: URI, range: rangeOf(TEXT, '"architecture"') }]);
});

test('references of an agent span world.json, prompts and the eval', () => {
  const refs = worldReferences(world, URI, TEXT, posOf(TEXT, '"pm": {', 2), docs);
  const byUri = new Map<string, number>();
  for (const r of refs) byUri.set(r.uri, (byUri.get(r.uri) ?? 0) + 1);
  // world.json: key, two node agents, entryAgent; qa and sec mention @pm; eval: 4 agent fields.
  assert.equal(byUri.get(URI), 4);
  assert.equal(byUri.get(P('qa')), 1);
  assert.equal(byUri.get(P('sec')), 1);
  assert.equal(byUri.get(EVAL), 4);
  assert.equal(worldReferences(world, URI, TEXT, posOf(TEXT, '"pm": {', 2), docs, false).length, 9);
});

test('rename an agent id across world.json, prompts and eval; display-name mentions stay', () => {
  const r = worldRename(world, P('pm'), docs.prompts[0]!.text, posOf(docs.prompts[0]!.text, '@architect Please', 2), 'designer', docs);
  assert.ok(r && 'edit' in r);
  const ch = r.edit.changes!;
  const newWorld = applyAll(TEXT, ch[URI]);
  assert.match(newWorld, /"agent": "designer"/);
  assert.match(newWorld, /"designer": \{ "name": "Software Architect"/);
  assert.doesNotMatch(newWorld, /"architect"/);
  assert.match(applyAll(docs.prompts[0]!.text, ch[P('pm')]), /^@designer Please design/m);
  const ev = applyAll(docs.eval!.text, ch[EVAL]);
  assert.match(ev, /"agent": "designer", "workflowNode": "architecture"/);
  assert.match(ev, /@Software Architect take it/, 'display-name mentions still resolve and stay');
  assert.equal(ch[LAYOUT], undefined);
});

test('rename a node id updates entry, edges, requires, eval workflowNode and layout keys', () => {
  const r = worldRename(world, URI, TEXT, posOf(TEXT, '"requirements": {', 3), 'brief', docs);
  assert.ok(r && 'edit' in r);
  const ch = r.edit.changes!;
  const w = applyAll(TEXT, ch[URI]);
  assert.equal((w.match(/"brief"/g) ?? []).length, 3);
  assert.doesNotMatch(w, /"requirements"/);
  assert.equal(applyAll(LAYOUT_TEXT, ch[LAYOUT]), LAYOUT_TEXT.replace('"requirements"', '"brief"'));
  assert.match(applyAll(docs.eval!.text, ch[EVAL]), /"workflowNode": "brief"/);
  assert.equal(ch[P('pm')], undefined);
});

test('rename keeps trailing punctuation of a mention and rewrites eval content mentions', () => {
  const prompt = { uri: P('qa'), text: 'Done.\n\n@pm. Next\n' };
  const ev = { uri: EVAL, text: '```json\n{"name":"x","input":{"content":"hi\\n@pm go"},"expect":{"type":"done","agent":"PM"}}\n```\n' };
  const r = worldRename(world, URI, TEXT, posOf(TEXT, '"pm": {', 2), 'lead', { prompts: [prompt], eval: ev });
  assert.ok(r && 'edit' in r);
  assert.equal(applyAll(prompt.text, r.edit.changes![P('qa')]), 'Done.\n\n@lead. Next\n');
  assert.equal(applyAll(ev.text, r.edit.changes![EVAL]), ev.text.replace('@pm go', '@lead go').replace('"PM"', '"lead"'));
});

test('rename rejects invalid and taken names; prepareRename gives the inner range', () => {
  assert.deepEqual(worldRename(world, URI, TEXT, posOf(TEXT, '"dev": {', 2), 'bad name', docs), { error: 'Only letters, digits, "_", and "-" are allowed.' });
  assert.deepEqual(worldRename(world, URI, TEXT, posOf(TEXT, '"dev": {', 2), 'qa', docs), { error: 'agents.qa already exists.' });
  assert.equal(worldRename(world, URI, TEXT, posOf(TEXT, '"sequential-pipeline"', 3), 'x', docs), undefined);
  assert.deepEqual(worldPrepareRename(world, URI, TEXT, posOf(TEXT, '"dev": {', 2)), {
    range: { start: posOf(TEXT, '"dev": {', 1), end: posOf(TEXT, '"dev": {', 4) },
    placeholder: 'dev',
  });
});
