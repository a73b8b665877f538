import { test } from 'node:test';
import assert from 'node:assert/strict';
import { InMemoryHost } from '../../server/src/core/workspace/host';
import { relinkAction } from '../../server/src/core/skills';
import { analyzeInstructions, instructionDefinition, instructionHover, instructionsInEffect, instructionVariantOf } from '../../server/src/core/instructions';
import { fileKindOf } from '../../server/src/core/workspace/fileKinds';
import { relativePaths } from '../../server/src/core/instructions/files';
import { analyzeFile } from '../../server/src/core/analysis/analyzeFile';
import { analyzeSkill } from '../../server/src/core/skills';
import { cursor, joinLines, ranges } from '../helpers/markers';

const W = 'file:///ws';
const codes = (text: string, uri: string, host = new InMemoryHost(), opts = {}) => analyzeInstructions(text, uri, host, opts).diagnostics.map((d) => d.code);
const diags = (text: string, uri: string, host = new InMemoryHost(), opts = {}) => analyzeInstructions(text, uri, host, opts).diagnostics;

test('instruction files are known by name, and other Markdown is not', () => {
  for (const p of [
    'AGENTS.md',
    'pkg/web/AGENTS.md',
    'CLAUDE.md',
    '.claude/CLAUDE.md',
    'CLAUDE.local.md',
    '.claude/rules/testing.md',
    '.claude/rules/api/errors.md',
    'GEMINI.md',
    '.github/copilot-instructions.md',
    '.github/instructions/ts.instructions.md',
    '.github/instructions/back/py.instructions.md',
  ]) {
    assert.equal(fileKindOf(`/ws/${p}`), 'instructions', p);
  }
  for (const p of ['README.md', 'docs/CLAUDE.txt', '.github/instructions/notes.md', 'copilot-instructions.md', '.claude/skills/x/SKILL.md'])
    assert.notEqual(fileKindOf(`/ws/${p}`), 'instructions', p);
  assert.equal(fileKindOf('/ws/AGENT.md'), 'agent-md');
  assert.equal(instructionVariantOf('/ws/AGENT.md'), 'agent-md');
  assert.equal(instructionVariantOf('/ws/.claude/CLAUDE.md'), 'claude-md');
});

test('a CLAUDE.md import of a missing file is a warning on the import, resolved from the importing file', () => {
  const {
    text,
    ranges: [r],
  } = ranges(joinLines('# Project', '', 'See «@docs/missing.md» and @docs/style.md.'));
  const host = new InMemoryHost({ [`${W}/sub/docs/style.md`]: '# Style' });
  const ds = diags(text, `${W}/sub/CLAUDE.md`, host);
  assert.deepEqual(
    ds.map((d) => [d.code, d.severity]),
    [['instructions-import-missing', 'warning']],
  );
  assert.deepEqual(ds[0]!.range, r);
  assert.match(ds[0]!.message, /docs\/missing\.md.*Claude Code skips the import/);
});

test('an import that names a file in other letter case says so: found where the disk ignores case, missing on Linux', () => {
  const {
    text,
    ranges: [r],
  } = ranges(joinLines('«@agents.md»', '@docs/Style.MD', '@docs/gone.md'));
  const host = new InMemoryHost({ [`${W}/AGENTS.md`]: '# Rules', [`${W}/Docs/style.md`]: '# Style' });
  const ds = diags(text, `${W}/CLAUDE.md`, host, { workspaceRoots: [W] });
  assert.deepEqual(
    ds.map((d) => [d.code, d.severity, d.range.start.line, d.data?.['found']]),
    [
      ['instructions-import-missing', 'warning', 0, `${W}/AGENTS.md`],
      ['instructions-import-missing', 'warning', 1, `${W}/Docs/style.md`],
      ['instructions-import-missing', 'warning', 2, undefined],
    ],
  );
  assert.deepEqual(ds[0]!.range, r);
  assert.match(ds[0]!.message, /'agents\.md' names AGENTS\.md in other letter case: Claude Code reads it on macOS and Windows.*skips the import on Linux/);
  assert.match(ds[2]!.message, /does not exist; Claude Code skips the import$/);
});

test('a link that names a file in other letter case says which, and the quick fix writes its name', () => {
  const {
    text,
    ranges: [r],
  } = ranges(joinLines('# Project', '', 'Read [the guide](«docs/guide.md») first.'));
  const host = new InMemoryHost({ [`${W}/docs/Guide.md`]: '# Guide' });
  const ds = diags(text, `${W}/AGENTS.md`, host, { workspaceRoots: [W] });
  assert.deepEqual(
    ds.map((d) => [d.code, d.severity, d.data?.['relink']]),
    [['instructions-link-missing', 'warning', 'docs/Guide.md']],
  );
  assert.deepEqual(ds[0]!.range, r);
  assert.match(ds[0]!.message, /names docs\/Guide\.md in other letter case: it resolves on macOS and Windows.*write 'docs\/Guide\.md'/);
  const fix = relinkAction(text, `${W}/AGENTS.md`, ds[0]!);
  assert.deepEqual(
    fix?.edit?.changes?.[`${W}/AGENTS.md`]?.map((e) => e.newText),
    ['docs/Guide.md'],
  );
});

