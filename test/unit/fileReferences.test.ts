// What counts as a file reference in SKILL.md and instruction files, and where it resolves from.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeSkill, githubSlug, relinkAction, skillCodeActions } from '../../server/src/core/skills';
import { analyzeInstructions } from '../../server/src/core/instructions';
import { MAX_ELSEWHERE } from '../../server/src/core/skills/referenceCheck';
import { InMemoryHost } from '../../server/src/core/workspace/host';
import type { Diagnostic } from '../../server/src/core/types';
import { joinLines, ranges, textAt } from '../helpers/markers';

const WS = 'file:///ws';

/** A workspace in memory: a repository (it has `.git`) holding `files`, paths relative to its root. */
function workspace(files: Record<string, string> = {}): InMemoryHost {
  return new InMemoryHost({ [`${WS}/.git/HEAD`]: 'ref: refs/heads/main\n', ...Object.fromEntries(Object.entries(files).map(([k, v]) => [`${WS}/${k}`, v])) });
}

/** The diagnostics of a SKILL.md at `dir/SKILL.md` (the folder's last part is its name), checked for the specification. */
function skill(dir: string, body: string, files: Record<string, string> = {}): Diagnostic[] {
  const name = dir.split('/').pop()!;
  const text = `---\nname: ${name}\ndescription: Does ${name} work. Use when ${name} is asked for.\n---\n${body}`;
  return analyzeSkill(text, `${WS}/${dir}/SKILL.md`, workspace(files), { workspaceRoots: [WS] }).diagnostics;
}

function instructions(path: string, text: string, files: Record<string, string> = {}): Diagnostic[] {
  return analyzeInstructions(text, `${WS}/${path}`, workspace(files), { workspaceRoots: [WS] }).diagnostics;
}

const brief = (ds: Diagnostic[]) => ds.map((d) => [d.code, d.severity]);

test('a bare path in prose is not a reference; one in code is a command, missing only when no folder up to the repository root has it', () => {
  const body = joinLines(
    'Put long material in files, for example references/finance.md, and keep scripts/code small.',
    'Examples: `references/policies.md` for policies, `assets/logo.png` for brand assets.',
    'Run `python scripts/build.py` from the repository root.',
    '```bash',
    'python scripts/deploy.py --all',
    '```',
    'See [the guide](references/guide.md).',
  );
  const ds = skill('skills/maker', body, { 'scripts/build.py': '', 'tools/scripts/deploy.py': '' });
  assert.deepEqual(brief(ds), [
    ['skill-file-missing', 'information'],
    ['skill-file-missing', 'warning'],
  ]);
  assert.equal(ds[0]!.message, "'scripts/deploy.py' is in none of the 3 folders from the skill folder up to the repository root (where a command could run from)");
  assert.equal(ds[1]!.message, "Referenced file 'references/guide.md' does not exist in the skill folder");
  // A command path the skill folder itself has is fine too.
  assert.deepEqual(skill('skills/maker', body, { 'scripts/build.py': '', 'skills/maker/scripts/deploy.py': '', 'skills/maker/references/guide.md': '' }), []);
  // A `*` in the file name is a pattern: some file of the folder must match it.
  const globs = 'Templates: `assets/theme-*.css`, `references/topic-*.md`, and run `scripts/check_*.py`.\n';
  const g = skill('skills/maker', globs, { 'skills/maker/assets/theme-dark.css': '', 'scripts/check_links.py': '' });
  assert.deepEqual(
    g.map((d) => [d.severity, d.message]),
    [['information', "No file matches 'references/topic-*.md' in any of the 3 folders from the skill folder up to the repository root (where a command could run from)"]],
  );
});

