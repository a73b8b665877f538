/**
 * Markdown files in Gemini CLI's commands folder (`.gemini/commands/**\/*.md`): Gemini CLI loads
 * commands only from `.toml` files there, so a Markdown command never exists; a Markdown file a
 * TOML command of the folder names is that command's data, and a README is documentation.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileKindOf } from '../../server/src/core/workspace/fileKinds';
import { InMemoryHost } from '../../server/src/core/workspace/host';
import { agentFileVariantOf, analyzeAgentFile } from '../../server/src/core/subagents';

const W = 'file:///ws';
const PLAN = '---\ndescription: Plans the work.\n---\nMake a plan for $ARGUMENTS.\n';
const findings = (host: InMemoryHost, uri: string) => analyzeAgentFile(host.readText(uri)!, uri, undefined, host).diagnostics;

test("every Markdown file below .gemini/commands/ is read as one, at any depth; Gemini CLI's other folders are not", () => {
  const cases: [string, string | null, string | null][] = [
    ['.gemini/commands/plan.md', 'command', 'gemini-markdown-command'],
    ['.gemini/commands/git/Commit.MD', 'command', 'gemini-markdown-command'],
    ['pkg/.gemini/commands/README.md', 'command', 'gemini-markdown-command'],
    ['.gemini/commands/plan.toml', null, null],
    ['.gemini/other/plan.md', null, null],
  ];
  for (const [p, kind, variant] of cases) {
    assert.equal(fileKindOf(`/ws/${p}`), kind, p);
    assert.equal(agentFileVariantOf(`/ws/${p}`), variant, p);
  }
});

test('a Markdown command Gemini CLI never loads is a warning on its first line that names the command and its TOML file', () => {
  const host = new InMemoryHost({ [`${W}/.gemini/commands/plan.md`]: PLAN, [`${W}/.gemini/commands/git/commit.md`]: 'Write a commit message.\n' });
  const [d, ...rest] = findings(host, `${W}/.gemini/commands/plan.md`);
  assert.equal(rest.length, 0);
  assert.deepEqual([d!.code, d!.severity, d!.range.start.line, d!.range.end.character], ['command-gemini-markdown', 'warning', 0, 3]);
  assert.equal(
    d!.message,
    'Gemini CLI loads custom commands only from .toml files in .gemini/commands/: it never loads this Markdown file, so /plan does not exist for it; write it as plan.toml, its text in prompt = """…"""',
  );
  assert.match(findings(host, `${W}/.gemini/commands/git/commit.md`)[0]!.message, /so \/git:commit does not exist for it; write it as commit\.toml/);
});

test('a Markdown file a TOML command of the folder names is its data, a README is documentation, and an empty file says nothing', () => {
  const host = new InMemoryHost({
    [`${W}/.gemini/commands/rules.md`]: '# Rules\n\nKeep tests fast.\n',
    [`${W}/.gemini/commands/review/frontend.toml`]: 'description = "Review"\nprompt = """\nReview it.\n!{cat .gemini/commands/rules.md}\n"""\n',
    [`${W}/.gemini/commands/README.md`]: '# Our commands\n\nSee the TOML files.\n',
    [`${W}/.gemini/commands/empty.md`]: '\n',
  });
  for (const f of ['rules.md', 'README.md', 'empty.md']) assert.deepEqual(findings(host, `${W}/.gemini/commands/${f}`), [], f);
});
