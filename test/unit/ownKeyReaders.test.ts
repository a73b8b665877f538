// A repository's own tools that read its skills' keys (core/skills/ownKeyReaders.ts): a key such a
// tool reads is kept at the top level on purpose, so a client ignoring it is advice, never "remove it".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isOwnToolFile, ownToolReading, readOwnKeyReaders } from '../../server/src/core/skills/ownKeyReaders';
import { readRepositoryFacts } from '../../server/src/core/skills/plugins';
import { analyzeSkill } from '../../server/src/core/skills/analyze';
import { InMemoryHost } from '../../server/src/core/workspace/host';

const W = 'file:///ws';
const CHECKER = [
  'from pathlib import Path',
  'REQUIRED_FRONTMATTER = {"name", "description", "category", "requires_write"}',
  'for skill in Path(".agents/skills").glob("*/SKILL.md"):',
  '    metadata = parse(skill)',
  '    if metadata.get("category") not in ALLOWED: fail(skill)',
].join('\n');
const skill = '---\nname: picker\ndescription: Picks the skill for a task. Use when unsure which skill applies.\ncategory: routing\nsecret_sauce: yes\n---\nBody\n';
const SKILL_URI = `${W}/.agents/skills/picker/SKILL.md`;

const fieldFindings = (files: Record<string, string>, text = skill, uri = SKILL_URI) => {
  // VS Code is set up (without it, what only VS Code does in .agents/skills is advice anyway).
  const host = new InMemoryHost({ [`${W}/.vscode/settings.json`]: '{}\n', ...files, [uri]: text });
  return analyzeSkill(text, uri, host, { repository: readRepositoryFacts([], host, [W]) })
    .diagnostics.filter((d) => d.code === 'skill-unexpected-field' || d.code === 'skill-field-not-in-spec')
    .map((d) => [d.code, d.severity, d.range.start.line, d.message]);
};

