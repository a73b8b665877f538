// skill-duplicate-name: a clash only where one client loads both skills in one scope and keys
// them by name; the message says which client and what it does, and names the other file by its
// path in the workspace.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeSkill, duplicateSkillNames, repositoryFacts, type IndexedSkill, type RepositoryFacts } from '../../server/src/core/skills';
import { InMemoryHost } from '../../server/src/core/workspace/host';
import { isClientMarker, usesOpenCode } from '../../server/src/core/skills/plugins';

const R = 'file:///ws';
const text = (name: string, extra = '') => `---\nname: ${name}\ndescription: Tidies imports. Use when imports are messy.${extra}\n---\nBody\n`;

/** Each path with its text, analysed as the CLI and the server do (targets from the path and the manifests). */
function clashes(files: Record<string, string>, repository?: RepositoryFacts): Map<string, { code: string; severity: string; message: string }[]> {
  const host = new InMemoryHost();
  const skills: IndexedSkill[] = Object.entries(files).map(([p, t]) => {
    const s = analyzeSkill(t, `${R}/${p}`, host, repository ? { repository, checkReferences: false } : { checkReferences: false }).skill;
    return { uri: s.uri, name: s.name!, nameRange: s.nameRange!, targets: s.targets.targets, fingerprint: s.fingerprint };
  });
  const out = duplicateSkillNames(skills, { roots: [R], ...(repository ? { repository } : {}) });
  return new Map([...out].map(([uri, ds]) => [uri.slice(R.length + 1), ds.map(({ code, severity, message }) => ({ code, severity, message }))]));
}

test('OpenCode reads .claude/skills and .agents/skills of one project: two texts of one name, the later one replaces the other', () => {
  const r = clashes({ '.agents/skills/tidy/SKILL.md': text('tidy'), '.claude/skills/tidy/SKILL.md': text('tidy', ' Also sorts.') });
  assert.deepEqual(r.get('.agents/skills/tidy/SKILL.md'), [
    {
      code: 'skill-duplicate-name',
      severity: 'warning',
      message: "Skill name 'tidy' is also used by .claude/skills/tidy/SKILL.md: OpenCode loads both and the one it reads last replaces the other (OpenCode)",
    },
  ]);
});

test('with a copy in .opencode/skills, which OpenCode reads last, the clash is a copy per client: advice that says which copy OpenCode keeps', () => {
  const r = clashes({ '.agents/skills/tidy/SKILL.md': text('tidy'), '.opencode/skills/tidy/SKILL.md': text('tidy', ' Also sorts.') });
  assert.deepEqual(r.get('.opencode/skills/tidy/SKILL.md'), [
    {
      code: 'skill-duplicate-name',
      severity: 'information',
      message:
        "Skill name 'tidy' is used by other copies too: OpenCode reads .opencode/skills/ after .claude/ and .agents/, so it keeps this copy and drops the others, which are for other clients (OpenCode)",
    },
  ]);
  assert.deepEqual(
    r.get('.agents/skills/tidy/SKILL.md')!.map((d) => [d.severity, d.message.includes('so it keeps .opencode/skills/tidy/SKILL.md and drops the others')]),
    [['information', true]],
  );
});

test('two texts of one name both in .opencode/skills are a clash in OpenCode’s own folder: still a warning', () => {
  const r = clashes({ '.opencode/skills/tidy/SKILL.md': text('tidy'), '.opencode/skills/tidy-imports/SKILL.md': text('tidy', ' Also sorts.') });
  assert.equal(r.get('.opencode/skills/tidy/SKILL.md')!.find((d) => d.code === 'skill-duplicate-name')!.severity, 'warning');
});

test('byte-identical copies kept for two clients are not a clash', () => {
  assert.deepEqual([...clashes({ '.agents/skills/tidy/SKILL.md': text('tidy'), '.codex/skills/tidy/SKILL.md': text('tidy'), '.opencode/skills/tidy/SKILL.md': text('tidy') })], []);
});

test('skills no single client reads together are not a clash: translations under docs/, Claude Code project skills, other projects', () => {
  // A skill in no client folder is loaded by no client from there.
  assert.deepEqual([...clashes({ 'skills/tidy/SKILL.md': text('tidy'), 'docs/fr/skills/tidy/SKILL.md': text('tidy', ' (fr)') })], []);
  // Claude Code calls a project skill by its folder name; `name` is only its label.
  assert.deepEqual([...clashes({ '.claude/skills/tidy/SKILL.md': text('tidy', ' (cc)'), 'web/.claude/skills/tidy-web/SKILL.md': text('tidy', ' (web)') })], []);
  // Sibling projects (Codex and OpenCode read .agents/skills from the project root down to the
  // working folder), and Codex skipping hidden folders.
  assert.deepEqual(
    [
      ...clashes({
        'app/.agents/skills/tidy/SKILL.md': text('tidy', ' (app)'),
        'lib/.agents/skills/tidy/SKILL.md': text('tidy', ' (lib)'),
        'tool/.codex/skills/.system/tidy/SKILL.md': text('tidy', ' (system)'),
      }),
    ],
    [],
  );
});

