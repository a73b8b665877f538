import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  agentMdCompletion,
  agentMdDefinition,
  agentMdDocumentSymbols,
  agentMdHover,
  agentWorkspaceDiagnostics,
  analyzeAgentMd,
  inheritanceChain,
  type AgentIndexEntry,
} from '../../server/src/core/agentmd';
import { InMemoryHost } from '../../server/src/core/workspace/host';
import { LineIndex } from '../../server/src/core/text/text';
import { range, type Diagnostic, type Position } from '../../server/src/core/types';

const URI = 'file:///ws/agents/my/AGENT.md';
const EXAMPLE = `---
name: my-agent
description: A helpful assistant agent
version: 1.0.0
extends: base-agent
tools:
  - fs.read
  - checks.rules
workflows:
  - routing
  - parallelization
annotations:
  whenToUse:
    - "When user needs help with file operations"
  examples:
    - "Read the contents of config.json"
---

# My Agent

Your agent instructions, personality, and rules go here in markdown.
`;
const agent = (fm: string, body = '# Agent\nDo things.\n') => `---\n${fm}\n---\n${body}`;
const base = 'name: a\ndescription: d';
function check(text: string, opts: { agents?: AgentIndexEntry[]; host?: InMemoryHost } = {}): Diagnostic[] {
  return analyzeAgentMd(text, URI, opts.host ?? new InMemoryHost(), opts.agents ? { agents: opts.agents } : {}).diagnostics;
}
const brief = (ds: Diagnostic[]) => ds.map((d) => [d.code, d.severity, d.message]);
function cursor(marked: string): { text: string; pos: Position } {
  const at = marked.indexOf('|');
  const text = marked.slice(0, at) + marked.slice(at + 1);
  return { text, pos: new LineIndex(text).positionAt(at) };
}

test('the docs example is valid', () => {
  assert.deepEqual(check(EXAMPLE, { agents: [{ uri: 'file:///ws/base/AGENT.md', name: 'base-agent' }] }), []);
});

test('agent-frontmatter-unclosed: an unclosed block whose first lines hold an OS Protocol key', () => {
  assert.deepEqual(
    check('---\nname: a\n').map((d) => d.code),
    ['agent-frontmatter-unclosed'],
  );
  // A Markdown file that merely opens with a rule is an instruction file.
  assert.deepEqual(check('---\n\nname: a is what we call it\n'), []);
});

test('agent-yaml-invalid: broken YAML that still shows an OS Protocol key', () => {
  assert.equal(check(agent('name: a: b'))[0]!.code, 'agent-yaml-invalid');
  // A list, or broken YAML without an OS Protocol key, is not an agent's frontmatter.
  assert.deepEqual(check(agent('- a')), []);
  assert.deepEqual(check(agent('title: a: b')), []);
});

test('agent-name-missing and agent-description-missing use the schema messages, in a file that uses a key only OS Protocol has', () => {
  assert.deepEqual(brief(check(agent('version: 1.0.0\nworkflows:\n  - routing'))), [
    ['agent-name-missing', 'error', "must have required property 'name'"],
    ['agent-description-missing', 'error', "must have required property 'description'"],
  ]);
});

test('agent-unknown-field: additionalProperties false, on the key, in a file that uses a key only OS Protocol has', () => {
  const d = check(agent(`${base}\nmodel: haiku\nworkflows:\n  - routing`));
  assert.deepEqual(brief(d), [['agent-unknown-field', 'error', 'must NOT have additional properties {"additionalProperty":"model"}']]);
  assert.deepEqual(d[0]!.range, range(3, 0, 3, 5));
  // Without one, the unknown key makes it another tool's agent file: nothing to report.
  assert.deepEqual(check(agent(`${base}\nmodel: haiku`)), []);
});

