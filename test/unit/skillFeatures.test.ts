import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TextEdit } from 'vscode-languageserver-types';
import {
  analyzeSkill,
  duplicateSkillNames,
  skillCodeActions,
  skillCompletion,
  skillDefinition,
  skillDocumentLinks,
  skillDocumentSymbols,
  skillNavigation,
  skillHover,
  skillsToPrompt,
} from '../../server/src/core/skills';
import { InMemoryHost } from '../../server/src/core/workspace/host';
import { LineIndex } from '../../server/src/core/text/text';
import { range, type Position } from '../../server/src/core/types';

const DIR = 'file:///ws/skills/my-skill';
const URI = `${DIR}/SKILL.md`;

/** Splits a `|` cursor marker out of a text. */
function cursor(marked: string): { text: string; pos: Position } {
  const at = marked.indexOf('|');
  const text = marked.slice(0, at) + marked.slice(at + 1);
  return { text, pos: new LineIndex(text).positionAt(at) };
}

function apply(text: string, edits: TextEdit[]): string {
  const index = new LineIndex(text);
  const sorted = [...edits].sort((a, b) => index.offsetAt(b.range.start) - index.offsetAt(a.range.start));
  let out = text;
  for (const e of sorted) out = out.slice(0, index.offsetAt(e.range.start)) + e.newText + out.slice(index.offsetAt(e.range.end));
  return out;
}

function fixed(text: string, code: string, host = new InMemoryHost(), uri = URI): string {
  const diags = analyzeSkill(text, uri, host).diagnostics.filter((d) => d.code === code);
  assert.equal(diags.length >= 1, true, code);
  const actions = skillCodeActions(text, uri, diags.slice(0, 1));
  assert.equal(actions.length, 1);
  return apply(text, actions[0]!.edit!.changes![uri]!);
}

test('quick fix: set name to the folder name', () => {
  assert.equal(fixed('---\nname: other\ndescription: Use when x.\n---\n', 'skill-name-directory-mismatch'), '---\nname: my-skill\ndescription: Use when x.\n---\n');
});

test('quick fix: lowercase the name', () => {
  assert.equal(fixed('---\nname: My-Skill\ndescription: Use when x.\n---\n', 'skill-name-not-lowercase'), '---\nname: my-skill\ndescription: Use when x.\n---\n');
});

test('quick fix: quote a value with ": " in it', () => {
  assert.equal(
    fixed('---\nname: my-skill\ndescription: Use this when: the user asks  # note\n---\n', 'skill-yaml-colon-in-value'),
    '---\nname: my-skill\ndescription: "Use this when: the user asks"  # note\n---\n',
  );
});

test('quick fix: move an unknown key under an existing metadata map', () => {
  const text = '---\nname: my-skill\nmetadata:\n  author: me\ndescription: Use when x.\nversion: "2"\n---\n';
  assert.equal(fixed(text, 'skill-unexpected-field'), '---\nname: my-skill\nmetadata:\n  author: me\n  version: "2"\ndescription: Use when x.\n---\n');
});

test('quick fix: move an unknown key under a new metadata map', () => {
  const text = '---\nname: my-skill\nowner: team\ndescription: Use when x.\n---\n';
  assert.equal(fixed(text, 'skill-unexpected-field'), '---\nname: my-skill\ndescription: Use when x.\nmetadata:\n  owner: team\n---\n');
  const last = '---\nname: my-skill\ndescription: Use when x.\nowner: team\n---\n';
  assert.equal(fixed(last, 'skill-unexpected-field'), '---\nname: my-skill\ndescription: Use when x.\nmetadata:\n  owner: team\n---\n');
});

test('quick fix: moving a key right after metadata keeps one edit', () => {
  const text = '---\nname: my-skill\ndescription: Use when x.\nmetadata:\n  a: b\nowner: team\n---\n';
  assert.equal(fixed(text, 'skill-unexpected-field'), '---\nname: my-skill\ndescription: Use when x.\nmetadata:\n  a: b\n  owner: team\n---\n');
});

