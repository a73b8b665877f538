// A skill's eval files: evals/evals.json (the eval workflow's test cases) and trigger query sets
// (run_eval.py --eval-set): what the workflow cannot read, reads wrongly or counts once.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeSkillEvals, queryMatchDiagnostics, skillEvalVariantOf } from '../../server/src/core/skillEvals';
import { fileKindOf } from '../../server/src/core/workspace/fileKinds';
import { InMemoryHost } from '../../server/src/core/workspace/host';

const SKILL = 'file:///ws/skills/pdf';
const host = new InMemoryHost({
  [`${SKILL}/SKILL.md`]: '---\nname: pdf\ndescription: PDF work.\n---\n',
  [`${SKILL}/evals/files/form.pdf`]: 'x',
});
const evals = (text: string) => analyzeSkillEvals(text, `${SKILL}/evals/evals.json`, host).diagnostics;
const queries = (text: string) => analyzeSkillEvals(text, `${SKILL}/eval_queries.json`, host).diagnostics;
const codes = (ds: { code: string; severity: string }[]) => ds.map((d) => `${d.severity} ${d.code}`);

test('the eval files are known by name: evals/evals.json and the trigger query sets', () => {
  assert.equal(fileKindOf('skills/pdf/evals/evals.json'), 'skill-evals');
  assert.equal(fileKindOf('skills/pdf/evals.json'), null, 'evals.json outside evals/ is not one');
  for (const name of ['eval_queries.json', 'train_queries.json', 'validation_queries.json', 'trigger_eval.json', 'trigger-evals-v2.json'])
    assert.equal(skillEvalVariantOf(`skills/pdf/${name}`), 'queries', name);
  assert.equal(skillEvalVariantOf('skills/pdf/queries.json'), undefined);
});

test('a well-formed evals.json has no findings', () => {
  assert.deepEqual(
    evals('{"skill_name": "pdf", "evals": [{"id": 1, "prompt": "Fill the form", "expected_output": "A form", "files": ["evals/files/form.pdf"], "assertions": ["filled"]}]}'),
    [],
  );
});

test('evals.json: invalid JSON, evals that are no list, a case without prompt, a duplicate id: warnings on the value at fault; no evals at all (another runner’s format) is advice', () => {
  assert.deepEqual(codes(evals('{"evals": [,]}')), ['warning evals-invalid-json']);
  assert.deepEqual(codes(evals('{"evals": {"a": 1}}')), ['warning evals-shape']);
  assert.deepEqual(codes(evals('{"schema_version": "deerflow.skill-reviewer.eval.v1", "cases": []}')), ['information evals-shape']);
  const ds = evals('{"evals": [{"id": 1, "prompt": "a"}, {"id": 1, "prompt": ""}]}');
  assert.deepEqual(codes(ds), ['warning evals-shape', 'warning evals-duplicate-id']);
  assert.deepEqual(ds[1]!.range.start, { line: 0, character: 44 }, 'on the second id');
  assert.match(ds[1]!.message, /eval-1 folder/);
});

test("evals.json whose evals all lack `prompt` is another runner's format: advice; one eval without it among others with it is a slip: a warning", () => {
  const own = evals(
    '{"skill_name": "pdf", "eval_dimensions": [], "evals": [{"scenario": "Big file", "expected": "Splits it", "assertions": ["split"]}, {"scenario": "Small", "expected": "OK"}]}',
  );
  assert.deepEqual(codes(own), ['information evals-shape', 'information evals-shape']);
  assert.match(own[0]!.message, /No eval of this file has a `prompt`/);
  assert.deepEqual(codes(evals('{"evals": [{"id": 1, "prompt": "Fill the form"}, {"id": 2, "scenario": "Empty form"}]}')), ['warning evals-shape']);
  // The shape of the file itself still counts.
  assert.deepEqual(codes(evals('{"evals": [{"scenario": "x", "assertions": "all"}]}')), ['information evals-shape', 'information evals-shape']);
});

test('evals.json: a missing input file is a warning; one found under evals/ says to write the path from the skill root', () => {
  const ds = evals('{"evals": [{"id": 1, "prompt": "p", "files": ["evals/files/none.pdf", "files/form.pdf", "https://x/y.pdf"]}]}');
  assert.deepEqual(codes(ds), ['warning evals-file-missing', 'information evals-file-missing']);
  assert.match(ds[1]!.message, /write `evals\/files\/form\.pdf`/);
});

test("evals.json: an input file found from a folder above the skill's (the repository's root) is advice naming that folder: an agent running the eval there reads it", () => {
  const repo = new InMemoryHost({
    'file:///ws/docs/plan/feature.md': '# Plan\n',
    'file:///ws/CONTRIBUTING.md': '# Contributing\n',
    'file:///ws/skills/pdf/SKILL.md': '---\nname: pdf\n---\n',
  });
  const ds = analyzeSkillEvals(
    '{"evals": [{"id": 1, "prompt": "p", "files": ["docs/plan/feature.md", "docs/plan/gone.md", "CONTRIBUTING.md"]}]}',
    `${SKILL}/evals/evals.json`,
    repo,
  ).diagnostics;
  // A bare name the root holds may be the repository's own file, not the eval's input: still a warning.
  assert.deepEqual(codes(ds), ['information evals-file-missing', 'warning evals-file-missing', 'warning evals-file-missing']);
  assert.match(ds[0]!.message, /not in the skill folder but in '\.\.\/\.\.' \(ws\): an agent that runs the eval from there reads it/);
});

