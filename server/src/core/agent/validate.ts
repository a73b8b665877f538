/**
 * agent3md/1 conformance: every rule of the reference validator, in its order, with its
 * messages, on the narrowest range. Runs on the recovered document even when 3md errors exist.
 */
import { lineRange, shiftRange, type Diagnostic, type Range, type Severity } from '../types';
import { memoOf, type Plane, type ThreeMdDocument } from '../threemd/syntax';
import { attributeOf, buildAgent, dependencies, fieldOf, INPUT_TYPES, previousIdentities, rolesKept, skillOf, type AgentModel, type Skill } from './model';
import { AgentRule } from './rules';
import { PlaneTable, spliced, splicedIndexes } from '../planeTable';

function diag(code: string, severity: Severity, message: string, range: Range, extra?: Partial<Diagnostic>): Diagnostic {
  return { code, severity, message, range, ...extra };
}

/** Where a plane-level problem is shown when no narrower element applies: the `@plane` keyword. */
function planeAnchor(p: Plane): Range {
  return p.directive ? p.directive.keywordRange : (p.bodyRange ?? lineRange(p.bodyStartLine, 0, 0));
}

function frontmatterAnchor(doc: ThreeMdDocument): Range {
  const fm = doc.frontmatter;
  return fm.present ? lineRange(fm.openLine, 0, 3) : lineRange(0, 0, 0);
}

/** Validates an agent document. `model` may be passed when the caller already built it. */
export function validateAgent(doc: ThreeMdDocument, model: AgentModel = buildAgent(doc)): Diagnostic[] {
  const out: Diagnostic[] = [];
  const memo = shapeMemo(doc);
  // What the check of the previous shape knew, when an incremental re-parse spliced it into this one.
  const before = doc.splice && doc.splice.shape !== doc.shape ? shapeMemos.get(doc.splice.shape) : undefined;
  const rolesSame = rolesKept(doc);
  for (const issue of issuesOf(doc, memo, before)) {
    out.push(diag(AgentRule.parse, 'error', `not valid 3md: ${issue.message}`, issue.range, { data: { threemd: issue.code } }));
  }
  checkName(doc, out);
  checkIdentity(model, out);
  checkLabels(model, memo, rolesSame ? before : undefined, out);
  checkEntry(doc, out);
  const graph = checkCycles(model, out);
  checkVersion(doc, out);
  const context: PlaneContext = { zs: doc.zs, tools: model.tools.map((t) => t.text).join(',') };
  const own = (i: number) => planeDiagnostics(doc.planes[i]!, model, context, !model.identityIndexes.has(i));
  const isEmpty = (d: Diagnostic[]) => d.length === 0;
  const last = memo.planes;
  if (last?.current(doc)) {
    // Nothing changed since the last check.
  } else if (last?.precedes(doc)) {
    // An edit within the shape (a body or the preamble): the new plane is checked, moved ones are shifted.
    last.carry(doc, own, isEmpty);
  } else if (before?.planes?.precedes(doc) && rolesSame && doc.splice!.zsChanged.every((z) => !graph.targeted.has(z))) {
    // A structural edit: the planes outside the splice keep their role, and no link of theirs
    // resolves differently (the frontmatter, hence the tools list, is never part of a splice).
    memo.planes = before.planes.carry(doc, own, isEmpty);
    before.planes = undefined;
  } else {
    // Planes identical to the last check of this shape reuse its result without any lookup.
    memo.planes = PlaneTable.build(doc, own, isEmpty, last);
  }
  const { values, nonEmpty } = memo.planes!;
  for (const i of nonEmpty) for (const d of values[i]!) out.push(d);
  return out;
}

/** What a plane's own diagnostics depend on besides its content and role: the z set and the tools list. */
interface PlaneContext {
  zs: ReadonlySet<number>;
  tools: string;
}

