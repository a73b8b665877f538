import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseThreeMd } from '../../server/src/core/threemd/parser';
import { analyzeThreeMd } from '../../server/src/core/agent/threemdAnalysis';
import { isAgentDocument } from '../../server/src/core/agent/detect';
import { joinLines, ranges } from '../helpers/markers';

const HEAD = ['---', '3md: 1.0', 'title: T', '---', '@plane z=0 label="T" kind=identity', 'You are T.'];
const agent = (...lines: string[]) => joinLines(...HEAD, ...lines);
/** [code, message, range] of every diagnostic. */
const check = (text: string) => analyzeThreeMd(parseThreeMd(text), { fileName: 'agent.3md' }).diagnostics.map((d) => [d.code, d.message, d.range] as const);
const codes = (text: string) => check(text).map((d) => d[0]);
/** Asserts exactly one diagnostic, on the single «marked» range. */
function only(marked: string, code: string, message: string): void {
  const { text, ranges: r } = ranges(marked);
  assert.deepEqual(check(text), [[code, message, r[0]]]);
}

test('frontmatter: an agent without title: or agent: is named on the opening fence', () => {
  only(joinLines('«---»', '3md: 1.0', '---', '@plane z=0 kind=identity', '@plane z=1 label="a" triggers="a"'), 'frontmatter', 'need a `title:` or `agent:` to name the agent');
  assert.deepEqual(codes(joinLines('---', '3md: 1.0', 'agent: a', '---', '@plane z=0 kind=identity')), []);
});

test('frontmatter: an empty title is shown on its key', () => {
  only(joinLines('---', '3md: 1.0', '«title»: ""', '---', '@plane z=0 kind=identity'), 'frontmatter', 'need a `title:` or `agent:` to name the agent');
});

test('identity: a second kind=identity is flagged on its kind value with the first as related', () => {
  const { text, ranges: r } = ranges(agent('@plane z=1 label="x" kind=«identity»'));
  const d = analyzeThreeMd(parseThreeMd(text)).diagnostics;
  assert.deepEqual(
    d.map((x) => [x.code, x.message, x.range]),
    [['identity', 'expected one identity plane, found 2', r[0]]],
  );
  assert.equal(d[0]!.related![0]!.message, 'first identity plane (z=0)');
});

test('identity: an agent with no planes', () => {
  assert.deepEqual(
    check(joinLines('---', '3md: 1.0', 'axis: skill', 'title: T', '---')).map((d) => d[1]),
    ['document has no planes (need at least an identity plane)'],
  );
});

test('missing-label: a skill without a label, shown on @plane', () => {
  only(agent('«@plane» z=1 triggers="a"'), 'missing-label', 'skill at z=1 has no label (every skill needs a name)');
  only(agent('@plane z=1 label=«"  "» triggers="a"'), 'missing-label', 'skill at z=1 has no label (every skill needs a name)');
});

test('unique-skill: the later duplicate label (trimmed) is flagged', () => {
  only(agent('@plane z=1 label="s" triggers="a"', '@plane z=2 label=«"s"» triggers="b"'), 'unique-skill', 'duplicate skill name "s" (also at z=1)');
  assert.deepEqual(codes(agent('@plane z=1 label="s" triggers="a"', '@plane z=2 label=" s" triggers="b"')), ['unique-skill', 'label-whitespace']);
});

test('dead-link: every occurrence of a link to a missing plane, identity included; non-integer targets are not dependencies', () => {
  const { text, ranges: r } = ranges(agent('See «[[z=7]]» and «[[z=7|again]]».', '@plane z=1 label="s" triggers="a"', 'ok [[z=0]]'));
  assert.deepEqual(check(text), [
    ['dead-link', 'link [[z=7]] points to a plane that does not exist', r[0]],
    ['dead-link', 'link [[z=7]] points to a plane that does not exist', r[1]],
  ]);
  assert.deepEqual(codes(agent('x [[z=1.5]]', '@plane z=1 label="s" triggers="a"')), ['link-not-dependency']);
  // Every shape of target a 3md link takes that is not an unsigned integer, after ordinary dependencies in the same plane.
  for (const target of ['-1', '+2', '1e3', '.5', '12.']) {
    assert.deepEqual(codes(agent(`[[z=1]] and [[z=1|one]] then [[z=${target}]]`, '@plane z=1 label="s" triggers="a"')), ['link-not-dependency'], target);
  }
});

