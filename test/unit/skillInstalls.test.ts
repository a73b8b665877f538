// Where a collection says its skills are installed (core/skills/installs.ts): a README or install
// script that names one client's home skills folder, and no other client, makes the skills of the
// repository's other folders that client's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { installTarget, isInstallSource, readInstallFacts } from '../../server/src/core/skills/installs';
import { readRepositoryFacts } from '../../server/src/core/skills/plugins';
import { inferTargets } from '../../server/src/core/skills/targets';
import { analyzeSkill } from '../../server/src/core/skills/analyze';
import { InMemoryHost } from '../../server/src/core/workspace/host';

const W = 'file:///ws';
const readme = (text: string) => [{ uri: `${W}/README.md`, text }];

test('a README that links the skills into ~/.claude/skills/ and names no other client makes them Claude Code’s', () => {
  assert.deepEqual(installTarget(readme('## Install\n\n```bash\nln -s "$PWD/skills/x" ~/.claude/skills/x\n```\nWorks with Claude Code.')), {
    target: 'claude-code',
    folder: '~/.claude/skills/',
    source: `${W}/README.md`,
  });
  assert.equal(installTarget(readme('cp -r skills/* $HOME/.codex/skills/'))?.target, 'codex');
  assert.equal(installTarget(readme('Copy-Item skills %USERPROFILE%\\.claude\\skills'))?.target, 'claude-code');
});

test('a README that names two clients, or another client by name, names no one client; an installer for every client says so', () => {
  assert.equal(installTarget(readme('Copy to ~/.claude/skills/ or ~/.codex/skills/.')), undefined);
  assert.equal(installTarget(readme('Copy to ~/.claude/skills/. Codex users: see below.')), undefined);
  // An installer for every client names no one client.
  assert.equal(installTarget(readme('Copy to ~/.claude/skills/, or run `npx skills add me/repo`.'))?.target, 'every');
  assert.equal(installTarget(readme('Our own skills live in .claude/skills/ of this project.')), undefined);
  // "cursor" as a word of prose is no client.
  assert.equal(installTarget(readme('Copy to ~/.claude/skills/; move the cursor to the end.'))?.target, 'claude-code');
  // VS Code as the editor (a diagram preview) is no client; VS Code beside skills, agents or chat, or Copilot, is.
  assert.equal(installTarget(readme('git clone … ~/.claude/skills\n\n**Option 3: VS Code**\n1. Open `diagram.mmd` and preview it.'))?.target, 'claude-code');
  assert.equal(installTarget(readme('git clone … ~/.claude/skills\n\nVS Code loads these skills too.')), undefined);
  assert.equal(installTarget(readme('git clone … ~/.claude/skills\n\nUse them in VS Code chat.')), undefined);
  assert.equal(installTarget(readme('git clone … ~/.claude/skills\n\nAlso for GitHub Copilot.')), undefined);
});

test('the README, INSTALL.md and install scripts at a root and in its scripts/ and bin/ are read; nothing deeper', () => {
  const roots = [W];
  assert.ok(isInstallSource(`${W}/README.md`, roots));
  assert.ok(isInstallSource(`${W}/scripts/install-skill.sh`, roots));
  assert.ok(isInstallSource(`${W}/install.ps1`, roots));
  assert.ok(!isInstallSource(`${W}/docs/README.md`, roots));
  assert.ok(!isInstallSource(`${W}/scripts/build.sh`, roots));
  assert.ok(!isInstallSource('file:///elsewhere/README.md', roots));
  const host = new InMemoryHost({
    [`${W}/README.md`]: '# Skills\nSee the install script.',
    [`${W}/scripts/install-skill.sh`]: 'ln -sfn "$dir" "$HOME/.claude/skills/$name"',
    [`${W}/docs/README.md`]: 'cp -r skills ~/.codex/skills/',
  });
  assert.deepEqual([...readInstallFacts(roots, host)], [[W, { target: 'claude-code', folder: '~/.claude/skills/', source: `${W}/scripts/install-skill.sh` }]]);
});

