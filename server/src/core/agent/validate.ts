/**
 * agent3md/1 conformance: every rule of the reference validator, in its order, with its
 * messages, on the narrowest range. Runs on the recovered document even when 3md errors exist.
 * The rules are registered in one place (`AGENT_RULES`): checks of one plane alone run once per
 * plane content (planeChecks.ts); checks of the whole agent run on every analysis, over the
 * document's planes and their kept facts.
 */
import { lineRange, shiftRange, type Diagnostic, type Range } from '../types';
import type { Plane, PlaneSource } from '../threemd/plane';
import type { Segment } from '../threemd/segment';
import type { ThreeMdDocument } from '../threemd/document';
import type { LineageMemo } from '../threemd/structure';
import { attributeOf, buildAgent, dependencies, fieldOf, skillOf, type AgentModel } from './model';
import { AgentRule } from './rules';
import { dependencyGraph, type DependencyGraph } from './dependencyGraph';
import { CYCLE_SHOWN, type Cycle } from './cycles';
import { BUILTIN_PLANE_RULES, diag, findingsOf, planeAnchor, type PlaneRule } from './planeChecks';
import { factsOf, planeFactsOf, sameNumbers, sourceFacts, type PlaneFacts } from './facts';
import { memoized } from './memo';
import { agentIndex, keepAgentIndex, mayCloseCycle } from './agentIndex';
import { directiveSplice } from './directiveSplice';
import { Vec } from '../threemd/vector';

export type { PlaneRule } from './planeChecks';

/** What a check of the whole agent reads: the document, its agent model and dependency graph. */
export interface AgentContext {
  doc: ThreeMdDocument;
  model: AgentModel;
  graph: DependencyGraph;
}

/** A check of the whole agent, registered in `AGENT_RULES.document`. */
export interface DocumentRule {
  readonly name: string;
  check(a: AgentContext, out: Diagnostic[]): void;
}

function frontmatterAnchor(doc: ThreeMdDocument): Range {
  const fm = doc.frontmatter;
  return fm.present ? lineRange(fm.openLine, 0, 3) : lineRange(0, 0, 0);
}

const BUILTIN_DOCUMENT_RULES: readonly DocumentRule[] = [
  { name: 'parse', check: ({ doc }, out) => checkParse(doc, out) },
  { name: 'frontmatter', check: ({ doc }, out) => checkName(doc, out) },
  { name: 'identity', check: ({ model }, out) => checkIdentity(model, out) },
  { name: 'labels', check: ({ model }, out) => checkLabels(model, AGENT_RULES.plane, out) },
  { name: 'entry', check: ({ doc }, out) => checkEntry(doc, out) },
  { name: 'cycle', check: ({ model, graph }, out) => checkCycles(model, graph, out) },
  { name: 'agent-version', check: ({ doc }, out) => checkVersion(doc, out) },
];

/**
 * Every rule the validator runs, in order: the whole-agent checks, then each plane's own (its
 * dead links and undeclared tool, which read the z set and the tools list, between them). A list
 * is never changed: `registerAgentRule` makes a new one, so findings kept for the old list are
 * made again.
 */
export const AGENT_RULES: { document: readonly DocumentRule[]; plane: readonly PlaneRule[] } = {
  document: BUILTIN_DOCUMENT_RULES,
  plane: BUILTIN_PLANE_RULES,
};

/** Adds a rule; returns a function that removes it again. */
export function registerAgentRule(rule: { kind: 'document'; rule: DocumentRule } | { kind: 'plane'; rule: PlaneRule }): () => void {
  if (rule.kind === 'document') AGENT_RULES.document = [...AGENT_RULES.document, rule.rule];
  else AGENT_RULES.plane = [...AGENT_RULES.plane, rule.rule];
  return () => {
    if (rule.kind === 'document') AGENT_RULES.document = AGENT_RULES.document.filter((r) => r !== rule.rule);
    else AGENT_RULES.plane = AGENT_RULES.plane.filter((r) => r !== rule.rule);
  };
}