test('a key a script of the repository reads from its SKILL.md files is advice for VS Code, naming the script; another key stays a warning', () => {
  const found = fieldFindings({ [`${W}/scripts/dev/check_skills.py`]: CHECKER });
  assert.deepEqual(
    found.map(([code, severity, line]) => [code, severity, line]),
    [
      ['skill-unexpected-field', 'information', 3],
      ['skill-unexpected-field', 'warning', 4],
    ],
  );
  assert.match(String(found[0]![3]), /VS Code reports field 'category' as not supported and ignores it; the repository's scripts\/dev\/check_skills\.py reads it, so keep it/);
  assert.match(String(found[1]![3]), /remove it or move it under 'metadata:'/);
});

test('without such a script, or with a script that never names SKILL.md, the key is a warning', () => {
  assert.deepEqual(
    fieldFindings({}).map(([, severity]) => severity),
    ['warning', 'warning'],
  );
  const unrelated = { [`${W}/scripts/deploy.py`]: 'settings = {"category": "prod"}\n' };
  assert.deepEqual(
    fieldFindings(unrelated).map(([, severity]) => severity),
    ['warning', 'warning'],
  );
});

test('for a collection checked against the specification, a key its catalog script reads is not called ignored by clients', () => {
  const uri = `${W}/skills/ab-testing/SKILL.md`;
  const text = '---\nname: ab-testing\ndescription: Designs A/B tests. Use when planning an experiment.\ntags: [growth]\n---\nBody\n';
  const builder = { [`${W}/scripts/build-manifest.js`]: "for (const f of glob('skills/*/SKILL.md')) { const fm = parse(f); out.push({ tags: fm.tags || [] }); }\n" };
  assert.deepEqual(
    fieldFindings(builder, text, uri).map(([code, severity]) => [code, severity]),
    [['skill-field-not-in-spec', 'information']],
  );
  assert.match(String(fieldFindings(builder, text, uri)[0]![3]), /the repository's scripts\/build-manifest\.js reads it/);
  assert.deepEqual(
    fieldFindings({}, text, uri).map(([code, severity]) => [code, severity]),
    [['skill-unexpected-field', 'warning']],
  );
});

test("a key counts as read where a tool looks it up or requires it, from the root's tool folders only (its source folder too), a few levels deep, the deepest root holding a skill speaking for it", () => {
  const host = new InMemoryHost({
    [`${W}/scripts/a/b/check.py`]: '# SKILL.md\nkind = meta.get("kind")\n',
    [`${W}/scripts/a/b/c/too-deep.py`]: '# SKILL.md\ndeep = meta.get("deep")\n',
    [`${W}/lib/skills.py`]: '# SKILL.md\nx = meta.get("elsewhere")\n',
    // The project's own server lists its skills with keys of their frontmatter (held-out round 72: an MCP server in src/lib/).
    [`${W}/src/lib/mcp-api-server.ts`]: "// reads every SKILL.md\nconst related = fm['related_tools'];\n",
    [`${W}/schema/frontmatter.schema.json`]: '{ "title": "SKILL.md frontmatter", "required": ["name", "tags"], "properties": { "tags": {}, "loose": {} } }',
    [`${W}/scripts/migrate.py`]: '# moves keys of every SKILL.md under metadata\nfm["metadata"]["version"] = fm.pop("version")\ndel fm["author"]\nfm["license"] = "MIT"\n',
    [`${W}/pkg/tools/x.ts`]: 'SKILL.md fm.inner',
    [`${W}/tools/catalog.py`]: [
      'SWARM_KEYS = ("team_config", "specialist_ids")',
      'for path in glob("skills/*/SKILL.md"):',
      '    for line in read(path).split("\\n"):',
      '        if line.startswith("owner:"): owner = line[6:]',
      '    if "stage" in skill_fm: stages.append(skill_fm["stage"])',
      '    entry = plugin_entry.get("source"); group = component.get("group"); rows.append({"area": area})',
    ].join('\n'),
  });
  const readers = readOwnKeyReaders([W, `${W}/pkg`], host);
  assert.equal(ownToolReading(`${W}/skills/x/SKILL.md`, 'kind', readers), 'scripts/a/b/check.py');
  assert.equal(ownToolReading(`${W}/skills/x/SKILL.md`, 'tags', readers), 'schema/frontmatter.schema.json');
  assert.equal(ownToolReading(`${W}/skills/x/SKILL.md`, 'deep', readers), undefined);
  // A schema's optional property, and keys a migration writes, moves or deletes, are not read.
  for (const key of ['loose', 'version', 'author', 'license']) assert.equal(ownToolReading(`${W}/skills/x/SKILL.md`, key, readers), undefined, key);
  assert.equal(ownToolReading(`${W}/skills/x/SKILL.md`, 'elsewhere', readers), undefined);
  assert.equal(ownToolReading(`${W}/skills/x/SKILL.md`, 'related_tools', readers), 'src/lib/mcp-api-server.ts');
  // A line parsed by its prefix, a membership test on the frontmatter; a lookup on other data (a plugin entry, a component) or a key only written is not a read.
  assert.equal(ownToolReading(`${W}/skills/x/SKILL.md`, 'owner', readers), 'tools/catalog.py');
  assert.equal(ownToolReading(`${W}/skills/x/SKILL.md`, 'stage', readers), 'tools/catalog.py');
  assert.equal(ownToolReading(`${W}/skills/x/SKILL.md`, 'team_config', readers), 'tools/catalog.py');
  for (const key of ['source', 'group', 'area']) assert.equal(ownToolReading(`${W}/skills/x/SKILL.md`, key, readers), undefined, key);
  assert.equal(ownToolReading(`${W}/pkg/skills/y/SKILL.md`, 'inner', readers), 'tools/x.ts');
  assert.equal(ownToolReading(`${W}/pkg/skills/y/SKILL.md`, 'kind', readers), undefined);
  assert.equal(isOwnToolFile(`${W}/scripts/a/check.py`, [W]), true);
  assert.equal(isOwnToolFile(`${W}/src/check.py`, [W]), true);
  assert.equal(isOwnToolFile(`${W}/lib/check.py`, [W]), false);
  assert.equal(isOwnToolFile(`${W}/scripts/notes.md`, [W]), false);
});

test("a script at the root named for a tool's work (install-common.sh, validate.py) is one of the repository's own tools; another root file is not", () => {
  const host = new InMemoryHost({
    [`${W}/install-common.sh`]: 'find . -name "SKILL.md" | while read -r f; do\n  grep -q "^tool_type:" "$f" || errors+=("Missing tool_type")\ndone\n',
    [`${W}/main.py`]: '# SKILL.md\nx = meta.get("elsewhere")\n',
  });
  const readers = readOwnKeyReaders([W], host);
  assert.equal(ownToolReading(`${W}/alignment/sam-bam/SKILL.md`, 'tool_type', readers), 'install-common.sh');
  assert.equal(ownToolReading(`${W}/alignment/sam-bam/SKILL.md`, 'elsewhere', readers), undefined);
  assert.equal(isOwnToolFile(`${W}/install-common.sh`, [W]), true);
  assert.equal(isOwnToolFile(`${W}/main.py`, [W]), false);
});

test("a CI workflow whose step reads a key of SKILL.md by its line (grep '^version:' SKILL.md) is one of the repository's own tools", () => {
  const host = new InMemoryHost({
    [`${W}/.github/workflows/package-skill.yml`]: [
      'jobs:',
      '  package:',
      '    steps:',
      '      - run: echo "version=$(grep \'^version:\' SKILL.md | cut -d\' \' -f2)" >> "$GITHUB_OUTPUT"',
    ].join('\n'),
    [`${W}/.github/workflows/test.yml`]: "steps:\n  - run: grep '^owner:' README.md\n",
    // YAML in a tool folder is data, not a tool (300 of them would crowd the folder's tools out).
    [`${W}/scripts/fixtures/case.yml`]: "# SKILL.md fixture\npattern: '^stage:'\n",
  });
  const readers = readOwnKeyReaders([W], host);
  assert.equal(ownToolReading(`${W}/SKILL.md`, 'version', readers), '.github/workflows/package-skill.yml');
  // A workflow that never names SKILL.md reads other files.
  assert.equal(ownToolReading(`${W}/SKILL.md`, 'owner', readers), undefined);
  assert.equal(ownToolReading(`${W}/SKILL.md`, 'stage', readers), undefined);
  assert.equal(isOwnToolFile(`${W}/.github/workflows/package-skill.yml`, [W]), true);
  assert.equal(isOwnToolFile(`${W}/scripts/fixtures/case.yml`, [W]), false);
});

test("a key that looks like a misspelt client key but that the repository's own tool reads as written is advice, naming the tool", () => {
  const loader = ['// Loads .revealui/skills/*/SKILL.md', 'export const tools = (fm: Frontmatter) => fm.allowedTools ?? [];'].join('\n');
  const text = '---\nname: picker\ndescription: Picks the skill for a task. Use when unsure which skill applies.\nallowedTools: Read\n---\nBody\n';
  const uri = `${W}/.claude/skills/picker/SKILL.md`;
  const typos = (files: Record<string, string>) => {
    const host = new InMemoryHost({ ...files, [uri]: text });
    return analyzeSkill(text, uri, host, { repository: readRepositoryFacts([], host, [W]) }).diagnostics.filter((d) => d.code === 'skill-field-typo');
  };
  assert.deepEqual(
    typos({}).map((d) => d.severity),
    ['warning'],
  );
  const read = typos({ [`${W}/scripts/cli/skills.ts`]: loader });
  assert.deepEqual(
    read.map((d) => d.severity),
    ['information'],
  );
  assert.match(read[0]!.message, /did you mean 'allowed-tools'\? The repository's scripts\/cli\/skills\.ts reads 'allowedTools' as written/);
});

test("a skill's own script that goes through the collection's SKILL.md files (a catalog auditor) reads keys for every skill at its root", () => {
  const auditor = ['for skill_md in sorted(root.rglob("SKILL.md")):', '    fm = parse_frontmatter(skill_md)', '    domain = str(fm.get("domain", ""))'].join('\n');
  const host = new InMemoryHost({
    [`${W}/skills/agent-tools/catalog-auditor/SKILL.md`]: '---\nname: catalog-auditor\n---\n',
    [`${W}/skills/agent-tools/catalog-auditor/scripts/audit_catalog.py`]: auditor,
    // A script that scores its own skill, or mentions SKILL.md while reading other files, does not speak for the collection.
    [`${W}/skills/testing/scorer/SKILL.md`]: '---\nname: scorer\n---\n',
    [`${W}/skills/testing/scorer/scripts/score.py`]: 'skill_md = skill_path / "SKILL.md"\nowner = meta.get("owner")\n',
    [`${W}/skills/testing/recipes/SKILL.md`]: '---\nname: recipes\n---\n',
    [`${W}/skills/testing/recipes/scripts/scan.py`]: '"""Recipes, not SKILL.md."""\nREQUIRED_FIELDS = ["version", "title"]\n',
    // Scripts in a folder that is no skill's (and no tool or source folder at the root) are not a skill's own tool.
    [`${W}/app/scripts/load.py`]: 'for p in glob("skills/*/SKILL.md"):\n    area = meta.get("area")\n',
  });
  const readers = readOwnKeyReaders([W], host);
  const other = `${W}/skills/data/etl/SKILL.md`;
  assert.equal(ownToolReading(other, 'domain', readers), 'skills/agent-tools/catalog-auditor/scripts/audit_catalog.py');
  for (const key of ['owner', 'version', 'area']) assert.equal(ownToolReading(other, key, readers), undefined, key);
  assert.equal(isOwnToolFile(`${W}/skills/agent-tools/catalog-auditor/scripts/audit_catalog.py`, [W]), true);
  assert.equal(isOwnToolFile(`${W}/skills/agent-tools/catalog-auditor/references/notes.md`, [W]), false);
});

test('a tool of the repository that reads other keys does not hide a client that reads the key in a copy of the skill', () => {
  const text = '---\nname: picker\ndescription: Picks the skill for a task. Use when unsure which skill applies.\nallowed-tools: Read\n---\nBody\n';
  const files = {
    [`${W}/.claude/skills/picker/SKILL.md`]: text,
    [`${W}/scripts/dev/check_skills.py`]: CHECKER,
  };
  const severities = fieldFindings(files, text).map(([code, severity, line]) => [code, severity, line]);
  assert.deepEqual(severities, [['skill-unexpected-field', 'information', 3]]);
  assert.match(String(fieldFindings(files, text)[0]![3]), /Claude Code \(loading this skill's copy in \.claude\/skills\/picker\/\) reads it, so keep it/);
});

test("another tool's hidden skill store whose README documents the frontmatter schema: the keys it lists are advice, naming the README; elsewhere they stay warnings", () => {
  const uri = `${W}/.mercury/skills/dual-verify/SKILL.md`;
  const text = '---\nname: dual-verify\ndescription: Runs two reviews before a PR. Use when a PR is ready.\ncategory: WORKFLOW\nroles: [main]\nsecret_sauce: yes\n---\nBody\n';
  const readme = '# Skill store\n\n```yaml\nname: skill-slug          # required\ndescription: One sentence  # required\ncategory: TOOL_GUIDE|WORKFLOW\nroles: [dev, main]\n```\n';
  const found = fieldFindings({ [`${W}/.mercury/skills/README.md`]: readme }, text, uri);
  assert.deepEqual(
    found.map(([, severity, line]) => [severity, line]),
    [
      ['information', 3],
      ['information', 4],
      ['warning', 5],
    ],
  );
  assert.match(
    String(found[0]![3]),
    /\.mercury's own skill store \(\.mercury\/skills\/README\.md lists the key in its frontmatter schema; no client loads skills from there\) reads it/,
  );
  // Without the README's schema, or in a client's folder, the keys are reported as before.
  assert.deepEqual(
    fieldFindings({}, text, uri).map(([, severity]) => severity),
    ['warning', 'warning', 'warning'],
  );
  const inClient = `${W}/.claude/skills/dual-verify/SKILL.md`;
  assert.ok(fieldFindings({ [`${W}/.claude/skills/README.md`]: readme }, text, inClient).every(([, severity]) => severity === 'warning'));
});
