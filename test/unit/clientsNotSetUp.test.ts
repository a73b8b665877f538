// What the repository around a skill makes advice: clients that read a shared skills folder but
// that nothing in the repository sets up (Gemini CLI and OpenCode reading `.agents/skills/`), and a
// SKILL.md inside a plugin skill's folder or an older copy inside a skill's own folder, which no client loads as a skill.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readRepositoryFacts } from '../../server/src/core/skills/plugins';
import { analyzeSkill } from '../../server/src/core/skills/analyze';
import { InMemoryHost } from '../../server/src/core/workspace/host';

const W = 'file:///ws';
const NAMELESS = '---\ndescription: Builds the docs. Use when the docs need a rebuild.\n---\nRun `make docs`.\n';

const nameMissing = (uri: string, files: Record<string, string> = {}) => {
  const host = new InMemoryHost({ ...files, [uri]: NAMELESS });
  return analyzeSkill(NAMELESS, uri, host, { repository: readRepositoryFacts([], host, [W]) })
    .diagnostics.filter((d) => d.code === 'skill-name-missing')
    .map((d) => [d.severity, d.message]);
};

test('a missing name in .agents/skills is advice when nothing sets up Gemini CLI or OpenCode, naming them', () => {
  const [found] = nameMissing(`${W}/.agents/skills/build-docs/SKILL.md`, { [`${W}/AGENTS.md`]: '# Agents\n' });
  assert.equal(found![0], 'information');
  assert.match(String(found![1]), /Gemini CLI does not load the skill/);
  assert.match(String(found![1]), /nothing in this repository sets up Gemini CLI and OpenCode, so this is advice for those who use them/);
});

test('a missing name in .agents/skills stays an error once GEMINI.md, .gemini/ or an OpenCode config sets a client up', () => {
  for (const marker of ['GEMINI.md', '.gemini/settings.json', 'opencode.json', '.opencode/agents/a.md']) {
    const [found] = nameMissing(`${W}/.agents/skills/build-docs/SKILL.md`, { [`${W}/${marker}`]: '{}\n' });
    assert.equal(found![0], 'error', marker);
    assert.doesNotMatch(String(found![1]), /nothing in this repository sets up/, marker);
  }
});

test("a client's own folder sets it up by being there: OpenCode's skills in a dotfiles copy keep their error", () => {
  const [found] = nameMissing(`${W}/.config/opencode/skills/babysit/SKILL.md`);
  assert.equal(found![0], 'error');
});

test("a SKILL.md inside the folder of a plugin's skill is a document that skill routes to, not a skill: advice only", () => {
  const manifest = `${W}/plugins/ui/.claude-plugin/plugin.json`;
  const parent = `${W}/plugins/ui/skills/flexlayout/SKILL.md`;
  const nested = `${W}/plugins/ui/skills/flexlayout/state-machine/SKILL.md`;
  const text = '---\nname: state-machine\ndescription: Explains the layout state machine. Use when changing layouts.\nrisk: low\n---\nBody.\n';
  const severities = (files: Record<string, string>) => {
    const host = new InMemoryHost({ ...files, [nested]: text });
    return analyzeSkill(text, nested, host, {
      repository: readRepositoryFacts(
        Object.keys(files).filter((u) => u.endsWith('plugin.json')),
        host,
        [W],
      ),
    })
      .diagnostics.filter((d) => d.code === 'skill-unexpected-field')
      .map((d) => d.severity);
  };
  assert.deepEqual(severities({ [manifest]: '{ "name": "ui" }', [parent]: '---\nname: flexlayout\ndescription: Lays out panes. Use when building layouts.\n---\n' }), [
    'information',
  ]);
  // Without the plugin, a nested SKILL.md in a collection is checked against the specification as before.
  assert.deepEqual(severities({ [parent]: '---\nname: flexlayout\ndescription: Lays out panes. Use when building layouts.\n---\n' }), ['warning']);
});