/** Validates an agent document. `model` may be passed when the caller already built it. */
export function validateAgent(doc: ThreeMdDocument, model: AgentModel = buildAgent(doc)): Diagnostic[] {
  const out: Diagnostic[] = [];
  const rules = AGENT_RULES.plane;
  // Once made, kept up to date on every analysis, so a directive added or removed finds it one edit behind.
  keepAgentIndex(doc, rules);
  const edges = agentCycles(doc, rules);
  const context: AgentContext = {
    doc,
    model,
    graph: {
      edges,
      get targets() {
        return planeFactsOf(doc, rules).map((f) => f.targets);
      },
    },
  };
  for (const rule of AGENT_RULES.document) rule.check(context, out);
  const tools = model.tools;
  const identities = new Set([...model.identityIndexes].map((i) => doc.planeList.get(i)));
  const dead = deadLinkDiagnostic();
  for (const p of planesWithFindings(doc, model, rules)) {
    const skill = !identities.has(p);
    for (const d of dependencies(p)) if (!doc.zs.has(d.z)) out.push(dead(d.z, d.range));
    const found = placedFindings(p, rules);
    for (let r = 0; r < rules.length; r++) {
      if (skill || !rules[r]!.skillsOnly) for (const d of found[r]!) out.push(d);
      if (rules[r] === BUILTIN_PLANE_RULES[0] && skill && tools.length) checkUndeclaredTool(p, model, out);
    }
  }
  return out;
}

/**
 * Dead-link diagnostics, with one message and one (frozen) data value per target: an agent with
 * hundreds of thousands of links to one missing plane makes that many diagnostics before the cap,
 * and the copies of the same text were most of what the collector had to trace.
 */
function deadLinkDiagnostic(): (z: number, range: Range) => Diagnostic {
  const shared = new Map<number, { message: string; data: { readonly target: number } }>();
  return (z, range) => {
    let s = shared.get(z);
    if (!s) shared.set(z, (s = { message: `link [[z=${z}]] points to a plane that does not exist`, data: Object.freeze({ target: z }) }));
    return { code: AgentRule.deadLink, severity: 'error', message: s.message, range, data: s.data };
  };
}

/** Per directive: its plane source, or null when rejected; equal facts (for `same`) count as the same source. */
function sameSource(rules: readonly PlaneRule[], same: (a: PlaneFacts, b: PlaneFacts) => boolean) {
  return (a: PlaneSource | null, b: PlaneSource | null) => a !== null && b !== null && same(sourceFacts(a, rules), sourceFacts(b, rules));
}

/** What the memo of a whole-agent result is keyed on: the directives' sources and which are duplicates. */
function sourcesOf(doc: ThreeMdDocument): { keys: Vec<PlaneSource | null>; duplicate: unknown } {
  return { keys: doc.structure?.sources ?? Vec.EMPTY, duplicate: doc.structure?.duplicate };
}

/** The targets that are planes of the document (a dead link is no edge of the graph). */
function liveTargets(targets: readonly number[], zs: ReadonlySet<number>): readonly number[] {
  for (const z of targets) if (!zs.has(z)) return targets.filter((t) => zs.has(t));
  return targets;
}

/** The cycles of a graph and the z set its live links were read with. */
interface GraphResult {
  edges: Cycle[];
  zs: ReadonlySet<number>;
}

/**
 * The cycles of the dependency graph (plane indexes; a cycle's `dep` counts only links to planes
 * that exist), searched again only when the graph between plane indexes changed. A dead link
 * typed or removed leaves it as it was, and so does a plane renumbered to a z that no link names
 * from a z that no link named: its index keeps the same (no) incoming links, and every other
 * plane's links stay live or dead as before (the z set changes only in those two values).
 */
