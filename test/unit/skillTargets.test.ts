// SKILL.md targets: inference from the folder, the rule table applied per target (every rule ×
// every target), the worst severity across several targets, and the messages that name clients.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  analyzeSkill,
  inferTargets,
  parseTargets,
  readRepositoryFacts,
  repositoryFacts,
  SKILL_RULES,
  skillCodeActions,
  skillCompletion,
  skillHover,
  TARGETS,
  type Target,
} from '../../server/src/core/skills';
import { InMemoryHost } from '../../server/src/core/workspace/host';
import type { Diagnostic } from '../../server/src/core/types';

const fm = (front: string, body = 'Body\n') => `---\n${front}\n---\n${body}`;
const OK = 'name: my-skill\ndescription: Does things. Use when needed.';

function run(text: string, targets: readonly Target[] | undefined, dir = 'my-skill', files: Record<string, string> = {}, file = 'SKILL.md', root = 'file:///ws'): Diagnostic[] {
  const host = new InMemoryHost(Object.fromEntries(Object.entries(files).map(([k, v]) => [`${root}/${dir}/${k}`, v])));
  return analyzeSkill(text, `${root}/${encodeURIComponent(dir)}/${file}`, host, targets ? { targets } : {}).diagnostics;
}

test('targets are inferred from the client folder the skill sits in', () => {
  const t = (p: string, host?: InMemoryHost) => inferTargets(`file:///repo/${p}/SKILL.md`, host).targets;
  assert.deepEqual(t('.claude/skills/a'), ['claude-code']);
  assert.deepEqual(t('.codex/skills/a'), ['codex']);
  assert.deepEqual(t('.github/skills/a'), ['copilot']);
  assert.deepEqual(t('.gemini/skills/a'), ['gemini-cli']);
  assert.deepEqual(t('.opencode/skill/a'), ['opencode']);
  assert.deepEqual(t('.opencode/skills/a'), ['opencode']);
  assert.deepEqual(t('.cursor/skills/a'), ['cursor']);
  assert.deepEqual(t('.agents/skills/a'), ['codex', 'copilot', 'gemini-cli', 'opencode']);
  assert.deepEqual(t('skills/a'), ['spec']);
  assert.deepEqual(t('.claude/commands/a'), ['spec']);
  // The innermost client folder wins.
  assert.deepEqual(t('.agents/skills/pack/.claude/skills/a'), ['claude-code']);
  const plugin = new InMemoryHost({ 'file:///repo/my-plugin/.claude-plugin/plugin.json': '{}' });
  assert.deepEqual(t('my-plugin/skills/a', plugin), ['claude-code']);
  assert.match(inferTargets('file:///repo/my-plugin/skills/a/SKILL.md', plugin).reason, /Claude Code plugin/);
  assert.deepEqual(t('other/skills/a', plugin), ['spec']);
  // A skill folder in a Claude Code plugin's commands/ is the command of that name.
  const withFacts = (p: string) =>
    inferTargets(`file:///repo/${p}/SKILL.md`, undefined, repositoryFacts([{ uri: 'file:///repo/my-plugin/.claude-plugin/plugin.json', text: '{"name": "p"}' }])).targets;
  assert.deepEqual(withFacts('my-plugin/commands/hello'), ['claude-code']);
  assert.match(inferTargets('file:///repo/.agents/skills/a/SKILL.md').reason, /\.agents\/skills\/, which Codex, VS Code \/ Copilot, Gemini CLI, OpenCode read/);
});

test("a dotfiles repository's copy of a home folder (dot_claude/, dot-claude/, _claude/, claude/ at its top or in .config/) gives that folder's client", () => {
  const facts = repositoryFacts([], ['file:///dots']);
  const t = (p: string) => inferTargets(`file:///dots/${p}/SKILL.md`, undefined, facts).targets;
  assert.deepEqual(t('dot_claude/skills/a'), ['claude-code']);
  // GNU Stow's --dotfiles form (held-out round 47).
  assert.deepEqual(t('dot-claude/skills/a'), ['claude-code']);
  assert.deepEqual(t('dot-config/codex/skills/a'), ['codex']);
  assert.deepEqual(t('_claude/skills/a'), ['claude-code']);
  assert.deepEqual(t('claude/skills/a'), ['claude-code']);
  assert.deepEqual(t('.config/claude/skills/a'), ['claude-code']);
  assert.deepEqual(t('home/codex/skills/a'), ['codex']);
  assert.deepEqual(t('dot_agents/skills/a'), ['codex', 'copilot', 'gemini-cli', 'opencode']);
  assert.match(
    inferTargets('file:///dots/dot_claude/skills/a/SKILL.md', undefined, facts).reason,
    /dot_claude\/skills\/, the name a dotfiles repository gives ~\/\.claude\/skills\/ \(installed there\), which Claude Code reads/,
  );
  // A bare name deeper in a project is the project's own folder; `agents/` is no home folder's name.
  assert.deepEqual(t('adapters/codex/skills/a'), ['spec']);
  assert.deepEqual(t('agents/skills/a'), ['spec']);
});

test('target names are read from a comma list or an array; unknown names come back separately', () => {
  assert.deepEqual(parseTargets('claude-code, codex,claude-code'), { targets: ['claude-code', 'codex'], unknown: [] });
  assert.deepEqual(parseTargets(['copilot', 'vscode', 3]), { targets: ['copilot'], unknown: ['vscode'] });
  assert.deepEqual(parseTargets(undefined), { targets: [], unknown: [] });
});

/** One input per rule that triggers it (under some target); the table says at which severity per target. */
const SAMPLES: Record<string, { text: string; dir?: string; files?: Record<string, string>; file?: string }> = {
  'skill-file-name-case': { text: fm(OK), file: 'skill.md' },
  'skill-frontmatter-missing': { text: 'No frontmatter.\n' },
  'skill-frontmatter-unclosed': { text: '---\nname: my-skill\n' },
  'skill-frontmatter-dashes': { text: fm('name: my-skill\ndescription: a --- b. Use when x.') },
  'skill-yaml-invalid': { text: fm('name: my-skill\ndescription: "unterminated') },
  // The colon above `name`: VS Code, whose reader stops there, never reads the name (the table's case).
  'skill-yaml-colon-in-value': { text: fm('description: Use when: x\nname: my-skill') },
  'skill-yaml-strict': { text: fm(`${OK}\nmetadata: {a: b}`) },
  'skill-yaml-comment-in-value': { text: fm('name: my-skill\ndescription: Does things. Use when asked about #N issues.') },
  'skill-frontmatter-not-mapping': { text: fm('- a') },
  'skill-unexpected-field': { text: fm(`${OK}\nversion: x`) },
  'skill-field-ignored': { text: fm(`${OK}\nversion: x`) },
  'skill-field-not-in-spec': { text: fm(`${OK}\nargument-hint: "[path]"`) },
  'skill-field-typo': { text: fm(`${OK}\nDescription: More.`) },
  'skill-name-missing': { text: fm('description: Does things. Use when needed.') },
  'skill-name-empty': { text: fm('name:\ndescription: Does things. Use when needed.') },
  'skill-name-too-long': { text: fm(`name: ${'a'.repeat(65)}\ndescription: x. Use when y.`), dir: 'a'.repeat(65) },
  'skill-name-not-lowercase': { text: fm('name: My-Skill\ndescription: x. Use when y.'), dir: 'My-Skill' },
  'skill-name-hyphen-edge': { text: fm('name: -pdf\ndescription: x. Use when y.'), dir: '-pdf' },
  'skill-name-consecutive-hyphens': { text: fm('name: pdf--x\ndescription: x. Use when y.'), dir: 'pdf--x' },
  'skill-name-invalid-chars': { text: fm('name: my_skill\ndescription: x. Use when y.'), dir: 'my_skill' },
  'skill-name-directory-mismatch': { text: fm(OK), dir: 'other' },
  'skill-description-missing': { text: fm('name: my-skill') },
  'skill-description-empty': { text: fm('name: my-skill\ndescription: ""') },
  'skill-description-too-long': { text: fm(`name: my-skill\ndescription: Use when ${'x'.repeat(1020)}`) },
  'skill-description-cut': { text: fm(`name: my-skill\ndescription: Use when ${'x'.repeat(1600)}`) },
  'skill-description-angle-brackets': { text: fm('name: my-skill\ndescription: Use when a <tag> appears.') },
  'skill-description-when': { text: fm('name: my-skill\ndescription: Helps with PDFs.') },
  'skill-compatibility-not-string': { text: fm(`${OK}\ncompatibility:\n  - a`) },
  'skill-compatibility-too-long': { text: fm(`${OK}\ncompatibility: ${'c'.repeat(501)}`) },
  'skill-compatibility-empty': { text: fm(`${OK}\ncompatibility: ""`) },
  'skill-metadata-not-map': { text: fm(`${OK}\nmetadata: x`) },
  'skill-metadata-unquoted': { text: fm(`${OK}\nmetadata:\n  version: 1.0`) },
  'skill-allowed-tools-not-string': { text: fm(`${OK}\nallowed-tools:\n  - Read`) },
  'skill-license-format': { text: fm(`${OK}\nlicense:\n  - MIT`) },
  'skill-boolean-value': { text: fm(`${OK}\nuser-invocable: maybe`) },
  'skill-context-value': { text: fm(`${OK}\ncontext: forked`) },
  'skill-agent-without-fork': { text: fm(`${OK}\nagent: Explore`) },
  'skill-model-value': { text: fm(`${OK}\nmodel: gpt-4o`) },
  'skill-effort-value': { text: fm(`${OK}\neffort: extreme`) },
  'skill-shell-value': { text: fm(`${OK}\nshell: zsh`) },
  'skill-paths-value': { text: fm(`${OK}\npaths: ""`) },
  'skill-hooks-value': { text: fm(`${OK}\nhooks: run.sh`) },
  'skill-hooks-variable-unset': {
    text: fm(`${OK}\nhooks:\n  PostToolUse:\n    - matcher: Edit\n      hooks:\n        - type: command\n          command: prettier --write "$CLAUDE_FILE_PATHS"`),
  },
  'skill-tools-value': { text: fm(`${OK}\nallowed-tools: read`) },
  'skill-body-too-long': { text: fm(OK, Array.from({ length: 520 }, (_, i) => `line ${i}`).join('\n')) },
  'skill-body-tokens': { text: fm(OK, 'word '.repeat(5000)) },
  'skill-reference-deep': { text: fm(OK, '[a](references/a.md)\n'), files: { 'references/a.md': 'See [b](b.md).\n', 'references/b.md': '# B\n' } },
  'skill-file-missing': { text: fm(OK, '[a](references/none.md)\n') },
  'skill-anchor-missing': { text: fm(OK, '[a](#nope)\n') },
  'skill-reference-outside': { text: fm(OK, '[a](../x.md)\n') },
  'skill-fence-unclosed': { text: fm(OK, '```bash\nrun it\n') },
  'skill-reference-absolute': { text: fm(OK, 'See [the guide](/Users/me/skills/pdf/references/guide.md).\n') },
  'skill-not-in-folder': { text: fm(OK), dir: '.claude', file: 'skills/my-skill.md' },
};
/** Rules that need more than one file; tested in skillRules.test.ts, skillListing.test.ts, skillSimilarity.test.ts and over the server. */
const CROSS_FILE = new Set(['skill-duplicate-name', 'skill-listing-cut', 'skill-description-similar']);

