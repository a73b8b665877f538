/**
 * The index entry of a SKILL.md (lsp/formats/skill.ts `summarizeSkill`): what the Agent Files view,
 * the duplicate-name rule and the skill listings read, from the frontmatter. The index reads every
 * skill of the workspace before anything is shown, so it leaves the body's file references to the
 * file's own diagnostics: it never asks the file system about them.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { InMemoryHost } from '../../server/src/core/workspace/host';
import { summarizeSkill } from '../../server/src/lsp/formats/skill';
import { analyzeSkill } from '../../server/src/core/skills';

const URI = 'file:///ws/.claude/skills/pdf-tools/SKILL.md';
const TEXT = [
  '---',
  'name: pdf-tools',
  'description: Fills PDF forms. Use when the user asks to fill in a PDF.',
  'when_to_use: a form arrives as a PDF',
  'disable-model-invocation: true',
  'hooks:',
  '  PreToolUse:',
  '    - matcher: Bash',
  '      hooks:',
  '        - type: command',
  '          command: ./check.sh',
  '---',
  '# PDF tools',
  'Run [the filler](scripts/fill.py) and read [forms](reference/forms.md).',
].join('\n');

/** A host that records every path it is asked about. */
class RecordingHost extends InMemoryHost {
  readonly asked: string[] = [];
  override exists(uri: string): boolean {
    this.asked.push(uri);
    return super.exists(uri);
  }
  override isDirectory(uri: string): boolean {
    this.asked.push(uri);
    return super.isDirectory(uri);
  }
  override readText(uri: string): string | undefined {
    this.asked.push(uri);
    return super.readText(uri);
  }
}

test("a skill's index entry holds what its frontmatter says: name, description, when_to_use, listing, hooks", () => {
  const entry = summarizeSkill(URI, TEXT, new InMemoryHost({ [URI]: TEXT }));
  assert.equal(entry.kind, 'skill');
  assert.equal(entry.name, 'pdf-tools');
  assert.deepEqual(entry.nameRange, { start: { line: 1, character: 6 }, end: { line: 1, character: 15 } });
  assert.equal(entry.description, 'Fills PDF forms. Use when the user asks to fill in a PDF.');
  assert.equal(entry.whenToUse, 'a form arrives as a PDF');
  assert.ok(entry.notListedBy?.includes('claude-code'), 'Claude Code keeps it out of its listing');
  assert.deepEqual(
    entry.hooks?.map((h) => h.event),
    ['PreToolUse'],
  );
  assert.deepEqual(entry.targets?.names, ['claude-code']);
  assert.equal(entry.source?.label, '.claude/skills');
  assert.equal(entry.fingerprint, analyzeSkill(TEXT, URI, new InMemoryHost()).skill.fingerprint, 'byte-identical copies are told apart by it');
});

test("indexing a skill never looks up the files its body links to (the file's own diagnostics do)", () => {
  const host = new RecordingHost({ [URI]: TEXT });
  summarizeSkill(URI, TEXT, host);
  const linked = host.asked.filter((u) => u.includes('/scripts/') || u.includes('/reference/'));
  assert.deepEqual(linked, []);
  // The full analysis does look them up: the test would see it.
  const full = new RecordingHost({ [URI]: TEXT });
  const a = analyzeSkill(TEXT, URI, full);
  assert.ok(full.asked.some((u) => u.endsWith('/scripts/fill.py')));
  assert.ok(a.diagnostics.some((d) => d.code === 'skill-file-missing'));
});

test("a skill's index entry makes none of the checks: no counts, and the facts a full analysis finds", () => {
  const texts: [string, string][] = [
    [URI, TEXT],
    // Keys and values the checks warn about, a body with an unclosed fence.
    ['file:///ws/.claude/skills/notes/SKILL.md', '---\nname: Notes Tool\ndescription: Keeps notes.\nversion: 2\nallowed-tools: Write(x)\n---\n```\nunclosed\n'],
    // A YAML error: neither reads the name or description (the name is the folder's).
    ['file:///ws/.claude/skills/broken/SKILL.md', '---\nname: broken\ndescription: Use it: when asked\n  bad: [\n---\nbody\n'],
    // A first `---` inside a value: the reference validator and the clients split the frontmatter apart.
    ['file:///ws/skills/split/SKILL.md', '---\nname: split\ndescription: a---b\n---\nbody\n'],
    ['file:///ws/.claude/skills/bare/SKILL.md', 'no frontmatter\n'],
  ];
  for (const [uri, text] of texts) {
    const host = new InMemoryHost({ [uri]: text });
    const full = analyzeSkill(text, uri, host, { collectReferences: false });
    const facts = analyzeSkill(text, uri, host, { factsOnly: true });
    assert.deepEqual(facts.diagnostics, [], uri);
    // What the entry and the listings read (the values only the checks read, `allowed-tools`, `license`…, are left out).
    const read = ({ uri, dirName, name, nameRange, description, descriptionRange, targets, fingerprint, bodyStartLine }: typeof full.skill) => ({
      uri,
      dirName,
      name,
      nameRange,
      description,
      descriptionRange,
      targets,
      fingerprint,
      bodyStartLine,
    });
    assert.deepEqual(read(facts.skill), read(full.skill), uri);
    assert.deepEqual(facts.frontmatter?.entries, full.frontmatter?.entries, uri);
    const entry = summarizeSkill(uri, text, host);
    assert.equal(entry.errors + entry.warnings, 0, uri);
  }
  // The full analysis of the second does warn: the test would see the checks.
  const [uri, text] = texts[1]!;
  assert.ok(analyzeSkill(text, uri, new InMemoryHost({ [uri]: text })).diagnostics.length > 0);
});