function agentCycles(doc: ThreeMdDocument, rules: readonly PlaneRule[]): Cycle[] {
  const { keys, duplicate } = sourcesOf(doc);
  const zs = doc.zs;
  const kept = (doc.structure?.memo as LineageMemo | undefined)?.entries?.get('graph')?.result as GraphResult | undefined;
  const before = kept?.zs ?? zs;
  // Whether some link names a z, from the agent index (kept along the lineage; it counts duplicates' links too, which only makes the graph searched again).
  const isNamed = (z: number) => agentIndex(doc, rules).named.has(z);
  const same = (a: PlaneFacts, b: PlaneFacts) =>
    sameNumbers(liveTargets(a.targets, zs), liveTargets(b.targets, before)) && (a.z === b.z || (before !== zs && !isNamed(a.z) && !isNamed(b.z)));
  const result = memoized<PlaneSource | null, GraphResult>(
    doc.structure,
    'graph',
    keys,
    [duplicate],
    sameSource(rules, same),
    () => {
      const facts = planeFactsOf(doc, rules);
      return {
        zs,
        edges: dependencyGraph(
          facts.map((f) => f.z),
          facts.map((f) => liveTargets(f.targets, zs)),
        ).edges,
      };
    },
    undefined,
    // Directives added or removed in a graph without cycles: a new cycle would have to go through one of the new planes.
    (old, _splice, oldKeys, oldExtra) => {
      if (old.edges.length) return undefined;
      const ds = directiveSplice(doc, oldKeys, oldExtra[0]);
      if (!ds || mayCloseCycle(ds.newPlanes, agentIndex(doc, rules), rules)) return undefined;
      return { zs, edges: old.edges };
    },
  );
  return result.zs === zs ? result.edges : keepZs(doc, result, zs);
}

/** A kept graph result, now read with the document's z set (the next look compares against it). */
function keepZs(doc: ThreeMdDocument, result: GraphResult, zs: ReadonlySet<number>): Cycle[] {
  const entry = (doc.structure!.memo as LineageMemo).entries!.get('graph')!;
  (doc.structure!.memo as LineageMemo).entries!.set('graph', { ...entry, result: { edges: result.edges, zs } });
  return result.edges;
}

/** The `k`th dependency link of a plane that names an existing plane. */
function liveDependency(doc: ThreeMdDocument, p: Plane, k: number) {
  for (const d of dependencies(p)) if (doc.zs.has(d.z) && k-- === 0) return d;
  throw new Error('cycle: no such dependency link');
}

/** Which directives' planes have something to show, and those planes in order. */
interface Flagged {
  /** Per directive: 1 when its plane has something to show. */
  flags: Uint8Array;
  planes: readonly number[];
}

/**
 * The planes with something to show: a dead link, a plane rule's finding, an undeclared tool.
 * Per directive, a flag that depends on its plane's facts alone (with the z set, the tools list
 * and the identities): when some planes' facts changed, only their flags are made again. The
 * findings themselves are read from the planes as they are now.
 */
function planesWithFindings(doc: ThreeMdDocument, model: AgentModel, rules: readonly PlaneRule[]): Plane[] {
  const { keys, duplicate } = sourcesOf(doc);
  const zs = doc.zs;
  const toolNames = model.tools.map((t) => t.text);
  const tools = new Set(toolNames);
  const identities = new Set([...model.identityIndexes].map((i) => doc.planeList.get(i)));
  const dead = (f: PlaneFacts) => f.targets.some((z) => !zs.has(z));
  const same = (a: PlaneFacts, b: PlaneFacts) => a.skillFindings === b.skillFindings && a.commonFindings === b.commonFindings && a.binary === b.binary && dead(a) === dead(b);
  const flag = (p: Plane) => {
    const f = factsOf(p, rules);
    const skill = !identities.has(p);
    const undeclared = skill && f.binary !== null && tools.size > 0 && !tools.has(f.binary);
    return dead(f) || undeclared || (skill ? f.skillFindings : f.commonFindings) ? 1 : 0;
  };
  const directives = doc.directiveList;
  const listed = (flags: Uint8Array): Flagged => {
    const planes: number[] = [];
    for (let t = 0; t < flags.length; t++) if (flags[t]) planes.push(t);
    return { flags, planes };
  };
  const identity = [...model.identityIndexes].join(',');
  const extra = [duplicate, zs, rules, toolNames.join('\n'), identity];
  const result = memoized(
    doc.structure,
    'findings',
    keys,
    extra,
    sameSource(rules, same),
    () => {
      const flags = new Uint8Array(directives.length);
      for (let t = 0; t < directives.length; t++) {
        const p = directives.get(t)!.plane;
        if (p) flags[t] = flag(p);
      }
      return listed(flags);
    },
    // A directive whose source changed and is still a plane (same duplicates, same length) changes its own flag only.
    (old, changed) => {
      // Most keystrokes change no flag: the old result is kept (no copy of a flag per directive).
      let flags: Uint8Array | undefined;
      for (const t of changed) {
        const p = directives.get(t)!.plane;
        if (!p) return undefined;
        const f = flag(p);
        if (f !== old.flags[t]) (flags ??= old.flags.slice())[t] = f;
      }
      return flags ? listed(flags) : old;
    },
    // Directives added or removed: the other directives keep their flags when the tools, rules and identities are the same and no link names a z that came or went.
    (old, _splice, oldKeys, oldExtra) => {
      for (let i = 2; i < extra.length; i++) if (oldExtra[i] !== extra[i]) return undefined;
      const ds = directiveSplice(doc, oldKeys, oldExtra[0]);
      if (!ds) return undefined;
      // The same identity indexes are the same planes only before the splice, or after it when it kept the plane count.
      for (const i of model.identityIndexes) if (i >= ds.planeAt && (i < ds.planeAt + ds.planesAdded || ds.planesAdded !== ds.planesRemoved)) return undefined;
      const index = agentIndex(doc, rules);
      for (const z of ds.zsChanged) if (index.named.has(z)) return undefined;
      const flags = new Uint8Array(directives.length);
      flags.set(old.flags.subarray(0, ds.at), 0);
      for (let t = ds.at; t < ds.at + ds.added; t++) {
        const p = directives.get(t)!.plane;
        if (p) flags[t] = flag(p);
      }
      flags.set(old.flags.subarray(ds.at + ds.removed), ds.at + ds.added);
      return listed(flags);
    },
  );
  return result.planes.map((t) => directives.get(t)!.plane!);
}

