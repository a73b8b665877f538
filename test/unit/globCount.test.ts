/**
 * `countMatches` (server/src/core/instructions/globs.ts) tries a Claude Code glob only on the files
 * under its literal folder: the counts must be those of trying every file.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { countMatches, globMatcher, literalFolder } from '../../server/src/core/instructions/globs';

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
];

test('a Claude Code glob counts the same files as when every file is tried, in any order of the list', () => {
  for (const list of [files, [...files].reverse()])
    for (const glob of globs) {
      const m = globMatcher(glob);
      const everyFile = list.filter((f) => m(f)).length;
      assert.equal(countMatches(glob, list), everyFile, glob);
      assert.equal(countMatches(glob, list, 1), Math.min(1, everyFile), `${glob}, capped`);
    }
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