test('an older copy of a skill left inside its own folder (env-manager/env-manager/SKILL.md) is no skill in a collection: advice only', () => {
  const parent = `${W}/env-manager/SKILL.md`;
  const text = '---\nname: env-manager\ndescription: Manages env files. Use when editing .env files.\ncategories: [dev]\n---\nBody.\n';
  const severities = (nested: string, files: Record<string, string>) => {
    const host = new InMemoryHost({ ...files, [nested]: text });
    return analyzeSkill(text, nested, host, { repository: readRepositoryFacts([], host, [W]) })
      .diagnostics.filter((d) => d.code === 'skill-unexpected-field')
      .map((d) => d.severity);
  };
  assert.deepEqual(severities(`${W}/env-manager/env-manager/SKILL.md`, { [parent]: text }), ['information']);
  // A skill in a folder of another name inside a skill, and the copy without the skill around it, are checked as before.
  assert.deepEqual(severities(`${W}/env-manager/dotenv/SKILL.md`, { [parent]: text }), ['warning']);
  assert.deepEqual(severities(`${W}/env-manager/env-manager/SKILL.md`, {}), ['warning']);
});

test('a skill in no client folder without a description, whose folder name a client skills folder of the repository holds with one, is the source of that copy: advice only', () => {
  // A repository's own format (`summary`, no `description`) that its build turns into `.agents/skills/<name>/SKILL.md`.
  const source = '---\nname: adr-write\nsummary: Writes an ADR.\n---\nBody.\n';
  const exported = '---\nname: adr-write\ndescription: Writes an ADR. Use when a decision is made.\n---\nBody.\n';
  const found = (files: Record<string, string>) => {
    const host = new InMemoryHost({ ...files, [`${W}/skills/adr-write/SKILL.md`]: source });
    return analyzeSkill(source, `${W}/skills/adr-write/SKILL.md`, host, { repository: readRepositoryFacts([], host, [W]) })
      .diagnostics.filter((d) => d.code === 'skill-description-missing')
      .map((d) => d.severity);
  };
  assert.deepEqual(found({ [`${W}/.agents/skills/adr-write/SKILL.md`]: exported }), ['information']);
  assert.deepEqual(found({ [`${W}/.claude/skills/adr-write/SKILL.md`]: exported }), ['information']);
  // Another skill's folder there, a copy without a description either, or none, says nothing about this one.
  assert.deepEqual(found({ [`${W}/.agents/skills/adr-review/SKILL.md`]: exported }), ['error']);
  assert.deepEqual(found({ [`${W}/.agents/skills/adr-write/SKILL.md`]: source }), ['error']);
  assert.deepEqual(found({}), ['error']);
  // A frontmatter YAML cannot read still shows its description line: checked as before.
  const broken = '---\nname: adr-write\ndescription: [Writes an ADR\n---\nBody.\n';
  const brokenHost = new InMemoryHost({ [`${W}/skills/adr-write/SKILL.md`]: broken, [`${W}/.agents/skills/adr-write/SKILL.md`]: exported });
  assert.deepEqual(
    analyzeSkill(broken, `${W}/skills/adr-write/SKILL.md`, brokenHost, { repository: readRepositoryFacts([], brokenHost, [W]) })
      .diagnostics.filter((d) => d.code === 'skill-yaml-invalid')
      .map((d) => d.severity),
    ['error'],
  );
  // A copy with a description may be what an installer takes from the repository: checked as before.
  const published = '---\nname: adr-write\ndescription: Writes an ADR. Use when a decision is made.\norigin: team\n---\nBody.\n';
  const host = new InMemoryHost({ [`${W}/skills/adr-write/SKILL.md`]: published, [`${W}/.claude/skills/adr-write/SKILL.md`]: exported });
  const ds = analyzeSkill(published, `${W}/skills/adr-write/SKILL.md`, host, { repository: readRepositoryFacts([], host, [W]) }).diagnostics;
  assert.deepEqual(
    ds.filter((d) => d.code === 'skill-unexpected-field').map((d) => d.severity),
    ['warning'],
  );
});
