import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeSkill } from '../../server/src/core/skills';
import { InMemoryHost } from '../../server/src/core/workspace/host';
import { range, type Diagnostic } from '../../server/src/core/types';
import { ranges } from '../helpers/markers';

const ROOT = 'file:///ws/skills';
const ONLY = "Only ['allowed-tools', 'compatibility', 'description', 'license', 'metadata', 'name'] are allowed.";

function check(text: string, dir = 'my-skill', files: Record<string, string> = {}, file = 'SKILL.md'): Diagnostic[] {
  const host = new InMemoryHost(Object.fromEntries(Object.entries(files).map(([k, v]) => [`${ROOT}/${dir}/${k}`, v])));
  // These rules encode the Python reference's verdicts and messages: checked for skills-ref.
  return analyzeSkill(text, `${ROOT}/${encodeURIComponent(dir)}/${file}`, host, { descriptionHeuristic: false, targets: ['skills-ref'] }).diagnostics;
}
const skill = (fm: string, body = 'Body\n') => `---\n${fm}\n---\n${body}`;
const ok = 'name: my-skill\ndescription: Does things. Use when needed.';
const codes = (ds: Diagnostic[]) => ds.map((d) => d.code);
const one = (ds: Diagnostic[], code: string) => {
  const hits = ds.filter((d) => d.code === code);
  assert.equal(hits.length, 1, `expected one ${code} in ${JSON.stringify(codes(ds))}`);
  return hits[0]!;
};

test('a valid skill has no diagnostics', () => {
  assert.deepEqual(check(skill(ok)), []);
});

test('S1 skill-frontmatter-missing: BOM and leading blank line', () => {
  for (const t of ['\ufeff' + skill(ok), '\n' + skill(ok), '# Title\n']) {
    const d = check(t);
    assert.deepEqual(codes(d), ['skill-frontmatter-missing']);
    assert.equal(d[0]!.message, 'SKILL.md must start with YAML frontmatter (---)');
  }
});

test('S2 skill-frontmatter-unclosed', () => {
  const d = one(check('---\nname: my-skill\n'), 'skill-frontmatter-unclosed');
  assert.equal(d.message, 'SKILL.md frontmatter not properly closed with ---');
  assert.deepEqual(d.range, range(0, 0, 0, 3));
});

test('S3 skill-yaml-invalid carries the reference prefix and stops the field rules', () => {
  const d = check(skill('name: my-skill\ndescription: x\n  bad: [indent'));
  assert.ok(d.length >= 1);
  assert.ok(
    d.every((x) => x.code === 'skill-yaml-invalid' || x.code === 'skill-yaml-strict'),
    JSON.stringify(codes(d)),
  );
  assert.match(d[0]!.message, /^Invalid YAML in frontmatter: /);
});

test('S3 skill-yaml-invalid is reported once, at the first error: what follows it is its echo', () => {
  const d = check(skill('name: my-skill\ndescription: Builds things.\nargument-hint: [plan-path] [num-agents]\ndisable-model-invocation: true'));
  assert.deepEqual(
    d.map((x) => [x.code, x.range.start.line]),
    [['skill-yaml-invalid', 3]],
  );
});

test('S4 skill-frontmatter-not-mapping: list and empty frontmatter', () => {
  const list = one(check('---\n- a\n---\n'), 'skill-frontmatter-not-mapping');
  assert.equal(list.message, 'SKILL.md frontmatter must be a YAML mapping');
  assert.deepEqual(list.range, range(1, 0, 1, 3));
  assert.deepEqual(codes(check('---\n---\n')), ['skill-frontmatter-not-mapping']);
});

test('S5 skill-unexpected-field: per key, the reference text with sorted keys', () => {
  const d = check(skill(`${ok}\nversion: 1\nunknown_field: x`));
  assert.deepEqual(codes(d), ['skill-unexpected-field', 'skill-unexpected-field']);
  assert.equal(d[0]!.message, `Unexpected fields in frontmatter: unknown_field, version. ${ONLY}`);
  assert.deepEqual(
    d.map((x) => x.range),
    [range(3, 0, 3, 7), range(4, 0, 4, 13)],
  );
});