test('${CLAUDE_SKILL_DIR}, {baseDir} and ${CLAUDE_PLUGIN_ROOT} paths resolve from the skill folder and the plugin root; other variables are not checked', () => {
  const files = {
    'plugins/p/.claude-plugin/plugin.json': '{"name":"p"}',
    'plugins/p/scripts/run.sh': '',
    'plugins/p/skills/tool/references/a.md': '# A\n',
    'plugins/p/skills/tool/scripts/x.py': '',
  };
  const body = joinLines(
    'Read [a](${CLAUDE_SKILL_DIR}/references/a.md) and [b](${CLAUDE_SKILL_DIR}/references/b.md).',
    'Run `bash ${CLAUDE_PLUGIN_ROOT}/scripts/run.sh` or `python {baseDir}/scripts/x.py`.',
    '```bash',
    '"$CLAUDE_PLUGIN_ROOT/hooks/gone.sh"',
    '```',
    'Not checked: [h](${HOME}/notes.md), `${WORKDIR}/scripts/y.py`, `<skill-dir>/scripts/z.py`, `{skill}/references/w.md`.',
  );
  const ds = skill('plugins/p/skills/tool', body, files);
  assert.deepEqual(
    ds.map((d) => [d.code, d.severity, d.message]),
    [
      [
        'skill-file-missing',
        'warning',
        "Referenced file '${CLAUDE_SKILL_DIR}/references/b.md' does not exist: Claude Code replaces ${CLAUDE_SKILL_DIR} with the skill folder, so it names plugins/p/skills/tool/references/b.md (Claude Code)",
      ],
      [
        'skill-file-missing',
        'information',
        "Referenced file '$CLAUDE_PLUGIN_ROOT/hooks/gone.sh' does not exist: Claude Code replaces $CLAUDE_PLUGIN_ROOT with the plugin root, plugins/p (it holds .claude-plugin/plugin.json), so it names plugins/p/hooks/gone.sh (Claude Code)",
      ],
    ],
  );
});