/** Facts that only change with the document's structure (docs: ThreeMdDocument.shape). */
interface ShapeMemo {
  /** Directives that have grammar issues. */
  issueDirectives?: number[];
  /** Label problems as plane indexes: [index, index of the first holder] (-1: no label). */
  labels?: [number, number][];
  /** How many skills have each (trimmed) label. */
  labelCount?: Map<string, number>;
  /** The own diagnostics of every plane at the last check. */
  planes?: PlaneTable<Diagnostic[]>;
}

const shapeMemos = new WeakMap<object, ShapeMemo>();

function shapeMemo(doc: ThreeMdDocument): ShapeMemo {
  let m = shapeMemos.get(doc.shape);
  if (!m) shapeMemos.set(doc.shape, (m = {}));
  return m;
}

/** The document's grammar issues in the reference's order, without walking every directive. */
function issuesOf(doc: ThreeMdDocument, memo: ShapeMemo, before: ShapeMemo | undefined) {
  if (!memo.issueDirectives) {
    const s = doc.splice;
    const known = before?.issueDirectives;
    if (s && known) {
      const { at, removed, added } = s.directives;
      const fresh: number[] = [];
      for (let i = at; i < at + added; i++) if (doc.directives[i]!.issues.length) fresh.push(i);
      memo.issueDirectives = splicedIndexes(known, at, removed, added, fresh);
    } else memo.issueDirectives = doc.directives.flatMap((d, i) => (d.issues.length ? [i] : []));
  }
  return [...doc.headIssues, ...memo.issueDirectives.flatMap((i) => doc.directives[i]!.issues)];
}

interface CachedPlane {
  zs: ReadonlySet<number>;
  tools: string;
  skill: boolean;
  line: number;
  diagnostics: Diagnostic[];
}

/**
 * Diagnostics that depend only on one plane (and the context): cached per plane content, so an
 * edit re-checks the edited plane only; planes an edit merely moved reuse theirs, shifted.
 */
declare module '../threemd/syntax' {
  interface PlaneMemo {
    /** The plane's own diagnostics, on the plane's content (`origin ?? plane`). */
    diagnostics?: CachedPlane;
  }
}
/** The one list of a plane without diagnostics (read only). */
const NO_DIAGNOSTICS: Diagnostic[] = Object.freeze([]) as unknown as Diagnostic[];

function planeDiagnostics(p: Plane, m: AgentModel, c: PlaneContext, skill: boolean): Diagnostic[] {
  const key = p.origin ?? p;
  const line = p.directive?.line ?? p.bodyStartLine;
  const memo = memoOf(key);
  const hit = memo.diagnostics;
  if (hit && hit.tools === c.tools && hit.skill === skill && (hit.zs === c.zs || sameLinkTargets(p, hit.zs, c.zs))) {
    hit.zs = c.zs;
    return hit.line === line ? hit.diagnostics : hit.diagnostics.map((d) => shiftDiagnostic(d, hit.line, line - hit.line));
  }
  const out: Diagnostic[] = [];
  for (const d of dependencies(p)) {
    if (!c.zs.has(d.z)) out.push(diag(AgentRule.deadLink, 'error', `link [[z=${d.z}]] points to a plane that does not exist`, d.range, { data: { target: d.z } }));
  }
  if (skill) checkSkill(skillOf(p), m, out);
  checkPlaneExtras(p, out);
  const diagnostics = out.length ? out : NO_DIAGNOSTICS;
  memo.diagnostics = { zs: c.zs, tools: c.tools, skill, line, diagnostics };
  return diagnostics;
}

/** True when each dependency link of the plane resolves in `b` exactly as in `a` (the only use a plane's own checks make of the z set). */
function sameLinkTargets(p: Plane, a: ReadonlySet<number>, b: ReadonlySet<number>): boolean {
  for (const d of dependencies(p)) if (a.has(d.z) !== b.has(d.z)) return false;
  return true;
}