test('S5 keys are case-sensitive: Name is unexpected and name is then missing', () => {
  assert.deepEqual(codes(check(skill('Name: my-skill\ndescription: x'))), ['skill-unexpected-field', 'skill-name-missing']);
});

test('S6 skill-name-missing', () => {
  assert.equal(one(check(skill('description: x')), 'skill-name-missing').message, 'Missing required field in frontmatter: name');
});

test('S7 skill-name-empty: empty, whitespace-only, null-looking and list values', () => {
  for (const v of ['', "'  '", '\n  - a']) {
    const d = check(skill(`name:${v ? ' ' : ''}${v}\ndescription: x`), 'a');
    assert.deepEqual(codes(d), ['skill-name-empty'], v);
    assert.equal(d[0]!.message, "Field 'name' must be a non-empty string");
  }
});

test('S8 skill-name-too-long counts code points after NFKC', () => {
  const long = 'a'.repeat(65);
  assert.equal(one(check(skill(`name: ${long}\ndescription: x`), long), 'skill-name-too-long').message, `Skill name '${long}' exceeds 64 character limit (65 chars)`);
  assert.deepEqual(check(skill(`name: ${'a'.repeat(64)}\ndescription: x`), 'a'.repeat(64)), []);
});

test('S9 skill-name-not-lowercase', () => {
  const d = one(check(skill('name: PDF-Processing\ndescription: x'), 'PDF-Processing'), 'skill-name-not-lowercase');
  assert.equal(d.message, "Skill name 'PDF-Processing' must be lowercase");
  assert.deepEqual(d.range, range(1, 6, 1, 20));
});

test('S10 skill-name-hyphen-edge', () => {
  for (const n of ['-pdf', 'pdf-'])
    assert.equal(one(check(skill(`name: ${n}\ndescription: x`), n), 'skill-name-hyphen-edge').message, 'Skill name cannot start or end with a hyphen');
});

test('S11 skill-name-consecutive-hyphens', () => {
  assert.equal(
    one(check(skill('name: pdf--processing\ndescription: x'), 'pdf--processing'), 'skill-name-consecutive-hyphens').message,
    'Skill name cannot contain consecutive hyphens',
  );
});

test('S12 skill-name-invalid-chars: underscore, dot, space and ×', () => {
  for (const n of ['my_skill', 'my.skill', 'a×b']) {
    assert.equal(
      one(check(skill(`name: ${n}\ndescription: x`), n), 'skill-name-invalid-chars').message,
      `Skill name '${n}' contains invalid characters. Only letters, digits, and hyphens are allowed.`,
    );
  }
});

test('S13 skill-name-directory-mismatch', () => {
  const d = one(check(skill('name: correct-name\ndescription: x'), 'wrong-name'), 'skill-name-directory-mismatch');
  assert.equal(d.message, "Directory name 'wrong-name' must match skill name 'correct-name'");
  assert.deepEqual(d.data, { dirName: 'wrong-name' });
});

test('S14 skill-description-missing', () => {
  assert.equal(one(check(skill('name: my-skill')), 'skill-description-missing').message, 'Missing required field in frontmatter: description');
});

test('S15 skill-description-empty', () => {
  const d = one(check(skill('name: my-skill\ndescription:')), 'skill-description-empty');
  assert.equal(d.message, "Field 'description' must be a non-empty string");
  assert.deepEqual(d.range, range(2, 0, 2, 11));
});

test('S16 skill-description-too-long counts raw code points', () => {
  assert.equal(
    one(check(skill(`name: my-skill\ndescription: ${'a'.repeat(1025)}`)), 'skill-description-too-long').message,
    'Description exceeds 1024 character limit (1025 chars)',
  );
  assert.deepEqual(check(skill(`name: my-skill\ndescription: ${'a'.repeat(1024)}`)), []);
});

