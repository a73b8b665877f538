/**
 * The inverted index behind `AgentRuntime.route`. Trigger words are interned to small integers and
 * each phrase is filed under its first word in one flat typed array per word, so matching reads
 * contiguous memory and allocates nothing. Skills are numbered by their position in z order: a
 * bitmap of matched skills read from the low bit up is already in tie-break order, and ranking is
 * a counting sort by score on top of it. A skill matched by one phrase gets a frozen result object
 * shared between calls; only skills with several hits get a new one.
 */
import { triggerTexts, type Skill } from './model';

export interface RouteResult {
  skill: Skill;
  score: number;
  /** The matching trigger phrases, in declaration order (duplicates count twice). Results and lists may be shared and frozen: do not modify. */
  hits: readonly string[];
}

/** Lowercased maximal runs of Unicode letters and digits. */
export function routeWords(s: string): string[] {
  return s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

export class RouteIndex {
  /** Skills in z order (ties keep their runtime order, as the reference's stable sort does). */
  readonly #skills: Skill[];
  readonly #vocab = new Map<string, number>();
  /**
   * Per word id, the phrases whose first word it is, flat: skill rank, phrase id, the count of
   * further words, their ids. Phrase ids rise through each skill's triggers in declaration order.
   */
  readonly #postings: (Int32Array | undefined)[];
  /** Per phrase id: its text, and the whole result of a skill that matched by it alone (made on first use, frozen, shared). */
  readonly #texts: string[] = [];
  readonly #alone: (Readonly<RouteResult> | undefined)[];

  // Scratch state of one `route` call, all zeros between calls (`#head` and `#next` are read only where set).
  readonly #scores: Int32Array;
  /** Per skill rank, the last matched phrase; per phrase, the one matched before it in the same skill. */
  readonly #head: Int32Array;
  readonly #next: Int32Array;
  readonly #matched: Uint32Array;
  readonly #touched: Int32Array;
  /** Per word id, the request that last contained it; a request is `#epoch`. */
  readonly #seen: Uint32Array;
  #epoch = 0;

  constructor(skills: readonly Skill[]) {
    this.#skills = skills
      .map((s, i) => ({ s, i }))
      .sort((a, b) => a.s.z - b.s.z || a.i - b.i)
      .map((e) => e.s);
    // Built as plain arrays (one per word, made when the word is first seen), then packed.
    const postings: (number[] | undefined)[] = [];
    const intern = (word: string): number => {
      let id = this.#vocab.get(word);
      if (id === undefined) {
        this.#vocab.set(word, (id = postings.length));
        postings.push(undefined);
      }
      return id;
    };
    this.#skills.forEach((skill, rank) => {
      for (const text of triggerTexts(skill.plane)) {
        const words = routeWords(text);
        if (!words.length) continue;
        const list = (postings[intern(words[0]!)] ??= []);
        list.push(rank, this.#texts.length, words.length - 1);
        for (let k = 1; k < words.length; k++) list.push(intern(words[k]!));
        this.#texts.push(text);
      }
    });
    this.#postings = postings.map((list) => list && Int32Array.from(list));
    this.#alone = new Array<RouteResult | undefined>(this.#texts.length).fill(undefined);
    const n = this.#skills.length;
    this.#scores = new Int32Array(n);
    this.#head = new Int32Array(n);
    this.#next = new Int32Array(this.#texts.length);
    this.#matched = new Uint32Array((n + 31) >>> 5);
    this.#touched = new Int32Array(n);
    this.#seen = new Uint32Array(this.#vocab.size);
  }

  /** Ranks skills for a request: score (matching phrases) descending, then z ascending. */
  route(text: string): RouteResult[] {
    const seen = this.#seen;
    if (++this.#epoch === 0x100000000) {
      seen.fill(0);
      this.#epoch = 1;
    }
    const epoch = this.#epoch;
    const words: number[] = [];
    for (const w of routeWords(text)) {
      const id = this.#vocab.get(w);
      if (id !== undefined && seen[id] !== epoch) {
        seen[id] = epoch;
        words.push(id);
      }
    }
    const scores = this.#scores;
    const head = this.#head;
    const next = this.#next;
    const matched = this.#matched;
    const touched = this.#touched;
    let count = 0;
    let maxScore = 0;
    for (const w of words) {
      const list = this.#postings[w];
      if (!list) continue;
      for (let k = 0; k < list.length;) {
        const rank = list[k]!;
        const phrase = list[k + 1]!;
        const end = k + 3 + list[k + 2]!;
        let all = true;
        for (k += 3; k < end; k++) all &&= seen[list[k]!] === epoch;
        if (!all) continue;
        // A skill's hits are chained from its last one through `next`; the bitmap and `touched` list the skills.
        const score = scores[rank]! + 1;
        scores[rank] = score;
        if (score === 1) {
          matched[rank >>> 5]! |= 1 << (rank & 31);
          touched[count++] = rank;
        } else next[phrase] = head[rank]!;
        head[rank] = phrase;
        if (score > maxScore) maxScore = score;
      }
    }
    return this.#collect(count, maxScore);
  }

  /** The matched skills in z order (from the bitmap, or sorted when they are few), then counting-sorted by score. */
  #collect(count: number, maxScore: number): RouteResult[] {
    const matched = this.#matched;
    const inZOrder = this.#touched.subarray(0, count);
    if (count * 8 < matched.length) {
      inZOrder.sort();
      for (const rank of inZOrder) matched[rank >>> 5] = 0;
    } else {
      let k = 0;
      for (let w = 0; w < matched.length; w++) {
        let bits = matched[w]!;
        if (!bits) continue;
        matched[w] = 0;
        while (bits) {
          const low = bits & -bits;
          inZOrder[k++] = (w << 5) | (31 - Math.clz32(low));
          bits ^= low;
        }
      }
    }
    const out = new Array<RouteResult>(count);
    const scores = this.#scores;
    // Start of each score's run in the output: the highest score first.
    const start = new Int32Array(maxScore + 1);
    for (const rank of inZOrder) start[scores[rank]!]!++;
    for (let s = maxScore, at = 0; s >= 1; s--) {
      const n = start[s]!;
      start[s] = at;
      at += n;
    }
    for (const rank of inZOrder) {
      const score = scores[rank]!;
      out[start[score]!++] = score === 1 ? (this.#alone[this.#head[rank]!] ?? this.#single(rank)) : this.#several(rank, score);
      scores[rank] = 0;
    }
    return out;
  }

  /** The shared result of a skill matched by one phrase, made on first use. */
  #single(rank: number): RouteResult {
    const id = this.#head[rank]!;
    return (this.#alone[id] = Object.freeze({ skill: this.#skills[rank]!, score: 1, hits: Object.freeze([this.#texts[id]!]) }));
  }

  /** A skill with several hits: its phrases, read back from the chain and put in declaration (id) order. */
  #several(rank: number, score: number): RouteResult {
    const ids = new Array<number>(score);
    // Insertion sort while reading the chain: a skill has few triggers.
    for (let k = 0, id = this.#head[rank]!; k < score; k++, id = this.#next[id]!) {
      let at = k;
      for (; at > 0 && ids[at - 1]! > id; at--) ids[at] = ids[at - 1]!;
      ids[at] = id;
    }
    const hits = new Array<string>(score);
    for (let k = 0; k < score; k++) hits[k] = this.#texts[ids[k]!]!;
    return { skill: this.#skills[rank]!, score, hits };
  }
}
