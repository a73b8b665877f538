/**
 * `textFingerprint` tells byte-identical copies from texts that differ: the same text gives the
 * same fingerprint however it was built, and a change anywhere (a character, an insertion, a
 * deletion, in the tail bytes, at an encoding chunk's edge, a lone surrogate) gives another.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loopedFingerprint, textFingerprint } from '../../server/src/core/text/fingerprint';

/** A small deterministic generator (mulberry32), so a failure names a reproducible case. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t ^= t + Math.imul(t ^ (t >>> 7), 61 | t);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ALPHABET = ['a', 'b', ' ', '\n', 'é', '✓', '中', '😀', '\u0000', '-', 'Z'];

function randomText(next: () => number, length: number): string {
  let out = '';
  while (out.length < length) out += ALPHABET[Math.floor(next() * ALPHABET.length)];
  return out;
}

test('a text and its copy built another way have one fingerprint, of the form hash.hash.length', () => {
  const text = `---\nname: pdf\ndescription: Reads PDFs — and fills forms ✓ 😀\n---\n${'Body.\n'.repeat(50)}`;
  const copy = [...text].join('');
  assert.equal(textFingerprint(copy), textFingerprint(text));
  assert.match(textFingerprint(text), new RegExp(`^[0-9a-z]+\\.[0-9a-z]+\\.${text.length}$`));
  assert.equal(textFingerprint(''), textFingerprint(''.slice(0)));
});

test('every one-character change, insertion and deletion of a text gives a fingerprint of its own', () => {
  const next = random(1);
  const text = randomText(next, 300);
  const seen = new Map<string, string>([[textFingerprint(text), text]]);
  const add = (t: string) => {
    if (t === text) return;
    const f = textFingerprint(t);
    const other = seen.get(f);
    assert.ok(other === undefined || other === t, `two texts share ${f}`);
    seen.set(f, t);
  };
  for (let i = 0; i < text.length; i++) {
    for (const c of ['x', 'é', '\uD83D']) add(text.slice(0, i) + c + text.slice(i + 1));
    add(text.slice(0, i) + 'y' + text.slice(i));
    add(text.slice(0, i) + text.slice(i + 1));
  }
  assert.ok(seen.size > 1000);
});

test('short texts of every length up to 24 differ in their tail bytes', () => {
  const seen = new Set<string>();
  for (let n = 0; n <= 24; n++) for (const c of ['a', 'b', 'é', '😀']) seen.add(textFingerprint('q'.repeat(n) + c));
  assert.equal(seen.size, 25 * 4);
});

test('texts longer than one encoding chunk: the same text agrees, a change on either side of a chunk edge or in a pair across it differs', () => {
  const base = 'x'.repeat(70_000);
  for (const edge of [65_535, 65_536, 65_537]) {
    // An astral character whose two code units sit on both sides of the 64 K edge, or just before or after it.
    const withPair = (emoji: string) => base.slice(0, edge - 1) + emoji + base.slice(edge + 1);
    assert.equal(textFingerprint(withPair('😀')), textFingerprint([...withPair('😀')].join('')));
    assert.notEqual(textFingerprint(withPair('😀')), textFingerprint(withPair('😁')));
    assert.notEqual(textFingerprint(withPair('😀')), textFingerprint(base));
  }
  const long = randomText(random(2), 200_000);
  assert.equal(textFingerprint(long), textFingerprint(long.split('').join('')));
  assert.notEqual(textFingerprint(long), textFingerprint(long.slice(0, 150_000) + 'Q' + long.slice(150_001)));
});

test('lone surrogates are told apart from one another and from the replacement character', () => {
  const prints = ['\uD800', '\uD801', '\uDC00', '\uFFFD', '\uD83D\uDE00'].map((s) => textFingerprint(`a ${s} b`));
  assert.equal(new Set(prints).size, prints.length);
  assert.equal(textFingerprint('a \uD800 b'), textFingerprint(['a', ' \uD800', ' b'].join('')));
});

test('no two of 20,000 random texts share a fingerprint', () => {
  const next = random(3);
  const seen = new Map<string, string>();
  for (let i = 0; i < 20_000; i++) {
    const t = randomText(next, Math.floor(next() * 40));
    const f = textFingerprint(t);
    const other = seen.get(f);
    assert.ok(other === undefined || other === t, `${JSON.stringify(t)} and ${JSON.stringify(other)} share ${f}`);
    seen.set(f, t);
  }
});

test('the fingerprint from Node’s UTF-16 writer is the one the loop of the browser’s worker makes, at every length and across chunks', () => {
  const next = random(3);
  const texts = ['', 'a', 'ab', 'abc', 'abcd', 'abcde', '\uD800', 'x\uDC00', ...Array.from({ length: 40 }, (_, i) => randomText(next, i))];
  for (const n of [65_535, 65_536, 65_537, 131_075]) texts.push(randomText(next, n));
  for (const t of texts) assert.equal(textFingerprint(t), loopedFingerprint(t), `length ${t.length}`);
  assert.equal(new Set(texts.map(textFingerprint)).size, new Set(texts).size);
});