test('S17 skill-compatibility-not-string (only a map or list under strictyaml)', () => {
  assert.equal(one(check(skill(`${ok}\ncompatibility:\n  a: b`)), 'skill-compatibility-not-string').message, "Field 'compatibility' must be a string");
  assert.deepEqual(check(skill(`${ok}\ncompatibility: 3.14`)), []);
});

test('S18 skill-compatibility-too-long', () => {
  assert.equal(one(check(skill(`${ok}\ncompatibility: ${'a'.repeat(501)}`)), 'skill-compatibility-too-long').message, 'Compatibility exceeds 500 character limit (501 chars)');
});

test('S19 skill-compatibility-empty is a warning only', () => {
  const d = one(check(skill(`${ok}\ncompatibility: ""`)), 'skill-compatibility-empty');
  assert.equal(d.severity, 'warning');
});

test('S20 skill-metadata-not-map: scalars, lists and nested maps', () => {
  assert.equal(one(check(skill(`${ok}\nmetadata: text`)), 'skill-metadata-not-map').severity, 'warning');
  const nested = one(check(skill(`${ok}\nmetadata:\n  a:\n    b: c`)), 'skill-metadata-not-map');
  assert.deepEqual(nested.range, range(5, 4, 5, 8));
  assert.deepEqual(check(skill(`${ok}\nmetadata:\n  author: me\n  version: "1.0"`)), []);
});

test('S21 skill-metadata-unquoted: numeric-looking plain values', () => {
  const d = one(check(skill(`${ok}\nmetadata:\n  version: 1.0`)), 'skill-metadata-unquoted');
  assert.equal(d.severity, 'information');
  assert.deepEqual(d.range, range(4, 11, 4, 14));
});

test('S22 skill-allowed-tools-not-string: advice under the specification; the reference accepts a block list', () => {
  assert.deepEqual(check(skill(`${ok}\nallowed-tools:\n  - Read`)), []);
  const spec = analyzeSkill(skill(`${ok}\nallowed-tools:\n  - Read`), `${ROOT}/my-skill/SKILL.md`, new InMemoryHost(), { descriptionHeuristic: false }).diagnostics;
  assert.equal(one(spec, 'skill-allowed-tools-not-string').severity, 'information');
  assert.deepEqual(check(skill(`${ok}\nallowed-tools: Bash(jq:*) Bash(git:*)`)), []);
});

test('S23 skill-license-format: a list or a long text', () => {
  assert.equal(one(check(skill(`${ok}\nlicense:\n  - MIT`)), 'skill-license-format').severity, 'information');
  assert.equal(one(check(skill(`${ok}\nlicense: ${'x '.repeat(60)}`)), 'skill-license-format').severity, 'information');
  assert.deepEqual(check(skill(`${ok}\nlicense: Apache-2.0`)), []);
});

test('S24 skill-frontmatter-dashes: --- inside a value truncates for the reference (still valid)', () => {
  const d = check(skill('name: my-skill\ndescription: before --- after'));
  assert.deepEqual(codes(d), ['skill-frontmatter-dashes']);
  assert.deepEqual(d[0]!.range, range(2, 20, 2, 23));
  assert.equal(d[0]!.severity, 'warning');
});

test('S25 skill-yaml-strict: flow style, tags, anchors and duplicate keys are errors by default', () => {
  const flow = one(check(skill(`${ok}\nmetadata: {a: b}`)), 'skill-yaml-strict');
  assert.equal(flow.message, "Invalid YAML in frontmatter: Found ugly disallowed JSONesque flow mapping (surround with ' and ' to make text appear literally)");
  assert.equal(flow.severity, 'error');
  assert.match(one(check(skill(`${ok}\nlicense: !!str MIT`)), 'skill-yaml-strict').message, /disallowed tag tokens/);
  assert.match(one(check(skill(`${ok}\nlicense: &x MIT`)), 'skill-yaml-strict').message, /anchor token/);
  assert.equal(one(check(skill(`${ok}\nname: my-skill`)), 'skill-yaml-strict').message, "Invalid YAML in frontmatter: Duplicate key 'name' found");
});