declare module '../threemd/plane' {
  interface ViewMemo {
    /** The plane's findings per rule, on its lines, for the rule list they were made with. */
    placed?: { rules: readonly PlaneRule[]; byRule: Diagnostic[][] };
  }
}

/** A plane's findings moved to its lines (kept on the view: a view's line never changes). */
function placedFindings(p: Plane, rules: readonly PlaneRule[]): Diagnostic[][] {
  const memo = (p.memo ??= {});
  if (memo.placed?.rules === rules) return memo.placed.byRule;
  const own = findingsOf(p, rules).byRule;
  const n = p.directive ? p.line : 0;
  const byRule = n === 0 ? own : own.map((list) => (list.length ? list.map((d) => moved(d, n)) : list));
  memo.placed = { rules, byRule };
  return byRule;
}

/** A finding of a plane checked on line 0, on the plane's lines. */
function moved(d: Diagnostic, n: number): Diagnostic {
  return { ...d, range: shiftRange(d.range, n), ...(d.related ? { related: d.related.map((r) => ({ ...r, range: shiftRange(r.range, n) })) } : {}) };
}

function checkParse(doc: ThreeMdDocument, out: Diagnostic[]): void {
  const issue = (i: { code: string; message: string; range: Range }) =>
    out.push(diag(AgentRule.parse, 'error', `not valid 3md: ${i.message}`, i.range, { data: { threemd: i.code } }));
  for (const i of doc.headIssues) issue(i);
  for (const t of directivesWithIssues(doc)) for (const i of doc.directiveList.get(t)!.issues) issue(i);
}

/** Indexes of the directives with a grammar issue or a duplicate z: found again only when a directive line with an issue came or went. */
function directivesWithIssues(doc: ThreeMdDocument): readonly number[] {
  const st = doc.structure;
  if (!st) return doc.directives.map((_, t) => t);
  const clean = (s: Segment) => s.parsed.issues.length === 0;
  // A segment that is not a directive (fenced text) has no say; one that is compares by whether its line has issues.
  const same = (a: Segment, b: Segment, k: number) => !isTop(st.tops, k) || (clean(a) && clean(b));
  return memoized(st, 'parse', st.segments, [st.tops, st.duplicate], same, () => {
    const out: number[] = [];
    for (let t = 0; t < st.tops.length; t++) if (st.duplicate[t] || !clean(st.segments.get(st.tops[t]!)!)) out.push(t);
    return out;
  });
}