test('every rule of the table has a sample here, so the matrix below covers it', () => {
  assert.deepEqual(
    SKILL_RULES.map((r) => r.code).filter((c) => !SAMPLES[c] && !CROSS_FILE.has(c)),
    [],
  );
});

for (const rule of SKILL_RULES) {
  const sample = SAMPLES[rule.code];
  if (!sample) continue;
  test(`${rule.code}: reported at the table's severity under each target`, () => {
    const seen: string[] = [];
    for (const t of TARGETS) {
      const hits = run(sample.text, [t], sample.dir, sample.files, sample.file).filter((d) => d.code === rule.code);
      const level = rule.levels[t];
      if (level === 'off') assert.deepEqual(hits, [], `${rule.code} must not be reported under ${t}`);
      else {
        assert.ok(hits.length > 0, `${rule.code} must be reported under ${t}`);
        assert.deepEqual([...new Set(hits.map((h) => h.severity))], [level], `${rule.code} under ${t}`);
        seen.push(t);
      }
    }
    assert.ok(seen.length > 0, `${rule.code} is reported under no target at all`);
  });
}

test('with several targets a finding takes the worst severity among those it applies to, and names them', () => {
  const text = fm('description: Does things. Use when needed.');
  const cc = run(text, ['claude-code']);
  assert.deepEqual(cc, []);
  const both = run(text, ['claude-code', 'opencode', 'gemini-cli']).filter((d) => d.code === 'skill-name-missing');
  assert.equal(both.length, 1);
  assert.equal(both[0]!.severity, 'error');
  assert.equal(both[0]!.message, "No 'name': OpenCode does not load the skill; Gemini CLI does not load the skill (OpenCode and Gemini CLI)");
});

test('skills-ref keeps the reference message without a client suffix; a client target gets its own text', () => {
  const text = fm(`${OK}\nallowed-tools: [Read]`);
  const ref = run(text, ['skills-ref']).find((d) => d.code === 'skill-yaml-strict')!;
  assert.equal(ref.severity, 'error');
  assert.match(ref.message, /^Invalid YAML in frontmatter: Found ugly disallowed JSONesque flow mapping/);
  const cc = run(text, ['claude-code']).find((d) => d.code === 'skill-yaml-strict')!;
  assert.equal(cc.severity, 'information');
  assert.match(cc.message, /^Only skills-ref \(strictyaml\) rejects this YAML; clients read it: .*\(Claude Code\)$/);
  const mixed = run(text, ['skills-ref', 'claude-code']).find((d) => d.code === 'skill-yaml-strict')!;
  assert.equal(mixed.severity, 'error');
  assert.doesNotMatch(mixed.message, /Claude Code/);
});

test('a Claude Code skill shows no error for any field Claude Code documents', () => {
  const text = fm(
    [
      'description: Deploys the app. Use when asked to ship.',
      'when_to_use: When the user says ship it.',
      'argument-hint: "[env]"',
      'arguments: [env]',
      'disable-model-invocation: true',
      'user-invocable: yes',
      'allowed-tools: [Read, "Bash(git:*)"]',
      'disallowed-tools: AskUserQuestion',
      'model: claude-sonnet-4-6',
      'effort: high',
      'context: fork',
      'agent: Explore',
      'background: false',
      'paths:\n  - "src/**/*.ts"',
      'shell: powershell',
      'hooks:\n  Stop:\n    - hooks:\n        - type: command\n          command: ./done.sh',
      'metadata:\n  owner: me',
      'license: MIT',
      'compatibility: Requires git',
    ].join('\n'),
    'Deploy to $env.\n',
  );
  const d = run(text, undefined, 'deploy', {}, 'SKILL.md', 'file:///repo/.claude/skills');
  assert.deepEqual(
    d.filter((x) => x.severity === 'error' || x.severity === 'warning').map((x) => `${x.code}: ${x.message}`),
    [],
  );
});

test('the Claude Code listing cut starts on the first character past 1,536, in when_to_use when the description is short', () => {
  const text = fm(`name: my-skill\ndescription: Use when x.\nwhen_to_use: ${'w'.repeat(1600)}`);
  const d = run(text, ['claude-code']).find((x) => x.code === 'skill-description-cut')!;
  // description is 11 characters, plus one joining space: the cut falls 1,524 characters into when_to_use.
  assert.deepEqual(d.range.start, { line: 3, character: 'when_to_use: '.length + 1536 - 12 });
  assert.equal(d.severity, 'warning');
});

test('VS Code loads a Unicode name the reference accepts; a missing description is an error for Codex', () => {
  assert.deepEqual(run(fm('name: δεξιότητα\ndescription: x. Use when y.'), ['copilot'], 'δεξιότητα'), []);
  assert.deepEqual(run(fm('name: δεξιότητα\ndescription: x. Use when y.'), ['skills-ref'], 'δεξιότητα'), []);
  const codex = run(fm('name: my-skill'), ['codex']);
  assert.deepEqual(
    codex.map((d) => [d.code, d.severity, d.message]),
    [['skill-description-missing', 'error', "No 'description': Codex does not load the skill (Codex)"]],
  );
});

test('booleans: Claude Code reads yes/no/on/off/1/0 and quoted spellings; VS Code wants YAML true/false', () => {
  for (const v of ['true', 'False', 'yes', 'OFF', '1', '0', '"true"']) {
    assert.deepEqual(run(fm(`${OK}\nuser-invocable: ${v}`), ['claude-code']), [], v);
  }
  const quoted = run(fm(`${OK}\nuser-invocable: "true"`), ['copilot']).filter((d) => d.code === 'skill-boolean-value');
  assert.equal(quoted.length, 1);
  assert.equal(quoted[0]!.severity, 'warning');
  assert.deepEqual(run(fm(`${OK}\nuser-invocable: true`), ['copilot']), []);
});

test('tool rules: names, patterns with spaces, MCP tools and unclosed parentheses', () => {
  const ok = run(fm(`${OK}\nallowed-tools: Read Bash(git status *) Bash(npm:*), mcp__linear__create_issue Read(/\${CLAUDE_PLUGIN_ROOT}/**)`), ['claude-code']);
  assert.deepEqual(ok, []);
  const bad = run(fm(`${OK}\nallowed-tools: Bash(git:* Read`), ['claude-code']).filter((d) => d.code === 'skill-tools-value');
  assert.equal(bad.length, 1);
  assert.match(bad[0]!.message, /unclosed/);
  const lower = run(fm(`${OK}\ndisallowed-tools:\n  - bash`), ['claude-code']).filter((d) => d.code === 'skill-tools-value');
  assert.match(lower[0]!.message, /'bash'/);
});

test('model: aliases, ids and inherit pass; another vendor model is a warning under Claude Code only', () => {
  for (const m of ['inherit', 'sonnet', 'opus[1m]', 'opusplan', 'claude-opus-4-6', 'us.anthropic.claude-sonnet-4-5-v1:0']) {
    assert.deepEqual(run(fm(`${OK}\nmodel: ${m}`), ['claude-code']), [], m);
  }
  assert.deepEqual(
    run(fm(`${OK}\nmodel: gpt-4o`), ['codex']).map((d) => d.code),
    ['skill-field-ignored'],
  );
});

