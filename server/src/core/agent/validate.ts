/**
 * agent3md/1 conformance: every rule of the reference validator, in its order, with its
 * messages, on the narrowest range. Runs on the recovered document even when 3md errors exist.
 */
import { lintTool } from './toolLint';
import { lineRange, shiftRange, type Diagnostic, type Range, type Severity } from '../types';
import { memoOf, type Plane, type ThreeMdDocument } from '../threemd/syntax';
import { attributeOf, buildAgent, dependencies, fieldOf, INPUT_TYPES, previousIdentities, rolesKept, skillOf, type AgentModel, type Skill } from './model';
import { AgentRule } from './rules';
import { PlaneTable, splicedIndexes } from '../planeTable';
import { dependencyGraph, type DependencyGraph } from './dependencyGraph';
import { CYCLE_SHOWN } from './cycles';

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

/**
 * Each strongly connected component with a cycle (agent/dependencyGraph.ts) is reported once, on
 * the link that closes its first cycle, with a bounded list of its planes as related information:
 * the cycle's steps (at most `CYCLE_SHOWN`), then how many steps are left, then the component's
 * other planes (at most `CYCLE_SHOWN` named).
 */
function checkCycles(m: AgentModel, out: Diagnostic[]): DependencyGraph {
  const planes = m.doc.planes;
  const graph = dependencyGraph(m.doc);
  for (const e of graph.edges) {
    const chain = e.chain.map((i) => planes[i]!);
    const dep = dependencies(planes[e.source]!)[e.dep]!;
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
      const named = e.others.map((i) => `z=${planes[i]!.z}`).join(', ');
      const rest = more > e.others.length ? ` and ${more - e.others.length} more` : '';
      related.push({
        range: planeAnchor(planes[e.others[0]!]!),
        message: `${more} more plane${more === 1 ? '' : 's'} in a cycle with these (each reaches every other): ${named}${rest}`,
      });
    }
    out.push(diag(AgentRule.cycle, 'error', `dependency cycle detected (involving plane z=${dep.z})`, dep.range, { related }));
  }
  return graph;
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
        related: [{ range: toolsField.valueRange, message: "the agent's tools list" }],
        data: { binary: binary.text },
      }),
    );
  }
  lintTool(s, s.plane, out);
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