function isTop(tops: Int32Array, k: number): boolean {
  let lo = 0;
  let hi = tops.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (tops[mid] === k) return true;
    if (tops[mid]! < k) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

function checkUndeclaredTool(p: Plane, m: AgentModel, out: Diagnostic[]): void {
  const s = skillOf(p);
  if (!s.tool) return;
  const binary = s.binary;
  if (!binary || m.tools.some((t) => t.text === binary.text)) return;
  const sname = p.label ?? `skill-${s.z}`;
  const toolsField = fieldOf(m.doc, 'tools')!;
  out.push(
    diag(AgentRule.undeclaredTool, 'warning', `skill "${sname}" runs "${binary.text}", which is not in the agent's tools list`, binary.range, {
      related: [{ range: toolsField.valueRange, message: "the agent's tools list" }],
      data: { binary: binary.text },
    }),
  );
}

function checkName(doc: ThreeMdDocument, out: Diagnostic[]): void {
  if (doc.title || doc.metadata['agent']) return;
  const f = fieldOf(doc, 'title', true) ?? fieldOf(doc, 'agent');
  out.push(diag(AgentRule.frontmatter, 'error', 'need a `title:` or `agent:` to name the agent', f ? f.keyRange : frontmatterAnchor(doc)));
}

function checkIdentity(m: AgentModel, out: Diagnostic[]): void {
  const ids = m.explicitIdentities;
  if (ids.length > 1) {
    for (const extra of ids.slice(1)) {
      const kind = attributeOf(extra, 'kind');
      out.push(
        diag(AgentRule.identity, 'error', `expected one identity plane, found ${ids.length}`, kind ? kind.valueRange : planeAnchor(extra), {
          related: [{ range: planeAnchor(ids[0]!), message: `first identity plane (z=${ids[0]!.z})` }],
        }),
      );
    }
  } else if (ids.length === 0 && m.doc.planeList.length === 0) {
    out.push(diag(AgentRule.identity, 'error', 'document has no planes (need at least an identity plane)', frontmatterAnchor(m.doc)));
  }
}

function checkLabels(m: AgentModel, rules: readonly PlaneRule[], out: Diagnostic[]): void {
  const planes = m.doc.planeList;
  for (const [i, firstAt] of labelProblems(m, rules)) {
    const p = planes.get(i)!;
    if (firstAt < 0) {
      const attr = attributeOf(p, 'label');
      const msg = `skill at z=${p.z} has no label (every skill needs a name)`;
      out.push(diag(AgentRule.missingLabel, 'error', msg, attr ? attr.valueRange : planeAnchor(p)));
      continue;
    }
    const label = p.label!.trim();
    const first = planes.get(firstAt)!;
    out.push(
      diag(AgentRule.uniqueSkill, 'error', `duplicate skill name "${label}" (also at z=${first.z})`, attributeOf(p, 'label')!.valueRange, {
        related: [{ range: attributeOf(first, 'label')!.valueRange, message: `"${label}" is first declared at z=${first.z}` }],
      }),
    );
  }
}

/** Skills without a label (`[i, -1]`) and skills whose label an earlier one has (`[i, first]`): found again only when a z, label or kind changed. */
function labelProblems(m: AgentModel, rules: readonly PlaneRule[]): readonly (readonly [number, number])[] {
  const { keys, duplicate } = sourcesOf(m.doc);
  // The z is read when the problems are shown: a renumbered plane keeps the verdicts.
  const same = (a: PlaneFacts, b: PlaneFacts) => a.name === b.name && a.identity === b.identity;
  return memoized<PlaneSource | null, readonly (readonly [number, number])[]>(
    m.doc.structure,
    'labels',
    keys,
    [duplicate],
    sameSource(rules, same),
    () => {
      const facts = planeFactsOf(m.doc, rules);
      const seen = new Map<string, number>();
      const out: [number, number][] = [];
      for (let i = 0; i < facts.length; i++) {
        if (m.identityIndexes.has(i)) continue;
        const label = facts[i]!.name;
        if (!label) {
          out.push([i, -1]);
          continue;
        }
        const firstAt = seen.get(label);
        if (firstAt === undefined) seen.set(label, i);
        else out.push([i, firstAt]);
      }
      return out;
    },
    undefined,
    (old, _splice, oldKeys, oldExtra) => shiftedLabelProblems(m, rules, old, oldKeys, oldExtra[0]),
  );
}

/**
 * The label problems after directives were added or removed, from the old ones, when every plane
 * that came or went is a skill (not an identity, not plane 0) with a name no other plane has:
 * then no problem involves them and the others' indexes only shift.
 */
function shiftedLabelProblems(
  m: AgentModel,
  rules: readonly PlaneRule[],
  old: readonly (readonly [number, number])[],
  oldKeys: Vec<PlaneSource | null>,
  oldDuplicate: unknown,
): readonly (readonly [number, number])[] | undefined {
  const ds = directiveSplice(m.doc, oldKeys, oldDuplicate);
  if (!ds || ds.planeAt === 0) return undefined;
  const index = agentIndex(m.doc, rules);
  const own = new Set<string>();
  for (const src of ds.newPlanes) {
    const f = sourceFacts(src, rules);
    if (f.identity || f.name === null || index.names.get(f.name) !== 1) return undefined;
    own.add(f.name);
  }
  const gone = new Set<string>();
  for (const src of ds.oldPlanes) {
    const f = sourceFacts(src, rules);
    if (f.identity || f.name === null || gone.has(f.name) || (index.names.has(f.name) && !own.has(f.name))) return undefined;
    gone.add(f.name);
  }
  const after = ds.planeAt + ds.planesRemoved;
  const by = ds.planesAdded - ds.planesRemoved;
  const shift = (i: number) => (i >= after ? i + by : i);
  return old.map(([i, first]) => [shift(i), shift(first)] as const);
}

function checkEntry(doc: ThreeMdDocument, out: Diagnostic[]): void {
  const f = fieldOf(doc, 'entry');
  if (!f) return;
  const raw = f.value.trim();
  if (!/^-?\d+$/.test(raw)) {
    out.push(diag(AgentRule.entry, 'error', `entry: "${f.value}" must be a plane z (an integer)`, f.valueRange));
  } else if (!doc.zs.has(Number(raw))) {
    out.push(diag(AgentRule.entry, 'error', `entry: "${f.value}" does not resolve to a real plane`, f.valueRange));
  }
}

/**
 * Each strongly connected component with a cycle (agent/dependencyGraph.ts) is reported once, on
 * the link that closes its first cycle, with a bounded list of its planes as related information:
 * the cycle's steps (at most `CYCLE_SHOWN`), then how many steps are left, then the component's
 * other planes (at most `CYCLE_SHOWN` named).
 */
function checkCycles(m: AgentModel, graph: Pick<DependencyGraph, 'edges'>, out: Diagnostic[]): void {
  const planes = m.doc.planeList;
  for (const e of graph.edges) {
    const chain = e.chain.map((i) => planes.get(i)!);
    const dep = liveDependency(m.doc, planes.get(e.source)!, e.dep);
    const related = chain.slice(0, CYCLE_SHOWN).map((p, i) => ({
      range: planeAnchor(p),
      message: `z=${p.z}${p.label ? ` "${p.label}"` : ''} depends on z=${(chain[i + 1] ?? chain[0]!).z}`,
    }));
    if (e.length > CYCLE_SHOWN) {
      related.push({
        range: planeAnchor(chain[CYCLE_SHOWN]!),
        message: `… and ${e.length - CYCLE_SHOWN} more planes on this cycle (${e.length} in all), back to z=${chain[0]!.z}`,
      });
    }
    if (e.size > e.length) {
      const more = e.size - e.length;
      const named = e.others.map((i) => `z=${planes.get(i)!.z}`).join(', ');
      const rest = more > e.others.length ? ` and ${more - e.others.length} more` : '';
      related.push({
        range: planeAnchor(planes.get(e.others[0]!)!),
        message: `${more} more plane${more === 1 ? '' : 's'} in a cycle with these (each reaches every other): ${named}${rest}`,
      });
    }
    out.push(diag(AgentRule.cycle, 'error', `dependency cycle detected (involving plane z=${dep.z})`, dep.range, { related }));
  }
}

/** agent3md/1 says `3md: 1.0`; the reference does not check it (docs/rules.md#agent-version). */
function checkVersion(doc: ThreeMdDocument, out: Diagnostic[]): void {
  const v = fieldOf(doc, '3md', true);
  if (v && doc.version && doc.version !== '1.0') {
    out.push(diag(AgentRule.agentVersion, 'information', `agent3md/1 agents are written in 3md 1.0; this file says "${doc.version}"`, v.valueRange));
  }
}