test('misspelt keys are reported once, for the targets that read the intended key, with the suggestion in data', () => {
  const d = run(fm(`${OK}\nuser_invocable: false\nallowed tools: Read\nargumenthint: x`), ['claude-code']);
  assert.deepEqual(
    d.map((x) => [x.code, x.data?.['suggestion']]),
    [
      ['skill-field-typo', 'user-invocable'],
      ['skill-field-typo', 'allowed-tools'],
      ['skill-field-typo', 'argument-hint'],
    ],
  );
  assert.equal(d[0]!.message, "Unknown field 'user_invocable' is ignored: did you mean 'user-invocable'? (Claude Code)");
  assert.equal(d[0]!.severity, 'warning');
  // Holding the intended key's default, the misspelt key changes nothing yet: information.
  const same = run(fm(`${OK}\nuser_invocable: true\ndisable_model_invocation: false`), ['claude-code']);
  assert.deepEqual(
    same.map((x) => [x.code, x.severity]),
    [
      ['skill-field-typo', 'information'],
      ['skill-field-typo', 'information'],
    ],
  );
  assert.match(same[0]!.message, /It holds the default of 'user-invocable' \(true\), so nothing changes yet; it will when the value does\./);
  // Under skills-ref the reference's unexpected-field error stays and no suggestion is added.
  assert.deepEqual([...new Set(run(fm(`${OK}\nuser_invocable: true`), ['skills-ref']).map((x) => x.code))], ['skill-unexpected-field']);
});

test('VS Code skills: the fields VS Code documents give no error under copilot; allowed-tools is a warning', () => {
  const text = fm(
    'name: wiki-sync\ndescription: Syncs docs. Use when docs change.\nargument-hint: "[page]"\nuser-invocable: true\ndisable-model-invocation: false\ncontext: fork\nlicense: MIT\ncompatibility: Requires git\nmetadata:\n  owner: docs',
  );
  assert.deepEqual(run(text, undefined, 'wiki-sync', {}, 'SKILL.md', 'file:///repo/.github/skills'), []);
  const tools = run(
    fm('name: wiki-sync\ndescription: Syncs docs. Use when docs change.\nallowed-tools: Read'),
    undefined,
    'wiki-sync',
    {},
    'SKILL.md',
    'file:///repo/.github/skills',
  );
  assert.deepEqual(
    tools.map((d) => [d.code, d.severity]),
    [['skill-unexpected-field', 'warning']],
  );
});

const HOVER_TEXT = fm('description: Ships it. Use when asked.\nargument-hint: "[env]"\nversion: 2');

test('hover on the opening --- says which targets apply and why', () => {
  const uri = 'file:///repo/.claude/skills/ship/SKILL.md';
  const h = skillHover(HOVER_TEXT, { line: 0, character: 2 }, uri)!;
  assert.equal((h.contents as { value: string }).value, 'Checked for `claude-code`: it is in .claude/skills/, which Claude Code reads.');
  assert.deepEqual(h.range, { start: { line: 0, character: 0 }, end: { line: 0, character: 3 } });
});

test('hover on a key: a row per target of the file, the other targets folded into one line, and the source', () => {
  const uri = 'file:///repo/.agents/skills/ship/SKILL.md';
  const v = (skillHover(HOVER_TEXT, { line: 2, character: 4 }, uri)!.contents as { value: string }).value;
  assert.match(v, /\| Codex \| ignored \|\n\| VS Code \/ Copilot \| read \|\n\| Gemini CLI \| ignored \|\n\| OpenCode \| ignored \|/);
  assert.match(v, /Source: Claude Code docs\/skills\.md/);
  assert.match(v, /\*Other targets:\* the Agent Skills specification: rejected; skills-ref: rejected; Claude Code: read; Cursor: ignored\./);
  const unknown = (skillHover(HOVER_TEXT, { line: 3, character: 1 }, uri)!.contents as { value: string }).value;
  assert.match(unknown, /^\*\*version\*\* is not a SKILL\.md field/);
  assert.match(unknown, /\| VS Code \/ Copilot \| rejected \|/);
});

test("completion offers the client fields of the file's targets after the six", () => {
  const text = '---\nname: ship\n\n---\n';
  const labels = (uri: string) => skillCompletion(text, uri, { line: 2, character: 0 }, new InMemoryHost()).map((i) => i.label);
  const cc = labels('file:///repo/.claude/skills/ship/SKILL.md');
  assert.deepEqual(cc.slice(0, 5), ['description', 'license', 'compatibility', 'metadata', 'allowed-tools']);
  for (const k of ['when_to_use', 'argument-hint', 'user-invocable', 'context', 'model', 'hooks']) assert.ok(cc.includes(k), k);
  assert.deepEqual(labels('file:///repo/skills/ship/SKILL.md'), ['description', 'license', 'compatibility', 'metadata', 'allowed-tools']);
});

test('the did-you-mean quick fix renames the key', () => {
  const text = fm(`${OK}\nuser_invocable: false`);
  const d = run(text, ['claude-code']).filter((x) => x.code === 'skill-field-typo');
  const [a] = skillCodeActions(text, 'file:///ws/my-skill/SKILL.md', d);
  assert.equal(a!.title, "Rename to 'user-invocable'");
  assert.equal(a!.isPreferred, true);
  assert.deepEqual(a!.edit!.changes!['file:///ws/my-skill/SKILL.md'], [
    { range: { start: { line: 3, character: 0 }, end: { line: 3, character: 14 } }, newText: 'user-invocable' },
  ]);
});

test('the listing cut is placed on the source character past 1,536 in a folded block description', () => {
  const l1 = `Use when ${Array(200).fill('word').join(' ')}`;
  const l2 = Array(200).fill('more').join(' ');
  const d = run(fm(`name: my-skill\ndescription: >-\n  ${l1}\n  ${l2}`), ['claude-code']).find((x) => x.code === 'skill-description-cut')!;
  // Line 1 holds 1,008 characters, the fold adds one: the cut falls 527 characters into line 2, after its indent.
  assert.deepEqual(d.range.start, { line: 4, character: 2 + 1536 - (l1.length + 1) });
});

test("a specification skill follows the client guide: name problems are warnings naming who rejects, a name that is not the folder's advice (clients warn and load it), a missing description stays an error", () => {
  const d = run(fm('name: Tidy Imports\ndescription: x. Use when y.'), undefined, 'tidy-imports', {}, 'SKILL.md', 'file:///repo/skills');
  assert.deepEqual(
    d.map((x) => [x.code, x.severity]),
    [
      ['skill-name-not-lowercase', 'warning'],
      ['skill-name-invalid-chars', 'warning'],
      ['skill-name-directory-mismatch', 'information'],
    ],
  );
  assert.match(d[2]!.message, /clients that follow the specification warn and load it under its name/);
  assert.equal(d[0]!.message, "Skill name 'Tidy Imports' is not lowercase: skills-ref rejects it; clients that follow the specification warn and still load the skill");
  const noDescription = run(fm('name: my-skill'), undefined, 'my-skill', {}, 'SKILL.md', 'file:///repo/skills');
  assert.deepEqual(
    noDescription.map((x) => [x.code, x.severity]),
    [['skill-description-missing', 'error']],
  );
  // The reference validator keeps its own verdicts and words.
  const ref = run(fm('name: Tidy Imports\ndescription: x. Use when y.'), ['skills-ref'], 'tidy-imports');
  assert.deepEqual([...new Set(ref.map((x) => x.severity))], ['error']);
  assert.equal(ref[0]!.message, "Skill name 'Tidy Imports' must be lowercase");
  // No client cuts a long body: advice for every target.
  const long = fm(OK, Array.from({ length: 520 }, (_, i) => `line ${i}`).join('\n'));
  for (const t of ['spec', 'skills-ref', 'claude-code'] as const)
    assert.deepEqual(
      run(long, [t]).map((x) => x.severity),
      ['information'],
      t,
    );
});

test('description length: Claude Code shortens its listing at 1,536 (a warning only past it); Codex refuses over 1,024 after collapsing whitespace', () => {
  const mid = fm(`name: my-skill\ndescription: Use when ${'x'.repeat(1200)}`);
  assert.deepEqual(run(mid, ['claude-code']), []);
  const long = run(fm(`name: my-skill\ndescription: Use when ${'x'.repeat(1600)}`), ['claude-code']);
  assert.deepEqual(
    long.map((x) => [x.code, x.severity, x.message]),
    [
      [
        'skill-description-cut',
        'warning',
        'Claude Code shortens description and when_to_use together to 1,536 characters in its skill listing (these have 1,609); the text from here on is not listed (Claude Code)',
      ],
    ],
  );
  assert.deepEqual(
    run(mid, ['codex']).map((x) => [x.code, x.severity, x.message]),
    [['skill-description-too-long', 'error', 'The description has 1209 characters, more than 1,024: Codex does not load the skill (Codex)']],
  );
  // 1,209 characters that Codex reads as 908 (every double space is one).
  const spaced = fm(`name: my-skill\ndescription: "Use when ${'ab  '.repeat(300)}"`);
  assert.deepEqual(run(spaced, ['codex']), []);
  assert.deepEqual(
    run(spaced, ['spec']).map((x) => x.code),
    ['skill-description-too-long'],
  );
});

test('description length: the newline a folded block keeps past 1,024 characters costs nothing where the text is cut at 1,024 (VS Code); skills-ref counts it', () => {
  const folded = fm(`name: my-skill\ndescription: >\n  Use when ${'x'.repeat(1015)}`);
  assert.deepEqual(run(folded, ['copilot']), []);
  assert.deepEqual(run(folded, ['codex']), []);
  assert.deepEqual(
    run(folded, ['skills-ref']).map((x) => x.message),
    ['Description exceeds 1024 character limit (1025 chars)'],
  );
  // One character of text past the limit is cut.
  const over = fm(`name: my-skill\ndescription: >\n  Use when ${'x'.repeat(1016)}`);
  assert.deepEqual(
    run(over, ['copilot']).map((x) => x.code),
    ['skill-description-too-long'],
  );
});