test('a skill of a collection installed into ~/.claude/skills/ is checked for Claude Code: its name is a label there, so no warning; the hover says why', () => {
  const skill = '---\nname: AI SDK Core\ndescription: Builds with the AI SDK. Use when wiring model calls.\n---\nBody\n';
  const uri = `${W}/skills/ai-sdk-core/SKILL.md`;
  const installed = new InMemoryHost({ [`${W}/README.md`]: 'Run ./scripts/install-skill.sh: skills are linked into ~/.claude/skills/.', [uri]: skill });
  const serious = (host: InMemoryHost) =>
    analyzeSkill(skill, uri, host, { repository: readRepositoryFacts([], host, [W]) }).diagnostics.filter((d) => d.severity === 'error' || d.severity === 'warning');
  assert.deepEqual(serious(installed), []);
  const targets = inferTargets(uri, installed, readRepositoryFacts([], installed, [W]));
  assert.deepEqual(targets.targets, ['claude-code']);
  assert.equal(targets.fallback, true);
  assert.match(targets.reason, /\.\.\/\.\.\/README\.md installs the repository's skills into ~\/\.claude\/skills\/, which Claude Code reads/);
  // Without the README, the same skill is checked against the specification.
  assert.deepEqual(
    serious(new InMemoryHost({ [uri]: skill })).map((d) => d.code),
    ['skill-name-not-lowercase', 'skill-name-invalid-chars'],
  );
});

test('a repository installed with `npx skills add` meant its skills/<name>/SKILL.md to load: one without frontmatter is an error; elsewhere it stays advice', () => {
  assert.deepEqual(installTarget(readme('Install: `npx skills add me/repo --skill stripe`')), { target: 'every', folder: 'npx skills add', source: `${W}/README.md` });
  assert.equal(installTarget(readme('See https://agentskills.io for the format.')), undefined);
  // A script naming the installer (for another repository's skills, in a comment) says nothing about this one's.
  assert.equal(installTarget([{ uri: `${W}/install.ps1`, text: '#   npx skills add affaan-m/ECC   # Install via Vercel Skills CLI' }]), undefined);
  const host = new InMemoryHost({ [`${W}/INSTALL.md`]: 'npx -y skills add me/repo' });
  const facts = readRepositoryFacts([], host, [W]);
  const severity = (path: string) =>
    analyzeSkill('# Stripe\n\nCharges cards.\n', `${W}/${path}`, host, { repository: facts }).diagnostics.find((d) => d.code === 'skill-frontmatter-missing')?.severity;
  assert.equal(severity('skills/stripe/SKILL.md'), 'error');
  assert.equal(severity('experiments/skills/stripe/SKILL.md'), 'information');
  assert.match(inferTargets(`${W}/skills/stripe/SKILL.md`, host, facts).reason, /INSTALL\.md installs with `npx skills add`/);
  // Without it, a SKILL.md in no client folder and no plugin may not be meant as a skill.
  assert.equal(
    analyzeSkill('# Stripe\n', `${W}/skills/stripe/SKILL.md`, new InMemoryHost()).diagnostics.find((d) => d.code === 'skill-frontmatter-missing')?.severity,
    'information',
  );
});

test('a Gemini CLI extension (gemini-extension.json at the root) installs its skills for Gemini CLI, which ignores keys it does not read: advice, not a warning', () => {
  const skill = '---\nname: secops-hunt\ndescription: Hunts threats. Use when asked to hunt.\ncategory: security_operations\npersonas:\n  - threat_hunter\n---\nBody\n';
  const uri = `${W}/extensions/secops/skills/hunt/SKILL.md`;
  const manifest = JSON.stringify({ name: 'secops', version: '1.0.0', skills: ['extensions/secops/skills/hunt'] });
  const extension = new InMemoryHost({ [`${W}/gemini-extension.json`]: manifest, [`${W}/README.md`]: 'Install with `gemini extensions install`.', [uri]: skill });
  const facts = readRepositoryFacts([], extension, [W]);
  assert.deepEqual(facts.installs?.get(W), {
    target: 'gemini-cli',
    folder: '~/.gemini/extensions/',
    source: `${W}/gemini-extension.json`,
    folders: ['skills', 'extensions/secops/skills/hunt'],
  });
  assert.deepEqual(inferTargets(uri, extension, facts).targets, ['gemini-cli']);
  const found = analyzeSkill(skill, uri, extension, { repository: facts }).diagnostics;
  assert.deepEqual(
    found.filter((d) => d.severity === 'error' || d.severity === 'warning'),
    [],
  );
  assert.ok(found.some((d) => d.code === 'skill-field-ignored' && /Gemini CLI/.test(d.message)));
  // The same skill without the manifest is checked against the specification.
  const plain = new InMemoryHost({ [`${W}/README.md`]: 'Install with `gemini extensions install`.', [uri]: skill });
  assert.ok(
    analyzeSkill(skill, uri, plain, { repository: readRepositoryFacts([], plain, [W]) }).diagnostics.some((d) => d.code === 'skill-unexpected-field' && d.severity === 'warning'),
  );
  // A skill outside the extension's skills/ and the paths it lists is not the extension's.
  const other = `${W}/config/.codebuddy/skills/hunt/SKILL.md`;
  assert.equal(inferTargets(other, extension, facts).targets.includes('gemini-cli'), false);
  assert.deepEqual(inferTargets(`${W}/skills/triage/SKILL.md`, extension, facts).targets, ['gemini-cli']);
  // An installer for every client still covers every client; a manifest that is not an extension's installs nothing.
  assert.equal(installTarget([{ uri: `${W}/gemini-extension.json`, text: manifest }, ...readme('Run `npx skills add me/repo`.')])?.target, 'every');
  assert.equal(installTarget([{ uri: `${W}/gemini-extension.json`, text: '{ not json' }]), undefined);
  assert.ok(isInstallSource(`${W}/gemini-extension.json`, [W]));
});

test("a skill in the skills/ folder of a Gemini CLI extension kept below the root (.gemini/extensions/a11y/gemini-extension.json) is Gemini CLI's: its name's characters are advice, not the specification's warning", () => {
  const skill = '---\nname: Accessibility Lead\ndescription: Leads accessibility reviews. Use when a page needs one.\n---\nBody\n';
  const uri = `${W}/.gemini/extensions/a11y/skills/accessibility-lead/SKILL.md`;
  const host = new InMemoryHost({ [`${W}/.gemini/extensions/a11y/gemini-extension.json`]: JSON.stringify({ name: 'a11y', version: '1.0.0' }), [uri]: skill });
  const facts = readRepositoryFacts([], host, [W]);
  const targets = inferTargets(uri, host, facts);
  assert.deepEqual(targets.targets, ['gemini-cli']);
  assert.match(targets.reason, /skills\/ folder of a Gemini CLI extension \(\.\.\/\.\.\/gemini-extension\.json\)/);
  const names = (h: InMemoryHost) =>
    analyzeSkill(skill, uri, h, { repository: readRepositoryFacts([], h, [W]) })
      .diagnostics.filter((d) => d.code.startsWith('skill-name-'))
      .map((d) => [d.code, d.severity]);
  assert.deepEqual(names(host), [['skill-name-invalid-chars', 'information']]);
  // Without the manifest the folder is no client's: the specification's warnings.
  assert.deepEqual(names(new InMemoryHost({ [uri]: skill })), [
    ['skill-name-not-lowercase', 'warning'],
    ['skill-name-invalid-chars', 'warning'],
    ['skill-name-directory-mismatch', 'information'],
  ]);
});

test("a README that installs the skills into ~/.openclaw/skills/ (and names no modelled client's folder) writes them for OpenClaw: what its loader decides is advice that says so", () => {
  assert.deepEqual(installTarget(readme('Install: `cp -r . ~/.openclaw/skills/tradeos`')), {
    target: 'openclaw',
    folder: '~/.openclaw/skills/',
    source: `${W}/README.md`,
  });
  // Its workspace's folder, the first OpenClaw reads, is OpenClaw's too.
  assert.deepEqual(installTarget(readme('Install: `git clone … ~/.openclaw/workspace/skills/borg-bridge`')), {
    target: 'openclaw',
    folder: '~/.openclaw/workspace/skills/',
    source: `${W}/README.md`,
  });
  // A modelled client's folder named as well keeps the usual reading.
  assert.equal(installTarget(readme('Copy to ~/.openclaw/skills/ or ~/.claude/skills/.'))?.target, 'claude-code');
  const host = new InMemoryHost({ [`${W}/README.md`]: 'Install: `git clone … ~/.openclaw/skills/tradeos`' });
  const skill = '---\nname: TradeOS\ndescription: Trades. Use when asked about trades.\nversion: 1.2.0\n---\nBody\n';
  const found = analyzeSkill(skill, `${W}/SKILL.md`, host, { repository: readRepositoryFacts([], host, [W]) }).diagnostics;
  const loud = found.filter((d) => d.severity === 'error' || d.severity === 'warning');
  assert.deepEqual(loud, []);
  const name = found.find((d) => d.code === 'skill-name-not-lowercase')!;
  assert.equal(name.severity, 'information');
  assert.match(name.message, /README\.md installs this skill into ~\/\.openclaw\/skills\/, which OpenClaw reads/);
});

test("an install script that links each SKILL.md into Claude Code's commands folder makes the skills Claude Code's, named or through a variable", () => {
  const script = (text: string) => [{ uri: `${W}/scripts/install.sh`, text }];
  const byVariable = [
    'CLAUDE_COMMANDS_DIR="$HOME/.claude/commands"',
    'for skill_dir in "$CHRIS_DIR"/skills/*/; do',
    '  ln -sf "$skill_dir/SKILL.md" "$CLAUDE_COMMANDS_DIR/$skill_name.md"',
    'done',
  ].join('\n');
  assert.deepEqual(installTarget(script(byVariable)), { target: 'claude-code', folder: '~/.claude/commands/', source: `${W}/scripts/install.sh` });
  assert.equal(installTarget(script('cp skills/review/SKILL.md ~/.claude/commands/review.md\n'))?.target, 'claude-code');
  // Commands of its own folder copied there say nothing of the skills; nor does a script that also names another client.
  assert.equal(installTarget(script('cp commands/*.md ~/.claude/commands/\n# skills/*/SKILL.md are for claude.ai\n')), undefined);
  assert.equal(installTarget(script(`${byVariable}\n# Codex users: see docs/codex.md\n`)), undefined);
});