test('link-not-dependency: found in a fenced part of a plane, past a line a fence keeps from being a directive', () => {
  const fenced = (target: string) => agent('@plane z=1 label="s" triggers="a"', '```', '@plane z=5 label="in the fence"', `see [[z=${target}]]`, '```');
  assert.deepEqual(codes(fenced('1.5')), ['link-not-dependency']);
  assert.deepEqual(codes(fenced('0')), []);
});

test('dead-link: ranges of links several to a line, after blank lines, and with a label that spans lines', () => {
  const { text, ranges: r } = ranges(agent('@plane z=1 label="s" triggers="a"', '', '«[[z=8]]»«[[z=9]]» x «[[z=8|a', 'two-line label]]» and «[[z=10]]»'));
  assert.deepEqual(
    check(text).map((d) => d[2]),
    [r[0], r[1], r[2], r[3]],
  );
});

test('entry: a non-integer or unknown entry is shown on its value', () => {
  only(joinLines('---', '3md: 1.0', 'title: T', 'entry: «"1.5"»', '---', '@plane z=0 kind=identity'), 'entry', 'entry: "1.5" must be a plane z (an integer)');
  only(joinLines('---', '3md: 1.0', 'title: T', 'entry: «9»', '---', '@plane z=0 kind=identity'), 'entry', 'entry: "9" does not resolve to a real plane');
  assert.deepEqual(codes(joinLines('---', '3md: 1.0', 'title: T', 'entry: " 0 "', '---', '@plane z=0 kind=identity')), []);
});

test('cycle: reported on the link that closes it; a self-link is a cycle', () => {
  only(agent('@plane z=1 label="a" triggers="a"', 'a needs «[[z=1]]»'), 'cycle', 'dependency cycle detected (involving plane z=1)');
  assert.deepEqual(codes(agent('@plane z=1 label="a" triggers="a"', '[[z=2]]', '@plane z=2 label="b" triggers="b"', 'none')), []);
});

test('cycle: a 100,000-plane chain closing on itself does not overflow the stack', () => {
  const lines = ['---', '3md: 1.0', 'title: Deep', '---', '@plane z=0 kind=identity'];
  const n = 100_000;
  for (let i = 1; i <= n; i++) lines.push(`@plane z=${i} label="s${i}" triggers="t${i}"`, `[[z=${i === n ? 1 : i + 1}]]`);
  const d = analyzeThreeMd(parseThreeMd(lines.join('\n'))).diagnostics;
  assert.deepEqual(
    d.map((x) => x.code),
    ['cycle'],
  );
});

test('triggers: a skill with empty or no triggers warns', () => {
  only(agent('@plane z=1 label=«"s"»'), 'triggers', 'skill "s" has no triggers; it can never be routed to');
  only(agent('@plane z=1 label="s" triggers=«" "»'), 'triggers', 'skill "s" has no triggers; it can never be routed to');
});

test('dup-input and input-type: on the repeated name and on the bad type', () => {
  only(agent('@plane z=1 label="s" triggers="a" inputs="q, «q»:number"'), 'dup-input', 'skill "s" declares input "q" more than once');
  only(agent('@plane z=1 label="s" triggers="a" inputs="n:«int»?"'), 'input-type', 'input "n" has unknown type "int" (use one of: string, number, boolean, object, array)');
  assert.deepEqual(codes(agent('@plane z=1 label="s" triggers="a" inputs="a, b:NUMBER, c:boolean?, d:object, e:array"')), []);
});

test('tool: an empty tool warns; tool-input flags each undeclared placeholder occurrence', () => {
  only(agent('@plane z=1 label="s" triggers="a" tool=«" "»'), 'tool', 'skill "s" has an empty tool binding');
  const { text, ranges: r } = ranges(agent('@plane z=1 label="s" triggers="a" tool="rg {«p»} {«p»}"'));
  assert.deepEqual(check(text), [
    ['tool-input', 'skill "s" command references {p}, which is not a declared input', r[0]],
    ['tool-input', 'skill "s" command references {p}, which is not a declared input', r[1]],
  ]);
});

test('placeholder ranges stay right when the value has escaped quotes', () => {
  only(agent('@plane z=1 label="s" triggers="a" tool="say \\"hi\\" {«who»}"'), 'tool-input', 'skill "s" command references {who}, which is not a declared input');
});

test('unused-input: an input the command never uses, only when there is a command', () => {
  only(agent('@plane z=1 label="s" triggers="a" inputs="q, «extra»" tool="rg {q}"'), 'unused-input', 'skill "s" declares input "extra" that its command never uses');
  assert.deepEqual(codes(agent('@plane z=1 label="s" triggers="a" inputs="q"')), []);
});