test('S25 strict YAML is information outside skills-ref, naming the validator that rejects it', () => {
  const host = new InMemoryHost();
  const d = analyzeSkill(skill(`${ok}\nallowed-tools: [Read]`), `${ROOT}/my-skill/SKILL.md`, host, { descriptionHeuristic: false }).diagnostics;
  assert.deepEqual(
    d.map((x) => [x.code, x.severity]),
    [
      ['skill-yaml-strict', 'information'],
      ['skill-allowed-tools-not-string', 'information'],
    ],
  );
  assert.match(d[0]!.message, /^Only skills-ref \(strictyaml\) rejects this YAML/);
});

test('S26 skill-yaml-colon-in-value sits on the whole value', () => {
  const d = check(skill('name: my-skill\ndescription: Use this skill when: the user asks about PDFs'));
  assert.deepEqual(codes(d), ['skill-yaml-colon-in-value']);
  assert.match(d[0]!.message, /^Invalid YAML in frontmatter: mapping values are not allowed here/);
  assert.deepEqual(d[0]!.range, range(2, 13, 2, 58));
  assert.deepEqual(check(skill('name: my-skill\ndescription: "Use this skill when: the user asks"')), []);
});

test('a value with several unquoted colons is one finding; an error the first one causes on a later line is not another', () => {
  const many = check(skill("name: my-skill\ndescription: Triggers: 'a', 'b'. Do NOT use for: c (use /x)、d (use /y)"));
  assert.deepEqual(codes(many), ['skill-yaml-colon-in-value']);
  // Two values, one finding each (the parser words the second one its own way).
  const two = check(skill('name: my-skill\ndescription: When: a\nlicense: See: LICENSE'));
  assert.deepEqual(
    two.map((d) => d.range.start.line),
    [2, 3],
  );
  // A broken flow sequence: the parser's next complaint, on the line after, is its echo.
  const echo = check(skill("name: my-skill\nargument-hint: [message] | --amend\ndescription: >\n  Makes a commit. Triggers: 'commit'."));
  assert.deepEqual(codes(echo), ['skill-yaml-invalid']);
});

test('S27 skill-body-too-long and skill-body-tokens', () => {
  const body = Array.from({ length: 520 }, (_, i) => `line ${i}`).join('\n');
  const d = one(check(skill(ok, body)), 'skill-body-too-long');
  assert.deepEqual(d.range, range(500, 0, 500, 8));
  assert.equal(one(check(skill(ok, 'word '.repeat(5000))), 'skill-body-tokens').severity, 'information');
  assert.deepEqual(check(skill(ok, 'short\n'.repeat(100))), []);
});

test('S28 skill-file-missing for links and bare scripts/ paths in code; a bare path in prose is not a reference', () => {
  const body = 'See [guide](references/REFERENCE.md) and run `scripts/extract.py`; scripts/other.py is prose.\nAlso [ok](references/ok.md).\n';
  const d = check(skill(ok, body), 'my-skill', { 'references/ok.md': '# Ok\n' });
  assert.deepEqual(
    d.map((x) => [x.code, x.severity, x.range]),
    [
      ['skill-file-missing', 'warning', range(4, 12, 4, 35)],
      ['skill-file-missing', 'information', range(4, 46, 4, 64)],
    ],
  );
  assert.equal(d[0]!.message, "Referenced file 'references/REFERENCE.md' does not exist in the skill folder");
  assert.equal(d[0]!.data?.['target'], `${ROOT}/my-skill/references/REFERENCE.md`);
  assert.deepEqual(check(skill(ok, body), 'my-skill', { 'references/REFERENCE.md': '', 'scripts/extract.py': '', 'references/ok.md': '' }), []);
});

