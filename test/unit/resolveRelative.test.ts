/**
 * `resolveRelative` joins most paths as text (a plain folder URI and a plain relative path need no
 * parsing), and the Node host reads a plain file URI's path as text; every join and path equals
 * the one made through vscode-uri, however odd the parts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { URI } from 'vscode-uri';
import { isPlainFileUri, resolveByUri, resolveRelative } from '../../server/src/core/world/paths';

/** A small seeded generator, so a failure names inputs that can be made again. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x9e3779b9) >>> 0;
    return s / 2 ** 32;
  };
}

const PARTS = ['a', 'B', 'skill-1', '.claude', 'x_y', 'v1.2', '~tmp', '.', '..', '', 'a b', 'c%3A', 'C:', 'é', 'q?x', 'f#g', 'back\\slash', '...', '.x.', '-'];

test('a join made as text equals the join made through vscode-uri', () => {
  const r = random(42);
  const part = () => PARTS[Math.floor(r() * PARTS.length)]!;
  const parts = (n: number) => Array.from({ length: 1 + Math.floor(r() * n) }, part);
  let plain = 0;
  for (let i = 0; i < 20_000; i++) {
    const dir = `file:///${parts(4).join('/')}${r() < 0.1 ? '/' : ''}`;
    const rel = parts(3).join('/');
    const joined = resolveRelative(dir, rel);
    assert.equal(joined, resolveByUri(dir, rel), `${dir} + ${rel}`);
    if (joined === `${dir}/${rel}`) plain++;
  }
  assert.ok(plain > 1000, `only ${plain} joins were plain`);
});

test('plain parts are joined as they are; dot parts, encodings and trailing slashes are resolved', () => {
  assert.equal(resolveRelative('file:///ws/skills/pdf', 'scripts/fill.py'), 'file:///ws/skills/pdf/scripts/fill.py');
  assert.equal(resolveRelative('file:///ws/.claude/skills/x', '../y/SKILL.md'), 'file:///ws/.claude/skills/y/SKILL.md');
  assert.equal(resolveRelative('file:///ws/', './a b.md'), 'file:///ws/a%20b.md');
});

test('a plain file URI is its path after file://, as vscode-uri reads it', () => {
  const r = random(7);
  const part = () => PARTS[Math.floor(r() * PARTS.length)]!;
  let plain = 0;
  for (let i = 0; i < 5000; i++) {
    const uri = `file:///${Array.from({ length: 1 + Math.floor(r() * 4) }, part).join('/')}`;
    if (!isPlainFileUri(uri)) continue;
    plain++;
    assert.equal(uri.slice('file://'.length), URI.parse(uri).fsPath, uri);
    assert.equal(URI.parse(uri).toString(), uri, uri);
  }
  assert.ok(plain > 500, `only ${plain} plain URIs`);
});
