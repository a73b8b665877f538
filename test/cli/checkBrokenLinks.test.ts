import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { cli, reportSummary as summary } from '../helpers/cliRun';
import { brokenLinkDiagnostic } from '../../server/src/core/workspace/brokenLinks';

/** A repository with `files` (path → text) and `links` (path → target as written). */
function repo(files: Record<string, string>, links: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'af-links-'));
  mkdirSync(join(dir, '.git'));
  for (const [p, text] of Object.entries(files)) {
    mkdirSync(join(dir, p, '..'), { recursive: true });
    writeFileSync(join(dir, p), text);
  }
  for (const [p, target] of Object.entries(links)) {
    mkdirSync(join(dir, p, '..'), { recursive: true });
    symlinkSync(target, join(dir, p));
  }
  return dir;
}

test(
  'an agent file committed as a link that leads nowhere is an error of its kind; one that leads to a file is checked as that file',
  { skip: process.platform === 'win32' },
  () => {
    const dir = repo(
      { 'AGENTS.md': '# Rules\n\nRun the tests.\n', 'src/AGENTS.md': '# Source\n', 'skills/pdf/SKILL.md': '---\nname: pdf\ndescription: Reads PDF files.\n---\n# PDF\n' },
      {
        'src/CLAUDE.md': 'src/AGENTS.md',
        'CLAUDE.md': 'AGENTS.md',
        '.gemini/skills/pdf/SKILL.md': '../../../skills/pdf/SKILL.md',
        '.gemini/skills/gone/SKILL.md': '../../../skills/gone/SKILL.md',
      },
    );
    try {
      const r = cli(dir, 'check', '--format', 'json', '.');
      assert.equal(r.code, 1, r.err);
      const files = summary(r.out);
      assert.deepEqual(
        files.filter(([, , ds]) => ds.some((d) => d.startsWith('file-link-broken'))),
        [
          ['.gemini/skills/gone/SKILL.md', 'SKILL.md', ['file-link-broken:e@0']],
          ['src/CLAUDE.md', 'instruction file', ['file-link-broken:e@0']],
        ],
      );
      // The link that leads to a skill is checked as that skill, where it sits.
      assert.ok(files.some(([p, kind]) => p === '.gemini/skills/pdf/SKILL.md' && kind === 'SKILL.md'));
      const messages = (JSON.parse(r.out) as { files: { path: string; diagnostics: { message: string }[] }[] }).files;
      const src = messages.find((f) => f.path === 'src/CLAUDE.md')!.diagnostics[0]!.message;
      assert.match(src, /symbolic link to 'src\/AGENTS.md', which leads nowhere: the repository has no such file, so no client reads these instructions/);
      assert.match(src, /the file the target names from the repository's root is 'AGENTS.md' from here/);
      assert.doesNotMatch(r.err, /leads nowhere/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
);

test("a link to a file .gitignore leaves out, or into a submodule, is information; one to a machine's absolute path stays a note", { skip: process.platform === 'win32' }, () => {
  const dir = repo(
    { '.gitignore': 'generated/\n', '.gitmodules': '[submodule "shared"]\n\tpath = vendor/shared\n\turl = https://example.com/shared.git\n', 'vendor/shared/.keep': '' },
    { 'CLAUDE.md': 'generated/CLAUDE.md', 'pkg/AGENTS.md': '../vendor/shared/AGENTS.md', 'tools/GEMINI.md': '/Users/ana/GEMINI.md' },
  );
  try {
    const r = cli(dir, 'check', '--format', 'json', '.');
    assert.equal(r.code, 0, r.err);
    assert.deepEqual(summary(r.out), [
      ['CLAUDE.md', 'instruction file', ['file-link-broken:i@0']],
      ['pkg/AGENTS.md', 'instruction file', ['file-link-broken:i@0']],
    ]);
    assert.match(r.err, /not following tools\/GEMINI.md: a symbolic link to '\/Users\/ana\/GEMINI.md', a path on one machine/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test(
  'a broken link named on the command line, as pre-commit names it, is reported as the walk reports it, not refused as unreadable',
  { skip: process.platform === 'win32' },
  () => {
    const dir = repo({ 'src/AGENTS.md': '# Source\n' }, { 'src/CLAUDE.md': 'src/AGENTS.md' });
    try {
      const r = cli(dir, 'check', '--format', 'json', 'src/CLAUDE.md');
      assert.equal(r.code, 1, r.err);
      assert.deepEqual(summary(r.out), [['src/CLAUDE.md', 'instruction file', ['file-link-broken:e@0']]]);
      assert.match(r.out, /the file the target names from the repository's root is 'AGENTS.md' from here/);
      // A missing file that is no link is still refused.
      assert.equal(cli(dir, 'check', 'src/GONE.md').code, 2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
);

test("a skills folder linked into a submodule a checkout has not filled in gets the submodule's note on stderr", { skip: process.platform === 'win32' }, () => {
  const dir = repo(
    { 'AGENTS.md': '# Rules\n', '.gitmodules': '[submodule "common"]\n\tpath = modules/common\n\turl = https://example.com/c.git\n', 'modules/common/.keep': '' },
    { '.github/skills': '../modules/common/.github/skills' },
  );
  try {
    const r = cli(dir, 'check', '.');
    assert.match(r.err, /not following .github\/skills: a symbolic link to '..\/modules\/common\/.github\/skills', inside the git submodule 'modules\/common'/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a target holding a line break (a link made from a file with its final newline) is shown escaped', () => {
  const d = brokenLinkDiagnostic('instructions', 'AGENTS.md\n', { missing: true });
  assert.equal(d.severity, 'error');
  assert.match(d.message, /symbolic link to 'AGENTS.md\\n' \(its target holds a control character/);
  assert.doesNotMatch(d.message, /\n/);
});
