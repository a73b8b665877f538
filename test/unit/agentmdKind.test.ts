import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { agentMdDocumentSymbols, agentMdHover, agentMdKindOf, analyzeAgentMd } from '../../server/src/core/agentmd';
import { InMemoryHost } from '../../server/src/core/workspace/host';
import { range } from '../../server/src/core/types';
import { cursor } from '../helpers/markers';

const FIX = join(__dirname, '../fixtures/agent-md');
const read = (name: string) => readFileSync(join(FIX, name, 'AGENT.md'), 'utf8');
const uriOf = (name: string) => `file:///ws/${name}/AGENT.md`;
function check(name: string, host = new InMemoryHost()) {
  return analyzeAgentMd(read(name), uriOf(name), host);
}
const codes = (name: string) => check(name).diagnostics.map((d) => d.code);
const hoverText = (text: string, line: number, character = 0) => {
  const h = agentMdHover(text, { line, character });
  return h ? (h.contents as { value: string }).value : null;
};

test('a plain Markdown AGENT.md is an instruction file with no diagnostics', () => {
  const a = check('plain');
  assert.equal(a.classification.kind, 'instructions');
  assert.equal(a.classification.hasFrontmatter, false);
  assert.deepEqual(a.diagnostics, []);
  assert.equal(a.agent.name, undefined);
});

test('frontmatter with only other metadata (title, tags) is an instruction file', () => {
  const a = check('metadata');
  assert.deepEqual([a.classification.kind, a.classification.osKeys, a.classification.otherKeys], ['instructions', [], ['title', 'tags', 'updated']]);
  assert.deepEqual(a.diagnostics, []);
});

test('an OS Protocol agent is checked: a valid one is clean, an invalid one keeps its errors', () => {
  assert.equal(check('agent-valid').classification.kind, 'os-protocol');
  assert.deepEqual(codes('agent-valid'), []);
  const bad = check('agent-invalid');
  assert.deepEqual(bad.classification.osKeys, ['name', 'tools', 'workflows']);
  assert.deepEqual(
    bad.diagnostics.map((d) => [d.code, d.severity, d.range]),
    [
      ['agent-unknown-field', 'error', range(4, 0, 4, 5)],
      ['agent-description-missing', 'error', range(0, 0, 0, 3)],
      ['agent-type-string', 'error', range(2, 9, 2, 12)],
      ['agent-type-array', 'error', range(3, 7, 3, 17)],
    ],
  );
});

test("keys OS Protocol does not define make another tool's file, not an OS Protocol agent with errors (clients.md §2)", () => {
  // A Cursor rule's keys beside a description.
  const a = check('mixed');
  assert.deepEqual([a.classification.kind, a.classification.osKeys, a.classification.otherKeys], ['instructions', ['description'], ['globs', 'alwaysApply']]);
  assert.deepEqual(a.diagnostics, []);
  // A process library's agent (babysitter: role, expertise, model) and a Claude Code-shaped one.
  const library =
    '---\nname: bug-investigator\ndescription: Finds root causes.\nrole: Root Cause Analyst\nexpertise:\n  - Log-first investigation\nmodel: inherit\n---\n# Bug investigator\n';
  assert.equal(agentMdKindOf(library).kind, 'instructions');
  assert.deepEqual(analyzeAgentMd(library, uriOf('library'), new InMemoryHost({})).diagnostics, []);
  // Without a text name and description it is no OS Protocol agent either...
  assert.equal(agentMdKindOf('---\nname: code-reviewer\ntools:\n  - fs.read\n---\n').kind, 'instructions');
  // ...unless it uses a key only OS Protocol has: then its mistakes are reported.
  assert.equal(agentMdKindOf('---\nname: reviewer\nmodel: haiku\nworkflows:\n  - routing\n---\n').kind, 'os-protocol');
});

test('version alone, a list, or an opening rule with prose below it do not make an agent', () => {
  assert.equal(agentMdKindOf('---\nversion: 1.0.0\n---\nText\n').kind, 'instructions');
  assert.equal(agentMdKindOf('---\n- name\n---\n').kind, 'instructions');
  assert.equal(agentMdKindOf('---\n\nname: the project\n').kind, 'instructions');
  assert.equal(agentMdKindOf('\uFEFF# Title\n').kind, 'instructions');
  assert.equal(agentMdKindOf('---\nname: a: b\n---\n').kind, 'os-protocol');
  assert.equal(agentMdKindOf('---\r\nextends: base\r\n---\r\n').kind, 'os-protocol');
});

test('extends by path to an instruction file is agent-extends-not-agent, to an agent it resolves', () => {
  const host = new InMemoryHost({ [uriOf('plain')]: read('plain'), [uriOf('agent-valid')]: read('agent-valid') });
  const a = check('child', host);
  assert.deepEqual(
    a.diagnostics.map((d) => [d.code, d.severity, d.message, d.range]),
    [
      [
        'agent-extends-not-agent',
        'error',
        "Parent '../plain/AGENT.md' is an instruction file, not an OS Protocol agent (it has no frontmatter with OS Protocol keys)",
        range(3, 9, 3, 26),
      ],
    ],
  );
  assert.equal(a.agent.extendsUri, undefined);
  const text = read('child').replace('../plain/AGENT.md', '../agent-valid');
  const b = analyzeAgentMd(text, uriOf('child'), host);
  assert.deepEqual(b.diagnostics, []);
  assert.equal(b.agent.extendsUri, uriOf('agent-valid'));
});

test('the hover on the first line says which kind the file is, and why', () => {
  const plain = hoverText(read('plain'), 0, 3)!;
  assert.match(plain, /^\*\*AGENT\.md: instruction file\*\*/);
  assert.match(plain, /It has no frontmatter, so OS Protocol rules do not apply/);
  assert.match(hoverText(read('metadata'), 1, 2)!, /only `title`, `tags`, `updated`, none of them an OS Protocol key/);
  assert.match(
    hoverText(read('agent-valid'), 0)!,
    /^\*\*AGENT\.md: OS Protocol agent\.\*\* Its frontmatter holds the OS Protocol keys `name`, `description`, `tools`, `workflows`, `annotations`/,
  );
  assert.match(hoverText(read('mixed'), 0)!, /holds `globs`, `alwaysApply`, which OS Protocol does not define: it is another tool's file/);
});

test('an instruction file has no key, tool or workflow hovers in its body', () => {
  const { text, position } = cursor('# Notes\n\nUse the $0routing table and fs.read.\n');
  assert.equal(agentMdHover(text, position), null);
  const meta = read('metadata');
  assert.equal(hoverText(meta, 6), null);
  // The same words in an agent's frontmatter are documented.
  assert.match(hoverText(read('agent-valid'), 8, 5)!, /^\*\*routing\*\* workflow/);
});

test('the outline of an instruction file is its headings only', () => {
  assert.deepEqual(
    agentMdDocumentSymbols(read('metadata')).map((s) => s.name),
    ['Greenhouse controller'],
  );
  assert.deepEqual(
    agentMdDocumentSymbols(read('agent-valid')).map((s) => s.name),
    ['tide-forecaster', 'Tide forecaster'],
  );
});
