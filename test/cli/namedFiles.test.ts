/**
 * A file named on the command line, as pre-commit names the files of a commit (from the
 * repository's root, where git tracks them), is reported as a check of its whole repository
 * reports it: the repository's facts (a Gemini CLI extension's manifest, a Codex plugin's
 * manifest), the client folders that link to a skill, the chain of instruction files above it,
 * the hooks file a path alone makes one, and the other skills and agents it is compared with.
 * Real files and links in a temp folder; the CLI as built.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { cli } from '../helpers/cliRun';
import { tempTree } from '../helpers/tempTree';

const tree = tempTree('af-named-files-');

type Diagnostic = { code: string; severity: string; message: string; range: { start: { line: number } } };
type Report = { files: { path: string; diagnostics: Diagnostic[] }[] };

const check = (cwd: string, ...args: string[]): Report => JSON.parse(cli(cwd, 'check', '-f', 'json', '--allow-empty', ...args).out) as Report;
const write = (root: string, rel: string, text: string) => tree.write(path.relative(tree.base, path.join(root, rel)), text);
/** A fresh repository folder (with `.git`) under the test's temp folder. */
function repo(name: string): string {
  const root = path.join(tree.base, name);
  fs.mkdirSync(path.join(root, '.git'), { recursive: true });
  return root;
}
/** Each finding of `file` as severity, code, line and message. */
const findingsOf = (r: Report, file: string) =>
  (r.files.find((f) => f.path === file)?.diagnostics ?? []).map((d) => `${d.severity} ${d.code} ${d.range.start.line + 1}: ${d.message}`);

/** The findings of `file` named alone (with `others`), and in a check of the whole repository. */
function namedAndWhole(root: string, file: string, ...others: string[]) {
  return { named: findingsOf(check(root, file, ...others), file), whole: findingsOf(check(root, '.'), file) };
}

const NAME_WITH_SPACE = '---\nname: Accessibility Lead\ndescription: Leads accessibility reviews. Use when the user asks for an accessibility audit.\n---\n\nDo it.\n';

test('a skill of a Gemini CLI extension below the root, named alone, is checked for Gemini CLI as in a check of its repository', () => {
  const root = repo('gemini-extension');
  write(root, '.gemini/extensions/a11y/gemini-extension.json', '{"name": "a11y", "version": "1.0.0"}\n');
  write(root, '.gemini/extensions/a11y/skills/lead/SKILL.md', NAME_WITH_SPACE);
  const { named, whole } = namedAndWhole(root, '.gemini/extensions/a11y/skills/lead/SKILL.md');
  assert.deepEqual(named, whole);
  assert.ok(named.length > 0 && named.every((f) => f.startsWith('information ') && f.endsWith('(Gemini CLI)')), named.join('\n'));
});

test('a skill a client skills folder links to, named where git tracks it, is checked for that client as in a check of its repository', () => {
  const root = repo('linked-collection');
  write(root, 'skills/lead/SKILL.md', '---\nname: lead\ndescription: Leads accessibility reviews. Use when the user asks for an accessibility audit.\nversion: 2\n---\n\nDo it.\n');
  fs.mkdirSync(path.join(root, '.claude'), { recursive: true });
  fs.symlinkSync('../skills', path.join(root, '.claude/skills'));
  const { named, whole } = namedAndWhole(root, 'skills/lead/SKILL.md');
  assert.deepEqual(named, whole);
  // Claude Code, which loads it through the link, ignores the key: advice, not the specification's warning.
  assert.ok(
    named.some((f) => /^information skill-field-ignored 4: .*\(Claude Code\)$/.test(f)),
    named.join('\n'),
  );
});

test('a skill of a Codex plugin, named alone, is checked for Codex as in a check of its repository', () => {
  const root = repo('codex-plugin');
  write(root, '.codex-plugin/plugin.json', '{"name": "kit", "version": "1.0.0", "skills": "./skills/"}\n');
  write(root, 'skills/long/SKILL.md', `---\nname: long\ndescription: ${'Explains the build in detail. '.repeat(40)}Use when the build fails.\n---\n\nDo it.\n`);
  const { named, whole } = namedAndWhole(root, 'skills/long/SKILL.md');
  assert.deepEqual(named, whole);
  assert.ok(
    named.some((f) => /^error skill-description-too-long 3: .*\(Codex\)$/.test(f)),
    named.join('\n'),
  );
});

test('a nested AGENTS.md named with the root one is cut by Codex after the root file, as in a check of its repository', () => {
  const root = repo('codex-chain');
  write(root, 'AGENTS.md', `# Rules\n\n${'Keep every change small and tested before review.\n'.repeat(600)}`);
  write(root, 'tests/AGENTS.md', `# Tests\n\n${'Run the whole suite before a commit.\n'.repeat(120)}`);
  const { named, whole } = namedAndWhole(root, 'tests/AGENTS.md', 'AGENTS.md');
  assert.deepEqual(named, whole);
  assert.ok(
    named.some((f) => /^warning instructions-codex-cut .*reached after \.\.\/AGENTS\.md/.test(f)),
    named.join('\n'),
  );
});

test('a hooks.json in .claude/hooks, named alone, is the hooks file Claude Code never reads, as in a check of its repository', () => {
  const root = repo('claude-hooks-file');
  write(root, '.claude/hooks/hooks.json', '{\n  "hooks": {\n    "Stop": [{ "hooks": [{ "type": "command", "command": "echo done" }] }]\n  }\n}\n');
  const { named, whole } = namedAndWhole(root, '.claude/hooks/hooks.json');
  assert.deepEqual(named, whole);
  assert.ok(
    named.some((f) => f.startsWith('warning hooks-file-unread ')),
    named.join('\n'),
  );
});

test("an agent named alone is compared with its plugin's other agents, and a skill with the repository's other skills, which are not reported", () => {
  const root = repo('compared');
  write(root, '.claude-plugin/plugin.json', '{"name": "kit"}\n');
  const agent = (variant: string) => `---\nname: fixer\ndescription: Fixes failing tests${variant}. Use when a test fails.\n---\n\nFix it.\n`;
  write(root, 'agents/fixer.md', agent(''));
  write(root, 'agents/fixer-haiku.md', agent(' quickly'));
  write(root, '.agents/skills/deploy/SKILL.md', '---\nname: deploy\ndescription: Deploys the app. Use when asked to ship.\n---\n\nShip it.\n');
  write(root, '.agents/skills/ship/SKILL.md', '---\nname: deploy\ndescription: Ships the app. Use when asked to release.\n---\n\nRelease it.\n');
  for (const file of ['agents/fixer.md', '.agents/skills/ship/SKILL.md']) {
    const named = check(root, file);
    assert.deepEqual(
      named.files.map((f) => f.path),
      [file],
    );
    const { whole } = namedAndWhole(root, file);
    assert.deepEqual(findingsOf(named, file), whole);
    assert.ok(
      whole.some((f) => / (subagent-name-duplicate|skill-duplicate-name) /.test(f)),
      whole.join('\n'),
    );
  }
});
