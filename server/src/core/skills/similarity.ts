/**
 * How much two skills' listing entries say the same thing: a plain word-overlap score (no model),
 * for `skill-description-similar` and the SKILL.md hover. Documented in
 * docs/rules.md#skill-description-similar; the figures there were set by reading the pairs it
 * finds in the precision corpus.
 *
 * - The text of a skill is what a client lists: its name (twice, as the name weighs more when the
 *   model picks), its description and `when_to_use`.
 * - Words are runs of letters and digits, lowercased, with common English endings dropped (`-s`,
 *   `-ies` → `-y`, `-ment`, `-ing`, `-ed`, a final `-e`); English function words and the words every skill description uses ("use", "when",
 *   "skill", "user"…) are left out. Chinese, Japanese and Korean runs count as character pairs.
 * - Each word weighs (1 + ln count) × idf, idf = ln((N + 1) / (df + 1)) + 1 over the N skills
 *   listed together; in a listing of 6 or more, a word that more than half of them use is
 *   boilerplate and weighs nothing.
 * - The score is the cosine of the two weight vectors (0 to 1).
 * - A pair is reported from SIMILAR_AT up, unless a word of one name (3 letters or more) is found
 *   nowhere in the other skill's name or text: such a word (aws / azure, excel / word) is usually
 *   what tells the model the two apart; nor when one description names the other skill: its
 *   author has already said which one to pick.
 */

export const SIMILAR_AT = 0.5;
/** The listing size from which words most skills use are left out. */
const BOILERPLATE_FROM = 6;

export interface ComparableSkill {
  name: string;
  description: string;
  whenToUse?: string;
}

const STOP = new Set(
  (
    'a an the and or but if then else of to in on for with without by from at as is are was were be been being this that these those it its into ' +
    'over under use used uses using when whenever where which who whom what why how user users ask asks asked request requests skill skills ' +
    'claude agent model should must can could would will may might also any all each every other such not no yes do does done via etc you your ' +
    'they them their we our us me my than more most less very just only about like include includes including eg ie e g i'
  ).split(' '),
);

const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/u;

/** Common English endings off: deploys, deploying, deployed, deployment → deploy; creates, create → creat. */
function stem(word: string): string {
  let w = word;
  if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) w = w.slice(0, -1);
  if (w.length > 6 && w.endsWith('ment')) w = w.slice(0, -4);
  else if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2);
  return w.length > 4 && w.endsWith('e') ? w.slice(0, -1) : w;
}

/** The words of a text as the score counts them. */
export function terms(text: string): string[] {
  const out: string[] = [];
  for (const w of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    if (CJK.test(w)) {
      const cs = [...w];
      if (cs.length === 1) out.push(w);
      for (let i = 0; i + 1 < cs.length; i++) out.push(cs[i]! + cs[i + 1]!);
    } else if (!STOP.has(w)) out.push(stem(w));
  }
  return out;
}

const nameText = (s: ComparableSkill) => s.name.replace(/[-_:]/g, ' ');
const listedText = (s: ComparableSkill) => `${nameText(s)} ${nameText(s)} ${s.description} ${s.whenToUse ?? ''}`;

interface Vector {
  weights: Map<string, number>;
  norm: number;
}

/** The weight vectors of skills listed together (one per skill, in order). */
export function vectorsOf(skills: readonly ComparableSkill[]): Vector[] {
  const counts = skills.map((s) => {
    const tf = new Map<string, number>();
    for (const t of terms(listedText(s))) tf.set(t, (tf.get(t) ?? 0) + 1);
    return tf;
  });
  const df = new Map<string, number>();
  for (const tf of counts) for (const t of tf.keys()) df.set(t, (df.get(t) ?? 0) + 1);
  const n = skills.length;
  return counts.map((tf) => {
    const weights = new Map<string, number>();
    let sum = 0;
    for (const [t, c] of tf) {
      const d = df.get(t)!;
      if (n >= BOILERPLATE_FROM && d > n / 2) continue;
      const w = (1 + Math.log(c)) * (Math.log((n + 1) / (d + 1)) + 1);
      weights.set(t, w);
      sum += w * w;
    }
    return { weights, norm: Math.sqrt(sum) };
  });
}

export function cosine(a: Vector, b: Vector): number {
  if (!a.norm || !b.norm) return 0;
  const [small, large] = a.weights.size <= b.weights.size ? [a, b] : [b, a];
  let dot = 0;
  for (const [t, w] of small.weights) dot += w * (large.weights.get(t) ?? 0);
  return Math.min(1, dot / (a.norm * b.norm));
}

