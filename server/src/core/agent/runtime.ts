/**
 * The agent3md/1 runtime with the reference's exact semantics: `get`, `route`, `resolve`,
 * `command`, `manifest` and the JSON export. `route` runs over an inverted index from trigger
 * words to phrases; `routeLinear` is the reference algorithm, kept to prove they agree.
 */
import { csvItems, inputSchema, skillOf, triggerTexts, type AgentModel, type Skill } from './model';
import { describeProblem, fillCommand, fillTemplate, type FillOptions, type FillOutcome } from './command';
import { checkInputValues } from './inputValues';
import { RouteIndex, routeWords, type RouteResult } from './routeIndex';

export { routeWords, type RouteResult };

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
    return (this.#index ??= new RouteIndex(this.skills)).route(text);
  }

  /** The reference algorithm, linear in skills × triggers. */
  routeLinear(text: string): RouteResult[] {
    const req = new Set(routeWords(text));
    const out: RouteResult[] = [];
    for (const skill of this.skills) {
      const hits = triggerTexts(skill.plane).filter((t) => {
        const tw = routeWords(t);
        return tw.length > 0 && tw.every((w) => req.has(w));
      });
      if (hits.length) out.push({ skill, score: hits.length, hits });
    }
    return out.sort((a, b) => b.score - a.score || a.skill.z - b.skill.z);
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

  /**
   * The skill's command with values filled and quoted for their shell context; null without a
   * tool. Throws `FillRefused` when a value cannot be filled safely (see `fill`).
   */
  command(nameOrZ: string | number, values: Record<string, unknown> = {}, options: FillOptions = {}): string | null {
    const s = this.get(nameOrZ);
    return s?.tool ? fillCommand(s.tool, values, options) : null;
  }

  /** The fill with its refusals as data; null for an unknown skill or one without a tool. */
  fill(nameOrZ: string | number, values: Record<string, unknown> = {}, options: FillOptions = {}): FillOutcome | null {
    const s = this.get(nameOrZ);
    return s?.tool ? fillTemplate(s.tool, values, options) : null;
  }

  /**
   * The fill a person or a script asked for: the values are first checked against the skill's
   * typed inputs (unknown names, types, and, unless `allowMissing`, required inputs), then filled
   * by shell context. `command` is null when the skill is unknown, has no tool, or a problem stops it.
   */
  fillChecked(nameOrZ: string | number, values: Record<string, unknown>, options: FillOptions & { allowMissing?: boolean } = {}): { command: string | null; problems: string[] } {
    const s = this.get(nameOrZ);
    if (!s) return { command: null, problems: [`no skill ${typeof nameOrZ === 'number' ? `with z=${nameOrZ}` : `named ${JSON.stringify(nameOrZ)}`}`] };
    if (!s.tool) return { command: null, problems: [] };
    const problems = checkInputValues(s.inputs, values, options);
    if (problems.length) return { command: null, problems };
    const r = fillTemplate(s.tool, values, options);
    return r.ok ? { command: r.command, problems: [] } : { command: null, problems: r.problems.map(describeProblem) };
  }

  /** The agent's name: the title, else the `agent` field, else `agent`. */
  get name(): string {
    const { doc } = this.model;
    return doc.title ?? doc.metadata['agent'] ?? 'agent';
  }

  manifest(): Manifest {
    const { doc } = this.model;
    return {
      name: this.name,
      model: doc.metadata['model'] ?? 'unknown',
      tools: csvItems(doc.metadata['tools'] ?? '').map((t) => t.text),
      persona: doc.metadata['persona'] ?? '',
      // The reference throws on an agent without planes; an empty identity is the tolerant answer.
      identity: this.model.identity?.body ?? '',
      skills: this.skills.map((s) => ({ name: s.name, z: s.z, triggers: triggerTexts(s.plane), cost: s.cost, tool: s.tool })),
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
        triggers: triggerTexts(s.plane),
        inputs: inputSchema(s.plane).map((i) => i.name),
        inputSchema: inputSchema(s.plane),
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