test('quick fix: create a missing referenced file', () => {
  const text = '---\nname: my-skill\ndescription: Use when x.\n---\nSee [r](references/REF.md).\n';
  const diags = analyzeSkill(text, URI, new InMemoryHost()).diagnostics;
  const [a] = skillCodeActions(text, URI, diags);
  assert.equal(a!.title, "Create 'references/REF.md'");
  assert.deepEqual(a!.edit!.documentChanges, [{ kind: 'create', uri: `${DIR}/references/REF.md`, options: { ignoreIfExists: true } }]);
});

test('duplicate skill names where one client reads both warn on each, naming the other by its workspace path', () => {
  const at = range(1, 6, 1, 15);
  const map = duplicateSkillNames(
    [
      { uri: 'file:///ws/.agents/skills/a/SKILL.md', name: 'spec-sync', nameRange: at, targets: ['codex', 'opencode'] },
      { uri: 'file:///ws/.claude/skills/b/SKILL.md', name: 'spec-sync', nameRange: at, targets: ['opencode'] },
      { uri: 'file:///ws/.claude/skills/c/SKILL.md', name: 'other', nameRange: range(1, 6, 1, 11), targets: ['opencode'] },
    ],
    { roots: ['file:///ws'] },
  );
  assert.deepEqual([...map.keys()], ['file:///ws/.agents/skills/a/SKILL.md', 'file:///ws/.claude/skills/b/SKILL.md']);
  const d = map.get('file:///ws/.agents/skills/a/SKILL.md')![0]!;
  assert.equal(d.code, 'skill-duplicate-name');
  assert.equal(d.severity, 'warning');
  assert.deepEqual(d.range, at);
  assert.match(d.message, /^Skill name 'spec-sync' is also used by \.claude\/skills\/b\/SKILL\.md: OpenCode/);
});

test('to-prompt XML matches the reference exactly', () => {
  assert.equal(skillsToPrompt([]), '<available_skills>\n</available_skills>');
  assert.equal(
    skillsToPrompt([{ name: 'pdf-reader', description: 'Read "PDF" files & it\'s <fast>', location: '/home/user/skills/pdf-reader/SKILL.md' }]),
    [
      '<available_skills>',
      '<skill>',
      '<name>',
      'pdf-reader',
      '</name>',
      '<description>',
      'Read &quot;PDF&quot; files &amp; it&#x27;s &lt;fast&gt;',
      '</description>',
      '<location>',
      '/home/user/skills/pdf-reader/SKILL.md',
      '</location>',
      '</skill>',
      '</available_skills>',
    ].join('\n'),
  );
});

test('completion offers the six keys with snippets, name prefilled from the folder', () => {
  const { text, pos } = cursor('---\nname: my-skill\n|\n---\n');
  const items = skillCompletion(text, URI, pos, new InMemoryHost());
  assert.deepEqual(
    items.map((i) => i.label),
    ['description', 'license', 'compatibility', 'metadata', 'allowed-tools'],
  );
  assert.equal(items[0]!.textEdit && 'newText' in items[0]!.textEdit ? items[0]!.textEdit.newText : '', 'description: >-\n  ${1:What the skill does. Use when …}');
  const empty = cursor('---\nna|\n---\n');
  const name = skillCompletion(empty.text, URI, empty.pos, new InMemoryHost()).find((i) => i.label === 'name')!;
  assert.deepEqual(name.textEdit, { range: range(1, 0, 1, 2), newText: 'name: ${1:my-skill}' });
});

test('completion offers SPDX ids and bundled LICENSE files for license', () => {
  const host = new InMemoryHost({ [`${DIR}/LICENSE.txt`]: 'x', [`${DIR}/scripts/a.py`]: '' });
  const { text, pos } = cursor('---\nlicense: |\n---\n');
  const labels = skillCompletion(text, URI, pos, host).map((i) => i.label);
  assert.equal(labels[0], 'LICENSE.txt');
  assert.ok(labels.includes('Apache-2.0') && labels.includes('MIT'));
});

