/**
 * One entry point for a .3md text: the parse, the agent/plain classification, the agent model
 * and runtime, and every diagnostic of the 3md and agent3md/1 rules.
 */
import type { Diagnostic } from './types';
import { isAgentDocument, type AgentDetection } from './agent/detect';
import { buildAgent, type AgentModel } from './agent/model';
import { findRouteCalls } from './agent/routeCalls';
import { AgentRule, DANGLING_LINK } from './agent/rules';
import { AgentRuntime } from './agent/runtime';
import { validateAgent } from './agent/validate';
import { documentIssues } from './threemd/parser';
import type { ThreeMdDocument } from './threemd/syntax';

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
  const runtime = new AgentRuntime(model);
  const diagnostics = isAgent ? [...validateAgent(doc, model), ...routeAssertions(doc, runtime)] : plainDiagnostics(doc);
  return { doc, isAgent, model, runtime, diagnostics };
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

/** `route("X") selects Y` written in the document, checked against the live router. */
function routeAssertions(doc: ThreeMdDocument, runtime: AgentRuntime): Diagnostic[] {
  const out: Diagnostic[] = [];
  doc.lines.forEach((text, line) => {
    for (const call of findRouteCalls(text, line)) {
      if (!call.expected) continue;
      const top = runtime.route(call.request)[0];
      if (top?.skill.name === call.expected.name) continue;
      const got = top ? `"${top.skill.name}" (score ${top.score})` : 'no skill';
      out.push({
        code: AgentRule.routeAssertion,
        severity: 'warning',
        message: `route("${call.request}") selects ${got}, not "${call.expected.name}"`,
        range: call.expected.range,
      });
    }
  });
  return out;
}
