/**
 * Input nested far deeper than any real file: a 10,000-deep world.json, a 10,000-deep value in a
 * `command()` hover, values that would close the hover's code fence. Each gets a bounded,
 * clear answer instead of a stack overflow.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { emptyHost } from '../../server/src/core/workspace/host';
import { analyzeWorld } from '../../server/src/core/world/analyzeWorld';
import { analyzeEval } from '../../server/src/core/world/evalContract';
import { parseWorld } from '../../server/src/core/world/model';
import { worldSchemaDiagnostics } from '../../server/src/core/world/schemaCheck';
import { analyzeFile } from '../../server/src/core/analysis/analyzeFile';
import { parseThreeMd } from '../../server/src/core/threemd/parser';
import { analyzeThreeMd } from '../../server/src/core/agent/threemdAnalysis';
import { hover } from '../../server/src/core/agent/features/hover';
import { depthExceededAt, MAX_DOCUMENT_DEPTH, MAX_VALUE_DEPTH, tooDeep } from '../../server/src/core/text/jsonDepth';
import { fenced } from '../../server/src/core/text/markdownFence';
import { cursor } from '../helpers/markers';
import { BASE_URI } from '../fixtures/world/helpers';

const arrays = (n: number) => '['.repeat(n) + ']'.repeat(n);
const objects = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);

test('a 10,000-deep world.json (arrays, objects, under a key) is reported as too deep, never a RangeError', () => {
  for (const text of [arrays(10_000), objects(10_000), `{"agents": ${arrays(10_000)}}`, `{"workflow": {"nodes": ${objects(10_000)}}}`]) {
    const r = analyzeWorld(text, BASE_URI, emptyHost);
    const deep = r.diagnostics.filter((d) => d.code === 'world-invalid-json');
    assert.equal(deep.length, 1, JSON.stringify(r.diagnostics.slice(0, 3)));
    assert.match(deep[0]!.message, new RegExp(`deeper than ${MAX_DOCUMENT_DEPTH} levels`));
    assert.equal(deep[0]!.range.start.character, depthExceededAt(text));
    assert.deepEqual(worldSchemaDiagnostics(text), []);
    assert.ok(!analyzeFile('world', text, BASE_URI, emptyHost).some((d) => d.code === 'internal-error'));
  }
  // Just inside the limit is parsed as usual.
  assert.equal(parseWorld(arrays(MAX_DOCUMENT_DEPTH), BASE_URI).syntaxErrors.length, 0);
});

test('a 10,000-deep eval case is reported on its block, never a RangeError', () => {
  const text = '# Eval\n\n```json\n' + arrays(10_000) + '\n```\n';
  const ds = analyzeEval(text, parseWorld('{}', BASE_URI));
  assert.ok(
    ds.some((d) => d.code === 'world-eval-invalid-json' && /deeper than/.test(d.message)),
    JSON.stringify(ds),
  );
});

test('nesting is measured without recursion; strings and comments do not count', () => {
  assert.equal(depthExceededAt('{"a": "[[[[[[", "b": [1]} // [[[[[[[', 2), -1);
  assert.equal(depthExceededAt('/* {{{{ */ [[[', 2), 13);
  assert.equal(depthExceededAt('"\\"[[[" [[[', 2), 10);
  const v = JSON.parse(arrays(1_000_000));
  assert.equal(tooDeep(v), true);
  assert.equal(tooDeep(JSON.parse(arrays(MAX_VALUE_DEPTH))), false);
  assert.equal(tooDeep(JSON.parse(arrays(MAX_VALUE_DEPTH + 1))), true);
  assert.equal(tooDeep({ a: 'x', b: [1, { c: null }] }), false);
});

const AGENT = (line: string) =>
  `---\n3md: 1.0\ntitle: A\ntools: rg\n---\n@plane z=0 label="A" kind=identity\nYou.\n@plane z=1 label="search" kind=skill triggers="find" inputs="q" tool="rg {q}"\nSearch.\n@plane z=2 label="notes" kind=skill triggers="note"\n${line}\n`;
const hoverValue = (text: string, position: { line: number; character: number }) => {
  const h = hover(analyzeThreeMd(parseThreeMd(text), { fileName: 'agent.3md' }), position);
  return (h?.contents as { value: string } | undefined)?.value ?? '';
};

test('a 10,000-deep value in a command() hover is refused with a message, never a stack overflow', () => {
  const { text, position } = cursor(AGENT(`See $0command("search", {"q": ${arrays(10_000)}}).`));
  const value = hoverValue(text, position);
  assert.match(value, new RegExp(`nested deeper than ${MAX_VALUE_DEPTH} levels`));
  // The same on a route() line, which lists every command of the line.
  const r = cursor(AGENT(`$0route("find it") and command("search", {"q": ${arrays(10_000)}})`));
  assert.match(hoverValue(r.text, r.position), /nested deeper than/);
});

test('a value holding a code fence cannot close the hover code block', () => {
  const { text, position } = cursor(AGENT('Try $0command("search", {"q": "```\\n# heading\\n````"}).'));
  const value = hoverValue(text, position);
  const fence = /^(`{3,})sh$/m.exec(value);
  assert.ok(fence, value);
  assert.ok(fence[1]!.length >= 5, `fence ${fence[1]} for content with a run of 4 backquotes`);
  const body = value.slice(fence.index + fence[0].length);
  assert.equal(body.indexOf('\n' + fence[1] + '\n') === -1 ? body.trimEnd().endsWith(fence[1]!) : false, true, 'the block ends with its own fence, not earlier');
  assert.equal(fenced('a ` b ``` c', 'sh'), '````sh\na ` b ``` c\n````');
  assert.equal(fenced('plain'), '```\nplain\n```');
});