test('completion offers files under the skill folder inside a link target', () => {
  const host = new InMemoryHost({ [`${DIR}/references/REF.md`]: '# Intro\n## Deep Part\n', [`${DIR}/scripts/run.py`]: '', [URI]: '' });
  const top = cursor('---\nname: my-skill\n---\nSee [x](|)\n');
  assert.deepEqual(
    skillCompletion(top.text, URI, top.pos, host).map((i) => i.label),
    ['references/', 'scripts/'],
  );
  const inner = cursor('---\nname: my-skill\n---\nSee [x](references/R|)\n');
  const items = skillCompletion(inner.text, URI, inner.pos, host);
  assert.deepEqual(
    items.map((i) => [i.label, i.textEdit]),
    [['REF.md', { range: range(3, 19, 3, 20), newText: 'REF.md' }]],
  );
  const anchor = cursor('---\nname: my-skill\n---\nSee [x](references/REF.md#|)\n');
  assert.deepEqual(
    skillCompletion(anchor.text, URI, anchor.pos, host).map((i) => i.label),
    ['intro', 'deep-part'],
  );
});

test('hover on a key shows the spec rule', () => {
  const { text, pos } = cursor('---\nna|me: my-skill\nfoo: 1\n---\n');
  const h = skillHover(text, pos)!;
  assert.deepEqual(h.range, range(1, 0, 1, 4));
  assert.match((h.contents as { value: string }).value, /^\*\*name\*\*: Required\. 1-64 characters/);
  assert.match((skillHover(text, { line: 2, character: 1 })!.contents as { value: string }).value, /is not a SKILL\.md field/);
  assert.equal(skillHover(text, { line: 1, character: 8 }), null);
});

test('definition jumps to the file and to the heading of a #fragment', () => {
  const host = new InMemoryHost({ [`${DIR}/references/t.md`]: '# T\n\n## Navigation Menu (meta.json)\n' });
  const a = cursor('---\nname: my-skill\n---\nSee [x](references/t.md#navigation-me|nu-metajson) and [y](references/|t.md).\n');
  assert.deepEqual(skillDefinition(skillNavigation(a.text, URI), a.pos, host), { uri: `${DIR}/references/t.md`, range: range(2, 0, 2, 30) });
  const b = cursor('---\nname: my-skill\n---\nSee [y](references/|t.md).\n');
  assert.deepEqual(skillDefinition(skillNavigation(b.text, URI), b.pos, host), { uri: `${DIR}/references/t.md`, range: range(0, 0, 0, 0) });
  const missing = cursor('---\nname: my-skill\n---\nSee [y](references/|none.md).\n');
  assert.equal(skillDefinition(skillNavigation(missing.text, URI), missing.pos, host), null);
});

test('document links only for targets that exist, with #L line fragments for anchors', () => {
  const host = new InMemoryHost({ [`${DIR}/references/t.md`]: '# T\n## Part\n', [`${DIR}/scripts/run.py`]: '' });
  const text = '---\nname: my-skill\n---\n[a](references/t.md#part) scripts/run.py scripts/gone.py [b](missing.md)\n';
  assert.deepEqual(
    skillDocumentLinks(skillNavigation(text, URI), host).map((l) => [l.range, l.target]),
    [
      [range(3, 4, 3, 24), `${DIR}/references/t.md#L2`],
      [range(3, 26, 3, 40), `${DIR}/scripts/run.py`],
    ],
  );
});

test('document symbols: the skill with its keys, then the heading tree', () => {
  const syms = skillDocumentSymbols(skillNavigation('---\nname: my-skill\ndescription: Does x.\n---\n# A\n## B\n# C\n', URI));
  assert.deepEqual(
    syms.map((s) => [s.name, s.range, (s.children ?? []).map((c) => c.name)]),
    [
      ['my-skill', range(0, 0, 3, 3), ['name', 'description']],
      ['A', range(4, 0, 5, 4), ['B']],
      ['C', range(6, 0, 7, 0), []],
    ],
  );
  assert.equal(syms[0]!.detail, 'Does x.');
});
