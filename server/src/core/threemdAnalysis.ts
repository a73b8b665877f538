/**
 * One entry point for a .3md text: the parse, the agent/plain classification, the agent model
 * and runtime, and every diagnostic of the 3md and agent3md/1 rules.
 */
import { shiftRange, type Diagnostic } from './types';
import { isAgentDocument, type AgentDetection } from './agent/detect';
import { buildAgent, type AgentModel } from './agent/model';
import { findRouteCalls, type RouteCall } from './agent/routeCalls';
import { AgentRule, DANGLING_LINK } from './agent/rules';
import { AgentRuntime } from './agent/runtime';
import { validateAgent } from './agent/validate';
import { PlaneTable } from './planeTable';
import { documentIssues } from './threemd/parser';
import { memoOf, type Plane, type PlaneParts, type ThreeMdDocument } from './threemd/syntax';

export interface ThreeMdOptions {
  /** File name or path, for the `agent.3md` naming rule. */
  fileName?: string;
  detection?: AgentDetection;
}

export interface ThreeMdAnalysis {
  doc: ThreeMdDocument;
  isAgent: boolean;
  model: AgentModel;
  runtime: AgentRuntime;
  diagnostics: Diagnostic[];
}

export function analyzeThreeMd(doc: ThreeMdDocument, options: ThreeMdOptions = {}): ThreeMdAnalysis {
  const isAgent = isAgentDocument(doc, options.fileName, options.detection);
  const model = buildAgent(doc);
  let runtime: AgentRuntime | undefined;
  const runtimeOf = () => (runtime ??= new AgentRuntime(model));
  const diagnostics = isAgent ? [...validateAgent(doc, model), ...routeAssertions(doc, runtimeOf)] : plainDiagnostics(doc);
  return {
    doc,
    isAgent,
    model,
    get runtime() {
      return runtimeOf();
    },
    diagnostics,
  };
}

/** A plain 3md document: grammar errors with the spec's codes, and dangling links as warnings. */
function plainDiagnostics(doc: ThreeMdDocument): Diagnostic[] {
  const out: Diagnostic[] = documentIssues(doc).map((i) => ({ code: i.code, severity: 'error', message: i.message, range: i.range }));
  for (const p of doc.planes) {
    for (const l of p.links) {
      if (l.targetExists) continue;
      out.push({
        code: DANGLING_LINK,
        severity: 'warning',
        message: `link [[z=${l.targetText}]] points to a plane that does not exist`,
        range: l.range,
        data: { target: l.targetZ },
      });
    }
  }
  return out;
}

declare module './threemd/syntax' {
  interface PlaneMemo {
    /** Route calls written in the plane, on its content (`origin ?? plane`), relative to its first line. */
    calls?: { line: number; calls: RouteCall[] };
  }
}

const NO_CALLS: RouteCall[] = [];

function planeRouteCalls(doc: ThreeMdDocument, p: Plane): RouteCall[] {
  const key = p.origin ?? p;
  const first = p.directive ? p.directive.line : p.bodyStartLine;
  const hit = key.memo?.calls;
  if (hit) return hit.calls.length === 0 || hit.line === first ? hit.calls : hit.calls.map((c) => shiftCall(c, first - hit.line));
  const combined = p.parts && combinedRouteCalls(p.parts);
  if (combined) {
    memoOf(key).calls = { line: first, calls: combined };
    return combined;
  }
  // Most planes have no route call at all: one search of the body settles it.
  if (!p.body.includes('route(')) {
    memoOf(key).calls = { line: first, calls: NO_CALLS };
    return NO_CALLS;
  }
  const calls: RouteCall[] = [];
  for (let line = p.bodyStartLine; line < p.endLine; line++) for (const x of findRouteCalls(doc.lines[line]!, line).filter((c) => c.expected)) calls.push(x);
  memoOf(key).calls = { line: first, calls };
  return calls;
}

/** The route calls of a body put together from old planes: theirs, moved (calls are found line by line, and no gap line holds one), when each was looked at before. */
function combinedRouteCalls(parts: PlaneParts): RouteCall[] | undefined {
  if (!parts.plainGaps) return undefined;
  const out: RouteCall[] = [];
  for (let k = 0; k < parts.planes.length; k++) {
    const p = parts.planes[k]!;
    const own = (p.origin ?? p).memo?.calls;
    if (!own) return undefined;
    const first = (p.directive ? p.directive.line : p.bodyStartLine) + parts.moves[k]!;
    for (const c of own.calls) out.push(own.line === first ? c : shiftCall(c, first - own.line));
  }
  return out;
}

function shiftCall(c: RouteCall, n: number): RouteCall {
  return { ...c, range: shiftRange(c.range, n), expected: c.expected && { ...c.expected, range: shiftRange(c.expected.range, n) } };
}

/**
 * The route calls of every plane at the last check of a document and the documents re-parsed from
 * it (keyed by their shared `linkTargets`). A plane's calls depend on its content and lines only.
 */
const lastCalls = new WeakMap<object, PlaneTable<RouteCall[]>>();

/** `route("X") selects Y` written in the document, checked against the live router. */
function routeAssertions(doc: ThreeMdDocument, runtimeOf: () => AgentRuntime): Diagnostic[] {
  const out: Diagnostic[] = [];
  const calls: RouteCall[] = [];
  // The frontmatter and preamble are read each time (they are short); planes through the cache.
  const first = doc.planes[0];
  const before = first ? (first.directive?.line ?? first.bodyStartLine) : doc.lines.length;
  for (let line = 0; line < before; line++) for (const x of findRouteCalls(doc.lines[line]!, line)) calls.push(x);
  const own = (i: number) => planeRouteCalls(doc, doc.planes[i]!);
  const isEmpty = (c: RouteCall[]) => c.length === 0;
  let table = lastCalls.get(doc.linkTargets);
  if (table?.precedes(doc)) table.carry(doc, own, isEmpty);
  else if (!table?.current(doc)) lastCalls.set(doc.linkTargets, (table = PlaneTable.build(doc, own, isEmpty, table)));
  for (const i of table!.nonEmpty) for (const c of table!.values[i]!) calls.push(c);
  {
    for (const call of calls) {
      if (!call.expected) continue;
      const top = runtimeOf().route(call.request)[0];
      if (top?.skill.name === call.expected.name) continue;
      const got = top ? `"${top.skill.name}" (score ${top.score})` : 'no skill';
      out.push({
        code: AgentRule.routeAssertion,
        severity: 'warning',
        message: `route("${call.request}") selects ${got}, not "${call.expected.name}"`,
        range: call.expected.range,
      });
    }
  }
  return out;
}