test('undeclared-tool: the binary is checked against tools: only when the list is non-empty', () => {
  const text = joinLines('---', '3md: 1.0', 'title: T', 'tools: jq', '---', '@plane z=0 kind=identity', '@plane z=1 label="s" triggers="a" tool="«rg» ."');
  only(text, 'undeclared-tool', 'skill "s" runs "rg", which is not in the agent\'s tools list');
  assert.deepEqual(codes(agent('@plane z=1 label="s" triggers="a" tool="rg ."')), []);
});

test('route-assertion: a stated routing result that the router contradicts', () => {
  only(
    agent('route("grep the logs") selects «other»', '@plane z=1 label="search" triggers="grep"', '@plane z=2 label="other" triggers="x"'),
    'route-assertion',
    'route("grep the logs") selects "search" (score 1), not "other"',
  );
  assert.deepEqual(codes(agent('route("grep the logs") selects search', '@plane z=1 label="search" triggers="grep"')), []);
});

test('extras: version other than 1.0, unknown kind and label whitespace', () => {
  assert.deepEqual(codes(joinLines('---', '3md: 0.1', 'title: T', '---', '@plane z=0 kind=identity')), ['agent-version']);
  assert.deepEqual(codes(agent('@plane z=1 label="s" kind=identiy triggers="a"')), ['unknown-kind']);
});

test('grammar errors in an agent are reported as parse with the 3md message, and the agent rules still run', () => {
  const { text, ranges: r } = ranges(agent('@plane z=1 «oops» label="s" triggers="a"', 'x [[z=9]]'));
  const d = check(text);
  assert.deepEqual(d[0], ['parse', "not valid 3md: Invalid @plane directive on line 7: expected key=value, found 'oops'", r[0]]);
  assert.deepEqual(
    d.slice(1).map((x) => x[0]),
    ['dead-link'],
  );
});

test('detection reads agent vectors as agents and runbooks as plain 3md', () => {
  const detect = (t: string, name = 'x.3md') => isAgentDocument(parseThreeMd(t), name);
  assert.equal(detect(joinLines('---', '3md: 1.0', 'title: F', 'model: m', '---', '@plane z=0 label="F"', '@plane z=1 label="e" triggers="echo"')), true);
  assert.equal(detect(joinLines('---', '3md: 1.0', 'axis: skill', '---')), true);
  assert.equal(detect(joinLines('---', '3md: 1', 'title: Deploy', '---', '@plane z=0 kind=entry tool="make deploy"', '@plane z=1 kind=decision')), false);
  assert.equal(detect(joinLines('---', '3md: 1', '---', 'text'), 'agent.3md'), true);
  assert.equal(detect(joinLines('---', '3md: 1', '---', 'text'), 'my.agent.3md'), true);
});

test('plain 3md: dangling links are warnings, agent rules do not apply', () => {
  const { text, ranges: r } = ranges(joinLines('---', '3md: 1', '---', '@plane z=0', 'see «[[z=4|four]]»', '@plane z=1'));
  const a = analyzeThreeMd(parseThreeMd(text), { fileName: 'notes.3md' });
  assert.equal(a.isAgent, false);
  assert.deepEqual(
    a.diagnostics.map((d) => [d.code, d.severity, d.range]),
    [['dangling-link', 'warning', r[0]]],
  );
});

test('a grammar test (its first line a SYNTAX TEST header) is no document: its findings are advice', () => {
  const body = ['---', '3md: 1', '---', '@plane z=0', 'see [[z=4]]'];
  const codes = (first: string) => analyzeThreeMd(parseThreeMd(joinLines(first, ...body)), { fileName: 'links.3md' }).diagnostics.map((d) => [d.code, d.severity]);
  assert.deepEqual(codes('# SYNTAX TEST "source.3md" "links"'), [
    ['missingFrontmatter', 'information'],
    ['dangling-link', 'information'],
  ]);
  assert.deepEqual(codes('// SYNTAX TEST "source.3md"'), [
    ['missingFrontmatter', 'information'],
    ['dangling-link', 'information'],
  ]);
  assert.deepEqual(codes('# Syntax test notes'), [
    ['missingFrontmatter', 'error'],
    ['dangling-link', 'warning'],
  ]);
});

test('forcing a reading overrides detection', () => {
  const text = joinLines('---', '3md: 1', '---', '@plane z=0', '@plane z=1');
  assert.equal(
    analyzeThreeMd(parseThreeMd(text), { detection: 'agent' }).diagnostics.some((d) => d.code === 'frontmatter'),
    true,
  );
  assert.equal(analyzeThreeMd(parseThreeMd(agent()), { fileName: 'agent.3md', detection: '3md' }).isAgent, false);
});