test('YAML Claude Code reads after quoting the value itself (argument-hint: [q] (blank = all)) is advice for Claude Code and still an error for a client that rejects it', () => {
  const text = fm('name: my-skill\ndescription: Asks things. Use when asking.\nargument-hint: [question] (blank = list)');
  assert.deepEqual(
    run(text, ['claude-code']).map((x) => [x.code, x.severity]),
    [['skill-yaml-invalid', 'information']],
  );
  assert.match(run(text, ['claude-code'])[0]!.message, /Claude Code quotes the value itself and reads it/);
  assert.deepEqual(
    run(text, ['claude-code', 'codex']).map((x) => [x.code, x.severity]),
    [
      ['skill-yaml-invalid', 'error'],
      ['skill-yaml-invalid', 'information'],
    ],
  );
  // YAML no quoting mends stays an error for Claude Code too.
  assert.deepEqual(
    run(fm('name: my-skill\ndescription: "unclosed'), ['claude-code']).map((x) => x.severity),
    ['warning'],
  );
});

test('a key VS Code ignores and another client of the skill acts on (allowed-tools for Claude Code) is advice: keep it; for VS Code alone it is a warning', () => {
  const text = fm(`${OK}\nallowed-tools: Bash(git status:*)`);
  assert.deepEqual(
    run(text, ['copilot', 'claude-code']).map((x) => [x.code, x.severity]),
    [['skill-unexpected-field', 'information']],
  );
  assert.deepEqual(
    run(text, ['copilot']).map((x) => [x.code, x.severity]),
    [['skill-unexpected-field', 'warning']],
  );
});

test('compatibility written as a list: advice for VS Code, which neither checks nor acts on it, and for OpenCode, whose loader does not check it', () => {
  const list = fm(`${OK}\ncompatibility:\n  - git\n  - docker`);
  assert.deepEqual(
    run(list, ['copilot']).map((x) => [x.code, x.severity, x.message]),
    [
      [
        'skill-compatibility-not-string',
        'information',
        "'compatibility' is a list, not text: VS Code neither checks nor acts on it (its validator reads the key as text or a map, and its loader reads only name and description) (VS Code / Copilot)",
      ],
    ],
  );
  assert.deepEqual(
    run(list, ['opencode']).map((x) => x.severity),
    ['information'],
  );
  assert.deepEqual(run(fm(`${OK}\ncompatibility:\n  tools: git`), ['copilot']), []);
  assert.deepEqual(run(list, ['claude-code']), []);
});

test('Claude Code reads its newer keys (display-name, default-enabled, fallback, in any of their spellings) and appends arguments itself', () => {
  const text = fm(`${OK}\ndisplay-name: Tidy\ndefault_enabled: true\ndefaultEnabled: false\nfallback: inline\nargument-hint: "[path]"`, 'Tidy the imports.\n');
  assert.deepEqual(run(text, ['claude-code']), []);
});

test('under the specification, a key clients read is advice naming them, not "clients ignore it"', () => {
  const d = run(fm(`${OK}\nargument-hint: "[path]"\nversion: 2`), ['spec']);
  assert.deepEqual(
    d.map((x) => [x.code, x.severity, x.message]),
    [
      [
        'skill-field-not-in-spec',
        'information',
        "Field 'argument-hint' is not in the Agent Skills specification (skills-ref and claude.ai uploads reject it); Claude Code and VS Code / Copilot read it",
      ],
      [
        'skill-unexpected-field',
        'warning',
        "Field 'version' is not in the specification: skills-ref and claude.ai uploads reject it, and clients ignore it; remove it or move it under 'metadata:'",
      ],
    ],
  );
  // skills-ref keeps the reference's verdict.
  assert.deepEqual(
    run(fm(`${OK}\nargument-hint: "[path]"`), ['skills-ref']).map((x) => [x.code, x.severity]),
    [['skill-unexpected-field', 'error']],
  );
});

test('advice never switches off a key another target of the file reads', () => {
  // .agents/skills: VS Code reads argument-hint, Codex, Gemini CLI and OpenCode ignore it.
  const hint = run(fm(`${OK}\nargument-hint: "[path]"`), undefined, 'my-skill', {}, 'SKILL.md', 'file:///repo/.agents/skills').filter((x) => x.code === 'skill-field-ignored');
  assert.equal(hint.length, 1);
  assert.equal(hint[0]!.message, "Field 'argument-hint' is not read here and is ignored; VS Code / Copilot reads it, so keep it for it (Codex, Gemini CLI and OpenCode)");
  // Checked for Claude Code and VS Code: VS Code reports allowed-tools, Claude Code reads it.
  const text = fm(`${OK}\nallowed-tools: Read`);
  const tools = run(text, ['claude-code', 'copilot']).filter((x) => x.code === 'skill-unexpected-field');
  assert.equal(tools.length, 1);
  assert.doesNotMatch(tools[0]!.message, /metadata/);
  assert.match(tools[0]!.message, /Claude Code reads it/);
  assert.deepEqual(skillCodeActions(text, 'file:///ws/my-skill/SKILL.md', tools), []);
  // Read by no target of the file: the move is offered, and the message names the clients that read it where they load the skill.
  const alone = run(text, ['copilot']).filter((x) => x.code === 'skill-unexpected-field');
  assert.match(alone[0]!.message, /Claude Code and Cursor read it: keep it if they load this skill too \(through a link or a copy\)/);
  assert.doesNotMatch(alone[0]!.message, /remove it/);
  assert.equal(skillCodeActions(text, 'file:///ws/my-skill/SKILL.md', alone).length, 1);
  // Read by no client at all: remove it or move it.
  const own = run(fm(`${OK}\ncolour: blue`), ['copilot']).filter((x) => x.code === 'skill-unexpected-field');
  assert.match(own[0]!.message, /remove it or move it under 'metadata:'/);
});

test("VS Code loads a skill whatever its name's characters, takes the folder name for a missing or different name, and lists one with no description", () => {
  const vsCode = (text: string) => run(text, ['copilot'], 'code_review').map((x) => [x.code, x.severity, x.message]);
  assert.deepEqual(vsCode(fm('name: code_review\ndescription: Reviews code. Use when asked for a review.')), [
    [
      'skill-name-invalid-chars',
      'information',
      "Skill name 'code_review' has characters other than letters, digits and hyphens: VS Code's documentation allows only a-z, 0-9 and '-' (its loader does not check, and loads the skill) (VS Code / Copilot)",
    ],
  ]);
  assert.deepEqual(vsCode(fm('description: Reviews code. Use when asked for a review.')), [
    ['skill-name-missing', 'information', "No 'name': VS Code uses the folder name (older releases skipped the skill) (VS Code / Copilot)"],
  ]);
  assert.deepEqual(vsCode(fm('name: review\ndescription: Reviews code. Use when asked for a review.')), [
    [
      'skill-name-directory-mismatch',
      'warning',
      "Skill name 'review' differs from its folder name 'code_review': VS Code lists the skill under its folder's name, not this one (VS Code / Copilot)",
    ],
  ]);
  assert.deepEqual(
    vsCode(fm('name: code_review')).filter(([code]) => code === 'skill-description-missing'),
    [['skill-description-missing', 'warning', "No 'description': VS Code lists the skill with no description, so the model has only its name to go by (VS Code / Copilot)"]],
  );
  assert.deepEqual(vsCode('# Code review\n\nReviews code.\n'), [
    [
      'skill-frontmatter-missing',
      'warning',
      'SKILL.md does not start with YAML frontmatter (---): VS Code lists the skill under its folder name with no description (older releases skipped it) (VS Code / Copilot)',
    ],
  ]);
  // Nothing speaks for VS Code about a Claude Code skill whose name VS Code's documentation would not allow: its loader takes it.
  assert.deepEqual(
    analyzeSkill(
      fm('name: Code Review\ndescription: Reviews code. Use when asked for a review.'),
      'file:///repo/.claude/skills/code-review/SKILL.md',
      new InMemoryHost(),
    ).diagnostics.filter((d) => /VS Code/.test(d.message)),
    [],
  );
});

test('metadata: Codex cannot read a metadata that is not a map (an error); Claude Code keeps nested values and never acts on metadata', () => {
  assert.deepEqual(
    run(fm(`${OK}\nmetadata: v2`), ['codex']).map((x) => [x.code, x.severity, x.message]),
    [['skill-metadata-not-map', 'error', "'metadata' is not a map: Codex does not load the skill (it reads metadata as a map of text) (Codex)"]],
  );
  const nested = fm(`${OK}\nmetadata:\n  owner:\n    team: docs`);
  assert.deepEqual(run(nested, ['claude-code']), []);
  assert.deepEqual(run(nested, ['codex']), []);
  assert.deepEqual(
    run(fm(`${OK}\nmetadata:\n  short-description:\n    - a`), ['codex']).map((x) => x.severity),
    ['error'],
  );
  assert.deepEqual(
    run(fm(`${OK}\nmetadata: v2`), ['claude-code']).map((x) => x.severity),
    ['information'],
  );
});

/** The diagnostics of a SKILL.md at a path below the workspace folder (no other files). */
const checkAt = (path: string, text: string) => analyzeSkill(text, `file:///ws/${path}`, new InMemoryHost({}), {}).diagnostics;

test('a SKILL.md without frontmatter in no client folder and no plugin is advice: no client is known to load it', () => {
  const at = (dir: string) => checkAt(`${dir}/SKILL.md`, '# Notes\n').filter((d) => d.code === 'skill-frontmatter-missing');
  const loose = at('docs/ja-JP/skills/verification-loop');
  assert.equal(loose.length, 1);
  assert.equal(loose[0]!.severity, 'information');
  assert.match(loose[0]!.message, /no client folder or plugin loads this file/);
  // Where a client looks for skills, the client will not load it: an error still.
  assert.equal(at('.agents/skills/verification-loop')[0]!.severity, 'error');
});

