/**
 * A short fingerprint of a text, for telling byte-identical copies apart from files that only
 * share a name (two skills or subagents of one name clash unless they are copies).
 *
 * Every skill and subagent gets one, so it must cost little next to reading the file: a loop of
 * `charCodeAt` over the 34 MB of 2,500 real-size skills took 48 ms. The text is written out as
 * UTF-8 by `TextEncoder.encodeInto` (native) and hashed four bytes at a time, in two lanes of two
 * FNV-style hashes: 19 ms for the same texts. A text that is not well-formed UTF-16 (a lone
 * surrogate, which UTF-8 cannot carry: `encodeInto` writes U+FFFD for any of them) is hashed by
 * its UTF-16 code units instead, so that it still differs from a text with another lone surrogate.
 */

const encoder = new TextEncoder();
/** Characters encoded at a time: at most 3 bytes each, so the scratch space is 192 KB whatever the text. */
const CHUNK = 64 * 1024;
const scratch = new Uint8Array(3 * CHUNK);
const words = new Int32Array(scratch.buffer);

/** The running state: two lanes of hash A, two of hash B. */
interface Lanes {
  a0: number;
  a1: number;
  b0: number;
  b1: number;
}

const START: Lanes = { a0: 0x811c9dc5, a1: 0x2f3c1a5b, b0: 0x01000193, b1: 0x6a09e667 };

/** Two 32-bit hashes and the length, in base 36. */
export function textFingerprint(text: string): string {
  const [a, b] = finish(isWellFormed(text) ? hashUtf8(text) : hashCodeUnits(text));
  return `${a.toString(36)}.${b.toString(36)}.${text.length}`;
}

function isWellFormed(text: string): boolean {
  const native = (text as { isWellFormed?: () => boolean }).isWellFormed;
  return native ? native.call(text) : !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);
}

function hashUtf8(text: string): Lanes {
  let lanes = START;
  for (let at = 0; at < text.length;) {
    let end = Math.min(text.length, at + CHUNK);
    // A pair of surrogates is never cut in two.
    if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end--;
    const { written } = encoder.encodeInto(at === 0 && end === text.length ? text : text.slice(at, end), scratch);
    lanes = mixBytes(lanes, written);
    at = end;
  }
  return lanes;
}

/** The first `length` bytes of the scratch space, eight at a time (a word to each lane), then the rest one by one. */
function mixBytes(lanes: Lanes, length: number): Lanes {
  let { a0, a1, b0, b1 } = lanes;
  const pairs = length >> 3;
  for (let i = 0; i < pairs; i++) {
    const w0 = words[2 * i]!;
    const w1 = words[2 * i + 1]!;
    a0 = Math.imul(a0 ^ w0, 0x01000193);
    a1 = Math.imul(a1 ^ w1, 0x01000193);
    b0 = Math.imul(b0 ^ w0, 0x5bd1e995);
    b1 = Math.imul(b1 ^ w1, 0x5bd1e995);
  }
  for (let j = pairs * 8; j < length; j++) {
    a0 = Math.imul(a0 ^ scratch[j]!, 0x01000193);
    b0 = Math.imul(b0 ^ scratch[j]!, 0x5bd1e995);
  }
  return { a0, a1, b0, b1 };
}

function hashCodeUnits(text: string): Lanes {
  let { a0, b0 } = START;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a0 = Math.imul(a0 ^ c, 0x01000193);
    b0 = Math.imul(b0 ^ c, 0x5bd1e995);
  }
  return { ...START, a0, b0 };
}

/** Each hash's two lanes made one value, its high bits mixed down. */
function finish(lanes: Lanes): [number, number] {
  let a = Math.imul(lanes.a0 ^ (lanes.a1 >>> 13) ^ (lanes.a1 << 19), 0x85ebca6b);
  a ^= a >>> 16;
  let b = Math.imul(lanes.b0 ^ (lanes.b1 >>> 11) ^ (lanes.b1 << 21), 0xc2b2ae35);
  b ^= b >>> 15;
  return [a >>> 0, b >>> 0];
}

const isHighSurrogate = (c: number) => c >= 0xd800 && c <= 0xdbff;
