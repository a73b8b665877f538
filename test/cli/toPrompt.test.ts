import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');
const FIX = join(ROOT, 'test/fixtures/workspace-formats');
function cli(...args: string[]) {
  const r = spawnSync(process.execPath, [join(ROOT, 'dist/cli.js'), ...args], { cwd: FIX, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}
const at = (rel: string) => join(realpathSync(FIX), rel);
const skill = (name: string, description: string, location: string) => [
  '<skill>',
  '<name>',
  name,
  '</name>',
  '<description>',
  description,
  '</description>',
  '<location>',
  location,
  '</location>',
  '</skill>',
];

test('to-prompt on a folder of skills prints the reference XML with absolute locations', () => {
  const r = cli('to-prompt', 'clean/skills');
  assert.equal(r.code, 0, r.err);
  assert.equal(r.err, '');
  assert.equal(
    r.out,
    [
      '<available_skills>',
      ...skill('pdf-reader', 'Read &amp; summarize PDF files. Use when it&#x27;s a PDF.', at('clean/skills/pdf-reader/SKILL.md')),
      ...skill('web-search', 'Search the web. Use when the answer needs fresh sources.', at('clean/skills/web-search/SKILL.md')),
      '</available_skills>',
    ].join('\n') + '\n',
  );
});

test('to-prompt takes several DIRs, each a skill folder or a folder of skills, in order', () => {
  const r = cli('to-prompt', 'clean/skills/web-search', 'prompt-mixed');
  assert.equal(r.code, 0);
  assert.equal(
    r.out,
    [
      '<available_skills>',
      ...skill('web-search', 'Search the web. Use when the answer needs fresh sources.', at('clean/skills/web-search/SKILL.md')),
      ...skill('good', 'Quotes &quot;and&quot; &lt;tags&gt;. Use when testing.', at('prompt-mixed/good/SKILL.md')),
      '</available_skills>',
    ].join('\n') + '\n',
  );
  assert.equal(
    r.err,
    'agent-files: skipping prompt-mixed/bad/SKILL.md: Missing required field in frontmatter: description\n',
    'a skill the reference cannot load is skipped, with the reason',
  );
});

test('to-prompt exits 1 with one line when a DIR holds no valid skill', () => {
  const r = cli('to-prompt', 'clean/skills', 'clean/agents');
  assert.equal(r.code, 1);
  assert.equal(r.out, '');
  assert.equal(r.err, 'agent-files: clean/agents: no valid skill (a folder with a SKILL.md that has a name and a description)\n');
});

test('to-prompt exits 2 on a missing DIR or without arguments', () => {
  const missing = cli('to-prompt', 'nowhere');
  assert.equal(missing.code, 2);
  assert.equal(missing.err, 'agent-files: cannot read nowhere: no such file or folder\n');
  const none = cli('to-prompt');
  assert.equal(none.code, 2);
  assert.equal(none.err, 'agent-files: usage: agent-files to-prompt DIR...\n');
});

test('the help text lists to-prompt', () => {
  assert.match(cli('--help').out, /agent-files to-prompt DIR\.\.\. +the <available_skills> XML/);
});