test('agent-type-string: version 1.0 is a number', () => {
  const d = check(agent(`${base}\nversion: 1.0`));
  assert.deepEqual(
    d.map((x) => [x.code, x.range]),
    [['agent-type-string', range(3, 9, 3, 12)]],
  );
  assert.match(d[0]!.message, /^\/version must be string/);
  assert.deepEqual(check(agent(`${base}\nversion: "1.0.0"`)), []);
});

test('agent-type-array: a comma string for tools (the Claude-style near miss)', () => {
  const d = check(agent('name: osprotocol\ndescription: d\ntools: Read, Grep, Glob'));
  assert.deepEqual(
    d.map((x) => x.code),
    ['agent-type-array'],
  );
  assert.match(d[0]!.message, /^\/tools must be array/);
});

test('agent-item-type: list items must be strings', () => {
  const d = check(agent(`${base}\nworkflows:\n  - routing\n  - 3`));
  assert.deepEqual(
    d.map((x) => [x.code, x.message, x.range]),
    [['agent-item-type', '/workflows/1 must be string', range(5, 4, 5, 5)]],
  );
});

test('agent-annotations-type and agent-when-to-use-missing', () => {
  assert.deepEqual(
    check(agent(`${base}\nannotations: x`)).map((d) => d.message),
    ['/annotations must be object'],
  );
  assert.deepEqual(brief(check(agent(`${base}\nannotations:\n  examples:\n    - e`))), [
    ['agent-when-to-use-missing', 'error', "/annotations must have required property 'whenToUse'"],
  ]);
  assert.deepEqual(
    check(agent(`${base}\nannotations:\n  whenToUse:\n    - w\n  extra: 1`)).map((d) => d.message),
    ['/annotations must NOT have additional properties {"additionalProperty":"extra"}'],
  );
});

test('agent-when-to-use-empty is information', () => {
  assert.deepEqual(
    check(agent(`${base}\nannotations:\n  whenToUse: []`)).map((d) => [d.code, d.severity]),
    [['agent-when-to-use-empty', 'information']],
  );
});

test('agent-version-semver', () => {
  assert.deepEqual(brief(check(agent(`${base}\nversion: v1`))), [['agent-version-semver', 'warning', "version should be a semantic version (MAJOR.MINOR.PATCH), not 'v1'"]]);
  assert.deepEqual(check(agent(`${base}\nversion: 1.2.3-beta.1+build.5`)), []);
});

test('agent-tool-format is a warning, agent-tool-unknown only a hint', () => {
  const d = check(agent(`${base}\ntools:\n  - Read\n  - custom.thing\n  - fs.read\n  - system.fs`));
  assert.deepEqual(
    d.map((x) => [x.code, x.severity, x.range]),
    [
      ['agent-tool-format', 'warning', range(4, 4, 4, 8)],
      ['agent-tool-unknown', 'hint', range(5, 4, 5, 16)],
    ],
  );
});

test('agent-workflow-unknown and agent-workflow-not-schema', () => {
  const d = check(agent(`${base}\nworkflows:\n  - routing\n  - orchestrator-worker\n  - prompt-chaining\n  - magic`));
  assert.deepEqual(
    d.map((x) => [x.code, x.severity]),
    [
      ['agent-workflow-not-schema', 'information'],
      ['agent-workflow-not-schema', 'information'],
      ['agent-workflow-unknown', 'warning'],
    ],
  );
});

test('agent-duplicate-entry', () => {
  assert.deepEqual(
    check(agent(`${base}\ntools:\n  - fs.read\n  - fs.read`)).map((d) => [d.code, d.range]),
    [['agent-duplicate-entry', range(5, 4, 5, 11)]],
  );
});

test('agent-body-empty', () => {
  assert.deepEqual(
    check(agent(base, '\n')).map((d) => [d.code, d.severity]),
    [['agent-body-empty', 'information']],
  );
});

