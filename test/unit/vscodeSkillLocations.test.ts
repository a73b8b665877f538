// The skills folders a workspace adds for VS Code with chat.agentSkillsLocations
// (core/skills/vscodeLocations.ts): skills one folder below each are VS Code's, not grouped ones.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { skillLocationsIn } from '../../server/src/core/skills/vscodeLocations';
import { readRepositoryFacts } from '../../server/src/core/skills/plugins';
import { analyzeSkill } from '../../server/src/core/skills/analyze';
import { InMemoryHost } from '../../server/src/core/workspace/host';

const W = 'file:///ws';
const SKILL = '---\nname: owasp-llm\ndescription: Reviews LLM risks. Use when a change touches prompts.\n---\nBody.\n';

const check = (path: string, settings?: string) => {
  const uri = `${W}/${path}`;
  const files: Record<string, string> = { [uri]: SKILL };
  if (settings !== undefined) files[`${W}/.vscode/settings.json`] = settings;
  const host = new InMemoryHost(files);
  return analyzeSkill(SKILL, uri, host, { repository: readRepositoryFacts([], host, [W]) });
};
const problems = (path: string, settings?: string) =>
  check(path, settings)
    .diagnostics.filter((d) => d.severity === 'error' || d.severity === 'warning')
    .map((d) => `${d.severity} ${d.code}`);

const SETTINGS = `{
  // VS Code reads comments and trailing commas here
  "chat.agentSkillsLocations": {
    ".github/skills": true,
    ".github/skills/security": true,
    "./docs/skills/": true,
    ".github/skills/drafts": false,
  },
}`;

test('a skill in a grouping folder that chat.agentSkillsLocations switches on is loaded by VS Code: no skill-not-in-folder', () => {
  assert.deepEqual(problems('.github/skills/security/owasp-llm/SKILL.md'), ['error skill-not-in-folder']);
  assert.deepEqual(problems('.github/skills/security/owasp-llm/SKILL.md', SETTINGS), []);
  // A folder switched off, or not named, still groups skills VS Code does not find.
  assert.deepEqual(problems('.github/skills/drafts/owasp-llm/SKILL.md', SETTINGS), ['error skill-not-in-folder']);
  assert.deepEqual(problems('.github/skills/other/owasp-llm/SKILL.md', SETTINGS), ['error skill-not-in-folder']);
});

test('a skill in a folder outside every client folder that the setting names is checked for VS Code, saying why', () => {
  const targets = check('docs/skills/owasp-llm/SKILL.md', SETTINGS).skill.targets;
  assert.deepEqual(targets.targets, ['copilot']);
  assert.match(targets.reason, /chat\.agentSkillsLocations in \.vscode\/settings\.json names/);
  assert.equal(check('docs/skills/owasp-llm/SKILL.md').skill.targets.fallback, true);
});

test('home, absolute and climbing paths, and values other than true, are left out; paths are normalised', () => {
  assert.deepEqual(
    skillLocationsIn('{"chat.agentSkillsLocations": {"~/.my/skills": true, "/abs/skills": true, "C:\\\\skills": true, "../up": true, "a/../b": true, "./x/y/": true, "z": "yes"}}'),
    ['x/y'],
  );
  assert.deepEqual(skillLocationsIn('not json at all {'), []);
  assert.deepEqual(skillLocationsIn('{"chat.agentSkillsLocations": ["a"]}'), []);
});
