// The snippets must expand, with their default values, into text the parser and the agent
// validator accept; otherwise a user starts from a broken file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseThreeMd, documentIssues } from '../../server/src/core/threemd/parser';
import { validateAgent } from '../../server/src/core/agent/validate';

interface Snippet {
  prefix: string | string[];
  body: string | string[];
  description: string;
}

const snippets = JSON.parse(readFileSync(join(__dirname, '..', '..', 'snippets', '3md.code-snippets'), 'utf8')) as Record<string, Snippet>;

/** Expands a snippet body the way VS Code does when every tab stop keeps its default. */
function expand(body: string | string[], fileBase = 'agent'): string {
  let s = Array.isArray(body) ? body.join('\n') : body;
  for (let guard = 0; guard < 50; guard++) {
    const next = s
      .replace(/\$\{TM_FILENAME_BASE\/[^/]*\/[^/]*\/g?\}/g, fileBase)
      .replace(/\$\{TM_FILENAME_BASE\}/g, fileBase)
      .replace(/\$\{\d+:([^${}]*)\}/g, '$1')
      .replace(/\$\{\d+\|([^,|]*)[^|]*\|\}/g, '$1')
      .replace(/\$\{\d+\}|\$\d+/g, '');
    if (next === s) break;
    s = next;
  }
  return s;
}

test('the snippet expander resolves nested defaults, choices and variables', () => {
  assert.equal(expand('a ${1:b ${2:c}} ${3|x,y|} $0 ${4:${TM_FILENAME_BASE/[^a]+/-/g}}', 'f'), 'a b c x  f');
});

test('every snippet has a prefix, a description and no unresolved tab stops', () => {
  for (const [name, s] of Object.entries(snippets)) {
    assert.ok((Array.isArray(s.prefix) ? s.prefix : [s.prefix]).length > 0, name);
    assert.ok(s.description.length > 10, name);
    assert.doesNotMatch(expand(s.body), /\$\{|\$\d/, name);
  }
});

test('the new-agent snippet is a valid agent with no errors or warnings', () => {
  const text = expand(snippets['New agent'].body);
  const doc = parseThreeMd(text);
  assert.deepEqual(documentIssues(doc), []);
  assert.deepEqual(
    validateAgent(doc).map((d) => `${d.code}: ${d.message}`),
    [],
  );
});

test('the skill and plane snippets append cleanly to the new agent', () => {
  const agent = expand(snippets['New agent'].body);
  const withSkill = `${agent}\n${expand(snippets['New skill plane'].body).replace('z=1', 'z=2')}`;
  const doc = parseThreeMd(withSkill);
  assert.deepEqual(documentIssues(doc), []);
  const errors = validateAgent(doc).filter((d) => d.severity === 'error');
  assert.deepEqual(
    errors.map((d) => d.code),
    [],
  );
});

test('the dependency-link snippet is a link to an existing skill in the new agent', () => {
  const link = expand(snippets['Dependency link'].body);
  assert.equal(link, '[[z=1|skill-name]]');
  const text = expand(snippets['New agent'].body).replace('You are a careful', `Use ${link}. You are a careful`);
  const codes = validateAgent(parseThreeMd(text)).map((d) => d.code);
  assert.ok(!codes.includes('dead-link'), codes.join(','));
});
