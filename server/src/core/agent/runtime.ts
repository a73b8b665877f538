/**
 * The agent3md/1 runtime with the reference's exact semantics: `get`, `route`, `resolve`,
 * `command`, `manifest` and the JSON export. `route` runs over an inverted index from trigger
 * words to phrases; `routeLinear` is the reference algorithm, kept to prove they agree.
 */
import { csvItems, skillOf, type AgentModel, type Skill } from './model';
import { fillCommand } from './command';

export interface RouteResult {
  skill: Skill;
  score: number;
  /** The matching trigger phrases, in declaration order (duplicates count twice). Do not modify: lists may be shared. */
  hits: readonly string[];
}

export interface ManifestSkill {
  name: string;
  z: number;
  triggers: string[];
  cost: string | null;
  tool: string | null;
}

export interface Manifest {
  name: string;
  model: string;
  tools: string[];
  persona: string;
  identity: string;
  skills: ManifestSkill[];
}

/** Lowercased maximal runs of Unicode letters and digits. */
export function routeWords(s: string): string[] {
  return s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

interface Phrase {
  skill: number;
  index: number;
  words: string[];
  text: string;
  /** `[text]`, frozen: the hits of a skill that matched by this phrase alone. */
  alone: readonly string[];
}

interface RouteIndex {
  byWord: Map<string, Phrase[]>;
  /** Per skill, the score and first matching phrase of the request being ranked (further ones in `more`); reset when `route` returns. */
  scores: Int32Array;
  first: (Phrase | undefined)[];
  more: Map<number, Phrase[]>;
  /** Per skill, its position in z order; and the reverse. */
  zRank: Int32Array;
  byZRank: Int32Array;
}

export class AgentRuntime {
  readonly model: AgentModel;
  /** Routable skills in the runtime's `byName` order (first key position, last value). */
  readonly skills: Skill[];
  readonly #byName = new Map<string, Skill>();
  readonly #byZ = new Map<number, Skill>();
  #index: RouteIndex | undefined;

  constructor(model: AgentModel) {
    this.model = model;
    const identity = model.identity;
    for (const p of model.doc.planes) {
      if (p === identity) continue;
      const s = skillOf(p);
      this.#byName.set(s.name, s);
      this.#byZ.set(s.z, s);
    }
    this.skills = [...this.#byName.values()];
  }

  /** A skill by z (number) or exact name (string); never the identity. */
  get(nameOrZ: string | number): Skill | undefined {
    return typeof nameOrZ === 'number' ? this.#byZ.get(nameOrZ) : this.#byName.get(nameOrZ);
  }

  /** Ranks skills for a request: score (matching phrases) descending, then z ascending. */
  route(text: string): RouteResult[] {
    const index = (this.#index ??= this.#buildIndex());
    const req = new Set(routeWords(text));
    const { scores, first, more } = index;
    const touched: number[] = [];
    for (const w of req) {
      const filed = index.byWord.get(w);
      if (!filed) continue;
      for (const ph of filed) {
        // Filed under its first word, which is in the request; check the rest.
        let all = true;
        for (let k = 1; k < ph.words.length && all; k++) all = req.has(ph.words[k]!);
        if (!all) continue;
        const s = ph.skill;
        if (scores[s] === 0) {
          touched.push(s);
          first[s] = ph;
        } else {
          const list = more.get(s);
          if (list) list.push(ph);
          else more.set(s, [first[s]!, ph]);
        }
        scores[s]!++;
      }
    }
    const order = this.#rank(touched, index);
    const out: RouteResult[] = new Array(touched.length);
    for (let k = 0; k < order.length; k++) {
      const i = order[k]!;
      const score = scores[i]!;
      // A single hit shares its phrase's frozen one-element list; several are listed in declaration order.
      const hits = score === 1 ? first[i]!.alone : more.get(i)!.sort((x, y) => x.index - y.index).map((ph) => ph.text);
      out[k] = { skill: this.skills[i]!, score, hits };
      scores[i] = 0;
      first[i] = undefined;
    }
    more.clear();
    return out;
  }

  /**
   * Matched skills in ranking order: score descending, then z ascending. Few matches (under a
   * thirty-second of the skills, where a sort is cheaper than a walk) are sorted on one numeric
   * key; more are collected by one walk over the skills in z order into buckets per score.
   */
  #rank(touched: number[], index: RouteIndex): ArrayLike<number> {
    const { scores, zRank, byZRank } = index;
    const n = this.skills.length;
    let maxScore = 0;
    for (const i of touched) if (scores[i]! > maxScore) maxScore = scores[i]!;
    if (touched.length * 32 < n) {
      const keys = new Float64Array(touched.length);
      for (let k = 0; k < touched.length; k++) keys[k] = (maxScore - scores[touched[k]!]!) * n + zRank[touched[k]!]!;
      keys.sort();
      const order = new Int32Array(keys.length);
      for (let k = 0; k < keys.length; k++) order[k] = byZRank[keys[k]! % n]!;
      return order;
    }
    const count = new Int32Array(maxScore + 2);
    for (const i of touched) count[maxScore - scores[i]! + 1]!++;
    for (let b = 1; b < count.length; b++) count[b]! += count[b - 1]!;
    const order = new Int32Array(touched.length);
    for (let r = 0; r < n; r++) {
      const i = byZRank[r]!;
      const sc = scores[i]!;
      if (sc) order[count[maxScore - sc]!++] = i;
    }
    return order;
  }

  /** The reference algorithm, linear in skills × triggers. */
  routeLinear(text: string): RouteResult[] {
    const req = new Set(routeWords(text));
    const out: RouteResult[] = [];
    for (const skill of this.skills) {
      const hits = skill.triggers
        .map((t) => t.text)
        .filter((t) => {
          const tw = routeWords(t);
          return tw.length > 0 && tw.every((w) => req.has(w));
        });
      if (hits.length) out.push({ skill, score: hits.length, hits });
    }
    return out.sort((a, b) => b.score - a.score || a.skill.z - b.skill.z);
  }

  /**
   * Each phrase is filed under its first word: a phrase can only match when that word is present.
   * Also a score buffer (all zeros between calls) and each skill's rank in z order.
   */
  #buildIndex(): RouteIndex {
    const byWord = new Map<string, Phrase[]>();
    this.skills.forEach((s, skill) => {
      s.triggers.forEach((t, i) => {
        const words = routeWords(t.text);
        if (!words.length) return;
        let list = byWord.get(words[0]!);
        if (!list) byWord.set(words[0]!, (list = []));
        list.push({ skill, index: i, words, text: t.text, alone: Object.freeze([t.text]) });
      });
    });
    const byZRank = Int32Array.from(this.skills.map((_, i) => i).sort((a, b) => this.skills[a]!.z - this.skills[b]!.z));
    const zRank = new Int32Array(this.skills.length);
    byZRank.forEach((skill, rank) => (zRank[skill] = rank));
    return { byWord, scores: new Int32Array(this.skills.length), first: new Array<Phrase | undefined>(this.skills.length).fill(undefined), more: new Map(), zRank, byZRank };
  }

  /** The skill and its transitive dependencies, start first, depth-first pre-order, each once. */
  resolve(nameOrZ: string | number): Skill[] {
    const start = this.get(nameOrZ);
    if (!start) return [];
    const out: Skill[] = [start];
    const seen = new Set<number>([start.z]);
    const stack: { skill: Skill; next: number }[] = [{ skill: start, next: 0 }];
    while (stack.length) {
      const top = stack[stack.length - 1]!;
      if (top.next >= top.skill.deps.length) {
        stack.pop();
        continue;
      }
      const dep = this.#byZ.get(top.skill.deps[top.next++]!.z);
      if (!dep || seen.has(dep.z)) continue;
      seen.add(dep.z);
      out.push(dep);
      stack.push({ skill: dep, next: 0 });
    }
    return out;
  }

  /** The skill's command with values filled and shell-quoted; null without a tool. */
  command(nameOrZ: string | number, values: Record<string, unknown> = {}): string | null {
    const s = this.get(nameOrZ);
    return s?.tool ? fillCommand(s.tool, values) : null;
  }

  manifest(): Manifest {
    const { doc } = this.model;
    return {
      name: doc.title ?? doc.metadata['agent'] ?? 'agent',
      model: doc.metadata['model'] ?? 'unknown',
      tools: csvItems(doc.metadata['tools'] ?? '').map((t) => t.text),
      persona: doc.metadata['persona'] ?? '',
      // The reference throws on an agent without planes; an empty identity is the tolerant answer.
      identity: this.model.identity?.body ?? '',
      skills: this.skills.map((s) => ({ name: s.name, z: s.z, triggers: s.triggers.map((t) => t.text), cost: s.cost, tool: s.tool })),
    };
  }

  /** The `agent3md/1` JSON export (as an object; stringify with two-space indentation). */
  exportJson(bodies = false): Record<string, unknown> {
    const m = this.manifest();
    const out: Record<string, unknown> = {
      schema: 'agent3md/1',
      agent: { name: m.name, model: m.model, tools: m.tools, persona: m.persona },
      skills: this.skills.map((s) => ({
        name: s.name,
        z: s.z,
        triggers: s.triggers.map((t) => t.text),
        inputs: s.inputs.map((i) => i.name),
        inputSchema: s.inputs.map((i) => ({ name: i.name, type: i.type, required: i.required })),
        tool: s.tool,
        cost: s.cost,
        deps: s.deps.map((d) => d.z),
      })),
    };
    if (bodies) {
      const b: Record<string, string> = {};
      for (const s of this.skills) b[s.name] = s.plane.body;
      out['bodies'] = b;
    }
    return out;
  }
}