test('S28 project-relative bare paths and URLs are not checked', () => {
  assert.deepEqual(check(skill(ok, 'Edit .agent-world/world.json or https://x.dev/scripts/a.js or [web](https://x.dev/a.md).\n')), []);
});

test('S28 skill-anchor-missing checks #heading anchors with GitHub slugs', () => {
  const files = { 'references/templates.md': '# T\n## Navigation Menu (meta.json)\n' };
  assert.deepEqual(check(skill(ok, '[a](references/templates.md#navigation-menu-metajson)\n[b](#body)\n# Body\n'), 'my-skill', files), []);
  const d = one(check(skill(ok, '[a](references/templates.md#nope)\n'), 'my-skill', files), 'skill-anchor-missing');
  assert.deepEqual(d.range, range(4, 4, 4, 32));
  assert.equal(d.message, "No heading with the anchor '#nope' in 'references/templates.md'");
});

test('S28 skill-reference-outside: a link climbing out of the skill, with no workspace folder around it, is reported, not read', () => {
  let reads = 0;
  const host = new InMemoryHost({ 'file:///ws/secret.md': '# x' });
  const target = (u: string) => (u.endsWith('/secret.md') ? reads++ : 0);
  const spy = {
    exists: (u: string) => (target(u), host.exists(u)),
    isDirectory: (u: string) => host.isDirectory(u),
    readDirectory: (u: string) => host.readDirectory(u),
    readText: (u: string) => (target(u), host.readText(u)),
  };
  const d = analyzeSkill(skill(ok, '[s](../../secret.md#x)\n'), `${ROOT}/my-skill/SKILL.md`, spy, { descriptionHeuristic: false, targets: ['skills-ref'] }).diagnostics;
  assert.deepEqual(codes(d), ['skill-reference-outside']);
  assert.equal(reads, 0);
});

test('S28 a link climbing out of a skill its client loads in place to no file of the workspace is missing too (a warning); one to a file, out of the workspace, or from a skill installed elsewhere is not', () => {
  const host = new InMemoryHost({ 'file:///ws/docs/guide.md': '# Guide' });
  const body = '[guide](../../../docs/guide.md), [gone](../../docs/gone.md), [away](../../../../elsewhere.md)\n';
  const warnings = (dir: string) =>
    analyzeSkill(skill(ok, body), `file:///ws/${dir}/my-skill/SKILL.md`, host, { descriptionHeuristic: false, targets: ['claude-code'], workspaceRoots: ['file:///ws'] })
      .diagnostics.filter((x) => x.severity !== 'information' && x.severity !== 'hint')
      .map((x) => [x.code, x.message]);
  assert.deepEqual(warnings('.claude/skills'), [
    ['skill-file-missing', "Referenced file '../../docs/gone.md' resolves from .claude/skills/my-skill/ to .claude/docs/gone.md, which does not exist (Claude Code)"],
  ]);
  // A collection's `skills/` folder is copied into a client's folder elsewhere, where `../..` leads somewhere else.
  assert.deepEqual(warnings('skills'), []);
});

test('S30 skill-file-name-case: lowercase skill.md is a hint and still validated', () => {
  const d = check(skill(ok), 'my-skill', {}, 'skill.md');
  assert.deepEqual(
    d.map((x) => [x.code, x.severity]),
    [['skill-file-name-case', 'hint']],
  );
});

test('S31 skill-description-when is information and can be switched off', () => {
  const uri = `${ROOT}/my-skill/SKILL.md`;
  const d = analyzeSkill(skill('name: my-skill\ndescription: Helps with PDFs.'), uri, new InMemoryHost()).diagnostics;
  assert.deepEqual(
    d.map((x) => [x.code, x.severity]),
    [['skill-description-when', 'information']],
  );
  assert.deepEqual(analyzeSkill(skill('name: my-skill\ndescription: Extracts PDF text. Use when handling PDFs.'), uri, new InMemoryHost()).diagnostics, []);
});

