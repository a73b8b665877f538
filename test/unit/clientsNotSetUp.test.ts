// What the repository around a skill makes advice: clients that read a shared skills folder but
// that nothing in the repository sets up (Gemini CLI and OpenCode reading `.agents/skills/`), and a
// SKILL.md inside a plugin skill's folder or an older copy inside a skill's own folder, which no client loads as a skill.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isClientMarker, readRepositoryFacts } from '../../server/src/core/skills/plugins';
import { analyzeSkill } from '../../server/src/core/skills/analyze';
import { InMemoryHost } from '../../server/src/core/workspace/host';

const W = 'file:///ws';
const NAMELESS = '---\ndescription: Builds the docs. Use when the docs need a rebuild.\n---\nRun `make docs`.\n';

/** The severity and message of each finding of `code` on the skill `text` at `uri`, with `files` beside it in the workspace. */
const findingsOf =
  (code: string, text: string) =>
  (uri: string, files: Record<string, string> = {}) => {
    const host = new InMemoryHost({ ...files, [uri]: text });
    return analyzeSkill(text, uri, host, { repository: readRepositoryFacts([], host, [W]) })
      .diagnostics.filter((d) => d.code === code)
      .map((d) => [d.severity, d.message]);
  };
const nameMissing = findingsOf('skill-name-missing', NAMELESS);

