/**
 * OpenCode agents (`.opencode/agent(s)/**\/*.md`) and Gemini CLI subagents (`.gemini/agents/*.md`):
 * the client is decided by the path, and so is what a key or a value means. OpenCode rejects a
 * value of the wrong type and passes unknown keys to the provider; Gemini CLI's schema is strict.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileKindOf } from '../../server/src/core/workspace/fileKinds';
import { agentFileCompletion, agentFileHover, agentFileVariantOf, analyzeAgentFile } from '../../server/src/core/subagents';
import { cursor, joinLines } from '../helpers/markers';

const OPENCODE = 'file:///ws/.opencode/agents/review.md';
const GEMINI = 'file:///ws/.gemini/agents/worker.md';
const codes = (text: string, uri: string) => analyzeAgentFile(text, uri).diagnostics.map((d) => `${d.code}/${d.severity}@${d.range.start.line}`);
const fm = (...lines: string[]) => joinLines('---', ...lines, '---', 'You are an agent.', '');

test('OpenCode and Gemini CLI agent files are subagents by their folders', () => {
  const cases: [string, string | null, string | null][] = [
    ['.opencode/agent/review.md', 'subagent', 'opencode-agent'],
    ['.opencode/agents/team/review.md', 'subagent', 'opencode-agent'],
    ['.opencode/agents/notes.txt', null, null],
    ['.opencode/command/deploy.md', null, null],
    ['.gemini/agents/worker.md', 'subagent', 'gemini-agent'],
    ['.gemini/agents/_draft.md', null, null],
    ['.gemini/agents/sub/worker.md', null, null],
  ];
  for (const [p, kind, variant] of cases) {
    assert.equal(fileKindOf(`/ws/${p}`), kind, p);
    assert.equal(agentFileVariantOf(`/ws/${p}`), variant, p);
  }
});

test('a well-formed OpenCode agent, and one without frontmatter, get no diagnostic', () => {
  const ok = fm(
    'description: Reviews code',
    'mode: subagent',
    'model: anthropic/claude-sonnet-4-5',
    'temperature: 0.1',
    'tools:',
    '  write: false',
    '  bash: false',
    'permission:',
    '  edit: deny',
    'color: "#FF5733"',
    'steps: 5',
  );
  assert.deepEqual(codes(ok, OPENCODE), []);
  assert.deepEqual(codes('Just a prompt.\n', OPENCODE), []);
  assert.equal(analyzeAgentFile('Just a prompt.\n', 'file:///ws/.opencode/agent/team/review.md').name, 'team/review');
});

test('OpenCode: a value of the wrong type is an error (OpenCode rejects the agent), an unknown key information', () => {
  const text = fm(
    'description: Reviews code',
    'mode: background',
    'temperature: warm',
    'hidden: yes',
    'steps: 0',
    'color: magenta',
    'tools: [read, grep]',
    'reasoningEffort: high',
  );
  assert.deepEqual(codes(text, OPENCODE), [
    'subagent-value-invalid/error@2',
    'subagent-value-invalid/error@3',
    'subagent-value-invalid/error@4',
    'subagent-value-invalid/error@5',
    'subagent-value-invalid/error@6',
    'subagent-tools-shape/error@7',
    'subagent-key-unknown/information@8',
  ]);
  const [mode] = analyzeAgentFile(text, OPENCODE).diagnostics;
  assert.match(mode!.message, /^OpenCode will not load this agent: mode 'background'/);
});

test('OpenCode: a prompt key is a warning, since the body replaces it', () => {
  assert.deepEqual(codes(fm('description: Reviews code', 'prompt: "{file:./review.md}"'), OPENCODE), ['subagent-key-ignored/warning@2']);
});

test("OpenCode: YAML it reads after its own rewriting of ':' values passes; YAML it cannot read is an error", () => {
  assert.deepEqual(codes(fm('description: Use it when: the code changed', 'mode: subagent'), OPENCODE), []);
  assert.deepEqual(
    codes(fm('description: Reviews code', '  bad: [unclosed', 'mode: subagent'), OPENCODE).map((c) => c.split('@')[0]),
    ['subagent-yaml-invalid/error'],
  );
});

test('a well-formed Gemini CLI subagent gets no diagnostic', () => {
  const ok = fm(
    'name: code_worker',
    'description: Does scoped work.',
    'kind: local',
    'tools:',
    '  - read_file',
    '  - grep_search',
    'model: gemini-2.5-pro',
    'temperature: 0.2',
    'max_turns: 10',
    'timeout_mins: 5',
  );
  assert.deepEqual(codes(ok, GEMINI), []);
});

test('Gemini CLI: no frontmatter, no name, a name that is not a slug or no description: it will not load the subagent', () => {
  assert.deepEqual(codes('# Worker\n', GEMINI), ['subagent-name-missing/error@0']);
  assert.deepEqual(codes(fm('description: Does work.'), GEMINI), ['subagent-name-missing/error@0']);
  assert.deepEqual(codes(fm('name: Code Worker', 'description: Does work.'), GEMINI), ['subagent-name-invalid/error@1']);
  assert.deepEqual(codes(fm('name: worker'), GEMINI), ['subagent-description-missing/error@1']);
  const [d] = analyzeAgentFile(fm('name: Code Worker', 'description: Does work.'), GEMINI).diagnostics;
  assert.match(d!.message, /^Gemini CLI will not load this subagent/);
});

test('Gemini CLI: a README beside the agents is no subagent, but Gemini CLI tries it and reports a load error: a warning saying to name it with a leading _', () => {
  const [d] = analyzeAgentFile('# Our agents\n', 'file:///ws/.gemini/agents/readme.md').diagnostics;
  assert.deepEqual([d!.code, d!.severity], ['subagent-name-missing', 'warning']);
  assert.match(d!.message, /name it _readme\.md and Gemini CLI skips it/);
  assert.match(analyzeAgentFile('# Worker\n', GEMINI).diagnostics[0]!.message, /skipped when its name starts with '_'/);
});

test('Gemini CLI: an unknown key, a tools string or a bad number is an error; YAML Claude Code would quote is an error too', () => {
  assert.deepEqual(codes(fm('name: worker', 'description: Does work.', 'color: blue'), GEMINI), ['subagent-key-unknown/error@3']);
  assert.deepEqual(codes(fm('name: worker', 'description: Does work.', 'tools: read_file, grep_search'), GEMINI), ['subagent-tools-shape/error@3']);
  assert.deepEqual(codes(fm('name: worker', 'description: Does work.', 'max_turns: 0', 'kind: agent'), GEMINI), ['subagent-value-invalid/error@4']);
  assert.deepEqual(codes(fm('name: worker', 'description: Does work.', 'max_turns: -2'), GEMINI), ['subagent-value-invalid/error@3']);
  assert.deepEqual(codes(fm('name: worker', 'description: Use it when: work comes'), GEMINI), ['subagent-yaml-invalid/error@2']);
  // A remote agent takes agent_card_url, and a local key there is unknown.
  assert.deepEqual(codes(fm('kind: remote', 'name: helper', 'agent_card_url: https://example.com/card.json', 'tools: [a]'), GEMINI), ['subagent-key-unknown/error@4']);
});

test('hover names the client and what it does with the key; the frontmatter fence says what the file is', () => {
  const oc = cursor(fm('description: Reviews', 'mo$0de: subagent'));
  const h = agentFileHover(oc.text, OPENCODE, oc.position);
  assert.match(JSON.stringify(h?.contents), /\*\*mode\*\* \(OpenCode\)/);
  const gm = cursor(fm('name: worker', 'max_t$0urns: 3'));
  assert.match(JSON.stringify(agentFileHover(gm.text, GEMINI, gm.position)?.contents), /\*\*max_turns\*\* \(Gemini CLI\)/);
  const unknown = cursor(fm('name: worker', 'col$0or: blue'));
  assert.match(JSON.stringify(agentFileHover(unknown.text, GEMINI, unknown.position)?.contents), /Gemini CLI does not read this key/);
  const fence = cursor(joinLines('-$0--', 'name: worker', '---', ''));
  assert.match(JSON.stringify(agentFileHover(fence.text, GEMINI, fence.position)?.contents), /Gemini CLI subagent/);
});

test("completion offers each client's keys and the values of its enumerations", () => {
  const key = cursor(joinLines('---', 'description: Reviews', '$0', '---', ''));
  const ocKeys = agentFileCompletion(key.text, OPENCODE, key.position).map((c) => c.label);
  assert.ok(ocKeys.includes('mode') && ocKeys.includes('top_p') && !ocKeys.includes('description') && !ocKeys.includes('max_turns'));
  const gmKeys = agentFileCompletion(key.text, GEMINI, key.position).map((c) => c.label);
  assert.ok(gmKeys.includes('max_turns') && gmKeys.includes('kind') && !gmKeys.includes('mode'));
  const value = cursor(joinLines('---', 'mode: $0', '---', ''));
  assert.deepEqual(
    agentFileCompletion(value.text, OPENCODE, value.position).map((c) => c.label),
    ['subagent', 'primary', 'all'],
  );
  const kind = cursor(joinLines('---', 'kind: $0', '---', ''));
  assert.deepEqual(
    agentFileCompletion(kind.text, GEMINI, kind.position).map((c) => c.label),
    ['local', 'remote'],
  );
});

test("a Gemini CLI subagent naming a Claude or OpenAI model is a warning on the value: the Gemini API does not know it; Gemini's own names are not judged", () => {
  const ds = analyzeAgentFile(fm('name: reviewer', 'description: Reviews code.', 'model: opus'), GEMINI).diagnostics;
  assert.deepEqual(
    ds.map((d) => [d.code, d.severity, d.range.start.line, d.range.start.character]),
    [['subagent-model-unknown', 'warning', 3, 7]],
  );
  assert.match(ds[0]!.message, /'opus' is no Gemini model.*every call of the subagent fails/);
  assert.deepEqual(codes(fm('name: a', 'description: b', 'model: claude-sonnet-4-5'), GEMINI), ['subagent-model-unknown/warning@3']);
  for (const model of ['gemini-2.5-pro', 'inherit', 'flash', 'gemini-3-pro-preview', 'my-proxy-model'])
    assert.deepEqual(codes(fm('name: a', 'description: b', `model: ${model}`), GEMINI), [], model);
  // In Claude Code the same alias is its own.
  assert.deepEqual(codes(fm('name: a', 'description: b', 'model: opus'), 'file:///ws/.claude/agents/a.md'), []);
});

test('a Gemini CLI subagent Gemini CLI will not load gets its load errors, not the advice about its model', () => {
  assert.deepEqual(codes(fm('name: a', 'description: b', 'tools: Read, Grep', 'model: opus'), GEMINI), ['subagent-tools-shape/error@3']);
});