const nameWords = (s: ComparableSkill) => (s.name.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length >= 3 && !STOP.has(w));

/** A word of `s`'s name that `other` never mentions (its start, or a word it starts with), if any. */
export function tellsApart(s: ComparableSkill, other: ComparableSkill): string | undefined {
  const words = `${other.name} ${other.description} ${other.whenToUse ?? ''}`.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return nameWords(s).find((w) => {
    const head = w.slice(0, Math.max(3, w.length - 2));
    return !words.some((o) => o.startsWith(head) || (o.length >= 3 && w.startsWith(o)));
  });
}

/**
 * True when `s`'s text names `other` ("not for PR feedback, that is ce-resolve-pr-feedback",
 * "for signup forms see signup-flow-cro"): the author has already said which to pick.
 */
export function names(s: ComparableSkill, other: ComparableSkill): boolean {
  const name = other.name.toLowerCase();
  const text = `${s.description} ${s.whenToUse ?? ''}`.toLowerCase();
  for (let i = text.indexOf(name); i >= 0; i = text.indexOf(name, i + 1)) {
    const before = text[i - 1] ?? ' ';
    const after = text[i + name.length] ?? ' ';
    if (!/[\p{L}\p{N}_-]/u.test(before) && !/[\p{L}\p{N}_-]/u.test(after)) return true;
  }
  return false;
}

export interface SimilarPair {
  a: number;
  b: number;
  score: number;
}

/**
 * The cosine of every pair that shares a word, from an inverted index (a listing of hundreds of
 * skills mostly shares little, so this is far fewer products than every pair), as `onPair(a, b,
 * score)` with a < b.
 */
function eachSharedPair(vs: readonly Vector[], onPair: (a: number, b: number, score: number) => void): void {
  const postings = new Map<string, { at: number; w: number }[]>();
  vs.forEach((v, at) => {
    for (const [t, w] of v.weights) (postings.get(t) ?? postings.set(t, []).get(t)!).push({ at, w });
  });
  const dot = new Float64Array(vs.length);
  const touched: number[] = [];
  // Postings are in index order: the next entry of each list past the row's own.
  const next = new Map<string, number>();
  vs.forEach((v, a) => {
    for (const [t, w] of v.weights) {
      const list = postings.get(t)!;
      const from = (next.get(t) ?? 0) + 1;
      next.set(t, from);
      for (let j = from; j < list.length; j++) {
        const b = list[j]!.at;
        if (dot[b] === 0) touched.push(b);
        dot[b] += w * list[j]!.w;
      }
    }
    for (const b of touched) {
      onPair(a, b, Math.min(1, dot[b]! / (v.norm * vs[b]!.norm)));
      dot[b] = 0;
    }
    touched.length = 0;
  });
}

/** The pairs (indices into `skills`) that say nearly the same thing, best first. */
export function similarPairs(skills: readonly ComparableSkill[], at = SIMILAR_AT): SimilarPair[] {
  const out: SimilarPair[] = [];
  eachSharedPair(vectorsOf(skills), (a, b, score) => {
    const x = skills[a]!;
    const y = skills[b]!;
    if (score < at) return;
    // The same name is skill-duplicate-name's to report; an empty description says nothing.
    if (x.name === y.name || !x.description.trim() || !y.description.trim()) return;
    if (tellsApart(x, y) !== undefined || tellsApart(y, x) !== undefined || names(x, y) || names(y, x)) return;
    out.push({ a, b, score });
  });
  return out.sort((p, q) => q.score - p.score || p.a - q.a || p.b - q.b);
}

/** How close each text comes to each skill (`scores[text][skill]`), words weighed over the skills. */
export function textScores(skills: readonly ComparableSkill[], texts: readonly string[]): number[][] {
  const vs = vectorsOf([...skills, ...texts.map((description) => ({ name: '', description }))]);
  return texts.map((_, t) => skills.map((_s, i) => cosine(vs[skills.length + t]!, vs[i]!)));
}

/** The `k` skills closest to `skills[i]` by the score (any score above 0), closest first. */
export function nearest(skills: readonly ComparableSkill[], i: number, k: number): { at: number; score: number }[] {
  const vs = vectorsOf(skills);
  const out: { at: number; score: number }[] = [];
  skills.forEach((_, j) => {
    if (j === i) return;
    const score = cosine(vs[i]!, vs[j]!);
    if (score > 0) out.push({ at: j, score });
  });
  return out.sort((p, q) => q.score - p.score).slice(0, k);
}

/** A score as printed: two decimals. */
export const scoreText = (score: number) => score.toFixed(2);