test('agent-extends-unresolved by name needs the agent index', () => {
  const text = agent(`${base}\nextends: base-agent`);
  assert.deepEqual(check(text), []);
  const d = check(text, { agents: [{ uri: 'file:///x/AGENT.md', name: 'other' }] });
  assert.deepEqual(
    d.map((x) => [x.code, x.severity, x.message, x.range]),
    [['agent-extends-unresolved', 'error', "Unknown parent agent 'base-agent'", range(3, 9, 3, 19)]],
  );
  assert.deepEqual(check(text, { agents: [{ uri: 'file:///x/AGENT.md', name: 'base-agent' }] }), []);
});

test('extends as a relative path resolves through the host', () => {
  const text = agent(`${base}\nextends: ../base/AGENT.md`);
  assert.deepEqual(
    check(text).map((d) => d.code),
    ['agent-extends-unresolved'],
  );
  assert.deepEqual(check(text, { host: new InMemoryHost({ 'file:///ws/agents/base/AGENT.md': agent('name: base\ndescription: d') }) }), []);
  const outside = analyzeAgentMd(agent(`${base}\nextends: ../../../x/AGENT.md`), URI, new InMemoryHost(), { workspaceRoots: ['file:///ws'] });
  assert.deepEqual(
    outside.diagnostics.map((d) => d.code),
    ['agent-extends-outside'],
  );
});

test('agent-extends-cycle: self-extends per file, longer cycles across the workspace', () => {
  assert.deepEqual(
    check(agent('name: a\ndescription: d\nextends: a')).map((d) => [d.code, d.message]),
    [['agent-extends-cycle', 'Agent inheritance cycle: a → a']],
  );
  const agents: AgentIndexEntry[] = [
    { uri: 'file:///a', name: 'a', extends: 'b', extendsRange: range(3, 9, 3, 10), nameRange: range(1, 6, 1, 7) },
    { uri: 'file:///b', name: 'b', extends: 'a', extendsRange: range(3, 9, 3, 10), nameRange: range(1, 6, 1, 7) },
    { uri: 'file:///c', name: 'c', extends: 'a', extendsRange: range(3, 9, 3, 10), nameRange: range(1, 6, 1, 7) },
  ];
  const map = agentWorkspaceDiagnostics(agents);
  assert.deepEqual([...map.keys()], ['file:///a', 'file:///b']);
  assert.equal(map.get('file:///a')![0]!.message, 'Agent inheritance cycle: a → b → a');
  assert.deepEqual(inheritanceChain('c', agents), ['a', 'b', 'a']);
});

test('agent-duplicate-name across the workspace, naming the other file by its path from this one', () => {
  const map = agentWorkspaceDiagnostics([
    { uri: 'file:///ws/agents/a/AGENT.md', name: 'x', nameRange: range(1, 6, 1, 7) },
    { uri: 'file:///ws/agents/b/AGENT.md', name: 'x', nameRange: range(1, 6, 1, 7) },
  ]);
  assert.deepEqual(
    map.get('file:///ws/agents/a/AGENT.md')!.map((d) => [d.code, d.severity, d.message]),
    [['agent-duplicate-name', 'warning', "Agent name 'x' is also used by ../b/AGENT.md"]],
  );
});