test('the license value links to a bundled file and reports a missing one as advice (no client reads license)', () => {
  const [missing] = check(skill(`${ok}\nlicense: LICENSE.txt`));
  assert.deepEqual([missing!.code, missing!.severity], ['skill-file-missing', 'information']);
  assert.match(missing!.message, /no client reads 'license': the skill loads the same/);
  assert.deepEqual(check(skill(`${ok}\nlicense: LICENSE.txt`), 'my-skill', { 'LICENSE.txt': 'x' }), []);
});

test('a license file named in prose should exist next to SKILL.md (advice on the file name: no client reads license)', () => {
  const m = ranges(skill(`${ok}\nlicense: Proprietary. Complete terms in «LICENSE.txt»`));
  const d = one(check(m.text), 'skill-file-missing');
  assert.equal(d.severity, 'information');
  assert.equal(
    d.message,
    "License file 'LICENSE.txt' named in 'license' does not exist next to SKILL.md (no client reads 'license': the skill loads the same, but the terms it points to are not shipped with it)",
  );
  assert.deepEqual(d.range, m.ranges[0]);
  assert.deepEqual(check(m.text, 'my-skill', { 'LICENSE.txt': 'x' }), []);
  // A bare name after a cue, a quoted value, a suffixed name.
  assert.deepEqual(codes(check(skill(`${ok}\nlicense: See LICENSE`))), ['skill-file-missing']);
  assert.deepEqual(check(skill(`${ok}\nlicense: See LICENSE`), 'my-skill', { LICENSE: 'x' }), []);
  const quoted = ranges(skill(`${ok}\nlicense: "MIT (see «LICENSE-MIT»)"`));
  assert.deepEqual(one(check(quoted.text), 'skill-file-missing').range, quoted.ranges[0]);
  // npm's idiom names only the file; the noun in a license's title names none.
  const npm = ranges(skill(`${ok}\nlicense: SEE LICENSE IN «COPYING.md»`));
  assert.deepEqual(
    check(npm.text).map((x) => x.range),
    npm.ranges,
  );
  assert.deepEqual(check(skill(`${ok}\nlicense: GNU GENERAL PUBLIC LICENSE v3`)), []);
  assert.deepEqual(check(skill(`${ok}\nlicense: MIT License`)), []);
  assert.deepEqual(check(skill(`${ok}\nlicense: Apache-2.0`)), []);
});

test('a license file named in prose is not looked up when references are not checked', () => {
  const r = analyzeSkill(skill(`${ok}\nlicense: Terms in LICENSE.txt`), `${ROOT}/my-skill/SKILL.md`, new InMemoryHost(), { checkReferences: false });
  assert.deepEqual(r.diagnostics, []);
});

test('errors come in the reference order: fields, name, description, compatibility', () => {
  const d = check(skill(`compatibility: ${'c'.repeat(501)}\ndescription: ""\nname: Bad_Name\nzzz: 1`), 'x');
  assert.deepEqual(codes(d), [
    'skill-unexpected-field',
    'skill-name-not-lowercase',
    'skill-name-invalid-chars',
    'skill-name-directory-mismatch',
    'skill-description-empty',
    'skill-compatibility-too-long',
  ]);
});

test('the skill info carries the parsed properties and ranges', () => {
  const r = analyzeSkill(skill(`${ok}\nlicense: MIT\nmetadata:\n  version: "1.0"`), `${ROOT}/my-skill/SKILL.md`, new InMemoryHost());
  assert.equal(r.skill.name, 'my-skill');
  assert.equal(r.skill.dirName, 'my-skill');
  assert.equal(r.skill.license, 'MIT');
  assert.deepEqual(r.skill.metadata, { version: '1.0' });
  assert.deepEqual(r.skill.nameRange, range(1, 6, 1, 14));
  assert.equal(r.skill.bodyStartLine, 7);
});