test("a SKILL.md in a template, scaffold or another skill's assets, outside client folders, gets advice only; a skill.md not named SKILL.md too", () => {
  const bad = fm('name: Sample Skill\ndescription: Does things. Use when needed.');
  for (const dir of [
    'skills/skill-tester/assets/sample-skill',
    'content/skills/.templates',
    'plans/scaffold/templates/x',
    'docs/ja-JP/skills/x',
    'content/.context/legacy/skills/x',
    'skills-legacy/sentry-android-sdk',
    'core/src/test/resources/skills_conflict/a_b',
    'spring-ai/src/main/resources/skills/pdf_tools',
    '.rulesync/skills/x',
    '.context/skills/bug-investigation',
    // An APM package's sources (apm install deploys them into the clients' folders), at a root or in a package of the repository, and the packages APM installed.
    '.apm/skills/docs-grounding-verifier',
    'agents/.apm/skills/lens-debate',
    'apm_modules/acme/review/.apm/skills/x',
    '.claude-plugin/skills/x',
    'plugins/router/.codex-plugin/skills/x',
    'old_skills/x',
    'tests/cases/skills/x',
    'agent-kit/test-output/test-api',
    '.copilot/temp/rollback/skills/x',
    '.claude/skills.bak/x',
    'packages/x-skill/skills-zh/x',
    '.claude/skills-ja/x',
    'tools/tpl/skills/x',
    // A client's own folder outside its skills folder: the client reads workflows, commands or rules there, never a skill.
    '.agent/workflows/add-subdomain',
    '.claude/commands/release',
    '.cursor/rules/x',
    // A client's skills folder kept in a backup or an archive: files kept, not loaded.
    '.autoharness/backup/.github/skills/x',
    'archive/2025/.claude/skills/x',
  ]) {
    const found = checkAt(`${dir}/SKILL.md`, bad).filter((d) => d.severity === 'error' || d.severity === 'warning');
    assert.deepEqual(found, [], dir);
  }
  // The same client folder anywhere else is loaded, and checked.
  assert.ok(checkAt('.autoharness/staging/.github/skills/x/SKILL.md', bad).some((d) => d.severity === 'warning'));
  assert.ok(checkAt('skills/sample-skill/SKILL.md', bad).some((d) => d.severity === 'warning'));
  // A Gemini CLI extension in the workspace keeps its skills in its own folder: checked.
  assert.ok(checkAt('.gemini/extensions/capegis/skills/sample-skill/SKILL.md', bad).some((d) => d.severity === 'warning'));
  // A skill's own folder may be called 'templates': it is a skill like any other.
  assert.ok(checkAt('skills/templates/SKILL.md', fm('name: Templates\ndescription: Does things. Use when needed.')).some((d) => d.severity === 'warning'));
  // A folder called 'template' whose SKILL.md declares another name is the model a collection copies.
  const model = checkAt('template/SKILL.md', fm('name: skill-template\ndescription: Does things. Use when needed.', 'See [details](./references/topic-details.md).\n'));
  assert.ok(model.length > 0 && model.every((d) => d.severity === 'information' || d.severity === 'hint'));
  assert.ok(
    checkAt('x/SKILL.md', fm('name: skill-template\ndescription: Does things. Use when needed.', 'See [details](./references/topic-details.md).\n')).some(
      (d) => d.severity === 'warning',
    ),
  );
  // A folder named as a skill's template, outside client folders, is that model too; inside a client folder it is a skill.
  const skeleton = fm('name: skill-template\ndescription: Does things. Use when needed.', 'See [details](./references/topic-details.md).\n');
  for (const path of ['skill-template/SKILL.md', 'docs/template-skill/SKILL.md', 'skills/skill_templates/SKILL.md']) {
    assert.ok(
      checkAt(path, skeleton).every((d) => d.severity === 'information' || d.severity === 'hint'),
      path,
    );
  }
  assert.ok(checkAt('.claude/skills/skill-template/SKILL.md', skeleton).some((d) => d.severity === 'warning'));
  // A folder named resources elsewhere is no application's resources.
  assert.ok(checkAt('main/resources/skills/x/SKILL.md', bad).some((d) => d.severity === 'warning'));
  // A skill about legacy code is no skill put aside.
  assert.ok(checkAt('skills/legacy-migration/SKILL.md', bad).some((d) => d.severity === 'warning'));
  // A real skill may sit in a folder called 'templates' under another name.
  assert.ok(
    checkAt('skills/railway/templates/SKILL.md', fm('name: railway-templates\ndescription: Does things. Use when needed.', 'See [details](./references/topic-details.md).\n')).some(
      (d) => d.severity === 'warning',
    ),
  );
  // A sample a skill carries in its assets is no skill, even inside a client folder.
  assert.ok(checkAt('.codex/skills/skill-tester/assets/sample-skill/SKILL.md', '# Sample\n').every((d) => d.severity === 'information' || d.severity === 'hint'));
  // In a client folder the rules stand, whatever the folder names above.
  assert.ok(checkAt('.agents/skills/templates/sample-skill/SKILL.md', fm('name: sample-skill')).some((d) => d.severity === 'error'));
  const lower = checkAt('data/s/skill.md', '# Notes\n');
  assert.ok(lower.length > 0 && lower.every((d) => d.severity === 'information' || d.severity === 'hint'));
});

test("a project's scratch folder (tmp/, temp/) below the folder checked holds drafts: advice; with no folder known, /tmp is the system's and says nothing", () => {
  const bad = fm('name: Draft Skill\ndescription: Does things. Use when needed.');
  const serious = (uri: string, roots?: readonly string[]) =>
    analyzeSkill(bad, uri, new InMemoryHost({}), roots ? { repository: repositoryFacts([], roots) } : {}).diagnostics.filter(
      (d) => d.severity === 'warning' || d.severity === 'error',
    );
  assert.deepEqual(serious('file:///ws/tmp/skills/draft/SKILL.md', ['file:///ws']), []);
  assert.deepEqual(serious('file:///ws/temp/draft/SKILL.md', ['file:///ws']), []);
  assert.ok(serious('file:///tmp/ws/skills/draft/SKILL.md', ['file:///tmp/ws']).length > 0);
  assert.ok(serious('file:///tmp/ws/skills/draft/SKILL.md').length > 0);
});

test('folders above the folders the files are checked from make no skill a copy: a checkout kept in archive/ or templates/ is live', () => {
  const bad = fm('name: Sample Skill\ndescription: Does things. Use when needed.');
  const serious = (uri: string, roots?: readonly string[]) =>
    analyzeSkill(bad, uri, new InMemoryHost({}), roots ? { repository: repositoryFacts([], roots) } : {}).diagnostics.filter(
      (d) => d.severity === 'warning' || d.severity === 'error',
    );
  const uri = 'file:///home/me/archive/my-repo/skills/sample-skill/SKILL.md';
  assert.deepEqual(serious(uri), []);
  assert.ok(serious(uri, ['file:///home/me/archive/my-repo']).length > 0);
  // The deepest root holding the file decides; a copies folder below it still makes a copy.
  assert.deepEqual(serious('file:///home/me/archive/my-repo/backups/skills/sample-skill/SKILL.md', ['file:///home/me', 'file:///home/me/archive/my-repo']), []);
  assert.ok(serious('file:///ws/templates/sample-skill/SKILL.md', ['file:///ws/templates/sample-skill']).length > 0);
  // A root that does not hold the file changes nothing.
  assert.deepEqual(serious(uri, ['file:///elsewhere']), []);
});

test('context: inherit asks for the inline run a skill gets anyway: advice, where an unknown value is a warning for Claude Code', () => {
  const level = (value: string) => run(fm(`${OK}\ncontext: ${value}`), ['claude-code']).find((d) => d.code === 'skill-context-value')?.severity;
  assert.equal(level('inherit'), 'information');
  assert.equal(level('forked'), 'warning');
  assert.equal(level('fork'), undefined);
  // The message says what the value is: a mapping or a list is not "an empty value".
  const message = (value: string) => run(fm(`${OK}\ncontext: ${value}`), ['claude-code']).find((d) => d.code === 'skill-context-value')?.message;
  assert.match(message('\n  mode: fork')!, /; a mapping is ignored/);
  assert.match(message('[fork]')!, /; a list is ignored/);
  assert.match(message('')!, /; an empty value is ignored/);
});

test('a plural key holding a list or a map is not taken for a misspelt singular; a plural scalar still is', () => {
  const typo = (front: string) => run(fm(`${OK}\n${front}`), ['claude-code']).filter((d) => d.code === 'skill-field-typo');
  assert.deepEqual(typo('agents:\n  - reviewer\n  - planner'), []);
  assert.deepEqual(typo('argument-hints:\n  path: the file to read\n  depth: how far to go'), []);
  assert.equal(typo('agents: reviewer').length, 1);
  assert.equal(typo('argument-hints: "[path]"').length, 1);
});

test("user-invokable, VS Code's deprecated name for user-invocable: read by VS Code, ignored by Claude Code", () => {
  const text = fm(`${OK}\nuser-invokable: true`);
  const about = (targets: readonly Target[]) => run(text, targets).filter((d) => d.range.start.line === 3);
  assert.deepEqual(about(['copilot']), []);
  const claude = about(['claude-code']);
  assert.deepEqual(
    claude.map((d) => [d.code, d.severity]),
    [['skill-field-ignored', 'information']],
  );
  // Outside the specification, as other keys a client reads (argument-hint) are.
  assert.deepEqual(
    about(['spec']).map((d) => d.code),
    run(fm(`${OK}\nargument-hint: x`), ['spec'])
      .filter((d) => d.range.start.line === 3)
      .map((d) => d.code),
  );
  assert.deepEqual(
    about(['spec']).map((d) => d.code),
    ['skill-field-not-in-spec'],
  );
});