test('a .claude/CLAUDE.md import of .claude/rules/x.md written from the project root misses, but Claude Code loads that rule anyway (with paths, when they match): information; another path stays a warning', () => {
  const text = joinLines('@.claude/rules/style.md', '@.claude/rules/scoped.md', '@.claude/rules/gone.md', '@docs/gone.md');
  const host = new InMemoryHost({
    [`${W}/.claude/rules/style.md`]: '# Style',
    [`${W}/.claude/rules/scoped.md`]: '---\npaths: ["src/**"]\n---\n# Scoped',
  });
  const ds = diags(text, `${W}/.claude/CLAUDE.md`, host, { workspaceRoots: [W] });
  assert.deepEqual(
    ds.map((d) => [d.code, d.severity, d.range.start.line]),
    [
      ['instructions-import-missing', 'information', 0],
      ['instructions-import-missing', 'information', 1],
      ['instructions-import-missing', 'warning', 2],
      ['instructions-import-missing', 'warning', 3],
    ],
  );
  assert.match(ds[0]!.message, /loads rules\/style\.md on its own, in every session/);
  assert.match(ds[1]!.message, /loads rules\/scoped\.md on its own, when it reads files the rule's `paths` match \(the import would have loaded it in every session\)/);
});

test('an import that climbs out of the workspace is not called missing: it is information on what is not read and what the client does', () => {
  const src = joinLines('Shared rules: «@../../shared/ru$0les.md»');
  const { text, position } = cursor(src);
  const r = ranges(text);
  const host = new InMemoryHost({ 'file:///shared/rules.md': '# read by nobody here' });
  const claude = diags(r.text, `${W}/sub/CLAUDE.md`, host, { workspaceRoots: [W] });
  assert.deepEqual(
    claude.map((d) => [d.code, d.severity]),
    [['instructions-import-outside', 'information']],
  );
  assert.deepEqual(claude[0]!.range, r.ranges[0]);
  assert.match(
    claude[0]!.message,
    /'\.\.\/\.\.\/shared\/rules\.md' lies outside the workspace; Agent Files reads nothing there, so it is not checked\. Claude Code loads imports from outside the project once the user approves them/,
  );
  assert.doesNotMatch(claude[0]!.message, /does not exist|skips/);
  const gemini = diags(r.text, `${W}/sub/GEMINI.md`, host, { workspaceRoots: [W] });
  assert.match(gemini[0]!.message, /Gemini CLI imports nothing whose real location lies outside the project root/);
  const h = instructionHover(text.replace(/[«»]/g, ''), `${W}/sub/CLAUDE.md`, position, host, { workspaceRoots: [W] });
  assert.match((h!.contents as { value: string }).value, /lies outside the workspace: Agent Files does not read it, so it is not checked\. Claude Code loads/);
});

test('imports in code spans, fenced blocks and HTML comments are not imports; e-mails and @mentions are not either', () => {
  const text = joinLines('Write `@missing.md` literally.', '```', '@also-missing.md', '```', '<!-- @hidden.md -->', 'Mail me@example.com, ping @claude, install @types/node.');
  assert.deepEqual(codes(text, `${W}/CLAUDE.md`), []);
});

test('a bare @name.ext is an import only with a file extension; after a folder any extension counts', () => {
  const text = joinLines('- **Use @agent.tool decorator** for tools; read @user.name first.', 'See @notes.md and @docs/api.spec.');
  assert.deepEqual(
    diags(text, `${W}/CLAUDE.md`, new InMemoryHost()).map((d) => [d.code, text.split('\n')[d.range.start.line]!.slice(d.range.start.character, d.range.end.character)]),
    [
      ['instructions-import-missing', '@notes.md'],
      ['instructions-import-missing', '@docs/api.spec'],
    ],
  );
});

test('home and absolute imports are not read: no diagnostic, and the hover says so', () => {
  const src = joinLines('- @~/.claude/my-pre$0ferences.md', '- @/etc/team/rules.md');
  const { text, position } = cursor(src);
  assert.deepEqual(codes(text, `${W}/CLAUDE.md`), []);
  const h = instructionHover(text, `${W}/CLAUDE.md`, position, new InMemoryHost());
  assert.match((h!.contents as { value: string }).value, /does not read files in your home folder/);
});

test('an import cycle is advice on the import that starts it, naming the chain: each file is read once, nothing is lost', () => {
  const host = new InMemoryHost({ [`${W}/a.md`]: 'see @b.md', [`${W}/b.md`]: 'back to @a.md' });
  const ds = diags('Start: @a.md', `${W}/CLAUDE.md`, host);
  assert.deepEqual(
    ds.map((d) => [d.code, d.severity]),
    [['instructions-import-cycle', 'information']],
  );
  assert.match(ds[0]!.message, /a\.md → b\.md → a\.md; Claude Code reads each file once and stops at the repeat, so nothing is lost/);
});

test('a chain too deep for Claude Code is advice when another chain imports the file past the cut within its depth', () => {
  const files: Record<string, string> = { [`${W}/f5.md`]: 'end' };
  for (let i = 1; i <= 4; i++) files[`${W}/f${i}.md`] = `next @f${i + 1}.md`;
  const ds = diags('@f1.md and, directly, @f5.md', `${W}/CLAUDE.md`, new InMemoryHost(files));
  assert.deepEqual(
    ds.map((d) => [d.code, d.severity]),
    [['instructions-import-too-deep', 'information']],
  );
  assert.match(ds[0]!.message, /another chain imports 'f5\.md' within 1 hop, so it loads from there/);
});

test('Claude Code follows 4 hops: the fifth file is named on the import that starts the chain', () => {
  const files: Record<string, string> = {};
  for (let i = 1; i <= 5; i++) files[`${W}/f${i}.md`] = i < 5 ? `next @f${i + 1}.md` : 'end';
  const host = new InMemoryHost(files);
  const ds = diags('@f1.md', `${W}/CLAUDE.md`, host);
  assert.deepEqual(
    ds.map((d) => d.code),
    ['instructions-import-too-deep'],
  );
  assert.match(ds[0]!.message, /CLAUDE\.md → f1\.md → f2\.md → f3\.md → f4\.md → f5\.md is 5 hops deep; Claude Code follows 4, so 'f5\.md' will not load/);
  // Four hops load: no finding.
  delete files[`${W}/f5.md`];
  files[`${W}/f4.md`] = 'end';
  assert.deepEqual(codes('@f1.md', `${W}/CLAUDE.md`, new InMemoryHost(files)), []);
  // Gemini CLI follows 5.
  files[`${W}/f4.md`] = 'next @f5.md';
  files[`${W}/f5.md`] = 'end';
  assert.deepEqual(codes('@f1.md', `${W}/GEMINI.md`, new InMemoryHost(files)), []);
});

test('AGENTS.md does not expand imports, so an @file there is not checked', () => {
  assert.deepEqual(codes('Read @nowhere.md first.', `${W}/AGENTS.md`), []);
});

test('an Amp-style AGENT.md gets the instruction checks, not the OS Protocol ones', () => {
  const ds = analyzeFile('agent-md', '# Build\n\nSee @missing.md\n', `${W}/AGENT.md`, new InMemoryHost());
  assert.deepEqual(
    ds.map((d) => d.code),
    ['instructions-import-missing'],
  );
});

test('relative links and anchors are checked with the shared reference check', () => {
  const host = new InMemoryHost({ [`${W}/docs/guide.md`]: '# Guide\n\n## Setup\n' });
  const text = joinLines('# Top', '[ok](../docs/guide.md#setup) [gone](../docs/nope.md) [bad anchor](../docs/guide.md#deploy) [self](#top) [web](https://x.dev)');
  assert.deepEqual(codes(text, `${W}/pkg/AGENTS.md`, host), ['instructions-link-missing', 'instructions-anchor-missing']);
});

test('a link on a line presented as an example shows how to write one: not checked', () => {
  const text = joinLines('# Links', '- Example: [rules](.github/instructions/x.md) for rule references', '**e.g.**: [x](nope.md)', 'See the examples in [guide](gone.md).');
  const ds = diags(text, `${W}/AGENTS.md`, new InMemoryHost());
  assert.deepEqual(
    ds.map((d) => [d.code, d.range.start.line]),
    [['instructions-link-missing', 3]],
  );
});

test('a link that climbs out of the workspace is reported, not read', () => {
  assert.deepEqual(codes('[x](../../outside.md)', `${W}/AGENTS.md`, new InMemoryHost(), { workspaceRoots: [W] }), ['instructions-link-outside']);
});

test('.instructions.md frontmatter: a typo gets a suggestion, unknown keys a warning, bad globs a warning', () => {
  const text = joinLines('---', 'applyto: "src/**"', 'colour: blue', 'description: TS rules', '---', '# Rules');
  const ds = diags(text, `${W}/.github/instructions/ts.instructions.md`);
  assert.deepEqual(
    ds.map((d) => d.code),
    ['instructions-key-typo', 'instructions-key-unknown'],
  );
  assert.match(ds[0]!.message, /did you mean 'applyTo'\?/);
  assert.deepEqual(ds[0]!.data, { key: 'applyto', suggestion: 'applyTo' });
  const bad = joinLines('---', 'applyTo: "src/{a,b.ts, **/*.py"', '---');
  assert.deepEqual(codes(bad, `${W}/.github/instructions/x.instructions.md`), ['instructions-glob-invalid']);
});

test('an unquoted glob YAML refuses (`**` as an alias, `{a,b}` as a mapping) is read as its reader reads it: Claude Code quotes the line and parses again, VS Code takes the text', () => {
  const files = [`${W}/src/a.ts`, `${W}/lib/b.ts`, `${W}/web/c.tsx`, `${W}/.editorconfig`];
  const rule = (value: string) =>
    analyzeInstructions(joinLines('---', `paths: ${value}`, '---', '# Rules'), `${W}/.claude/rules/ts.md`, new InMemoryHost(), { workspaceFiles: files });
  for (const value of ['**/*.ts', '**/*.tsx,**/*.ts,.editorconfig', '{src,lib}/**/*.ts']) assert.deepEqual(rule(value).diagnostics, [], value);
  // Its patterns are matched as written: one that matches nothing is still said.
  assert.deepEqual(
    rule('**/*.rs').diagnostics.map((d) => [d.code, d.range.start.character, d.range.end.character]),
    [['instructions-glob-no-match', 7, 14]],
  );
  // Claude Code reads no field when even its retry fails: 'paths' is no list of globs then.
  const broken = joinLines('---', 'paths: **/*.ts', 'description: "open', '---', '# Rules');
  assert.ok(codes(broken, `${W}/.claude/rules/ts.md`).includes('instructions-glob-invalid'));
  const copilot = (value: string) =>
    analyzeInstructions(joinLines('---', `applyTo: ${value}`, '---', '# Rules'), `${W}/.github/instructions/ts.instructions.md`, new InMemoryHost(), { workspaceFiles: files })
      .diagnostics;
  assert.deepEqual(copilot('**/*.ts, web/**'), []);
  // A YAML list is no string for VS Code, whatever it holds.
  assert.deepEqual(
    analyzeInstructions(joinLines('---', 'applyTo:', '  - "**/*.ts"', '---'), `${W}/.github/instructions/ts.instructions.md`, new InMemoryHost()).diagnostics.map((d) => d.code),
    ['instructions-glob-invalid'],
  );
});

test('in VS Code, unknown keys are left to its own validator; typos keep their suggestion', () => {
  const text = joinLines('---', 'applyto: "src/**"', 'colour: blue', '---');
  assert.deepEqual(codes(text, `${W}/.github/instructions/ts.instructions.md`, new InMemoryHost(), { editorValidates: true }), ['instructions-key-typo']);
});

test('a glob that matches no workspace file is information, on the pattern', () => {
  const {
    text,
    ranges: [r],
  } = ranges(joinLines('---', 'applyTo: "src/**/*.ts, «lib/**/*.rb»"', '---'));
  const files = [`${W}/src/a/b.ts`, `${W}/README.md`];
  const ds = diags(text, `${W}/.github/instructions/x.instructions.md`, new InMemoryHost(), { workspaceFiles: files });
  assert.deepEqual(
    ds.map((d) => [d.code, d.severity]),
    [['instructions-glob-no-match', 'information']],
  );
  assert.deepEqual(ds[0]!.range, r);
});

test('applyTo and a paths string split at commas outside braces, as VS Code splits applyTo: brace globs are one pattern, valid and matched', () => {
  const files = [`${W}/build/Directory.Build.props`, `${W}/src/App.TARGETS`, `${W}/lib/x.ts`];
  const applyTo = joinLines('---', 'applyTo: "**/*.{props,targets}, lib/**/*.{ts,tsx}"', '---');
  assert.deepEqual(codes(applyTo, `${W}/.github/instructions/msbuild.instructions.md`, new InMemoryHost(), { workspaceFiles: files }), []);
  const paths = joinLines('---', 'paths: "{src,lib}/**/*.ts, build/*.{props,targets}"', '---');
  assert.deepEqual(codes(paths, `${W}/.claude/rules/build.md`, new InMemoryHost(), { workspaceFiles: files }), []);
  const list = joinLines('---', 'paths:', '  - "**/*.{ts,tsx}"', '---');
  assert.deepEqual(codes(list, `${W}/.claude/rules/ts.md`, new InMemoryHost(), { workspaceFiles: files }), []);
  const entries = [
    { uri: `${W}/.github/instructions/msbuild.instructions.md`, variant: 'copilot-scoped' as const, globs: ['**/*.{props,targets}'] },
    { uri: `${W}/.claude/rules/build.md`, variant: 'claude-rule' as const, globs: ['build/*.{props,targets}'] },
  ];
  const of = (file: string, c: string) =>
    instructionsInEffect(`${W}/${file}`, W, entries, new InMemoryHost())
      .find((x) => x.client.startsWith(c))!
      .items.map((i) => i.uri.slice(W.length + 1));
  assert.deepEqual(of('build/Directory.Build.props', 'GitHub Copilot'), ['.github/instructions/msbuild.instructions.md']);
  assert.deepEqual(of('build/Directory.Build.props', 'Claude Code'), ['.claude/rules/build.md']);
});

test('VS Code matches applyTo at any depth of the path and without case; Claude Code paths from the project folder', () => {
  const entries = [
    { uri: `${W}/.github/instructions/src.instructions.md`, variant: 'copilot-scoped' as const, globs: ['src/**/*.ts'] },
    { uri: `${W}/.claude/rules/src.md`, variant: 'claude-rule' as const, globs: ['src/**/*.ts'] },
  ];
  const of = (file: string, c: string) =>
    instructionsInEffect(`${W}/${file}`, W, entries, new InMemoryHost())
      .find((x) => x.client.startsWith(c))!
      .items.map((i) => i.uri.slice(W.length + 1));
  assert.deepEqual(of('packages/a/SRC/x.ts', 'GitHub Copilot'), ['.github/instructions/src.instructions.md']);
  assert.deepEqual(of('packages/a/src/x.ts', 'Claude Code'), []);
  assert.deepEqual(of('src/x.ts', 'Claude Code'), ['.claude/rules/src.md']);
  const applyTo = joinLines('---', 'applyTo: "src/**/*.ts"', '---');
  assert.deepEqual(codes(applyTo, `${W}/.github/instructions/src.instructions.md`, new InMemoryHost(), { workspaceFiles: [`${W}/packages/a/src/x.ts`] }), []);
});

test('.claude/rules use paths: a list of globs, checked the same way', () => {
  const text = joinLines('---', 'paths:', '  - "src/api/**/*.ts"', '  - "test/**"', 'path: x', '---', '# API rules');
  const ds = diags(text, `${W}/.claude/rules/api.md`, new InMemoryHost(), { workspaceFiles: [`${W}/src/api/v1/users.ts`] });
  assert.deepEqual(
    ds.map((d) => d.code),
    ['instructions-glob-no-match', 'instructions-key-unknown'],
  );
});

test("in a Claude Code rule, another tool's scoping key is a warning (it scopes nothing here); the author's own metadata is information", () => {
  const text = joinLines('---', 'title: Update every dispatch site', 'impact: HIGH', 'globs: "src/**"', 'alwaysApply: true', '---', '# Rule');
  const ds = diags(text, `${W}/.claude/rules/dispatch.md`).filter((d) => d.code === 'instructions-key-unknown');
  assert.deepEqual(
    ds.map((d) => [d.range.start.line, d.severity]),
    [
      [1, 'information'],
      [2, 'information'],
      [3, 'warning'],
      [4, 'information'],
    ],
  );
  assert.match(ds[0]!.message, /kept as your own metadata, it neither scopes nor describes the rule/);
  // Copilot's instruction files keep the warning VS Code's own validator shows.
  const copilot = joinLines('---', 'applyTo: "src/**"', 'title: TS', '---', '# Rules');
  assert.deepEqual(
    diags(copilot, `${W}/.github/instructions/ts.instructions.md`).map((d) => [d.code, d.severity]),
    [['instructions-key-unknown', 'warning']],
  );
});

test('in a Claude Code rule without paths, a key asking for the rule in every session is information (Claude Code does that anyway); one asking for less is a warning', () => {
  const unknown = (...keys: string[]) =>
    diags(joinLines('---', ...keys, '---', '# Rule'), `${W}/.claude/rules/style.md`)
      .filter((d) => d.code === 'instructions-key-unknown')
      .map((d) => [d.severity, d.message.split(';').pop()!.trim()]);
  assert.deepEqual(unknown('alwaysApply: true'), [['information', "it loads a rule without 'paths' in every session, as this asks"]]);
  assert.deepEqual(unknown('trigger: always_on'), [['information', "it loads a rule without 'paths' in every session, as this asks"]]);
  assert.deepEqual(unknown('alwaysApply: false'), [['warning', "Unknown key 'alwaysApply': Claude Code reads 'paths', 'description' and ignores the rest"]]);
  assert.deepEqual(unknown('trigger: model_decision'), [['warning', "Unknown key 'trigger': Claude Code reads 'paths', 'description' and ignores the rest"]]);
  // A glob that names every file asks for every session too; a narrower one does not.
  assert.deepEqual(unknown('globs: "**/*"'), [['information', "it loads a rule without 'paths' in every session, as this asks"]]);
  assert.deepEqual(unknown('applyTo: "**"'), [['information', "it loads a rule without 'paths' in every session, as this asks"]]);
  assert.deepEqual(unknown('globs:', '  - "**/*"'), [['information', "it loads a rule without 'paths' in every session, as this asks"]]);
  assert.deepEqual(unknown('globs: **/*'), [['information', "it loads a rule without 'paths' in every session, as this asks"]]);
  assert.deepEqual(unknown('globs: "src/**/*.ts"'), [['warning', "Unknown key 'globs': Claude Code reads 'paths', 'description' and ignores the rest"]]);
  // Beside `paths`, a key asking for the rule where its files are says what `paths` does; one asking for every session does not.
  assert.deepEqual(unknown('alwaysApply: false', 'paths:', '  - "src/**"'), [['information', "it loads the rule where 'paths' matches, as this asks"]]);
  assert.deepEqual(unknown('paths: "src/**"', 'trigger: glob'), [['information', "it loads the rule where 'paths' matches, as this asks"]]);
  assert.deepEqual(unknown('alwaysApply: true', 'paths: "src/**"'), [
    ['information', "it scopes this rule with 'paths', and 'alwaysApply' is Cursor's key, for where Cursor reads this file"],
  ]);
});

test("beside 'paths', another tool's globs or switch are that tool's (one rule file shared by several): information naming it", () => {
  const unknown = (...keys: string[]) =>
    diags(joinLines('---', ...keys, '---', '# Rule'), `${W}/.claude/rules/csharp.md`)
      .filter((d) => d.code === 'instructions-key-unknown')
      .map((d) => [d.severity, d.message.split('; ').slice(1).join('; ')]);
  assert.deepEqual(unknown('applyTo: "**/*.cs"', 'paths:', '  - "**/*.cs"'), [
    ['information', "it scopes this rule with 'paths', and 'applyTo' is GitHub Copilot's key, for where GitHub Copilot reads this file"],
  ]);
  assert.deepEqual(unknown('paths: "src/**"', 'globs: "src/**/*.ts"'), [
    ['information', "it scopes this rule with 'paths', and 'globs' is Cursor's key, for where Cursor reads this file"],
  ]);
  // A switch of another tool's beside 'paths' is that tool's too (a rule folder Antigravity, Cursor and Claude Code share; held-out round 67).
  assert.deepEqual(unknown('trigger: always_on', 'alwaysApply: true', 'paths: "src/**"'), [
    ['information', "it scopes this rule with 'paths', and 'trigger' is Windsurf's key, for where Windsurf reads this file"],
    ['information', "it scopes this rule with 'paths', and 'alwaysApply' is Cursor's key, for where Cursor reads this file"],
  ]);
  // Without 'paths' the rule loads in every session, which the globs did not ask for.
  assert.deepEqual(unknown('applyTo: "**/*.cs"'), [['warning', '']]);
});

test('a Claude Code rule whose text a Cursor rule holds too (links to one file, or copies) keeps its globs for Cursor: information', () => {
  const text = joinLines('---', 'description: Changelog entries', 'globs:', '  - "CHANGELOG.md"', '---', '# Rule');
  const unknown = (files: Record<string, string>) =>
    diags(text, `${W}/.claude/rules/changelog.md`, new InMemoryHost({ ...files, [`${W}/.claude/rules/changelog.md`]: text }))
      .filter((d) => d.code === 'instructions-key-unknown')
      .map((d) => [d.severity, d.message.split('; ').slice(1).join('; ')]);
  assert.deepEqual(unknown({ [`${W}/.cursor/rules/changelog.mdc`]: text }), [
    ['information', "Cursor reads it from the same rule in .cursor/rules/changelog.mdc, so keep it for that, and add 'paths' to scope the rule in Claude Code too"],
  ]);
  // Another text there, or no Cursor rule of that name: the warning stands.
  assert.deepEqual(unknown({ [`${W}/.cursor/rules/changelog.mdc`]: text.replace('# Rule', '# Other') }), [['warning', '']]);
  assert.deepEqual(unknown({ [`${W}/.cursor/rules/other.mdc`]: text }), [['warning', '']]);
});

test('a CLAUDE.md over 4 MiB is an error; over 200 lines is information', () => {
  const big = 'x'.repeat(4 * 1024 * 1024 + 1);
  assert.deepEqual(
    diags(big, `${W}/CLAUDE.md`).map((d) => [d.code, d.severity]),
    [['instructions-too-large', 'error']],
  );
  const long = Array.from({ length: 210 }, (_, i) => `line ${i}`).join('\n');
  const ds = diags(long, `${W}/CLAUDE.md`);
  assert.deepEqual(
    ds.map((d) => [d.code, d.severity, d.range.start.line]),
    [['instructions-long', 'information', 200]],
  );
  assert.deepEqual(codes(long, `${W}/AGENTS.md`), []);
  assert.match(ds[0]!.message, /^CLAUDE\.md has 210 lines;.*move detail into imported files or \.claude\/rules/);
  // A final line break ends the last line; it starts no other (201 lines, as wc -l counts them).
  assert.match(diags(`${Array.from({ length: 201 }, (_, i) => `line ${i}`).join('\n')}\n`, `${W}/CLAUDE.md`)[0]!.message, /^CLAUDE\.md has 201 lines;/);
  assert.deepEqual(codes(`${Array.from({ length: 200 }, (_, i) => `line ${i}`).join('\n')}\n`, `${W}/CLAUDE.md`), []);
  // A rule is already in .claude/rules: the advice is to split or scope it.
  const [rule] = diags(long, `${W}/.claude/rules/testing.md`);
  assert.equal(rule!.code, 'instructions-long');
  assert.match(rule!.message, /split it by subject, or give it 'paths:'/);
});

test('an unclosed code fence is a warning on the fence', () => {
  const {
    text,
    ranges: [r],
  } = ranges(joinLines('# Build', '«```»bash', 'npm test', '', '## Later', 'text'));
  const ds = diags(text, `${W}/AGENTS.md`);
  assert.deepEqual(
    ds.map((d) => d.code),
    ['instructions-fence-unclosed'],
  );
  assert.deepEqual(ds[0]!.range, r);
});

test("commands that no package.json defines are warnings listing the nearest one's scripts", () => {
  const host = new InMemoryHost({
    [`${W}/package.json`]: JSON.stringify({ scripts: { build: 'tsc', test: 'node --test' }, devDependencies: { eslint: '9', typescript: '5' } }),
    [`${W}/web/package.json`]: JSON.stringify({ scripts: { dev: 'vite' } }),
  });
  const { text, ranges: rs } = ranges(
    joinLines(
      '# Commands',
      'Run `npm run build` then `«npm run lint»`; never run npm run deploy in prose.',
      '```bash',
      '«pnpm typecheck»',
      'pnpm install && pnpm eslint . && pnpm tsc --noEmit',
      'cd web',
      'npm run dev',
      '«npm run deploy»',
      '```',
      '```json',
      '{ "x": "npm run nothing" }',
      '```',
      '`cd web && npm run dev` and `npm run build --workspaces` and `yarn test`',
    ),
  );
  const ds = diags(text, `${W}/AGENTS.md`, host);
  assert.deepEqual(
    ds.map((d) => d.code),
    ['instructions-command-undefined', 'instructions-command-undefined', 'instructions-command-undefined'],
  );
  assert.deepEqual(
    ds.map((d) => d.range),
    rs,
  );
  assert.match(ds[0]!.message, /no script 'lint' in package\.json \(scripts: build, test\)/);
  assert.match(ds[2]!.message, /no script 'deploy' in web\/package\.json \(scripts: dev\); nor in any other package\.json of the repository \(looked in package\.json\)/);
});

test("`pnpm X` runs the binary of a scope's package (@manypkg/cli → manypkg, @rstest/core → rstest) when no script is named X", () => {
  const host = new InMemoryHost({ [`${W}/package.json`]: JSON.stringify({ scripts: { build: 'tsc' }, devDependencies: { '@manypkg/cli': '0.25' } }) });
  assert.deepEqual(codes('Run `pnpm manypkg check`.', `${W}/AGENTS.md`, host), []);
  assert.deepEqual(codes('Run `pnpm run manypkg`.', `${W}/AGENTS.md`, host), ['instructions-command-undefined']);
  // Any scope's package may install a binary named after the scope (@rstest/core → rstest).
  const rstest = new InMemoryHost({ [`${W}/package.json`]: JSON.stringify({ scripts: { build: 'tsc' }, devDependencies: { '@rstest/core': '0.5' } }) });
  assert.deepEqual(codes('Run `pnpm rstest run`.', `${W}/AGENTS.md`, rstest), []);
  assert.deepEqual(codes('Run `pnpm rslint run`.', `${W}/AGENTS.md`, rstest), ['instructions-command-undefined']);
});

test('a name that stands for one to fill in (`make command-name`, `npm run your-script`) is no command of the repository', () => {
  const host = new InMemoryHost({ [`${W}/Makefile`]: 'build:\n\tgo build\n', [`${W}/package.json`]: JSON.stringify({ scripts: { build: 'tsc' } }) });
  assert.deepEqual(codes('Prefer `make command-name` to running the tool, and `npm run your-script` to `npx`.', `${W}/AGENTS.md`, host), []);
  assert.deepEqual(codes('Run `make e2e-tests` and `npm run lint`.', `${W}/AGENTS.md`, host), ['instructions-command-undefined', 'instructions-command-undefined']);
});

test('make targets are read from the Makefile; one with includes or pattern rules is not judged', () => {
  const host = new InMemoryHost({ [`${W}/Makefile`]: '.PHONY: build test\nbuild:\n\tgo build\ntest: build\n\tgo test ./...\n' });
  const ds = diags('Use `make build test` and `make lint`.', `${W}/AGENTS.md`, host);
  assert.deepEqual(
    ds.map((d) => d.code),
    ['instructions-command-undefined'],
  );
  assert.match(ds[0]!.message, /'make lint': the Makefile defines no target 'lint' \(targets: build, test\)/);
  const inc = new InMemoryHost({ [`${W}/Makefile`]: 'include common.mk\nbuild:\n' });
  assert.deepEqual(codes('`make lint`', `${W}/AGENTS.md`, inc), []);
  assert.deepEqual(codes('`make lint`', `${W}/AGENTS.md`), [], 'no Makefile: nothing to judge');
});

test('`make a/b/c` in prose names three targets when each is defined; a part the Makefile lacks keeps the warning', () => {
  const host = new InMemoryHost({ [`${W}/Makefile`]: '.PHONY: format lint typecheck\nformat:\n\truff format\nlint:\n\truff check\ntypecheck:\n\tpyright\n' });
  assert.deepEqual(codes('Run `make format/lint/typecheck` before you commit.', `${W}/CLAUDE.md`, host), []);
  assert.deepEqual(codes('Run `make format/test` before you commit.', `${W}/CLAUDE.md`, host), ['instructions-command-undefined']);
});

test("an AGENTS.md or CLAUDE.md a skill ships (beside or below its SKILL.md) names the commands of the user's project: they are not this repository's", () => {
  const host = new InMemoryHost({
    [`${W}/package.json`]: JSON.stringify({ scripts: { test: 'x' } }),
    [`${W}/skills/crud/SKILL.md`]: '---\nname: crud\ndescription: Builds CRUD screens. Use when asked for one.\n---\n',
  });
  const text = 'Run `pnpm run typecheck` before you finish.';
  assert.deepEqual(codes(text, `${W}/skills/crud/AGENTS.md`, host, { workspaceRoots: [W] }), []);
  assert.deepEqual(codes(text, `${W}/skills/crud/docs/CLAUDE.md`, host, { workspaceRoots: [W] }), []);
  assert.deepEqual(codes(text, `${W}/AGENTS.md`, host, { workspaceRoots: [W] }), ['instructions-command-undefined']);
});

test("a CLAUDE.md in a skill's assets is a template the skill copies into the user's project: its findings are advice", () => {
  const host = new InMemoryHost({ [`${W}/skills/init-app/SKILL.md`]: '---\nname: init-app\ndescription: Starts an app. Use when starting one.\n---\n' });
  const text = '# App\n\nSee [the agents guide](../AGENTS.md).\n';
  const ds = diags(text, `${W}/skills/init-app/assets/core/.claude/CLAUDE.md`, host, { workspaceRoots: [W] });
  assert.deepEqual(
    ds.map((d) => [d.code, d.severity]),
    [['instructions-link-missing', 'information']],
  );
  assert.match(ds[0]!.message, /a skill's assets/);
  // Outside a skill, an assets folder is a folder like any other.
  assert.deepEqual(
    diags(text, `${W}/web/assets/core/.claude/CLAUDE.md`, host, { workspaceRoots: [W] }).map((d) => d.severity),
    ['warning'],
  );
});

test('Copilot instructions in .github speak for the repository root', () => {
  const host = new InMemoryHost({ [`${W}/package.json`]: JSON.stringify({ scripts: { test: 'x' } }) });
  assert.deepEqual(codes('`npm run lint`', `${W}/.github/copilot-instructions.md`, host), ['instructions-command-undefined']);
});

test('definition on an import goes to the imported file', () => {
  const { text, position } = cursor('See @docs/st$0yle.md');
  const host = new InMemoryHost({ [`${W}/docs/style.md`]: '# Style' });
  assert.deepEqual(instructionDefinition(text, `${W}/CLAUDE.md`, position, host), {
    uri: `${W}/docs/style.md`,
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
  });
});

test('hover on an import shows the first lines of the target in a fence', () => {
  const { text, position } = cursor('See @sty$0le.md');
  const host = new InMemoryHost({ [`${W}/style.md`]: '# Style\n\n```ts\nx\n```' });
  const v = (instructionHover(text, `${W}/CLAUDE.md`, position, host)!.contents as { value: string }).value;
  assert.match(v, /````markdown\n# Style/);
});

test('hover on applyTo counts the workspace files each pattern matches', () => {
  const { text, position } = cursor(joinLines('---', 'apply$0To: "src/**/*.ts, *.md"', '---'));
  const h = instructionHover(text, `${W}/.github/instructions/x.instructions.md`, position, new InMemoryHost(), {
    workspaceFiles: [`${W}/src/a.ts`, `${W}/src/b/c.ts`, `${W}/README.md`],
  });
  const v = (h!.contents as { value: string }).value;
  assert.match(v, /`src\/\*\*\/\*\.ts`: 2 files/);
  assert.match(v, /`\*\.md`: 1 file in/);
});

test('instructions in effect: AGENTS.md root to leaf for Codex, CLAUDE.md root to leaf with .local after, matching applyTo and paths', () => {
  const files = [
    { uri: `${W}/AGENTS.md`, variant: 'agents-md' as const },
    { uri: `${W}/pkg/AGENTS.md`, variant: 'agents-md' as const },
    { uri: `${W}/CLAUDE.md`, variant: 'claude-md' as const },
    { uri: `${W}/CLAUDE.local.md`, variant: 'claude-local' as const },
    { uri: `${W}/pkg/CLAUDE.md`, variant: 'claude-md' as const },
    { uri: `${W}/.claude/rules/ts.md`, variant: 'claude-rule' as const, globs: ['pkg/**/*.ts'] },
    { uri: `${W}/.claude/rules/py.md`, variant: 'claude-rule' as const, globs: ['**/*.py'] },
    { uri: `${W}/.github/copilot-instructions.md`, variant: 'copilot-instructions' as const },
    { uri: `${W}/.github/instructions/ts.instructions.md`, variant: 'copilot-scoped' as const, globs: ['**/*.ts'] },
    { uri: `${W}/.github/instructions/manual.instructions.md`, variant: 'copilot-scoped' as const },
  ];
  const host = new InMemoryHost({ [`${W}/AGENTS.md`]: 'Root rules.\n', [`${W}/pkg/AGENTS.md`]: 'Package rules.\n' });
  const e = instructionsInEffect(`${W}/pkg/src/a.ts`, W, files, host);
  const of = (c: string) => e.find((x) => x.client.startsWith(c))!.items.map((i) => i.uri.slice(W.length + 1));
  assert.deepEqual(of('Codex'), ['AGENTS.md', 'pkg/AGENTS.md']);
  assert.deepEqual(
    e.find((x) => x.client.startsWith('Codex'))!.items.map((i) => [i.bytes, i.read, i.why]),
    [
      [12, 12, '12 bytes'],
      [15, 15, '15 bytes'],
    ],
  );
  assert.deepEqual(of('Claude Code'), ['CLAUDE.md', 'CLAUDE.local.md', 'pkg/CLAUDE.md', '.claude/rules/ts.md']);
  assert.deepEqual(of('GitHub Copilot'), ['.github/copilot-instructions.md', 'AGENTS.md', 'CLAUDE.md', 'CLAUDE.local.md', '.github/instructions/ts.instructions.md']);
});

test('commands a line hedges, and tool binaries run through pnpm or yarn, are not judged', () => {
  const host = new InMemoryHost({ [`${W}/package.json`]: JSON.stringify({ scripts: { dev: 'vite', build: 'vite build' } }) });
  const text = joinLines(
    '- Build with `npm run build`.',
    '- Lint with `npm run lint` (if available) and type-check with `npm run typecheck` if present.',
    '- In a package folder, focus a test with `pnpm vitest run -t name` or `yarn jest src`.',
    '- `npm run lint --if-present`',
    '- Format with `pnpm format`.',
    '- Migrate the docs: `npm run docs:migrate -- --dry-run` (planned)',
    '- Release with `npm run release` (not yet implemented).',
    // A hedge speaks for its own sentence: not for the command of the sentence before it.
    '- Preview with `npm run preview`. Note: `npm run e2e` is a placeholder (not yet implemented).',
  );
  const ds = diags(text, `${W}/CLAUDE.md`, host);
  assert.deepEqual(
    ds.map((d) => [d.code, d.range.start.line, d.message.slice(0, 20)]),
    [
      ['instructions-command-undefined', 4, "'pnpm format': no sc"],
      ['instructions-command-undefined', 7, "'npm run preview': n"],
    ],
  );
});

test("a command with an answer for its failure (|| …), one a block line's comment hedges, and one marked planned in another language are not judged", () => {
  const host = new InMemoryHost({ [`${W}/package.json`]: JSON.stringify({ scripts: { dev: 'vite', build: 'vite build' } }) });
  const text = joinLines(
    '```bash',
    'npm test 2>/dev/null || python -m pytest || echo "No test runner"',
    'npm run typecheck        # Verify types (if applicable)',
    'npm run lint && npm run format',
    'npm run verify || exit 1',
    '```',
    '- Frontend tests: `npm test` (запланировано)',
    '- Fixtures: used by the contract tests and (eventually) the `pnpm fixtures:record gmail` script.',
  );
  assert.deepEqual(
    diags(text, `${W}/CLAUDE.md`, host).map((d) => [d.code, d.range.start.line, /^'([^']+)'/.exec(d.message)?.[1]]),
    [
      ['instructions-command-undefined', 3, 'npm run lint'],
      ['instructions-command-undefined', 3, 'npm run format'],
      ['instructions-command-undefined', 4, 'npm run verify'],
    ],
  );
});

test('in a file that also runs commands in a folder the repository does not have (another tree), an undefined script is advice naming that folder; a folder it has changes nothing', () => {
  const host = new InMemoryHost({ [`${W}/package.json`]: JSON.stringify({ scripts: { build: 'tsc' } }), [`${W}/docs/guide/index.md`]: '# Guide' });
  const undefinedScripts = (...lines: string[]) =>
    diags(joinLines(...lines), `${W}/.claude/rules/docs.md`, host)
      .filter((d) => d.code === 'instructions-command-undefined')
      .map((d) => [d.range.start.line, d.severity, d.message.includes("also runs commands in 'Documentation/web'")]);
  assert.deepEqual(undefinedScripts('- Run `npm run check` in `Documentation/web` before a page is done.', '- `npm run check` is green.'), [
    [0, 'information', true],
    [1, 'information', true],
  ]);
  // The folder exists (here, under docs/), or the span names a file or a single word: the warning stands.
  assert.deepEqual(undefinedScripts('- Run `npm run check` in `docs/guide`.'), [[0, 'warning', false]]);
  assert.deepEqual(undefinedScripts('- Run `npm run check` as set in `docs/site/config.ts`.'), [[0, 'warning', false]]);
  assert.deepEqual(undefinedScripts('- Run `npm run check` in `main`.'), [[0, 'warning', false]]);
  // The folder, then the command; a folder a sentence only names, not where a command runs, counts for nothing.
  assert.deepEqual(undefinedScripts('- From `Documentation/web`, `npm run check` checks the links.'), [[0, 'information', true]]);
  assert.deepEqual(undefinedScripts('- Run `npm run check` once. Keys persist in `Documentation/web/`.'), [[0, 'warning', false]]);
});

test('a command the words before it forbid, or on a line marked as what not to do, is not judged; one a "never" sentence asks for is', () => {
  const host = new InMemoryHost({ [`${W}/package.json`]: JSON.stringify({ scripts: { build: 'vite build' } }) });
  const text = joinLines(
    '- ❌ **NEVER**: Prefix nx commands with other package managers (not `npm run nx`, just `nx`)',
    '- Never run `npm run eject`; use `npm run build` instead of ``yarn run bundle``.',
    '- ❌ `npm run deploy:prod` from a laptop',
    '- Never commit before `npm run verify` passes.',
    '- If the build does not work, run `npm run fix`.',
  );
  assert.deepEqual(
    diags(text, `${W}/CLAUDE.md`, host).map((d) => [d.code, d.range.start.line]),
    [
      ['instructions-command-undefined', 3],
      ['instructions-command-undefined', 4],
    ],
  );
});

test('the commands of a shell block whose comment presents them as examples are not judged; the next block is', () => {
  const host = new InMemoryHost({ [`${W}/package.json`]: JSON.stringify({ scripts: { build: 'vite build' } }) });
  const text = joinLines('```bash', 'npm run build', '# Example validation commands', 'npm run docs:check', '```', '', '```bash', 'npm run docs:lint', '```');
  assert.deepEqual(
    diags(text, `${W}/CLAUDE.md`, host).map((d) => [d.code, d.range.start.line]),
    [['instructions-command-undefined', 7]],
  );
});

test('in VS Code, a VS Code skill does not repeat what VS Code reports; a typo and other clients still are', () => {
  const text = joinLines('---', 'name: other-name', 'description: Formats tables. Use when a table is ragged.', 'allowed-tools: Bash', 'user_invocable: true', '---', '# Tables');
  const codesOf = (uri: string, editorValidates: boolean) => analyzeSkill(text, uri, new InMemoryHost(), { editorValidates }).diagnostics.map((d) => d.code);
  const vscodeSkill = `${W}/.github/skills/tables/SKILL.md`;
  assert.deepEqual(codesOf(vscodeSkill, false), ['skill-unexpected-field', 'skill-field-typo', 'skill-name-directory-mismatch']);
  assert.deepEqual(codesOf(vscodeSkill, true), ['skill-field-typo']);
  // Under .agents/skills other clients read it too; the name that is not the folder's is in VS Code's Problems already, whoever else reads the skill.
  const shared = analyzeSkill(text, `${W}/.agents/skills/tables/SKILL.md`, new InMemoryHost(), { editorValidates: true }).diagnostics.map((d) => d.code);
  assert.deepEqual(shared, ['skill-field-ignored', 'skill-field-typo']);
  assert.ok(codesOf(`${W}/.agents/skills/tables/SKILL.md`, false).includes('skill-name-directory-mismatch'));
});

test('in VS Code, a SKILL.md leaves to it what its validator puts in Problems, for every client: name and description, missing files on the links it checks', () => {
  const text = joinLines(
    '---',
    'name: Tables_Tool',
    '---',
    '# Tables',
    'See [the guide](guide.md), [a section](other.md#part) and ![a picture](missing.png).',
    'In code: `[not a link](nowhere.md)`.',
    '```',
    '[in a fence](fenced.md)',
    '```',
    'A bare path: scripts/missing.py',
  );
  const uri = `${W}/skills/tables/SKILL.md`;
  const codesOf = (editorValidates: boolean, at = uri) =>
    analyzeSkill(text, at, new InMemoryHost(), { editorValidates }).diagnostics.map((d) => `${d.code}@${d.range.start.line}:${d.range.start.character}`);
  const all = codesOf(false);
  for (const c of ['skill-name-invalid-chars@1:6', 'skill-name-directory-mismatch@1:6', 'skill-description-missing@0:0', 'skill-file-missing@4:16', 'skill-file-missing@4:39'])
    assert.ok(all.includes(c), `${c} in ${all.join(', ')}`);
  const vscode = codesOf(true);
  assert.deepEqual(
    vscode.filter((c) => /name-invalid|directory-mismatch|description-missing|not-lowercase/.test(c)),
    [],
  );
  // VS Code checks the two links; the image and the bare path are ours alone.
  assert.deepEqual(
    vscode.filter((c) => c.startsWith('skill-file-missing')),
    all.filter((c) => c.startsWith('skill-file-missing') && !['skill-file-missing@4:16', 'skill-file-missing@4:39'].includes(c)),
  );
  // A lower-case skill.md is not VS Code's (its skill language takes SKILL.md only): everything stays.
  assert.deepEqual(codesOf(true, `${W}/skills/tables/skill.md`), codesOf(false, `${W}/skills/tables/skill.md`));
});

test('a script some package.json of the repository defines is defined: above the file, in the package a command targets, anywhere in the workspace list', () => {
  const files: Record<string, string> = {
    [`${W}/.git/HEAD`]: 'ref: refs/heads/main\n',
    [`${W}/package.json`]: JSON.stringify({ scripts: { 'docs:build': 'vitepress build docs' } }),
    [`${W}/docs/package.json`]: JSON.stringify({ scripts: { dev: 'vitepress' } }),
    [`${W}/packages/web/package.json`]: JSON.stringify({ scripts: { 'test:node': 'vitest', lint: 'eslint .' } }),
  };
  const host = new InMemoryHost(files);
  const workspaceFiles = Object.keys(files);
  const opts = { workspaceRoots: [W], workspaceFiles };
  // docs/AGENTS.md runs the root's script: defined.
  assert.deepEqual(codes('Build with `pnpm docs:build`.', `${W}/docs/AGENTS.md`, host, opts), []);
  // A script of a workspace package, run from the root, by name, by --filter, -C, -w, yarn workspace or cd: defined.
  const text = joinLines(
    '- `pnpm test:node`, `pnpm --filter web run lint`, `pnpm -C packages/web lint`, `npm -w web run lint`',
    '- `yarn workspace web lint`, `cd packages/web && npm run lint`',
    '- `pnpm --filter web run typecheck`',
  );
  const ds = diags(text, `${W}/AGENTS.md`, host, opts);
  assert.deepEqual(
    ds.map((d) => [d.code, d.range.start.line]),
    [['instructions-command-undefined', 2]],
  );
  assert.match(
    ds[0]!.message,
    /^'pnpm --filter web run typecheck': no script 'typecheck' in package\.json .*; nor in any other package\.json of the repository \(looked in docs\/package\.json, packages\/web\/package\.json\)$/,
  );
});

test("pnpm's --filter naming no package of the repository runs nothing: a warning on the name; a name of any scope, a pattern or a folder is left alone", () => {
  const files: Record<string, string> = {
    [`${W}/.git/HEAD`]: 'ref: refs/heads/main\n',
    [`${W}/pnpm-workspace.yaml`]: 'packages:\n  - apps/*\n',
    [`${W}/package.json`]: JSON.stringify({ name: 'patina', scripts: { build: 'turbo build' } }),
    [`${W}/apps/extension/package.json`]: JSON.stringify({ name: '@patina/extension', scripts: { dev: 'vite', build: 'vite build' } }),
    [`${W}/apps/web/package.json`]: JSON.stringify({ name: '@patina/web', scripts: { dev: 'next dev' } }),
  };
  const host = new InMemoryHost(files);
  const opts = { workspaceRoots: [W], workspaceFiles: Object.keys(files) };
  const text = joinLines(
    '- `pnpm --filter @strata/extension dev`',
    '- `pnpm --filter @patina/extension dev`, `pnpm -F extension build`, `pnpm --filter "./apps/*" build`, `pnpm --filter @patina/* dev`',
  );
  const ds = diags(text, `${W}/apps/extension/CLAUDE.md`, host, opts);
  assert.deepEqual(
    ds.map((d) => [d.code, d.severity, d.range.start.line, text.split('\n')[0]!.slice(d.range.start.character, d.range.end.character)]),
    [['instructions-command-undefined', 'warning', 0, '@strata/extension']],
  );
  // Only at the root of a pnpm workspace, with or without git: in a repository that is none, the command is another repository's.
  const { [`${W}/.git/HEAD`]: _git, ...withoutGit } = files;
  const { [`${W}/pnpm-workspace.yaml`]: _workspace, ...noWorkspace } = files;
  const found = (tree: Record<string, string>) =>
    diags(text, `${W}/apps/extension/CLAUDE.md`, new InMemoryHost(tree), { workspaceRoots: [W], workspaceFiles: Object.keys(tree) }).length;
  assert.equal(found(withoutGit), 1);
  assert.equal(found(noWorkspace), 0);
  assert.match(
    ds[0]!.message,
    /no package of the repository is named '@strata\/extension' \(packages: @patina\/extension, @patina\/web, patina\), so pnpm says "No projects matched the filters" and runs nothing/,
  );
});

test("a package.json the message lists outside the instruction file's folder is named by its path from there, not by its bare name", () => {
  const host = new InMemoryHost({
    [`${W}/.git/HEAD`]: 'ref: refs/heads/main',
    [`${W}/package.json`]: JSON.stringify({ scripts: { build: 'tsc' } }),
    [`${W}/packages/web/package.json`]: JSON.stringify({ name: 'web', scripts: { dev: 'vite' } }),
    [`${W}/packages/gmail/package.json`]: JSON.stringify({ name: 'gmail', scripts: { test: 'vitest' } }),
  });
  const [d] = diags('Record them with `pnpm fixtures:record`.', `${W}/packages/gmail/CLAUDE.md`, host, { workspaceRoots: [W] });
  assert.equal(d!.code, 'instructions-command-undefined');
  assert.match(d!.message, /\(looked in \.\.\/\.\.\/package\.json\)$/);
});

test("the package managers' own commands are not scripts, and a project generator's commands are its project's", () => {
  const host = new InMemoryHost({ [`${W}/package.json`]: JSON.stringify({ scripts: { build: 'tsc' } }) });
  const text = joinLines(
    '```bash',
    'pnpm install && pnpm dlx degit x y && pnpm sbom && pnpm peers check && pnpm docs && pnpm ci',
    'yarn why react && yarn licenses list && bun x cowsay && npm ci && bun test',
    'pnpm run -C scripts check-links.ts',
    'npx @acme/start my-app',
    'pnpm claim && pnpm deploy',
    '```',
    '`npm create vite@latest app && cd app && npm run preview`',
  );
  assert.deepEqual(codes(text, `${W}/AGENTS.md`, host), []);
});

test("pnpm 11's own commands (changesets, release lanes) are no scripts; an unknown word still is", () => {
  const host = new InMemoryHost({ [`${W}/package.json`]: JSON.stringify({ scripts: { build: 'tsc' } }) });
  assert.deepEqual(codes('Run `pnpm change`, then `pnpm change status`; `pnpm lane main --filter x` graduates it.', `${W}/AGENTS.md`, host), []);
  assert.deepEqual(codes('Run `pnpm changes`.', `${W}/AGENTS.md`, host), ['instructions-command-undefined']);
});

test('pnpm t and pnpm tst run the test script, as npm t does', () => {
  const withTest = new InMemoryHost({ [`${W}/package.json`]: JSON.stringify({ scripts: { test: 'vitest' } }) });
  assert.deepEqual(codes('Run `pnpm t`, `pnpm tst` or `npm t`.', `${W}/AGENTS.md`, withTest), []);
  const without = new InMemoryHost({ [`${W}/package.json`]: JSON.stringify({ scripts: { build: 'tsc' } }) });
  assert.deepEqual(codes('Run `pnpm t`.', `${W}/AGENTS.md`, without), ['instructions-command-undefined']);
});

test('a # glued to a script name is part of the word the shell passes, and the message says to write a space; one after a space is a comment', () => {
  const host = new InMemoryHost({ [`${W}/package.json`]: JSON.stringify({ scripts: { 'db:seed': 'node seed.js' } }) });
  const {
    text,
    ranges: [r],
  } = ranges(joinLines('```bash', '«pnpm db:seed#» backfill the table', 'pnpm db:seed # backfill the table', '```'));
  const ds = diags(text, `${W}/AGENTS.md`, host, { workspaceRoots: [W] });
  assert.deepEqual(
    ds.map((d) => [d.code, d.severity, d.range]),
    [['instructions-command-undefined', 'warning', r]],
  );
  assert.match(
    ds[0]!.message,
    /no script 'db:seed#'.*the shell starts a comment only at a word's start, so it passes 'db:seed#' whole; write a space before '#' to run 'db:seed'$/,
  );
});

test('a template of an instruction file (under templates/, or a chezmoi dot_ folder) is not checked against this repository', () => {
  const host = new InMemoryHost({ [`${W}/package.json`]: JSON.stringify({ scripts: { build: 'tsc' } }) });
  const text = 'Run `npm run lint` and `make check`.';
  assert.deepEqual(codes(text, `${W}/cli/templates/node/CLAUDE.md`, host, { workspaceRoots: [W] }), []);
  assert.deepEqual(codes(text, `${W}/home/dot_claude/CLAUDE.md`, host, { workspaceRoots: [W] }), []);
  assert.deepEqual(codes(text, `${W}/CLAUDE.md`, host, { workspaceRoots: [W] }), ['instructions-command-undefined']);
});

test("a template's missing imports and links, and its place in this repository's Codex chain, are the projects' it is copied into: information with a note", () => {
  const text = joinLines('@.claude/memory/notes.md', '', 'See [the guide](docs/guide.md).');
  const at = (path: string) => diags(text, `${W}/${path}`, new InMemoryHost(), { workspaceRoots: [W] }).map((d) => [d.code, d.severity]);
  assert.deepEqual(at('templates/.claude-collective/CLAUDE.md'), [
    ['instructions-import-missing', 'information'],
    ['instructions-link-missing', 'information'],
  ]);
  assert.deepEqual(at('src/cli/agent_templates/CLAUDE.md'), at('templates/.claude-collective/CLAUDE.md'));
  assert.deepEqual(at('clio/tpl/workspace/CLAUDE.md'), at('templates/.claude-collective/CLAUDE.md'));
  assert.match(
    diags(text, `${W}/templates/CLAUDE.md`, new InMemoryHost(), { workspaceRoots: [W] })[0]!.message,
    /template folder or a skill's assets: it speaks for the projects it is copied into/,
  );
  assert.deepEqual(at('docs/CLAUDE.md'), [
    ['instructions-import-missing', 'warning'],
    ['instructions-link-missing', 'warning'],
  ]);
  // A folder above the workspace folder says nothing.
  assert.deepEqual(
    diags(text, 'file:///templates/repo/CLAUDE.md', new InMemoryHost(), { workspaceRoots: ['file:///templates/repo'] }).map((d) => d.severity),
    ['warning', 'warning'],
  );
});

test('make: targets from included makefiles, .PHONY lists and pattern rules count; with no Makefile in the whole repository, make X in a shell block is a warning (information in prose)', () => {
  const host = new InMemoryHost({
    [`${W}/.git/HEAD`]: 'ref: refs/heads/main\n',
    [`${W}/Makefile`]: '.PHONY: release check\ninclude mk/common.mk\n-include local.mk\nbuild-%:\n\tgo build ./cmd/$*\n%.o: %.c\n\tcc -c $<\n',
    [`${W}/mk/common.mk`]: 'lint:\n\tgolangci-lint run\n',
  });
  const opts = { workspaceRoots: [W], workspaceFiles: [`${W}/.git/HEAD`, `${W}/Makefile`, `${W}/mk/common.mk`] };
  const ds = diags('`make lint release check build-web` then `make deploy`.', `${W}/AGENTS.md`, host, opts);
  assert.deepEqual(
    ds.map((d) => d.message),
    ["'make deploy': the Makefile defines no target 'deploy' (targets: release, check, lint)"],
  );
  const none = new InMemoryHost({ [`${W}/.git/HEAD`]: 'ref\n', [`${W}/go.mod`]: 'module x\n' });
  const noneOpts = { workspaceRoots: [W], workspaceFiles: [`${W}/.git/HEAD`, `${W}/go.mod`] };
  const missing = diags(joinLines('```sh', 'make test', '```', 'With a Makefile, `make lint`.'), `${W}/AGENTS.md`, none, noneOpts);
  assert.deepEqual(
    missing.map((d) => [d.code, d.severity, d.message]),
    [
      ['instructions-command-undefined', 'warning', `'make test': the repository has no Makefile (GNUmakefile, makefile or Makefile): make stops with "No rule to make target"`],
      [
        'instructions-command-undefined',
        'information',
        `'make lint': the repository has no Makefile (GNUmakefile, makefile or Makefile): make stops with "No rule to make target"`,
      ],
    ],
  );
  // A Makefile elsewhere in the repository, none where the file runs make: the folder is named from the file, never by its full path.
  const root = new InMemoryHost({ [`${W}/.git/HEAD`]: 'ref\n', [`${W}/Makefile`]: 'build:\n\tgo build\n' });
  const nested = diags(joinLines('```sh', 'make dev', '```'), `${W}/src/core/CLAUDE.md`, root, { workspaceRoots: [W], workspaceFiles: [`${W}/.git/HEAD`, `${W}/Makefile`] });
  assert.match(nested[0]!.message, /\(looked in \.\.\/\.\.\/Makefile\), and this folder has none: make stops/);
  // A Makefile a build step makes (CMake, autotools), or a repository not seen whole: not judged.
  const cmake = new InMemoryHost({ [`${W}/.git/HEAD`]: 'ref\n', [`${W}/CMakeLists.txt`]: 'project(x)\n' });
  assert.deepEqual(codes('Run `make test`.', `${W}/AGENTS.md`, cmake, { workspaceRoots: [W], workspaceFiles: [`${W}/.git/HEAD`, `${W}/CMakeLists.txt`] }), []);
  assert.deepEqual(codes('Run `make test`.', `${W}/AGENTS.md`, none, { workspaceRoots: [W] }), []);
});

test('the relative paths of one workspace list are made once per base folder and shared by every instruction file', () => {
  const list = [`${W}/src/a.ts`, `${W}/pkg/b.ts`, 'file:///other/c.ts'];
  const first = relativePaths(W, list);
  assert.deepEqual(first, ['src/a.ts', 'pkg/b.ts']);
  assert.equal(relativePaths(W, list), first);
  assert.deepEqual(relativePaths(`${W}/pkg`, list), ['b.ts']);
  assert.notEqual(relativePaths(W, [...list]), first, 'another list is another entry');
});

test("'pnpm tsgo' runs TypeScript's native compiler (@typescript/native-preview) from node_modules/.bin: no missing script, whoever depends on it", () => {
  const host = new InMemoryHost({ [`${W}/package.json`]: JSON.stringify({ scripts: { build: 'vite build' } }) });
  const text = joinLines('# Checks', '```bash', 'pnpm tsgo --noEmit', 'pnpm typo-check', '```');
  assert.deepEqual(
    diags(text, `${W}/AGENTS.md`, host).map((d) => d.message.split(':')[0]),
    ["'pnpm typo-check'"],
  );
});

test('a scope key written as text at the top (a heading, emphasis, or no --- lines) is frontmatter lost: Copilot never applies the file, Claude Code loads the rule everywhere', () => {
  const cases: [string, string, RegExp][] = [
    [
      `${W}/.github/instructions/backend.instructions.md`,
      joinLines('«## applyTo: "platform/**,apps/**/backend/**"»', '', '# Backend'),
      /GitHub Copilot reads no 'applyTo', so it never applies the file on its own/,
    ],
    [`${W}/.github/instructions/ngrx.instructions.md`, joinLines("«## **applyTo: '/state//*.ts'**»", '', 'NgRx rules.'), /GitHub Copilot reads no 'applyTo'/],
    [`${W}/.claude/rules/api.md`, joinLines('', '«paths:»', '  - "src/api/**"', '', '# API'), /Claude Code reads no 'paths', so it loads the rule in every session/],
  ];
  for (const [uri, marked, message] of cases) {
    const {
      text,
      ranges: [range],
    } = ranges(marked);
    const lost = diags(text, uri).filter((d) => d.code === 'instructions-frontmatter-lost');
    assert.deepEqual(
      lost.map((d) => [d.severity, d.range]),
      [['warning', range]],
      uri,
    );
    assert.match(lost[0]!.message, message);
  }
  // Frontmatter read as such, a heading that only mentions the key, and another reader's key are not.
  for (const [uri, text] of [
    [`${W}/.github/instructions/ok.instructions.md`, joinLines('---', 'applyTo: "src/**"', '---', '# Rules')],
    [`${W}/.github/instructions/prose.instructions.md`, joinLines('# applyTo these files', '', 'Text.')],
    [`${W}/.claude/rules/other.md`, joinLines('## applyTo: "src/**"', '', 'Text.')],
  ])
    assert.deepEqual(
      codes(text, uri).filter((c) => c === 'instructions-frontmatter-lost'),
      [],
      uri,
    );
});
