/**
 * A short fingerprint of a text, for telling byte-identical copies apart from files that only
 * share a name (two skills or subagents of one name clash unless they are copies).
 *
 * Every skill and subagent gets one, so it must cost little next to reading the file. The text's
 * UTF-16 code units are hashed two at a time (one 32-bit word), two words to a step, in two lanes
 * of two FNV-style hashes. Code units, not UTF-8: a lone surrogate is a code unit like any other,
 * so no text needs a check for one first (encoding to UTF-8 and that check were 130-230 ms over
 * the 65 M characters of 2,500 real-size skills; these words are 60-80 ms).
 *
 * Where the host has Node's `Buffer` (and is little-endian), its native UTF-16 writer fills a
 * scratch space with the words, 64 K characters at a time; elsewhere (the browser's worker) a loop
 * makes the same words with `charCodeAt`. Both give the same fingerprint
 * (test/unit/fingerprint.test.ts).
 */

/** Characters written at a time: an even count, so a chunk's words end where the next one's start. */
const CHUNK = 64 * 1024;

interface NodeBuffer extends Uint8Array {
  write(text: string, offset: number, encoding: 'utf16le'): number;
}
type BufferClass = { alloc(size: number): NodeBuffer };

/** The host's `Buffer`, on a little-endian machine (where its bytes read as the loop's words). */
const littleEndian = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
const nodeBuffer = littleEndian ? (globalThis as { Buffer?: BufferClass }).Buffer : undefined;

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
  return fingerprintOf(text, nodeBuffer ? hashWritten : hashLooped);
}

/** The fingerprint with the words made by a loop, whatever the host: what the browser's worker computes. */
export function loopedFingerprint(text: string): string {
  return fingerprintOf(text, hashLooped);
}

function fingerprintOf(text: string, hash: (text: string) => Lanes): string {
  const [a, b] = finish(hash(text));
  return `${a.toString(36)}.${b.toString(36)}.${text.length}`;
}

let scratch: { bytes: NodeBuffer; words: Int32Array } | undefined;

/** The words as the host's `Buffer` writes them: little-endian code units, two to an `Int32Array` item. */
function hashWritten(text: string): Lanes {
  if (!scratch) {
    const bytes = nodeBuffer!.alloc(2 * CHUNK);
    scratch = { bytes, words: new Int32Array(bytes.buffer, bytes.byteOffset, bytes.length >> 2) };
  }
  const { bytes, words } = scratch;
  let lanes = START;
  for (let at = 0; at < text.length; at += CHUNK) {
    const end = Math.min(text.length, at + CHUNK);
    const units = bytes.write(at === 0 && end === text.length ? text : text.slice(at, end), 0, 'utf16le') >> 1;
    lanes = mixWords(lanes, words, units);
  }
  return lanes;
}

/** The same words made by `charCodeAt`, mixed as `mixWords` mixes them (a chunk holds a multiple of four units, so chunks change nothing here). */
function hashLooped(text: string): Lanes {
  let { a0, a1, b0, b1 } = START;
  const units = text.length;
  const at = (i: number) => text.charCodeAt(i);
  const steps = units >> 2;
  for (let i = 0; i < steps; i++) {
    const w0 = at(4 * i) | (at(4 * i + 1) << 16);
    const w1 = at(4 * i + 2) | (at(4 * i + 3) << 16);
    a0 = Math.imul(a0 ^ w0, 0x01000193);
    a1 = Math.imul(a1 ^ w1, 0x01000193);
    b0 = Math.imul(b0 ^ w0, 0x5bd1e995);
    b1 = Math.imul(b1 ^ w1, 0x5bd1e995);
  }
  const words = new Int32Array(2);
  const rest = units & 3;
  for (let k = 0; k < rest; k++) words[k >> 1]! |= at(4 * steps + k) << (16 * (k & 1));
  return mixWords({ a0, a1, b0, b1 }, words, rest);
}

/**
 * Mixes `units` code units held in `words`: two words a step (one to each lane), then the word
 * left, then a lone last unit (the low half of the word after). A chunk holds an even count of
 * units, so only the text's end has a word or a unit left.
 *
 * The steps and what is left are two functions: V8 compiles the loop of a long text while it runs
 * (on-stack replacement) and keeps that code for the next call; code after the loop that had not
 * run yet was compiled with no type feedback, so the kept code fell back to the interpreter at
 * that point again and again (466 times in a one-thread `check` of 2,500 skills; now 2). The
 * time this cost was within the noise of counters around the calls (a CPU profile said more).
 * The same still happened to `mixSteps` in about one `check` in five (446-453 fallbacks, at its
 * return, 130-200 ms of a 1.5 s run): V8 gives a function the store for its type feedback only
 * after its first few calls (8 in Node 20's V8), so when the call that got it was a long text,
 * the loop could be compiled before that call had reached the return, and the compiled loop was
 * kept. `warmUp` below calls both a dozen times on a short text when the module loads, so every
 * line has run with feedback before a long text comes (0 fallbacks in 20 runs of that `check`).
 */
function mixWords(lanes: Lanes, words: Int32Array, units: number): Lanes {
  return mixRest(mixSteps(lanes, words, units >> 2), words, units);
}

function mixSteps(lanes: Lanes, words: Int32Array, steps: number): Lanes {
  let { a0, a1, b0, b1 } = lanes;
  for (let i = 0; i < steps; i++) {
    const w0 = words[2 * i]!;
    const w1 = words[2 * i + 1]!;
    a0 = Math.imul(a0 ^ w0, 0x01000193);
    a1 = Math.imul(a1 ^ w1, 0x01000193);
    b0 = Math.imul(b0 ^ w0, 0x5bd1e995);
    b1 = Math.imul(b1 ^ w1, 0x5bd1e995);
  }
  return { a0, a1, b0, b1 };
}

/** The word and the unit left after the steps. */
function mixRest(lanes: Lanes, words: Int32Array, units: number): Lanes {
  let { a0, a1, b0, b1 } = lanes;
  const steps = units >> 2;
  if (units & 2) {
    const w = words[2 * steps]!;
    a0 = Math.imul(a0 ^ w, 0x01000193);
    b0 = Math.imul(b0 ^ w, 0x5bd1e995);
  }
  if (units & 1) {
    const u = words[units >> 1]! & 0xffff;
    // A lone last unit mixes into the other lanes, so `ab` and `a` + `b` as the next word never meet.
    a1 = Math.imul(a1 ^ u, 0x01000193);
    b1 = Math.imul(b1 ^ u, 0x5bd1e995);
  }
  return { a0, a1, b0, b1 };
}

/** Each hash's two lanes made one value, its high bits mixed down. */
function finish(lanes: Lanes): [number, number] {
  let a = Math.imul(lanes.a0 ^ (lanes.a1 >>> 13) ^ (lanes.a1 << 19), 0x85ebca6b);
  a ^= a >>> 16;
  let b = Math.imul(lanes.b0 ^ (lanes.b1 >>> 11) ^ (lanes.b1 << 21), 0xc2b2ae35);
  b ^= b >>> 15;
  return [a >>> 0, b >>> 0];
}

/** Seven units (one step, then a word and a lone unit left), a dozen times: every line of `mixSteps` and `mixRest` runs with feedback. */
function warmUp(): void {
  const words = new Int32Array(4);
  for (let i = 0; i < 12; i++) mixWords(START, words, 7);
}

warmUp();