/** Moves what lies in the plane (from line `from` on) by `n` lines; what lies before it (the frontmatter) stays. */
function shiftDiagnostic(d: Diagnostic, from: number, n: number): Diagnostic {
  const move = (r: Range) => (r.start.line >= from ? shiftRange(r, n) : r);
  return { ...d, range: move(d.range), related: d.related?.map((r) => ({ ...r, range: move(r.range) })) };
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
  } else if (ids.length === 0 && m.doc.planes.length === 0) {
    out.push(diag(AgentRule.identity, 'error', 'document has no planes (need at least an identity plane)', frontmatterAnchor(m.doc)));
  }
}

function checkLabels(m: AgentModel, memo: ShapeMemo, before: ShapeMemo | undefined, out: Diagnostic[]): void {
  const planes = m.doc.planes;
  if (!memo.labels && !carryLabels(m, memo, before)) {
    const found: [number, number][] = [];
    const seen = new Map<string, number>();
    const count = new Map<string, number>();
    planes.forEach((p, i) => {
      if (m.identityIndexes.has(i)) return;
      const label = p.label?.trim();
      if (!label) {
        found.push([i, -1]);
        return;
      }
      count.set(label, (count.get(label) ?? 0) + 1);
      if (seen.has(label)) found.push([i, seen.get(label)!]);
      else seen.set(label, i);
    });
    memo.labels = found;
    memo.labelCount = count;
  }
  for (const [i, firstAt] of memo.labels!) {
    const p = planes[i]!;
    if (firstAt < 0) {
      const attr = attributeOf(p, 'label');
      const msg = `skill at z=${p.z} has no label (every skill needs a name)`;
      out.push(diag(AgentRule.missingLabel, 'error', msg, attr ? attr.valueRange : planeAnchor(p)));
      continue;
    }
    const first = planes[firstAt]!;
    const label = p.label!.trim();
    out.push(
      diag(AgentRule.uniqueSkill, 'error', `duplicate skill name "${label}" (also at z=${first.z})`, attributeOf(p, 'label')!.valueRange, {
        related: [{ range: attributeOf(first, 'label')!.valueRange, message: `"${label}" is first declared at z=${first.z}` }],
      }),
    );
  }
}

/**
 * Label problems after a structural edit whose skills outside the splice keep their role: when
 * every removed skill had a label no other skill had, and every added skill has a label no other
 * skill has, the problems are the previous ones on shifted indexes.
 */