test('a missing name in .agents/skills is advice when nothing sets up Gemini CLI or OpenCode, naming them', () => {
  const [found] = nameMissing(`${W}/.agents/skills/build-docs/SKILL.md`, { [`${W}/AGENTS.md`]: '# Agents\n', [`${W}/.vscode/settings.json`]: '{}\n' });
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
  // One the skill around it sends the agent to by its path ("Load `7.4/SKILL.md`") is that skill's document.
  const router = '---\nname: redis\ndescription: Redis. Use for Redis work.\n---\nLoad `7.4/SKILL.md` for Redis 7.4.\n';
  assert.deepEqual(severities(`${W}/database/redis/7.4/SKILL.md`, { [`${W}/database/redis/SKILL.md`]: router }), ['information']);
  assert.deepEqual(severities(`${W}/database/redis/7.6/SKILL.md`, { [`${W}/database/redis/SKILL.md`]: router }), ['warning']);
  // A sub-skill in a folder named as a skill is one to the clients that look deeper, named or not.
  const subRouter = '---\nname: redis\ndescription: Redis. Use for Redis work.\n---\nLoad `cluster/SKILL.md` for clusters.\n';
  assert.deepEqual(severities(`${W}/database/redis/cluster/SKILL.md`, { [`${W}/database/redis/SKILL.md`]: subRouter }), ['warning']);
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
  // A copy without a description either is the same skill twice: the loaded copy has the error, this mirror the advice.
  assert.deepEqual(found({ [`${W}/.agents/skills/adr-write/SKILL.md`]: source }), ['information']);
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

test("a skill in no client folder with the frontmatter of its namesake in a client skills folder is a mirror of the loaded skill: its loader's findings are advice, and a whole copy's are all advice", () => {
  const loaded = '---\nname: pdf\ndescription: Reads PDF files. Use when a PDF is attached.\nversion: 1.2.0\n---\nSee [the guide](/Users/ann/guide.md).\n';
  const found = (mirror: string, extra: Record<string, string> = {}, folder = 'docs/claude/skills') => {
    const uri = `${W}/${folder}/pdf/SKILL.md`;
    const host = new InMemoryHost({ ...extra, [uri]: mirror, [`${W}/.claude/skills/pdf/SKILL.md`]: loaded });
    return analyzeSkill(mirror, uri, host, { repository: readRepositoryFacts([], host, [W]) })
      .diagnostics.filter((d) => d.code === 'skill-unexpected-field' || d.code === 'skill-reference-absolute')
      .map((d) => `${d.code}/${d.severity}`);
  };
  // The whole text: every finding is the loaded copy's to report.
  assert.deepEqual(found(loaded), ['skill-unexpected-field/information', 'skill-reference-absolute/information']);
  // The frontmatter alone: what the loader decides is advice, what the text says is not.
  const drifted = loaded.replace('the guide', 'the old guide');
  assert.deepEqual(found(drifted), ['skill-unexpected-field/information', 'skill-reference-absolute/warning']);
  // Another frontmatter, a plugin's copy, or a copy the README installs: checked as before.
  assert.deepEqual(found(loaded.replace('1.2.0', '1.3.0')), ['skill-unexpected-field/warning', 'skill-reference-absolute/warning']);
  assert.deepEqual(found(loaded, { [`${W}/plugins/pdf-kit/plugin.json`]: '{"name": "pdf-kit"}' }, 'plugins/pdf-kit/skills'), [
    'skill-unexpected-field/warning',
    'skill-reference-absolute/warning',
  ]);
  // Installed by the README, the copy is Claude Code's skill (which ignores `version`), not a mirror.
  assert.deepEqual(found(loaded, { [`${W}/README.md`]: 'Install: `cp -r skills/* ~/.claude/skills/`\n' }, 'skills'), ['skill-reference-absolute/warning']);
});

test("a skill in no client folder that the root's CLAUDE.md or AGENTS.md lists by path, with another of its folder, is a document agents open: advice only", () => {
  const skill = '---\nname: sagas\ndescription: Saga patterns. Use when writing a saga.\ncluster: wolverine\n---\nBody.\n';
  const other = '---\nname: handlers\ndescription: Handler patterns. Use when writing a handler.\n---\nBody.\n';
  const severity = (instructions: Record<string, string>, extra: Record<string, string> = {}, folder = 'docs/skills') => {
    const uri = `${W}/${folder}/sagas/SKILL.md`;
    const host = new InMemoryHost({ ...instructions, ...extra, [uri]: skill, [`${W}/${folder}/handlers/SKILL.md`]: other });
    return analyzeSkill(skill, uri, host, { repository: readRepositoryFacts([], host, [W]) })
      .diagnostics.filter((d) => d.code === 'skill-unexpected-field')
      .map((d) => d.severity);
  };
  const table = '| Creating a saga | `docs/skills/sagas/SKILL.md` |\n| Adding a handler | `docs/skills/handlers/SKILL.md` |\n';
  assert.deepEqual(severity({ [`${W}/CLAUDE.md`]: table }), ['information']);
  // What the file says still reaches the agent that opens it: a path on one machine stays a warning.
  const linked = skill.replace('Body.', 'See [the guide](/Users/ann/guide.md).');
  const uri = `${W}/docs/skills/sagas/SKILL.md`;
  const opened = new InMemoryHost({ [`${W}/CLAUDE.md`]: table, [uri]: linked, [`${W}/docs/skills/handlers/SKILL.md`]: other });
  const ds = analyzeSkill(linked, uri, opened, { repository: readRepositoryFacts([], opened, [W]) }).diagnostics;
  assert.deepEqual(
    ds.filter((d) => d.severity !== 'hint').map((d) => `${d.code}/${d.severity}`),
    ['skill-unexpected-field/information', 'skill-reference-absolute/warning'],
  );
  assert.match(ds[0]!.message, /\(CLAUDE\.md lists this file for agents to open by path, and no client loads docs\/skills\/ as skills, so it is advice\)$/);
  assert.deepEqual(severity({ [`${W}/AGENTS.md`]: 'Read [the sagas](./skills/sagas/SKILL.md) or ./skills/handlers/SKILL.md first.\n' }, {}, 'skills'), ['information']);
  // One skill named (the model of a collection), skills of another folder, a client's home folder or a nested instruction file: checked as before.
  assert.deepEqual(severity({ [`${W}/CLAUDE.md`]: 'Model new skills on `docs/skills/sagas/SKILL.md`.\n' }), ['warning']);
  assert.deepEqual(severity({ [`${W}/CLAUDE.md`]: table.replaceAll('docs/skills', 'guides') }), ['warning']);
  assert.deepEqual(severity({ [`${W}/CLAUDE.md`]: table.replaceAll('`docs/', '`~/docs/') }), ['warning']);
  assert.deepEqual(severity({ [`${W}/docs/CLAUDE.md`]: table }), ['warning']);
  // A hidden folder no client reads, named as the place to load skills from, is the agents' to open by path too; a client's own is not.
  assert.deepEqual(severity({ [`${W}/CLAUDE.md`]: 'Load skills on demand (see `.ai/skills/`).\n' }, {}, '.ai/skills'), ['information']);
  assert.deepEqual(severity({ [`${W}/CLAUDE.md`]: 'Load skills on demand (see `.ai/skills/`).\n' }, {}, '.tool/skills'), ['warning']);
  // Named skills that do not exist do not count.
  assert.deepEqual(severity({ [`${W}/CLAUDE.md`]: '`docs/skills/sagas/SKILL.md`, `docs/skills/gone/SKILL.md`\n' }), ['warning']);
  // A README that installs the skills into a client's folder makes them that client's: checked for Claude Code, which ignores the key.
  const installed = '---\nname: sagas\ndescription: Saga patterns. Use when writing a saga.\n---\nSee [the guide](/Users/ann/guide.md).\n';
  const host = new InMemoryHost({
    [`${W}/CLAUDE.md`]: table,
    [`${W}/README.md`]: 'Install: `cp -r docs/skills/* ~/.claude/skills/`\n',
    [uri]: installed,
    [`${W}/docs/skills/handlers/SKILL.md`]: other,
  });
  assert.deepEqual(
    analyzeSkill(installed, uri, host, { repository: readRepositoryFacts([], host, [W]) })
      .diagnostics.filter((d) => d.code === 'skill-reference-absolute')
      .map((d) => d.severity),
    ['warning'],
  );
});

test("a key the file's clients ignore is advice when the client of a copy of the skill in another client folder holds and reads it", () => {
  const text = '---\nname: create-pr\ndescription: Opens a pull request. Use when asked to open one.\nallowed-tools: Bash(gh pr create:*)\nisolation: worktree\n---\nBody.\n';
  const uri = `${W}/.agents/skills/create-pr/SKILL.md`;
  const found = (files: Record<string, string>) => {
    // VS Code is set up: without it, its findings in .agents/skills are advice anyway.
    const host = new InMemoryHost({ ...files, [`${W}/.vscode/settings.json`]: '{}\n', [uri]: text });
    return analyzeSkill(text, uri, host, { repository: readRepositoryFacts([], host, [W]) })
      .diagnostics.filter((d) => d.code === 'skill-unexpected-field')
      .map((d) => [d.severity, d.message]);
  };
  const copied = found({ [`${W}/.claude/skills/create-pr/SKILL.md`]: text });
  assert.deepEqual(
    copied.map(([severity]) => severity),
    ['information', 'warning'],
  );
  assert.match(copied[0]![1]!, /Claude Code \(loading this skill's copy in \.claude\/skills\/create-pr\/\) reads it, so keep it for that \(VS Code \/ Copilot\)$/);
  // `isolation` is no skill key of Claude Code's either: still a warning. So is a key the copy does not hold, and a key with no copy at all.
  assert.match(copied[1]![1]!, /'isolation'/);
  const without = text.replace('allowed-tools: Bash(gh pr create:*)\n', '');
  assert.deepEqual(
    found({ [`${W}/.claude/skills/create-pr/SKILL.md`]: without }).map(([severity]) => severity),
    ['warning', 'warning'],
  );
  assert.deepEqual(
    found({}).map(([severity]) => severity),
    ['warning', 'warning'],
  );
  // Another skill's folder there says nothing about this one.
  assert.deepEqual(
    found({ [`${W}/.claude/skills/review-pr/SKILL.md`]: text }).map(([severity]) => severity),
    ['warning', 'warning'],
  );
});

const MISNAMED = '---\nname: build-docs\ndescription: Builds the docs. Use when the docs need a rebuild.\n---\nRun `make docs`.\n';
const mismatch = findingsOf('skill-name-directory-mismatch', MISNAMED);

test('a name unlike its folder in .agents/skills is advice when nothing sets up VS Code or Copilot, naming VS Code', () => {
  const [found] = mismatch(`${W}/.agents/skills/docs-builder/SKILL.md`, { [`${W}/AGENTS.md`]: '# Agents\n', [`${W}/.github/workflows/ci.yml`]: 'on: push\n' });
  assert.equal(found![0], 'information');
  assert.match(String(found![1]), /nothing in this repository sets up VS Code \/ Copilot and OpenCode, so this is advice for those who use them/);
});

test('a name unlike its folder in .agents/skills stays a warning once .vscode/, Copilot files in .github/ or a .code-workspace file set VS Code up', () => {
  const markers = [
    '.vscode/settings.json',
    '.github/copilot-instructions.md',
    '.github/instructions/ts.instructions.md',
    '.github/agents/reviewer.agent.md',
    'team.code-workspace',
    '.config/Code/User/settings.json',
  ];
  for (const marker of markers) {
    const [found] = mismatch(`${W}/.agents/skills/docs-builder/SKILL.md`, { [`${W}/${marker}`]: '{}\n' });
    assert.equal(found![0], 'warning', marker);
    assert.doesNotMatch(String(found![1]), /nothing in this repository sets up/, marker);
  }
});

test('a file made or removed among the VS Code markers at a root may change whether VS Code is set up; other files in .github/ do not', () => {
  for (const rel of ['.vscode/settings.json', '.github/copilot-instructions.md', '.github/prompts/x.prompt.md', 'team.code-workspace', '.config/Code/User/settings.json'])
    assert.equal(isClientMarker(`${W}/${rel}`, [W]), true, rel);
  for (const rel of ['.github/workflows/ci.yml', 'docs/team.code-workspace', '.github/copilot-instructions.md.bak']) assert.equal(isClientMarker(`${W}/${rel}`, [W]), false, rel);
});