test('a TanStack Intent skill (its frontmatter names a library and a type): the keys Intent reads are advice, others are still unexpected', () => {
  const intent = fm(
    'name: trpc-router\ndescription: Defines tRPC routers. Use when adding a procedure.\ntype: core\nlibrary: trpc\nlibrary_version: "11.0.0"\nrequires:\n  - trpc-setup\nsources:\n  - docs/router.md\nversion: 1',
  );
  const found = checkAt('packages/server/skills/trpc-router/SKILL.md', intent).filter((d) => d.code.startsWith('skill-field') || d.code === 'skill-unexpected-field');
  assert.deepEqual(
    found.map((d) => [d.code, d.severity, d.range.start.line]),
    [
      ['skill-field-not-in-spec', 'information', 3],
      ['skill-field-not-in-spec', 'information', 4],
      ['skill-field-not-in-spec', 'information', 5],
      ['skill-field-not-in-spec', 'information', 6],
      ['skill-field-not-in-spec', 'information', 8],
      ['skill-unexpected-field', 'warning', 10],
    ],
  );
  assert.match(found[0]!.message, /TanStack Intent reads it$/);
  // `library` alone is no Intent frontmatter.
  const plain = checkAt('skills/x/SKILL.md', fm('name: x\ndescription: Does x. Use when x.\nlibrary: trpc'));
  assert.deepEqual(
    plain.filter((d) => d.code === 'skill-unexpected-field').map((d) => d.severity),
    ['warning'],
  );
});

test("a skill Squad's agents wrote (confidence low, medium or high, and a source) has domain, confidence, source and tools read by Squad: advice", () => {
  const squad = (confidence: string) =>
    checkAt(
      '.copilot/skills/session-recovery/SKILL.md',
      fm(`name: session-recovery\ndescription: Resumes sessions. Use when a session broke.\ndomain: workflow\nconfidence: ${confidence}\nsource: earned`),
    )
      .filter((d) => d.range.start.line >= 3 && d.range.start.line <= 5)
      .map((d) => [d.code, d.severity]);
  assert.deepEqual(squad('high'), [
    ['skill-field-not-in-spec', 'information'],
    ['skill-field-not-in-spec', 'information'],
    ['skill-field-not-in-spec', 'information'],
  ]);
  // Another confidence is no Squad skill: the keys are read by no client.
  assert.deepEqual(
    squad('0.9').map(([, severity]) => severity),
    ['warning', 'warning', 'warning'],
  );
});

test('a Kimi Code CLI skill in a folder Kimi loads (a type of prompt, inline or flow, or a key only Kimi reads) keeps the keys Kimi reads: advice naming it', () => {
  const flow = (folder: string, extra: string) =>
    checkAt(`${folder}/release/SKILL.md`, fm(`name: release\ndescription: Releases the package. Use when cutting a release.\n${extra}`, '```mermaid\nflowchart TD\nA-->B\n```\n'))
      .filter((d) => d.code === 'skill-unexpected-field')
      .map((d) => [d.severity, d.message]);
  const kimi = flow('.agents/skills', 'type: flow');
  assert.deepEqual(
    kimi.map(([severity]) => severity),
    ['information'],
  );
  assert.match(String(kimi[0]![1]), /VS Code reports field 'type' as not supported and ignores it; Kimi Code CLI reads it, so keep it for that/);
  assert.deepEqual(
    flow('.agents/skills', 'whenToUse: On a release day.').map(([severity]) => severity),
    ['information'],
  );
  // A type Kimi does not know is no Kimi skill, and outside Kimi's folders `type: flow` is no one's.
  assert.deepEqual(
    flow('.agents/skills', 'type: reference').map(([severity]) => severity),
    ['warning'],
  );
  assert.deepEqual(
    flow('.github/skills', 'type: flow').map(([severity]) => severity),
    ['warning'],
  );
});

test("a skill a generator wrote (Intent Architect's template-id, a SHA-256 contentHash) keeps the keys the generator reads on its next run: advice naming it", () => {
  const HASH = '5DBC5CA559513B2D91F9FFA9A466DEFC08409911A8FA8A6B372E4E59052A97D8';
  const generated = (extra: string) =>
    checkAt('.agents/skills/service-implementation/SKILL.md', fm(`name: service-implementation\ndescription: Implements services. Use when a service is incomplete.\n${extra}`))
      .filter((d) => d.code === 'skill-unexpected-field')
      .map((d) => [d.severity, d.message]);
  const intent = generated(`template-id: Intent.Application.ServiceImplementations.ServiceImplementationSkillTemplate\ncontentHash: ${HASH}`);
  assert.deepEqual(
    intent.map(([severity]) => severity),
    ['information', 'information'],
  );
  assert.match(String(intent[0]![1]), /Intent Architect, which wrote this file, reads it, so keep it/);
  assert.match(String(generated(`contentHash: ${HASH}`)[0]![1]), /the generator that wrote this file reads it/);
  // A hash of another shape, or a template id of no generator known, is a key no one is known to read.
  assert.deepEqual(
    generated('template-id: my-template\ncontentHash: abc123').map(([severity]) => severity),
    ['warning', 'warning'],
  );
});

test('an OpenClaw skill (metadata.openclaw is a map): homepage and the metadata map are advice saying OpenClaw reads them; other non-string metadata is advice of its own under the specification', () => {
  const text = fm(
    'name: browser-use\ndescription: Drives a browser. Use when a page must be read.\nhomepage: https://browser-use.com\nmetadata:\n  openclaw:\n    requires:\n      bins: [uv]\n  author:\n    name: A',
  );
  const found = checkAt('skills/browser-use/SKILL.md', text).filter((d) => ['skill-unexpected-field', 'skill-field-not-in-spec', 'skill-metadata-not-map'].includes(d.code));
  assert.deepEqual(
    found.map((d) => [d.code, d.severity, d.range.start.line]),
    [
      ['skill-field-not-in-spec', 'information', 3],
      ['skill-metadata-not-map', 'information', 6],
      ['skill-metadata-not-map', 'information', 9],
    ],
  );
  assert.doesNotMatch(found[2]!.message, /OpenClaw/);
  assert.match(found[0]!.message, /OpenClaw reads it$/);
  assert.match(found[1]!.message, /OpenClaw reads its runtime requirements from metadata\.openclaw/);
  // Without OpenClaw's metadata, homepage is read by no client.
  const plain = checkAt('skills/x/SKILL.md', fm('name: x\ndescription: Does x. Use when x.\nhomepage: https://x.dev'));
  assert.deepEqual(
    plain.filter((d) => d.code === 'skill-unexpected-field').map((d) => d.severity),
    ['warning'],
  );
  // ClawHub publishes a top-level version (its skill format's basic frontmatter); elsewhere version is read by no client.
  const versioned = (meta: string) =>
    checkAt('skills/x/SKILL.md', fm(`name: x\ndescription: Does x. Use when x.\nversion: 1.0.0${meta}`))
      .filter((d) => d.range.start.line === 3)
      .map((d) => [d.code, d.severity]);
  assert.deepEqual(versioned('\nmetadata:\n  openclaw:\n    emoji: x'), [['skill-field-not-in-spec', 'information']]);
  assert.deepEqual(versioned(''), [['skill-unexpected-field', 'warning']]);
});

test('a Hermes Agent skill (in .hermes/, or with a metadata.hermes map): version, author, platforms and prerequisites, and the map, are advice; other keys still warn', () => {
  const front =
    'name: planner\ndescription: Plans work in files. Use when a task has many steps.\nversion: 2.0.0\nauthor: Me\nplatforms: [linux, macos]\nprerequisites: [git]\nmood: calm';
  const serious = (path: string, text: string) =>
    checkAt(path, text)
      .filter((d) => d.severity === 'warning' || d.severity === 'error')
      .map((d) => [d.code, d.range.start.line]);
  // In .hermes/skills/ the keys Hermes reads are its own; a key it does not read still warns.
  assert.deepEqual(serious('.hermes/skills/productivity/planner/SKILL.md', fm(front)), [['skill-unexpected-field', 7]]);
  // So in a dotfiles repository's copy of the home folder's skills (held-out round 46), but not in a folder that only has hermes in its name.
  assert.deepEqual(serious('hermes/skills/productivity/planner/SKILL.md', fm(front)), [['skill-unexpected-field', 7]]);
  assert.equal(serious('hermes-tools/skills/planner/SKILL.md', fm(front)).length, 5);
  // Elsewhere, metadata.hermes says the same.
  const withMeta = fm(`${front}\nmetadata:\n  hermes:\n    tags: [planning]\n    related_skills: [todo]`);
  assert.deepEqual(serious('skills/planner/SKILL.md', withMeta), [['skill-unexpected-field', 7]]);
  const meta = checkAt('skills/planner/SKILL.md', withMeta).find((d) => d.code === 'skill-metadata-not-map');
  assert.equal(meta?.severity, 'information');
  assert.match(meta!.message, /Hermes Agent reads its own tags, category and related skills from metadata\.hermes/);
  // Without either, they are read by no client.
  assert.equal(serious('skills/planner/SKILL.md', fm(front)).length, 5);
});