test('evals.json: object assertions, a text id, another skill_name, a query list and a case that is a trigger query are information', () => {
  assert.deepEqual(codes(evals('{"skill_name": "other", "evals": [{"id": "one", "prompt": "p", "assertions": [{"id": "a", "text": "t"}]}]}')), [
    'information evals-shape',
    'information evals-shape',
    'information evals-skill-name',
  ]);
  // A trigger query under another runner's name for its text (`input`) is that runner's format.
  const own = evals(
    '{"evals": [{"id": 1, "input": "fill my form", "should_trigger": true}, {"id": 2, "input": "draw a chart", "should_trigger": "no"}, {"id": 3, "prompt": "p"}]}',
  );
  assert.deepEqual(codes(own), ['information evals-shape', 'warning evals-shape']);
  assert.match(own[0]!.message, /trigger query/);
  const list = evals('[{"query": "fill my form", "should_trigger": true}]');
  assert.deepEqual(codes(list), ['information evals-shape']);
  assert.match(list[0]!.message, /trigger queries/);
});

test('query sets: a query without should_trigger stops run_eval.py; a repeated query counts once', () => {
  const ds = queries('[{"query": "a", "should_trigger": true}, {"query": "b"}, {"query": "a", "should_trigger": false}, {"should_trigger": true}]');
  assert.deepEqual(codes(ds), ['warning evals-queries-shape', 'warning evals-query-duplicate', 'warning evals-queries-shape']);
  assert.match(ds[1]!.message, /opposite should_trigger/);
  assert.deepEqual(codes(queries('{"query": "a"}')), ['warning evals-queries-shape']);
});

test("query sets: well-formed queries wrapped in an object under `queries` (a runner of the project's own) are information; a wrapper of broken ones is not", () => {
  const wrapped = queries('{"skill_name": "api-design", "queries": [{"query": "design an API", "should_trigger": true}, {"query": "bake a cake", "should_trigger": false}]}');
  assert.deepEqual(codes(wrapped), ['information evals-queries-shape']);
  assert.match(wrapped[0]!.message, /wraps them in an object under `queries`/);
  assert.deepEqual(codes(queries('{"queries": [{"query": "design an API"}]}')), ['warning evals-queries-shape']);
  assert.deepEqual(codes(queries('{"queries": "design an API"}')), ['warning evals-queries-shape']);
});

test("query sets: an object in a format of the project's own (should_trigger lists split into train and val) is information; run_eval.py cannot read it", () => {
  const own = queries(
    '{"description": "Trigger evals.", "should_trigger": {"train": ["PR opened: adds a flag"], "val": ["PR opened: renames a verb"]}, "should_not_trigger": {"train": ["fix a typo"]}}',
  );
  assert.deepEqual(codes(own), ['information evals-queries-shape']);
  assert.match(own[0]!.message, /this file is an object in a format of its own/);
});

test("a query set with no SKILL.md beside it or above it (a project's own runner may read another format) gets run_eval.py's verdicts as advice", () => {
  const set = '[{"prompt": "design a schema", "should_trigger": true}]';
  assert.deepEqual(codes(analyzeSkillEvals(set, `${SKILL}/evals/trigger_eval.json`, host).diagnostics), ['warning evals-queries-shape']);
  const away = analyzeSkillEvals(set, 'file:///w/testing/schema-design/trigger-eval.json', host).diagnostics;
  assert.deepEqual(codes(away), ['information evals-queries-shape']);
  assert.match(away[0]!.message, /No SKILL\.md is beside it or above it/);
});

test('query sets: four or more queries all on one side are information', () => {
  const all = (v: boolean) => JSON.stringify(['a', 'b', 'c', 'd'].map((query) => ({ query, should_trigger: v })));
  assert.deepEqual(codes(queries(all(true))), ['information evals-queries-one-sided']);
  assert.deepEqual(codes(queries(all(false))), ['information evals-queries-one-sided']);
  assert.deepEqual(codes(queries(JSON.stringify([{ query: 'a', should_trigger: true }]))), [], 'too few to say');
});

test('hostile input: deep nesting and an empty file give no crash', () => {
  assert.deepEqual(codes(evals('['.repeat(100_000))), ['warning evals-invalid-json']);
  assert.deepEqual(evals(''), []);
});

test('evals-query-better-match: a should-trigger query closer to another listed skill is information on the query, pointing at it', () => {
  const skill = (name: string, description: string) => ({ uri: `file:///ws/.claude/skills/${name}/SKILL.md`, name, description, targets: ['claude-code'] });
  const forms = skill('pdf-forms', 'Fill in PDF forms: text fields, checkboxes and signatures.');
  const merge = skill('pdf-merge', 'Merge, split and reorder the pages of PDF documents.');
  const text =
    '[{"query": "fill in the form fields of this pdf", "should_trigger": true}, {"query": "merge these pdf pages into one document", "should_trigger": true}, {"query": "split the pages", "should_trigger": false}]';
  const a = analyzeSkillEvals(text, 'file:///ws/.claude/skills/pdf-forms/eval_queries.json', host);
  const ds = queryMatchDiagnostics(a.queries, forms, [forms, merge]);
  assert.deepEqual(codes(ds), ['information evals-query-better-match']);
  assert.equal(ds[0]!.range.start.character, text.indexOf('"merge these'));
  assert.match(ds[0]!.message, /closer to 'pdf-merge' \(\.\.\/pdf-merge\/SKILL\.md, 0\.\d\d\) than to 'pdf-forms' \(0\.\d\d\)/);
  assert.equal(ds[0]!.related?.[0]?.uri, merge.uri);
  // A skill no modelled client lists: nothing to compare.
  assert.deepEqual(queryMatchDiagnostics(a.queries, { ...forms, targets: ['spec'] }, [merge]), []);
});