test('a plugin listed in a marketplace has its source folder as plugin root, without a manifest of its own', () => {
  const files = {
    '.claude-plugin/marketplace.json': JSON.stringify({ name: 'm', plugins: [{ name: 'q', source: './plugins/q' }] }),
    'plugins/q/bin/tool': '',
  };
  // Without the marketplace, the folder holding skills/ (plugins/q/extra) would be taken.
  assert.deepEqual(skill('plugins/q/extra/skills/s', 'Run `${CLAUDE_PLUGIN_ROOT}/bin/tool`.\n', files), []);
  const { ['.claude-plugin/marketplace.json']: _, ...unlisted } = files;
  assert.match(skill('plugins/q/extra/skills/s', 'Run `${CLAUDE_PLUGIN_ROOT}/bin/tool`.\n', unlisted)[0]!.message, /plugin root, plugins\/q\/extra \(it holds the skills\/ folder/);
});

test('links in code spans and placeholder targets are text, not references', () => {
  const body = joinLines(
    'Write links as `[link text](URL)` or `[name](path/to/file.md)`.',
    'Template: [InterfaceName](link), [guide](path/to/guide.md), [topic](references/<topic>.md), [x](references/{name}.md), [y](...), [z](…).',
    '[^1]: Someone. "A book title." https://example.com/book',
  );
  assert.deepEqual(skill('skills/writer', body), []);
  assert.deepEqual(instructions('AGENTS.md', body), []);
});

test('a one-word target ending in url, link, href or path is a placeholder; a file name with an extension or a folder is still checked', () => {
  const body = joinLines(
    'Internal: [On-Call Runbook](internal-link), (e.g., ![alt text](image-url)), [repo](repo_url), [doc](docs-path).',
    'Real: [notes](notes-link.md) [dir](assets/image-url).',
  );
  const text = `---\nname: writer\ndescription: Does writer work. Use when writer is asked for.\n---\n${body}`;
  const found = skill('skills/writer', body).map((d) => [d.code, textAt(text, d.range)]);
  assert.deepEqual(found, [
    ['skill-file-missing', 'notes-link.md'],
    ['skill-file-missing', 'assets/image-url'],
  ]);
});

test('a link that starts with / resolves from the repository root; only file: URIs and paths of a machine are absolute', () => {
  const text = joinLines('[ok](/docs/guide.md) [gone](/docs/gone.md)', '[home](/home/ana/notes.md) [uri](file:///srv/x.md) [tilde](~/notes.md) [sys](/etc/hosts)');
  const ds = instructions('pkg/AGENTS.md', text, { 'docs/guide.md': '# Guide\n' });
  assert.deepEqual(
    ds.map((d) => [d.code, d.severity, textAt(text, d.range)]),
    [
      ['instructions-link-missing', 'warning', '/docs/gone.md'],
      ['instructions-link-absolute', 'warning', '/home/ana/notes.md'],
      // A system path names a file of the machine the agent runs on, by design: advice.
      ['instructions-link-absolute', 'information', 'file:///srv/x.md'],
      ['instructions-link-absolute', 'warning', '~/notes.md'],
      ['instructions-link-absolute', 'information', '/etc/hosts'],
    ],
  );
  assert.equal(ds[0]!.message, "Linked file '/docs/gone.md' does not exist: a path that starts with '/' resolves from the repository root, to docs/gone.md");
});

test('a rooted link with no extension whose first folder the repository lacks reads as a page of a website, and the message says to link its full URL; beside that folder it is a plain dead link', () => {
  const text = joinLines('See [Commands](/language/commands) and [Setup](/docs/setup).');
  const ds = instructions('apps/api/AGENTS.md', text, { 'docs/guide.md': '# Guide\n' });
  assert.deepEqual(
    ds.map((d) => [d.code, d.severity, textAt(text, d.range)]),
    [
      ['instructions-link-missing', 'warning', '/language/commands'],
      ['instructions-link-missing', 'warning', '/docs/setup'],
    ],
  );
  assert.match(
    ds[0]!.message,
    /with no extension and no language\/ folder there, it reads as a page of a website \(documentation copied with its links\): link the page's full URL$/,
  );
  assert.doesNotMatch(ds[1]!.message, /website/);
});

test("SKILL.md: a path in a named user's home folder is absolute in text too (information in a fenced block); generic users and examples are not", () => {
  const body = joinLines(
    'Settings live in `/Users/ana/work/app/.env` and C:\\Users\\ana\\app\\config.json.',
    '```bash',
    'cd /home/ana/src/app',
    '```',
    'Not these: `/home/user/app`, `/Users/you/x`, `/Users/...`, `/home/*/flag*`, `/home/claude/out.png`, `/home/kali/logs`, `/home/linuxbrew/.linuxbrew/bin/brew`, `/home/render/data` (a Render service), `/Users/demo/Desktop` (a stand-in in a redaction list), e.g. `/Users/ben/src/x` becomes `-Users-ben-src-x`.',
    'Nor after a cue in another language: destinationPath (ex.: `/home/jesus/Projetos/app`), por ejemplo `/Users/ana/x`, z. B. `/home/jan/y`, 例如 `/Users/li/z`.',
    'Nor a user name in another language that stands for yours: `C:\\Users\\你的用户名\\.claude\\settings.json`, `/Users/ユーザー名/x`, `/home/사용자명/y`, `/home/tu-usuario/z`.',
  );
  const ds = skill('skills/local', body);
  assert.deepEqual(
    ds.map((d) => [d.code, d.severity, textAt(`---\nname: local\ndescription: Does local work. Use when local is asked for.\n---\n${body}`, d.range)]),
    [
      ['skill-reference-absolute', 'warning', '/Users/ana/work/app/.env'],
      ['skill-reference-absolute', 'warning', 'C:\\Users\\ana\\app\\config.json'],
      ['skill-reference-absolute', 'information', '/home/ana/src/app'],
    ],
  );
  assert.match(ds[0]!.message, /names a file in one user's home folder, on one machine/);
});

test('a link written from the wrong folder says where the file is and from where the link resolves, with a fix', () => {
  const m = ranges('See [x](«.github/skills/x/SKILL.md#usage») and [y](../nope.md).');
  const ds = instructions('.github/copilot-instructions.md', m.text, { '.github/skills/x/SKILL.md': '# X\n## Usage\n' });
  assert.deepEqual(brief(ds), [
    ['instructions-link-missing', 'information'],
    ['instructions-link-missing', 'warning'],
  ]);
  assert.deepEqual(ds[0]!.range, m.ranges[0]);
  assert.equal(
    ds[0]!.message,
    "Linked file '.github/skills/x/SKILL.md' resolves from .github/ to .github/.github/skills/x/SKILL.md, which does not exist; the file is at .github/skills/x/SKILL.md, where the path leads from the repository root: write 'skills/x/SKILL.md'",
  );
  assert.equal(ds[1]!.message, "Linked file '../nope.md' does not exist: the link resolves from .github/ to nope.md");
  const fix = relinkAction(m.text, `${WS}/.github/copilot-instructions.md`, ds[0]!);
  assert.deepEqual(fix?.edit?.changes?.[`${WS}/.github/copilot-instructions.md`], [{ range: m.ranges[0], newText: 'skills/x/SKILL.md#usage' }]);

  const text = `---\nname: s\ndescription: Does s work. Use when s is asked for.\n---\nEdit [schema](packages/db/schema.ts).\n`;
  const sk = analyzeSkill(text, `${WS}/.claude/skills/s/SKILL.md`, workspace({ 'packages/db/schema.ts': '' }), { workspaceRoots: [WS] }).diagnostics;
  assert.deepEqual(brief(sk), [['skill-file-missing', 'information']]);
  assert.deepEqual(
    skillCodeActions(text, `${WS}/.claude/skills/s/SKILL.md`, sk).map((a) => a.title),
    ["Point the link at '../../../packages/db/schema.ts'"],
  );
});

test("anchors follow GitHub's slugs: non-ASCII, emoji, repeats, emphasis, links, HTML and code; hand-written ids count; other files' anchors are not checked", () => {
  const target = joinLines(
    '# Über Straße',
    '## 🚀 Launch',
    '## Setup',
    '## Setup',
    '## Setup 1',
    '## **Bold** and _soft_ `code_x` [link](https://x.dev) <span>tag</span>',
    '## Case A {#case-a}',
    '## Power² rule',
    '<a id="custom-id"></a>',
    '<a name="legacy"></a>',
    'Plain Title',
    '===========',
    '```md',
    '# not a heading',
    '```',
  );
  const anchors = [
    'über-straße',
    '-launch',
    'setup',
    'setup-1',
    'setup-1-1',
    'bold-and-soft-code_x-link-tag',
    'case-a',
    'case-a-case-a',
    'power-rule',
    'custom-id',
    'legacy',
    'plain-title',
  ];
  const body = anchors.map((a) => `[x](references/t.md#${a})`).join('\n') + '\n[d](data/x.json#key) [n](references/t.md#not-a-heading)\n';
  const ds = skill('skills/anchors', body, { 'skills/anchors/references/t.md': target, 'skills/anchors/data/x.json': '{}' });
  assert.deepEqual(
    ds.map((d) => [d.code, d.severity, d.message]),
    [['skill-anchor-missing', 'information', "No heading with the anchor '#not-a-heading' in 'references/t.md'"]],
  );
  assert.equal(githubSlug('I ♥ Markdown'), 'i--markdown');
  assert.equal(githubSlug('en–dash — and em'), 'endash--and-em');
  assert.equal(githubSlug('Ⓐ circled'), 'ⓐ-circled');
});

test('past 1,000 missing links in one file, the rest are not looked for elsewhere: each is reported missing where it points', () => {
  const n = MAX_ELSEWHERE + 2;
  const files = Object.fromEntries(Array.from({ length: n }, (_, i) => [`docs/f${i}.md`, '# F\n']));
  const links = Array.from({ length: n }, (_, i) => `[f](docs/f${i}.md)`).join('\n');
  const ds = instructions('.github/copilot-instructions.md', `# Project\n\n${links}\n`, files).filter((d) => d.code === 'instructions-link-missing');
  assert.equal(ds.length, n);
  assert.equal(ds.filter((d) => d.severity === 'information' && d.message.includes('the file is at')).length, MAX_ELSEWHERE);
  assert.equal(ds.filter((d) => d.severity === 'warning' && !d.message.includes('the file is at')).length, n - MAX_ELSEWHERE);
});

test('a link into node_modules names a file the package manager installs: advice, not a missing file', () => {
  const text = joinLines('- [Alloy core](./packages/gen/node_modules/@alloy-js/core/docs/index.md)', '- [Gone](./packages/gen/docs/gone.md)');
  const ds = instructions('AGENTS.md', text);
  assert.deepEqual(
    ds.map((d) => [d.code, d.severity, textAt(text, d.range)]),
    [
      ['instructions-link-missing', 'information', './packages/gen/node_modules/@alloy-js/core/docs/index.md'],
      ['instructions-link-missing', 'warning', './packages/gen/docs/gone.md'],
    ],
  );
  assert.match(ds[0]!.message, /node_modules folder is filled by the package manager/);
});

test('a link to one name after / (a skill or a plugin command) is written as a slash command is: advice when no such file is there', () => {
  const body = joinLines('', 'Then run [the solution skill](/uipath:uipath-solution) or [quickstart](/auth0-quickstart).', 'Read [the guide](/docs/guide.md).');
  const ds = skill('skills/maker', body).filter((d) => d.code === 'skill-file-missing');
  assert.deepEqual(
    ds.map((d) => [d.severity, d.message.includes('written as a slash command is')]),
    [
      ['information', true],
      ['information', true],
      ['warning', false],
    ],
  );
});

test('a link in a file that is a symbolic link, found from its real folder and from the root: information, with no rewrite offered (it would break the real file)', () => {
  class LinkedHost extends InMemoryHost {
    linkedFile(uri: string): string | undefined {
      return uri === `${WS}/.github/copilot-instructions.md` ? `${WS}/AGENTS.md` : undefined;
    }
  }
  const host = new LinkedHost({ [`${WS}/.git/HEAD`]: 'ref: refs/heads/main\n', [`${WS}/docs/guide.md`]: '# Guide\n' });
  const text = '# Project\n\nSee [the guide](docs/guide.md).\n';
  const [linked] = analyzeInstructions(text, `${WS}/.github/copilot-instructions.md`, host, { workspaceRoots: [WS] }).diagnostics;
  assert.equal(linked?.severity, 'information');
  assert.match(linked?.message ?? '', /this file is a symbolic link to the repository root, where the link finds docs\/guide\.md: a rewrite here would break it there/);
  assert.equal(linked?.data?.['relink'], undefined);
  // The same text in a file of its own gets the rewrite.
  const [own] = analyzeInstructions(text, `${WS}/.github/copilot-instructions.md`, workspace({ 'docs/guide.md': '# Guide\n' }), { workspaceRoots: [WS] }).diagnostics;
  assert.equal(own?.data?.['relink'], '../docs/guide.md');
});

test("a link or import to a file the repository's .gitignore leaves out names one each clone makes for itself: advice, not a missing file", () => {
  const files = { '.gitignore': '/CLAUDE.md\n.claude/memory/\n*.log\n!keep.log\nlocal-notes/\n', 'docs/.gitignore': 'generated/\n' };
  const text = joinLines('- [Memory](.claude/memory/decisions.md)', '- [Root](CLAUDE.md)', '- [Kept](keep.log)', '- [Generated](docs/generated/api.md)', '- [Gone](docs/gone.md)');
  assert.deepEqual(
    instructions('AGENTS.md', text, files).map((d) => [d.severity, textAt(text, d.range)]),
    [
      ['information', '.claude/memory/decisions.md'],
      ['information', 'CLAUDE.md'],
      ['warning', 'keep.log'],
      ['information', 'docs/generated/api.md'],
      ['warning', 'docs/gone.md'],
    ],
  );
  assert.match(instructions('AGENTS.md', text, files)[0]!.message, /the repository's \.gitignore leaves it out/);
  // A skill's references and a CLAUDE.md import alike.
  assert.deepEqual(brief(skill('skills/notes', 'See [my notes](local-notes/today.md).\n', files)), [['skill-file-missing', 'information']]);
  const imports = analyzeInstructions('@.claude/memory/notes.md\n@docs/gone.md\n', `${WS}/CLAUDE.local.md`, workspace(files), { workspaceRoots: [WS] }).diagnostics;
  assert.deepEqual(brief(imports), [
    ['instructions-import-missing', 'information'],
    ['instructions-import-missing', 'warning'],
  ]);
});

test('a link into a git submodule that is not checked out is advice that says how to fill it; a missing file beside it stays a warning', () => {
  const gitmodules = '[submodule "helio"]\n\tpath = helio\n\turl = https://github.com/romange/helio.git\n';
  const text = joinLines('See [fibers](helio/util/fibers/) and [the guide](docs/gone.md).');
  const ds = instructions('AGENTS.md', text, { '.gitmodules': gitmodules });
  assert.deepEqual(
    ds.map((d) => [d.code, d.severity, textAt(text, d.range)]),
    [
      ['instructions-link-missing', 'information', 'helio/util/fibers/'],
      ['instructions-link-missing', 'warning', 'docs/gone.md'],
    ],
  );
  assert.match(ds[0]!.message, /it is in the git submodule helio, filled when submodules are checked out: git clone --recurse-submodules/);
  // A skill's link into the submodule, from the repository root, too.
  const refs = skill('skills/fibers', 'Read [the API](/helio/util/api.md).\n', { '.gitmodules': gitmodules }).filter((d) => d.code === 'skill-file-missing');
  assert.deepEqual(brief(refs), [['skill-file-missing', 'information']]);
  // Without .gitmodules it is a missing file.
  assert.deepEqual(brief(instructions('AGENTS.md', text)), [
    ['instructions-link-missing', 'warning'],
    ['instructions-link-missing', 'warning'],
  ]);
});

test("a link to a client's or a tool's own file in the home folder (~/.gemini/settings.json, ~/.amplihack/) names each user's file, at the same path everywhere: not one machine's", () => {
  const text = joinLines(
    '- [Gemini settings](~/.gemini/settings.json)',
    '- [Claude memory](~/.claude/CLAUDE.md)',
    "- [The framework's philosophy](~/.amplihack/.claude/context/PHILOSOPHY.md)",
    '- [My notes](~/notes/todo.md)',
  );
  assert.deepEqual(
    instructions('GEMINI.md', text).map((d) => [d.code, textAt(text, d.range)]),
    [['instructions-link-absolute', '~/notes/todo.md']],
  );
});

test('a file of the skill beside this one that the line names (a pack pointing into its neighbour) is advice that says where it is; a file another skill merely happens to have is not', () => {
  const pack = {
    '.agents/skills/frontend-design/SKILL.md': '---\nname: frontend-design\ndescription: d. Use when e.\n---\n',
    '.agents/skills/frontend-design/reference/typography.md': '# Type\n',
    '.agents/skills/benchmarks/SKILL.md': '---\nname: benchmarks\ndescription: d. Use when e.\n---\n',
    '.agents/skills/benchmarks/references/performance.md': '# Perf\n',
  };
  const missing = (body: string) =>
    skill('.agents/skills/typeset', body, pack)
      .filter((d) => d.code === 'skill-file-missing')
      .map((d) => [d.severity, d.message]);
  assert.deepEqual(missing('Consult [typography](reference/typography.md) from the frontend-design skill.\n'), [
    [
      'information',
      "Referenced file 'reference/typography.md' does not exist in the skill folder; the skill this line names has it, at .agents/skills/frontend-design/reference/typography.md: write '../frontend-design/reference/typography.md' (Codex, VS Code / Copilot, Gemini CLI and OpenCode)",
    ],
  ]);
  // Another skill has a file of that name, but the line does not name it: a broken link as before.
  assert.deepEqual(
    missing('See [performance](references/performance.md).\n').map(([severity]) => severity),
    ['warning'],
  );
});

test('a link inside a quoted phrase shows how to write one: it is no link of the file, and is not looked up', () => {
  const body = joinLines(
    '| Anti-pattern | Better |',
    '| --- | --- |',
    '| "Click here" links | "See [auth config](./auth.md)" |',
    'Write "see [the setup](setup.md)" instead of a bare URL.',
    'Read [the guide](guide.md) first; "quoted" words after it do not make it an example.',
  );
  assert.deepEqual(
    skill('skills/docs-writer', body).map((d) => [d.code, d.message]),
    [['skill-file-missing', "Referenced file 'guide.md' does not exist in the skill folder"]],
  );
});