test("Hermes Agent's setup, and its top-level tags where metadata.hermes names none, are advice; with OpenClaw's map beside Hermes's, the keys of both are read", () => {
  const serious = (text: string) =>
    checkAt('skills/comfy/SKILL.md', text)
      .filter((d) => d.severity === 'warning' || d.severity === 'error')
      .map((d) => [d.code, d.range.start.line]);
  const front = 'name: comfy\ndescription: Runs ComfyUI. Use when making images.\nsetup:\n  help: Install ComfyUI\ntags: [images]';
  assert.deepEqual(serious(fm(`${front}\nmetadata:\n  hermes:\n    category: media`)), []);
  // Hermes's own tags win: the top-level list is read by nothing.
  assert.deepEqual(serious(fm(`${front}\nmetadata:\n  hermes:\n    tags: [media]`)), [['skill-unexpected-field', 5]]);
  // OpenClaw's map first, Hermes's second: author (Hermes) and homepage (OpenClaw) are both read; mood by neither.
  const both = fm(
    'name: comfy\ndescription: Runs ComfyUI. Use when making images.\nauthor: Me\nhomepage: https://x.dev\nmood: calm\nmetadata:\n  openclaw:\n    emoji: x\n  hermes:\n    category: media',
  );
  assert.deepEqual(serious(both), [['skill-unexpected-field', 5]]);
});

test("in Antigravity's .agent/skills/ what its loader decides (YAML, keys, names) is advice, saying so; a link to a missing file stays a warning", () => {
  const keys = fm('name: Lint Check\ndescription: Lints. Use when the user asks.\nversion: 1.0.0', 'See [guide](references/guide.md).\n');
  const found = checkAt('.agent/skills/lint-check/SKILL.md', keys);
  assert.deepEqual(
    found.filter((d) => d.severity === 'warning' || d.severity === 'error').map((d) => d.code),
    ['skill-file-missing'],
  );
  assert.ok(found.some((d) => d.code === 'skill-unexpected-field' && d.severity === 'information'));
  const text = fm('name: lint-check\ndescription: Lints. Use when: the user asks');
  const colon = checkAt('.agent/skills/lint-check/SKILL.md', text).find((d) => d.code === 'skill-yaml-colon-in-value');
  assert.equal(colon?.severity, 'information');
  assert.match(colon!.message, /Antigravity reads \.agent\/skills\/; what its loader does with this is not documented/);
  // One in a category folder as well.
  assert.equal(checkAt('.agent/skills/quality/lint-check/SKILL.md', text).find((d) => d.code === 'skill-yaml-colon-in-value')?.severity, 'information');
  // The same file elsewhere is checked against the specification.
  assert.equal(checkAt('skills/lint-check/SKILL.md', text).find((d) => d.code === 'skill-yaml-colon-in-value')?.severity, 'error');
});

test("a skill of a Cursor plugin (.cursor-plugin/plugin.json beside skills/) is Cursor's: what its loader decides is advice, saying so; a link to a missing file stays a warning", () => {
  const text = fm('name: Poteto Mode\ndescription: Works in poteto mode. Use when asked.\nmode: agent\nicon: ./icon.svg', 'See [guide](references/guide.md).\n');
  const uri = 'file:///ws/pstack/skills/poteto-mode/SKILL.md';
  const plugin = new InMemoryHost({ 'file:///ws/pstack/.cursor-plugin/plugin.json': '{ "name": "pstack" }', [uri]: text });
  const found = analyzeSkill(text, uri, plugin, {}).diagnostics;
  assert.deepEqual(
    found.filter((d) => d.severity === 'warning' || d.severity === 'error').map((d) => d.code),
    ['skill-file-missing'],
  );
  const name = found.find((d) => d.code === 'skill-name-not-lowercase');
  assert.equal(name?.severity, 'information');
  assert.match(name!.message, /Cursor loads the skills of this Cursor plugin, \.cursor-plugin\/plugin\.json; what its loader does with this is not documented/);
  // Without the manifest the same skill is checked against the specification.
  const bare = analyzeSkill(text, uri, new InMemoryHost({ [uri]: text }), {}).diagnostics;
  assert.ok(bare.some((d) => d.code === 'skill-unexpected-field' && d.severity === 'warning'));
});

test("OpenCode's documented name and length rules are advice: its loader checks none of them and loads the skill", () => {
  const text = fm('name: workflows-code--full-stack\ndescription: Builds the full stack. Use when asked.');
  assert.deepEqual(
    run(text, ['opencode'], 'workflows-code--full-stack').map((x) => [x.code, x.severity, x.message]),
    [
      [
        'skill-name-consecutive-hyphens',
        'information',
        "Skill name 'workflows-code--full-stack' has consecutive hyphens: OpenCode's documentation allows only lowercase letters, digits and single hyphens (its loader does not check) (OpenCode)",
      ],
    ],
  );
  // For the specification the same name is a warning.
  assert.deepEqual(
    run(text, ['spec'], 'workflows-code--full-stack').map((x) => [x.code, x.severity]),
    [['skill-name-consecutive-hyphens', 'warning']],
  );
});

test("an unquoted ': ' below name and description is a warning for VS Code, whose reader stops there and still loads the skill; above name it is an error; other clients keep theirs", () => {
  const colon = (path: string, text: string) => checkAt(path, text).find((d) => d.code === 'skill-yaml-colon-in-value')!;
  const below = colon('.github/skills/lint-check/SKILL.md', fm('name: lint-check\ndescription: Lints. Use when: the user asks\nlicense: MIT'));
  assert.equal(below.severity, 'warning');
  assert.match(below.message, /VS Code loads the skill, reading the value only up to the ': ' and none of the keys below it/);
  const above = colon('.github/skills/lint-check/SKILL.md', fm('description: Lints. Use when: the user asks\nname: lint-check'));
  assert.equal(above.severity, 'error');
  assert.match(above.message, /VS Code does not load the skill/);
  // In .agents/skills/ Codex and Gemini CLI read it too: their parsers of strict YAML fail.
  const shared = colon('.agents/skills/lint-check/SKILL.md', fm('name: lint-check\ndescription: Lints. Use when: the user asks'));
  assert.equal(shared.severity, 'error');
  assert.doesNotMatch(shared.message, /VS Code/);
});

test("a '---' inside a frontmatter line ends it only for skills-ref: clients, which end it at a line of its own, read the rest as YAML", () => {
  const text = fm('name: lint-check\ndescription: "Splits notes on --- markers. Use when asked."');
  const at = (path: string, targets?: Target[]) =>
    analyzeSkill(text, `file:///ws/${path}`, new InMemoryHost({}), targets ? { targets } : {}).diagnostics.filter((d) => d.severity === 'error' || d.severity === 'warning');
  assert.deepEqual(at('.opencode/skills/lint-check/SKILL.md'), []);
  assert.deepEqual(at('.claude/skills/lint-check/SKILL.md'), []);
  const reference = at('.opencode/skills/lint-check/SKILL.md', ['skills-ref']).map((d) => d.code);
  assert.ok(reference.includes('skill-yaml-invalid'), reference.join());
  assert.ok(reference.includes('skill-frontmatter-dashes'), reference.join());
});

test("for VS Code a name outside a-z, 0-9 and '-' is advice (its loader takes it) and one that is not the folder's a warning (it lists the skill under the folder's name)", () => {
  const codes = (name: string) =>
    checkAt('.github/skills/lint-check/SKILL.md', fm(`name: ${name}\ndescription: Lints. Use when asked.`))
      .filter((d) => d.severity !== 'hint')
      .map((d) => `${d.severity} ${d.code}`);
  assert.deepEqual(codes('Lint_Check'), ['information skill-name-not-lowercase', 'information skill-name-invalid-chars', 'warning skill-name-directory-mismatch']);
  assert.deepEqual(codes('lint-checker'), ['warning skill-name-directory-mismatch']);
});

test("a SKILL.md inside another skill's folder is that skill's file for clients that look one level down (advice); where Codex or OpenCode, which look deeper, read it, it is checked", () => {
  const nested = fm('name: daisy-colors\ndescription: Daisy colours. Use when theming.');
  const host = (root: string) => new InMemoryHost({ [`file:///ws/${root}/daisyui/SKILL.md`]: fm('name: daisyui\ndescription: Daisy. Use when styling.') });
  const loud = (root: string, h = host(root)) =>
    analyzeSkill(nested, `file:///ws/${root}/daisyui/colors/SKILL.md`, h, {})
      .diagnostics.filter((d) => d.severity === 'warning' || d.severity === 'error')
      .map((d) => d.code);
  assert.deepEqual(loud('.claude/skills'), []);
  assert.deepEqual(loud('.github/skills'), []);
  // In .agents/skills Codex and OpenCode read it as a skill of its own (VS Code and Gemini CLI do not look that deep): checked for them.
  assert.deepEqual(analyzeSkill(nested, 'file:///ws/.agents/skills/daisyui/colors/SKILL.md', host('.agents/skills'), {}).skill.targets.targets, ['codex', 'opencode']);
  assert.deepEqual(loud('.agents/skills'), []);
  // Without a SKILL.md above it, 'daisyui/' is a folder that groups skills, where VS Code does not look.
  assert.deepEqual(loud('.github/skills', new InMemoryHost({})), ['skill-not-in-folder']);
});

test('a byte-order mark before the frontmatter is named in the message for clients (it is invisible in most editors)', () => {
  const d = checkAt('.agents/skills/lint-check/SKILL.md', `\ufeff${fm('name: lint-check\ndescription: Lints. Use when asked.')}`).find(
    (x) => x.code === 'skill-frontmatter-missing',
  )!;
  assert.equal(d.severity, 'error');
  assert.match(d.message, /a byte-order mark \(U\+FEFF\) comes before it; save the file as UTF-8 without one/);
  const plain = checkAt('.agents/skills/lint-check/SKILL.md', '# Lint check\n').find((x) => x.code === 'skill-frontmatter-missing')!;
  assert.doesNotMatch(plain.message, /byte-order mark/);
  // VS Code's text decoding drops the mark: for it alone, advice.
  const vsCode = checkAt('.github/skills/lint-check/SKILL.md', `\ufeff${fm('name: lint-check\ndescription: Lints. Use when asked.')}`).find(
    (x) => x.code === 'skill-frontmatter-missing',
  )!;
  assert.deepEqual(
    [vsCode.severity, vsCode.message],
    [
      'information',
      'SKILL.md does not start with YAML frontmatter (---): a byte-order mark (U+FEFF) comes before it; save the file as UTF-8 without one: VS Code most likely reads the frontmatter all the same: its text decoding drops the mark (VS Code / Copilot)',
    ],
  );
});