test('skills of two plugins are namespaced (plugin:name); two of one plugin clash', () => {
  const repository = repositoryFacts([
    {
      uri: `${R}/.claude-plugin/marketplace.json`,
      text: JSON.stringify({
        plugins: [
          { name: 'a', source: './a' },
          { name: 'b', source: './b' },
        ],
      }),
    },
  ]);
  assert.deepEqual([...clashes({ 'a/skills/tidy/SKILL.md': text('tidy'), 'b/skills/tidy/SKILL.md': text('tidy', ' (b)') }, repository)], []);
  const same = clashes({ 'a/skills/tidy/SKILL.md': text('tidy'), 'a/skills/tidy-two/SKILL.md': text('tidy', ' (two)') }, repository);
  assert.deepEqual(same.get('a/skills/tidy/SKILL.md'), [
    {
      code: 'skill-duplicate-name',
      severity: 'information',
      message: "Skill name 'tidy' is also used by a/skills/tidy-two/SKILL.md: Claude Code gives both the same plugin command (Claude Code)",
    },
  ]);
});

test('a nested project sees the skills of the folders above it: Codex loads both (information)', () => {
  const r = clashes({ '.codex/skills/tidy/SKILL.md': text('tidy'), 'pkg/.agents/skills/tidy/SKILL.md': text('tidy', ' (pkg)') });
  assert.deepEqual(
    r.get('.codex/skills/tidy/SKILL.md')!.map((d) => [d.severity, d.message]),
    [['information', "Skill name 'tidy' is also used by pkg/.agents/skills/tidy/SKILL.md: Codex loads both under one name (it drops duplicates only by path) (Codex)"]],
  );
  // The .agents/skills copy is also OpenCode's, but OpenCode does not read .codex/skills: Codex's clash only.
  assert.equal(r.get('pkg/.agents/skills/tidy/SKILL.md')![0]!.severity, 'information');
});

test('copies a skill carries in its references or assets clash with nothing, even in a folder a client scans recursively', () => {
  const sample = (p: string) => `.agents/skills/${p}/SKILL.md`;
  const files = {
    [sample('takt-analyzer/references/takt/builtins/skill')]: text('takt', ' (a)'),
    [sample('takt-optimizer/references/takt/builtins/skill')]: text('takt', ' (b)'),
    [sample('tester/assets/sample-skill')]: text('takt', ' (c)'),
  };
  assert.deepEqual([...clashes(files)], []);
  // Two skills of their own with that name still clash for OpenCode.
  assert.ok(clashes({ ...files, '.agents/skills/takt/SKILL.md': text('takt'), '.opencode/skills/takt/SKILL.md': text('takt', ' (d)') }).size > 0);
});

test('in a repository set up for no OpenCode (no .opencode/, no opencode.json), a clash only OpenCode sees is advice: copies for other clients; set up for it, a warning', () => {
  const files = { '.agents/skills/tidy/SKILL.md': text('tidy'), '.claude/skills/tidy/SKILL.md': text('tidy', ' Also sorts.') };
  const none = clashes(files, { ...repositoryFacts([], [R]), openCode: false }).get('.agents/skills/tidy/SKILL.md')!;
  assert.deepEqual(
    none.map((d) => d.severity),
    ['information'],
  );
  assert.match(none[0]!.message, /nothing here sets the repository up for OpenCode \(no \.opencode\/, no opencode\.json\)/);
  const used = clashes(files, { ...repositoryFacts([], [R]), openCode: true }).get('.agents/skills/tidy/SKILL.md')!;
  assert.deepEqual(
    used.map((d) => d.severity),
    ['warning'],
  );
  // Another client's clash in its own folder stays a warning either way.
  const gemini = clashes(
    { '.gemini/skills/a/SKILL.md': text('tidy'), '.gemini/skills/b/SKILL.md': text('tidy', ' Also sorts.') },
    { ...repositoryFacts([], [R]), openCode: false },
  );
  assert.equal(gemini.get('.gemini/skills/a/SKILL.md')![0]!.severity, 'warning');
});

test('whether a repository is set up for OpenCode: .opencode/, opencode.json or opencode.jsonc at a root', () => {
  assert.equal(usesOpenCode([R], new InMemoryHost({ [`${R}/README.md`]: '' })), false);
  assert.equal(usesOpenCode([R], new InMemoryHost({ [`${R}/opencode.json`]: '{}' })), true);
  assert.equal(usesOpenCode([R], new InMemoryHost({ [`${R}/.opencode/agents/a.md`]: '' })), true);
  assert.equal(isClientMarker(`${R}/.opencode/agents/a.md`, [R]), true);
  assert.equal(isClientMarker(`${R}/docs/opencode.json`, [R]), false);
});
