// Valid/invalid verdicts of the Python reference (skills-ref) on the cases where the npm port
// disagrees (spec notes §1.5), and the spec's own examples (§1.9). Checked for the skills-ref target,
// which keeps the reference's verdicts and messages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeSkill } from '../../server/src/core/skills';
import { InMemoryHost } from '../../server/src/core/workspace/host';

/** The Python verdict: valid when no error-severity diagnostic is produced. */
function errors(dir: string, frontmatter: string, body = 'Body\n'): string[] {
  const uri = `file:///ws/${encodeURIComponent(dir)}/SKILL.md`;
  return analyzeSkill(`---\n${frontmatter}\n---\n${body}`, uri, new InMemoryHost(), { targets: ['skills-ref'] })
    .diagnostics.filter((d) => d.severity === 'error')
    .map((d) => d.message);
}
const valid = (dir: string, fm: string) => assert.deepEqual(errors(dir, fm), [], `${dir}: ${fm}`);
const invalid = (dir: string, fm: string, start: string) => {
  const e = errors(dir, fm);
  assert.ok(
    e.some((m) => m.startsWith(start)),
    `${dir}: ${fm} → ${JSON.stringify(e)}`,
  );
};

test('Greek and kana names are valid (npm: invalid characters)', () => {
  valid('δεξιότητα', 'name: δεξιότητα\ndescription: x');
  valid('スキル', 'name: スキル\ndescription: x');
  valid('技能', 'name: 技能\ndescription: x');
  valid('мой-навык', 'name: мой-навык\ndescription: x');
});

test('a×b is invalid (npm: valid)', () => {
  invalid('a×b', 'name: a×b\ndescription: x', "Skill name 'a×b' contains invalid characters.");
});

test('a null description is invalid (npm: valid as "null")', () => {
  invalid('my-skill', 'name: my-skill\ndescription:', "Field 'description' must be a non-empty string");
});

test('a null name is a non-empty-string error (npm: directory mismatch)', () => {
  const e = errors('my-skill', 'name:\ndescription: x');
  assert.deepEqual(e, ["Field 'name' must be a non-empty string"]);
});

test('a list name is invalid (npm: valid)', () => {
  invalid('a', 'name:\n  - a\ndescription: x', "Field 'name' must be a non-empty string");
  invalid('a', 'name: [a]\ndescription: x', 'Invalid YAML in frontmatter: Found ugly disallowed JSONesque flow mapping');
});

test('compatibility: 3.14 is valid (npm: must be a string)', () => {
  valid('my-skill', 'name: my-skill\ndescription: x\ncompatibility: 3.14');
});

test('1000 emoji are 1000 characters, valid (npm: 2000 chars)', () => {
  valid('my-skill', `name: my-skill\ndescription: ${'😀'.repeat(1000)}`);
  invalid('my-skill', `name: my-skill\ndescription: ${'😀'.repeat(1025)}`, 'Description exceeds 1024 character limit (1025 chars)');
});

test('flow map, flow sequence, tag, anchor and alias are invalid (npm: valid)', () => {
  for (const fm of ['metadata: {a: b}', 'allowed-tools: [Read]', 'license: !!str MIT', 'license: &l MIT\ncompatibility: *l']) {
    invalid('my-skill', `name: my-skill\ndescription: x\n${fm}`, 'Invalid YAML in frontmatter: ');
  }
});

test('list frontmatter and empty frontmatter are not mappings', () => {
  assert.deepEqual(errors('my-skill', '- a'), ['SKILL.md frontmatter must be a YAML mapping']);
  const uri = 'file:///ws/my-skill/SKILL.md';
  assert.deepEqual(
    analyzeSkill('---\n---\n', uri, new InMemoryHost(), { targets: ['skills-ref'] }).diagnostics.map((d) => d.message),
    ['SKILL.md frontmatter must be a YAML mapping'],
  );
});

test('unknown keys use the Python list format', () => {
  assert.deepEqual(errors('my-skill', 'name: my-skill\ndescription: x\nunknown_field: a\nversion: b').slice(0, 1), [
    "Unexpected fields in frontmatter: unknown_field, version. Only ['allowed-tools', 'compatibility', 'description', 'license', 'metadata', 'name'] are allowed.",
  ]);
});

test('cases both validators agree on', () => {
  valid('my-skill', 'name: my-skill\ndescription: true');
  valid('my-skill', 'name: my-skill\ndescription: yes');
  valid('my-skill', 'name: my-skill\ndescription: 2024-01-01');
  valid('my-skill', 'name: my-skill\ndescription: >-\n  folded\n  text');
  valid('my-skill', 'name: my-skill\ndescription: before --- after');
  valid('café', 'name: cafe\u0301\ndescription: x');
  valid('ｓｋｉｌｌ', 'name: ｓｋｉｌｌ\ndescription: x');
  const crlf = analyzeSkill('---\r\nname: my-skill\r\ndescription: x\r\n---\r\nBody\r\n', 'file:///ws/my-skill/SKILL.md', new InMemoryHost(), { targets: ['skills-ref'] });
  assert.deepEqual(
    crlf.diagnostics.filter((d) => d.severity === 'error'),
    [],
  );
  invalid('my-skill', 'name: My-Skill\ndescription: x', "Skill name 'My-Skill' must be lowercase");
  invalid('my_skill', 'name: my_skill\ndescription: x', "Skill name 'my_skill' contains invalid characters.");
  invalid('wrong-name', 'name: correct-name\ndescription: x', "Directory name 'wrong-name' must match skill name 'correct-name'");
});

test('the spec examples', () => {
  valid(
    'pdf-processing',
    'name: pdf-processing\ndescription: Extract PDF text, fill forms, merge files. Use when handling PDFs.\nlicense: Apache-2.0\nmetadata:\n  author: example-org\n  version: "1.0"',
  );
  valid(
    'pdf-processing',
    'name: pdf-processing\ndescription: Extract text and tables from PDF files, fill forms, merge documents.\nlicense: Apache-2.0\ncompatibility: Requires git, docker, jq, and access to the internet\nmetadata:\n  author: example-org\n  version: "1.0"\nallowed-tools: Bash(git:*) Bash(jq:*) Read',
  );
  valid(
    'roll-dice',
    'name: roll-dice\ndescription: Roll dice using a random number generator. Use when asked to roll a die (d6, d20, etc.), roll dice, or generate a random dice roll.',
  );
  for (const [n, m] of [
    ['PDF-Processing', 'must be lowercase'],
    ['-pdf', 'Skill name cannot start or end with a hyphen'],
    ['pdf-', 'Skill name cannot start or end with a hyphen'],
    ['pdf--processing', 'Skill name cannot contain consecutive hyphens'],
  ])
    assert.ok(
      errors(n!, `name: ${n}\ndescription: x`).some((e) => e.includes(m!)),
      n,
    );
  invalid('pdf', 'name: pdf\ndescription: Use this skill when: the user asks about PDFs', 'Invalid YAML in frontmatter: mapping values are not allowed here');
});

test('the OS Protocol SKILL.md example fails with the reference message', () => {
  const e = errors('file-reader', 'name: file-reader\ndescription: Read files from the filesystem\nprotocol:\n  domain: system\n  api: fs\nextends: base-skill');
  assert.deepEqual(
    [...new Set(e)],
    ["Unexpected fields in frontmatter: extends, protocol. Only ['allowed-tools', 'compatibility', 'description', 'license', 'metadata', 'name'] are allowed."],
  );
});
