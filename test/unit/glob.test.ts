import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import picomatch from 'picomatch/posix';
import { compileGlob, GLOB_LIMITS } from '../../server/src/core/workspace/glob';
import { InMemoryHost } from '../../server/src/core/workspace/host';
import { analyzeInstructions } from '../../server/src/core/instructions';
import { isIgnored, parseConfig } from '../../server/src/core/config';
import { runs } from '../helpers/runs';

const reference = (glob: string, path: string) => picomatch(glob, { dot: true })(path);

test('the bounded matcher agrees with picomatch on generated globs and paths', () => {
  const piece = fc.constantFrom('a', 'b', '.', '-', '_', '*', '?', '[ab]', '[a-c]', '[.b]', '{a,b}', '{,a}', '{a,{b,c}}', '{*,b}', '/', '**/', '/**', 'x.md');
  const glob = fc.array(piece, { minLength: 1, maxLength: 7 }).map((p) => p.join(''));
  const segment = fc.constantFrom('a', 'b', 'ab', '.a', 'ba', 'a.b', '-', 'x.md', 'c', 'aab', '_');
  const path = fc.array(segment, { minLength: 1, maxLength: 4 }).map((s) => s.join('/'));
  fc.assert(
    fc.property(glob, fc.array(path, { minLength: 1, maxLength: 6 }), (g, paths) => {
      const c = compileGlob(g);
      if (c.tooCostly) return;
      for (const p of paths) assert.equal(c.match(p), reference(g, p), `${g} against ${p}`);
    }),
    { numRuns: runs(3000), seed: 31 },
  );
});

test('forms left to picomatch still match as picomatch does', () => {
  for (const [g, p] of [
    ['[!a]', 'b'],
    ['[^a]', 'b'],
    ['a{1..3}', 'a2'],
    ['!(a).md', 'b.md'],
    ['x/**a', 'x/y/za'],
    ['a**b', 'axb'],
    ['\\*', '*'],
    ['{a}', '{a}'],
  ] as const)
    assert.equal(compileGlob(g).match(p), reference(g, p), `${g} against ${p}`);
});

test('`*a` twelve times then `b` against a 40-character name is matched in bounded work', { timeout: 15_000 }, () => {
  const c = compileGlob(`${'*a'.repeat(12)}b`);
  assert.equal(c.tooCostly, undefined);
  assert.equal(c.match('a'.repeat(40)), false);
  assert.equal(c.match(`${'a'.repeat(40)}b`), true);
  assert.equal(compileGlob(`**/${'*a'.repeat(12)}b/**`).match(`x/${'a'.repeat(200)}/y`), false);
});

test('globs whose matching time would grow with the power of their wildcards are reported as too costly, and match nothing', () => {
  const c = compileGlob(`${'*a'.repeat(12)}+(b)`);
  assert.match(c.tooCostly!, /it has 12 '\*' or '\*\*' and 1 pattern group/);
  assert.equal(c.match('ab'), false);
  assert.match(compileGlob('{a,b}'.repeat(9)).tooCostly!, new RegExp(`more than ${GLOB_LIMITS.alternatives} patterns`));
  assert.equal(compileGlob('!(a)*.md').tooCostly, undefined);
});

test('a glob too costly to match is reported where it is written: applyTo, paths and ignore', () => {
  const costly = `${'*a'.repeat(4)}+(b)`;
  const copilot = analyzeInstructions(`---\napplyTo: "${costly}"\n---\n# R\n`, 'file:///ws/.github/instructions/x.instructions.md', new InMemoryHost(), {
    workspaceFiles: ['file:///ws/ab'],
  });
  assert.deepEqual(
    copilot.diagnostics.map((d) => [d.code, d.severity, d.range.start.line]),
    [['instructions-glob-too-costly', 'information', 1]],
  );
  assert.match(copilot.diagnostics[0]!.message, /GitHub Copilot still applies it/);
  const claude = analyzeInstructions(`---\npaths:\n  - "${costly}"\n---\n# R\n`, 'file:///ws/.claude/rules/x.md', new InMemoryHost(), { workspaceFiles: ['file:///ws/ab'] });
  assert.deepEqual(
    claude.diagnostics.map((d) => d.code),
    ['instructions-glob-too-costly'],
  );
  const config = parseConfig(JSON.stringify({ ignore: ['vendor/**', costly] }));
  assert.deepEqual(
    config.diagnostics.map((d) => [d.code, d.range.start.character]),
    [['config-ignore-too-costly', 23]],
  );
  assert.equal(isIgnored({ uri: 'file:///ws/.agent-files.json', config: config.config }, 'file:///ws/vendor/x/SKILL.md'), true);
});
