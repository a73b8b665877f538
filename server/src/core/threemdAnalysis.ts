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
import { documentIssues } from './threemd/parser';
import type { PlaneSource } from './threemd/plane';
import { type ThreeMdDocument } from './threemd/document';

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

declare module './threemd/plane' {
  interface SourceMemo {
    /** Route calls with an expectation written in the plane (its directive and body), at its own line numbers. */
    calls?: RouteCall[];
  }
}

const NO_CALLS: RouteCall[] = [];

/** The route calls with an expectation in a plane's lines, at the plane's own line numbers (the directive on line 0), once per source. */
function ownRouteCalls(source: PlaneSource): RouteCall[] {
  const memo = (source.memo ??= {});
  if (memo.calls) return memo.calls;
  const calls: RouteCall[] = [];
  source.segments.forEach((seg, k) => {
    // Most segments have no route call at all: one search of their text settles it.
    if (!seg.text.includes('route(')) return;
    const base = source.offsets[k]!;
    for (let i = k === 0 ? 1 : 0; i < seg.lineCount; i++) for (const x of findRouteCalls(seg.lines[i]!, base + i)) if (x.expected) calls.push(x);
  });
  return (memo.calls = calls.length ? calls : NO_CALLS);
}

function shiftCall(c: RouteCall, n: number): RouteCall {
  return { ...c, range: shiftRange(c.range, n), expected: c.expected && { ...c.expected, range: shiftRange(c.expected.range, n) } };
}

/** `route("X") selects Y` written in the document, checked against the live router. */
function routeAssertions(doc: ThreeMdDocument, runtimeOf: () => AgentRuntime): Diagnostic[] {
  const out: Diagnostic[] = [];
  const calls: RouteCall[] = [];
  // The frontmatter and preamble are read each time (they are short); planes from their sources.
  const first = doc.planes[0];
  const before = first ? (first.directive?.line ?? first.bodyStartLine) : doc.lineCount;
  for (let line = 0; line < before; line++) for (const x of findRouteCalls(doc.line(line)!, line)) calls.push(x);
  for (const p of doc.planes) {
    if (!p.directive) {
      for (let line = p.bodyStartLine; line < p.endLine; line++) for (const x of findRouteCalls(doc.line(line)!, line)) if (x.expected) calls.push(x);
      continue;
    }
    const own = ownRouteCalls(p.source);
    for (const c of own) calls.push(p.line ? shiftCall(c, p.line) : c);
  }
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
  return out;
}