test('completion: root keys, annotation keys, workflows, tools and extends names', () => {
  const keys = cursor('---\nname: a\n|\n---\n');
  assert.deepEqual(
    agentMdCompletion(keys.text, URI, keys.pos).map((i) => i.label),
    ['description', 'version', 'extends', 'tools', 'workflows', 'annotations'],
  );
  const ann = cursor('---\nannotations:\n  wh|\n---\n');
  assert.deepEqual(
    agentMdCompletion(ann.text, URI, ann.pos).map((i) => [i.label, (i.textEdit as { range: unknown }).range]),
    [
      ['whenToUse', range(2, 2, 2, 4)],
      ['examples', range(2, 2, 2, 4)],
    ],
  );
  const wf = cursor('---\nworkflows:\n  - |\n---\n');
  assert.deepEqual(
    agentMdCompletion(wf.text, URI, wf.pos).map((i) => i.label),
    ['routing', 'orchestrator-workers', 'parallelization', 'evaluator-optimizer'],
  );
  const tools = cursor('---\ntools:\n  - fs.|\n---\n');
  const t = agentMdCompletion(tools.text, URI, tools.pos);
  assert.ok(t.some((i) => i.label === 'fs.read') && t.some((i) => i.label === 'checks.rules'));
  assert.deepEqual((t[0]!.textEdit as { range: unknown }).range, range(2, 4, 2, 7));
  const ext = cursor('---\nname: child\nextends: |\n---\n');
  const agents = [
    { uri: URI, name: 'child' },
    { uri: 'file:///p', name: 'parent' },
    { uri: 'file:///g', name: 'grandchild', extends: 'child' },
  ];
  assert.deepEqual(
    agentMdCompletion(ext.text, URI, ext.pos, agents).map((i) => i.label),
    ['parent'],
  );
});

test('hover: keys, workflows, tools and the inherited chain', () => {
  const text = '---\nname: c\nextends: b\ntools:\n  - fs.read\nworkflows:\n  - routing\n---\n';
  const value = (p: Position) =>
    (
      agentMdHover(text, p, [
        { uri: 'x', name: 'c', extends: 'b' },
        { uri: 'y', name: 'b', extends: 'a' },
      ])?.contents as { value: string } | undefined
    )?.value;
  assert.match(value({ line: 1, character: 1 })!, /^\*\*name\*\* \(`string`, required\)/);
  assert.equal(value({ line: 2, character: 10 }), 'Inherits from: `c` → `b` → `a`');
  assert.equal(value({ line: 4, character: 6 }), '**fs.read**: The `read` method of the `fs` interface');
  assert.match(value({ line: 6, character: 6 })!, /^\*\*routing\*\* workflow: Input → Classify/);
  assert.equal(value({ line: 7, character: 1 }), undefined);
});

test('definition on extends: by name from the index and by path through the host', () => {
  const byName = cursor('---\nname: c\nextends: ba|se\n---\n');
  assert.deepEqual(agentMdDefinition(byName.text, URI, byName.pos, new InMemoryHost(), [{ uri: 'file:///b/AGENT.md', name: 'base', nameRange: range(1, 6, 1, 10) }]), {
    uri: 'file:///b/AGENT.md',
    range: range(1, 6, 1, 10),
  });
  const byPath = cursor('---\nname: c\nextends: ../ba|se\n---\n');
  const host = new InMemoryHost({ 'file:///ws/agents/base/AGENT.md': '' });
  assert.deepEqual(agentMdDefinition(byPath.text, URI, byPath.pos, host), { uri: 'file:///ws/agents/base/AGENT.md', range: range(0, 0, 0, 0) });
  assert.equal(agentMdDefinition(byName.text, URI, byName.pos, new InMemoryHost(), []), null);
});

test('document symbols: the agent and its headings', () => {
  const syms = agentMdDocumentSymbols(EXAMPLE);
  assert.equal(syms[0]!.name, 'my-agent');
  assert.deepEqual(
    syms[0]!.children!.map((c) => c.name),
    ['name', 'description', 'version', 'extends', 'tools', 'workflows', 'annotations'],
  );
  assert.equal(syms[1]!.name, 'My Agent');
});

test('never throws on arbitrary input', () => {
  for (const t of ['', '---', '---\n---', '---\n: :\n---\n', '---\ntools:\n  - [a]\n---\n', '---\nannotations:\n  whenToUse: x\n---\n']) {
    analyzeAgentMd(t, 'bad uri', new InMemoryHost(), { agents: [] });
    agentMdCompletion(t, 'bad', { line: 1, character: 0 });
    agentMdHover(t, { line: 1, character: 0 });
    agentMdDocumentSymbols(t);
  }
});
