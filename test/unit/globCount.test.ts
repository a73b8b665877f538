/**
 * `countMatches` (server/src/core/instructions/globs.ts) tries a Claude Code glob only on the files
 * under its literal folder, and a plain pattern ending in a name with an extension only on the
 * files with that extension: the counts must be those of trying every file, in both styles.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { countMatches, globMatcher, literalFolder, literalTail, type GlobStyle } from '../../server/src/core/instructions/globs';

const files = [
  'README.md',
  'a',
  'a/b.ts',
  'a/b/c.ts',
  'ab/c.ts',
  'pkg1/src/x.ts',
  'pkg1/src/deep/y.ts',
  'pkg10/src/x.ts',
  'pkg1/test/z.ts',
  'src/a.ts',
  'src/A.ts',
  'src/b.md',
  'z/pkg1/src/x.ts',
  'é/ü.ts',
  'package.json',
  'web/package.json',
  'web/PACKAGE.JSON',
  'src/a.test.ts',
  'src/a.d.ts',
  '.github/x.md',
  'docs/README.md',
  'Makefile',
  'x.',
  '.ts',
];

const globs = [
  'a/**',
  'a/*',
  'a/**/*.ts',
  'pkg1/src/**/*.ts',
  'pkg1/**',
  'pkg1/src/x.ts',
  'README.md',
  './src/*.ts',
  '/src/*.ts',
  'src/[a-z].ts',
  '{a,src}/*.ts',
  'src/{a,b}.*',
  '**/pkg1/src/*.ts',
  '*.md',
  '!a/*',
  'é/*.ts',
  'nowhere/**',
  '**/*.ts',
  '**/*.TS',
  '**/package.json',
  'package.json',
  '*.test.ts',
  'src/**/*.d.ts',
  '**/README.md',
  'docs/**/README.md',
  '**/*.md',
  '!*.md',
  '**/*.{md,ts}',
  '**/*.[mt][ds]',
  '*.',
  '**/Makefile',
  'src/?.ts',
  '**',
  '**/*',
  '*',
];

/** What trying every file gives. */
function everyFile(glob: string, list: readonly string[], style: GlobStyle): number {
  const m = globMatcher(glob, style);
  return list.filter((f) => m(f)).length;
}

test('a glob counts the same files as when every file is tried, in any order of the list, in both styles', () => {
  for (const style of ['claude-rule', 'copilot'] as const)
    for (const list of [files, [...files].reverse()])
      for (const glob of globs) {
        const n = everyFile(glob, list, style);
        assert.equal(countMatches(glob, list, Infinity, style), n, `${style} ${glob}`);
        assert.equal(countMatches(glob, list, 1, style), Math.min(1, n), `${style} ${glob}, capped`);
      }
});

test('random plain patterns count the same files as when every file is tried', () => {
  const part = fc.constantFrom('a', 'b', 'src', 'Src', '*', '**', '?', 'x.ts', 'x.TS', 'y.d.ts', 'package.json', '*.ts', '*.json', 'a.b', '.md');
  const glob = fc.array(part, { minLength: 1, maxLength: 4 }).map((ps) => ps.join('/'));
  const list = fc.array(
    fc.array(fc.constantFrom('a', 'b', 'src', 'Src', 'x.ts', 'x.TS', 'y.d.ts', 'package.json', 'a.b', '.md', 'q'), { minLength: 1, maxLength: 4 }).map((ps) => ps.join('/')),
    { maxLength: 30 },
  );
  fc.assert(
    fc.property(glob, list, fc.constantFrom<GlobStyle>('claude-rule', 'copilot'), (g, l, style) => countMatches(g, l, Infinity, style) === everyFile(g, l, style)),
    { numRuns: 2000 },
  );
});

test('the literal name end of a plain pattern, and none for the others', () => {
  assert.equal(literalTail('**/*.ts'), '.ts');
  assert.equal(literalTail('src/**/*.test.ts'), '.test.ts');
  assert.equal(literalTail('**/package.json'), 'package.json');
  assert.equal(literalTail('README.md'), 'README.md');
  assert.equal(literalTail('**/Makefile'), undefined);
  assert.equal(literalTail('*.'), undefined);
  assert.equal(literalTail('**/*.{md,ts}'), undefined);
  assert.equal(literalTail('!*.md'), undefined);
  assert.equal(literalTail('src/*.[jt]s'), undefined);
});

test("a glob's literal folder ends before the last '/' ahead of its first wildcard", () => {
  assert.equal(literalFolder('pkg1/src/**/*.ts'), 'pkg1/src');
  assert.equal(literalFolder('a/**'), 'a');
  assert.equal(literalFolder('src/a.ts'), 'src');
  assert.equal(literalFolder('README.md'), '');
  assert.equal(literalFolder('**/x.ts'), '');
  assert.equal(literalFolder('{a,b}/x.ts'), '');
  assert.equal(literalFolder('a/b{c,d}/x'), 'a');
});