test("a plugin's root is a skill of its own only when its manifest names no skill paths: one that names `./skills/` says where its skills are", () => {
  const at = (manifest: string) => {
    const host = new InMemoryHost({
      'file:///repo/.codex-plugin/plugin.json': manifest,
      'file:///repo/SKILL.md': fm('name: leftover\ndescription: Old. Use when asked.'),
      'file:///repo/skills/a/SKILL.md': fm('name: a\ndescription: A. Use when asked.'),
    });
    const facts = readRepositoryFacts(['file:///repo/.codex-plugin/plugin.json'], host, ['file:///repo']);
    return (skill: string) => inferTargets(`file:///repo/${skill}`, host, facts);
  };
  const listed = at('{ "name": "p", "skills": "./skills/" }');
  assert.equal(listed('SKILL.md').fallback, true);
  assert.deepEqual(listed('skills/a/SKILL.md').targets, ['codex']);
  // With no paths named, a SKILL.md at the root is the plugin's one skill.
  assert.deepEqual(at('{ "name": "p" }')('SKILL.md').targets, ['codex']);
});

test('compatibility as a map or over 500 characters is advice for a skill in no client folder: only skills-ref rejects it, and no client acts on the field', () => {
  const level = (extra: string, code: string) => checkAt('skills/x/SKILL.md', fm(`name: x\ndescription: Does x. Use when x.\n${extra}`)).find((d) => d.code === code)?.severity;
  assert.equal(level('compatibility:\n  node: ">=20"', 'skill-compatibility-not-string'), 'information');
  assert.equal(level(`compatibility: ${'a'.repeat(520)}`, 'skill-compatibility-too-long'), 'information');
  // skills-ref, when it is the target, still rejects both.
  const ref = analyzeSkill(fm(`name: x\ndescription: Does x. Use when x.\ncompatibility: ${'a'.repeat(520)}`), 'file:///ws/skills/x/SKILL.md', new InMemoryHost({}), {
    targets: ['skills-ref'],
  }).diagnostics;
  assert.equal(ref.find((d) => d.code === 'skill-compatibility-too-long')?.severity, 'error');
});

test('a skill in a folder that groups skills inside .claude/skills or .github/skills is never loaded by Claude Code or VS Code, which look one folder down: an error, and its other findings are advice', () => {
  const text = fm('name: Root Cause\ndescription: Traces a bug to its cause. Use when debugging.');
  const at = (path: string, options: Parameters<typeof analyzeSkill>[3] = {}) => analyzeSkill(text, `file:///ws/${path}`, new InMemoryHost({}), options);
  const loud = (path: string, options?: Parameters<typeof analyzeSkill>[3]) =>
    at(path, options)
      .diagnostics.filter((d) => d.severity === 'error' || d.severity === 'warning')
      .map((d) => [d.code, d.severity, d.message]);
  assert.deepEqual(loud('.claude/skills/debugging/root-cause/SKILL.md'), [
    [
      'skill-not-in-folder',
      'error',
      "This skill sits in 'debugging/', a folder that groups skills; move 'root-cause/' up next to 'debugging/': Claude Code loads skills only one folder below .claude/skills/ and does not load this one (Claude Code)",
    ],
  ]);
  assert.deepEqual(
    loud('.github/skills/common/root-cause/SKILL.md').map(([code, severity]) => [code, severity]),
    [['skill-not-in-folder', 'error']],
  );
  // Never loaded: in no listing and no name clash.
  assert.equal(at('.claude/skills/debugging/root-cause/SKILL.md').skill.targets.fallback, true);
  // One folder down it is a skill like any other (the mismatch of name and folder speaks).
  assert.deepEqual(
    loud('.github/skills/root-cause/SKILL.md').map(([code]) => code),
    ['skill-name-directory-mismatch'],
  );
  // A folder put aside by its name is not loaded on purpose: advice only.
  assert.deepEqual(loud('.claude/skills/archive/root-cause/SKILL.md'), []);
  assert.deepEqual(loud('.claude/skills/_drafts/root-cause/SKILL.md'), []);
  // A collection's own skills/<group>/ is its source: installers copy each skill one folder down.
  assert.deepEqual(
    loud('skills/debugging/root-cause/SKILL.md', { targets: ['claude-code'] }).map(([code]) => code),
    [],
  );
  // Codex looks six folders down, so where it reads the folder the skill is checked as usual.
  assert.ok(!loud('.claude/skills/debugging/root-cause/SKILL.md', { targets: ['claude-code', 'codex'] }).some(([code]) => code === 'skill-not-in-folder'));
});

test("a skill in a 'skills' folder inside a client's skills folder is two folders down: Claude Code and VS Code do not load it", () => {
  const text = fm('name: graphify\ndescription: Draws graphs. Use when asked to graph.');
  for (const path of ['.github/skills/skills/graphify/SKILL.md', '.claude/skills/skills/graphify/SKILL.md']) {
    const found = analyzeSkill(text, `file:///ws/${path}`, new InMemoryHost({}), {}).diagnostics;
    assert.deepEqual(
      found.filter((d) => d.severity === 'error').map((d) => d.code),
      ['skill-not-in-folder'],
      path,
    );
  }
  // A collection's own skills/ inside a plugin or project folder is not a client's: nothing to say.
  assert.ok(!checkAt('tools/skills/graphify/SKILL.md', text).some((d) => d.code === 'skill-not-in-folder'));
});

test('a skill no client loads from where it is says what is wrong with it, not what a client does when it loads it', () => {
  const uri = 'file:///ws/.claude/skills/21-security/foo/SKILL.md';
  const found = analyzeSkill('# Foo\n\nDoes foo.\n', uri, new InMemoryHost({}), {}).diagnostics;
  const missing = found.find((d) => d.code === 'skill-frontmatter-missing');
  assert.equal(missing?.severity, 'information');
  assert.doesNotMatch(missing!.message, /loads the skill/);
  assert.ok(found.some((d) => d.code === 'skill-not-in-folder' && d.severity === 'error'));
  // One folder down Claude Code loads it, and the message says how.
  const loaded = analyzeSkill('# Foo\n\nDoes foo.\n', 'file:///ws/.claude/skills/foo/SKILL.md', new InMemoryHost({}), {}).diagnostics;
  assert.match(loaded.find((d) => d.code === 'skill-frontmatter-missing')!.message, /Claude Code loads the skill under its folder name/);
});

test('an unsupported key left empty loses nothing where VS Code ignores it: advice; skills-ref still rejects it', () => {
  const vsCode = run(fm(`${OK}\npaths:`), ['copilot']).filter((d) => d.code === 'skill-unexpected-field');
  assert.deepEqual(
    vsCode.map((d) => [d.severity, d.message]),
    [['information', "VS Code reports field 'paths' as not supported and ignores it; it is empty, so nothing is lost (VS Code / Copilot)"]],
  );
  assert.equal(run(fm(`${OK}\npaths: src/**`), ['copilot']).find((d) => d.code === 'skill-unexpected-field')?.severity, 'warning');
  assert.equal(run(fm(`${OK}\npaths:`), ['skills-ref']).find((d) => d.code === 'skill-unexpected-field')?.severity, 'error');
});

test('two folders below .agents/skills only Codex and OpenCode, which look deeper, load a skill: VS Code and Gemini CLI are dropped from its targets', () => {
  const text = fm('name: figma-mapping\ndescription: Maps Figma frames. Use when wiring designs.');
  const at = (path: string) => analyzeSkill(text, `file:///ws/${path}`, new InMemoryHost({}), {});
  const deep = at('.agents/skills/eds/figma-map/SKILL.md');
  assert.deepEqual(deep.skill.targets.targets, ['codex', 'opencode']);
  assert.match(deep.skill.targets.reason, /VS Code \/ Copilot and Gemini CLI look only one folder below the skills folder, not at this depth/);
  // VS Code's warning about the name is not given for a skill VS Code never loads.
  assert.deepEqual(
    deep.diagnostics.filter((d) => d.severity === 'warning' || d.severity === 'error'),
    [],
  );
  // One folder down all four read it, and VS Code lists it under its folder's name.
  assert.deepEqual(at('.agents/skills/figma-map/SKILL.md').skill.targets.targets, ['codex', 'copilot', 'gemini-cli', 'opencode']);
  assert.ok(at('.agents/skills/figma-map/SKILL.md').diagnostics.some((d) => d.code === 'skill-name-directory-mismatch' && d.severity === 'warning'));
});

test("OpenCode reads an unquoted ': ' in a value as text (it rewrites such values and parses again): advice for it, an error for Codex", () => {
  const text = fm('name: my-skill\ndescription: Reviews code. Triggers: review, audit');
  const at = (targets: Target[]) =>
    run(text, targets)
      .filter((d) => d.code === 'skill-yaml-colon-in-value')
      .map((d) => [d.severity, d.message]);
  assert.deepEqual(at(['opencode']), [
    [
      'information',
      "The unquoted ': ' in 'description' is not valid YAML (quote the value or use '>-'): OpenCode reads the value as text (it rewrites such values and parses again) (OpenCode)",
    ],
  ]);
  assert.equal(at(['codex'])[0]![0], 'error');
});