function carryLabels(m: AgentModel, memo: ShapeMemo, before: ShapeMemo | undefined): boolean {
  const doc = m.doc;
  const s = doc.splice;
  const count = before?.labelCount;
  const identities = previousIdentities(doc);
  if (!s || !before?.labels || !count || !identities) return false;
  // The counts are updated as they are checked; when the check fails they are dropped (the caller counts again).
  before.labelCount = undefined;
  const wasIdentity = identities.length ? new Set(identities) : new Set([0]);
  for (let i = s.at; i < s.at + s.removed; i++) {
    if (wasIdentity.has(i)) continue;
    const label = s.base[i]!.label?.trim();
    if (!label || count.get(label) !== 1) return false;
    count.delete(label);
  }
  for (let i = s.at; i < s.at + s.added; i++) {
    if (m.identityIndexes.has(i)) continue;
    const label = doc.planes[i]!.label?.trim();
    if (!label || count.has(label)) return false;
    count.set(label, 1);
  }
  const shift = (i: number) => (i < s.at ? i : i + s.added - s.removed);
  memo.labels = before.labels.map(([i, first]) => [shift(i), first < 0 ? first : shift(first)]);
  memo.labelCount = count;
  return true;
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

/** A back edge: plane `source` (index), its dependency `dep` (index), and the chain of plane indexes. */
interface BackEdge {
  source: number;
  dep: number;
  chain: number[];
}

/**
 * The last cycle search of a document and the documents re-parsed from it (keyed by their shared
 * `linkTargets`): the plane array and revision it saw, each plane's dependency targets, how many
 * dependency links target each z, and the back edges.
 */
interface Graph {
  array: Plane[];
  revision: number;
  /** A private copy of the planes searched, and the z set they resolved against. */
  seen: Plane[];
  zs: ReadonlySet<number>;
  targets: number[][];
  targeted: Map<number, number>;
  edges: BackEdge[];
}

const graphs = new WeakMap<object, Graph>();

/**
 * Three-colour DFS without recursion (document-controlled depth must not overflow the stack).
 * Every back edge is reported, on the link that closes the cycle, with the chain as related info.
 * The search is carried over an incremental edit when the graph it sees cannot have changed.
 */
function checkCycles(m: AgentModel, out: Diagnostic[]): Graph {
  const doc = m.doc;
  const planes = doc.planes;
  let graph = graphs.get(doc.linkTargets);
  if (!graph || !(graph.array === planes && graph.revision === doc.revision) && !carryGraph(graph, doc) && !reuseGraph(graph, doc)) {
    const targets = planes.map((p) => dependencies(p).map((d) => d.z));
    const targeted = new Map<number, number>();
    for (const t of targets) for (const z of t) targeted.set(z, (targeted.get(z) ?? 0) + 1);
    graph = { array: planes, revision: doc.revision, seen: planes.slice(), zs: doc.zs, targets, targeted, edges: findBackEdges(planes, targets) };
    graphs.set(doc.linkTargets, graph);
  }
  for (const e of graph.edges) {
    const chain = e.chain.map((i) => planes[i]!);
    const dep = dependencies(planes[e.source]!)[e.dep]!;
    out.push(
      diag(AgentRule.cycle, 'error', `dependency cycle detected (involving plane z=${dep.z})`, dep.range, {
        related: chain.map((p, i) => ({
          range: planeAnchor(p),
          message: `z=${p.z}${p.label ? ` "${p.label}"` : ''} depends on z=${(chain[i + 1] ?? chain[0]!).z}`,
        })),
      }),
    );
  }
  return graph;
}

/**
 * Carries the graph over the document's splice, in place, when the back edges cannot have
 * changed. Either the new planes replace the removed ones one for one, each with the same
 * dependency targets and either the same z or a z that no link targets before or after (a plane
 * nothing reaches is searched from itself, in the same turn); or every removed and added plane is
 * isolated (no dependency, and no link targets its z); or the graph had no cycle and can have
 * none now. The z set changes only by the z values of removed and added planes, so no other link
 * resolves differently. Returns false when the search must run again.
 *
 * With no cycle, `edges` is empty whatever the order of the search; with cycles, which links
 * close them depends on the order, so only the first two cases keep them.
 */
function carryGraph(graph: Graph, doc: ThreeMdDocument): boolean {
  const s = doc.splice;
  if (!s || graph.array !== s.base || graph.revision !== s.revision) return false;
  const added: number[][] = [];
  for (let i = s.at; i < s.at + s.added; i++) added.push(dependencies(doc.planes[i]!).map((d) => d.z));
  const same = (a: number[], b: number[]) => a.length === b.length && a.every((z, k) => z === b[k]);
  const unreached = (z: number) => !graph.targeted.has(z);
  const replaces = (k: number) => {
    const a = s.base[s.at + k]!.z;
    const b = doc.planes[s.at + k]!.z;
    return same(added[k]!, graph.targets[s.at + k]!) && (a === b || (unreached(a) && unreached(b)));
  };
  let oneForOne = s.added === s.removed;
  for (let k = 0; oneForOne && k < s.added; k++) oneForOne = replaces(k);
  let isolated = !oneForOne;
  for (let k = 0; isolated && k < s.removed; k++) isolated = !graph.targets[s.at + k]!.length && unreached(s.base[s.at + k]!.z);
  for (let k = 0; isolated && k < s.added; k++) isolated = !added[k]!.length && unreached(doc.planes[s.at + k]!.z);
  if (!oneForOne && !isolated && !staysAcyclic(graph, doc, added)) return false;
  const shift = s.added - s.removed;
  if (shift !== 0) {
    graph.targets = spliced(graph.targets, s.at, s.removed, added);
    const move = (i: number) => (i < s.at ? i : i + shift);
    graph.edges = graph.edges.map((e) => ({ source: move(e.source), dep: e.dep, chain: e.chain.map(move) }));
  } else for (let k = 0; k < added.length; k++) graph.targets[s.at + k] = added[k]!;
  if (s.base === doc.planes) for (let k = 0; k < s.added; k++) graph.seen[s.at + k] = doc.planes[s.at + k]!;
  else graph.seen = doc.planes.slice();
  graph.array = doc.planes;
  graph.revision = doc.revision;
  graph.zs = doc.zs;
  return true;
}

/**
 * A graph without cycles keeps none when no added plane is reached by a link: removing planes
 * only removes edges, and a cycle through an added plane needs an edge into it. Updates the
 * target counts for the splice (they are counted again from scratch when this fails).
 */
function staysAcyclic(graph: Graph, doc: ThreeMdDocument, added: number[][]): boolean {
  if (graph.edges.length) return false;
  const s = doc.splice!;
  const count = (z: number, by: number) => {
    const n = (graph.targeted.get(z) ?? 0) + by;
    if (n) graph.targeted.set(z, n);
    else graph.targeted.delete(z);
  };
  for (let k = 0; k < s.removed; k++) for (const z of graph.targets[s.at + k]!) count(z, -1);
  for (const t of added) for (const z of t) count(z, 1);
  for (let k = 0; k < s.added; k++) {
    if (!graph.targeted.has(doc.planes[s.at + k]!.z)) continue;
    // The counts now describe neither document: nothing may reuse this search.
    graph.seen = [];
    graph.revision = -1;
    return false;
  }
  return true;
}

/**
 * Several edits since the last search (edits are analysed after a pause): the search holds when
 * the z set is the same and every plane that is not the one searched (or a move of it) has the
 * same z and the same dependency targets.
 */
function reuseGraph(graph: Graph, doc: ThreeMdDocument): boolean {
  const planes = doc.planes;
  if (graph.zs !== doc.zs || graph.seen.length !== planes.length) return false;
  for (let i = 0; i < planes.length; i++) {
    const p = planes[i]!;
    const q = graph.seen[i]!;
    if (p === q || (p.origin ?? p) === (q.origin ?? q)) continue;
    const now = dependencies(p);
    const before = graph.targets[i]!;
    if (p.z !== q.z || now.length !== before.length || !now.every((d, k) => d.z === before[k])) return false;
  }
  graph.seen = planes.slice();
  graph.array = planes;
  graph.revision = doc.revision;
  return true;
}

function findBackEdges(planes: Plane[], targets: number[][]): BackEdge[] {
  const index = new Map<number, number>();
  planes.forEach((p, i) => index.set(p.z, i));
  const colour = new Uint8Array(planes.length);
  /** Where each grey plane sits on the stack, so a back edge finds its chain without a search. */
  const depth = new Int32Array(planes.length);
  const edges: BackEdge[] = [];
  for (let root = 0; root < planes.length; root++) {
    if (colour[root]) continue;
    const stack: { at: number; next: number }[] = [{ at: root, next: 0 }];
    colour[root] = 1;
    depth[root] = 0;
    while (stack.length) {
      const top = stack[stack.length - 1]!;
      const deps = targets[top.at]!;
      if (top.next >= deps.length) {
        colour[top.at] = 2;
        stack.pop();
        continue;
      }
      const k = top.next++;
      const target = index.get(deps[k]!);
      if (target === undefined) continue;
      if (colour[target] === 1) {
        edges.push({ source: top.at, dep: k, chain: stack.slice(depth[target]).map((f) => f.at) });
      } else if (colour[target] === 0) {
        colour[target] = 1;
        depth[target] = stack.length;
        stack.push({ at: target, next: 0 });
      }
    }
  }
  return edges;
}

function checkSkill(s: Skill, m: AgentModel, out: Diagnostic[]): void {
  const p = s.plane;
  const sname = p.label ?? `skill-${s.z}`;
  const labelAttr = attributeOf(p, 'label');
  const trig = attributeOf(p, 'triggers');
  if (!(trig?.value ?? '').trim()) {
    const msg = `skill "${p.label ?? `skill-${s.z}`}" has no triggers; it can never be routed to`;
    out.push(diag(AgentRule.triggers, 'warning', msg, trig ? trig.valueRange : (labelAttr?.valueRange ?? planeAnchor(p))));
  }
  const inputs = s.inputs;
  const declared = new Set<string>();
  for (const input of inputs) {
    if (declared.has(input.name)) {
      out.push(diag(AgentRule.dupInput, 'error', `skill "${sname}" declares input "${input.name}" more than once`, input.nameRange));
    }
    declared.add(input.name);
    if (!(INPUT_TYPES as readonly string[]).includes(input.type)) {
      const msg = `input "${input.name}" has unknown type "${input.type}" (use one of: ${INPUT_TYPES.join(', ')})`;
      out.push(diag(AgentRule.inputType, 'error', msg, input.typeSpan?.range ?? input.nameRange, { data: { type: input.type } }));
    }
  }
  const toolAttr = attributeOf(p, 'tool');
  if (toolAttr && !s.tool) {
    out.push(diag(AgentRule.tool, 'warning', `skill "${sname}" has an empty tool binding`, toolAttr.valueRange));
  }
  if (!s.tool) return;
  const used = new Set<string>();
  for (const ph of s.placeholders) {
    used.add(ph.text);
    if (!declared.has(ph.text)) {
      out.push(
        diag(AgentRule.toolInput, 'error', `skill "${sname}" command references {${ph.text}}, which is not a declared input`, ph.range, {
          data: { placeholder: ph.text },
        }),
      );
    }
  }
  for (const input of inputs) {
    if (!used.has(input.name)) {
      out.push(diag(AgentRule.unusedInput, 'warning', `skill "${sname}" declares input "${input.name}" that its command never uses`, input.nameRange));
    }
  }
  const binary = m.tools.length ? s.binary : null;
  if (binary && !m.tools.some((t) => t.text === binary.text)) {
    const toolsField = fieldOf(m.doc, 'tools')!;
    out.push(
      diag(AgentRule.undeclaredTool, 'warning', `skill "${sname}" runs "${binary.text}", which is not in the agent's tools list`, binary.range, {
        related: [{ range: toolsField.valueRange, message: 'the agent\'s tools list' }],
        data: { binary: binary.text },
      }),
    );
  }
}

const KINDS = new Set(['identity', 'skill']);

/** agent3md/1 says `3md: 1.0`; the reference does not check it (docs/rules.md#agent-version). */
function checkVersion(doc: ThreeMdDocument, out: Diagnostic[]): void {
  const v = fieldOf(doc, '3md', true);
  if (v && doc.version && doc.version !== '1.0') {
    out.push(diag(AgentRule.agentVersion, 'information', `agent3md/1 agents are written in 3md 1.0; this file says "${doc.version}"`, v.valueRange));
  }
}

/** Checks for the spec/reference gaps on one plane (docs/rules.md): never errors, so conformance holds. */
function checkPlaneExtras(p: Plane, out: Diagnostic[]): void {
  const kind = attributeOf(p, 'kind');
  if (kind && !KINDS.has(kind.value)) {
    const msg = `kind "${kind.value}" is not an agent3md/1 kind (identity or skill); this plane is read as a skill`;
    out.push(diag(AgentRule.unknownKind, 'hint', msg, kind.valueRange));
  }
  const label = attributeOf(p, 'label');
  if (label && p.label && p.label.trim() && p.label !== p.label.trim()) {
    const msg = `label "${p.label}" has surrounding whitespace: validators read "${p.label.trim()}" but the runtime routes to "${p.label}"`;
    out.push(diag(AgentRule.labelWhitespace, 'warning', msg, label.valueRange));
  }
  for (const l of p.links) {
    if (!/^\d+$/.test(l.targetText)) {
      const msg = `[[z=…]] with a target that is not an unsigned integer is a 3md link but not an agent dependency`;
      out.push(diag(AgentRule.linkNotDependency, 'information', msg, l.targetRange));
    }
  }
}