test('never throws on arbitrary input', () => {
  for (const t of ['', '---', '------', '---\n---\n---', '---\n: :\n---\n', '---\nname: [\n---\n', '---\n"\n---', '---\nmetadata:\n  - a\n---\n']) {
    analyzeSkill(t, 'not a uri', new InMemoryHost());
  }
});

test("a SKILL.md whose folder is the workspace folder is not compared with the folder's name (the checkout's, not the repository's)", () => {
  const text = '---\nname: context-engineering\ndescription: Builds context. Use when a prompt grows.\n---\nBody.\n';
  const codes = (uri: string, roots: string[]) => analyzeSkill(text, uri, new InMemoryHost(), { workspaceRoots: roots }).diagnostics.map((d) => d.code);
  assert.ok(!codes('file:///checkouts/owner%2Brepo/SKILL.md', ['file:///checkouts/owner%2Brepo']).includes('skill-name-directory-mismatch'));
  assert.ok(!codes('file:///checkouts/owner+repo/SKILL.md', ['file:///checkouts/owner%2Brepo/']).includes('skill-name-directory-mismatch'));
  // One level down, the folder is the repository's own: compared as before.
  assert.ok(codes('file:///checkouts/repo/skills/ctx/SKILL.md', ['file:///checkouts/repo']).includes('skill-name-directory-mismatch'));
  assert.ok(codes('file:///checkouts/owner%2Brepo/SKILL.md', []).includes('skill-name-directory-mismatch'));
});

test("a name that is the skill's path below skills/ (a tool that ships skills by path) is advice outside every client folder; another name with '/' is not", () => {
  const at = (uri: string, name: string) =>
    analyzeSkill(skill(`name: ${name}\ndescription: Configures adapters. Use when wiring one.`), uri, new InMemoryHost(), { descriptionHeuristic: false }).diagnostics.find(
      (d) => d.code === 'skill-name-invalid-chars',
    )!;
  const own = at('file:///ws/packages/ai-core/skills/ai-core/adapter-configuration/SKILL.md', 'ai-core/adapter-configuration');
  assert.equal(own.severity, 'information');
  assert.match(own.message, /it is the skill's path below skills\//);
  assert.equal(at('file:///ws/packages/ai-core/skills/adapter-configuration/SKILL.md', 'ai-core/adapter-configuration').severity, 'warning');
  // In a client's folder the client's verdict stands (Cursor's, advice since it is unverified), not this reason.
  assert.doesNotMatch(at('file:///ws/.cursor/skills/ai-core/adapter-configuration/SKILL.md', 'ai-core/adapter-configuration').message, /it is the skill's path below skills\//);
});

test("a name or description problem in Cursor's skills folder alone is advice: what Cursor does about it is documented only as following the specification, unverified", () => {
  const found = (uri: string, fm: string) => analyzeSkill(skill(fm), uri, new InMemoryHost(), { descriptionHeuristic: false }).diagnostics.map((d) => `${d.code}/${d.severity}`);
  assert.deepEqual(found('file:///ws/.cursor/skills/preview/SKILL.md', 'name: preview-build\ndescription: Builds a preview. Use when asked.'), [
    'skill-name-directory-mismatch/information',
  ]);
  assert.deepEqual(found('file:///ws/.cursor/skills/Preview_Tool/SKILL.md', 'name: Preview_Tool\ndescription: Builds a preview. Use when asked.'), [
    'skill-name-not-lowercase/information',
    'skill-name-invalid-chars/information',
  ]);
  // Outside every client's folder the specification's warning stands.
  assert.deepEqual(found('file:///ws/skills/preview/SKILL.md', 'name: preview-build\ndescription: Builds a preview. Use when asked.'), [
    'skill-name-directory-mismatch/information',
  ]);
  assert.deepEqual(found('file:///ws/skills/Preview_Tool/SKILL.md', 'name: Preview_Tool\ndescription: Builds a preview. Use when asked.'), [
    'skill-name-not-lowercase/warning',
    'skill-name-invalid-chars/warning',
  ]);
});
