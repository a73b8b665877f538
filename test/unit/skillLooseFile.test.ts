// A skill written as one Markdown file straight in a client's skills folder (core/skills/looseFile.ts):
// no client loads it, since a skill is a folder holding SKILL.md.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { analyzeSkill } from '../../server/src/core/skills/analyze';
import { duplicateSkillNames, type IndexedSkill } from '../../server/src/core/skills';
import { looseSkillFile } from '../../server/src/core/skills/looseFilePath';
import { fileKindOf } from '../../server/src/core/workspace/fileKinds';
import { InMemoryHost } from '../../server/src/core/workspace/host';
import { cli } from '../helpers/cliRun';

const W = 'file:///ws';
const release = '---\nname: release\ndescription: Prepares a release. Use when asked to ship.\n---\n\n# Release\n';
const check = (rel: string, text: string) => analyzeSkill(text, `${W}/${rel}`, new InMemoryHost({ [`${W}/${rel}`]: text }), {}).diagnostics;

test('a loose file with skill frontmatter in .claude/skills/ is an error on its first line: no client loads it, and the message says where it belongs', () => {
  const found = check('.claude/skills/release.md', release);
  assert.deepEqual(
    found.map((d) => [d.code, d.severity, d.range.start.line, d.range.end.character]),
    [['skill-not-in-folder', 'error', 0, 3]],
  );
  assert.match(
    found[0]!.message,
    /^release\.md is not loaded as a skill: clients load a skill from a folder holding SKILL\.md and skip loose files in skills\/; move it to release\/SKILL\.md \(Claude Code/,
  );
  // The other clients' folders too, and OpenCode's singular one.
  for (const rel of ['.agents/skills/release.md', '.gemini/skills/release.md', '.opencode/skill/release.md', '.cursor/skills/release.md'])
    assert.deepEqual(
      check(rel, release).map((d) => d.code),
      ['skill-not-in-folder'],
      rel,
    );
});

test('a loose file beside the folder of its skill (release.md next to release/SKILL.md) is advice: the skill loads from the folder, and the file is a copy no client reads', () => {
  const rel = '.claude/skills/release.md';
  const host = new InMemoryHost({ [`${W}/${rel}`]: release, [`${W}/.claude/skills/release/SKILL.md`]: release });
  const found = analyzeSkill(release, `${W}/${rel}`, host, {}).diagnostics;
  assert.deepEqual(
    found.map((d) => [d.code, d.severity, d.range.start.line, d.data]),
    [['skill-not-in-folder', 'information', 0, undefined]],
  );
  assert.match(found[0]!.message, /^release\.md is not loaded: clients load the skill 'release' from release\/SKILL\.md beside it/);
});

test('a loose template for new skills (SKILL_TEMPLATE.md, or a placeholder name) is advice: no client loading it is what its author wants', () => {
  const template = '---\nname: your-skill-name\ndescription: |\n  Use this skill when ...\ncategory: <category>\n---\n\n# Skill Title\n';
  for (const [rel, text] of [
    ['.agents/skills/SKILL_TEMPLATE.md', template],
    ['.claude/skills/skill-template.md', release],
    ['.claude/skills/new-skill.md', template],
  ] as const) {
    const found = check(rel, text);
    assert.deepEqual(
      found.map((d) => [d.code, d.severity, d.data]),
      [['skill-not-in-folder', 'information', undefined]],
      rel,
    );
    assert.match(found[0]!.message, /is a template for new skills, not loaded as a skill/, rel);
  }
  // A skill in a folder named template/ is still a skill that does not load; so is a skill named as its file that speaks of templates.
  assert.deepEqual(
    check('template/.claude/skills/release.md', release).map((d) => d.severity),
    ['error'],
  );
  const propagation = '---\nname: template-propagation\ndescription: Copies template changes into the projects. Use when a template changed.\n---\n';
  assert.deepEqual(
    check('.claude/skills/template-propagation.md', propagation).map((d) => [d.code, d.severity]),
    [['skill-not-in-folder', 'error']],
  );
});

test('a SKILL.md straight in .claude/skills/ or .github/skills/ is an error: those clients load a skill one folder down, from the folder named as it', () => {
  for (const rel of ['.claude/skills/SKILL.md', '.github/skills/SKILL.md', '.github/skills/skill.md']) {
    const found = check(rel, release);
    assert.deepEqual(
      found.map((d) => [d.code, d.severity, d.range.start.line]),
      [['skill-not-in-folder', 'error', 0]],
      rel,
    );
    assert.match(found[0]!.message, /sits straight in \.(claude|github)\/skills\/, not in a skill's folder: .* move it to release\/SKILL\.md/, rel);
  }
  // Without a usable name the message says where it goes all the same.
  assert.match(check('.claude/skills/SKILL.md', '---\ndescription: Prepares a release.\n---\n')[0]!.message, /a folder of its own named as the skill/);
  // Codex and OpenCode find a SKILL.md at any depth of their folders, Gemini CLI one straight under a skills root: not reported there.
  for (const rel of ['.agents/skills/SKILL.md', '.gemini/skills/SKILL.md', '.opencode/skills/SKILL.md'])
    assert.ok(!check(rel, release).some((d) => d.code === 'skill-not-in-folder'), rel);
});

test('a loose file that does not say it is a skill, and the documents kept beside the skills, are not reported', () => {
  assert.deepEqual(check('.claude/skills/upgrade-min-versions.md', '# Upgrade\n\nThis skill upgrades the versions.\n'), []);
  assert.deepEqual(check('.claude/skills/conventions.md', '---\ntitle: Conventions\n---\n'), []);
  assert.equal(fileKindOf('/ws/.claude/skills/README.md'), null);
  assert.equal(fileKindOf('/ws/.claude/skills/CHANGELOG.md'), null);
  assert.equal(fileKindOf('/ws/.claude/skills/README.zh-CN.md'), null);
  // A name that goes on with a word of its own may be a skill's.
  assert.equal(fileKindOf('/ws/.claude/skills/changelog-rollup.md'), 'skill');
  assert.equal(fileKindOf('/ws/.claude/skills/release.md'), 'skill');
  // Outside a client's skills folder a Markdown file is no skill at all.
  assert.equal(looseSkillFile(`${W}/skills/release.md`), undefined);
  assert.equal(looseSkillFile(`${W}/.claude/skills/release/notes.md`), undefined);
  assert.equal(fileKindOf('/ws/docs/skills/release.md'), null);
  // Workflows read files in .github/skills/ by path: a loose one there may be read on purpose.
  assert.equal(fileKindOf('/ws/.github/skills/issue-review.md'), null);
});

test('a loose file is in no listing and clashes with no name: the skill of the same name in its folder is checked alone', () => {
  const loose = analyzeSkill(release, `${W}/.claude/skills/release.md`, new InMemoryHost({}), {});
  assert.deepEqual(loose.skill.targets.targets, []);
  assert.equal(loose.skill.targets.fallback, true);
  assert.equal(loose.skill.name, 'release');
  // In .agents/skills/, which OpenCode, Codex and Gemini CLI read, a second text of the name would clash; the loose one does not.
  const indexed = (rel: string, text: string): IndexedSkill => {
    const s = analyzeSkill(text, `${W}/${rel}`, new InMemoryHost({}), { checkReferences: false }).skill;
    return {
      uri: s.uri,
      name: s.name!,
      nameRange: s.nameRange ?? { start: { line: 1, character: 6 }, end: { line: 1, character: 13 } },
      targets: s.targets.targets,
      fingerprint: s.fingerprint,
    };
  };
  const folder = indexed('.agents/skills/ship/SKILL.md', release.replace('Prepares a release.', 'Ships a release.'));
  assert.deepEqual([...duplicateSkillNames([folder, indexed('.agents/skills/release.md', release)], { roots: [W] })], []);
  assert.ok(duplicateSkillNames([folder, indexed('.agents/skills/release/SKILL.md', release)], { roots: [W] }).size > 0, 'the same pair as folders clashes');
});

test('agent-files check finds a loose skill file in .claude/skills/ and reports it', () => {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'af-loose-')));
  try {
    fs.mkdirSync(path.join(dir, '.claude/skills/ship'), { recursive: true });
    fs.writeFileSync(path.join(dir, '.claude/skills/release.md'), release);
    fs.writeFileSync(path.join(dir, '.claude/skills/README.md'), '# Our skills\n');
    fs.writeFileSync(path.join(dir, '.claude/skills/ship/SKILL.md'), '---\nname: release\ndescription: Ships. Use when asked to ship.\n---\nBody\n');
    const r = cli(dir, 'check', '.', '--format', 'json');
    const report = JSON.parse(r.out) as { files: { path: string; diagnostics: { code: string; severity: string }[] }[] };
    const findings = report.files.flatMap((f) => f.diagnostics.filter((d) => d.severity !== 'information' && d.severity !== 'hint').map((d) => [f.path, d.code, d.severity]));
    assert.deepEqual(findings, [['.claude/skills/release.md', 'skill-not-in-folder', 'error']]);
    assert.equal(r.code, 1);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
